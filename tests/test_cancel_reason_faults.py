"""A backend failing at a shift worker's reason question (Teams Shifts or the Entra ID directory
behind ERA, failing at the edge: the fake Graph server answers 503), in the worker's language:
the cancellation is not lost (the reason is kept and the worker's next "yes" carries on), the
worker is told honestly that nothing is cancelled yet, the failure is counted once, and the shift
is cancelled once."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from core.failure_tracker import FailureTracker
from language.catalogue import say
from services.demo_organisation import RIVERSIDE
from services.demo_shift_backend import DemoShiftBackend
from services.org_database import OrgDatabase
from services.sqlite_directory import SqliteDirectory
from services.stored_audit_log import StoredAuditLog
from tests.bot_harness import BotHarness, joined
from tests.conftest import FIXED_NOW
from tests.fakes.graph_directory import FakeDirectory
from tests.fakes.graph_server import FakeGraphServer, FixedTokenSource
from tests.services.test_graph_end_to_end import BOB_MONDAY_MORNING
from tests.services.test_graph_shift_backend import OWNER, TEAM, fill_team

APP_ID = "3f2e1d0c-aaaa-4b5c-9d8e-7f6a5b4c3d2e"
CANCEL = {
    "en-US": ("Cancel my shift tomorrow", "I'm sick", "yes", "has been cancelled"),
    "es-ES": ("Cancela mi turno de mañana", "estoy enfermo", "sí", "ha quedado cancelado"),
}


@dataclass
class ShiftsBot:
    bot: BotHarness
    graph: FakeGraphServer
    bob_monday: str
    bob_tuesday: str


@pytest.fixture
async def shifts_bot(tmp_path: Path) -> AsyncIterator[ShiftsBot]:
    """ERA in the production shape: people from Entra ID, schedules from Teams Shifts."""
    graph = FakeGraphServer()
    FakeDirectory(graph).add_demo_staff(APP_ID, team_id=TEAM)
    async with graph:
        bot = await BotHarness.start(
            tmp_path,
            FIXED_NOW,
            graph_token_source=FixedTokenSource(),
            ERA_DIRECTORY_BACKEND="graph",
            ERA_DIRECTORY_STORE_ATTRIBUTE="team",
            ERA_DIRECTORY_ROLES_APP_ID=APP_ID,
            ERA_SHIFTS_BACKEND="graph",
            GRAPH_TENANT_ID="tenant",
            GRAPH_CLIENT_ID="client",
            GRAPH_CLIENT_SECRET="secret",
            GRAPH_TEAM_ID=TEAM,
            GRAPH_STORE_ID=RIVERSIDE,
            GRAPH_BASE_URL=graph.base_url,
            ERA_GRAPH_SHIFTS_OWNER_ID=OWNER,
        )
        try:
            db = await OrgDatabase.open(tmp_path / "org.sqlite3")
            try:
                people = {p.id: p for p in await SqliteDirectory(db).list_people()}
                audit = StoredAuditLog(bot.components.storage)
                ids, _groups = await fill_team(graph, DemoShiftBackend(db, audit), people)
            finally:
                await db.close()
            bot.channel_id = "msteams"
            bot.as_person("bob-smith")
            [tuesday] = [graph_id for demo_id, graph_id in ids.items()
                         if demo_id.startswith("shift-2026-11-24-") and "bob-smith" in demo_id]
            yield ShiftsBot(bot, graph, ids[BOB_MONDAY_MORNING], tuesday)
        finally:
            await bot.close()


async def _failures(bot: BotHarness) -> int:
    tracker = (await bot.stored_state()).get("tracker")
    return FailureTracker.from_dict(tracker).failure_count if tracker else 0


@pytest.mark.parametrize("locale", ["en-US", "es-ES"])
async def test_teams_shifts_failing_at_the_reason_keeps_the_cancellation_pending(
    shifts_bot: ShiftsBot, locale: str
) -> None:
    """It used to say "NOT cancelled yet, try again in a few minutes" and end the cancellation:
    the worker had to start over, and their reason was lost."""
    bot, graph = shifts_bot.bot, shifts_bot.graph
    ask, reason, yes, cancelled = CANCEL[locale]
    language = locale[:2]
    bot.locale = locale
    assert "?" in joined(await bot.say(ask))
    graph.fail(503, path_contains=f"/teams/{TEAM}/schedule", times=20)
    said = joined(await bot.say(reason))
    assert cancelled not in said
    assert shifts_bot.bob_monday in graph.team(TEAM).shifts
    assert say("shift_cancel.not_cancelled_yet", language) in said
    assert reason in said  # the reason is kept, shown back with the question
    assert await _failures(bot) == 1

    graph.heal()
    done = joined(await bot.say(yes))
    assert cancelled in done
    assert shifts_bot.bob_monday not in graph.team(TEAM).shifts
    assert await _failures(bot) == 0
    # Never twice: a second yes cancels nothing more.
    assert cancelled not in joined(await bot.say(yes))


@pytest.mark.parametrize("locale", ["en-US", "es-ES"])
async def test_the_directory_failing_at_the_reason_still_cancels_once(
    shifts_bot: ShiftsBot, locale: str
) -> None:
    """Guard: Entra ID failing at the reason question; the copy of the people ERA holds serves
    the turn, so the shift is cancelled (once) and the manager named."""
    bot, graph = shifts_bot.bot, shifts_bot.graph
    ask, reason, yes, cancelled = CANCEL[locale]
    bot.locale = locale
    await bot.say(ask)
    graph.fail(503, path_contains="/users", times=20)
    done = joined(await bot.say(reason))
    assert cancelled in done and "Maria Lopez" in done
    assert shifts_bot.bob_monday not in graph.team(TEAM).shifts
    assert cancelled not in joined(await bot.say(yes))


async def _manager_mails(bot: BotHarness) -> list[str]:
    db = await OrgDatabase.open(bot.components.settings.data_dir / "org.sqlite3")
    try:
        rows = await db.fetch_all("SELECT subject FROM outbox ORDER BY rowid")
    finally:
        await db.close()
    return [str(row["subject"]) for row in rows]


# The day of the month (Monday 23, Tuesday 24 November), not the hour in "20:00-23:00".
MONDAY = re.compile(r"(?<![:\d-])23(?![:\d])")
TUESDAY = re.compile(r"(?<![:\d-])24(?![:\d])")
SEVERAL = {
    "en-US": ("cancel my shifts on monday and tuesday", "I'm sick", "yes"),
    "fr-FR": ("annule mes postes de lundi et mardi", "je suis malade", "oui"),
    "es-ES": ("cancela mis turnos del lunes y del martes", "estoy enfermo", "sí"),
    "de-DE": ("sag meine Schichten am Montag und Dienstag ab", "ich bin krank", "ja"),
    "it-IT": ("annulla i miei turni di lunedì e martedì", "sono malato", "sì"),
    "pt-PT": ("cancela os meus turnos de segunda e terça", "estou doente", "sim"),
    "pt-BR": ("cancela meus turnos de segunda e terça", "estou doente", "sim"),
    "nl-NL": ("annuleer mijn diensten op maandag en dinsdag", "ik ben ziek", "ja"),
    "pl-PL": ("odwołaj moje zmiany w poniedziałek i wtorek", "jestem chory", "tak"),
    "ja-JP": ("月曜日と火曜日のシフトをキャンセルして", "体調が悪いです", "はい"),
    "zh-CN": ("取消我周一和周二的班", "我生病了", "是"),
}


@pytest.mark.parametrize("locale", list(SEVERAL))
async def test_teams_shifts_failing_after_one_of_two_shifts_says_which_is_cancelled(
    shifts_bot: ShiftsBot, locale: str
) -> None:
    """It used to say the first shift was cancelled, "Anything else?", then "your shift is NOT
    cancelled yet, try again in a few minutes" without saying which, and forgot the second."""
    bot, graph = shifts_bot.bot, shifts_bot.graph
    ask, reason, yes = SEVERAL[locale]
    language = {"pt-BR": "pt-BR", "zh-CN": "zh"}.get(locale, locale[:2])
    bot.locale = locale
    tuesday = shifts_bot.bob_tuesday
    asked = joined(await bot.say(ask))
    assert MONDAY.search(asked) and TUESDAY.search(asked)
    graph.fail(503, path_contains=tuesday, times=20)
    said = joined(await bot.say(reason))
    assert shifts_bot.bob_monday not in graph.team(TEAM).shifts
    assert tuesday in graph.team(TEAM).shifts
    done, rest = said.split(say("shift_cancel.rest_not_cancelled", language, count=1,
                                shift="{shift}").split("{shift}")[0])
    assert MONDAY.search(done) and not TUESDAY.search(done)
    assert TUESDAY.search(rest) and not MONDAY.search(rest)  # not yet, and asked again
    assert reason in rest
    assert await _failures(bot) == 1
    mails = await _manager_mails(bot)
    assert len(mails) == 1 and MONDAY.search(mails[0])  # the manager hears of Monday only

    graph.heal()
    again = joined(await bot.say(yes))
    assert tuesday not in graph.team(TEAM).shifts
    assert TUESDAY.search(again) and not MONDAY.search(again)
    mails = await _manager_mails(bot)
    assert len(mails) == 2 and TUESDAY.search(mails[1])
    assert await _failures(bot) == 0
    # Never twice: a further yes cancels nothing and tells nobody.
    await bot.say(yes)
    assert len(await _manager_mails(bot)) == 2
    assert len(graph.requests_to("DELETE", shifts_bot.bob_monday)) == 1
