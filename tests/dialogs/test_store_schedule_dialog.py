"""A store manager asks who is working when: the store's shifts day by day, in time order, with
who works each and which are open; one person's shifts, those beside someone's, how many work;
a worker gets their own shifts, with who works beside them on the day asked."""

from __future__ import annotations

from datetime import date, timedelta
from zoneinfo import ZoneInfo

import pytest

from core.shift import Shift
from dialogs.shift_options import shift_option
from language.catalogue import default_catalogue, say
from language.formatting import format_day, format_hours
from language.language_choice import language_for
from language.schedule_terms import schedule_term
from services.demo_organisation import PEOPLE, RIVERSIDE
from services.playbook_advisor import NO_GUIDANCE
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


async def test_a_worker_gets_their_own_shift_and_who_works_beside_them(bot: BotHarness) -> None:
    bot.as_person("bob-smith")
    reply = joined(await bot.say("who is working tomorrow?"))
    monday = await bot.shifts.shifts_on(RIVERSIDE, SUNDAY + timedelta(days=1), LONDON)
    own = next(s for s in monday if s.person_id == "bob-smith")
    assert reply.startswith(say("my_shifts.with_intro", "en",
                                shift=shift_option(own, 0, LONDON, "en").label))
    for shift in monday:
        if shift.person_id not in (None, "bob-smith") and not shift.overlaps(
                own.starts_at, own.ends_at):
            assert NAMES[shift.person_id] not in reply


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


# -- one person, alongside someone, how many ------------------------------------------------

FRIDAY = date(2026, 11, 27)  # "friday" from FIXED_NOW's Sunday


def _shift_label(shift: Shift, language: str = "en") -> str:
    return f"- {shift_option(shift, 0, LONDON, language).label}"


async def _their_shifts(bot: BotHarness, person_id: str, day: date) -> list[Shift]:
    return [s for s in await bot.shifts.shifts_on(RIVERSIDE, day, LONDON)
            if s.person_id == person_id]


def _not_handed_over(reply: str) -> None:
    assert say(NO_GUIDANCE, "en") not in reply
    assert "handing you over" not in reply


async def test_is_bob_smith_working_on_friday_lists_his_shifts_that_day(bot: BotHarness) -> None:
    bot.as_person("maria")
    shifts = await _their_shifts(bot, "bob-smith", FRIDAY)
    assert shifts, "the demo schedule gives Bob Smith a Friday shift"
    reply = joined(await bot.say("is bob smith working on friday?"))
    _not_handed_over(reply)
    assert reply.startswith(say("store_schedule.person_intro", "en", count=len(shifts),
                                name="Bob Smith", searched=f"on {format_day(FRIDAY, 'en')}"))
    for shift in shifts:
        assert _shift_label(shift) in reply
    assert "Alice Martin" not in reply  # only his shifts


async def test_a_day_without_a_shift_says_so(bot: BotHarness) -> None:
    bot.as_person("maria")
    days = [SUNDAY + timedelta(days=n) for n in range(1, 8)]
    free = [d for d in days if not await _their_shifts(bot, "chen", d)]
    assert free, "Chen has a day off in the coming week"
    weekday = f"{free[0]:%A}".lower()
    reply = joined(await bot.say(f"does chen work {weekday}?"))
    assert reply.splitlines()[0] == say("store_schedule.person_none", "en", name="Chen Wei",
                                        searched=f"on {format_day(free[0], 'en')}")


async def test_a_persons_schedule_without_a_day_is_their_coming_week(bot: BotHarness) -> None:
    bot.as_person("maria")
    reply = joined(await bot.say("show me chen's schedule"))
    week = [SUNDAY + timedelta(days=n) for n in range(7)]
    shifts = [s for d in week for s in await _their_shifts(bot, "chen", d)]
    assert reply.startswith(say(
        "store_schedule.person_intro", "en", count=len(shifts), name="Chen Wei",
        searched=f"between {format_day(week[0], 'en')} and {format_day(week[-1], 'en')}"))
    assert [line for line in reply.splitlines() if line.startswith("- ")] == [
        _shift_label(s) for s in shifts]


