"""At the list of a worker's shifts, a reply naming a day no listed shift is on ("I meant the
sunday one", "我是说星期天的") says there is no shift that day and shows the worker's shifts
again, in every language. It got "Sorry, I didn't understand that"."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from language.catalogue import default_catalogue
from language.language_choice import language_for
from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined

LONDON = ZoneInfo("Europe/London")

UNLISTED_DAY = [
    ("en-US", "cancel my shift next week", "I meant the sunday one"),
    ("fr-FR", "annule mon service la semaine prochaine", "je voulais dire celui de dimanche"),
    ("de-DE", "storniere meine Schicht nächste Woche", "ich meinte die am Sonntag"),
    ("es-ES", "cancela mi turno la semana que viene", "quiero decir el del domingo"),
    ("it-IT", "annulla il mio turno la settimana prossima", "intendevo quello di domenica"),
    ("nl-NL", "annuleer mijn dienst volgende week", "ik bedoelde die van zondag"),
    ("pl-PL", "odwołaj moją zmianę w przyszłym tygodniu", "chodziło mi o niedzielę"),
    ("pt-BR", "cancelar meu turno na próxima semana", "quis dizer o de domingo"),
    ("ja-JP", "来週のシフトをキャンセルしたい", "日曜日のです"),
    ("zh-CN", "取消我下周的班", "我是说星期天的"),
]


@pytest.mark.parametrize(("locale", "request_", "reply"), UNLISTED_DAY,
                         ids=[case[2] for case in UNLISTED_DAY])
async def test_a_day_no_listed_shift_is_on_is_said_and_the_shifts_shown_again(
    bot: BotHarness, locale: str, request_: str, reply: str
) -> None:
    bot.as_person("bob-smith").locale = locale
    listed = await bot.say(request_)
    answered = await bot.say(reply)
    said = joined(answered)
    assert "shift_cancel.none_in_offer_next" in default_catalogue().identify(
        said, language_for(locale)), said
    offered = {label for reply in listed for label, _ in reply.buttons}
    shown = {label for reply in answered for label, _ in reply.buttons}
    assert len(offered & shown) >= 2, (offered, shown)


@pytest.mark.parametrize(("locale", "request_", "correction"), [
    ("it-IT", "cancella il mio turno di lunedi", "scusa, martedi"),
    ("es-ES", "cancela mi turno del lunes", "perdon, el martes"),
    ("pt-BR", "cancela meu turno de segunda", "desculpa, na terca"),
])
async def test_a_day_corrected_with_an_apology_is_no_reason(
    bot: BotHarness, locale: str, request_: str, correction: str
) -> None:
    """"scusa, martedì" at Monday's reason question cancelled Monday's shift, with the
    correction as its reason."""
    bot.as_person("bob-smith").locale = locale
    await bot.say(request_)
    said = joined(await bot.say(correction))
    assert "24" in said and "20:00-23:00" in said, said  # Tuesday 24 November's evening
    monday = await bot.shifts.shifts_on(RIVERSIDE, date(2026, 11, 23), LONDON)
    assert any(shift.person_id == "bob-smith" for shift in monday)
