"""At "which Bob?" for the call ERA offered after advice, a pick told with more ("the second
one, he says it is the bus") picks him: the free times with Bob Smith follow, nothing booked
yet. The whole reply was taken for more facts and the call dropped ("OK, I haven't booked
anything.")."""

from __future__ import annotations

import pytest

from language.catalogue import say
from tests.bot_harness import BotHarness, joined, shown


@pytest.mark.parametrize(("locale", "language", "lines", "pick"), [
    ("en-US", "en", ["bob was late again today", "3 times this week, i havent spoken to him yet",
                     "yes"], "the second one, he says it is the bus"),
    ("en-US", "en", ["bob was late again today", "3 times this week, i havent spoken to him yet",
                     "yes"], "2 - he says its the bus"),
    ("fr-FR", "fr", ["bob est encore arrivé en retard aujourd'hui",
                     "3 fois cette semaine, je ne lui ai pas encore parlé", "oui"],
     "le deuxième, il dit que c'est le bus"),
    ("es-ES", "es", ["bob llegó tarde otra vez hoy",
                     "3 veces esta semana, todavía no he hablado con él", "sí"],
     "el segundo, dice que es por el autobús"),
])
async def test_a_pick_told_with_more_is_the_pick(
    bot: BotHarness, locale: str, language: str, lines: list[str], pick: str
) -> None:
    bot.as_person("maria").locale = locale
    for line in lines:
        said = await bot.say(line)
    assert "Bob Jones" in shown(said) and "Bob Smith" in shown(said), shown(said)
    replies = await bot.say(pick)
    text = joined(replies)
    assert "Bob Smith" in text, text
    assert say("call.kept", language) not in text, text
