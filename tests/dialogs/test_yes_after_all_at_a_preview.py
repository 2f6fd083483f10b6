"""A manager who hesitated says yes after all at a swap's preview ("dobra, jednak tak", "ok,
finalement oui", "toch wel", "やっぱりお願い"): the swap is applied. The finding: Polish
"dobra, jednak tak" was "Przepraszam, nie zrozumiałam" and the swap stayed undone; so were
"ok, yes after all", "va bene, sì alla fine", "bueno, al final sí", "toch wel" and
"やっぱりお願い". A no after all ("jednak nie", "toch niet") still applies nothing."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from language.catalogue import default_catalogue
from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined

LONDON = ZoneInfo("Europe/London")
TUESDAY = date(2026, 11, 24)

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
YES_AFTER_ALL = [
    ("en-US", "ok, yes after all"), ("pl-PL", "dobra, jednak tak"), ("pl-PL", "dobra"),
    ("fr-FR", "ok, finalement oui"), ("de-DE", "doch ja"), ("de-DE", "na gut, mach"),
    ("de-DE", "also gut"), ("es-ES", "bueno, al final sí"),
    ("it-IT", "va bene, sì alla fine"), ("nl-NL", "toch wel"), ("nl-NL", "ok, toch wel"),
    ("pt-BR", "ok, afinal sim"), ("ja-JP", "やっぱりお願い"), ("zh-CN", "还是确认吧"),
]
NO_AFTER_ALL = [
    ("pl-PL", "jednak nie"), ("nl-NL", "toch niet"), ("it-IT", "alla fine no"),
    ("es-ES", "al final no"), ("pt-BR", "afinal não"), ("ja-JP", "やっぱりやめる"),
]


def _language(locale: str) -> str:
    return "pt-BR" if locale == "pt-BR" else locale[:2]


async def _holders(bot: BotHarness) -> dict[str, list[str]]:
    holders: dict[str, list[str]] = {}
    for shift in await bot.shifts.shifts_on(RIVERSIDE, TUESDAY, LONDON):
        if shift.person_id:
            holders.setdefault(shift.label, []).append(shift.person_id)
    return holders


@pytest.mark.parametrize(("locale", "reply"), YES_AFTER_ALL)
async def test_a_yes_after_all_applies_the_swap(bot: BotHarness, locale: str, reply: str) -> None:
    bot.as_person("maria").locale = locale
    language = _language(locale)
    catalogue = default_catalogue()
    preview = joined(await bot.say(SWAPS[locale]))
    assert "shift_change.preview" in catalogue.identify(preview, language), preview
    done = joined(await bot.say(reply))
    assert "shift_change.done" in catalogue.identify(done, language), done
    after = await _holders(bot)
    assert "bob-smith" in after["Afternoon"] and "alice" in after["Evening"]


@pytest.mark.parametrize(("locale", "reply"), NO_AFTER_ALL)
async def test_a_no_after_all_applies_nothing(bot: BotHarness, locale: str, reply: str) -> None:
    bot.as_person("maria").locale = locale
    before = await _holders(bot)
    joined(await bot.say(SWAPS[locale]))
    answer = joined(await bot.say(reply))
    assert "shift_change.done" not in default_catalogue().identify(answer, _language(locale))
    assert await _holders(bot) == before
