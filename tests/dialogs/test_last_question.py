"""A follow-up that leans on the question just answered ("and saturday?", "and the evening?",
"and alice?", "what about next week?", "et le soir ?", "夜は？", "晚上呢？") is that question
again with its new words: the store's schedule, one's shifts, one's meetings. What comes after
("cancel the second one") reads the list it showed."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from dialogs.shift_options import shift_option
from language.catalogue import default_catalogue, say
from language.formatting import format_day
from language.language_choice import language_for
from language.schedule_terms import schedule_term
from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined, shown

LONDON = ZoneInfo("Europe/London")
FRIDAY = date(2026, 11, 27)  # "friday" from FIXED_NOW's Sunday
SATURDAY = date(2026, 11, 28)


def _first_message(reply: str, language: str) -> str:
    return default_catalogue().identify(reply.splitlines()[0], language)[0]


@pytest.mark.parametrize(
    ("locale", "first", "day", "part"),
    [
        ("en-US", "who is working on friday?", "and saturday?", "and the evening?"),
        ("fr-FR", "qui travaille vendredi ?", "et samedi ?", "et le soir ?"),
        ("de-DE", "wer arbeitet am Freitag?", "und am Samstag?", "und abends?"),
        ("es-ES", "¿quién trabaja el viernes?", "¿y el sábado?", "¿y por la noche?"),
        ("ja-JP", "金曜日は誰が働いていますか？", "土曜日は？", "夜は？"),
        ("zh-CN", "周五谁上班？", "周六呢？", "晚上呢？"),
    ],
)
async def test_a_part_of_the_day_after_another_day_is_that_days_evening(
    bot: BotHarness, locale: str, first: str, day: str, part: str
) -> None:
    """ "and the evening?" after "and saturday?" used to be today's evening."""
    bot.as_person("maria").locale = locale
    language = language_for(locale)
    await bot.say(first)
    saturday = joined(await bot.say(day))
    assert format_day(SATURDAY, language) in saturday.splitlines()[0]
    evening = joined(await bot.say(part))
    assert _first_message(evening, language) == "store_schedule.intro", evening
    assert format_day(SATURDAY, language) in evening.splitlines()[0]
    shifts = await bot.shifts.shifts_on(RIVERSIDE, SATURDAY, LONDON)
    morning = schedule_term("Morning", language)
    for shift in shifts:
        label = f"- {schedule_term(shift.label, language)} "
        if shift.label == "Evening":
            assert label in evening
        elif shift.label == "Morning":
            assert label not in evening and f"- {morning} " in saturday


MONDAY = date(2026, 11, 23)


@pytest.mark.parametrize(
    ("locale", "first", "day", "other", "other_language"),
    [
        ("ja-JP", "金曜日は誰が働いていますか", "土曜日は？", "周一呢？", "zh-Hans"),
        ("ja-JP", "金曜日は誰が働いていますか", "土曜日は？", "那周一呢", "zh-Hans"),
        ("zh-CN", "周五谁上班？", "周六呢？", "月曜日は？", "ja"),
        ("zh-CN", "周五谁上班？", "周六呢？", "では月曜日は？", "ja"),
    ],
)
async def test_a_follow_up_in_the_other_of_japanese_and_chinese_is_that_day_in_its_language(
    bot: BotHarness, locale: str, first: str, day: str, other: str, other_language: str
) -> None:
    """ "周日呢？" after "土曜日は？" in a Japanese Teams was not understood ("I'm not sure what
    you'd like me to do", in Japanese)."""
    bot.as_person("maria").locale = locale
    await bot.say(first)
    await bot.say(day)
    monday = joined(await bot.say(other))
    assert _first_message(monday, other_language) == "store_schedule.intro", monday
    assert format_day(MONDAY, other_language) in monday.splitlines()[0]


