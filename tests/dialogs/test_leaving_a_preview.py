"""A manager leaves a preview ("leave it", "zostaw to", "今はいい", "lascia", "laisse ça"):
nothing is sent or booked, ERA says so plainly, and a later yes does nothing. The finding: these
were re-asked ("I haven't booked anything yet. Reply "yes" to book it …") or, for "今はいい",
kept waiting as a put-off."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from core.time_window import TimeWindow
from language.catalogue import say
from services.org_database import OrgDatabase
from tests.bot_harness import BotHarness, joined
from tests.conftest import FIXED_NOW

WEEK = TimeWindow(FIXED_NOW, FIXED_NOW + timedelta(days=7))
EMAIL_REQUESTS = {
    "en-US": "email Bob Smith about his lateness",
    "fr-FR": "envoie un email à Bob Smith à propos de son retard",
    "de-DE": "schreib Bob Smith eine E-Mail wegen seiner Verspätung",
    "nl-NL": "mail bob smith over zijn te laat komen",
    "pl-PL": "napisz maila do boba smitha w sprawie spoznien",
    "it-IT": "manda una mail a Bob Smith per i ritardi",
    "pt-BR": "manda um email pro Bob Smith sobre os atrasos",
    "ja-JP": "ボブ・スミスさんに遅刻についてメールを送って",
    "zh-CN": "给Bob Smith发邮件说他迟到的事",
}
LEAVE_IT = [
    ("en-US", "just leave it"), ("en-US", "drop it"), ("en-US", "scrap that"),
    ("pl-PL", "zostaw to"), ("pl-PL", "odpuść"), ("ja-JP", "今はいい"), ("ja-JP", "今はいいです"),
    ("it-IT", "lascia"), ("fr-FR", "laisse ça"), ("de-DE", "ach lass"), ("nl-NL", "laat het"),
    ("pt-BR", "esquece isso"), ("zh-CN", "不用发了"),
]
DRAFTED = "I would like to talk with you about your punctuality."


def _language(locale: str) -> str:
    return "pt-BR" if locale == "pt-BR" else locale[:2]


async def _outbox(data_dir: Path) -> int:
    db = await OrgDatabase.open(data_dir / "org.sqlite3")
    try:
        return len(await db.fetch_all("SELECT rowid FROM outbox"))
    finally:
        await db.close()


@pytest.mark.parametrize(("locale", "reply"), LEAVE_IT)
async def test_leaving_the_email_discards_it_and_sends_nothing(
    bot: BotHarness, tmp_path: Path, locale: str, reply: str
) -> None:
    bot.as_person("maria").locale = locale
    language = _language(locale)
    assert DRAFTED in joined(await bot.say(EMAIL_REQUESTS[locale]))
    left = joined(await bot.say(reply))
    assert say("email.discarded", language) in left, left
    await bot.say(say("email.button_send", language))
    assert await _outbox(tmp_path) == 0


CALL_REQUESTS = {
    "en-US": "book a call with Alice tomorrow at 4pm",
    "pl-PL": "umów rozmowę z alice jutro o 16",
    "ja-JP": "明日16時にアリスさんと通話を予約して",
    "it-IT": "prenota una chiamata con alice domani alle 16",
    "fr-FR": "réserve un appel avec alice demain à 16h",
}


@pytest.mark.parametrize(("locale", "reply"), [
    ("en-US", "leave it for now"), ("pl-PL", "zostaw to"), ("ja-JP", "今はいい"),
    ("it-IT", "lascia"), ("fr-FR", "laisse ça"),
])
async def test_leaving_the_call_books_nothing(
    bot: BotHarness, tmp_path: Path, locale: str, reply: str
) -> None:
    bot.as_person("maria").locale = locale
    await bot.say(CALL_REQUESTS[locale])
    await bot.say("1")
    left = joined(await bot.say(reply))
    assert say("meeting.not_booked", _language(locale)) in left, left
    await bot.say("yes")
    events = await bot.components.services.calendar.find_events(
        attendee_email="alice.martin@contoso.example", window=WEEK)
    assert events == []
    assert await _outbox(tmp_path) == 0
