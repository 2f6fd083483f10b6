"""A manager's shift change is done, and the person it concerns has never chatted with ERA, so
ERA cannot tell them in Teams: the "Done: …" says so at once, in the manager's language ("Done:
Alice Martin → …" alone let Maria believe Alice knew, unless she asked). When the person was
told, nothing more is said."""

from __future__ import annotations

import pytest

from language.catalogue import default_catalogue, say
from tests.bot_harness import BotHarness, joined

ASSIGNS = [
    ("en-US", "give alice fri evening", "1", "yes"),
    ("fr-FR", "mets alice vendredi soir", "1", "oui"),
    ("de-DE", "trag alice am freitag abend ein", "1", "ja"),
    ("ja-JP", "金曜の夜にアリスさんを入れて", "1", "はい"),
    ("zh-CN", "周五晚上给爱丽丝排班", "1", "是"),
]


@pytest.mark.parametrize(("locale", "request_text", "role", "yes"), ASSIGNS)
async def test_done_says_the_person_could_not_be_told(
    bot: BotHarness, locale: str, request_text: str, role: str, yes: str
) -> None:
    bot.as_person("maria")
    bot.locale = locale
    language = locale.split("-")[0]
    shown = joined(await bot.say(request_text))
    if "Alice Martin" not in shown:
        shown = joined(await bot.say(role))
    assert "20:00-23:00" in shown, shown
    done = joined(await bot.say(yes))
    assert "shift_change.done" in _ids(done, language), done
    assert say("shift_change.done_not_told", language, names="Alice Martin") in done, done


def _ids(text: str, language: str) -> list[str]:
    return default_catalogue().identify(text, language)


async def test_done_says_it_in_english_words(bot: BotHarness) -> None:
    bot.as_person("maria")
    await bot.say("give alice fri evening")
    await bot.say("1")
    done = joined(await bot.say("yes"))
    assert done.startswith("Done: Alice Martin → Fri 27 Nov, Evening 20:00-23:00"), done
    assert "I couldn't reach Alice Martin in Teams" in done, done
    # One person: no "tell them" (and the fr "le leur dire") for Alice alone.
    assert "please pass the change on yourself" in done and "them" not in done, done


async def test_one_person_not_told_is_no_plural_in_french(bot: BotHarness) -> None:
    bot.as_person("maria")
    bot.locale = "fr-FR"
    await bot.say("mets alice vendredi soir")
    await bot.say("1")
    done = joined(await bot.say("oui"))
    assert "Je n'ai pas pu joindre Alice Martin dans Teams" in done, done
    assert "merci de transmettre le changement vous-même" in done, done
    assert "leur" not in done, done


async def test_an_unassign_says_it_too(bot: BotHarness) -> None:
    bot.as_person("maria")
    shown = joined(await bot.say("unassign bob smith from wednesday"))
    assert "Bob Smith" in shown, shown
    done = joined(await bot.say("yes"))
    assert done.startswith("Done:"), done
    assert "I couldn't reach Bob Smith in Teams" in done, done


async def test_nothing_more_is_said_when_the_person_was_told(
    bot: BotHarness, chats: list[tuple[str, str]]
) -> None:
    bot.as_person("maria")
    await bot.say("give alice fri evening")
    await bot.say("1")
    done = joined(await bot.say("yes"))
    assert done == "Done: Alice Martin → Fri 27 Nov, Evening 20:00-23:00 (cashier).", done
    assert [person for person, _ in chats] == ["alice"]
