"""Answers typed in a shared conversation (a Teams channel thread) to a question ERA asked in the
person's private chat, over the real endpoint: they get a pointer to the private chat and never
act on the flow waiting there; somebody else in the thread, with nothing waiting, gets the
ordinary answer; the person answers in the private chat as before."""

from __future__ import annotations

import contextlib
import re
import sqlite3
import time
from collections.abc import AsyncIterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bots.private_chat import ANSWER_THERE, HELP_THERE, INTRO_PRESSED, MOVED
from core.turn_memory import TURN_MEMORY_TTL
from language.catalogue import say
from language.language_choice import choose_language
from state.conversation_keys import conversation_digest
from state.person_erasure import PersonErasure
from state.sqlite_storage import SqliteStorage
from tests.conftest import FIXED_NOW
from tests.http_harness import RunningApp, client_for, seed, start_app
from tools.local_connector import BotClient, LocalConnector, render_activity

POINTER = "My question is waiting for you in our private chat"
NO_QUESTION = "Nothing is waiting for your answer right now"


class MovableClock:
    """A clock the test can move forward."""

    def __init__(self) -> None:
        self.now = FIXED_NOW

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> MovableClock:
    return MovableClock()


@pytest.fixture
async def app(tmp_path: Path, clock: MovableClock) -> AsyncIterator[RunningApp]:
    await seed(tmp_path, FIXED_NOW)
    running = await start_app(tmp_path, clock)
    yield running
    await running.stop()


def _texts(activities: list[dict[str, Any]]) -> str:
    return "\n".join(render_activity(a)[0] for a in activities)


def _member(app: RunningApp, connector: LocalConnector, person: str, thread: str) -> BotClient:
    return client_for(app, connector, person, channel_id="msteams", conversation_id=thread,
                      conversation_type="channel")


async def _moved_to_private(
    app: RunningApp, connector: LocalConnector, member: BotClient, text: str,
    language: str = "en",
) -> tuple[BotClient, str]:
    """Say `text` in the thread; the client of the private chat it moved to, and what ERA
    said there (in `language`)."""
    before = len(connector.received)
    said = _texts(await member.say(text))
    assert say(MOVED, language) in said, said
    private = [a for a in connector.received[before:]
               if a.get("type") == "message" and a["conversation"]["id"] != member.conversation_id]
    person = member.user.id.removeprefix("demo-")
    client = client_for(app, connector, person, channel_id="msteams",
                        conversation_id=private[0]["conversation"]["id"])
    return client, _texts(private)


async def _outbox(app: RunningApp) -> list[Any]:
    async with aiohttp.ClientSession() as session, session.get(f"{app.url}/api/outbox") as got:
        outbox = await got.json()
    assert isinstance(outbox, list)
    return outbox


@pytest.mark.parametrize("answer", ["yes", "send it", "2", "the first one", "cancel",
                                    "yes, send it please"])
async def test_an_answer_in_the_thread_points_to_the_private_chat_and_sends_nothing(
    app: RunningApp, connector: LocalConnector, answer: str
) -> None:
    thread = "19:store-team@thread.tacv2;messageid=1700000000100"
    maria = _member(app, connector, "maria", thread)
    private, preview = await _moved_to_private(
        app, connector, maria, "email Alice Martin about the weekend rota")
    assert "Shall I send it?" in preview or "Send" in preview
    said = _texts(await maria.say(answer))
    assert POINTER in said and NO_QUESTION not in said, answer
    assert await _outbox(app) == []
    # The question still waits in the private chat, and is answered there.
    assert "Sent to Alice Martin" in _texts(await private.say("send"))
    assert len(await _outbox(app)) == 1


async def test_a_workers_reason_typed_in_the_thread_points_to_the_private_chat(
    app: RunningApp, connector: LocalConnector
) -> None:
    """The finding: Bob's "my kid is sick today", the reason asked in private for his
    cancellation, got "Sorry, I'm not sure what you'd like me to do" in the channel."""
    thread = "19:store-team@thread.tacv2;messageid=1700000000105"
    bob = _member(app, connector, "bob-smith", thread)
    private, asked = await _moved_to_private(app, connector, bob, "cancel my shift tomorrow")
    assert "What's the reason for cancelling?" in asked
    said = _texts(await bob.say("my kid is sick today"))
    assert POINTER in said and "not sure" not in said
    assert "has been cancelled" in _texts(await private.say("my kid is sick today"))


