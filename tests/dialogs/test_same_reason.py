"""A worker cancelling a second shift says "same reason" (in any language): the reason given
for the shift just cancelled is shown with the new shift for a yes, and the manager reads those
words, never "same reason". With no cancellation before it, "same reason" is no reason."""

from __future__ import annotations

import pytest

from services.org_database import OrgDatabase
from tests.bot_harness import BotHarness, joined


async def _bodies(bot: BotHarness) -> list[str]:
    db = await OrgDatabase.open(bot.components.settings.data_dir / "org.sqlite3")
    try:
        rows = await db.fetch_all("SELECT body FROM outbox ORDER BY rowid")
        return [str(row["body"]) for row in rows]
    finally:
        await db.close()


@pytest.mark.parametrize(("locale", "first", "reason", "second", "same", "yes", "shown"), [
    ("en-GB", "cancel my shift tomorrow", "my kid is sick", "cancel my shift on wednesday too",
     "same reason", "yes", '"my kid is sick"'),
    ("fr-FR", "annule mon poste de demain", "mon fils est malade",
     "annule aussi celui de mercredi", "même raison", "oui", "« mon fils est malade »"),
    ("de-DE", "sag meine Schicht morgen ab", "mein Kind ist krank",
     "sag auch die am Mittwoch ab", "aus dem gleichen Grund", "ja", "„mein Kind ist krank“"),
    ("es-ES", "cancela mi turno de mañana", "mi hijo está enfermo",
     "cancela también el del miércoles", "el mismo motivo", "sí", "«mi hijo está enfermo»"),
    ("ja-JP", "明日のシフトをキャンセルして", "子供が熱を出しました",
     "水曜日のシフトもキャンセルして", "同じ理由です", "はい", "子供が熱を出しました"),
    ("zh-CN", "取消我明天的班", "孩子生病了", "周三的班也取消", "原因一样", "是", "孩子生病了"),
])
async def test_same_reason_is_the_reason_given_before(
    bot: BotHarness, locale: str, first: str, reason: str, second: str, same: str, yes: str,
    shown: str,
) -> None:
    bot.as_person("bob-smith")
    await bot.say(first, locale=locale)
    await bot.say(reason, locale=locale)
    await bot.say(second, locale=locale)
    asked = joined(await bot.say(same, locale=locale))
    assert shown in asked  # the words, shown for a yes: nothing cancelled yet
    assert len(await _bodies(bot)) == 1
    await bot.say(yes, locale=locale)
    bodies = await _bodies(bot)
    assert len(bodies) == 2
    assert reason in bodies[1] and same not in bodies[1]


async def test_same_reason_with_nothing_cancelled_before_is_asked_again(
    bot: BotHarness,
) -> None:
    bot.as_person("bob-smith")
    await bot.say("cancel my shift tomorrow")
    said = joined(await bot.say("same reason"))
    assert "reason in your own words" in said
    assert await _bodies(bot) == []


@pytest.mark.parametrize(("locale", "asked_for", "wednesday"), [
    ("fr-FR", "annule aussi celui de mercredi", "mer. 25 nov."),
    ("es-ES", "cancela también el miércoles", "mié., 25 nov."),
    ("it-IT", "annulla anche quello di mercoledì", "mer 25 nov"),
    ("pt-BR", "cancela também o de quarta", "qua., 25 de nov."),
    ("pl-PL", "odwołaj też środę", "śr., 25 lis"),
    # That day as well, said as a statement ("I can't do Wednesday either").
    ("ja-JP", "あ、やっぱり水曜日も無理です", "11月25日(水)"),
    ("zh-CN", "周三也不行", "11月25日周三"),
    ("es-ES", "el miércoles tampoco puedo", "mié., 25 nov."),
    ("fr-FR", "mercredi non plus je peux pas", "mer. 25 nov."),
    ("it-IT", "nemmeno mercoledì posso", "mer 25 nov"),
    ("pt-BR", "quarta também não posso", "qua., 25 de nov."),
    ("pt-BR", "não posso na quarta", "qua., 25 de nov."),
    ("pl-PL", "w środę też nie mogę", "śr., 25 lis"),
    ("en-GB", "wednesday is also not possible", "Wed 25 Nov"),
])
async def test_cancel_also_that_day_is_a_cancel_request(
    bot: BotHarness, locale: str, asked_for: str, wednesday: str
) -> None:
    bot.as_person("bob-smith")
    asked = joined(await bot.say(asked_for, locale=locale))
    assert wednesday in asked
