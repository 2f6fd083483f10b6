"""Days and times as people type them, through the real bot: the evening is tonight's (a shift
from 22:00 is this evening's), and the times nearest to an hour meetings are not booked at."""

from __future__ import annotations

import pytest

from services.demo_organisation import RIVERSIDE
from services.org_database import OrgDatabase
from tests.bot_harness import BotHarness, joined


async def _late_shift(bot: BotHarness) -> None:
    """Bob Jones, who has no shift on Sunday, on a late shift tonight: 22:00 to 02:00."""
    db = await OrgDatabase.open(bot.components.settings.data_dir / "org.sqlite3")
    try:
        await db.execute(
            "INSERT INTO shifts (id, store_id, template_id, person_id, role, starts_at, "
            "ends_at, status, updated_at) VALUES (?, ?, NULL, ?, ?, ?, ?, 'assigned', ?)",
            ("late-sunday", RIVERSIDE, "bob-jones", "stock clerk", "2026-11-22T22:00:00+00:00",
             "2026-11-23T02:00:00+00:00", "2026-11-20T00:00:00+00:00"))
    finally:
        await db.close()


@pytest.mark.parametrize(("locale", "request_text", "found"), [
    ("en-GB", "cancel my shift this evening", "I found your shift: Sun 22 Nov, 22:00-02:00"),
    ("en-GB", "cancel my shift tonight", "I found your shift: Sun 22 Nov, 22:00-02:00"),
    ("fr-FR", "annule mon poste ce soir", "J'ai trouvé votre poste : dim. 22 nov., 22:00-02:00"),
    ("de-DE", "ich kann heute Abend nicht arbeiten",
     "Ich habe Ihre Schicht gefunden: So., 22. Nov., 22:00-02:00"),
])
async def test_a_shift_late_this_evening_is_this_evenings(
    bot: BotHarness, locale: str, request_text: str, found: str
) -> None:
    """'this evening' ended at 22:00 while 'tonight' ended at 24:00: a worker on a shift from
    22:00 who said 'cancel my shift this evening' (or 'ce soir', 'heute Abend') was told there
    was no shift of theirs that evening."""
    await _late_shift(bot)
    bot.as_person("bob-jones").locale = locale
    text = joined(await bot.say(request_text))
    assert found in text, text


@pytest.mark.parametrize(("locale", "request_text", "found"), [
    ("en-GB", "cancel my shift tomoro", "I found your shift: Mon 23 Nov"),
    ("de-DE", "sag meine Schicht mrgen ab", "Ich habe Ihre Schicht gefunden: Mo., 23. Nov."),
    ("es-ES", "cancela mi turno de mñn", "He encontrado su turno: lun., 23 nov."),
    ("es-ES", "cancela mi turno de mañna", "He encontrado su turno: lun., 23 nov."),
    ("fr-FR", "annule mon poste demian", "J'ai trouvé votre poste : lun. 23 nov."),
    ("it-IT", "annulla il mio turno di doamni", "Ho trovato il Suo turno: lun 23 nov"),
    ("pl-PL", "odwołaj moją zmianę jutr", "Znalazłam Twoją zmianę: pon., 23 lis"),
    ("nl-NL", "annuleer mijn dienst morgn", "Ik heb uw dienst gevonden: ma 23 nov."),
])
async def test_a_day_word_typed_with_a_slip_is_that_day(
    bot: BotHarness, locale: str, request_text: str, found: str
) -> None:
    """'cancel my shift tomoro', 'sag meine Schicht mrgen ab', 'annule mon poste demian':
    the request was understood but no day was read, so every coming shift was listed."""
    bot.as_person("bob-smith").locale = locale
    text = joined(await bot.say(request_text))
    assert found in text, text


@pytest.mark.parametrize(("locale", "request_text", "said"), [
    ("en-GB", "book a meeting with Alice Martin on sunday",
     "Sun 22 Nov is not a working day: meetings are booked Monday to Friday."),
    ("en-GB", "book a meeting with Alice Martin next weekend",
     "Sat 28 Nov and Sun 29 Nov are not working days"),
    ("fr-FR", "réserve une réunion avec Alice Martin samedi",
     "du lundi au vendredi : le sam. 28 nov. n'est pas un jour ouvré."),
    ("de-DE", "buche ein Meeting mit Alice Martin am Samstag",
     "Sa., 28. Nov. ist kein Arbeitstag"),
    ("es-ES", "reserva una reunión con Alice Martin el sábado",
     "de lunes a viernes: el sáb., 28 nov. no es un día laborable."),
    ("it-IT", "prenota una riunione con Alice Martin sabato", "non è un giorno lavorativo"),
    ("nl-NL", "plan een vergadering met Alice Martin op zaterdag", "is geen werkdag"),
    ("pl-PL", "umów spotkanie z Alice Martin w sobotę", "to dzień wolny od pracy"),
    ("pt-PT", "marca uma reunião com a Alice Martin no sábado", "não é dia útil"),
    ("ja-JP", "土曜日にAlice Martinとの会議を予約して", "は営業日ではありません"),
    ("zh-CN", "帮我和Alice Martin约个会议，周六", "不是工作日"),
])
async def test_a_meeting_asked_for_on_a_weekend_is_told_it_is_no_working_day(
    bot: BotHarness, locale: str, request_text: str, said: str
) -> None:
    """'book a meeting on sunday' got 'I couldn't find a free 30-minute time on Sun 22 Nov',
    as if the day had been searched: meetings are booked Monday to Friday. The nearest working
    days' times are still offered."""
    bot.as_person("maria").locale = locale
    offered = await bot.say(request_text)
    text = joined(offered)
    assert said in text, text
    assert any(title[:1].isdigit() for reply in offered for title, _ in reply.buttons), text


@pytest.mark.parametrize(("locale", "question", "said"), [
    ("en-GB", "my shifts this week", "Sat 28 Nov, Morning 09:00-15:00"),
    ("fr-FR", "mes services cette semaine", "sam. 28 nov., Matin 09:00-15:00"),
    ("de-DE", "meine Schichten diese Woche", "Sa., 28. Nov., Vormittag 09:00-15:00"),
    ("es-ES", "mis turnos de esta semana", "sáb., 28 nov., Mañana 09:00-15:00"),
    ("ja-JP", "今週のシフトは？", "11月28日(土) 朝 09:00-15:00"),
])
async def test_a_workers_shifts_this_week_asked_on_a_sunday_are_the_week_ahead(
    bot: BotHarness, locale: str, question: str, said: str
) -> None:
    """On a Sunday 'my shifts this week' was the week ending that day: Bob Smith, with no
    shift on Sunday, was told he had none this week and shown Monday's alone; the week
    ahead is listed, to its Saturday."""
    bot.as_person("bob-smith").locale = locale
    text = joined(await bot.say(question))
    assert said in text, text