@pytest.mark.parametrize("answer", ["3", "yes"])
async def test_an_answer_in_another_thread_of_the_channel_points_to_the_private_chat(
    app: RunningApp, connector: LocalConnector, answer: str
) -> None:
    """The finding: Maria asked for an assign in one thread of the store's channel and typed
    her answer in another; ERA said "There's no open question right now" while its question
    waited in her private chat."""
    maria = _member(app, connector, "maria", "19:store-team@thread.tacv2;messageid=1700000000110")
    private, asked = await _moved_to_private(
        app, connector, maria, "assign Alice Martin on Wednesday, cashier")
    assert "which shift?" in asked
    elsewhere = _member(app, connector, "maria",
                        "19:store-team@thread.tacv2;messageid=1700000000111")
    said = _texts(await elsewhere.say(answer))
    assert POINTER in said and NO_QUESTION not in said
    # Nobody else's answer in that thread is pointed anywhere, and the question still waits.
    bob = _member(app, connector, "bob-smith", elsewhere.conversation_id)
    assert NO_QUESTION in _texts(await bob.say(answer))
    assert "Evening" in _texts(await private.say("3"))


def _channel_notes(data_dir: Path) -> list[tuple[str, float | None]]:
    """The channel notes kept in storage (key, expiry): the items under a channel's
    "private-question" digest."""
    digest = conversation_digest("private-question:msteams:19:store-team@thread.tacv2")
    with contextlib.closing(sqlite3.connect(data_dir / "state.sqlite3")) as db:
        return db.execute("SELECT key, expires_at FROM era_state WHERE key LIKE ?",
                          (f"person-state/{digest}/%",)).fetchall()


async def test_the_channels_note_expires_and_is_deleted_once_the_question_is_answered(
    app: RunningApp, connector: LocalConnector, tmp_path: Path
) -> None:
    maria = _member(app, connector, "maria", "19:store-team@thread.tacv2;messageid=1700000000120")
    private, _asked = await _moved_to_private(
        app, connector, maria, "assign Alice Martin on Wednesday, cashier")
    notes = _channel_notes(tmp_path)
    # It names Maria's private chat: kept no longer than her question can wait.
    assert len(notes) == 1 and notes[0][1] is not None
    assert notes[0][1] - time.time() <= TURN_MEMORY_TTL.total_seconds()
    assert "Evening" in _texts(await private.say("3"))
    await private.say("cancel")  # the question no longer waits
    elsewhere = _member(app, connector, "maria",
                        "19:store-team@thread.tacv2;messageid=1700000000121")
    assert POINTER not in _texts(await elsewhere.say("yes"))
    assert _channel_notes(tmp_path) == []


async def test_erasing_a_person_removes_the_channels_note(
    app: RunningApp, connector: LocalConnector, tmp_path: Path
) -> None:
    maria = _member(app, connector, "maria", "19:store-team@thread.tacv2;messageid=1700000000130")
    await _moved_to_private(app, connector, maria, "assign Alice Martin on Wednesday, cashier")
    assert len(_channel_notes(tmp_path)) == 1
    storage = await SqliteStorage.create(tmp_path / "state.sqlite3")
    try:
        report = await PersonErasure(storage).erase("maria")
    finally:
        await storage.close()
    assert _channel_notes(tmp_path) == []
    assert report.conversation_reference


async def test_another_person_in_the_thread_keeps_the_ordinary_answer(
    app: RunningApp, connector: LocalConnector
) -> None:
    thread = "19:store-team@thread.tacv2;messageid=1700000000101"
    maria = _member(app, connector, "maria", thread)
    bob = _member(app, connector, "bob-smith", thread)
    await _moved_to_private(app, connector, maria, "email Alice Martin about the weekend rota")
    said = _texts(await bob.say("yes"))
    assert NO_QUESTION in said and POINTER not in said
    assert await _outbox(app) == []



