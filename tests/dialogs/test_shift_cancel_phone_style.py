"""A worker cancels two days as typed on a phone, with no verb and often no article or subject
("je peux pas jeudi et vendredi", "no puedo el jueves y viernes", "kann nicht donnerstag und
freitag"): both shifts are previewed for the worker's own yes and reason; nothing is cancelled
before it, and a no keeps both."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined

LONDON = ZoneInfo("Europe/London")
THURSDAY, FRIDAY = date(2026, 11, 26), date(2026, 11, 27)


async def _bobs(bot: BotHarness) -> list[str]:
    """The labels of Bob Smith's shifts on Thursday and Friday."""
    return [s.label for day in (THURSDAY, FRIDAY)
            for s in await bot.shifts.shifts_on(RIVERSIDE, day, LONDON)
            if s.person_id == "bob-smith"]


@pytest.mark.parametrize(("locale", "text", "thursday", "friday", "no"), [
    # Held out: each was "I'm not sure what you'd like me to do" (Italian and Polish were read).
    ("fr-FR", "je peux pas jeudi et vendredi", "jeu. 26 nov.", "ven. 27 nov.", "non"),
    ("fr-FR", "jpeux pas le jeudi ni vendredi", "jeu. 26 nov.", "ven. 27 nov.", "non"),
    ("es-ES", "no puedo el jueves y viernes", "jue., 26 nov.", "vie., 27 nov.", "no"),
    ("pt-PT", "nao posso quinta e sexta", "qui., 26 de nov.", "sex., 27 de nov.", "não"),
    ("de-DE", "kann nicht donnerstag und freitag", "Do., 26. Nov.", "Fr., 27. Nov.", "nein"),
    ("nl-NL", "kan niet donderdag en vrijdag", "do 26 nov.", "vr 27 nov.", "nee"),
    # Guards: read before too.
    ("it-IT", "non posso giovedì e venerdì", "gio 26 nov", "ven 27 nov", "no"),
    ("pl-PL", "nie moge czwartek i piatek", "czw., 26 lis", "pt., 27 lis", "nie"),
])
async def test_two_days_cancelled_without_a_verb_are_both_previewed(
    bot: BotHarness, locale: str, text: str, thursday: str, friday: str, no: str
) -> None:
    bot.as_person("bob-smith").locale = locale
    kept = await _bobs(bot)
    asked = joined(await bot.say(text))
    assert thursday in asked and friday in asked, asked
    assert await _bobs(bot) == kept  # nothing before the yes and the reason
    await bot.say(no)
    assert await _bobs(bot) == kept
