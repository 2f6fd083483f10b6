"""A worker points at the shifts offered instead of naming one: "both" at a list of two, "all
of them" at any list, "the other one" once one is picked. The shifts meant go on to the reason
question; nothing is cancelled before the reason (or a yes to the one given)."""

from __future__ import annotations

import re
from datetime import date, timedelta
from zoneinfo import ZoneInfo

import pytest

from services.demo_organisation import RIVERSIDE
from services.org_database import OrgDatabase
from tests.bot_harness import BotHarness, joined

LONDON = ZoneInfo("Europe/London")
MONDAY = date(2026, 11, 23)
WEEK = [MONDAY + timedelta(days=n) for n in range(6)]  # Bob Smith works each day, Mon to Sat


async def _bobs_days(bot: BotHarness) -> list[date]:
    """The days of the coming week Bob Smith still works."""
    return [day for day in WEEK
            if any(s.person_id == "bob-smith"
                   for s in await bot.shifts.shifts_on(RIVERSIDE, day, LONDON))]


def _names_day(text: str, day: date) -> bool:
    """Whether `text` names the day of the month of `day` (not a time such as 23:00)."""
    return re.search(rf"(?<![\d:]){day.day}(?![\d:])", text) is not None


async def _mails(bot: BotHarness) -> int:
    db = await OrgDatabase.open(bot.components.settings.data_dir / "org.sqlite3")
    try:
        return len(await db.fetch_all("SELECT * FROM outbox"))
    finally:
        await db.close()


@pytest.mark.parametrize(("locale", "request_text", "both", "reason"), [
    ("en-GB", "cancel my shift on monday or tuesday", "both", "I'm sick"),
    ("en-GB", "cancel my shift on monday or tuesday", "the two of them", "I'm sick"),
    ("fr-FR", "annule lundi ou mardi", "les deux", "je suis malade"),
    ("de-DE", "storniere montag oder dienstag", "beide", "ich bin krank"),
    ("es-ES", "cancela el lunes o el martes", "los dos", "estoy enfermo"),
    ("pl-PL", "odwołaj poniedziałek lub wtorek", "obie", "jestem chory"),
    ("it-IT", "annulla lunedì o martedì", "entrambi", "sono malato"),
    ("nl-NL", "annuleer maandag of dinsdag", "allebei", "ik ben ziek"),
])
async def test_both_at_a_list_of_two_goes_on_with_both(
    bot: BotHarness, locale: str, request_text: str, both: str, reason: str
) -> None:
    """The finding: "both" at "which one do you want to cancel?" (Monday or Tuesday) was
    "didn't understand". Both shifts are restated with the reason question; the reason
    cancels both, and not before."""
    bot.as_person("bob-smith").locale = locale
    await bot.say(request_text)
    asked = joined(await bot.say(both))
    assert "23" in asked and "24" in asked, asked
    assert await _bobs_days(bot) == WEEK and await _mails(bot) == 0
    await bot.say(reason)
    assert await _bobs_days(bot) == WEEK[2:]
    assert await _mails(bot) == 2


async def test_both_at_a_narrowed_list_of_two_in_japanese(bot: BotHarness) -> None:
    """"両方" at the two evenings left of the week's list picks both evenings."""
    bot.as_person("bob-smith").locale = "ja-JP"
    await bot.say("シフトをキャンセルしたい")
    await bot.say("夜")  # Tuesday's and Thursday's evenings
    asked = joined(await bot.say("両方"))
    assert "11月24日" in asked and "11月26日" in asked, asked
    await bot.say("体調不良です")
    assert await _bobs_days(bot) == [WEEK[0], WEEK[2], WEEK[4], WEEK[5]]


