"""Understanding over the real endpoint (/api/messages over HTTP, replies to a local connector):
a request with typos, a clarifying question answered with a card button, a question asked in the
middle of a flow, a free-word decline, and a request in Japanese. The checks look at the options
offered and at what the next answer does, not at English wording."""

from __future__ import annotations

from typing import Any

from tests.http_harness import RunningApp, client_for
from tools.local_connector import LocalConnector, render_activity


def _buttons(activities: list[dict[str, Any]]) -> list[str]:
    return [value for activity in activities for _, value in render_activity(activity)[1]]


async def test_a_typo_starts_the_shift_cancellation(
    app: RunningApp, connector: LocalConnector
) -> None:
    client = client_for(app, connector, "bob-smith")
    listed = await client.say("i need to cancle one of my shfits")
    assert _buttons(listed)[:6] == ["1", "2", "3", "4", "5", "6"]
    asked = await client.press("2")
    assert _buttons(asked) == []  # the free-text reason question


async def test_a_clarifying_question_is_answered_with_a_button(
    app: RunningApp, connector: LocalConnector
) -> None:
    client = client_for(app, connector, "bob-smith")
    asked = await client.say("cancel my shift meeting tomorrow")
    choices = [button for activity in asked for button in render_activity(activity)[1]]
    assert len(choices) == 2
    shift = next(value for title, value in choices if "shift" in title)
    assert shift.isdigit()  # a press sends the option's number, in any language
    found = await client.press(shift)
    # The request keeps its words: tomorrow's one shift, and the reason asked in free text.
    assert "I found your shift" in render_activity(found[0])[0]
    assert _buttons(found) == []


async def test_a_question_mid_flow_is_served_and_the_flow_offered_back(
    app: RunningApp, connector: LocalConnector
) -> None:
    client = client_for(app, connector, "bob-smith")
    await client.say("cancel one of my shifts")
    served = await client.say("who is my manager?")
    assert len(served) == 2 and _buttons(served) == ["yes", "no"]
    assert "Maria Lopez" in render_activity(served[0])[0]
    resumed = await client.say("yes")
    assert _buttons(resumed)[:6] == ["1", "2", "3", "4", "5", "6"]


async def test_a_free_word_decline_ends_the_offered_call(
    app: RunningApp, connector: LocalConnector
) -> None:
    client = client_for(app, connector, "maria")
    await client.say("book a call")
    declined = await client.say("no thanks, I'll ring him myself")
    assert not any("ring him myself" in render_activity(m)[0] for m in declined)
    after = await client.say("Alice Martin")
    # The call flow is over: a bare name is no answer to "who?", so no free slots are offered.
    assert "1" not in _buttons(after)


async def test_a_shift_cancellation_in_japanese(
    app: RunningApp, connector: LocalConnector
) -> None:
    manager = client_for(app, connector, "maria")
    await manager.say("hi")
    client = client_for(app, connector, "bob-smith", locale="ja-JP")
    asked = await client.say("明日のシフトをキャンセルしたい")
    assert asked and _buttons(asked) == []  # one shift tomorrow: straight to the reason
    await client.say("子供が病気です")
    told = "\n".join(render_activity(m)[0] for m in connector.messages(manager.conversation_id))
    assert "子供が病気です" in told  # the manager got the cancellation with its reason


async def test_same_for_alice_at_an_assign_preview_waits_for_each_yes(
    app: RunningApp, connector: LocalConnector
) -> None:
    """"pareil pour alice" at Bob's preview: Bob's is applied on its own yes, then Alice's is
    asked about, never applied with Bob's."""
    client = client_for(app, connector, "maria", locale="fr-FR")
    preview = await client.say("assigne bob jones mercredi matin comme vendeur")
    assert "yes" in _buttons(preview)
    noted = "\n".join(render_activity(m)[0] for m in await client.say("pareil pour alice"))
    assert "Alice Martin" in noted and "Bob Jones" in noted
    after = "\n".join(render_activity(m)[0] for m in await client.say("oui"))
    assert after.index("Bob Jones") < after.index("Alice Martin"), after
    assert "mer. 25 nov." in after.split("Alice Martin", 1)[1]


async def test_email_everyone_in_japanese_asks_what_the_team_email_is_about(
    app: RunningApp, connector: LocalConnector
) -> None:
    """"全員にメールして" (email everyone) is one email to the whole store (e752379f): ERA
    asks what it is about, naming them all, in Japanese; nothing is sent before a draft."""
    client = client_for(app, connector, "maria", locale="ja-JP")
    said = "\n".join(render_activity(m)[0] for m in await client.say("全員にメールして"))
    assert "Alice" in said and "Yuki" in said and "メールの内容" in said, said