@pytest.mark.parametrize(
    ("locale", "question"),
    [("ja-JP", "周一谁上班？"), ("en-GB", "周一谁上班？"), ("fr-FR", "星期一谁上班")],
)
async def test_a_chinese_day_in_another_teams_locale_is_that_day(
    bot: BotHarness, locale: str, question: str
) -> None:
    """ "周一谁上班？" in a Japanese Teams showed today and tomorrow ("it is late today")."""
    bot.as_person("maria").locale = locale
    reply = joined(await bot.say(question))
    assert _first_message(reply, "zh-Hans") == "store_schedule.intro", reply
    assert format_day(MONDAY, "zh-Hans") in reply.splitlines()[0]


@pytest.mark.parametrize("first", ["who's on fri?", "whos working fri"])
async def test_another_day_after_a_short_day_is_that_day_alone(bot: BotHarness,
                                                               first: str) -> None:
    """ "and saturday?" after "who's on fri?" showed Friday and Saturday together."""
    bot.as_person("maria")
    await bot.say(first)
    saturday = joined(await bot.say("and saturday?"))
    assert format_day(SATURDAY, "en") in saturday.splitlines()[0]
    assert format_day(FRIDAY, "en") not in saturday


@pytest.mark.parametrize(
    ("locale", "first", "part"),
    [
        ("en-US", "who is working next week?", "and the evening?"),
        ("fr-FR", "qui bosse la semaine prochaine ?", "et le soir ?"),
        ("es-ES", "quién trabaja la semana que viene", "y por la noche?"),
        ("it-IT", "chi lavora la settimana prossima?", "e la sera?"),
        ("pt-PT", "quem trabalha na próxima semana?", "e à noite?"),
    ],
)
async def test_a_part_of_the_day_after_a_week_is_that_part_of_each_day(
    bot: BotHarness, locale: str, first: str, part: str
) -> None:
    """ "and the evening?" after a week's schedule showed the whole week again."""
    bot.as_person("maria").locale = locale
    language = language_for(locale)
    week = joined(await bot.say(first))
    evening = joined(await bot.say(part))
    morning = f"- {schedule_term('Morning', language)} "
    late = f"- {schedule_term('Evening', language)} "
    assert morning in week and morning not in evening, evening
    monday, saturday = date(2026, 11, 23), SATURDAY
    assert format_day(monday, language) in evening and format_day(saturday, language) in evening
    assert evening.count(late) >= 5


@pytest.mark.parametrize(
    ("locale", "first", "then"),
    [
        ("en-US", "is bob smith working on friday?", "and alice?"),
        ("en-US", "is bob smith working on friday?", "what about Alice"),
        ("fr-FR", "Bob Smith travaille-t-il vendredi ?", "et alice ?"),
        ("de-DE", "arbeitet Bob Smith am Freitag?", "und Alice?"),
        ("es-ES", "¿trabaja Bob Smith el viernes?", "¿y Alice?"),
    ],
)
async def test_another_name_after_a_persons_schedule_is_that_persons(
    bot: BotHarness, locale: str, first: str, then: str
) -> None:
    bot.as_person("maria").locale = locale
    language = language_for(locale)
    await bot.say(first)
    reply = joined(await bot.say(then))
    assert "Alice Martin" in reply.splitlines()[0], reply
    assert format_day(FRIDAY, language) in reply.splitlines()[0]
    assert _first_message(reply, language) in (
        "store_schedule.person_intro",
        "store_schedule.person_none",
    )


async def test_a_name_long_after_the_question_is_not_read_as_about_it(bot: BotHarness) -> None:
    bot.as_person("maria")
    await bot.say("is bob smith working on friday?")
    bot.clock.advance(minutes=11)
    reply = joined(await bot.say("and alice?"))
    assert "Alice Martin" not in reply


async def test_next_week_after_my_shifts_lists_them_and_the_second_is_cancelled(
    bot: BotHarness,
) -> None:
    bot.as_person("bob-smith")
    await bot.say("what are my shifts this week?")
    listed = joined(await bot.say("and next week?"))
    assert listed.startswith(
        say(
            "my_shifts.list_in",
            "en",
            count=listed.count("\n- "),
            searched="between Mon 23 Nov and Sun 29 Nov",
        )
    ), listed
    second = listed.splitlines()[2][2:]
    asked = joined(await bot.say("cancel the second one"))
    assert second in asked and "reason" in asked.lower()
    still = await bot.shifts.shifts_on(RIVERSIDE, FRIDAY, LONDON)
    assert any(s.person_id == "bob-smith" for s in still), "nothing is cancelled before a yes"


