"""A Slack channel as the Azure Bot Service connector delivers it, over the real endpoint: every
message of the channels ERA is in arrives (`message.channels`), a message naming ERA may arrive
twice (as that message and as Slack's `app_mention` event), and other apps' messages and ERA's
own come back too. ERA answers only what is said to it: an @mention anywhere in the message, or
the person's answer to a question ERA asked them there; people talking to each other, another
bot, a file shared with the team get nothing."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

from language.catalogue import say
from state.person_erasure import PersonErasure
from state.sqlite_storage import SqliteStorage
from tests.http_harness import RunningApp, client_for
from tools.local_connector import BotClient, LocalConnector, render_activity

CHANNEL = "B0ERA:T456:C0STORE"
THREAD = f"{CHANNEL}:1700000000.000100"
ERA_USER = "U0ERA"


def _texts(activities: list[dict[str, Any]]) -> str:
    return "\n".join(render_activity(a)[0] for a in activities)


def _member(app: RunningApp, connector: LocalConnector, person: str, *,
            conversation: str = CHANNEL, locale: str | None = None) -> BotClient:
    return client_for(app, connector, person, channel_id="slack", locale=locale,
                      conversation_id=conversation)


_SENT = itertools.count(1000)


def _slack(client: BotClient, text: str, *, kind: str = "message", ts: str | None = None,
           **event: Any) -> dict[str, Any]:
    """A message as the connector passes it on: Slack's raw text in the event, the text as
    typed (a raw `<@U…>` of ERA left in it), the envelope naming ERA's bot user; each message
    its own timestamp unless `ts` says."""
    channel = client.conversation_id.split(":")[2]
    ts = ts or f"1700000000.{next(_SENT):06d}"
    return client.activity(
        text=text,
        recipient={"id": "B0ERA:T456", "name": "era"},
        conversation={"id": client.conversation_id, "isGroup": True},
        channelData={"SlackMessage": {
            "type": "event_callback",
            "authorizations": [{"user_id": ERA_USER, "is_bot": True}],
            "event": {"type": kind, "channel": channel, "channel_type": "channel",
                      "user": "U0PERSON", "text": text, "ts": ts, **event},
        }},
    )


async def _posted(client: BotClient, activity: dict[str, Any]) -> list[dict[str, Any]]:
    before = len(client.connector.received)
    assert await client.post(activity) < 300
    return [a for a in client.connector.received[before:] if a.get("type") == "message"]


async def test_colleagues_talking_in_a_slack_channel_get_no_answer(
    app: RunningApp, connector: LocalConnector
) -> None:
    """The finding: every message of the channel was answered: Maria's "on se voit demain ?"
    to a colleague was moved to her private chat, Bob's "yes" to her got "Nothing is waiting
    for your answer", a file shared with the team got "I can't open files"."""
    maria, bob = _member(app, connector, "maria", locale="fr-FR"), _member(app, connector,
                                                                          "bob-smith")
    assert await _posted(maria, _slack(maria, "on se voit demain ?")) == []
    assert await _posted(bob, _slack(bob, "yes")) == []
    assert await _posted(bob, _slack(bob, "<@U0MARIA> can you swap with me?")) == []
    shared_file = _slack(bob, "", subtype="file_share")
    shared_file["attachments"] = [{"contentType": "application/pdf", "contentUrl": "https://x"}]
    assert await _posted(bob, shared_file) == []


async def test_a_slack_mention_anywhere_in_the_message_is_answered(
    app: RunningApp, connector: LocalConnector
) -> None:
    bob = _member(app, connector, "bob-smith")
    said = _texts(await _posted(bob, _slack(bob, f"hey <@{ERA_USER}> what can you do?")))
    assert said and "U0ERA" not in said and "not sure" not in said
    # Slack's own mention event, alone (an app that subscribes to `app_mention` only).
    said = _texts(await _posted(bob, _slack(bob, f"<@{ERA_USER}|era> thanks", kind="app_mention",
                                            ts="1700000000.000300")))
    assert said and "U0ERA" not in said
    # "@ERA" and nothing else: the mention is no request, and no error either.
    assert await _posted(bob, _slack(bob, f"<@{ERA_USER}>", ts="1700000000.000400"))



async def test_a_help_card_button_pressed_in_a_slack_channel_is_served(
    app: RunningApp, connector: LocalConnector
) -> None:
    """Slack posts a button's reply as the person's own message, with no @mention: pressing an
    example on the help card ERA showed in the channel must still reach it."""
    bob = _member(app, connector, "bob-smith")
    help_card = await bob.say("help")
    buttons = [b for a in help_card for att in a.get("attachments") or ()
               for b in (att.get("content") or {}).get("buttons") or ()]
    example = next(b["value"] for b in buttons if b["value"].startswith("Cancel my shift"))
    said = _texts(await _posted(bob, _slack(bob, example, ts="1700000000.000500")))
    assert said and "not sure" not in said


