"""A manager says one of their people cannot come in: ERA finds that person's shift, says what
it is, takes them off it only after the unassign preview and a yes, names who could cover it and
assigns one of them through the assign flow's own preview."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from language.catalogue import say
from language.formatting import format_weekday
from language.intent_rules import language_of
from language.schedule_terms import schedule_term
from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined

LONDON = ZoneInfo("Europe/London")
MONDAY = date(2026, 11, 23)  # "tomorrow" at FIXED_NOW (Sunday 22 Nov 2026)


async def _morning_sales(bot: BotHarness) -> str | None:
    """Who holds Monday's Morning sales associate shift (None: it is open)."""
    for shift in await bot.shifts.shifts_on(RIVERSIDE, MONDAY, LONDON):
        if shift.label == "Morning" and shift.role == "sales associate":
            return shift.person_id
    raise AssertionError("the demo schedule has a Monday Morning sales associate shift")


async def test_a_sick_call_takes_the_person_off_after_yes_and_assigns_cover(
    bot: BotHarness,
) -> None:
    bot.as_person("maria")
    told = joined(await bot.say("Bob Smith called in sick for tomorrow"))
    assert "Bob is on Monday's Morning shift, 09:00–15:00." in told
    assert "Shall I apply this change?" in told
    assert await _morning_sales(bot) == "bob-smith"  # nothing changes before the yes

    offered = await bot.say("yes")
    assert await _morning_sales(bot) is None
    assert "Done: Bob Smith off Mon 23 Nov, Morning 09:00-15:00" in joined(offered)
    names = [title for reply in offered for title, _ in reply.buttons]
    # Qualified sales associates free on Monday morning (as the worker's cancellation says).
    assert names == ["1. Bob Jones", "2. Sophie Dubois", "3. Yuki Tanaka"]

    preview = joined(await bot.say("Sophie"))
    assert "Preview: Sophie Dubois → Mon 23 Nov, Morning 09:00-15:00" in preview
    assert await _morning_sales(bot) is None  # the assignment waits for its own yes
    await bot.say("yes")
    assert await _morning_sales(bot) == "sophie"


async def test_no_at_the_preview_changes_nothing(bot: BotHarness) -> None:
    bot.as_person("maria")
    await bot.say("Bob Smith can't come in tomorrow")
    kept = joined(await bot.say("no"))
    assert kept == say("shift_change.kept", "en")
    assert await _morning_sales(bot) == "bob-smith"


async def test_the_shift_can_be_left_open(bot: BotHarness) -> None:
    bot.as_person("maria")
    await bot.say("Bob Smith is sick tomorrow")
    await bot.say("yes")
    left = joined(await bot.say("no"))
    assert left == say("absence_report.left_open", "en")
    assert await _morning_sales(bot) is None


async def test_two_bobs_ask_which_one_and_no_day_asks_which_day(bot: BotHarness) -> None:
    bot.as_person("maria")
    asked = await bot.say("Bob can't come in")
    assert "Which one can't come in?" in joined(asked)
    assert [title for reply in asked for title, _ in reply.buttons][:2] == [
        "1. Bob Jones",
        "2. Bob Smith",
    ]
    day = joined(await bot.say("Bob Smith"))
    assert day == "Which day can't Bob come in?"
    told = joined(await bot.say("tomorrow"))
    assert "Bob is on Monday's Morning shift, 09:00–15:00." in told


async def test_no_shift_that_day_is_said_and_nothing_is_done(bot: BotHarness) -> None:
    bot.as_person("maria")
    said = joined(await bot.say("Bob Smith is sick today"))
    assert said == (
        "Bob Smith has no upcoming shift on Sunday 22 November, so there's nothing "
        "to cover. I haven't changed anything."
    )
    assert await _morning_sales(bot) == "bob-smith"


async def test_a_pattern_of_sick_calls_is_advice_not_a_schedule_change(bot: BotHarness) -> None:
    bot.as_person("maria")
    answered = joined(await bot.say("Bob Smith keeps calling in sick"))
    assert "Shall I apply this change?" not in answered
    assert "Cancelling a shift is done by the person who works it" not in answered
    assert await _morning_sales(bot) == "bob-smith"


async def test_in_french_the_manager_is_answered_in_french(bot: BotHarness) -> None:
    bot.as_person("maria").locale = "fr-FR"
    told = joined(await bot.say("Bob Smith ne peut pas venir demain"))
    assert "Bob est au poste Matin de lundi, 09:00–15:00." in told
    offered = joined(await bot.say("oui"))
    assert await _morning_sales(bot) is None
    assert "pourraient le remplacer" in offered


async def test_a_return_after_a_long_sickness_is_advice_and_moves_no_shift(
    bot: BotHarness,
) -> None:
    """The finding: "Sophie est en arrêt maladie depuis 2 mois et elle revient lundi" was read
    as "Sophie can't come on Monday": ERA offered to take her off Monday's shift, and Maria's
    later "ok prépare un mail pour elle" applied it. A long absence is a situation to handle."""
    bot.as_person("maria").locale = "fr-FR"
    told = joined(await bot.say(
        "Sophie est en arret maladie depuis 2 mois et elle revient lundi, comment je gere son"
        " retour ?"))
    assert "Dois-je appliquer cette modification ?" not in told
    assert "Les absences pour maladie demandent du tact" in told
    await bot.say("non pas encore parlé, les RH sont au courant")
    await bot.say("ok prépare un mail pour elle")
    monday = await bot.shifts.shifts_on(RIVERSIDE, MONDAY, LONDON)
    assert any(shift.person_id == "sophie" for shift in monday)


@pytest.mark.parametrize(("first", "first_locale", "reply", "locale", "yes"), [
    ("Bob Smith est malade demain", "fr-FR", "ok, call him", "en-US", "yes"),
    ("Bob Smith called in sick for tomorrow", "en-US", "vale, llámalo", "es-ES", "sí"),
    ("ボブ・スミスさんは明日病欠です", "ja-JP", "知道了，给他打电话", "zh-CN", "是"),
    ("Bob Smith ist morgen krank", "de-DE", "oké, bel hem", "nl-NL", "ja"),
])
async def test_the_absence_preview_is_asked_again_in_the_language_of_the_reply(
    bot: BotHarness, first: str, first_locale: str, reply: str, locale: str, yes: str
) -> None:
    """The finding: a manager who switched language at the absence report's preview had it
    asked again with "Bob est au poste Matin de lundi" still in the first message's language,
    where the other previews follow the language of the latest message."""
    bot.as_person("maria")
    told = joined(await bot.say(first, locale=first_locale))
    assert await _morning_sales(bot) == "bob-smith", told
    held = await bot.say(reply, locale=locale)
    language = language_of(locale)
    on_shift = say("absence_report.on_shift", language, name="Bob",
                   weekday=format_weekday(MONDAY.weekday(), language),
                   shift=schedule_term("Morning", language), start="09:00", end="15:00")
    assert on_shift in held[-1].text, held[-1].text
    assert await _morning_sales(bot) == "bob-smith"
    await bot.say(yes, locale=locale)
    assert await _morning_sales(bot) is None
