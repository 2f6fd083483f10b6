"""An email pasted under a request is not the request: "can you book a meeting with alice
about this one on thursday?" above a forwarded email offered times on Mon 16 Nov (the header's
date) at 21:12 (its time) with Bob Smith (its sender) as a second person to meet."""

from __future__ import annotations

from typing import Any

import pytest

from core.forwarded_message import without_forwarded
from tests.http_harness import RunningApp, client_for
from tools.local_connector import LocalConnector, render_activity

GMAIL = ("---------- Forwarded message ---------\n"
         "From: Bob Smith <bob.smith@contoso.com>\n"
         "Date: Mon, 16 Nov 2026 at 09:12\n"
         "Subject: My shift\n"
         "To: Maria Lopez <maria@contoso.com>\n\n"
         "Hi Maria, I can't make it on Friday, sorry.")


def _text(activities: list[dict[str, Any]]) -> str:
    return "\n".join(render_activity(activity)[0] for activity in activities)


def _buttons(activities: list[dict[str, Any]]) -> list[str]:
    return [title for activity in activities for title, _ in render_activity(activity)[1]]


async def test_the_days_offered_are_the_ones_asked_for_above_a_forwarded_email(
    app: RunningApp, connector: LocalConnector
) -> None:
    client = client_for(app, connector, "maria")
    offered = await client.say(
        f"can you book a meeting with alice about this one on thursday?\n\n{GMAIL}")
    times = [title for title in _buttons(offered) if title[:1].isdigit()]
    assert times and all("Thu 26 Nov" in title for title in times), _text(offered)
    assert "Bob" not in _text(offered) and "16 Nov" not in _text(offered)


@pytest.mark.parametrize(("text", "own"), [
    (f"can you book a meeting with alice on thursday?\n\n{GMAIL}",
     "can you book a meeting with alice on thursday?"),
    ("what should I do?\n-----Original Message-----\nFrom: Bob Smith\n"
     "Sent: Monday, November 16, 2026 9:12 AM\nTo: Maria Lopez\nSubject: shift\n\nhi",
     "what should I do?"),
    ("réunion avec alice jeudi\n\nDébut du message réexpédié :\n\nDe : Bob <bob@x.com>\n"
     "Objet : Mon poste\nDate : 16 novembre 2026 à 09:12", "réunion avec alice jeudi"),
    ("Termin mit Alice Donnerstag\n---------- Weitergeleitete Nachricht ---------\n"
     "Von: **Bob Smith** <bob@x.com>\nDate: Mo., 16. Nov. 2026 um 09:12 Uhr\nSubject: Schicht",
     "Termin mit Alice Donnerstag"),
    ("アリスと木曜に会議\n---------- Forwarded message ---------\n差出人: Bob <bob@x.com>\n"
     "日付: 2026年11月16日(月) 9:12\n件名: シフト", "アリスと木曜に会議"),
])
def test_the_own_words_above_a_pasted_email_are_the_request(text: str, own: str) -> None:
    assert without_forwarded(text) == own


@pytest.mark.parametrize("text", [
    GMAIL,  # nothing above it: the email is what there is to read
    "email bob\nplease write:\nsubject: late\nbody: you were late",
    "book alice on friday\n---\nnotes: bring the file\nplace: room 2",
    "send this to bob\n--\nMaria Lopez\nStore manager",
])
def test_other_messages_are_read_whole(text: str) -> None:
    assert without_forwarded(text) == text
