"""A manager points back at a shift change's questions instead of naming: "the other one" after
one of two Bobs was picked, "both" at a two-way question, "same for alice" at "which shift?",
corrections at a swap or move preview. Nothing is applied without its own yes."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from language.catalogue import say
from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined

LONDON = ZoneInfo("Europe/London")
WEDNESDAY = date(2026, 11, 25)
SATURDAY = date(2026, 11, 28)


async def _holders(bot: BotHarness, day: date) -> dict[str, list[str]]:
    """Who works which shift label on a day: {"Morning": ["bob-jones", ...]}."""
    holders: dict[str, list[str]] = {}
    for shift in await bot.shifts.shifts_on(RIVERSIDE, day, LONDON):
        if shift.person_id:
            holders.setdefault(shift.label, []).append(shift.person_id)
    return holders


@pytest.mark.parametrize(("locale", "request_text", "other_one"), [
    ("en-GB", "assign bob on wednesday as sales associate", "no, the other one"),
    ("fr-FR", "affecte bob mercredi comme vendeur", "non, l'autre"),
    ("es-ES", "asigna a bob el miércoles como vendedor", "el otro"),
    ("de-DE", "weise bob am mittwoch als verkäufer zu", "nein, die andere"),
    ("pl-PL", "przypisz boba w środę jako sprzedawcę", "ten drugi"),
    ("ja-JP", "ボブを水曜日に販売で入れて", "いや、もう一人の方"),
])
async def test_the_other_one_after_picking_one_of_two_bobs_is_the_other_bob(
    bot: BotHarness, locale: str, request_text: str, other_one: str
) -> None:
    """The finding: "the other one" after Bob Jones was picked was "didn't understand". It is
    Bob Smith now, his day and role kept and his shift asked; at his preview, the other one
    again is Bob Jones. Nothing is applied."""
    bot.as_person("maria").locale = locale
    before = await _holders(bot, WEDNESDAY)
    await bot.say(request_text)
    assert "Bob Jones" in joined(await bot.press("1"))
    switched = joined(await bot.say(other_one))
    assert "Bob Smith" in switched and "Bob Jones" not in switched, switched
    previewed = joined(await bot.say("3"))  # the evening, the one that fits Bob Smith
    assert "Bob Smith" in previewed, previewed
    back = joined(await bot.say(other_one))
    assert "Bob Jones" in back and "Bob Smith" not in back, back
    assert await _holders(bot, WEDNESDAY) == before


@pytest.mark.parametrize(("locale", "request_text", "other_one"), [
    ("en-GB", "swap alice and yuki on saturday", "the other one"),
    ("de-DE", "tausche alice und yuki am samstag", "die andere"),
])
async def test_the_other_one_that_could_mean_either_side_asks_again(
    bot: BotHarness, locale: str, request_text: str, other_one: str
) -> None:
    """At a swap preview no side was picked from two: "the other one" says what is accepted
    and shows the preview again; nothing is swapped."""
    bot.as_person("maria").locale = locale
    before = await _holders(bot, SATURDAY)
    await bot.say(request_text)
    again = joined(await bot.say(other_one))
    assert say("prompt.not_understood", locale[:2], accepted="").split("{")[0][:12] in again
    assert "Alice Martin" in again and "Yuki Tanaka" in again, again
    assert await _holders(bot, SATURDAY) == before
