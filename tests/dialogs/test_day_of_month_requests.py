"""A manager names a day by its number alone ("the 26th", "le 26", "am 26.", "26日"): the
store's schedule that day, and the shift that day to take someone off or put someone on, as
"thursday" would (it was the worker's cancellation alone that read it)."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from language.catalogue import say
from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined

LONDON = ZoneInfo("Europe/London")
THURSDAY = date(2026, 11, 26)  # the 26th; today is Sunday the 22nd


async def _works_thursday(bot: BotHarness, person_id: str) -> bool:
    return any(s.person_id == person_id
               for s in await bot.shifts.shifts_on(RIVERSIDE, THURSDAY, LONDON))


@pytest.mark.parametrize(("locale", "question"), [
    ("en-GB", "who is working on the 26th?"),
    ("fr-FR", "qui travaille le 26 ?"),
    ("es-ES", "¿quién trabaja el 26?"),
    ("de-DE", "wer arbeitet am 26.?"),
    ("it-IT", "chi lavora il 26?"),
    ("pt-BR", "quem trabalha dia 26?"),
    ("nl-NL", "wie werkt er op de 26e?"),
    ("pl-PL", "kto pracuje 26-go?"),
    ("ja-JP", "26日は誰が出勤？"),
    ("zh-CN", "26号谁上班？"),
])
async def test_who_is_working_on_a_day_of_the_month(
    bot: BotHarness, locale: str, question: str
) -> None:
    """German and Japanese got today's schedule."""
    bot.as_person("maria").locale = locale
    reply = joined(await bot.say(question))
    on_thursday = [s for s in await bot.shifts.shifts_on(RIVERSIDE, THURSDAY, LONDON)
                   if s.person_id]
    assert on_thursday
    assert "Chen Wei" in reply, reply
    assert all(f"{s.starts_at.astimezone(LONDON):%H:%M}" in reply for s in on_thursday)


@pytest.mark.parametrize(("locale", "take_off", "yes"), [
    ("en-GB", "take chen off the 26th", "yes"),
    ("fr-FR", "retire chen du 26", "oui"),
    ("es-ES", "quita a chen del 26", "sí"),
    ("de-DE", "nimm chen am 26. raus", "ja"),
    ("it-IT", "togli chen dal 26", "sì"),
    ("pt-BR", "tira o chen do dia 26", "sim"),
    ("nl-NL", "haal chen van de 26e af", "ja"),
    ("pl-PL", "zdejmij chen z 26-go", "tak"),
    ("ja-JP", "Chenさんを26日から外して", "はい"),
    ("zh-CN", "把chen从26号撤下来", "是"),
])
async def test_take_someone_off_a_day_of_the_month(
    bot: BotHarness, locale: str, take_off: str, yes: str
) -> None:
    """Most were not read as a request at all; the others asked for the day again."""
    bot.as_person("maria").locale = locale
    preview = joined(await bot.say(take_off))
    assert say("shift_change.preview", locale, summary="@").split("@")[0] in preview, preview
    assert "Chen Wei" in preview
    await bot.say(yes)
    assert not await _works_thursday(bot, "chen")


@pytest.mark.parametrize(("locale", "request_text"), [
    ("en-GB", "assign fatima on the 26th"),
    ("fr-FR", "mets fatima le 26"),
    ("es-ES", "pon a fatima el 26"),
    ("de-DE", "trag fatima am 26. ein"),
    ("it-IT", "metti fatima il 26"),
    ("nl-NL", "zet fatima op de 26e"),
    ("pl-PL", "wpisz fatimę na 26-go"),
    ("ja-JP", "ファティマを26日に入れて"),
    ("zh-CN", "把fatima排到26号"),
])
async def test_put_someone_on_a_day_of_the_month(
    bot: BotHarness, locale: str, request_text: str
) -> None:
    """The day is not asked again: the next question is the shift that day."""
    bot.as_person("maria").locale = locale
    asked = joined(await bot.say(request_text))
    assert "Fatima" in asked, asked
    assert say("shift_change.which_day.assign", locale, name="Fatima") not in asked
    assert "26" in asked, asked  # Thu 26 Nov, jeu. 26 nov., 11月26日(木)