@pytest.mark.parametrize(("locale", "answers", "no_question"), [
    ("en-US", ["1 and 2", "both", "the other one", "all of them", "k", "sure"], NO_QUESTION),
    ("fr-FR", ["1 et 2", "les deux", "l'autre", "tous"],
     "Rien n'attend votre réponse pour le moment"),
])
async def test_another_persons_references_in_the_thread_change_nothing_of_the_question(
    app: RunningApp, connector: LocalConnector, locale: str, answers: list[str],
    no_question: str,
) -> None:
    """The finding: Alice's "1 and 2", "both" or "the other one" in the thread where Bob's
    question waits (in his private chat) got "Sorry, I'm not sure what you'd like me to do",
    as if she had asked for something. They answer no question of hers, and say so; none of
    them reaches Bob's list, which he still answers in private, for one shift."""
    thread = "19:store-team@thread.tacv2;messageid=1700000000106"
    bob = _member(app, connector, "bob-smith", thread)
    alice = _member(app, connector, "alice", thread)
    alice.locale = locale
    private, asked = await _moved_to_private(app, connector, bob, "cancel one of my shifts")
    assert "Which one do you want to cancel?" in asked, asked
    for answer in answers:
        said = _texts(await alice.say(answer))
        assert no_question in said and POINTER not in said, (answer, said)
    reason = _texts(await private.say("2"))
    assert "What's the reason for cancelling?" in reason and " and " not in reason, reason
    assert "has been cancelled" in _texts(await private.say("my kid is sick"))


async def test_the_pointer_speaks_the_language_of_the_answer(
    app: RunningApp, connector: LocalConnector
) -> None:
    thread = "19:store-team@thread.tacv2;messageid=1700000000102"
    maria = _member(app, connector, "maria", thread)
    await _moved_to_private(app, connector, maria, "email Alice Martin about the weekend rota")
    # A sentence in French: a bare "oui" would keep the conversation's English.
    said = _texts(await maria.say("oui, envoyez-le s'il vous plaît"))
    assert "Ma question vous attend dans notre conversation privée" in said
    assert await _outbox(app) == []


async def test_once_answered_in_the_private_chat_the_thread_gets_the_ordinary_answer(
    app: RunningApp, connector: LocalConnector
) -> None:
    thread = "19:store-team@thread.tacv2;messageid=1700000000103"
    maria = _member(app, connector, "maria", thread)
    private, _preview = await _moved_to_private(
        app, connector, maria, "email Alice Martin about the weekend rota")
    assert "Sent to Alice Martin" in _texts(await private.say("send"))
    said = _texts(await maria.say("yes"))
    assert NO_QUESTION in said and POINTER not in said


async def test_the_note_expires_like_the_question(
    app: RunningApp, connector: LocalConnector, clock: MovableClock
) -> None:
    thread = "19:store-team@thread.tacv2;messageid=1700000000104"
    maria = _member(app, connector, "maria", thread)
    await _moved_to_private(app, connector, maria, "email Alice Martin about the weekend rota")
    clock.now = FIXED_NOW + TURN_MEMORY_TTL + timedelta(seconds=1)
    said = _texts(await maria.say("yes"))
    assert NO_QUESTION in said and POINTER not in said
    assert await _outbox(app) == []


async def test_a_request_answered_at_once_in_the_private_chat_leaves_nothing_waiting(
    app: RunningApp, connector: LocalConnector
) -> None:
    thread = "19:store-team@thread.tacv2;messageid=1700000000105"
    maria = _member(app, connector, "maria", thread)
    await _moved_to_private(app, connector, maria, "what are my shifts?")
    said = _texts(await maria.say("yes"))
    assert NO_QUESTION in said and POINTER not in said


async def test_a_yes_in_the_thread_never_confirms_the_private_flow_even_past_the_note(
    app: RunningApp, connector: LocalConnector, clock: MovableClock
) -> None:
    thread = "19:store-team@thread.tacv2;messageid=1700000000106"
    maria = _member(app, connector, "maria", thread)
    private, _preview = await _moved_to_private(
        app, connector, maria, "email Alice Martin about the weekend rota")
    # The draft is shown again in the private chat later: its question waits past the note.
    clock.now = FIXED_NOW + TURN_MEMORY_TTL - timedelta(minutes=1)
    assert "Subject" in _texts(await private.say("Subject: Weekend rota next month"))
    clock.now = FIXED_NOW + TURN_MEMORY_TTL + timedelta(minutes=1)
    said = _texts(await maria.say("yes, send it please"))
    assert "Sent to" not in said and "private chat" not in said
    assert await _outbox(app) == []
    assert "Sent to Alice Martin" in _texts(await private.say("send"))