async def test_two_bobs_get_which_one_and_the_pick_gets_his_shifts(bot: BotHarness) -> None:
    bot.as_person("maria")
    asked = joined(await bot.say("is bob working friday?"))
    _not_handed_over(asked)
    assert say("employee.which_same_name.schedule", "en", count=2, query="bob") in asked \
        or say("employee.which_same_name.schedule", "en", count=2, query="Bob") in asked
    assert "Bob Jones" in asked and "Bob Smith" in asked
    reply = joined(await bot.say("Bob Jones"))
    shifts = await _their_shifts(bot, "bob-jones", FRIDAY)
    assert "Bob Jones" in reply.splitlines()[0]
    for shift in shifts:
        assert _shift_label(shift) in reply


async def test_someone_of_another_store_is_refused(bot: BotHarness) -> None:
    bot.as_person("maria")
    reply = joined(await bot.say("is omar working friday?"))
    assert reply == say("employee.elsewhere", "en", name="Omar Haddad")


async def test_how_many_cashiers_counts_the_people_and_lists_their_shifts(
    bot: BotHarness,
) -> None:
    bot.as_person("maria")
    cashiers = [s for s in await bot.shifts.shifts_on(RIVERSIDE, FRIDAY, LONDON)
                if s.role == "cashier"]
    people = {s.person_id for s in cashiers if s.person_id}
    reply = joined(await bot.say("how many cashiers do I have on friday?"))
    _not_handed_over(reply)
    assert reply.startswith(say(
        "store_schedule.count_role", "en", count=len(people), role="cashier",
        store="Contoso Market Riverside", searched=f"on {format_day(FRIDAY, 'en')}"))
    shown = [line for line in reply.splitlines() if line.startswith("- ")]
    assert len(shown) == len(cashiers) and all("(cashier)" in line for line in shown)


async def test_how_many_people_work_tomorrow_counts_everyone(bot: BotHarness) -> None:
    bot.as_person("maria")
    monday = SUNDAY + timedelta(days=1)
    shifts = await bot.shifts.shifts_on(RIVERSIDE, monday, LONDON)
    people = {s.person_id for s in shifts if s.person_id}
    reply = joined(await bot.say("how many people are working tomorrow?"))
    assert reply.startswith(say("store_schedule.count", "en", count=len(people),
                                store="Contoso Market Riverside",
                                searched=f"on {format_day(monday, 'en')}"))


async def test_whos_on_with_alice_lists_the_shifts_beside_hers(bot: BotHarness) -> None:
    bot.as_person("maria")
    day = next(d for d in (SUNDAY + timedelta(days=n) for n in range(1, 7))
               if d.weekday() == 5)  # Saturday, as asked
    hers = await _their_shifts(bot, "alice", day)
    assert hers, "Alice works on Saturday in the demo schedule"
    beside = [s for s in await bot.shifts.shifts_on(RIVERSIDE, day, LONDON)
              if s.person_id not in (None, "alice")
              and any(s.overlaps(o.starts_at, o.ends_at) for o in hers)]
    reply = joined(await bot.say(f"who's on with alice on {day:%A}?"))
    _not_handed_over(reply)
    for shift in hers:
        assert _shift_label(shift) in reply
    if beside:
        assert say("store_schedule.with_intro", "en", name="Alice Martin") in reply
        for shift in beside:
            assert f": {NAMES[shift.person_id or '']}" in reply
    else:
        assert say("store_schedule.with_none", "en", name="Alice Martin") in reply


async def test_a_worker_asking_about_a_colleague_gets_what_workers_may_see(
    bot: BotHarness,
) -> None:
    bot.as_person("bob-smith")
    reply = joined(await bot.say("is alice working friday?"))
    assert reply == say("flow.store_schedule.denied", "en")


