"""Thanks alone at "Which role should Alice work?" is welcomed and the question asked again, as
every other question does ("Sorry, I didn't understand that" told the manager she was wrong);
the flow goes on from the answer and nothing is assigned before the yes."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined

FRIDAY = date(2026, 11, 27)


async def _alices_friday(bot: BotHarness) -> list[str]:
    return [s.label for s in await bot.shifts.shifts_on(RIVERSIDE, FRIDAY,
                                                        ZoneInfo("Europe/London"))
            if s.person_id == "alice"]


@pytest.mark.parametrize(("locale", "request_text", "thanks", "welcome", "asked", "unclear"), [
    ("en-US", "give alice fri evening", "thanks", "You're welcome.",
     "Which role should Alice work?", "didn't understand"),
    ("en-US", "put alice on friday evening", "thank you so much", "You're welcome.",
     "Which role should Alice work?", "didn't understand"),
    ("fr-FR", "mets alice vendredi soir", "merci", "Je vous en prie.",
     "Dans quelle fonction dois-je affecter Alice ?", "pas compris"),
    ("de-DE", "trag alice am freitag abend ein", "danke", "Gern geschehen.",
     "In welcher Funktion soll Alice arbeiten?", "nicht verstanden"),
    ("ja-JP", "金曜の夜にアリスさんを入れて", "ありがとう", "どういたしまして。",
     "Aliceさんはどの職務で勤務しますか？", "分かりませんでした"),
])
async def test_thanks_at_the_role_question_is_welcomed_and_the_question_asked_again(
    bot: BotHarness, locale: str, request_text: str, thanks: str, welcome: str, asked: str,
    unclear: str,
) -> None:
    bot.as_person("maria")
    bot.locale = locale
    assert asked in joined(await bot.say(request_text))
    shown = joined(await bot.say(thanks))
    assert welcome in shown and asked in shown, shown
    assert unclear not in shown, shown
    assert await _alices_friday(bot) == []
    shown = joined(await bot.say("1"))
    assert "20:00-23:00" in shown, shown
    assert await _alices_friday(bot) == []