@pytest.mark.parametrize("answer", ["yes, and book a call with her", "send email {draft}"])
async def test_an_answer_with_a_request_or_a_send_button_in_the_thread_sends_nothing(
    app: RunningApp, connector: LocalConnector, answer: str
) -> None:
    thread = "19:store-team@thread.tacv2;messageid=1700000000107"
    maria = _member(app, connector, "maria", thread)
    before = len(connector.received)
    private, _preview = await _moved_to_private(
        app, connector, maria, "email Alice Martin about the weekend rota")
    draft = re.search(r"draft-[0-9a-f]{12}", str(connector.received[before:]))
    assert draft is not None
    said = _texts(await maria.say(answer.format(draft=draft.group(0))))
    assert POINTER in said and "Sent to" not in said
    assert await _outbox(app) == []
    assert "Sent to Alice Martin" in _texts(await private.say("send"))


async def test_a_request_in_the_thread_still_moves_while_a_question_waits(
    app: RunningApp, connector: LocalConnector
) -> None:
    thread = "19:store-team@thread.tacv2;messageid=1700000000108"
    maria = _member(app, connector, "maria", thread)
    await _moved_to_private(app, connector, maria, "email Alice Martin about the weekend rota")
    said = _texts(await maria.say("book a call with Bob Smith"))
    assert POINTER not in said and "private chat" in said
    assert await _outbox(app) == []


# Slack through the Azure Bot Service names no conversation type: a channel with others in it
# says `isGroup`, a direct message says neither.
SLACK_CHANNEL = "B0ERA:T456:C0STORE"


async def _slack_say(client: BotClient, text: str, *, channel: bool) -> list[dict[str, Any]]:
    """`text` from a Slack user, in the store's channel (@mentioning ERA) or their DM; what
    ERA sent anywhere in reply."""
    before = len(client.connector.received)
    conversation: dict[str, Any] = {"id": SLACK_CHANNEL if channel else client.conversation_id}
    if channel:
        conversation["isGroup"] = True
    activity = client.activity(text=f"@ERA {text}" if channel else text,
                               conversation=conversation)
    if channel:
        activity["entities"] = [{"type": "mention", "text": "@ERA",
                                 "mentioned": {"id": "era-bot", "name": "ERA"}}]
    assert await client.post(activity) < 300
    return [a for a in client.connector.received[before:] if a.get("type") == "message"]


def _slack_dm(app: RunningApp, connector: LocalConnector, person: str) -> BotClient:
    return client_for(app, connector, person, channel_id="slack", locale=None,
                      conversation_id=f"B0ERA:T456:D{person}")


def _in(conversation: str, replies: list[dict[str, Any]]) -> str:
    return _texts([a for a in replies if a["conversation"]["id"] == conversation])


async def test_a_schedule_asked_in_a_slack_channel_is_answered_in_the_direct_message(
    app: RunningApp, connector: LocalConnector
) -> None:
    maria = _slack_dm(app, connector, "maria")
    await _slack_say(maria, "hi", channel=False)
    replies = await _slack_say(maria, "who is working on saturday?", channel=True)
    # Everyone in the channel read the store's schedule, names and shifts.
    assert "Bob Smith" not in _in(SLACK_CHANNEL, replies)
    assert "private chat" in _in(SLACK_CHANNEL, replies)
    assert "Bob Smith" in _in(maria.conversation_id, replies)


async def test_a_personal_notice_never_goes_to_the_slack_channel_a_worker_wrote_in(
    app: RunningApp, connector: LocalConnector
) -> None:
    bob = _slack_dm(app, connector, "bob-smith")
    said = await _slack_say(bob, "cancel my shift on saturday", channel=True)
    assert "Sat 28 Nov" not in _in(SLACK_CHANNEL, said)
    maria = _slack_dm(app, connector, "maria")
    await _slack_say(maria, "take bob smith off saturday", channel=False)
    replies = await _slack_say(maria, "yes", channel=False)
    assert "Done: Bob Smith off Sat 28 Nov" in _in(maria.conversation_id, replies)
    # "Maria Lopez has taken you off your shift ..." was posted where the whole channel read it.
    assert _in(SLACK_CHANNEL, replies) == ""


# A worker's request to cancel a shift tomorrow, in each language, with the locale that
# language's people have: it moves to the private chat and waits there for the reason.
_CANCEL_TOMORROW = {
    "en-US": "cancel my shift tomorrow",
    "fr-FR": "annule mon service de demain",
    "de-DE": "sag meine Schicht morgen ab",
    "es-ES": "cancela mi turno de mañana",
    "it-IT": "cancella il mio turno di domani",
    "nl-NL": "zeg mijn dienst morgen af",
    "pl-PL": "odwołaj moją zmianę jutro",
    "pt-BR": "cancela o meu turno de amanhã",
    "ja-JP": "明日のシフトをキャンセル",
    "zh-CN": "取消我明天的班",
}


