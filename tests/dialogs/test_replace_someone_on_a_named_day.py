"""A manager replaces one person by another, the day said between them: "replace Luca on
Friday with Bob Jones", "cambia a Luca del viernes por Bob Jones", "troca o Luca de sexta pelo
Bob Jones", "zastąp Lucę w piątek Bobem Jonesem". The day in the middle made these "not sure"
(in Spanish, advice on the case), and "cambia", "troca" and a declined "Lucę" put Luca on Bob
Jones's shift instead; "dale el turno del viernes de Luca a Bob Jones", "give the Friday shift
of Luca to Bob Jones" and "put Bob Jones in for Luca on Friday" assigned a new shift. The one
whose shift it is comes off, the other goes on, after the yes."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, shown


@pytest.mark.parametrize(("locale", "text"), [
    ("en-US", "replace Luca on Friday with Bob Jones"),
    ("es-ES", "cambia a Luca del viernes por Bob Jones"),
    ("es-ES", "sustituye a Luca el viernes por Bob Jones"),
    ("de-DE", "ersetze Luca am Freitag durch Bob Jones"),
    ("pt-PT", "troca o Luca de sexta pelo Bob Jones"),
    ("it-IT", "cambia Luca di venerdì con Bob Jones"),
    ("nl-NL", "vervang Luca op vrijdag door Bob Jones"),
    ("pl-PL", "zastąp Lucę w piątek Bobem Jonesem"),
    # These assigned a new shift, asking which of 2 people "called Luca" (Luca and Bob Jones).
    ("es-ES", "dale el turno del viernes de Luca a Bob Jones"),
    ("en-US", "give the Friday shift of Luca to Bob Jones"),
    ("en-US", "put Bob Jones in for Luca on Friday"),
])
async def test_the_one_whose_shift_it_is_comes_off_the_other_goes_on(
    bot: BotHarness, locale: str, text: str,
) -> None:
    bot.as_person("maria")
    bot.locale = locale
    preview = shown(await bot.say(text))
    assert "Luca Rossi" in preview and "Bob Jones" in preview, preview
    shown(await bot.press("yes"))
    schedule = shown(await bot.say("who is working on Friday?", locale="en-US"))
    evening = [line for line in schedule.splitlines() if "20:00-23:00" in line]
    assert evening and all("Luca Rossi" not in line for line in evening), schedule
    assert any("Bob Jones" in line for line in evening), schedule