@pytest.mark.parametrize(("locale", "text"), [
    ("fr-FR", "est-ce que bob smith travaille vendredi ?"),
    ("es-ES", "¿bob smith trabaja el viernes?"),
    ("de-DE", "arbeitet bob smith am freitag?"),
    ("it-IT", "bob smith lavora venerdì?"),
    ("pt-PT", "o bob smith trabalha na sexta?"),
    ("nl-NL", "werkt bob smith vrijdag?"),
    ("pl-PL", "czy bob smith pracuje w piątek?"),
    ("ja-JP", "Bob Smithさんは金曜日に出勤しますか"),
    ("zh-CN", "bob smith周五上班吗"),
])
async def test_is_bob_smith_working_friday_in_every_language(
    bot: BotHarness, locale: str, text: str
) -> None:
    bot.as_person("maria").locale = locale
    language = language_for(locale)
    shifts = await _their_shifts(bot, "bob-smith", FRIDAY)
    reply = joined(await bot.say(text))
    assert default_catalogue().identify(reply.splitlines()[0], language)[0] == \
        "store_schedule.person_intro", reply
    for shift in shifts:
        assert _shift_label(shift, language) in reply


@pytest.mark.parametrize("text", [
    "ボブ・スミスは金曜日に働きますか",
    "ボブ・スミスって金曜日出勤する？",
    "ボブ・スミスの金曜日のシフトは？",
    "ﾎﾞﾌﾞ・ｽﾐｽの金曜日のｼﾌﾄは？",
])
async def test_a_name_in_katakana_without_san_is_whose_schedule(
    bot: BotHarness, text: str
) -> None:
    """"アリスのシフトは？" got "I did not understand": only a name with さん or in Latin
    letters was read as the person asked about."""
    bot.as_person("maria").locale = "ja-JP"
    shifts = await _their_shifts(bot, "bob-smith", FRIDAY)
    reply = joined(await bot.say(text))
    assert default_catalogue().identify(reply.splitlines()[0], "ja")[0] == \
        "store_schedule.person_intro", reply
    for shift in shifts:
        assert _shift_label(shift, "ja") in reply


@pytest.mark.parametrize(("locale", "first", "then", "language"), [
    ("en-US", "who works tomorrow", "and the day after tomorrow?", "en"),
    ("en-US", "who works tomorrow", "what about tuesday", "en"),
    ("de-DE", "wer arbeitet morgen", "und übermorgen?", "de"),
    ("de-DE", "wer arbeitet morgen", "was ist mit dienstag", "de"),
    ("fr-FR", "qui travaille demain", "et apres-demain ?", "fr"),
    ("es-ES", "quien trabaja mañana", "¿y el martes?", "es"),
])
async def test_days_alone_right_after_the_schedule_show_it_for_those_days(
    bot: BotHarness, locale: str, first: str, then: str, language: str
) -> None:
    """"and the day after tomorrow?" after "who works tomorrow" was handed to HR as a question
    without guidance; it is the same question for another day."""
    bot.as_person("maria").locale = locale
    await bot.say(first)
    tuesday = SUNDAY + timedelta(days=2)
    reply = joined(await bot.say(then))
    assert "store_schedule.intro" in default_catalogue().identify(reply.splitlines()[0],
                                                                  language)
    assert format_day(tuesday, language) in reply.splitlines()[0]
    open_text = say("store_schedule.open", language)
    for line in await _expected_lines(bot, tuesday, open_text, language):
        assert line.rsplit(":", 1)[0].rstrip() in reply


async def test_a_day_alone_after_a_persons_schedule_is_their_shifts_that_day(
    bot: BotHarness,
) -> None:
    bot.as_person("maria")
    await bot.say("is bob smith working on friday?")
    saturday = FRIDAY + timedelta(days=1)
    shifts = await _their_shifts(bot, "bob-smith", saturday)
    reply = joined(await bot.say("and saturday?"))
    _not_handed_over(reply)
    assert reply.startswith(say("store_schedule.person_intro", "en", count=len(shifts),
                                name="Bob Smith", searched=f"on {format_day(saturday, 'en')}"))


async def test_a_day_alone_long_after_the_schedule_is_not_read_as_about_it(
    bot: BotHarness,
) -> None:
    bot.as_person("maria")
    await bot.say("who works tomorrow")
    bot.clock.advance(minutes=30)
    reply = joined(await bot.say("and the day after tomorrow?"))
    assert "Who's working" not in reply


async def _hours_next_week(bot: BotHarness, person_id: str) -> tuple[float, list[Shift]]:
    monday = SUNDAY + timedelta(days=1)
    theirs = [s for offset in range(7)
              for s in await bot.shifts.shifts_on(RIVERSIDE, monday + timedelta(days=offset),
                                                  LONDON)
              if s.person_id == person_id]
    return sum(s.duration_hours for s in theirs), theirs