@pytest.mark.parametrize("locale", sorted(_CANCEL_TOMORROW))
async def test_a_button_pressed_in_the_thread_is_answered_in_the_pressers_language(
    app: RunningApp, connector: LocalConnector, locale: str
) -> None:
    """The finding: Maria (de-DE, her typed messages answered in German) pressed a button in a
    channel thread while her question waited in private, and was told in English that it
    waits there: the button's hidden reply ("send email draft-...") was read as English."""
    thread = "19:thread@thread.tacv2;messageid=1"
    bob = _member(app, connector, "bob-smith", thread)
    bob.locale = locale
    language = choose_language(None, locale, None, None)
    private, asked = await _moved_to_private(app, connector, bob, _CANCEL_TOMORROW[locale],
                                             language)
    assert asked, locale
    for reply in ("send email draft-0123456789ab", "yes", "1"):
        said = _texts(await bob.press(reply))
        assert said.endswith(say(ANSWER_THERE, language)), (locale, reply, said)
    assert "draft-" not in _texts(connector.messages(private.conversation_id))


@pytest.mark.parametrize(("locale", "request_text", "then"), [
    ("fr-FR", "book a meeting with Alice Martin", "Rien n'a été planifié"),
    ("de-DE", "send email draft-0123456789ab", "daher wurde nichts gesendet"),
    ("ja-JP", "cancel my shift tomorrow", "キャンセルしますか"),
])
async def test_a_button_pressed_in_the_thread_is_never_quoted_as_typed_in_the_private_chat(
    app: RunningApp, connector: LocalConnector, locale: str, request_text: str,
    then: str,
) -> None:
    """The finding: Daniel pressed a button in the thread, and the private chat opened with
    'You asked me in a shared conversation: "send email draft-…"', quoting the button's
    hidden reply as his words (and went on in English to a fr-FR person)."""
    thread = "19:thread@thread.tacv2;messageid=1"
    person = "bob-smith" if "shift" in request_text else "daniel"
    member = _member(app, connector, person, thread)
    member.locale = locale
    language = choose_language(None, locale, None, None)
    before = len(connector.received)
    said = _texts(await member.press(request_text))
    assert say(MOVED, language) in said, said
    private = _texts([a for a in connector.received[before:]
                      if a.get("type") == "message"
                      and a["conversation"]["id"] != member.conversation_id])
    assert private.startswith(say(INTRO_PRESSED, language)), private
    assert request_text not in private and "draft-" not in private, private
    # What follows speaks the presser's language too, not the English of the button's reply.
    assert then in private, private


def _drafts(activities: list[dict[str, Any]]) -> list[str]:
    return re.findall(r"draft-[0-9a-f]{12}", str(activities))


@pytest.mark.parametrize("locale", ["de-DE", "ja-JP", "fr-FR"])
async def test_a_colleagues_press_of_an_unmarked_send_button_is_told_whose_it_is(
    app: RunningApp, connector: LocalConnector, locale: str
) -> None:
    """The finding: in a Teams channel thread Daniel pressed the Send button of Maria's email
    preview on a card that carries no mark of whom it was shown to (an old card), and was
    told in his private chat that the draft "isn't open any more". It is open, and Maria's:
    he is told so in the thread, in his language; her draft is still sent by her press."""
    thread = "19:store-team@thread.tacv2;messageid=1700000000140"
    maria = _member(app, connector, "maria", thread)
    before = len(connector.received)
    private, _preview = await _moved_to_private(
        app, connector, maria, "email Alice Martin about the weekend rota")
    draft = _drafts(connector.received[before:])[-1]
    daniel = _member(app, connector, "daniel", thread)
    daniel.locale = locale
    before = len(connector.received)
    said = await daniel.press(f"send email {draft}")
    language = choose_language(None, locale, None, None)
    assert len(said) == 1
    assert say("bot.other_persons_button", language, whose="Maria") in _texts(said)
    assert [a for a in connector.received[before:] if a.get("type") == "message"] == said
    assert await _outbox(app) == []
    assert "Sent to Alice Martin" in _texts(await private.press(f"send email {draft}"))
    # Sent, the button is still Maria's: it tells Daniel nothing of the email.
    said = await daniel.press(f"send email {draft}")
    assert say("bot.other_persons_button", language, whose="Maria") in _texts(said)
    assert len(await _outbox(app)) == 1