@pytest.mark.parametrize(("locale", "all_of_them", "reason"), [
    ("en-GB", "all of them", "I'm moving away"),
    ("fr-FR", "tous", "je déménage"),
    ("de-DE", "alle", "ich ziehe um"),
    ("es-ES", "todos", "me mudo"),
    ("pl-PL", "wszystkie", "przeprowadzam się"),
    ("ja-JP", "全部", "引っ越すためです"),
])
async def test_all_of_them_at_the_weeks_list_goes_on_with_all(
    bot: BotHarness, locale: str, all_of_them: str, reason: str
) -> None:
    """"all of them" at the list of the week's six shifts restates all six with the reason
    question; the reason cancels all six."""
    bot.as_person("bob-smith").locale = locale
    await bot.say("cancel one of my shifts")
    asked = joined(await bot.say(all_of_them))
    assert all(str(day.day) in asked for day in WEEK), asked
    assert await _bobs_days(bot) == WEEK
    await bot.say(reason)
    assert await _bobs_days(bot) == []
    assert await _mails(bot) == 6


async def test_no_after_all_of_them_keeps_every_shift(bot: BotHarness) -> None:
    bot.as_person("bob-smith").locale = "de-DE"
    await bot.say("storniere eine meiner Schichten")
    await bot.say("alle")
    await bot.say("nein")
    assert await _bobs_days(bot) == WEEK and await _mails(bot) == 0


@pytest.mark.parametrize(("locale", "request_text", "other_one", "reason"), [
    ("en-GB", "cancel my shift on monday or tuesday", "no, the other one", "I'm sick"),
    ("fr-FR", "annule lundi ou mardi", "non, l'autre", "je suis malade"),
    ("de-DE", "storniere montag oder dienstag", "nein, die andere", "ich bin krank"),
    ("es-ES", "cancela el lunes o el martes", "el otro", "estoy enfermo"),
    ("pl-PL", "odwołaj poniedziałek lub wtorek", "ten drugi", "jestem chory"),
])
async def test_the_other_one_after_picking_one_of_two_is_the_other(
    bot: BotHarness, locale: str, request_text: str, other_one: str, reason: str
) -> None:
    """The finding: "no, the other one" at Monday's reason question was read as "no": the
    flow ended with nothing cancelled ("l'autre" was "give your reason"). It is Tuesday's
    shift now, restated with the reason question; the reason cancels Tuesday's only."""
    bot.as_person("bob-smith").locale = locale
    await bot.say(request_text)
    await bot.say("1")
    asked = joined(await bot.say(other_one))
    # Monday's is the morning (09:00-15:00), Tuesday's the evening (20:00-23:00).
    assert "20:00" in asked and "09:00" not in asked, asked
    assert await _bobs_days(bot) == WEEK
    await bot.say(reason)
    assert await _bobs_days(bot) == [WEEK[0], *WEEK[2:]]


@pytest.mark.parametrize(("locale", "request_text", "other_one"), [
    ("en-GB", "cancel my shift tomorrow", "the other one"),
    ("ja-JP", "明日のシフトをキャンセルして", "もう一つの方"),
])
async def test_the_other_one_with_no_list_shown_lists_the_others(
    bot: BotHarness, locale: str, request_text: str, other_one: str
) -> None:
    """Tomorrow's one shift found at once, "the other one" lists his other five coming
    shifts to pick from; the one picked goes on to the reason question."""
    bot.as_person("bob-smith").locale = locale
    await bot.say(request_text)
    listed = await bot.say(other_one)
    buttons = [title for reply in listed for title, _ in reply.buttons if title[0].isdigit()]
    assert len(buttons) == 5 and "24" in buttons[0], buttons
    await bot.say("1")
    await bot.say("family emergency" if locale == "en-GB" else "家族の急用です")
    assert await _bobs_days(bot) == [WEEK[0], *WEEK[2:]]


