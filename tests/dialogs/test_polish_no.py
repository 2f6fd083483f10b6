"""Polish "no" is "yeah" as often as it is a no ("no tak", "no jasne": yes of course; "no nie":
no). Alone at a yes/no question it was read as a no, and nothing was done for a worker who
meant yes. Now it is asked again, saying what is accepted ("tak" / "nie"); "no tak", "no jasne",
"no dobra" are a yes and "no nie" a no. In English, Spanish, Italian "no" stays a no."""

from __future__ import annotations

import pytest

from core.reply_interpreter import ReplyIntent, interpret_reply
from services.org_database import OrgDatabase
from tests.bot_harness import BotHarness, joined

ASK = "czy mogę zamienić się zmianą w piątek?"


async def _outbox(bot: BotHarness) -> int:
    db = await OrgDatabase.open(bot.components.settings.data_dir / "org.sqlite3")
    try:
        return len(await db.fetch_all("SELECT * FROM outbox"))
    finally:
        await db.close()


@pytest.mark.parametrize(("text", "locale", "intent"), [
    ("no", "pl-PL", ReplyIntent.UNKNOWN),
    ("no.", "pl-PL", ReplyIntent.UNKNOWN),
    ("no tak", "pl-PL", ReplyIntent.CONFIRM),
    ("no jasne", "pl-PL", ReplyIntent.CONFIRM),
    ("no dobra", "pl-PL", ReplyIntent.CONFIRM),
    ("no nie", "pl-PL", ReplyIntent.REJECT),
    ("nie", "pl-PL", ReplyIntent.REJECT),
    ("no", "en-US", ReplyIntent.REJECT),
    ("no", "es-ES", ReplyIntent.REJECT),
    ("no", "it-IT", ReplyIntent.REJECT),
])
def test_polish_no_alone_is_neither_yes_nor_no(
    text: str, locale: str, intent: ReplyIntent
) -> None:
    assert interpret_reply(text, "confirm_action", (), locale).intent is intent


async def test_polish_no_at_shall_i_ask_is_asked_again_with_tak_or_nie(
    bot: BotHarness, chats: list[tuple[str, str]]
) -> None:
    bot.as_person("bob-smith")
    bot.locale = "pl-PL"
    offered = joined(await bot.say(ASK))
    assert "Maria Lopez" in offered, offered
    sent, chatted = await _outbox(bot), len(chats)
    again = joined(await bot.say("no"))
    assert "„tak”" in again and "„nie”" in again, again
    assert await _outbox(bot) == sent and len(chats) == chatted
    kept = joined(await bot.say("no nie"))
    assert "Dobrze" in kept, kept
    assert await _outbox(bot) == sent and len(chats) == chatted


async def test_polish_no_tak_at_shall_i_ask_asks_maria_once(
    bot: BotHarness, chats: list[tuple[str, str]]
) -> None:
    bot.as_person("bob-smith")
    bot.locale = "pl-PL"
    await bot.say(ASK)
    sent, chatted = await _outbox(bot), len(chats)
    await bot.say("no")
    done = joined(await bot.say("no tak"))
    assert "Maria Lopez" in done, done
    assert await _outbox(bot) + len(chats) > sent + chatted


@pytest.mark.parametrize("answer", ["Nie", "nie", "press"])
async def test_the_polish_no_button_typed_or_pressed_is_a_no(
    bot: BotHarness, chats: list[tuple[str, str]], answer: str
) -> None:
    """The "Nie" button carries ERA's own "no": pressed, or its title typed, it was read as the
    Polish "no" and got "Odpowiedz „tak” lub „nie”" (the worker could not say no with the
    button). It is a no: nobody is asked."""
    bot.as_person("bob-smith")
    bot.locale = "pl-PL"
    offered = await bot.say(ASK)
    sent, chatted = await _outbox(bot), len(chats)
    if answer == "press":
        no = next(reply for r in offered for title, reply in r.buttons if title == "Nie")
        kept = joined(await bot.press(no))
    else:
        kept = joined(await bot.say(answer))
    assert "Dobrze" in kept and "„tak”" not in kept, kept
    assert await _outbox(bot) == sent and len(chats) == chatted