async def test_a_colleagues_press_of_a_slack_send_button_in_the_channel_is_told_whose_it_is(
    app: RunningApp, connector: LocalConnector
) -> None:
    """A Slack button carries no owner's mark at all: its press is the button's reply as the
    message's text, with the card's tag after it."""
    maria = _slack_dm(app, connector, "maria")
    replies = await _slack_say(maria, "email Alice Martin about the weekend rota", channel=False)
    pressed = re.findall(r"send email draft-[0-9a-f]{12} #[0-9a-f]{8}", str(replies))
    assert pressed, _texts(replies)
    daniel = _slack_dm(app, connector, "daniel")
    before = len(connector.received)
    assert await daniel.post(daniel.activity(
        text=pressed[-1], conversation={"id": SLACK_CHANNEL, "isGroup": True})) < 300
    said = [a for a in connector.received[before:] if a.get("type") == "message"]
    assert _in(SLACK_CHANNEL, said).startswith("Daniel: That button belongs to Maria's request")
    assert _in(daniel.conversation_id, said) == ""
    assert "Sent to Alice Martin" in _texts(await _slack_say(maria, pressed[-1], channel=False))


async def test_erasing_a_person_removes_the_note_of_whose_draft_it_is(
    app: RunningApp, connector: LocalConnector, tmp_path: Path
) -> None:
    maria = _member(app, connector, "maria", "19:store-team@thread.tacv2;messageid=1700000000141")
    before = len(connector.received)
    await _moved_to_private(app, connector, maria, "email Alice Martin about the weekend rota")
    draft = _drafts(connector.received[before:])[-1]
    storage = await SqliteStorage.create(tmp_path / "state.sqlite3")
    try:
        report = await PersonErasure(storage).erase("maria")
    finally:
        await storage.close()
    assert f"person-state/draft-owner/{draft}" in report.state_documents
    daniel = _member(app, connector, "daniel", "19:store-team@thread.tacv2;messageid=1700000000141")
    assert "Maria" not in _texts(await daniel.press(f"send email {draft}"))


def _button(activities: list[dict[str, Any]], title: str) -> dict[str, Any]:
    """The data of the card button titled `title` (an Action.Submit) among `activities`."""
    found: list[dict[str, Any]] = []

    def walk(part: Any) -> None:
        if isinstance(part, dict):
            if part.get("type") == "Action.Submit" and part.get("title") == title:
                found.append(part["data"])
            for value in part.values():
                walk(value)
        elif isinstance(part, list):
            for value in part:
                walk(value)

    walk([a.get("attachments") for a in activities])
    assert found, title
    return found[0]


@pytest.mark.parametrize(("locale", "request_text", "help_word", "late", "reason", "done"), [
    ("en-US", "cancel my shift on tuesday", "help", "I'll be 20 minutes late",
     "my daughter is sick", "has been cancelled"),
    ("ja-JP", "火曜日のシフトをキャンセル", "ヘルプ", "20分遅れます", "娘が熱を出しました",
     "キャンセルしました"),
])
async def test_a_help_button_pressed_at_the_reason_question_never_cancels_the_shift(
    app: RunningApp, connector: LocalConnector, locale: str, request_text: str,
    help_word: str, late: str, reason: str, done: str,
) -> None:
    """The finding: Chen's reason for cancelling Tuesday's shift waited in private; in the
    channel thread he pressed his help card's "I'll be 20 minutes late" (Yuki "20分遅れます"),
    and the shift was cancelled with the button's words as his reason."""
    thread = "19:store-team@thread.tacv2;messageid=1700000000150"
    chen = _member(app, connector, "chen", thread)
    chen.locale = locale
    language = choose_language(None, locale, None, None)
    # The help card shown in the thread before: "help" while the question waits is answered
    # in the private chat.
    help_card = await chen.say(help_word)
    private, asked = await _moved_to_private(app, connector, chen, request_text, language)
    assert say("shift_cancel.reason_needed", language) not in asked
    before = len(connector.received)
    await chen.post(chen.activity(value=_button(help_card, late)))
    said = _texts([a for a in connector.received[before:] if a.get("type") == "message"])
    assert done not in said, said
    assert say("shift_cancel.reason_needed", language) in said, said
    assert done in _texts(await private.say(reason))


