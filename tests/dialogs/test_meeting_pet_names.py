"""A manager names a colleague by a pet name or the start of a first name ("call sofi",
"a meeting with chenny", "set up a call with bobby smith", "ruf soph an"): ERA books with the
one colleague it fits, saying the full name before anything is booked. A pet name that fits two
people ("bobby" with two Bobs) asks which one. Before, each got "I couldn't find "Sofi" in your
store"."""

from __future__ import annotations

from datetime import timedelta

import pytest

from core.time_window import TimeWindow
from tests.bot_harness import BotHarness, shown
from tests.conftest import FIXED_NOW

_EMAILS = {
    "Sophie Dubois": "sophie.dubois@contoso.example",
    "Chen Wei": "chen.wei@contoso.example",
    "Bob Smith": "bob.smith@contoso.example",
}
_YES = {"en-US": "yes", "fr-FR": "oui", "de-DE": "ja", "es-ES": "sí", "it-IT": "sì"}


async def _events_with(bot: BotHarness, name: str) -> int:
    events = await bot.components.services.calendar.find_events(
        attendee_email=_EMAILS[name], window=TimeWindow(FIXED_NOW, FIXED_NOW + timedelta(days=14)))
    return len(events)


@pytest.mark.parametrize(("locale", "request_text", "name"), [
    ("en-US", "call sofi tomorrow", "Sophie Dubois"),
    ("en-US", "meeting with chenny on friday", "Chen Wei"),
    ("en-US", "set up a call with bobby smith", "Bob Smith"),
    ("fr-FR", "appelle sofi demain", "Sophie Dubois"),
    ("de-DE", "ruf soph morgen an", "Sophie Dubois"),
    ("es-ES", "reunión con chenny el viernes", "Chen Wei"),
    ("it-IT", "chiama sofi domani", "Sophie Dubois"),
])
async def test_a_pet_name_books_with_the_one_it_fits_after_its_preview(
    bot: BotHarness, locale: str, request_text: str, name: str,
) -> None:
    bot.as_person("maria")
    bot.locale = locale
    before = await _events_with(bot, name)
    offered = shown(await bot.say(request_text))
    assert name in offered, offered
    preview = shown(await bot.say("1"))
    assert name in preview, preview
    assert await _events_with(bot, name) == before  # nothing booked before the yes
    await bot.say(_YES[locale])
    assert await _events_with(bot, name) == before + 1


@pytest.mark.parametrize(("locale", "request_text"), [
    ("en-US", "call bobby"),
    ("fr-FR", "appelle bobby demain"),
])
async def test_a_pet_name_two_people_fit_asks_which(
    bot: BotHarness, locale: str, request_text: str,
) -> None:
    bot.as_person("maria")
    bot.locale = locale
    asked = shown(await bot.say(request_text))
    assert "Bob Smith" in asked and "Bob Jones" in asked, asked


async def test_a_pet_name_answers_who_the_call_is_with(bot: BotHarness) -> None:
    bot.as_person("maria")
    asked = shown(await bot.say("book a call"))
    assert "who" in asked.lower(), asked
    offered = shown(await bot.say("sofi"))
    assert "Sophie Dubois" in offered, offered
