"""A preview's button typed instead of pressed ("Add", "ajouter", "Hinzufügen", "追加する",
"添加", "Remove") does what pressing it does: a text channel shows the titles, and people type
them. Before, each got "Sorry, I didn't understand that. Reply "yes" or "no"." and nothing
was added or removed."""

from __future__ import annotations

from datetime import timedelta

import pytest

from core.time_window import TimeWindow
from tests.bot_harness import BotHarness, joined
from tests.conftest import FIXED_NOW

CHEN = "chen.wei@contoso.example"
ALICE = "alice.martin@contoso.example"


async def _meetings_of(bot: BotHarness, email: str) -> list[str]:
    events = await bot.components.services.calendar.find_events(
        attendee_email=email, window=TimeWindow(FIXED_NOW, FIXED_NOW + timedelta(days=14)))
    return [e.subject for e in events]


@pytest.mark.parametrize(("locale", "request_text", "typed"), [
    ("en-US", "add chen to the rota review", "Add"),
    ("en-US", "add chen to the rota review", "add!"),
    ("fr-FR", "ajoute chen à la réunion de vendredi", "ajouter"),
    ("de-DE", "lade chen zum rota review ein", "hinzufugen"),
    ("ja-JP", "チェンさんを金曜日の会議に追加して", "追加する"),
    ("zh-CN", "把陈加到周五的会议里", "添加"),
])
async def test_the_typed_add_button_adds_them(
    meetings_bot: BotHarness, locale: str, request_text: str, typed: str,
) -> None:
    bot = meetings_bot
    bot.locale = locale
    await bot.say(request_text)
    assert await _meetings_of(bot, CHEN) == []
    said = joined(await bot.say(typed))
    assert await _meetings_of(bot, CHEN) == ["Rota review"], said


@pytest.mark.parametrize(("locale", "request_text", "typed"), [
    ("en-US", "take alice off the rota review", "remove"),
    ("fr-FR", "retire alice de la réunion de vendredi", "Retirer"),
])
async def test_the_typed_remove_button_removes_them(
    meetings_bot: BotHarness, locale: str, request_text: str, typed: str,
) -> None:
    bot = meetings_bot
    bot.locale = locale
    await bot.say(request_text)
    assert await _meetings_of(bot, ALICE) == ["Rota review"]
    said = joined(await bot.say(typed))
    assert await _meetings_of(bot, ALICE) == [], said
