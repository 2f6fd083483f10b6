"""Slack's raw user references over the real endpoint, as the Azure Bot Service connector may
pass them on: a message that opens with "<@U…>" and no mention entity, no bot user of ERA's in
the envelope (so no way to know ERA's own id), and a colleague referenced inside a request
("assign <@U0ALICE> to friday"), which Slack sends as the id alone."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from services.org_database import OrgDatabase
from tests.conftest import FIXED_NOW, fixed_clock
from tests.http_harness import RunningApp, client_for, seed, start_app
from tools.local_connector import BotClient, LocalConnector, render_activity

CHANNEL = "B0ERA:T456:C0STORE"
ERA_USER = "U0ERA"
_SENT = itertools.count(1000)


@pytest.fixture
async def slack_app(tmp_path: Path) -> AsyncIterator[RunningApp]:
    """The demo organisation where the directory knows Alice's and Fatima's Slack
    accounts as the connector writes a sender ("U0ALICE:T456")."""
    await seed(tmp_path, FIXED_NOW)
    db = await OrgDatabase.open(tmp_path / "org.sqlite3")
    for person, slack_id in (("alice", "U0ALICE:T456"), ("fatima", "U0FATIMA:T456")):
        await db.execute("UPDATE people SET channel_user_id = ? WHERE id = ?",
                         (slack_id, person))
    await db.close()
    running = await start_app(tmp_path, fixed_clock)
    yield running
    await running.stop()


def _member(app: RunningApp, connector: LocalConnector, person: str, *,
            conversation: str = CHANNEL, locale: str = "en-US") -> BotClient:
    return client_for(app, connector, person, channel_id="slack", locale=locale,
                      conversation_id=conversation)


def _slack(client: BotClient, text: str, *, envelope: bool) -> dict[str, Any]:
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


async def _said(client: BotClient, text: str, *, envelope: bool = False) -> str:
    before = len(client.connector.received)
    assert await client.post(_slack(client, text, envelope=envelope)) < 300
    return "\n".join(render_activity(a)[0] for a in client.connector.received[before:]
                     if a.get("type") == "message")


async def _opened(app: RunningApp, connector: LocalConnector, person: str,
                  locale: str) -> None:
    private = _member(app, connector, person, conversation=f"B0ERA:T456:D0{person.upper()}",
                      locale=locale)
    assert await _said(private, "hi")


@pytest.mark.parametrize(("locale", "text", "answer"), [
    ("en-US", "<@U0123ABC> who is working tomorrow", "working"),
    ("fr-FR", "<@U0123ABC> qui travaille demain ?", "travaill"),
    ("de-DE", "<@U0123ABC>, wer arbeitet morgen?", "arbeite"),
    ("es-ES", "<@U0123ABC> ayuda", "Puedo"),
])
async def test_a_request_opening_with_an_unknown_raw_reference_is_answered(
    slack_app: RunningApp, connector: LocalConnector, locale: str, text: str, answer: str,
) -> None:
    """The finding: "<@U0123ABC> who is working tomorrow", with no mention entity and no bot
    user in the envelope, got no answer at all."""
    await _opened(slack_app, connector, "maria", locale)
    maria = _member(slack_app, connector, "maria", locale=locale)
    said = await _said(maria, text)
    assert answer in said, said
    assert "U0123ABC" not in said


@pytest.mark.parametrize(("person", "locale", "text", "answer"), [
    ("bob-smith", "en-US", "<@U0123ABC> cant come in tmrw sry", "reason"),
    ("bob-smith", "pl-PL", "<@U0123ABC> nie mogę jutro przyjść", "powodu"),
    ("chen", "zh-CN", "<@U0123ABC> 我明天不能来", "班次"),
    ("maria", "en-US", "<@U0123ABC> my employee didnt show up for 3 days", "?"),
])
async def test_a_worker_s_statement_or_a_situation_after_it_in_a_direct_message_is_answered(
    slack_app: RunningApp, connector: LocalConnector, person: str, locale: str, text: str,
    answer: str,
) -> None:
    """A request said inside a statement, as workers write them, and a manager's situation,
    said to ERA alone after an @mention of it out of habit, are answered."""
    private = _member(slack_app, connector, person, locale=locale,
                      conversation=f"B0ERA:T456:D0{person.upper()}")
    assert await _said(private, "hi")
    said = await _said(private, text)
    assert answer in said, said
    assert "U0123ABC" not in said


# Bob-smith's words in the store's channel, each opening with the raw reference of a colleague
# whose Slack account the directory lacks: a statement, a situation, a question about what
# the colleague did, a request put to them.
_TO_A_COLLEAGUE = [
    ("en-US", "<@U0COLLEAGUE> im sick today, can you cover?"),
    ("en-US", "<@U0COLLEAGUE> running late, be there in 10"),
    ("en-US", "<@U0COLLEAGUE> did you cancel the meeting?"),
    ("en-US", "<@U0COLLEAGUE> you were late again today"),
    ("en-US", "<@U0COLLEAGUE> can you swap with me on friday"),
    ("en-US", "<@U0COLLEAGUE> cant come in tmrw sry"),
    ("fr-FR", "<@U0COLLEAGUE> je suis malade, tu peux me remplacer ?"),
    ("fr-FR", "<@U0COLLEAGUE> tu peux échanger avec moi vendredi ?"),
    ("de-DE", "<@U0COLLEAGUE> kannst du am freitag mit mir tauschen"),
    ("es-ES", "<@U0COLLEAGUE> puedes cambiarme el turno del viernes?"),
    ("ja-JP", "<@U0COLLEAGUE> 明日シフト代わってくれる"),
    ("pl-PL", "<@U0COLLEAGUE> nie mogę jutro przyjść"),
]


@pytest.mark.parametrize(("locale", "text"), _TO_A_COLLEAGUE)
async def test_words_to_a_colleague_the_directory_lacks_get_no_answer_and_start_nothing(
    slack_app: RunningApp, connector: LocalConnector, locale: str, text: str,
) -> None:
    """The finding: "<@U0COLLEAGUE> im sick today, can you cover?" in the store's channel
    was taken for a request to ERA (the reference is no one ERA knows), answered, and Bob was
    asked in his direct message which shift to cancel; "can you swap with me on friday"
    started a swap. Nothing is said, in the channel or in private, and a later "yes" in
    Bob's direct message confirms nothing."""
    private = "B0ERA:T456:D0BOB-SMITH"
    await _opened(slack_app, connector, "bob-smith", locale)
    opened = len(connector.messages(private))
    bob = _member(slack_app, connector, "bob-smith", locale=locale)
    assert await _said(bob, text) == ""
    assert connector.messages(private)[opened:] == []


