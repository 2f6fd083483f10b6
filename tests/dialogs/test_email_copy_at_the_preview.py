"""Someone put in copy at an email's preview. "cc bob jones" added Bob as a second recipient
greeted in the letter ("Dear Alice and Bob,"), and French "mets chen en copie" was taken for an
instruction to rewrite the text ("Modifier l'e-mail à partir d'une consigne nécessite l'IA").
Now the one named gets a copy: the preview is shown again with a Cc line, the letter still
greets only its recipient, nothing is sent before a Send, and the Send sends one email to the
recipient with the copy."""

from __future__ import annotations

import pytest

from language.catalogue import say
from tests.bot_harness import BotHarness, joined


@pytest.mark.parametrize(("locale", "request_", "copy", "cc_line", "greeting"), [
    ("en-US", "email alice about the rota", "cc bob jones",
     "Cc: Bob Jones (bob.jones@contoso.example)", "Dear Alice,"),
    ("en-US", "email alice about the rota", "yes, and cc bob jones",
     "Cc: Bob Jones (bob.jones@contoso.example)", "Dear Alice,"),
    ("en-US", "email alice about the rota", "copy bob jones in",
     "Cc: Bob Jones (bob.jones@contoso.example)", "Dear Alice,"),
    ("fr-FR", "écris à sophie au sujet du planning", "mets chen en copie",
     "Cc : Chen Wei (chen.wei@contoso.example)", "Bonjour Sophie,"),
    ("de-DE", "schreib sophie eine mail wegen dem dienstplan", "chen in kopie bitte",
     "Cc: Chen Wei (chen.wei@contoso.example)", "Bonjour Sophie,"),
    ("es-ES", "escribe a sophie sobre el horario", "pon a chen en copia",
     "CC: Chen Wei (chen.wei@contoso.example)", "Bonjour Sophie,"),
    ("it-IT", "scrivi a luca riguardo al turno", "metti chen in copia",
     "Cc: Chen Wei (chen.wei@contoso.example)", "Gentile Luca,"),
    # "zet chen in de cc" put the email on hold and asked "Op welke dag moet Chen werken?".
    ("nl-NL", "stuur sophie een mailtje over het rooster", "zet chen in de cc",
     "Cc: Chen Wei (chen.wei@contoso.example)", "Bonjour Sophie,"),
    # "チェンをCCに入れて" was answered "このメールを受け取るのは Alice Martin ... さんだけです".
    ("ja-JP", "アリスにシフトの件でメールして", "チェンをCCに入れて",
     "CC：Chen Wei (chen.wei@contoso.example)", "Dear Alice,"),
    ("pl-PL", "napisz do sophie maila o grafiku", "dodaj chena do wiadomosci",
     "DW: Chen Wei (chen.wei@contoso.example)", "Bonjour Sophie,"),
])
async def test_a_copy_is_previewed_then_sent_once_on_send(
    bot: BotHarness, locale: str, request_: str, copy: str, cc_line: str, greeting: str
) -> None:
    bot.as_person("maria").locale = locale
    first = joined(await bot.say(request_))
    assert greeting in first, first
    again = joined(await bot.say(copy))
    assert cc_line in again and greeting in again, again
    mail = bot.components.services.mail
    assert await mail.list_recent() == []
    told = joined(await bot.say(say("email.button_send", locale[:2])))
    assert "Chen Wei" in told or "Bob Jones" in told, told
    (sent,) = await mail.list_recent()
    assert len(sent.email.to) == 1 and len(sent.email.cc) == 1, sent.email
    assert cc_line.rsplit("(", 1)[1].rstrip(")") == sent.email.cc[0]


async def test_a_copy_then_no_sends_nothing(bot: BotHarness) -> None:
    bot.as_person("maria").locale = "en-US"
    await bot.say("email alice about the rota")
    await bot.say("cc bob jones")
    await bot.say("no")
    assert await bot.components.services.mail.list_recent() == []


@pytest.mark.parametrize(("locale", "request_", "copy", "said"), [
    ("en-US", "email chen and alice about the rota", "cc chen",
     "This email already goes to Chen, so there is no copy to add."),
    ("de-DE", "schreib allen eine mail wegen dem neuen dienstplan", "setz chen in cc",
     "Diese E-Mail geht bereits an Chen, eine Kopie ist also nicht nötig."),
    ("fr-FR", "écris à sophie et chen au sujet du planning", "mets chen en copie",
     "Cet e-mail est déjà adressé à Chen"),
])
async def test_a_recipient_put_in_copy_is_told_they_already_get_it(
    bot: BotHarness, locale: str, request_: str, copy: str, said: str
) -> None:
    """ "setz chen in cc" on an email to the whole store said "Chen bekommt eine Kopie (Cc)"
    while the preview showed no Cc line and Chen among the recipients: no copy is added, and
    the reply says the email already goes to them."""
    bot.as_person("maria").locale = locale
    await bot.say(request_)
    again = joined(await bot.say(copy))
    assert said in again, again
    assert "(Cc)" not in again and "Cc:" not in again and "Cc :" not in again, again
    assert await bot.components.services.mail.list_recent() == []
