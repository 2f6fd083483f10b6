"""A manager who asks ERA for the warning letter ("I spoke to him on tuesday, can you draft a
warning letter") has given no written warning yet: the advice is the written warning, offered
as a draft, not the formal procedure after one; and the letter says the day of the talk the
manager told instead of a blank "[date of our conversation]"."""

from __future__ import annotations

from pathlib import Path

import pytest

from services.email_drafter import PHRASES_FILE
from tests.bot_harness import BotHarness, joined

_TEMPLATES = Path(__file__).resolve().parents[2] / "prompts" / "email_templates"


def _spoken_phrase(language: str) -> str:
    """The letter's sentence about the talk before, as its template has it."""
    for line in (_TEMPLATES / language / PHRASES_FILE).read_text(encoding="utf-8").splitlines():
        key, _, text = line.partition("=")
        if key.strip() == "previous.spoken":
            return text.strip()
    raise AssertionError(f"no previous.spoken in {language}")


# The bot's clock stands on Sunday 22 November 2026: Tuesday was the 17th. The letter is in
# the employee's language (Sophie's French, Luca's Italian, Chen's Chinese, Yuki's Japanese).
@pytest.mark.parametrize(("locale", "letter", "lines", "yes", "tuesday"), [
    ("en-US", "en", ["bob smith was late again", "3 times this week",
                     "I spoke to him on tuesday, can you draft a warning letter"], "yes", "17 Nov"),
    ("en-US", "en", ["bob smith keeps coming in late, 3 times this week",
                     "talked to him tuesday. pls write him a written warning"], "yes", "17 Nov"),
    ("fr-FR", "fr", ["sophie est encore arrivée en retard", "3 fois cette semaine",
                     "je lui ai parlé mardi, tu peux rédiger un avertissement écrit ?"], "oui",
     "17 nov"),
    ("de-DE", "en", ["bob smith kommt schon wieder zu spät", "3 mal diese woche",
                     "ich habe am dienstag mit ihm gesprochen, kannst du eine abmahnung "
                     "schreiben"], "ja", "17 Nov"),
    ("it-IT", "it", ["luca è arrivato di nuovo in ritardo", "3 volte questa settimana",
                     "gli ho parlato martedì, puoi scrivere un richiamo scritto?"], "sì",
     "17 nov"),
    ("zh-CN", "zh", ["陈伟又迟到了", "这周3次",
                     "我周二跟他谈过了，帮我起草一封书面警告"], "好的", "11月17日"),
])
async def test_a_warning_asked_for_is_drafted_with_the_day_of_the_talk(
    bot: BotHarness, locale: str, letter: str, lines: list[str], yes: str, tuesday: str
) -> None:
    bot.as_person("maria").locale = locale
    for line in lines[:-1]:
        await bot.say(line)
    advice = await bot.say(lines[-1])
    # The draft is offered (the formal procedure after a written warning offers none).
    assert advice[-1].buttons, joined(advice)
    draft = joined(await bot.say(yes))
    spoken = _spoken_phrase(letter)
    before, _, after = spoken.partition("[")
    placeholder = "[" + after.split("]")[0] + "]"
    assert before.strip() in draft, draft
    assert placeholder not in draft, draft
    assert tuesday in draft, draft


@pytest.mark.parametrize("message", [
    "bob smith has been late 3 times this week, i havent had the chance to talk to him yet, "
    "i think its the bus",
    "bob smith keeps coming in late, 3 times this week, havent had time to speak to him yet "
    "but he says its the bus",
])
async def test_the_talk_not_yet_held_is_not_asked_again(bot: BotHarness, message: str) -> None:
    """A longer first message that says the talk has not happened yet gets the advice for a
    first talk (the call offered), not "Have you already spoken to Bob about it?"."""
    replies = await bot.say(message)
    said = joined(replies)
    assert "Have you already spoken" not in said, said
    assert "Bob Smith" in replies[-1].text and replies[-1].buttons, said
