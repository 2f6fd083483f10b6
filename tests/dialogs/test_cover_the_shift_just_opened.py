"""Right after a manager takes someone off a shift, "who can cover?" ("quem pode cobrir?",
"wer kann einspringen?") is about that shift, now open: who could take it, and a pick then a
yes gives it to them. ERA asked for a day, and the manager's pick was not understood."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined


@pytest.mark.parametrize(("locale", "off", "yes", "cover", "shift"), [
    ("en-GB", "unassign Luca from Wednesday", "yes", "who can cover?",
     "Wed 25 Nov, Morning 09:00-15:00 (stock clerk)"),
    ("pt-BR", "tira o Luca da quarta", "sim", "quem pode cobrir?",
     "qua., 25 de nov., Manhã 09:00-15:00 (armazém)"),
])
async def test_who_can_cover_is_about_the_shift_just_opened(
    bot: BotHarness, locale: str, off: str, yes: str, cover: str, shift: str
) -> None:
    bot.as_person("maria")
    await bot.say(off, locale=locale)
    await bot.say(yes, locale=locale)
    replies = await bot.say(cover, locale=locale)
    said = joined(replies)
    assert shift in said and "Bob Jones" in said, said
    buttons = [title for reply in replies for title, _ in reply.buttons]
    assert any("Bob Jones" in title for title in buttons)


@pytest.mark.parametrize(("locale", "off", "yes", "cover"), [
    ("zh-CN", "把Chen Wei周四的班撤掉", "好的", "谁可以顶替？"),
    ("en-GB", "unassign Chen from Thursday", "yes", "who can cover?"),
])
async def test_the_one_just_taken_off_is_not_offered_to_cover(
    bot: BotHarness, locale: str, off: str, yes: str, cover: str
) -> None:
    """'Chen Wei: free then, qualified' was offered to cover the shift Chen had just been
    taken off."""
    bot.as_person("maria")
    await bot.say(off, locale=locale)
    await bot.say(yes, locale=locale)
    replies = await bot.say(cover, locale=locale)
    assert "Bob Jones" in joined(replies)
    assert "Chen" not in joined(replies)
    assert not any("Chen" in title for reply in replies for title, _ in reply.buttons)
