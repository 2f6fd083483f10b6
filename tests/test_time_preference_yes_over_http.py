"""A bare "yes" at "Do you have a preferred time?", over the real `/api/messages` endpoint.
The finding: "yup", "jawohl", "oui" and "はい、お願いします" got "Please answer in a few words:
Do you have a preferred time?", which they had done, and which never said what ERA takes."""

from __future__ import annotations

import pytest

from tests.http_harness import RunningApp, client_for
from tools.local_connector import LocalConnector, render_activity


def _text(replies: list[dict[str, object]]) -> str:
    return "\n".join(render_activity(a)[0] for a in replies)


@pytest.mark.parametrize(("locale", "request_text", "yes", "asked"), [
    ("en-US", "book a meeting", "yup", "Which day or time would suit you?"),
    ("fr-FR", "réserve une réunion", "oui", "Quel jour ou quelle heure vous conviendrait ?"),
    ("de-DE", "buche ein Gespräch mit alice", "jawohl",
     "Welcher Tag oder welche Uhrzeit passt Ihnen?"),
    ("ja-JP", "ミーティングを予約して", "はい、お願いします", "ご都合のよい日や時間はいつですか？"),
])
async def test_a_yes_at_the_time_preference_asks_which_day_or_time(
    app: RunningApp, connector: LocalConnector, locale: str, request_text: str, yes: str,
    asked: str,
) -> None:
    maria = client_for(app, connector, "maria", locale=locale)
    await maria.say(request_text)
    said = _text(await maria.say(yes))
    assert said.startswith(asked), said
    assert "Please answer in a few words" not in said


async def test_after_the_yes_a_day_lists_free_times_and_nothing_is_booked(
    app: RunningApp, connector: LocalConnector
) -> None:
    maria = client_for(app, connector, "maria")
    await maria.say("book a meeting")
    assert '"any time"' in _text(await maria.say("yes pls"))
    listed = _text(await maria.say("tuesday morning"))
    assert "Which one suits you?" in listed and "booked" not in listed.lower()
