"""A store manager asks who is working when: the store's shifts day by day, in time order, with
who works each and which are open; a worker is pointed to their own shifts."""

from __future__ import annotations

from datetime import date, timedelta
from zoneinfo import ZoneInfo

from language.catalogue import default_catalogue, say
from language.formatting import format_day
from language.schedule_terms import schedule_term
from services.demo_organisation import PEOPLE, RIVERSIDE
from tests.bot_harness import BotHarness, joined

LONDON = ZoneInfo("Europe/London")
SUNDAY = date(2026, 11, 22)  # FIXED_NOW's day
NAMES = {p.id: p.name for p in PEOPLE}


async def _expected_lines(
    bot: BotHarness, day: date, open_text: str, language: str = "en"
) -> list[str]:
    """The shift lines the demo schedule gives for a day, in time order."""
    lines = []
    for shift in await bot.shifts.shifts_on(RIVERSIDE, day, LONDON):
        start, end = shift.starts_at.astimezone(LONDON), shift.ends_at.astimezone(LONDON)
        hours = f"{start:%H:%M}-{end:%H:%M}"
        who = open_text if shift.person_id is None else NAMES[shift.person_id]
        label, role = schedule_term(shift.label, language), schedule_term(shift.role, language)
        lines.append(f"{label} {hours} ({role})")
        lines[-1] += f": {who}" if open_text == "open shift" else f" : {who}"
    return lines


async def test_today_names_who_works_each_shift_and_the_open_ones(bot: BotHarness) -> None:
    bot.as_person("maria")
    shifts = await bot.shifts.shifts_on(RIVERSIDE, SUNDAY, LONDON)
    assert shifts, "the demo schedule has shifts on the test's Sunday"
    assert any(s.is_open for s in shifts) and any(not s.is_open for s in shifts)

    reply = joined(await bot.say("who's on shift today?"))
    assert "Who's working at Contoso Market Riverside on Sun 22 Nov:" in reply
    assert format_day(SUNDAY, "en") + ":" in reply
    expected = await _expected_lines(bot, SUNDAY, "open shift")
    shown = [line[2:] for line in reply.splitlines() if line.startswith("- ")]
    assert shown == expected
    assert reply.count(format_day(SUNDAY, "en")) == 1  # one day: the opening line names it
    assert say("store_schedule.what_next", "en", assign=say("main.example.shift_assign", "en"),
               unassign=say("main.example.shift_unassign", "en"),
               swap=say("main.example.shift_swap", "en")) in reply


async def test_a_question_naming_no_day_is_about_today_and_late_in_the_day_tomorrow_too(
    bot: BotHarness,
) -> None:
    bot.as_person("maria")
    reply = joined(await bot.say("who is working?"))
    assert "Who's working at Contoso Market Riverside today:" in reply
    assert format_day(SUNDAY + timedelta(days=1), "en") not in reply
    bot.clock.advance(hours=8)  # 18:00 in London
    reply = joined(await bot.say("who is working?"))
    assert "today and tomorrow" in reply
    assert format_day(SUNDAY, "en") + ":" in reply
    assert format_day(SUNDAY + timedelta(days=1), "en") + ":" in reply


async def test_next_week_lists_seven_days(bot: BotHarness) -> None:
    bot.as_person("maria")
    reply = joined(await bot.say("show me the rota for next week"))
    monday = date(2026, 11, 23)
    assert (f"Who's working at Contoso Market Riverside between {format_day(monday, 'en')} and "
            f"{format_day(monday + timedelta(days=6), 'en')}:") in reply
    headings = [line for line in reply.splitlines() if line.endswith(":") and
                not line.startswith("Who's")]
    assert headings == [f"{format_day(monday + timedelta(days=n), 'en')}:" for n in range(7)]
    for n in range(7):
        day = monday + timedelta(days=n)
        for line in await _expected_lines(bot, day, "open shift"):
            assert f"- {line}" in reply


async def test_part_of_a_day_shows_the_shifts_in_it(bot: BotHarness) -> None:
    bot.as_person("maria")
    reply = joined(await bot.say("is anyone working Sunday evening?"))
    shifts = await bot.shifts.shifts_on(RIVERSIDE, SUNDAY, LONDON)
    evening = [s for s in shifts if s.ends_at.astimezone(LONDON).hour >= 18]
    morning = [s for s in shifts if s.ends_at.astimezone(LONDON).hour <= 16]
    for shift in evening:
        assert f"{shift.label} {shift.starts_at.astimezone(LONDON):%H:%M}" in reply
    for shift in morning:
        assert f"{shift.label} {shift.starts_at.astimezone(LONDON):%H:%M}" not in reply


async def test_a_worker_is_pointed_to_their_own_shifts(bot: BotHarness) -> None:
    bot.as_person("bob-smith")
    reply = joined(await bot.say("who is working tomorrow?"))
    assert reply == say("flow.store_schedule.denied", "en")
    assert "what are my shifts?" in reply


async def test_a_manager_asking_for_her_own_shifts_is_pointed_to_the_store(
    bot: BotHarness,
) -> None:
    bot.as_person("maria")
    reply = joined(await bot.say("what are my shifts?"))
    assert reply == say("flow.my_shifts.denied", "en")
    assert "who is working tomorrow?" in reply


async def test_a_french_manager_gets_the_schedule_in_french(bot: BotHarness) -> None:
    bot.as_person("maria").locale = "fr-FR"
    monday = date(2026, 11, 23)
    reply = joined(await bot.say("qui travaille demain ?"))
    assert "store_schedule.intro" in default_catalogue().identify(reply.splitlines()[0], "fr")
    assert f"Qui travaille à Contoso Market Riverside le {format_day(monday, 'fr')} :" in reply
    assert f"{format_day(monday, 'fr')} :" in reply
    for line in await _expected_lines(bot, monday, "poste à pourvoir", "fr"):
        assert f"- {line}" in reply
    # The demo schedule's English names, in French.
    assert "- Matin 09:00-15:00 (caisse) : Alice Martin" in reply
    assert "Pour le modifier, dites par exemple" in reply


async def test_asked_while_assigning_it_is_answered_and_the_assignment_offered_back(
    bot: BotHarness,
) -> None:
    bot.as_person("maria")
    wednesday = date(2026, 11, 25)
    offered = joined(await bot.say("assign bob jones on wed sales associate"))
    assert "which shift?" in offered
    listed = joined(await bot.say("who is working on wednesday?"))
    assert f"Who's working at Contoso Market Riverside on {format_day(wednesday, 'en')}:" in listed
    assert say("flow.shift_assign.resume", "en") in listed
    assert "which shift?" in joined(await bot.say("yes"))