@pytest.mark.parametrize(("locale", "question", "total"), [
    ("en-US", "how many hours is alice doing next week", "Alice Martin works {hours} hours"),
    ("en-US", "how many hours does alice work next week?", "Alice Martin works {hours} hours"),
    ("fr-FR", "combien d'heures fait alice la semaine prochaine",
     "Alice Martin fait {hours} heures"),
    ("de-DE", "wie viele Stunden arbeitet alice nächste Woche",
     "Alice Martin arbeitet {hours} Stunden"),
    ("es-ES", "¿cuántas horas trabaja alice la semana que viene?",
     "Alice Martin trabaja {hours} horas"),
    ("it-IT", "quante ore lavora alice la prossima settimana?", "Alice Martin lavora {hours} ore"),
    ("pt-PT", "quantas horas trabalha a alice na próxima semana?",
     "Alice Martin trabalha {hours} horas"),
    ("pt-BR", "quantas horas a alice trabalha semana que vem?",
     "Alice Martin trabalha {hours} horas"),
    ("nl-NL", "hoeveel uur werkt alice volgende week?", "Alice Martin werkt {hours} uur"),
    ("pl-PL", "ile godzin pracuje alice w przyszłym tygodniu?", "{hours} h"),
    ("ja-JP", "アリスは来週何時間働きますか", "勤務時間は {hours} 時間です"),
    ("zh-CN", "爱丽丝下周工作几个小时", "的工作时长为 {hours} 小时"),
    ("it-IT", "quante ore lavora alice la settimana prossima?", "Alice Martin lavora {hours} ore"),
])
async def test_how_many_hours_someone_works_is_the_total_of_their_shifts_with_the_shifts(
    bot: BotHarness, locale: str, question: str, total: str
) -> None:
    """The finding: "how many hours is alice doing this week" went to the advisor ("Is this
    about a specific employee?")."""
    hours, theirs = await _hours_next_week(bot, "alice")
    assert theirs
    answer = joined(await bot.say(question, locale=locale))
    language = locale[:2]
    shown = format_hours(hours, language)
    assert total.format(hours=shown) in answer, answer
    for i, shift in enumerate(theirs):
        assert shift_option(shift, i, LONDON, language).label in answer, answer


@pytest.mark.parametrize(("locale", "question", "total"), [
    ("en-US", "how many hours do I have next week", "You work {hours} hours"),
    ("fr-FR", "combien d'heures je fais la semaine prochaine", "Vous faites {hours} heures"),
    ("de-DE", "wie viele Stunden arbeite ich nächste Woche", "Sie arbeiten {hours} Stunden"),
    ("es-ES", "¿cuántas horas tengo la semana que viene?", "Trabaja {hours} horas"),
    ("it-IT", "quante ore lavoro la prossima settimana?", "Lavora {hours} ore"),
    ("pt-PT", "quantas horas trabalho na próxima semana?", "Trabalha {hours} horas"),
    ("nl-NL", "hoeveel uur werk ik volgende week?", "U werkt {hours} uur"),
    ("pl-PL", "ile godzin mam w przyszłym tygodniu?", "{hours} h"),
    ("ja-JP", "来週は何時間働きますか", "勤務時間は {hours} 時間です"),
    ("zh-CN", "我下周工作几个小时？", "的工作时长为 {hours} 小时"),
    ("es-ES", "¿cuántas horas trabajo la semana que viene?", "Trabaja {hours} horas"),
    ("it-IT", "quante ore lavoro la settimana prossima?", "Lavora {hours} ore"),
    ("pt-BR", "quantas horas eu trabalho na próxima semana?", "Trabalha {hours} horas"),
    ("pl-PL", "ile godzin pracuję w przyszłym tygodniu?", "Twój czas pracy"),
])
async def test_a_worker_asking_how_many_hours_they_work_gets_their_total_and_shifts(
    bot: BotHarness, locale: str, question: str, total: str
) -> None:
    bot.as_person("bob-smith")
    hours, theirs = await _hours_next_week(bot, "bob-smith")
    answer = joined(await bot.say(question, locale=locale))
    language = locale[:2]
    shown = format_hours(hours, language)
    assert total.format(hours=shown) in answer, answer
    for i, shift in enumerate(theirs):
        assert shift_option(shift, i, LONDON, language).label in answer, answer


