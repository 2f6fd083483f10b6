"""Schedule questions answered as asked, in ten languages: who of the store is off that day
(a manager), one's next shift alone and the one after it, who works with me (a worker: the
colleagues whose shifts overlap theirs, nothing else of the store's schedule), and "and the
next?" after next week's shifts is the week after."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from core.person import PersonRole
from dialogs.employee_choice import store_employees
from dialogs.shift_options import shift_option
from language.catalogue import default_catalogue, say
from language.formatting import format_time_range
from language.language_choice import language_for
from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined

LONDON = ZoneInfo("Europe/London")
FRIDAY = date(2026, 11, 27)  # "friday" from FIXED_NOW's Sunday
SATURDAY = date(2026, 11, 28)


def _first_message(reply: str, language: str) -> str:
    return default_catalogue().identify(reply.splitlines()[0], language)[0]


@pytest.mark.parametrize(
    ("locale", "question"),
    [
        ("en-US", "who's off on Saturday?"),
        ("en-US", "who isn't working on saturday"),
        ("fr-FR", "qui ne travaille pas samedi ?"),
        ("es-ES", "¿quién libra el sábado?"),
        ("de-DE", "wer hat am Samstag frei?"),
        ("it-IT", "chi non lavora sabato?"),
        ("pt-PT", "quem está de folga no sábado?"),
        ("nl-NL", "wie heeft zaterdag vrij?"),
        ("pl-PL", "kto ma wolne w sobotę?"),
        ("ja-JP", "土曜日は誰が休み？"),
        ("zh-CN", "周六谁休息？"),
    ],
)
async def test_whos_off_lists_the_team_with_no_shift_that_day(
    bot: BotHarness, locale: str, question: str
) -> None:
    """The finding: it started the cover flow ("which shift do you need someone for?"), or
    got the advisor's text on leave requests."""
    bot.as_person("maria")
    language = language_for(locale)
    reply = joined(await bot.say(question, locale=locale))
    assert _first_message(reply, language) == "store_schedule.off", reply
    saturday = await bot.shifts.shifts_on(RIVERSIDE, SATURDAY, LONDON)
    working = {s.person_id for s in saturday}
    directory = bot.components.services.directory
    maria = await directory.get("maria")
    assert maria is not None and maria.role is PersonRole.MANAGER
    team = await store_employees(directory, maria)
    off = [p for p in team if p.id not in working]
    assert off and len(off) < len(team)
    first = reply.splitlines()[0]
    for person in team:
        assert (person.name in first) is (person in off), (person.name, first)


@pytest.mark.parametrize(
    ("locale", "question", "after"),
    [
        ("en-US", "when is my next shift?", "and after that?"),
        ("en-US", "whens my next shift", "and the next?"),
        ("fr-FR", "c'est quand mon prochain shift ?", "et après ?"),
        ("es-ES", "¿cuándo es mi próximo turno?", "¿y después?"),
        ("de-DE", "wann ist meine nächste Schicht?", "und danach?"),
        ("it-IT", "quando è il mio prossimo turno?", "e dopo?"),
        ("pt-PT", "quando é o meu próximo turno?", "e depois?"),
        ("nl-NL", "wanneer is mijn volgende dienst?", "en daarna?"),
        ("pl-PL", "kiedy jest moja następna zmiana?", "a potem?"),
        ("ja-JP", "次のシフトはいつ？", "その次は？"),
        ("zh-CN", "我下一个班是什么时候？", "再下一个呢？"),
    ],
)
async def test_my_next_shift_is_that_one_alone_then_the_one_after(
    bot: BotHarness, locale: str, question: str, after: str
) -> None:
    """The finding: "when is my next shift?" listed two weeks; "and after that?" was not
    understood."""
    bot.as_person("bob-smith")
    language = language_for(locale)
    mine = await bot.shifts.upcoming_shifts("bob-smith", now=bot.clock.now)
    first, second = sorted(mine, key=lambda s: s.starts_at)[:2]
    reply = joined(await bot.say(question, locale=locale))
    assert _first_message(reply, language) == "my_shifts.next", reply
    assert shift_option(first, 0, LONDON, language).label in reply
    assert shift_option(second, 0, LONDON, language).label not in reply
    then = joined(await bot.say(after, locale=locale))
    assert _first_message(then, language) == "my_shifts.after", then
    assert shift_option(second, 0, LONDON, language).label in then


@pytest.mark.parametrize(
    ("locale", "question"),
    [
        ("en-US", "who works with me on Friday?"),
        ("en-US", "who am i working with on friday"),
        ("fr-FR", "avec qui je travaille vendredi ?"),
        ("es-ES", "¿con quién trabajo el viernes?"),
        ("de-DE", "wer arbeitet am Freitag mit mir?"),
        ("it-IT", "con chi lavoro venerdì?"),
        ("pt-PT", "com quem trabalho na sexta?"),
        ("nl-NL", "met wie werk ik vrijdag?"),
        ("pl-PL", "z kim pracuję w piątek?"),
        ("ja-JP", "金曜日は誰と一緒に働きますか？"),
        ("zh-CN", "周五谁和我一起上班？"),
    ],
)
async def test_who_works_with_me_names_the_colleagues_of_my_shift(
    bot: BotHarness, locale: str, question: str
) -> None:
    """The finding: a worker was refused ("the store's schedule is for managers")."""
    bot.as_person("bob-smith")
    language = language_for(locale)
    friday = await bot.shifts.shifts_on(RIVERSIDE, FRIDAY, LONDON)
    own = next(s for s in friday if s.person_id == "bob-smith")
    beside = [
        s
        for s in friday
        if s.person_id not in (None, "bob-smith") and s.overlaps(own.starts_at, own.ends_at)
    ]
    apart = [s for s in friday if s.person_id not in (None, "bob-smith") and s not in beside]
    assert beside and apart
    reply = joined(await bot.say(question, locale=locale))
    assert _first_message(reply, language) == "my_shifts.with_intro", reply
    directory = bot.components.services.directory
    for shift in beside:
        person = await directory.get(str(shift.person_id))
        assert person is not None and person.name in reply
        hours = format_time_range(
            shift.starts_at.astimezone(LONDON), shift.ends_at.astimezone(LONDON)
        )
        assert hours in reply
    for shift in apart:
        person = await directory.get(str(shift.person_id))
        assert person is not None and person.name not in reply


