"""At the preview of Bob Jones taking Chen's Thursday shift, the manager asks who else is free
("who else is free?", "¿quién más está libre?", "qui d'autre est libre ?"). ERA did not read
"who else" in English, Spanish, French, Italian, Portuguese or Polish, and where it did, it asked
"Which day do you need someone for?" as if nothing had been said before. Now the people who
could take that shift are listed instead of the preview, a pick is previewed for its own yes,
and nothing changes before that yes."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined

LONDON = ZoneInfo("Europe/London")
THURSDAY = date(2026, 11, 26)

GIVE = {
    "en-GB": ("give chen's thursday shift to bob jones", "who else is free?", "yes"),
    "es-ES": ("pasa el turno del jueves de chen a bob jones", "hmm espera, ¿quién más está libre?",
              "sí"),
    "fr-FR": ("donne le service de jeudi de chen à bob jones", "qui d'autre est libre ?", "oui"),
    "it-IT": ("dai il turno di giovedì di chen a bob jones", "chi altro è libero?", "sì"),
    "pt-PT": ("passa o turno de quinta do chen para o bob jones", "quem mais está livre?",
              "sim"),
    "pl-PL": ("daj zmianę Chena w czwartek Bobowi Jonesowi", "kto jeszcze jest wolny?", "tak"),
    "de-DE": ("gib Chens Schicht am Donnerstag an Bob Jones", "wer ist sonst noch frei?", "ja"),
}


async def _holders(bot: BotHarness) -> dict[str, str | None]:
    return {shift.id: shift.person_id
            for shift in await bot.shifts.shifts_on(RIVERSIDE, THURSDAY, LONDON)}


@pytest.mark.parametrize("locale", sorted(GIVE))
async def test_who_else_at_the_preview_lists_who_could_take_that_shift(
    bot: BotHarness, locale: str
) -> None:
    request, asked, _ = GIVE[locale]
    bot.as_person("maria")
    before = await _holders(bot)
    previewed = joined(await bot.say(request, locale=locale))
    assert "Bob Jones" in previewed and "Chen Wei" in previewed, previewed
    replies = await bot.say(asked, locale=locale)
    listed = joined(replies)
    titles = [title for reply in replies for title, _ in reply.buttons]
    # Who could cover Chen's shift, as options: Bob Jones and Sophie Dubois are free and
    # qualified; Chen is never offered his own shift.
    assert any("Sophie Dubois" in title for title in titles), listed
    assert any("Bob Jones" in title for title in titles), listed
    assert not any("Chen" in title for title in titles), listed
    assert "Chen Wei" in listed, listed
    assert await _holders(bot) == before


async def test_a_pick_from_the_list_is_previewed_and_applied_only_after_its_own_yes(
    bot: BotHarness,
) -> None:
    bot.as_person("maria")
    before = await _holders(bot)
    await bot.say("give chen's thursday shift to bob jones", locale="en-GB")
    replies = await bot.say("who else is free?", locale="en-GB")
    sophie = next(value for reply in replies for title, value in reply.buttons
                  if "Sophie Dubois" in title)
    previewed = joined(await bot.say(sophie, locale="en-GB"))
    assert "Sophie Dubois" in previewed and "Chen Wei" in previewed, previewed
    assert await _holders(bot) == before
    await bot.say("yes", locale="en-GB")
    after = await _holders(bot)
    changed = [shift for shift, holder in after.items() if before[shift] != holder]
    assert len(changed) == 1
    assert after[changed[0]] == "sophie" and before[changed[0]] == "chen"


async def test_who_else_on_another_day_is_that_days_question_not_this_shift(
    bot: BotHarness,
) -> None:
    bot.as_person("maria")
    await bot.say("give chen's thursday shift to bob jones", locale="en-GB")
    replies = await bot.say("who else is free on saturday?", locale="en-GB")
    said = joined(replies)
    # Saturday's shifts to choose from, not who could take Chen's Thursday shift.
    assert "Sat 28 Nov" in said and "Thu 26 Nov" not in said, said
    assert not any("Sophie Dubois (" in title for reply in replies for title, _ in reply.buttons)