async def test_a_colleagues_slack_button_pressed_at_the_reason_question_never_cancels(
    app: RunningApp, connector: LocalConnector
) -> None:
    """The finding: in a Slack channel Alice (fr-FR), whose reason question waited in her
    direct message, pressed Bob's Japanese help button "火曜日の午前にミーティングを予約して"
    (here his "20分遅れます"): her shift was cancelled with it as the reason, and she was
    answered in Japanese."""
    alice = _slack_dm(app, connector, "alice")
    alice.locale = "fr-FR"
    bob = _slack_dm(app, connector, "bob-smith")
    bob.locale = "ja-JP"
    await _slack_say(alice, "bonjour", channel=False)
    asked = await _slack_say(alice, "annule mon service de demain", channel=True)
    assert "Quel est le motif" in _in(alice.conversation_id, asked)
    help_card = await _slack_say(bob, "ヘルプ", channel=True)
    pressed = [reply for _title, reply in render_activity(help_card[0])[1]
               if reply.startswith("20分遅れます")]
    assert pressed, _texts(help_card)
    # A Slack button's press is its reply as the message's text, with no @mention.
    before = len(connector.received)
    assert await alice.post(alice.activity(
        text=pressed[0], conversation={"id": SLACK_CHANNEL, "isGroup": True})) < 300
    said = [a for a in connector.received[before:] if a.get("type") == "message"]
    assert "a été annulé" not in _texts(said)
    # The button is Bob's: Alice is told so, in French, where she pressed it; her question
    # waits in her direct message, untouched.
    assert _in(SLACK_CHANNEL, said) == ("Alice : " + say(
        "bot.other_persons_button", "fr", whose="Bob"))
    assert _in(alice.conversation_id, said) == ""
    assert "a été annulé" in _texts(await _slack_say(alice, "ma fille est malade",
                                                     channel=False))


@pytest.mark.parametrize(("locale", "text", "quoted"), [
    ("fr-FR", "bonjour <at>ERA</at>, qui est mon responsable ?",
     "« bonjour, qui est mon responsable ? »"),
    ("de-DE", "Hallo <at>ERA</at>! Wer ist mein Vorgesetzter?",
     "„Hallo! Wer ist mein Vorgesetzter?“"),
])
async def test_a_mention_inside_the_message_is_quoted_back_without_a_gap(
    app: RunningApp, connector: LocalConnector, locale: str, text: str, quoted: str
) -> None:
    """The finding: Alice wrote "bonjour <at>ERA</at>, qui est mon responsable ?" in a channel
    thread, and her private chat opened quoting « bonjour , qui est mon responsable ? »."""
    thread = "19:store-team@thread.tacv2;messageid=1700000000160"
    alice = _member(app, connector, "alice", thread)
    alice.locale = locale
    before = len(connector.received)
    await alice._exchange(alice.activity(text=text, entities=[
        {"type": "mention", "text": "<at>ERA</at>",
         "mentioned": {"id": "era-bot", "name": "ERA"}}]))
    private = _texts([a for a in connector.received[before:]
                      if a.get("type") == "message" and a["conversation"]["id"] != thread])
    assert quoted in private, private


@pytest.mark.parametrize(("locale", "request_text", "answer", "language"), [
    ("nl-NL", "vervang Emma door Ingrid op zaterdag", "ja", "nl"),
    ("de-DE", "ersetze Emma durch Ingrid am Samstag", "ja", "de"),
])
async def test_a_short_answer_in_the_thread_is_pointed_to_in_the_language_last_written(
    app: RunningApp, connector: LocalConnector, locale: str, request_text: str, answer: str,
    language: str,
) -> None:
    """Held out: Daniel's first words in the thread were English; his Dutch request moved to
    the private chat, and his "ja" in the thread was answered in English."""
    thread = "19:store-team@thread.tacv2;messageid=1700000000190"
    daniel = _member(app, connector, "daniel", thread)
    await daniel.say("thanks")
    daniel.locale = locale
    private, preview = await _moved_to_private(app, connector, daniel, request_text, language)
    assert "Ingrid Larsen" in preview and "Emma Schmidt" in preview
    said = _texts(await daniel.say(answer))
    assert said.endswith(say(ANSWER_THERE, language)), said
    assert POINTER not in said
    # The change waited for his answer in the private chat, and is made there.
    done = _texts(await private.say(answer))
    assert "Ingrid Larsen" in done and "Emma Schmidt" in done