async def test_who_works_with_me_on_a_day_off_says_there_is_no_shift(bot: BotHarness) -> None:
    bot.as_person("bob-smith")
    for sunday in (date(2026, 11, 22), date(2026, 11, 29)):
        shifts = await bot.shifts.shifts_on(RIVERSIDE, sunday, LONDON)
        assert not any(s.person_id == "bob-smith" for s in shifts)
    reply = joined(await bot.say("who works with me on sunday?"))
    assert _first_message(reply, "en") == "my_shifts.none_in", reply


@pytest.mark.parametrize(
    ("locale", "question", "then"),
    [
        ("en-US", "what's my schedule next week?", "and the next?"),
        ("fr-FR", "quels sont mes postes la semaine prochaine ?", "et la suivante ?"),
        ("es-ES", "¿qué turnos tengo la semana que viene?", "¿y la siguiente?"),
        ("de-DE", "wann arbeite ich nächste Woche?", "und die nächste?"),
    ],
)
async def test_the_next_after_next_weeks_shifts_is_the_week_after(
    bot: BotHarness, locale: str, question: str, then: str
) -> None:
    """The finding: "and the next?" after next week's shifts showed next week again."""
    bot.as_person("bob-smith")
    language = language_for(locale)
    await bot.say(question, locale=locale)
    listed = joined(await bot.say(then, locale=locale))
    mine = await bot.shifts.upcoming_shifts("bob-smith", now=bot.clock.now)
    for shift in mine:
        day = shift.starts_at.astimezone(LONDON).date()
        label = shift_option(shift, 0, LONDON, language).label
        if date(2026, 11, 30) <= day <= date(2026, 12, 6):
            assert label in listed, listed
        elif day < date(2026, 11, 30):
            assert label not in listed, listed


@pytest.mark.parametrize(
    ("person", "locale", "question"),
    [
        ("alice", "en-US", "show me the shifts"),
        ("alice", "en-US", "show me the rota"),
        ("chen", "fr-FR", "montre-moi les services"),
        ("bob-smith", "de-DE", "zeig mir die schichten"),
        ("chen", "es-ES", "muestrame los turnos"),
        ("alice", "it-IT", "mostrami i turni"),
        ("alice", "nl-NL", "laat de diensten zien"),
        ("chen", "pt-BR", "mostra os turnos"),
        ("alice", "fr-FR", "quand est ce que je bosse cette semaine"),
        ("bob-smith", "fr-FR", "est ce que je travaille samedi"),
        ("alice", "ja-JP", "私のシフト"),
    ],
)
async def test_a_worker_asking_for_the_shifts_gets_their_own(
    bot: BotHarness, person: str, locale: str, question: str
) -> None:
    """The finding: "show me the shifts" from a worker got "The store's schedule is for
    managers …"; "quand est ce que je bosse" (no hyphen) and "私のシフト" were not understood."""
    bot.as_person(person)
    language = language_for(locale)
    reply = joined(await bot.say(question, locale=locale))
    assert say("flow.store_schedule.denied", language) not in reply
    week = [s for n in range(1, 7)
            for s in await bot.shifts.shifts_on(RIVERSIDE, date(2026, 11, 22 + n), LONDON)]
    mine = [s for s in week if s.person_id == person]
    assert any(shift_option(s, 0, LONDON, language).label in reply for s in mine), reply
    directory = bot.components.services.directory
    for shift in week:
        if shift.person_id not in (None, person):
            other = await directory.get(str(shift.person_id))
            assert other is not None and other.name not in reply


async def test_a_worker_asking_who_works_tomorrow_gets_who_works_beside_them(
    bot: BotHarness,
) -> None:
    """The finding: a worker's "who is working on friday?" was refused; the colleagues of their
    own shift are theirs to see (as "who works with me on friday?")."""
    bot.as_person("bob-smith")
    reply = joined(await bot.say("who is working on friday?"))
    assert _first_message(reply, "en") == "my_shifts.with_intro", reply
    friday = await bot.shifts.shifts_on(RIVERSIDE, FRIDAY, LONDON)
    own = next(s for s in friday if s.person_id == "bob-smith")
    apart = [s for s in friday if s.person_id not in (None, "bob-smith")
             and not s.overlaps(own.starts_at, own.ends_at)]
    directory = bot.components.services.directory
    for shift in apart:
        other = await directory.get(str(shift.person_id))
        assert other is not None and other.name not in reply
