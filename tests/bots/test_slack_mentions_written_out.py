"""Slack messages whose mention of ERA or whose escapes come written out in the text, over the
real endpoint: the Azure Bot Service connector may pass a mention of ERA on as text alone
("@ERA who works tomorrow?", or Slack's raw `<@U…>`), with no mention entity; and Slack escapes
"&", "<" and ">" once, so "&amp;lt;" is a "&lt;" the person typed."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from tests.http_harness import RunningApp, client_for
from tools.local_connector import BotClient, LocalConnector, render_activity

CHANNEL = "B0ERA:T456:C0STORE"
DIRECT = "B0ERA:T456:D0MARIA"
ERA_USER = "U0ERA"
_SENT = itertools.count(1000)


def _texts(activities: list[dict[str, Any]]) -> str:
    return "\n".join(render_activity(a)[0] for a in activities)


def _member(app: RunningApp, connector: LocalConnector, person: str, *,
            conversation: str = CHANNEL, locale: str | None = None) -> BotClient:
    return client_for(app, connector, person, channel_id="slack", locale=locale,
                      conversation_id=conversation)


def _slack(client: BotClient, text: str, *, envelope: bool = True) -> dict[str, Any]:
    """A message as the connector passes it on, with no mention entity: Slack's raw text in the
    event and as the activity's text; the envelope naming ERA's bot user when `envelope`."""
    channel = client.conversation_id.split(":")[2]
    kind = "channel" if channel.startswith("C") else "im"
    slack: dict[str, Any] = {
        "type": "event_callback",
        "event": {"type": "message", "channel": channel, "channel_type": kind,
                  "user": "U0PERSON", "text": text, "ts": f"1700000000.{next(_SENT):06d}"},
    }
    if envelope:
        slack["authorizations"] = [{"user_id": ERA_USER, "is_bot": True}]
    return client.activity(text=text, recipient={"id": "B0ERA:T456", "name": "ERA"},
                           conversation={"id": client.conversation_id,
                                         "isGroup": kind == "channel"},
                           channelData={"SlackMessage": slack})


async def _posted(client: BotClient, activity: dict[str, Any]) -> str:
    before = len(client.connector.received)
    assert await client.post(activity) < 300
    return _texts([a for a in client.connector.received[before:] if a.get("type") == "message"])


@pytest.mark.parametrize(("locale", "text", "envelope", "answer"), [
    ("en-US", "@ERA who is working tomorrow?", False, "working"),
    ("en-US", "hey @ERA, what can you do?", False, "I can"),
    ("fr-FR", "@ERA qui travaille demain ?", False, "travaill"),
    ("de-DE", "<@U7ABC|ERA> wer arbeitet morgen?", False, "arbeite"),
    ("es-ES", f"<@{ERA_USER}> ¿quién trabaja mañana?", True, "trabaj"),
])
async def test_a_mention_of_era_written_out_in_a_slack_channel_is_answered(
    app: RunningApp, connector: LocalConnector, locale: str, text: str, envelope: bool,
    answer: str,
) -> None:
    """The finding: "@ERA who is working tomorrow?" with no mention entity was taken for
    colleagues' talk and got no answer at all."""
    private = _member(app, connector, "maria", conversation=DIRECT, locale=locale)
    assert await _posted(private, _slack(private, "hi"))
    maria = _member(app, connector, "maria", locale=locale)
    said = await _posted(maria, _slack(maria, text, envelope=envelope))
    assert answer in said, said
    assert "@ERA" not in said and "U7ABC" not in said


@pytest.mark.parametrize("where", [DIRECT, CHANNEL])
async def test_escapes_typed_in_slack_are_read_once(
    app: RunningApp, connector: LocalConnector, where: str
) -> None:
    """The finding: Maria typed "the 3 &lt; 5 rule" (Slack sends "&amp;lt;"); her email's
    subject read "The 3 < 5 rule": the text was unescaped as Slack's, then again as HTML (and
    a request moved from the channel to her private chat, a third time)."""
    private = _member(app, connector, "maria", conversation=DIRECT)
    assert await _posted(private, _slack(private, "hi"))
    maria = _member(app, connector, "maria", conversation=where)
    mention = "@ERA " if where == CHANNEL else ""
    said = await _posted(maria, _slack(
        maria, f"{mention}email bob smith about the 3 &amp;lt; 5 &lt;b&gt; rule &amp;amp; more"))
    # As Slack is sent it: its markup characters escaped, so that it shows what she typed.
    assert "Subject: The 3 &lt; 5 &lt;b&gt; rule &amp; more" in said, said


@pytest.mark.parametrize(("person", "locale", "text", "answer"), [
    ("maria", "en-US", f"<@{ERA_USER}> <@U0ALICE> can you take tuesday",
     "That message is addressed to someone else"),
    ("maria", "fr-FR", f"<@{ERA_USER}> <@U0ALICE> tu peux prendre mardi",
     "Ce message s'adresse à quelqu'un d'autre"),
    ("bob-smith", "en-US", f"<@{ERA_USER}> <@U0MARIA|maria> ok I'll take it",
     "That message is addressed to maria"),
])
async def test_words_to_a_colleague_referenced_first_in_slack_are_left_to_them(
    app: RunningApp, connector: LocalConnector, person: str, locale: str, text: str,
    answer: str,
) -> None:
    """The finding: in the store's Slack channel Maria wrote "@ERA @Alice can you take
    tuesday" (Slack's raw references, no mention entities): it went to her private chat as a
    situation to advise on ("can you tell me a little more: what happened"); Bob's "@ERA
    @Maria ok I'll take it" got "Nothing is waiting for your answer"."""
    private = _member(app, connector, person, conversation=f"B0ERA:T456:D0{person.upper()}",
                      locale=locale)
    assert await _posted(private, _slack(private, "hi"))
    member = _member(app, connector, person, locale=locale)
    said = await _posted(member, _slack(member, text))
    assert answer in said, said
    assert "private chat" not in said and "conversation privée" not in said


@pytest.mark.parametrize(("where", "locale", "typed", "quoted"), [
    (DIRECT, "en-US", "running 10 late &lt;!here&gt; &amp; traffic",
     "running 10 late &lt;!here&gt; & traffic"),
    (CHANNEL, "fr-FR", "@ERA je serai en retard &lt;!channel&gt;",
     "je serai en retard &lt;!channel&gt;"),
])
async def test_words_quoted_back_to_slack_are_escaped(
    app: RunningApp, connector: LocalConnector, where: str, locale: str, typed: str,
    quoted: str,
) -> None:
    """The finding: Bob's "running 10 late <!here> & traffic" was quoted back as "I'll pass on
    your words: "running 10 late <!here> & traffic"", which Slack reads as an @here to everyone
    in the channel. What ERA sends on Slack has "<" and ">" escaped, as Slack asks."""
    private = _member(app, connector, "bob-smith", conversation="B0ERA:T456:D0BOB",
                      locale=locale)
    assert await _posted(private, _slack(private, "hi"))
    bob = _member(app, connector, "bob-smith", conversation=where, locale=locale)
    said = await _posted(bob, _slack(bob, typed))
    assert quoted in said, said
    assert "<!" not in said

