"""The question "Shall we get back to …?" asked when a flow set aside is offered again: what people
answer it with besides a yes or a no."""

from __future__ import annotations

import pytest

from language.catalogue import say
from tests.bot_harness import BotHarness, joined


@pytest.mark.parametrize(("locale", "thanks"), [
    ("en-US", "thanks!"), ("en-US", "thank you so much"), ("nl-NL", "bedankt!"),
    ("fr-FR", "merci beaucoup"), ("ja-JP", "ありがとうございます"),
])
async def test_thanks_at_the_resume_question_is_welcomed_and_the_question_stays(
    bot: BotHarness, locale: str, thanks: str
) -> None:
    """'thanks!' after the email was sent, at 'Shall we get back to assigning a shift?', got
    only the question again ('I was assigning a shift when …'), and 'thank you so much' (three
    words, taken for a new request) dropped the shift set aside unsaid. Now thanks is
    welcomed, the question is asked again, and a yes takes the shift back up."""
    bot.locale = locale
    language = locale.split("-")[0]
    await bot.say("assign Alice on friday as cashier")
    await bot.say("email bob smith about his lateness")
    await bot.press("send")
    answered = joined(await bot.say(thanks))
    assert answered.startswith(say("prompt.thanks", language))
    assert say("flow.shift_assign.resume_reask", language) in answered
    back = joined(await bot.say("yes"))
    assert "Alice Martin" in back
