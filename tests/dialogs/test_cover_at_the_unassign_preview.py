"""At the preview of taking Chen off Thursday's shift, the manager asks who will cover it, or
gives it to someone else instead ("give it to Bob Jones instead", "dáselo a Bob Jones", "gib
sie lieber Bob Jones"). ERA asked "Which day do you need someone for?" or answered "Sorry, I
didn't understand. Reply yes or no". Now the question is about Chen's shift, a name given
previews that person taking it over for its own yes, and nothing changes before that yes."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from language.catalogue import say
from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined

LONDON = ZoneInfo("Europe/London")
THURSDAY = date(2026, 11, 26)

OFF = {
    "en-GB": "take chen off thursday",
    "es-ES": "quita a Chen del turno del jueves",
    "de-DE": "nimm Chen aus der Schicht am Donnerstag",
    "fr-FR": "retire Chen du service de jeudi",
    "it-IT": "togli Chen dal turno di giovedì",
    "nl-NL": "haal Chen van de dienst van donderdag",
    "pl-PL": "zdejmij Chena ze zmiany w czwartek",
    "pt-PT": "tira o Chen do turno de quinta",
    "ja-JP": "木曜日のシフトからChenさんを外して",
    "zh-CN": "把Chen从周四的班撤下",
}


async def _holders(bot: BotHarness) -> dict[str, str | None]:
    return {shift.id: shift.person_id
            for shift in await bot.shifts.shifts_on(RIVERSIDE, THURSDAY, LONDON)}


async def _preview(bot: BotHarness, locale: str) -> dict[str, str | None]:
    bot.as_person("maria")
    before = await _holders(bot)
    previewed = joined(await bot.say(OFF[locale], locale=locale))
    assert "Chen Wei" in previewed, previewed
    return before


@pytest.mark.parametrize(("locale", "asked"), [
    ("en-GB", "who will cover it?"),
    ("es-ES", "¿quién lo cubrirá?"),
    ("de-DE", "wer übernimmt sie dann?"),
    ("fr-FR", "qui va le remplacer ?"),
    ("it-IT", "chi lo copre?"),
    ("nl-NL", "wie neemt het over?"),
    ("pl-PL", "kto go zastąpi?"),
    ("pt-PT", "quem cobre o turno?"),
    ("zh-CN", "谁来顶班？"),
])
async def test_who_will_cover_it_at_the_preview_lists_who_could_take_that_shift(
    bot: BotHarness, locale: str, asked: str
) -> None:
    before = await _preview(bot, locale)
    replies = await bot.say(asked, locale=locale)
    said = joined(replies)
    assert "Chen Wei" in said and "Bob Jones" in said, said
    assert not any("Chen" in title for reply in replies for title, _ in reply.buttons)
    assert await _holders(bot) == before


@pytest.mark.parametrize(("locale", "given", "yes"), [
    ("en-GB", "give it to bob jones instead", "yes"),
    ("en-GB", "can bob jones take it instead?", "yes"),
    ("en-GB", "bob jones will cover it", "yes"),
    ("es-ES", "dáselo a Bob Jones", "sí"),
    ("de-DE", "gib sie lieber Bob Jones", "ja"),
    ("fr-FR", "donne-le plutôt à Bob Jones", "oui"),
    ("it-IT", "dallo a Bob Jones invece", "sì"),
    ("nl-NL", "geef hem aan Bob Jones", "ja"),
    ("pl-PL", "daj ją Bob Jones", "tak"),
    ("pt-PT", "dá-o ao Bob Jones", "sim"),
    ("ja-JP", "Bob Jonesさんに渡して", "はい"),
    ("zh-CN", "给Bob Jones吧", "好的"),
])
async def test_a_name_given_at_the_preview_hands_the_shift_over_after_its_own_yes(
    bot: BotHarness, locale: str, given: str, yes: str
) -> None:
    before = await _preview(bot, locale)
    previewed = joined(await bot.say(given, locale=locale))
    assert "Bob Jones" in previewed and "Chen Wei" in previewed, previewed
    assert await _holders(bot) == before  # nothing before the yes
    done = joined(await bot.say(yes, locale=locale))
    after = await _holders(bot)
    (changed,) = [shift for shift, holder in before.items() if after[shift] != holder]
    assert before[changed] == "chen" and after[changed] == "bob-jones"
    # Chen's own removal is not offered back: he has no shift left to be taken off.
    assert say("flow.shift_unassign.resume", locale) not in done, done