async def test_the_other_one_after_a_reason_given_waits_for_a_yes(bot: BotHarness) -> None:
    """A reason in the first message is kept for the other shift, shown for a yes."""
    bot.as_person("bob-smith").locale = "fr-FR"
    await bot.say("annule lundi ou mardi, je suis malade")
    await bot.say("1")
    asked = joined(await bot.say("l'autre"))
    assert "je suis malade" in asked and "24" in asked, asked
    assert await _bobs_days(bot) == WEEK
    await bot.say("oui")
    assert await _bobs_days(bot) == [WEEK[0], *WEEK[2:]]


@pytest.mark.parametrize(("locale", "picks", "reason", "kept"), [
    ("en-GB", "1 and 2", "I'm moving house", WEEK[2:]),
    ("en-GB", "1, 2", "I'm moving house", WEEK[2:]),
    ("en-GB", "1 and 2 please", "I'm moving house", WEEK[2:]),
    ("en-GB", "the first two", "I'm moving house", WEEK[2:]),
    ("en-GB", "monday and wednesday", "I'm moving house", [WEEK[1], *WEEK[3:]]),
    ("fr-FR", "1 et 3", "je déménage", [WEEK[1], *WEEK[3:]]),
    ("fr-FR", "les deux premiers", "je déménage", WEEK[2:]),
    ("de-DE", "1 und 2", "ich ziehe um", WEEK[2:]),
    ("ja-JP", "1と2", "引っ越すためです", WEEK[2:]),
    ("en-GB", "one and two", "I'm moving house", WEEK[2:]),
    ("pl-PL", "dwie pierwsze", "przeprowadzam się", WEEK[2:]),
    ("pl-PL", "pierwsze dwie", "przeprowadzam się", WEEK[2:]),
    ("de-DE", "die ersten beiden", "ich ziehe um", WEEK[2:]),
])
async def test_several_numbers_at_the_weeks_list_go_on_with_those(
    bot: BotHarness, locale: str, picks: str, reason: str, kept: list[date]
) -> None:
    """The finding: "1 and 2" (or "1, 2", "1 et 3", "the first two") at the list of the
    week's six shifts was "didn't understand". Exactly those shifts are restated with the
    reason question, nothing is cancelled before the reason, and the reason cancels those
    only."""
    bot.as_person("bob-smith").locale = locale
    await bot.say("cancel one of my shifts")
    asked = joined(await bot.say(picks))
    meant = [day for day in WEEK if day not in kept]
    assert [day for day in WEEK if _names_day(asked, day)] == meant, asked
    assert await _bobs_days(bot) == WEEK and await _mails(bot) == 0
    await bot.say(reason)
    assert await _bobs_days(bot) == kept
    assert await _mails(bot) == len(meant)


@pytest.mark.parametrize(("locale", "request_text", "picks", "accepted"), [
    ("en-GB", "cancel one of my shifts", "1 and 9", "no shift 9"),
    ("fr-FR", "annule un de mes postes", "1 et 9", "pas de poste 9"),
    ("de-DE", "storniere eine meiner Schichten", "1 und 9", "keine Schicht 9"),
    ("en-GB", "cancel one of my shifts", "one and nine", "no shift 9"),
    ("fr-FR", "annule un de mes postes", "un et neuf", "pas de poste 9"),
])
async def test_a_number_past_the_list_picks_nothing_and_says_what_is_accepted(
    bot: BotHarness, locale: str, request_text: str, picks: str, accepted: str
) -> None:
    """"1 and 9" at a list of six: no shift is 9, so none is picked (not even 1); the
    reply says the numbers go from 1 to 6 and shows the list again, and a right answer
    then goes on."""
    bot.as_person("bob-smith").locale = locale
    await bot.say(request_text)
    replies = await bot.say(picks)
    said = joined(replies)
    assert accepted in said and "1" in said and "6" in said, said
    assert sum(1 for reply in replies for title, _ in reply.buttons if title[0].isdigit()) == 6
    assert await _bobs_days(bot) == WEEK and await _mails(bot) == 0
    await bot.say("1")
    await bot.say("family emergency")
    assert await _bobs_days(bot) == WEEK[1:]


