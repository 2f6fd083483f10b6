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



@pytest.mark.parametrize(("locale", "first", "working"), [
    ("en-US", "1", "who is working tomorrow?"),
    ("en-GB", "the first one", "who is working tomorrow?"),
    ("fr-FR", "le premier", "qui travaille demain ?"),
    ("de-DE", "die erste", "wer arbeitet morgen?"),
    ("es-ES", "la primera", "¿quién trabaja mañana?"),
    ("ja-JP", "1番", "明日は誰が働いていますか？"),
    ("zh-CN", "第一个", "明天谁上班？"),
])
async def test_the_first_button_by_its_place_takes_the_flow_back_up(
    bot: BotHarness, locale: str, first: str, working: str
) -> None:
    """'1' or 'the first' at 'Shall we get back to drafting an email?' (its buttons: Yes, No)
    was met with the question asked again; it is the yes: the draft is shown again (and
    waits for its own Send)."""
    bot.locale = locale
    language = locale.split("-")[0]
    await bot.say("email bob smith about his lateness")
    assert say("flow.email.resume", language) in joined(await bot.say(working))
    back = joined(await bot.say(first))
    assert "Bob Smith" in back and say("flow.email.resume_reask", language) not in back


@pytest.mark.parametrize(("locale", "email", "working", "second"), [
    ("en-US", "email bob smith about his lateness", "who is working tomorrow?", "2"),
    ("en-US", "email bob smith about his lateness", "who is working tomorrow?",
     "the second one please"),
    ("it-IT", "scrivi un'email a bob smith sul suo ritardo", "chi lavora domani?",
     "la seconda"),
])
async def test_the_second_button_by_its_place_drops_the_flow(
    bot: BotHarness, locale: str, email: str, working: str, second: str
) -> None:
    bot.locale = locale
    await bot.say(email)
    await bot.say(working)
    dropped = joined(await bot.say(second))
    assert say("flow.email.dropped", locale.split("-")[0]) in dropped
