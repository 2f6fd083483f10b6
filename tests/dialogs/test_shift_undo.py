"""A manager says "undo that" just after a shift change: the change back is previewed, for its
own yes; nothing changes before it, and only the last change of that manager, within half an
hour, is undone this way."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from language.catalogue import say
from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined

LONDON = ZoneInfo("Europe/London")
THURSDAY = date(2026, 11, 26)


async def _works_thursday(bot: BotHarness, person_id: str) -> bool:
    return any(s.person_id == person_id
               for s in await bot.shifts.shifts_on(RIVERSIDE, THURSDAY, LONDON))


@pytest.mark.parametrize(("locale", "take_off", "yes", "undo"), [
    ("en-GB", "take chen off thursday", "yes", "undo that"),
    ("es-ES", "quita a chen del jueves", "sí", "deshazlo"),
    ("pl-PL", "zdejmij chen z czwartku", "tak", "cofnij"),
    ("nl-NL", "rooster chen uit op donderdag", "ja", "maak dat ongedaan"),
    ("fr-FR", "retire chen de jeudi", "oui", "reviens en arrière"),
    # Italian, Portuguese and Chinese had no words for undo ("annulla l'ultima modifica" was
    # read as a shift cancellation).
    ("it-IT", "togli chen dal turno di giovedì", "sì", "annulla l'ultima modifica"),
    ("pt-BR", "retirar o chen do turno de quinta-feira", "sim", "desfaz isso"),
    ("zh-CN", "把 Chen 移出周四的班次", "是", "撤销刚才的操作"),
])
async def test_undo_just_after_taking_someone_off_previews_giving_it_back(
    bot: BotHarness, locale: str, take_off: str, yes: str, undo: str
) -> None:
    """The finding: "deshazlo" right after "Hecho" said a change stays done until asked to
    change it back, and listed everything ERA can do; the manager had to say the change back
    in full. Now the change back is previewed; a yes gives Chen the shift again."""
    bot.as_person("maria").locale = locale
    assert await _works_thursday(bot, "chen")
    await bot.say(take_off)
    await bot.say(yes)
    assert not await _works_thursday(bot, "chen")

    said = joined(await bot.say(undo))
    assert say("shift_change.undo_intro", locale, summary="@").split("@")[0] in said
    assert say("shift_change.preview", locale, summary="@").split("@")[0] in said
    assert "Chen Wei" in said
    assert not await _works_thursday(bot, "chen")  # nothing before the yes

    await bot.say(yes)
    assert await _works_thursday(bot, "chen")


async def test_undo_a_handover_gives_the_shift_back_to_its_holder(bot: BotHarness) -> None:
    bot.as_person("maria")
    (chens,) = [s.id for s in await bot.shifts.shifts_on(RIVERSIDE, THURSDAY, LONDON)
                if s.person_id == "chen"]
    await bot.say("give chen's thursday shift to bob jones")
    await bot.say("yes")
    assert await _holder(bot, chens) == "bob-jones"
    said = joined(await bot.say("undo that"))
    assert "Chen Wei takes Bob Jones's shift" in said, said
    assert await _holder(bot, chens) == "bob-jones"
    await bot.say("yes")
    assert await _holder(bot, chens) == "chen"


async def _holder(bot: BotHarness, shift_id: str) -> str | None:
    shift = await bot.shifts.get_shift(shift_id)
    assert shift is not None
    return shift.person_id


async def test_no_at_the_change_back_keeps_the_change(bot: BotHarness) -> None:
    bot.as_person("maria")
    await bot.say("take chen off thursday")
    await bot.say("yes")
    await bot.say("undo that")
    said = joined(await bot.say("no"))
    assert say("shift_change.kept", "en") in said
    assert not await _works_thursday(bot, "chen")


async def test_another_managers_undo_reaches_nothing_of_hers(bot: BotHarness) -> None:
    """Maria's change is hers: Daniel's "undo" (in his own conversation) previews nothing."""
    bot.as_person("maria")
    await bot.say("take chen off thursday")
    await bot.say("yes")
    bot.as_person("daniel")
    said = joined(await bot.say("undo that"))
    assert say("shift_change.preview", "en", summary="@").split("@")[0] not in said
    assert say("main.cannot_undo", "en", capabilities="").strip() in said
    assert not await _works_thursday(bot, "chen")