async def _bobs_evening_days(bot: BotHarness) -> list[date]:
    """The days of the coming week Bob Smith works an evening shift (from 18:00)."""
    return [day for day in WEEK
            if any(s.person_id == "bob-smith" and s.starts_at.astimezone(LONDON).hour >= 18
                   for s in await bot.shifts.shifts_on(RIVERSIDE, day, LONDON))]


@pytest.mark.parametrize(("locale", "evening_ones", "reason"), [
    ("en-GB", "the evening ones", "family stuff"),
    ("en-GB", "all the evening ones", "family stuff"),
    ("fr-FR", "ceux du soir", "raisons familiales"),
    ("es-ES", "los de la noche", "motivos familiares"),
    ("de-DE", "die abendschichten", "familiäre Gründe"),
    ("it-IT", "quelli serali", "motivi familiari"),
    ("pt-BR", "os da noite", "motivos familiares"),
    ("nl-NL", "de avonddiensten", "familieomstandigheden"),
    ("pl-PL", "te wieczorne", "sprawy rodzinne"),
    ("ja-JP", "夜のシフト全部", "家庭の事情です"),
    ("zh-CN", "晚班都取消", "家里有事"),
])
async def test_the_evening_ones_at_the_weeks_list_go_on_with_every_evening_shift(
    bot: BotHarness, locale: str, evening_ones: str, reason: str
) -> None:
    """The finding: "the evening ones" at the week's list was "These 2 match. Which one?"
    (German, Italian, Dutch, Polish, Japanese and Chinese: "didn't understand"), so a worker
    who meant both had to name them again. Every evening shift is restated with the reason
    question; nothing is cancelled before the reason, and the reason cancels those only."""
    bot.as_person("bob-smith").locale = locale
    evenings = await _bobs_evening_days(bot)
    assert len(evenings) >= 2
    await bot.say("cancel one of my shifts")
    asked = joined(await bot.say(evening_ones))
    assert [day for day in WEEK if _names_day(asked, day)] == evenings, asked
    assert await _bobs_days(bot) == WEEK and await _mails(bot) == 0
    await bot.say(reason)
    assert await _bobs_days(bot) == [day for day in WEEK if day not in evenings]


async def test_the_evening_one_in_the_singular_is_still_asked_which(bot: BotHarness) -> None:
    """"the evening one" names one shift of several: which one is asked, nothing is picked."""
    bot.as_person("bob-smith")
    await bot.say("cancel one of my shifts")
    asked = joined(await bot.say("the evening one"))
    assert "Which one?" in asked
    assert await _bobs_days(bot) == WEEK


@pytest.mark.parametrize(("locale", "all_of_them", "one", "reason", "kept_away"), [
    ("en-GB", "all of them", "2nd one", "I'm sick", 1),
    ("en-GB", "all of them", "the first one", "I'm sick", 0),
    ("fr-FR", "tous", "le deuxième", "je suis malade", 1),
    ("es-ES", "todos", "el segundo", "estoy enfermo", 1),
])
async def test_one_of_all_of_them_at_their_reason_question_is_that_one(
    bot: BotHarness, locale: str, all_of_them: str, one: str, reason: str, kept_away: int
) -> None:
    """"all of them", then "2nd one" at the reason question for all six: "2nd" was read as
    the 2nd of the month, and a shift that was not on the list (Wed 2 Dec) was taken up. The
    2nd of the six shifts is meant; its reason cancels it alone."""
    bot.as_person("bob-smith").locale = locale
    await bot.say("cancel one of my shifts")
    await bot.say(all_of_them)
    asked = joined(await bot.say(one))
    meant = WEEK[kept_away]
    assert _names_day(asked, meant) and not _names_day(asked, WEEK[5]), asked
    await bot.say(reason)
    assert await _bobs_days(bot) == [day for day in WEEK if day != meant]