@pytest.mark.parametrize(("locale", "question"), [
    ("en-US", "is the saturday evening shift covered?"),
    ("fr-FR", "est-ce que le poste de samedi soir est couvert ?"),
    ("es-ES", "¿está cubierto el turno del sábado por la noche?"),
    ("de-DE", "ist die Schicht am Samstagabend besetzt?"),
    ("it-IT", "il turno di sabato sera è coperto?"),
    ("pt-BR", "o turno de sábado à noite está coberto?"),
    ("nl-NL", "is de dienst van zaterdagavond bezet?"),
    ("pl-PL", "czy zmiana w sobotę wieczorem jest obsadzona?"),
    ("ja-JP", "土曜日の夜のシフトは埋まっていますか"),
    ("zh-CN", "周六晚班有人上吗？"),
])
async def test_is_a_shift_covered_shows_who_is_on_it(
    bot: BotHarness, locale: str, question: str
) -> None:
    """The finding: "is the saturday evening shift covered?" got the advisor's talk about
    company rules; it is the schedule of Saturday evening, an open shift shown as open."""
    bot.as_person("maria")
    saturday = SUNDAY + timedelta(days=6)
    evening = [s for s in await bot.shifts.shifts_on(RIVERSIDE, saturday, LONDON)
               if s.starts_at.astimezone(LONDON).hour >= 18]
    assert evening and all(s.person_id for s in evening), "Saturday evening is staffed"
    reply = joined(await bot.say(question, locale=locale))
    language = locale[:2]
    assert default_catalogue().identify(reply.splitlines()[0], language)[0].startswith(
        "store_schedule."), reply
    for shift in evening:
        assert NAMES[shift.person_id] in reply, reply


@pytest.mark.parametrize(("locale", "question"), [
    ("en-US", "who is closing tonight?"),
    ("fr-FR", "qui ferme ce soir ?"),
    ("es-ES", "¿quién cierra esta noche?"),
    ("de-DE", "wer schließt heute Abend?"),
    ("it-IT", "chi chiude stasera?"),
    ("pt-BR", "quem fecha hoje à noite?"),
    ("nl-NL", "wie sluit er vanavond af?"),
    ("pl-PL", "kto zamyka dziś wieczorem?"),
    ("ja-JP", "今夜のクローズは誰？"),
    ("zh-CN", "今晚谁关店？"),
])
async def test_who_is_closing_tonight_is_tonights_schedule(
    bot: BotHarness, locale: str, question: str
) -> None:
    """The finding: "qui ferme ce soir ?", "wer schließt heute Abend?" were handed over to HR
    as questions without guidance; they are this evening's schedule, as in English."""
    bot.as_person("maria")
    tonight = [s for s in await bot.shifts.shifts_on(RIVERSIDE, SUNDAY, LONDON)
               if s.ends_at.astimezone(LONDON).hour >= 21 and s.person_id]
    assert tonight, "someone works Sunday evening in the demo schedule"
    reply = joined(await bot.say(question, locale=locale))
    _not_handed_over(reply)
    language = locale[:2]
    assert default_catalogue().identify(reply.splitlines()[0], language)[0].startswith(
        "store_schedule."), reply
    for shift in tonight:
        assert NAMES[shift.person_id] in reply, reply


async def test_is_anyone_free_on_sunday_morning_in_german_is_who_could_cover(
    bot: BotHarness,
) -> None:
    """The finding: "ist am Sonntagmorgen jemand frei?" got the advisor's text on leave
    requests; it asks who could work then, as "wer ist am Sonntagmorgen frei?" does."""
    bot.as_person("maria")
    asked = joined(await bot.say("ist am Sonntagmorgen jemand frei?", locale="de-DE"))
    assert default_catalogue().identify(asked.splitlines()[0], "de")[0].startswith(
        "shift_cover."), asked


