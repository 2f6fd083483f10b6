"""Issue 12 over the real `/api/messages` endpoint: nothing happens that the person did not
clearly choose and confirm (offline, and with a local OpenAI-compatible server misbehaving)."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from aiosmtpd.smtp import SMTP as SMTPServer

from core.failure_tracker import FailureTracker
from services.demo_meetings import seed_demo_meetings
from services.demo_organisation import RIVERSIDE
from services.org_database import OrgDatabase
from state.person_state import person_state_key
from state.sqlite_storage import SqliteStorage
from tests.conftest import FIXED_NOW, fixed_clock
from tests.fakes.openai_server import DEFAULT_API_KEY, FakeOpenAIServer
from tests.http_harness import RunningApp, client_for, seed, start_app
from tests.services.test_smtp_mail_service import Mailroom
from tools.local_connector import BotClient, LocalConnector, render_activity

LONDON = ZoneInfo("Europe/London")


@pytest.fixture
async def data_dir(tmp_path: Path) -> Path:
    await seed(tmp_path, FIXED_NOW)
    return tmp_path


async def _app(data_dir: Path, **environ: str) -> RunningApp:
    return await start_app(data_dir, fixed_clock, **environ)


def _text(replies: list[dict[str, object]]) -> str:
    return "\n".join(render_activity(a)[0] for a in replies)


def _buttons(replies: list[dict[str, object]]) -> list[str]:
    return [title for a in replies for title, _ in render_activity(a)[1]]


async def _bob_holds(data_dir: Path, day: str) -> bool:
    db = await OrgDatabase.open(data_dir / "org.sqlite3")
    try:
        rows = await db.fetch_all(
            "SELECT person_id FROM shifts WHERE store_id = ? AND substr(starts_at, 1, 10) = ?",
            (RIVERSIDE, day))
    finally:
        await db.close()
    return any(row["person_id"] == "bob-smith" for row in rows)


async def test_finding_1_negations_and_odd_replies_choose_nothing(
    data_dir: Path, connector: LocalConnector
) -> None:
    app = await _app(data_dir)
    try:
        bob = client_for(app, connector, "bob-smith")
        await bob.say("I want to cancel one of my shifts")
        # ("don't cancel 1" is a no to the list: it cancels nothing and ends the flow, see
        # tests/dialogs/test_corrections_and_negations.py.)
        for odd in ("never 3", "not the first one", "-1", "hmm 2?", "0", "1 or 2",
                    "what is 3?"):
            said = _text(await bob.say(odd))
            assert "didn't understand" in said.lower() and "reason" not in said.lower(), odd
        chosen = _text(await bob.say("2"))
        assert "Cancel Tue 24 Nov, Evening 20:00-23:00" in chosen
        kept = _text(await bob.say("I told you I do not want to cancel it"))
        assert "haven't cancelled anything" in kept
    finally:
        await app.stop()
    assert await _bob_holds(data_dir, "2026-11-24")


@pytest.mark.parametrize("reason", ["a", "my shift"])
async def test_finding_2_a_chained_model_answer_cannot_cancel_in_one_turn(
    data_dir: Path, connector: LocalConnector, reason: str
) -> None:
    async with FakeOpenAIServer() as llm:
        llm.queue_text("<GETSHIFTS>tuesday")
        llm.queue_text("<CONFIRM_CANCEL>opt_1")
        llm.queue_text(f"<REASON>{reason}")
        app = await _app(data_dir, OPENAI_BASE_URL=llm.base_url, OPENAI_API_KEY=DEFAULT_API_KEY)
        try:
            bob = client_for(app, connector, "bob-smith")
            said = _text(await bob.say("cancel my shift on Tuesday"))
            assert "I found your shift: Tue 24 Nov, Evening 20:00-23:00" in said
            assert "has been cancelled" not in said
            again = _text(await bob.say(reason))
            assert "has been cancelled" not in again
        finally:
            await app.stop()
    assert await _bob_holds(data_dir, "2026-11-24")


async def test_finding_6_invalid_tool_json_is_one_backend_failure_and_the_flow_goes_on(
    data_dir: Path, connector: LocalConnector
) -> None:
    async with FakeOpenAIServer() as llm:
        llm.queue_tool_calls(("get_shifts", "{not json"))
        app = await _app(data_dir, OPENAI_BASE_URL=llm.base_url, OPENAI_API_KEY=DEFAULT_API_KEY)
        try:
            bob = client_for(app, connector, "bob-smith")
            said = _text(await bob.say("cancel my shift tomorrow"))
            assert "I found your shift: Mon 23 Nov" in said and "went wrong" not in said.lower()
            key = person_state_key(bob.channel_id, bob.conversation_id, bob.user.id)
        finally:
            await app.stop()
    storage = await SqliteStorage.create(data_dir / "state.sqlite3")
    try:
        tracker = FailureTracker.from_dict((await storage.read([key]))[key]["tracker"])
    finally:
        await storage.close()
    assert tracker.failure_count == 1


async def test_finding_3_a_yes_from_someone_else_never_reaches_the_managers_preview(
    data_dir: Path, connector: LocalConnector
) -> None:
    app = await _app(data_dir)
    try:
        private = client_for(app, connector, "maria")
        await private.say("hi")
        maria = BotClient(bot_url=app.messages_url, connector=connector, user=private.user,
                          conversation_id="group-1", conversation_type="groupChat")
        # In the group chat the request moves to Maria's private chat...
        assert "private chat" in _text(await maria.say("assign bob jones on wed sales associate"))
        assert "Preview:" in _text(await private.say("2"))
        # ...and Bob's "yes" in the group is his own message in his own state.
        bob = BotClient(bot_url=app.messages_url, connector=connector,
                        user=client_for(app, connector, "bob-smith").user,
                        conversation_id="group-1", conversation_type="groupChat")
        answered = _text(await bob.say("yes"))
        assert "waiting for your answer" in answered and "went wrong" not in answered.lower()
        applied = _text(await private.say("yes"))
        assert "went wrong" not in applied.lower() and "Bob Jones" in applied
    finally:
        await app.stop()


async def test_finding_4_whose_and_which_meeting(
    data_dir: Path, connector: LocalConnector
) -> None:
    db = await OrgDatabase.open(data_dir / "org.sqlite3")
    try:
        await seed_demo_meetings(db, FIXED_NOW.date(), LONDON)
    finally:
        await db.close()
    app = await _app(data_dir)
    try:
        bob = client_for(app, connector, "bob-smith")
        refused = _text(await bob.say("cancel alice's meeting with maria on friday"))
        # Alice's meeting is not Bob's to change: said, and nothing is offered to cancel.
        assert "aren't in any of your meetings" in refused, refused
        assert "Thu 26 Nov" not in refused
        assert "Cancelled" not in _text(await bob.say("yes"))
        # His own 1:1 is Maria's to cancel (she organised it): said, and nothing is cancelled.
        asked = _text(await bob.say("cancel my meeting"))
        assert "Only Maria Lopez, who organised Thu 26 Nov, 10:00-10:30" in asked, asked
        assert "Cancelled" not in _text(await bob.say("yes"))
    finally:
        await app.stop()


async def test_finding_5_a_failed_send_keeps_the_draft_and_retries_once(
    data_dir: Path, connector: LocalConnector
) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = await _app(data_dir, ERA_MAIL_BACKEND="smtp", SMTP_HOST="127.0.0.1",
                     SMTP_PORT=str(port), SMTP_STARTTLS="false")
    mailroom = Mailroom()
    try:
        maria = client_for(app, connector, "maria")
        await maria.say("email Bob Smith about his lateness")
        await maria.say("Subject: Lateness\nDear Bob,\nPlease be on time.\nMaria")
        failed = _text(await maria.say("send"))
        assert "NOT sent" in failed and "The draft is kept" in failed
        server = await asyncio.get_running_loop().create_server(
            lambda: SMTPServer(mailroom, hostname="smtp.test"), "127.0.0.1", port)
        try:
            sent = _text(await maria.say("send"))
            assert "Sent to Bob Smith" in sent
            assert "waiting for your answer" in _text(await maria.say("send"))
        finally:
            server.close()
    finally:
        await app.stop()
    assert len(mailroom.messages) == 1


async def test_finding_6_runaway_advice_is_cleaned(
    data_dir: Path, connector: LocalConnector
) -> None:
    async with FakeOpenAIServer() as llm:
        llm.queue_text("Ask first. <GETSHIFTS>x\n<script>alert(1)</script> https://evil.example "
                       + "Keep a written note of every talk. " * 15_000)
        app = await _app(data_dir, OPENAI_BASE_URL=llm.base_url, OPENAI_API_KEY=DEFAULT_API_KEY)
        try:
            maria = client_for(app, connector, "maria")
            said = _text(await maria.say("My employee keeps arriving late, what should I do?"))
        finally:
            await app.stop()
    assert "Ask first." in said
    assert all(bad not in said for bad in ("<GETSHIFTS>", "<script", "evil.example"))
    assert len(said) < 4_000