@pytest.mark.parametrize(
    ("locale", "first", "then"),
    [
        ("en-US", "what are my shifts this week?", "and next week?"),
        ("de-DE", "was sind meine Schichten diese Woche?", "und nächste Woche?"),
        ("ja-JP", "今週のシフトは？", "来週は？"),
        ("zh-CN", "我这周有哪些班？", "下周呢？"),
    ],
)
async def test_next_week_after_my_shifts_in_other_languages(
    bot: BotHarness, locale: str, first: str, then: str
) -> None:
    bot.as_person("bob-smith").locale = locale
    language = language_for(locale)
    await bot.say(first)
    listed = joined(await bot.say(then))
    assert _first_message(listed, language) == "my_shifts.list_in", listed
    monday = await bot.shifts.shifts_on(RIVERSIDE, date(2026, 11, 23), LONDON)
    for shift in monday:
        if shift.person_id == "bob-smith":
            assert shift_option(shift, 0, LONDON, language).label in listed



@pytest.mark.parametrize(
    ("locale", "first", "then"),
    [
        # Only "the next": the next of the week asked about (it listed the next two weeks).
        ("fr-FR", "je travaille quand cette semaine", "et la prochaine ?"),
        ("es-ES", "cuando trabajo esta semana", "y la proxima?"),
        ("it-IT", "quando lavoro questa settimana", "e la prossima?"),
        ("pt-PT", "quando trabalho esta semana", "e a próxima?"),
        ("pt-BR", "quando trabalho esta semana", "e a próxima?"),
        ("pl-PL", "kiedy pracuję w tym tygodniu", "a w następnym?"),
        ("de-DE", "wann arbeite ich diese woche", "und die nächste?"),
        ("nl-NL", "wanneer werk ik deze week", "en de volgende?"),
    ],
)
async def test_the_next_alone_after_this_weeks_shifts_lists_next_weeks(
    bot: BotHarness, locale: str, first: str, then: str
) -> None:
    bot.as_person("bob-smith").locale = locale
    language = language_for(locale)
    await bot.say(first)
    listed = joined(await bot.say(then))
    # On the test clock's Sunday, "this week" is the week ahead (Mon 23 to Sun 29 Nov), so
    # the next one is Mon 30 Nov to Sun 6 Dec.
    monday = await bot.shifts.shifts_on(RIVERSIDE, date(2026, 11, 23), LONDON)
    week_after = await bot.shifts.shifts_on(RIVERSIDE, date(2026, 11, 30), LONDON)
    assert any(shift.person_id == "bob-smith" for shift in week_after)
    for shift in week_after:
        if shift.person_id == "bob-smith":
            assert shift_option(shift, 0, LONDON, language).label in listed, listed
    for shift in monday:
        if shift.person_id == "bob-smith":
            assert shift_option(shift, 0, LONDON, language).label not in listed, listed


@pytest.mark.parametrize(
    ("locale", "first", "then"),
    [
        ("en-US", "what meetings do I have this week?", "and next week?"),
        ("fr-FR", "quelles réunions j'ai cette semaine ?", "et la semaine prochaine ?"),
        ("zh-CN", "我这周有什么会议？", "下周呢？"),
    ],
)
async def test_next_week_after_my_meetings_lists_next_weeks(
    meetings_bot: BotHarness, locale: str, first: str, then: str
) -> None:
    meetings_bot.locale = locale
    language = language_for(locale)
    this_week = joined(await meetings_bot.say(first))
    # Said on a Sunday, this week is the week ahead: its meetings are listed.
    assert "Bob Smith" in this_week and "Alice Martin" in this_week, this_week
    listed = joined(await meetings_bot.say(then))
    assert "Bob Smith" in listed and "Alice Martin" in listed, listed
    assert say("my_meetings.how_to_change", language) in listed


