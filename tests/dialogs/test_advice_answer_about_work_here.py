"""At the advisor's questions about Sophie's resignation, a manager's answer that starts with
the verb ("lavora qui da 4 anni, è molto brava", "trabaja aquí desde hace 4 años", "arbeitet hier
seit 4 Jahren", "werkt hier al 4 jaar") was read as asking for the shifts of someone called
"qui" / "aquí" / "hier": ERA answered "Non ho trovato «Qui» nel Suo negozio. Di chi devo mostrare
i turni?" and the advice was lost. The answer now goes on with the advice about Sophie."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined

CASES = [
    ("it-IT", "Sophie mi ha detto che vuole dare le dimissioni",
     "lavora qui da 4 anni, è molto brava", "«Qui»"),
    ("es-ES", "Sophie me ha dicho que quiere dimitir",
     "trabaja aquí desde hace 4 años, es muy buena", "«aquí»"),
    ("de-DE", "Sophie hat mir gesagt, dass sie kündigen will",
     "arbeitet hier seit 4 Jahren, sehr gut", "„hier“"),
    ("nl-NL", "Sophie vertelde me dat ze ontslag wil nemen",
     "werkt hier al 4 jaar, heel goed", "‘hier’"),
]


@pytest.mark.parametrize(("locale", "told", "answer", "not_a_name"), CASES,
                         ids=[answer for _, _, answer, _ in CASES])
async def test_an_answer_about_how_long_she_works_here_goes_on_with_the_advice(
    bot: BotHarness, locale: str, told: str, answer: str, not_a_name: str
) -> None:
    bot.as_person("maria").locale = locale
    asked = joined(await bot.say(told))
    assert "Sophie" in asked, asked
    said = joined(await bot.say(answer))
    assert not_a_name not in said, said
    assert "Sophie" in said, said
