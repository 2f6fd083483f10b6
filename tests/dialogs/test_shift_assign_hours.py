"""A manager assigns a shift by its hours ("assign bob jones friday 2-6pm", "de 14h à 18h"): the
shift that runs those hours is previewed; when none does, ERA says so and lists the day's
shifts (the 15:00-20:00 one was previewed as if it had been asked for). Nothing is assigned
before the yes."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined

LONDON = ZoneInfo("Europe/London")
FRIDAY = date(2026, 11, 27)


async def _bob_jones_on_friday(bot: BotHarness) -> list[str]:
    return sorted(f"{s.starts_at.astimezone(LONDON):%H:%M}"
                  for s in await bot.shifts.shifts_on(RIVERSIDE, FRIDAY, LONDON)
                  if s.person_id == "bob-jones")


@pytest.mark.parametrize(("locale", "text", "said", "asked"), [
    ("en-GB", "assign bob jones friday 2-6pm sales associate",
     "No sales associate shift runs 14:00-18:00 on ",
     "Bob Jones on Fri 27 Nov as sales associate: which shift?"),
    ("fr-FR", "affecte bob jones vendredi de 14h à 18h vendeur",
     "Aucun poste de vente n'a l'horaire 14:00-18:00 le ",
     "quel poste ?"),
    # The role asked after the hours ("Verkauf"): the hours are kept for the shift question.
    ("de-DE", "teile bob jones am freitag von 14 bis 18 uhr ein|Verkauf",
     "gibt es keine Schicht als Verkauf mit den Zeiten 14:00-18:00.",
     "welche Schicht?"),
])
async def test_hours_no_shift_runs_are_said_and_the_days_shifts_offered(
    bot: BotHarness, locale: str, text: str, said: str, asked: str
) -> None:
    bot.as_person("maria").locale = locale
    before = await _bob_jones_on_friday(bot)
    for message in text.split("|"):
        reply = joined(await bot.say(message))
    assert said in reply, reply
    assert asked in reply, reply
    assert "15:00-20:00" in reply, reply  # offered, not previewed
    assert await _bob_jones_on_friday(bot) == before


@pytest.mark.parametrize("text", [
    "assign bob jones friday 3-8pm sales associate",
    "assign bob jones friday at 3pm sales associate",
    "assign bob jones friday afternoon sales associate",
])
async def test_hours_a_shift_runs_or_starts_in_preview_it(bot: BotHarness, text: str) -> None:
    bot.as_person("maria")
    reply = joined(await bot.say(text))
    assert "Bob Jones → Fri 27 Nov, Afternoon 15:00-20:00 (sales associate)" in reply, reply
    assert "No sales associate shift runs" not in reply, reply


@pytest.mark.parametrize(("locale", "text", "previewed"), [
    ("en-GB", "assign bob jones friday at 4pm sales associate",
     "Bob Jones → Fri 27 Nov, Afternoon 15:00-20:00"),
    ("fr-FR", "assigne bob jones vendredi à 16h vente",
     "Bob Jones → ven. 27 nov., Après-midi 15:00-20:00"),
    ("es-ES", "asigna a bob jones el viernes a las 17 ventas",
     "Bob Jones → vie., 27 nov., Tarde 15:00-20:00"),
    ("de-DE", "teile bob jones am freitag um 17 uhr im verkauf ein",
     "Bob Jones → Fr., 27. Nov., Nachmittag 15:00-20:00"),
])
async def test_a_time_inside_a_shift_previews_the_shift_running_then(
    bot: BotHarness, locale: str, text: str, previewed: str
) -> None:
    """"assigne chen mardi à 10h" listed every shift of Tuesday: no shift starts at 10:00. The
    shift running at the time is the one asked for. Nothing is assigned before the yes."""
    bot.as_person("maria").locale = locale
    before = await _bob_jones_on_friday(bot)
    reply = joined(await bot.say(text))
    assert previewed in reply, reply
    assert "20:00-23:00" not in reply, reply  # no list of the day's shifts
    assert await _bob_jones_on_friday(bot) == before


@pytest.mark.parametrize(("locale", "text", "said"), [
    ("en-GB", "assign bob jones friday at 10am sales associate",
     "The shift asked for, Fri 27 Nov, Morning 09:00-15:00, can't be Bob Jones's: it overlaps "),
    ("fr-FR", "assigne bob jones vendredi à 10h vente",
     "Le poste demandé, ven. 27 nov., Matin 09:00-15:00, ne peut pas être confié à Bob Jones : "
     "il chevauche "),
    ("es-ES", "asigna a bob jones el viernes a las 10 ventas",
     "El turno pedido, vie., 27 nov., Mañana 09:00-15:00, no puede ser para Bob Jones: "),
])
async def test_a_time_whose_shift_cannot_be_theirs_says_why_before_the_list(
    bot: BotHarness, locale: str, text: str, said: str
) -> None:
    """Bob Jones works Friday's morning already: the list alone left the manager to find why
    the 10:00 shift asked for was not previewed."""
    bot.as_person("maria").locale = locale
    before = await _bob_jones_on_friday(bot)
    reply = joined(await bot.say(text))
    assert said in reply, reply
    assert "15:00-20:00" in reply, reply  # the day's other shifts are still offered
    assert await _bob_jones_on_friday(bot) == before
