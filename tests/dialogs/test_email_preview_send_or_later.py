"""At an email's preview, the everyday ways to say "send it" and "not now, better tomorrow" in
each language: German "passt so, raus damit" went to "what should I change?" and "raus damit"
was not understood; "mejor mañana", "lieber morgen", "plutôt demain", "明日にして" were not
understood, and German "lieber morgen" (it opens like "Lieber Bob,") became the email's text,
one yes from being sent. A later time is a wish to send later, which ERA cannot do: the draft
is kept, and ERA says so."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined

_TOPIC = {
    "en-US": "email Bob Smith about the schedule change next week",
    "de-DE": "schreib Bob Smith eine Mail wegen der Dienstplanänderung",
    "fr-FR": "écris un mail à Bob Smith au sujet du changement de planning",
    "es-ES": "escribe un correo a Bob Smith sobre el cambio de horario",
    "it-IT": "scrivi una mail a Bob Smith sul cambio di turno",
    "nl-NL": "mail Bob Smith over de roosterwijziging",
    "pl-PL": "napisz maila do Bob Smith w sprawie zmiany grafiku",
    "pt-BR": "manda um e-mail para o Bob Smith sobre a mudança de escala",
    "ja-JP": "Bob Smithさんにシフト変更についてメールして",
    "zh-CN": "给Bob Smith发邮件说排班变更的事",
}
_SENT = {"en-US": "Sent to Bob Smith", "de-DE": "An Bob Smith", "fr-FR": "Envoyé à Bob Smith",
         "es-ES": "Enviado a Bob Smith", "it-IT": "Inviata a Bob Smith",
         "nl-NL": "Bob Smith", "pl-PL": "Bob Smith", "pt-BR": "Enviado a Bob Smith",
         "ja-JP": "送信しました", "zh-CN": "已发送给Bob Smith"}
_CANNOT = {"en-US": "I can't schedule an email", "de-DE": "Ich kann keine E-Mail für später",
           "fr-FR": "Je ne peux pas programmer", "es-ES": "No puedo programar",
           "it-IT": "Non posso programmare", "nl-NL": "Ik kan een e-mail niet inplannen",
           "pl-PL": "Nie mogę zaplanować", "pt-BR": "Não consigo agendar",
           "ja-JP": "予約することはできません", "zh-CN": "我无法预约稍后发送邮件"}


async def _preview(bot: BotHarness, locale: str) -> None:
    bot.as_person("maria")
    draft = joined(await bot.say(_TOPIC[locale], locale=locale))
    assert "Bob Smith (bob.smith@contoso.example)" in draft


async def _outbox(bot: BotHarness) -> int:
    return len(await bot.components.services.mail.list_recent())


@pytest.mark.parametrize(("locale", "text"), [
    ("de-DE", "passt so, raus damit"), ("de-DE", "raus damit"), ("de-DE", "ab damit"),
    ("de-DE", "ab die Post"), ("nl-NL", "prima, verstuur maar"), ("nl-NL", "stuur maar"),
    ("en-US", "fire away"), ("it-IT", "spediscila"), ("pt-BR", "manda ver"),
    ("fr-FR", "ok expédie-le"),
])
async def test_send_it_said_the_everyday_way_sends(
    bot: BotHarness, locale: str, text: str
) -> None:
    await _preview(bot, locale)
    said = joined(await bot.say(text, locale=locale))
    assert _SENT[locale] in said and "@contoso.example" in said, said
    assert await _outbox(bot) == 1


@pytest.mark.parametrize(("locale", "text"), [
    ("es-ES", "mejor mañana"), ("de-DE", "lieber morgen"), ("fr-FR", "plutôt demain"),
    ("it-IT", "meglio domani"), ("nl-NL", "liever morgen"), ("pl-PL", "lepiej jutro"),
    ("pt-BR", "melhor amanhã"), ("ja-JP", "明日にして"), ("zh-CN", "明天再说"),
    ("en-US", "better tomorrow"), ("en-US", "maybe tomorrow"),
])
async def test_better_tomorrow_keeps_the_draft_and_says_era_cannot_schedule(
    bot: BotHarness, locale: str, text: str
) -> None:
    await _preview(bot, locale)
    said = joined(await bot.say(text, locale=locale))
    assert _CANNOT[locale] in said, said
    assert text not in said  # never the email's new text
    assert await _outbox(bot) == 0
    sent = joined(await bot.say("send", locale=locale))
    assert text not in sent and "Bob Smith" in sent


async def test_nu_even_niet_is_a_wait_that_keeps_the_draft(bot: BotHarness) -> None:
    # It got "I only use your words as the email's text when ...", as if it were meant as text.
    await _preview(bot, "nl-NL")
    said = joined(await bot.say("nu even niet", locale="nl-NL"))
    assert "er is niets verstuurd, en ik bewaar het concept" in said, said
    assert await _outbox(bot) == 0
