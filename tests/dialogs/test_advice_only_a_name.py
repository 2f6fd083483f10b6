"""At "what happened?", a manager who only says whom it is about ("bob smith", "鲍勃史密斯",
"Alice") was handed to HR with nothing to pass on ("I don't have guidance on that"), or given the
general rules of the workplace. ERA asks what happened with that person, in their language, and
reads the answer with it; nobody is handed over."""

from __future__ import annotations

import pytest

from language.catalogue import say
from tests.bot_harness import BotHarness, joined


@pytest.mark.parametrize(("locale", "language", "opening", "name", "named", "answer", "advice"), [
    ("en-US", "en", "i need some advice about someone", "bob smith", "Bob Smith",
     "he keeps coming in late, 4 times this month", "Bob"),
    ("en-US", "en", "i need some help with an employee", "it's about luca", "Luca Rossi",
     "he was late again, third time this month", "Luca"),
    ("zh-CN", "zh-Hans", "我需要一些建议", "鲍勃史密斯", "Bob Smith",
     "他这个月迟到了四次", "Bob"),
    ("de-DE", "de", "ich brauche einen Rat wegen eines Mitarbeiters", "Alice", "Alice Martin",
     "sie war diese Woche dreimal zu spät", "Alice"),
    ("ja-JP", "ja", "相談したいことがあります", "アリス", "Alice Martin",
     "アリスさんが今週3回遅刻しました", "Alice"),
])
async def test_only_a_name_is_asked_about_and_the_answer_advised_on(
    bot: BotHarness, locale: str, language: str, opening: str, name: str, named: str,
    answer: str, advice: str,
) -> None:
    bot.as_person("maria").locale = locale
    opened = joined(await bot.say(opening))
    asked = joined(await bot.say(name))
    assert asked == say("advice.gap_question_person", language, name=named), asked
    advised = joined(await bot.say(answer))
    # The lateness questions about that person: no hand-over, nothing general.
    assert advice in advised, advised
    assert "hr-desk@" not in opened + asked + advised  # nobody handed over to HR


@pytest.mark.parametrize(("locale", "language", "vague"), [
    ("en-US", "en", "i just need some advice"),
    ("ja-JP", "ja", "アドバイスが欲しいです"),
    ("zh-CN", "zh-Hans", "我需要一些建议"),
])
async def test_asking_for_advice_again_at_the_question_is_asked_again(
    bot: BotHarness, locale: str, language: str, vague: str
) -> None:
    """'i need some advice' at "What's happening with Luca?" told nothing and handed the manager
    to HR with nothing to pass on."""
    bot.as_person("maria").locale = locale
    await bot.say("i need some help with an employee", locale="en-US")
    await bot.say("luca")
    again = joined(await bot.say(vague))
    assert again == say("advice.gap_question_again", language), again


@pytest.mark.parametrize(("locale", "language", "message"), [
    ("en-US", "en", "bob cried"),
    ("zh-CN", "zh-Hans", "鲍勃哭了"),
    ("zh-CN", "zh-Hans", "爱丽丝哭了"),
    ("ja-JP", "ja", "ボブが泣いた"),
    ("ja-JP", "ja", "アリス泣いた"),
])
async def test_a_short_first_message_of_someone_in_distress_is_asked_about(
    bot: BotHarness, locale: str, language: str, message: str
) -> None:
    """The finding: "bob cried", "ボブが泣いた" as a first message were too short to read ("Tell
    me what happened"), and "鲍勃哭了" only a name (at most three characters beside it: "what's
    happening with Bob?"). ERA asks what lies behind it, and the answer gets the support for a
    hard time."""
    bot.as_person("maria").locale = locale
    asked = joined(await bot.say(message))
    assert asked == say("advice.gap_question", language), asked
    advised = joined(await bot.say({"en": "no idea why", "zh-Hans": "不知道为什么",
                                    "ja": "理由はわかりません"}[language]))
    assert advised.startswith(_wellbeing_opening(language)), advised


def _wellbeing_opening(language: str) -> str:
    """The support for a hard time, up to the first name said in it."""
    return say("advice.wellbeing", language, employee="\x00").split("\x00")[0]