# After the advice about Bob ends ("no thanks" to the email it offered), "send him a written
# warning" asked "Who should I email?": the person the advice was about is kept for a while.
_LATE = "bob smith keeps coming in late, 5 times this month"
_LATE_ANSWER = "yes he already had a verbal warning last month"


async def test_a_request_naming_nobody_after_the_advice_is_about_its_employee(
    bot: BotHarness,
) -> None:
    bot.as_person("maria")
    await bot.say(_LATE)
    await bot.say(_LATE_ANSWER)
    assert "haven't drafted anything" in joined(await bot.say("no thanks"))
    drafted = joined(await bot.say("send him a written warning"))
    assert "Who should I email" not in drafted
    assert "To: Bob Smith (bob.smith@contoso.example)" in drafted
    assert "formal written warning about your punctuality" in drafted


async def test_after_the_advice_is_closed_a_call_naming_nobody_is_with_its_employee(
    bot: BotHarness,
) -> None:
    bot.as_person("maria")
    await bot.say(_LATE)
    await bot.say(_LATE_ANSWER)
    await bot.say("no thanks")
    await bot.say("cancel")
    offered = joined(await bot.say("book a call with him"))
    assert "Who is the call with" not in offered and "Bob Smith" in offered
    await bot.say("cancel")
    # Only for a while: later, "him" is nobody in particular.
    bot.clock.advance(minutes=11)
    assert "Who should I email" in joined(await bot.say("send him a written warning"))


@pytest.mark.parametrize(("locale", "situation", "answers", "asked_for", "question"), [
    ("en-US", "bob keeps coming in late, 5 times this month",
     ["yes he already had a verbal warning last month"], "email him",
     "There are 2 people called \"Bob\". Which one should I email?"),
    ("de-DE", "Bob kommt ständig zu spät, fünfmal diesen Monat",
     ["ja, er hatte letzten Monat schon eine mündliche Ermahnung"], "ruf ihn an",
     "Es gibt 2 Personen namens „Bob“. Mit wem ist das Gespräch?"),
])
async def test_a_request_naming_nobody_after_advice_about_an_ambiguous_name_asks_which_of_them(
    bot: BotHarness, locale: str, situation: str, answers: list[str], asked_for: str,
    question: str,
) -> None:
    """The finding: after advice about "bob" (two Bobs work at Riverside), "email him" got
    "Who should I email? Please give their name." as if nobody had been named. The manager is
    asked which of the two Bobs, and nothing is drafted or booked for either yet."""
    bot.as_person("maria").locale = locale
    await bot.say(situation)
    for answer in answers:
        await bot.say(answer)
    await bot.say({"en-US": "cancel", "de-DE": "abbrechen"}[locale])
    asked = shown(await bot.say(asked_for))
    assert question in asked
    assert "Bob Jones" in asked and "Bob Smith" in asked
    assert "To:" not in asked and "An:" not in asked


@pytest.mark.parametrize(("locale", "person", "asked", "follow", "day"), [
    ("en-GB", "bob-smith", "what are my shifts on fri 4 dec?", "and saturday?", "Sat 5 Dec"),
    ("fr-FR", "bob-smith", "quels sont mes services le vendredi 4 décembre ?", "et samedi ?",
     "sam. 5 déc."),
    ("en-GB", "maria", "who works on wednesday 9 december?", "and thursday?", "Thu 10 Dec"),
    ("de-DE", "maria", "wer arbeitet am Mittwoch, den 9. Dezember?", "und Donnerstag?",
     "Do., 10. Dez."),
])
async def test_a_weekday_after_a_date_is_the_one_beside_that_date(
    bot: BotHarness, locale: str, person: str, asked: str, follow: str, day: str
) -> None:
    """'and saturday?' after 'what are my shifts on fri 4 dec?' answered for Friday 4
    December again (the follow-up's day took the weekday's place and left the date)."""
    bot.as_person(person)
    bot.locale = locale
    await bot.say(asked)
    assert day in joined(await bot.say(follow))