@pytest.mark.parametrize(
    ("text", "locale"),
    [("who worked last monday?", "en-US"), ("who was on yesterday?", "en-US"),
     ("qui travaillait lundi dernier ?", "fr-FR"), ("qui a travaillé hier ?", "fr-FR")],
)
async def test_who_worked_on_a_past_day_is_answered_from_the_schedule(
    bot: BotHarness, text: str, locale: str
) -> None:
    """The finding: "who worked last monday?" was handed to HR; the schedule holds past days
    too."""
    bot.as_person("maria").locale = locale
    answered = joined(await bot.say(text, locale=locale))
    intro = say("store_schedule.intro", locale[:2], store="{store}", searched="{searched}")
    assert intro.split("{store}")[0] in answered, answered
    assert NO_GUIDANCE not in answered


@pytest.mark.parametrize(("locale", "asked", "language"), [
    ("ja-JP", "明日のシフトを見せて", "ja"),
    ("pl-PL", "pokaż zmiany na jutro", "pl"),
])
async def test_a_managers_shifts_of_a_day_are_the_stores_schedule(
    bot: BotHarness, locale: str, asked: str, language: str
) -> None:
    """The finding: Maria's "明日のシフトを見せて" (show me tomorrow's shifts) got "you have no
    shifts of your own; to see who works, ask ..." as if she had asked for her own. She gets
    tomorrow's schedule of the store."""
    bot.as_person("maria")
    bot.locale = locale
    reply = joined(await bot.say(asked))
    monday = SUNDAY + timedelta(days=1)
    assert say("flow.my_shifts.denied", language) not in reply
    shifts = await bot.shifts.shifts_on(RIVERSIDE, monday, LONDON)
    shown = [line for line in reply.splitlines() if line.startswith("- ")]
    assert len(shown) == len(shifts), reply
    holders = [await bot.components.services.directory.get(s.person_id)
               for s in shifts if s.person_id]
    assert all(person is not None and person.name in reply for person in holders), reply


async def test_a_managers_own_shifts_asked_without_a_day_say_she_has_none(
    bot: BotHarness,
) -> None:
    bot.as_person("maria")
    assert say("flow.my_shifts.denied", "en") in joined(await bot.say("what are my shifts?"))


@pytest.mark.parametrize(("locale", "text", "heading"), [
    # Held out: every shift of the day was listed, the 09:00-15:00 one too, under "on Sat 28
    # Nov" alone, as if the hour had not been said.
    ("en-GB", "who is working on saturday from 2pm",
     "Who's working at Contoso Market Riverside on Sat 28 Nov from 14:00:"),
    ("en-GB", "who's on saturday after 2pm",
     "Who's working at Contoso Market Riverside on Sat 28 Nov from 14:00:"),
    ("de-DE", "wer arbeitet am samstag ab 14 uhr",
     "So ist Contoso Market Riverside am Sa., 28. Nov. ab 14:00 besetzt:"),
    ("fr-FR", "qui travaille samedi après 14h",
     "Qui travaille à Contoso Market Riverside le sam. 28 nov. à partir de 14:00 :"),
    ("es-ES", "quién trabaja el sábado a partir de las 14h",
     "Quién trabaja en Contoso Market Riverside el sáb., 28 nov. a partir de las 14:00:"),
    ("ja-JP", "土曜日の14時以降は誰が働いていますか",
     "Contoso Market Riverside の11月28日(土) 14:00以降の出勤者："),
])
async def test_from_an_hour_lists_the_shifts_worked_from_then_on(
    bot: BotHarness, locale: str, text: str, heading: str
) -> None:
    bot.as_person("maria").locale = locale
    reply = joined(await bot.say(text))
    assert heading in reply, reply
    shifts = await bot.shifts.shifts_on(RIVERSIDE, date(2026, 11, 28), LONDON)
    assert shifts
    for shift in shifts:
        start, end = shift.starts_at.astimezone(LONDON), shift.ends_at.astimezone(LONDON)
        listed = f"{start:%H:%M}-{end:%H:%M}" in reply
        assert listed == (start.hour >= 14 or end.hour - 14 >= 14 - start.hour), (shift, reply)


