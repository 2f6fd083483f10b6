"""Feedback on ERA as people type it: "Feedback: super Bot" from a German client got "Sorry,
I'm not sure what you'd like me to do" in English (its words, "super" and "Bot", read as
English), and "!improve super Bot" was thanked for in English. Feedback opened with the word
(and a colon) is kept as "!improve" is, and ERA thanks for it in the person's language."""

from __future__ import annotations

import pytest

from language.catalogue import say
from tests.bot_harness import BotHarness, joined


@pytest.mark.parametrize(("who", "locale", "text"), [
    ("bob-smith", "de-DE", "Feedback: super Bot"),
    ("bob-smith", "de-DE", "!improve super Bot"),
    ("maria", "fr-FR", "Feedback: le bot est top"),
    ("bob-smith", "es-ES", "Feedback: el bot es genial"),
    ("maria", "nl-NL", "feedback: top bot"),
    ("bob-smith", "ja-JP", "フィードバック：とても便利です"),
    ("maria", "zh-CN", "反馈：很好用"),
    ("bob-smith", "en-US", "Feedback: you are a bit slow"),
])
async def test_feedback_is_kept_and_thanked_for_in_the_persons_language(
    bot: BotHarness, who: str, locale: str, text: str
) -> None:
    bot.as_person(who)
    bot.locale = locale
    language = "zh-Hans" if locale.startswith("zh") else locale.split("-")[0]
    answered = joined(await bot.say(text))
    assert answered == say("feedback.recorded", language)
