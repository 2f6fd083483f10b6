"""With two Bobs, the advice names nobody ("der Mitarbeiterin oder dem Mitarbeiter"), and its
offer of a call must still be asked: in German the words for the employee stood between
"Gespräch" and "vereinbaren", too far apart for the call to be found, so the offer was said in
the advice but never asked (no buttons, no way to take it up)."""

from __future__ import annotations

import pytest

from language.catalogue import say
from tests.bot_harness import BotHarness, joined


@pytest.mark.parametrize(("locale", "language", "lines", "offer"), [
    ("de-DE", "de", ["Bob kommt ständig zu spät, ich habe noch nicht mit ihm gesprochen",
                     "keine Ahnung"], "advice.offer_call_unnamed"),
    ("de-DE", "de", ["Bob kommt seit zwei Wochen dauernd zu spät", "fünfmal, je 20 Minuten",
                     "nein, noch nicht", "keine Ahnung"], "advice.offer_call_unnamed"),
    ("de-DE", "de", ["Bob kommt ständig zu spät, ich habe ihn schon mündlich ermahnt",
                     "keine Ahnung"], "advice.offer_email_unnamed"),
    ("en-US", "en", ["Bob keeps coming in late, I have not talked to him yet", "no idea"],
     "advice.offer_call_unnamed"),
])
async def test_the_offer_is_asked_when_nobody_is_named(
    bot: BotHarness, locale: str, language: str, lines: list[str], offer: str
) -> None:
    bot.as_person("maria").locale = locale
    for line in lines[:-1]:
        await bot.say(line)
    replies = await bot.say(lines[-1])
    said = joined(replies)
    assert say(offer, language) in said, said
    assert len(replies[-1].buttons) == 2, said  # yes / no
