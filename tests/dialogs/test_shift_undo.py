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


TUESDAY, FRIDAY, SATURDAY = date(2026, 11, 24), date(2026, 11, 27), date(2026, 11, 28)


async def _holders(bot: BotHarness, day: date) -> dict[str, str | None]:
    return {s.label: s.person_id for s in await bot.shifts.shifts_on(RIVERSIDE, day, LONDON)
            if s.person_id in ("alice", "bob-smith")}


async def _bobs(bot: BotHarness, day: date) -> list[str]:
    """Bob Smith's shifts on a day, with their hours."""
    return [f"{s.label} {s.starts_at.astimezone(LONDON):%H:%M}"
            for s in await bot.shifts.shifts_on(RIVERSIDE, day, LONDON)
            if s.person_id == "bob-smith"]


@pytest.mark.parametrize(("locale", "swap", "yes", "undo"), [
    ("en-GB", "swap Alice and Bob Smith on Tuesday", "yes", "undo that"),
    ("fr-FR", "échange alice et bob smith mardi", "oui", "reviens en arrière"),
    ("de-DE", "tausche alice und bob smith am dienstag", "ja", "mach das rückgängig"),
])
async def test_undo_a_swap_swaps_the_two_shifts_back(
    bot: BotHarness, locale: str, swap: str, yes: str, undo: str
) -> None:
    """The finding: "undo that" after a swap said a change stays done until asked to change it
    back; the manager had to say the whole swap again, the other way round. Now the swap back
    is previewed, and a yes gives each their own shift again."""
    bot.as_person("maria").locale = locale
    before = await _holders(bot, TUESDAY)
    await bot.say(swap)
    await bot.say(yes)
    assert await _holders(bot, TUESDAY) != before

    said = joined(await bot.say(undo))
    assert say("shift_change.undo_intro", locale, summary="@").split("@")[0] in said
    assert say("shift_change.preview", locale, summary="@").split("@")[0] in said
    assert await _holders(bot, TUESDAY) != before  # nothing before the yes
    await bot.say(yes)
    assert await _holders(bot, TUESDAY) == before


@pytest.mark.parametrize(("locale", "move", "yes", "undo"), [
    ("en-GB", "move bob smith from saturday to friday", "yes", "undo that"),
    ("es-ES", "mueve a bob smith del sábado al viernes", "sí", "deshazlo"),
    ("nl-NL", "verplaats bob smith van zaterdag naar vrijdag", "ja", "maak dat ongedaan"),
])
async def test_undo_a_move_moves_the_shift_back_to_its_hours(
    bot: BotHarness, locale: str, move: str, yes: str, undo: str
) -> None:
    bot.as_person("maria").locale = locale
    before = (await _bobs(bot, SATURDAY), await _bobs(bot, FRIDAY))
    await bot.say(move)
    await bot.say(yes)
    assert await _bobs(bot, SATURDAY) == []

    said = joined(await bot.say(undo))
    assert say("shift_change.undo_intro", locale, summary="@").split("@")[0] in said
    assert await _bobs(bot, SATURDAY) == []  # nothing before the yes
    await bot.say(yes)
    assert (await _bobs(bot, SATURDAY), await _bobs(bot, FRIDAY)) == before