@pytest.mark.parametrize(("locale", "text", "asked"), [
    ("en-US", "<@U0123ABC> cancel my shift tomorrow", "reason"),
    ("fr-FR", "<@U0123ABC> annule mon service demain", "motif"),
    ("ja-JP", "<@U0123ABC> 明日のシフトをキャンセル", "理由"),
])
async def test_a_worker_s_own_request_to_era_in_the_channel_is_served_in_private(
    slack_app: RunningApp, connector: LocalConnector, locale: str, text: str, asked: str,
) -> None:
    """ERA's own kind of request, put to no one as "you", is still ERA's in a channel: Bob
    is asked for his reason in his direct message."""
    private = "B0ERA:T456:D0BOB-SMITH"
    await _opened(slack_app, connector, "bob-smith", locale)
    opened = len(connector.messages(private))
    bob = _member(slack_app, connector, "bob-smith", locale=locale)
    await _said(bob, text)
    told = "\n".join(render_activity(a)[0] for a in connector.messages(private)[opened:])
    assert asked in told, told


@pytest.mark.parametrize("text", [
    "<@U0123ABC> can you take tuesday",
    "<@U0123ABC> lunch?",
    "<@U0123ABC> ok I'll take it",
    "<@U0123ABC> salut, tu viens demain ?",
    # A request, but the reference is Alice's: it is hers to answer.
    "<@U0ALICE> who is working tomorrow?",
])
async def test_words_to_someone_referenced_first_get_no_answer(
    slack_app: RunningApp, connector: LocalConnector, text: str,
) -> None:
    """Guards: with ERA's own id unknown, a raw reference that opens words between colleagues,
    or that is a colleague ERA knows, is not taken for ERA."""
    await _opened(slack_app, connector, "maria", "en-US")
    maria = _member(slack_app, connector, "maria")
    assert await _said(maria, text) == ""


@pytest.mark.parametrize(("locale", "text", "asked"), [
    ("en-US", f"<@{ERA_USER}> assign <@U0ALICE> on friday", "Which role should Alice work?"),
    ("en-US", f"<@{ERA_USER}> swap <@U0ALICE> and <@U0FATIMA> on friday", "Alice"),
    ("fr-FR", f"<@{ERA_USER}> assigne <@U0ALICE> vendredi", "Alice"),
    ("en-US", f"<@{ERA_USER}> assign <@U0456DEF|alice> on friday",
     "Which role should Alice work?"),
])
async def test_a_colleague_referenced_in_a_request_is_that_person(
    slack_app: RunningApp, connector: LocalConnector, locale: str, text: str, asked: str,
) -> None:
    """The finding: "assign <@U0ALICE> to friday" got "This is about people at work, so I'd
    rather not answer it here" (no one named), and "assign <@U0ALICE|alice> to friday" was
    asked "Who should I assign?": Slack's reference read "@U0ALICE", "@alice"."""
    await _opened(slack_app, connector, "maria", locale)
    maria = _member(slack_app, connector, "maria", locale=locale)
    said = await _said(maria, text, envelope=True)
    assert asked in said, said
    assert "U0ALICE" not in said and "@alice" not in said
    assert "Who should I assign" not in said and "Qui dois-je" not in said


@pytest.mark.parametrize(("locale", "request_text", "reason", "told"), [
    ("en-US", "<@U0123ABC> cancel my shift tomorrow", "<@U0123ABC> my kid is sick",
     "Reason: my kid is sick."),
    ("fr-FR", "<@U0123ABC> annule mon service demain", "<@U0123ABC>, mon fils est malade",
     "mon fils est malade"),
    # A colleague ERA knows, opening the words, is named, not left out.
    ("en-US", "cancel my shift tomorrow", "<@U0ALICE> can cover it, I'm sick",
     "Alice Martin can cover it, I'm sick"),
])
async def test_a_mention_opening_a_direct_message_is_no_part_of_the_reason(
    slack_app: RunningApp, connector: LocalConnector, locale: str, request_text: str,
    reason: str, told: str,
) -> None:
    """The finding: Bob @mentioned ERA in his direct message out of habit ("<@U0123ABC> my
    kid is sick", no envelope naming ERA's id), and Maria read "Reason: @U0123ABC my kid is
    sick"."""
    maria = _member(slack_app, connector, "maria", conversation="B0ERA:T456:D0MARIA")
    assert await _said(maria, "hi")
    bob = _member(slack_app, connector, "bob-smith", conversation="B0ERA:T456:D0BOB",
                  locale=locale)
    assert "?" in await _said(bob, request_text)
    await _said(bob, reason)
    notice = "\n".join(render_activity(a)[0]
                       for a in connector.messages("B0ERA:T456:D0MARIA")[-1:])
    assert told in notice, notice
    assert "U0123ABC" not in notice and "U0ALICE" not in notice