async def test_a_bots_message_in_a_slack_channel_is_never_answered(
    app: RunningApp, connector: LocalConnector
) -> None:
    """Another app's post (`bot_id`, the `bot_message` subtype) and ERA's own, echoed back, even
    when they name ERA: two bots answering each other never stop."""
    bob = _member(app, connector, "bob-smith")
    other_bot = _slack(bob, f"<@{ERA_USER}> daily standup reminder", bot_id="B0OTHER")
    assert await _posted(bob, other_bot) == []
    legacy = _slack(bob, f"<@{ERA_USER}> build passed", subtype="bot_message",
                    ts="1700000000.000600")
    assert await _posted(bob, legacy) == []
    echoed = _slack(bob, f"<@{ERA_USER}> hello", ts="1700000000.000700")
    echoed["from"] = {"id": "B0ERA:T456", "name": "era"}
    assert await _posted(bob, echoed) == []


async def test_a_mention_slack_sends_twice_is_answered_once(
    app: RunningApp, connector: LocalConnector
) -> None:
    """With both `message.channels` and `app_mention` subscribed, Slack sends a message naming
    ERA as two events, which the connector passes on as two activities: Bob's "thanks" was
    answered twice, and a request would be carried out twice."""
    bob = _member(app, connector, "bob-smith", locale="es-ES")
    text = f"<@{ERA_USER}> gracias"
    assert await _posted(bob, _slack(bob, text, ts="1700000000.000800"))
    assert await _posted(bob, _slack(bob, text, kind="app_mention", ts="1700000000.000800")) == []
    # The next message, said the same way, is a new one.
    assert await _posted(bob, _slack(bob, text, kind="app_mention", ts="1700000000.000900"))


def _replies(activities: list[dict[str, Any]]) -> list[str]:
    """The replies of the Slack buttons among `activities`."""
    return [b["value"] for a in activities for att in a.get("attachments") or ()
            for b in (att.get("content") or {}).get("buttons") or ()]


async def test_a_colleagues_help_card_button_in_a_slack_channel_is_theirs_alone(
    app: RunningApp, connector: LocalConnector
) -> None:
    """The finding: a Slack button carries no value, so nothing said whom Maria's help card in
    the channel was for: Alice's press of "My employee didn't show up for 3 days" and
    Daniel's of "Who is working tomorrow?" were served as their own requests (in Teams, the
    same presses were told the card was Maria's). Each is now told whose button it is, in
    their language; Maria's own press is still served."""
    maria = _member(app, connector, "maria", locale="en-US")
    alice = _member(app, connector, "alice", locale="it-IT")
    daniel = _member(app, connector, "daniel", locale="de-DE")
    buttons = _replies(await _posted(maria, _slack(maria, f"<@{ERA_USER}> help")))
    no_show = next(b for b in buttons if b.startswith("My employee didn't show up"))
    working = next(b for b in buttons if b.startswith("Who is working tomorrow?"))

    said = _texts(await _posted(alice, _slack(alice, no_show)))
    assert said == "Alice: " + say("bot.other_persons_button", "it", whose="Maria")
    said = _texts(await _posted(daniel, _slack(daniel, working)))
    assert said == "Daniel: " + say("bot.other_persons_button", "de", whose="Maria")
    # Nothing was started for them: their "1" in the channel answers nothing of theirs.
    assert "Maria" not in _texts(await _posted(alice, _slack(alice, f"<@{ERA_USER}> aiuto")))

    said = _texts(await _posted(maria, _slack(maria, working)))
    assert said.startswith("Maria: ") and "That button" not in said


async def test_a_slack_card_whose_owner_was_erased_is_nobodys_to_press(
    app: RunningApp, connector: LocalConnector, tmp_path: Path
) -> None:
    """Maria's help card in the channel leaves a note of whose it is, kept among her data:
    erasing her data erases it, and a colleague's press is then told the button is someone
    else's, with no name, in words made for that (Polish had "innej osoby (ktoś inny)")."""
    maria = _member(app, connector, "maria", locale="en-US")
    buttons = _replies(await _posted(maria, _slack(maria, f"<@{ERA_USER}> help")))
    storage = await SqliteStorage.create(tmp_path / "state.sqlite3")
    try:
        report = await PersonErasure(storage).erase("maria")
    finally:
        await storage.close()
    assert [d for d in report.state_documents if d.startswith("person-state/card-owner/")]
    for person, locale in (("bob-smith", "es-ES"), ("alice", "pl-PL")):
        colleague = _member(app, connector, person, locale=locale)
        said = _texts(await _posted(colleague, _slack(colleague, buttons[1])))
        language = locale[:2]
        assert said.split(" ", 1)[1] == say("bot.other_persons_button_unnamed", language), said
        # Polish said "prośby innej osoby (ktoś inny)", around a name it did not have.
        assert "(" not in said
