"""Email requests typed as managers type them. "email chen that luca is his new mentor" and
"email bob smith re his shifts" asked "What should the email to Chen be about?" though the topic
was given (after "that", after "re"); "msg alice abt the rota" and "drop alice a line about sat"
were not read as emails at all. Each is drafted for the one named, with its topic, and waits
for its own Send."""

from __future__ import annotations

import pytest

from language.understanding import understand
from tests.bot_harness import BotHarness, joined


@pytest.mark.parametrize(("request_", "address", "said"), [
    ("email chen that luca is his new mentor", "chen.wei@contoso.example",
     "luca is your new mentor"),
    ("email alice that luca is her new mentor", "alice.martin@contoso.example",
     "I would like to let you know that luca is your new mentor."),
    ("email bob smith re his shifts", "bob.smith@contoso.example",
     "I would like to talk with you about your shifts."),
    ("msg alice abt the rota", "alice.martin@contoso.example",
     "I would like to talk with you about the rota."),
    ("drop alice a line about the rota", "alice.martin@contoso.example",
     "I would like to talk with you about the rota."),
])
async def test_the_topic_typed_with_the_request_is_drafted_and_waits_for_send(
    bot: BotHarness, request_: str, address: str, said: str
) -> None:
    bot.as_person("maria").locale = "en-US"
    drafted = joined(await bot.say(request_))
    assert address in drafted and said in drafted, drafted
    assert drafted.count("@contoso.example") == 1, drafted
    assert await bot.components.services.mail.list_recent() == []
    await bot.say("send")
    await bot.say("send")
    assert [mail.email.to for mail in await bot.components.services.mail.list_recent()] == [
        (address,)]


@pytest.mark.parametrize("text", ["drop me a line", "write the email that i drafted"])
def test_no_one_named_is_no_email_to_someone(text: str) -> None:
    assert "person" not in understand(text, locale="en-US").slots


@pytest.mark.parametrize(("locale", "request_", "address", "topic"), [
    # Each got the advisor's questions ("S'agit-il d'un salarié ou d'une situation ...?").
    ("fr-FR", "envoie un msg a sophie pr le planning", "sophie.dubois@contoso.example",
     "du planning"),
    ("fr-FR", "envoie un mél à sophie sur le planning", "sophie.dubois@contoso.example",
     "du planning"),
    ("es-ES", "manda un msj a alice sobre el horario", "alice.martin@contoso.example",
     "el horario"),
    ("it-IT", "manda un msg a luca per il turno di sabato", "luca.rossi@contoso.example",
     "il turno di sabato"),
    ("pt-PT", "manda msg à alice sobre o horario", "alice.martin@contoso.example",
     "o horario"),
    ("en-US", "ping alice about the rota", "alice.martin@contoso.example", "the rota"),
    ("en-US", "send alice a msg re the rota", "alice.martin@contoso.example", "the rota"),
])
async def test_phone_style_message_requests_are_emails_that_wait_for_send(
    bot: BotHarness, locale: str, request_: str, address: str, topic: str
) -> None:
    bot.as_person("maria").locale = locale
    drafted = joined(await bot.say(request_))
    assert address in drafted and topic in drafted, drafted
    assert drafted.count("@contoso.example") == 1, drafted
    assert await bot.components.services.mail.list_recent() == []


async def test_drop_her_a_line_writes_to_the_one_spoken_of(bot: BotHarness) -> None:
    # "drop her a line about sat" got "Thank you for telling me. Before I suggest anything ...".
    bot.as_person("maria").locale = "en-US"
    await bot.say("email alice about the rota")
    await bot.say("cancel")
    drafted = joined(await bot.say("drop her a line about the new rota"))
    assert "alice.martin@contoso.example" in drafted and "the new rota" in drafted, drafted
    assert await bot.components.services.mail.list_recent() == []
