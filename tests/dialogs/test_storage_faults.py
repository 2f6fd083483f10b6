"""ERA's own database failing mid-conversation (the embedded SQLite file: a full disk, an I/O
error), or the directory failing once the shift is cancelled, as a shift worker meets it in
their language: what they are told is true, their request
is not dropped, and nothing is done twice."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from core.errors import BackendError, DirectoryUnavailableError
from language.catalogue import say
from services.org_database import OrgDatabase
from state.conversation_reference_store import ConversationReferenceStore
from state.sqlite_storage import SqliteStorage
from tests.bot_harness import BotHarness, joined
from tests.conftest import FIXED_NOW

CANCEL = {"fr-FR": ("annule mon poste de demain", "je suis malade", "fr"),
          "de-DE": ("storniere meine Schicht morgen", "ich bin krank", "de"),
          "ja-JP": ("明日のシフトをキャンセルして", "体調不良です", "ja")}


async def _outbox(bot: BotHarness) -> list[dict[str, object]]:
    db = await OrgDatabase.open(bot.components.settings.data_dir / "org.sqlite3")
    try:
        return [dict(row) for row in await db.fetch_all("SELECT * FROM outbox")]
    finally:
        await db.close()


async def _bob_holds_monday(bot: BotHarness) -> bool:
    shifts = await bot.shifts.upcoming_shifts("bob-smith", now=FIXED_NOW)
    return any(s.starts_at.date().isoformat() == "2026-11-23" for s in shifts)


def _read_only(storage: SqliteStorage, on: bool) -> Any:
    """SQLite refuses every write ("attempt to write a readonly database"), as on a full disk
    or a file system gone read-only."""

    def switch() -> None:
        storage._open_connection().execute(f"PRAGMA query_only = {int(on)}")

    return storage._run(switch)


@pytest.mark.parametrize("locale", ["fr-FR", "de-DE", "ja-JP"])
async def test_a_database_that_refuses_writes_still_serves_the_turn_and_a_resend_does_nothing_twice(
    bot: BotHarness, locale: str
) -> None:
    """ERA's own state cannot be written this turn (the turn's claim, its transcript, its
    state): the shift is cancelled all the same (the schedule is elsewhere) and the worker told
    so, with a word that ERA could not save where they are; their reason, sent again once the
    database is back, cancels nothing twice and emails the manager once."""
    ask, reason, language = CANCEL[locale]
    bot.as_person("bob-smith")
    bot.locale = locale
    await bot.say(ask)
    storage = bot.components.storage
    assert isinstance(storage, SqliteStorage)
    await _read_only(storage, True)
    said = joined(await bot.say(reason))
    await _read_only(storage, False)
    assert not await _bob_holds_monday(bot)
    assert "Maria Lopez" in said and say("state.not_saved", language) in said
    again = joined(await bot.say(reason))
    assert "Maria Lopez" in again
    assert len(await _outbox(bot)) == 1


@pytest.mark.parametrize("locale", ["fr-FR", "ja-JP"])
async def test_a_storage_error_after_the_shift_was_cancelled_does_not_unsay_it(
    bot: BotHarness, locale: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The manager's chat reference cannot be read once the shift is cancelled: the worker is
    still told it was cancelled (and the manager emailed), never "nothing was changed"."""
    ask, reason, language = CANCEL[locale]
    bot.as_person("bob-smith")
    bot.locale = locale
    await bot.say(ask)
    storage = bot.components.storage
    read = storage.read

    async def failing_read(keys: Sequence[str]) -> dict[str, Any]:
        if any(key.startswith(ConversationReferenceStore.key("")) for key in keys):
            raise BackendError("sqlite", "OperationalError: disk I/O error")
        return await read(keys)

    monkeypatch.setattr(storage, "read", failing_read)
    said = joined(await bot.say(reason))
    assert not await _bob_holds_monday(bot)
    nothing_changed = say("turn_error.backend", language, service=say("service.cosmos", language),
                          reference="X").split("X")[-1]
    assert nothing_changed not in said
    assert "Maria Lopez" in said


@pytest.mark.parametrize("locale", ["fr-FR", "de-DE"])
async def test_a_directory_outage_after_the_shift_was_cancelled_does_not_unsay_it(
    bot: BotHarness, locale: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The manager cannot be looked up once the shift is cancelled: the worker is told it was
    cancelled and to tell their manager themselves, never "nothing was changed"."""
    ask, reason, language = CANCEL[locale]
    bot.as_person("bob-smith")
    bot.locale = locale
    await bot.say(ask)
    directory = bot.components.services.directory
    get = directory.get

    async def failing_get(person_id: str) -> Any:
        if person_id == "maria":
            raise DirectoryUnavailableError("users/maria: HTTP 503")
        return await get(person_id)

    monkeypatch.setattr(directory, "get", failing_get)
    said = joined(await bot.say(reason))
    assert not await _bob_holds_monday(bot)
    assert say("shift_cancel.no_manager", language) in said
    assert len(await _outbox(bot)) == 0