@pytest.mark.parametrize(("locale", "start_over"), [
    ("en-US", "start over"), ("de-DE", "von vorne anfangen"), ("fr-FR", "recommencer"),
    ("ja-JP", "最初からやり直し"), ("pl-PL", "zacznijmy od nowa"),
])
async def test_a_start_over_in_the_thread_points_to_the_question_waiting_in_private(
    app: RunningApp, connector: LocalConnector, locale: str, start_over: str
) -> None:
    """The finding: Maria's shift assignment waited in her private chat; her "start over" in
    the channel thread was answered "Fresh start" there, while the assignment still waited."""
    thread = "19:store-team@thread.tacv2;messageid=1700000000170"
    maria = _member(app, connector, "maria", thread)
    maria.locale = locale
    language = choose_language(None, locale, None, None)
    private, _asked = await _moved_to_private(
        app, connector, maria, "assign Alice Martin on Wednesday, cashier")
    said = _texts(await maria.say(start_over))
    assert said.endswith(say(ANSWER_THERE, language)), said
    assert "Evening" in _texts(await private.say("3"))


@pytest.mark.parametrize(("locale", "answer"), [
    ("es-ES", "envíalo"), ("es-ES", "cancelar"), ("en-US", "yes"), ("de-DE", "ja"),
])
async def test_an_answer_in_a_slack_thread_points_to_a_question_moved_from_the_top_level(
    app: RunningApp, connector: LocalConnector, locale: str, answer: str
) -> None:
    """The finding: Maria asked for an email at the top level of the store's Slack channel
    (its draft then waited in her direct message); her "envíalo" in a thread of that channel
    got "nothing is waiting for your answer", and "cancelar" "nothing in progress to
    cancel", while the draft still waited."""
    maria = _slack_dm(app, connector, "maria")
    maria.locale = locale
    await _slack_say(maria, "hola", channel=False)
    moved = await _slack_say(maria, "email Alice Martin about the weekend rota", channel=True)
    assert _drafts([a for a in moved if a["conversation"]["id"] == maria.conversation_id])
    thread = f"{SLACK_CHANNEL}:1700000000.000100"
    before = len(connector.received)
    assert await maria.post(maria.activity(
        text=f"@ERA {answer}", conversation={"id": thread, "isGroup": True},
        entities=[{"type": "mention", "text": "@ERA",
                   "mentioned": {"id": "era-bot", "name": "ERA"}}])) < 300
    said = _in(thread, [a for a in connector.received[before:] if a.get("type") == "message"])
    language = choose_language(None, locale, None, None)
    assert said.endswith(say(ANSWER_THERE, language)), said
    assert await _outbox(app) == []
    assert "Sent to Alice Martin" in _texts(await _slack_say(maria, "send", channel=False))


@pytest.mark.parametrize(("locale", "request_words", "help_word", "asked"), [
    ("en-US", "cancel my shift tomorrow", "help", "What's the reason for cancelling?"),
    ("fr-FR", "annule mon service de demain", "aide", "motif"),
    ("de-DE", "storniere meine Schicht morgen", "hilfe", "Grund"),
    ("es-ES", "cancela mi turno de mañana", "ayuda", "motivo"),
    # "help" is Dutch too: the answer stays Dutch, in the thread and in the private chat.
    ("nl-NL", "annuleer mijn dienst van morgen", "help", "reden"),
])
async def test_help_in_the_thread_while_a_question_waits_in_private_is_answered_there(
    app: RunningApp, connector: LocalConnector, locale: str, request_words: str,
    help_word: str, asked: str,
) -> None:
    """The finding: Bob's "help" in the thread, while ERA's question about his cancellation
    waited in his private chat, got the list of everything ERA can do, as if nothing waited.
    "help" is what ERA waits for: said in his private chat (the question there, never in the
    thread), with a line in the thread; Alice's "help" in the same thread is hers alone (the
    ordinary list, nothing of Bob's question), and Bob's question still takes his answer."""
    thread = "19:store-team@thread.tacv2;messageid=1700000000120"
    bob = _member(app, connector, "bob-smith", thread)
    bob.locale = locale
    alice = _member(app, connector, "alice", thread)
    alice.locale = locale
    language = locale[:2]
    private, first = await _moved_to_private(app, connector, bob, request_words, language)
    assert asked in first, first
    before = len(connector.received)
    said = _texts(await bob.say(help_word))
    assert said.endswith(say(HELP_THERE, language)), said
    there = _texts([a for a in connector.received[before:]
                    if a["conversation"]["id"] == private.conversation_id])
    assert asked in there, there
    theirs = _texts(await alice.say(help_word))
    assert say(HELP_THERE, language) not in theirs and asked not in theirs, theirs
    private.locale = locale
    assert "has been cancelled" in _texts(await private.say("my kid is sick"))
