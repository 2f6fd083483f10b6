"""A manager puts a preview off ("not now", "plus tard", "später", "あとで", "以后再说"): nothing is
sent or applied, nothing is dropped, ERA says so and how to come back to it, and a later yes
still does it. The finding: "not now" at the email's preview discarded the draft (while "no
wait" kept it), and "plus tard" at a swap's preview was "Sorry, I didn't understand that"."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from language.catalogue import default_catalogue, say
from services.demo_organisation import RIVERSIDE
from services.org_database import OrgDatabase
from tests.bot_harness import BotHarness, joined

LONDON = ZoneInfo("Europe/London")
TUESDAY = date(2026, 11, 24)

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
PUT_OFF = [
    ("en-US", "not now"), ("en-US", "later"), ("en-US", "maybe later"),
    ("fr-FR", "pas maintenant"), ("fr-FR", "plus tard"), ("de-DE", "später"),
    ("de-DE", "nicht jetzt"), ("es-ES", "más tarde"), ("es-ES", "ahora no"), ("es-ES", "luego"),
    ("it-IT", "non adesso"), ("it-IT", "più tardi"), ("nl-NL", "nu niet"), ("nl-NL", "straks"),
    ("pl-PL", "nie teraz"), ("pl-PL", "później"), ("pt-BR", "agora não"),
    ("pt-BR", "mais tarde"), ("ja-JP", "あとで"), ("zh-CN", "以后再说"),
    ("zh-CN", "晚点再说"),
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


@pytest.mark.parametrize(("locale", "reply"), PUT_OFF)
async def test_putting_off_the_email_keeps_the_draft_and_sends_nothing(
    bot: BotHarness, tmp_path: Path, locale: str, reply: str
) -> None:
    bot.as_person("maria").locale = locale
    language = _language(locale)
    assert DRAFTED in joined(await bot.say(EMAIL_REQUESTS[locale]))
    kept = joined(await bot.say(reply))
    assert say("email.kept_waiting", language) in kept, kept
    assert say("email.discarded", language) not in kept
    assert await _outbox(tmp_path) == []
    await bot.say(say("email.button_send", language))
    sent = await _outbox(tmp_path)
    assert len(sent) == 1 and DRAFTED in sent[0]


SWAPS = {
    "en-US": "swap Alice and Bob Smith on Tuesday",
    "fr-FR": "échange Alice et Bob Smith mardi",
    "de-DE": "tausche Alice und Bob Smith am Dienstag",
    "es-ES": "intercambia a Alice y Bob Smith el martes",
    "it-IT": "scambia Alice e Bob Smith martedì",
    "nl-NL": "wissel Alice en Bob Smith op dinsdag",
    "pl-PL": "zamień Alice i Boba Smitha we wtorek",
    "pt-BR": "troca a Alice e o Bob Smith na terça",
    "ja-JP": "火曜日のアリスとボブ・スミスのシフトを交換して",
    "zh-CN": "把周二Alice和Bob Smith的班换一下",
}
YES = {"en-US": "yes", "fr-FR": "oui", "de-DE": "ja", "es-ES": "sí", "it-IT": "sì",
       "nl-NL": "ja", "pl-PL": "tak", "pt-BR": "sim", "ja-JP": "はい", "zh-CN": "是"}


async def _holders(bot: BotHarness) -> dict[str, list[str]]:
    holders: dict[str, list[str]] = {}
    for shift in await bot.shifts.shifts_on(RIVERSIDE, TUESDAY, LONDON):
        if shift.person_id:
            holders.setdefault(shift.label, []).append(shift.person_id)
    return holders


@pytest.mark.parametrize(("locale", "reply"), PUT_OFF)
async def test_putting_off_a_swap_applies_nothing_and_keeps_it_for_a_yes(
    bot: BotHarness, locale: str, reply: str
) -> None:
    bot.as_person("maria").locale = locale
    language = _language(locale)
    catalogue = default_catalogue()
    before = await _holders(bot)
    preview = joined(await bot.say(SWAPS[locale]))
    assert "shift_change.preview" in catalogue.identify(preview, language), preview
    kept = joined(await bot.say(reply))
    assert say("prompt.kept_waiting", language) in kept, kept
    assert "shift_change.preview" in catalogue.identify(kept, language)
    assert await _holders(bot) == before
    done = joined(await bot.say(YES[locale]))
    assert "shift_change.done" in catalogue.identify(done, language), done
    after = await _holders(bot)
    assert "bob-smith" in after["Afternoon"] and "alice" in after["Evening"]

