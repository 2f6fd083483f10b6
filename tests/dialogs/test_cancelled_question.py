"""A worker asking whether their shift was cancelled ("was my shift cancelled?", "moja zmiana
została odwołana?") gets their coming shifts, never the cancel flow's "which one?"."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined
from tests.dialogs.test_shift_cancel_references import WEEK, _bobs_days, _mails


@pytest.mark.parametrize(("locale", "question", "shifts_word"), [
    ("en-GB", "was my shift cancelled?", "shifts"),
    ("pl-PL", "moja zmiana została odwołana?", "zmiany"),
    ("fr-FR", "mon service a été annulé ?", "postes"),
    ("de-DE", "wurde meine Schicht abgesagt?", "Schichten"),
    ("es-ES", "¿mi turno fue cancelado?", "turnos"),
    ("ja-JP", "私のシフトはキャンセルされましたか？", "シフト"),
])
async def test_asking_whether_a_shift_was_cancelled_shows_the_shifts(
    bot: BotHarness, locale: str, question: str, shifts_word: str
) -> None:
    """The finding: "was my shift cancelled?" and "moja zmiana została odwołana?" started a
    cancellation ("which one do you want to cancel?"); in French and German it was "I'm not
    sure what you'd like me to do". The coming shifts are shown instead, no question waits,
    and a "yes" or "1" after it cancels nothing."""
    bot.as_person("bob-smith").locale = locale
    replies = await bot.say(question)
    said = joined(replies)
    assert shifts_word in said and not any(reply.buttons for reply in replies), said
    await bot.say("1")
    await bot.say("yes")
    assert await _bobs_days(bot) == WEEK and await _mails(bot) == 0
