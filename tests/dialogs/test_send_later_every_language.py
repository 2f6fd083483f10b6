"""A manager asks to send the email later ("manda depois", "stuur het later", "wyślij później",
"あとで送って", "明天再发") at its preview: ERA says it cannot schedule a send, keeps the draft and
sends nothing, as it does for "send it later". The finding: Brazilian "manda depois" was taken
as an instruction for the AI and went to "what should the email say instead?"; so did Polish
"wyślij później"; Dutch "stuur het later" and Chinese "明天再发" were not understood."""

from __future__ import annotations

from pathlib import Path

import pytest

from language.catalogue import say
from services.org_database import OrgDatabase
from tests.bot_harness import BotHarness, joined

EMAIL_REQUESTS = {
    "en-US": "email Bob Smith about his lateness",
    "fr-FR": "envoie un email à Bob Smith à propos de son retard",
    "de-DE": "schreib Bob Smith eine E-Mail wegen seiner Verspätung",
    "es-ES": "envía un correo a Bob Smith sobre sus retrasos",
    "nl-NL": "mail bob smith over zijn te laat komen",
    "pl-PL": "napisz maila do boba smitha w sprawie spoznien",
    "it-IT": "manda una mail a Bob Smith per i ritardi",
    "pt-BR": "manda um email pro Bob Smith sobre os atrasos",
    "ja-JP": "ボブ・スミスさんに遅刻についてメールを送って",
    "zh-CN": "给Bob Smith发邮件说他迟到的事",
}
SEND_LATER = [
    ("en-US", "send it later"), ("pt-BR", "manda depois"), ("pt-BR", "envia mais tarde"),
    ("it-IT", "mandala più tardi"), ("it-IT", "inviala domani"), ("nl-NL", "stuur het later"),
    ("nl-NL", "stuur hem morgen"), ("pl-PL", "wyślij później"), ("pl-PL", "wyślij jutro"),
    ("ja-JP", "あとで送って"), ("zh-CN", "明天再发"), ("zh-CN", "晚点再发"),
    ("fr-FR", "envoie-le plus tard"), ("de-DE", "schick sie später"), ("es-ES", "mándalo luego"),
]
DRAFTED = "I would like to talk with you about your punctuality."


def _language(locale: str) -> str:
    return "pt-BR" if locale == "pt-BR" else locale[:2]


async def _outbox(data_dir: Path) -> list[str]:
    db = await OrgDatabase.open(data_dir / "org.sqlite3")
    try:
        return [str(row["body"]) for row in await db.fetch_all("SELECT body FROM outbox")]
    finally:
        await db.close()


@pytest.mark.parametrize(("locale", "reply"), SEND_LATER)
async def test_send_later_says_era_cannot_schedule_and_keeps_the_draft(
    bot: BotHarness, tmp_path: Path, locale: str, reply: str
) -> None:
    bot.as_person("maria").locale = locale
    language = _language(locale)
    assert DRAFTED in joined(await bot.say(EMAIL_REQUESTS[locale]))
    answer = joined(await bot.say(reply))
    assert say("email.cannot_schedule", language) in answer, answer
    assert await _outbox(tmp_path) == []
    await bot.say(say("email.button_send", language))
    sent = await _outbox(tmp_path)
    assert len(sent) == 1 and DRAFTED in sent[0]
