"""Whom a reply in a shared conversation is addressed to, when the reply already has a name in
it: only a name that calls the person (at the start of the reply) addresses them."""

from __future__ import annotations

import pytest
from botbuilder.schema import Activity, ActivityTypes, ChannelAccount

from bots.shared_reply_address import _mention, _name_in_front
from core.person import Person, PersonRole

CHEN = Person(id="chen", name="Chen Wei", email="chen@contoso.example",
              role=PersonRole.MANAGER, store_id="riverside")
HELP = "I can:\n- remove someone from a shift (try \"Remove Chen from Thursday's shift\")"


@pytest.mark.parametrize(("text", "expected"), [
    ("Bye Chen, have a good day!", "Bye Chen, have a good day!"),
    (HELP, f"Chen: {HELP}"),
    ("Chen Wei has no shifts this week.", "Chen: Chen Wei has no shifts this week."),
])
def test_on_slack_a_name_further_on_or_someone_s_full_name_is_no_address(
    text: str, expected: str
) -> None:
    activity = Activity(type=ActivityTypes.message, text=text)
    assert _name_in_front(activity, CHEN, "en")
    assert activity.text == expected


def test_in_teams_the_mention_goes_in_front_when_the_name_is_not_an_address() -> None:
    activity = Activity(type=ActivityTypes.message, text=HELP)
    assert _mention(activity, ChannelAccount(id="29:chen", name="Chen Wei"), CHEN)
    assert activity.text == f"<at>Chen Wei</at> {HELP}"
