"""A manager's "cancel Bob's Saturday shift" is taking Bob off it (the worker's own cancellation
is not hers to make): the unassignment's preview, nothing before the yes. Whoever a manager puts
on or takes off a shift is told, in their own language, once it is done."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined

LONDON = ZoneInfo("Europe/London")
SATURDAY = date(2026, 11, 28)



async def _on_saturday(bot: BotHarness, person_id: str) -> list[str]:
    return [s.label for s in await bot.shifts.shifts_on(RIVERSIDE, SATURDAY, LONDON)
            if s.person_id == person_id]


@pytest.mark.parametrize(("locale", "request_text", "preview"), [
    ("en-US", "cancel bob smith's saturday shift and tell him",
     "Preview: Bob Smith off Sat 28 Nov"),
    ("en-US", "cancel the saturday shift for bob smith", "Preview: Bob Smith off Sat 28 Nov"),
    ("fr-FR", "annule le service de bob smith samedi",
     "Aperçu : Bob Smith n'est plus sur le poste"),
    ("es-ES", "cancela el turno de bob smith del sábado", "Bob Smith sale del turno"),
])
async def test_a_managers_cancel_of_someones_shift_is_taking_them_off_it(
    bot: BotHarness, chats: list[tuple[str, str]], locale: str, request_text: str, preview: str
) -> None:
    bot.as_person("maria").locale = locale
    shown = joined(await bot.say(request_text))
    assert preview in shown, shown
    assert await _on_saturday(bot, "bob-smith") == ["Morning"]  # nothing before the yes
    await bot.say("yes" if locale == "en-US" else "oui" if locale == "fr-FR" else "sí")
    assert await _on_saturday(bot, "bob-smith") == []
    assert [person for person, _ in chats] == ["bob-smith"]


async def test_a_managers_cancel_naming_no_one_says_how_to_take_someone_off(
    bot: BotHarness
) -> None:
    bot.as_person("maria")
    shown = joined(await bot.say("cancel saturday shift"))
    assert "done by the person who works it" in shown and "unassign" in shown


async def test_the_person_taken_off_is_told_in_their_language(
    bot: BotHarness, chats: list[tuple[str, str]]
) -> None:
    bot.as_person("maria")
    await bot.say("unassign bob smith from saturday")
    await bot.say("yes")
    assert chats == [("bob-smith", "Maria Lopez has taken you off your shift Sat 28 Nov, "
                                   "Morning 09:00-15:00 (sales associate); it is now an open "
                                   "shift.")]


async def test_the_person_put_on_a_shift_is_told(
    bot: BotHarness, chats: list[tuple[str, str]]
) -> None:
    bot.as_person("maria")
    preview = joined(await bot.say("assign chen to the evening shift on saturday"))
    assert "Chen Wei" in preview, preview
    await bot.say("yes")
    # Chen reads Chinese (the demo directory's preferred language).
    assert [person for person, _ in chats] == ["chen"]
    assert chats[0][1].startswith("Maria Lopez已为您安排了 11月28日"), chats


@pytest.mark.parametrize(("locale", "request_text", "yes"), [
    ("en-US", "swap alice and bob smith on tuesday", "yes"),
    ("fr-FR", "échange les postes d'alice et de bob smith mardi", "oui"),
    ("de-DE", "tausch die schichten von alice und bob smith am dienstag", "ja"),
])
async def test_both_people_of_a_swap_are_told_their_new_shift(
    bot: BotHarness, chats: list[tuple[str, str]], locale: str, request_text: str, yes: str
) -> None:
    """Alice and Bob each learn, in their own language, the shift they now work: neither would
    otherwise know the rota changed under them. Nobody is told before the yes."""
    bot.as_person("maria").locale = locale
    assert "⇄" in joined(await bot.say(request_text))
    assert chats == []
    await bot.say(yes)
    assert sorted(chats) == [
        ("alice", "Maria Lopez has swapped your shift Tue 24 Nov, Afternoon 15:00-20:00 "
                  "(cashier) with Bob Smith: you now work Tue 24 Nov, Evening 20:00-23:00 "
                  "(cashier) instead."),
        ("bob-smith", "Maria Lopez has swapped your shift Tue 24 Nov, Evening 20:00-23:00 "
                      "(cashier) with Alice Martin: you now work Tue 24 Nov, Afternoon "
                      "15:00-20:00 (cashier) instead."),
    ], chats
