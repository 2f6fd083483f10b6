"""Right after ERA lists a worker's shifts, "cancel it" or "cancel them" (in any language)
means those shifts: the one shown is restated, or the worker picks one of the list; nothing is
cancelled before the reason (the confirmation) is given. With no shift on the days asked, ERA
says when the next one is, so that "cancel it" has something to point at."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined

# Saturday 28 November at 16:00, after Bob Smith's last shift of the week (09:00-15:00):
# nothing left this week; next week starts on Monday 30.
_SATURDAY = 6
_AFTER_HIS_SHIFT = 6  # hours after the harness's 10:00


async def test_no_shift_this_week_says_the_next_one(bot: BotHarness) -> None:
    bot.as_person("bob-smith")
    bot.clock.advance(days=_SATURDAY, hours=_AFTER_HIS_SHIFT)
    said = joined(await bot.say("what are my shifts this week?"))
    assert "no shifts between Mon 23 Nov and Sun 29 Nov" in said
    assert "Your next shift: Mon 30 Nov, Morning 09:00-15:00" in said


async def test_late_on_a_day_without_a_shift_says_the_next_one(bot: BotHarness) -> None:
    bot.as_person("bob-smith")
    bot.clock.advance(days=_SATURDAY, hours=_AFTER_HIS_SHIFT)
    said = joined(await bot.say("morgen komme ich 20 Minuten später", locale="de-DE"))
    assert "niemanden" in said or "Schicht" in said
    assert "Ihre nächste Schicht: Mo., 30. Nov." in said


async def test_cancel_it_after_the_next_shift_restates_it_and_asks(bot: BotHarness) -> None:
    bot.as_person("bob-smith")
    bot.clock.advance(days=_SATURDAY, hours=_AFTER_HIS_SHIFT)
    await bot.say("what are my shifts this week?")
    asked = joined(await bot.say("cancel it"))
    assert "Cancel Mon 30 Nov, Morning 09:00-15:00" in asked
    assert "reason" in asked.lower()
    kept = joined(await bot.say("no"))
    assert "haven't cancelled anything" in kept
    still = joined(await bot.say("what are my shifts next week?"))
    assert "Mon 30 Nov, Morning 09:00-15:00" in still


@pytest.mark.parametrize(("locale", "listing", "cancel", "which", "wednesday"), [
    ("en-GB", "what are my shifts next week?", "cancel them", "Which one", "Wed 2 Dec"),
    ("fr-FR", "mes postes la semaine prochaine ?", "annule-les", "Lequel", "mer. 2 déc."),
    ("de-DE", "meine Schichten nächste Woche?", "sag sie alle ab", "Welche", "Mi., 2. Dez."),
    ("es-ES", "¿cuáles son mis turnos la semana que viene?", "cancélalos", "¿Cuál", "mié., 2 dic."),
    ("it-IT", "quali sono i miei turni la settimana prossima?", "annullali", "Quale", "mer 2 dic"),
    ("pt-BR", "quais são meus turnos semana que vem?", "cancela esses", "Qual", "qua., 2 de dez."),
    ("nl-NL", "wat zijn mijn diensten volgende week?", "zeg ze af", "Voor welke", "wo 2 dec."),
    ("pl-PL", "jakie mam zmiany w przyszłym tygodniu?", "odwołaj je", "Którą", "śr., 2 gru"),
    ("ja-JP", "来週のシフトは？", "それを全部キャンセルして", "どれを", "12月2日(水)"),
    ("zh-CN", "我下周的班有哪些？", "把这些都取消", "哪一个", "12月2日周三"),
])
async def test_cancel_them_after_a_list_asks_which_of_it(
    bot: BotHarness, locale: str, listing: str, cancel: str, which: str, wednesday: str
) -> None:
    bot.as_person("bob-smith")
    bot.clock.advance(days=_SATURDAY, hours=_AFTER_HIS_SHIFT)
    listed = joined(await bot.say(listing, locale=locale))
    assert listed.count("\n- ") == 6
    replies = await bot.say(cancel, locale=locale)
    asked = joined(replies)
    assert which in asked
    buttons = [title for reply in replies for title, _ in reply.buttons]
    # The six listed shifts, "all of these" and "none of these".
    assert len(buttons) == 8 and not buttons[6][0].isdigit()
    picked = joined(await bot.say("3", locale=locale))
    assert wednesday in picked and "09:00-15:00" in picked  # restated, with its reason asked
    schedule = joined(await bot.say("what are my shifts next week?"))
    assert "Wed 2 Dec" in schedule  # nothing cancelled before the reason is given


async def test_cancel_it_with_no_list_shown_cancels_nothing(bot: BotHarness) -> None:
    bot.as_person("bob-smith")
    bot.clock.advance(days=_SATURDAY, hours=_AFTER_HIS_SHIFT)
    said = joined(await bot.say("cancel it"))
    assert "nothing in progress to cancel" in said


async def test_a_manager_saying_cancel_it_is_not_a_shift_cancel(bot: BotHarness) -> None:
    bot.as_person("maria")
    said = joined(await bot.say("cancel them"))
    assert "Cancel " not in said and "reason" not in said.lower()