@pytest.mark.parametrize(("locale", "asked", "day_shown"), [
    ("fr-FR", "qui travaille à 10h ?", "lun. 23 nov."),
    ("fr-FR", "qui bosse à 10h30", "lun. 23 nov."),
    ("es-ES", "¿quién trabaja a las 10h?", "lun., 23 nov."),
    ("pt-BR", "quem trabalha às 10h?", "seg., 23 de nov."),
])
async def test_an_hour_with_its_h_said_in_the_afternoon_is_the_morning_hour(
    bot: BotHarness, locale: str, asked: str, day_shown: str
) -> None:
    """The finding: at 14:00, "qui travaille à 10h ?" was read as 22:00 tonight (the
    recognizer offers 10:00 and 22:00, and 10:00 had passed), and tonight's evening shift was
    listed. "10h" is the 24-hour clock: tomorrow's 10:00, the morning shifts."""
    bot.as_person("maria").locale = locale
    bot.clock.advance(hours=4)  # Sunday 14:00 in London
    reply = joined(await bot.say(asked))
    assert day_shown in reply, reply
    assert "20:00-23:00" not in reply and "09:00-15:00" in reply, reply


@pytest.mark.parametrize(("locale", "asked", "day_shown"), [
    ("es-ES", "quién trabaja a las 10", "lun., 23 nov."),
    ("es-ES", "quien trabaja a las 9", "lun., 23 nov."),
    ("it-IT", "chi lavora alle 10", "lun 23 nov"),
    ("nl-BE", "wie werkt er om 10u", "ma 23 nov."),
    ("es-ES", "quién trabaja de 10 a 14", "lun., 23 nov."),
])
async def test_a_bare_morning_hour_said_in_the_afternoon_lists_the_morning(
    bot: BotHarness, locale: str, asked: str, day_shown: str
) -> None:
    """At 14:00, "quién trabaja a las 10" listed tonight's 22:00 (the evening shift); Flemish
    "om 10u" and "de 10 a 14" with no day named no time and listed every shift of the day."""
    bot.as_person("maria").locale = locale
    bot.clock.advance(hours=4)  # Sunday 14:00 in London
    reply = joined(await bot.say(asked))
    assert day_shown in reply, reply
    assert "09:00-15:00" in reply, reply
    assert "20:00-23:00" not in reply and "15:00-20:00" not in reply, reply


@pytest.mark.parametrize(("asked", "day_shown"), [
    ("chi lavora mer", "mer 25 nov"),
    ("chi lavora ven pross.", "ven 27 nov"),
    ("chi lavora lun prossimo", "lun 23 nov"),
])
async def test_italian_short_days_list_that_day(bot: BotHarness, asked: str, day_shown: str
                                                ) -> None:
    """Phone-style Italian days were no day: the whole coming schedule was listed from today."""
    bot.as_person("maria").locale = "it-IT"
    reply = joined(await bot.say(asked))
    assert day_shown in reply, reply
    assert "dom 22 nov" not in reply and "oggi" not in reply.casefold(), reply


# "qn trabaja mañana" (who works tomorrow, typed on a phone) answered «No he encontrado a «Qn»
# en su tienda»: the phone-style word for "who" was taken for a name. It is the store's
# schedule for that day, in Spanish, Portuguese and French phone style alike.
@pytest.mark.parametrize(("locale", "text"), [
    ("es-ES", "qn trabaja mañana"),
    ("es-ES", "q trabaja mñn"),
    ("es-ES", "kien cierra mañana"),
    ("pt-BR", "qm trabalha amanha"),
    ("fr-FR", "ki bosse demain"),
])
async def test_who_typed_phone_style_asks_for_the_schedule(
    bot: BotHarness, locale: str, text: str,
) -> None:
    bot.as_person("maria").locale = locale
    language = locale[:2]
    monday = date(2026, 11, 23)
    reply = joined(await bot.say(text))
    assert "store_schedule.intro" in default_catalogue().identify(reply.splitlines()[0], language)
    assert format_day(monday, language) in reply.splitlines()[0]
    shown = [line[2:] for line in reply.splitlines() if line.startswith("- ")]
    assert shown, reply
    assert not any(word in reply for word in ("«Qn»", "«Q»", "«Kien»", "“Qm”", "« Ki »"))
