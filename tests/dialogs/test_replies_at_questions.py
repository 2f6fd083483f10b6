"""Replies at ERA's questions the way people type them: an acknowledgement with a request after
it ("ok and send an email to alice"), a yes with a change, an answer when nothing waits. The
request is served or asked about, never dropped, and nothing is applied without a clear yes."""

from __future__ import annotations

import pytest

from language.catalogue import say
from tests.bot_harness import BotHarness, joined

LUCA_LATE = ("my employee luca was late 3 times this week", "no first time")


@pytest.mark.parametrize(
    ("reply", "locale"),
    [("ok and send an email to alice", "en-US"),
     ("d'accord et envoie un mail à alice", "fr-FR"),
     ("vale y escribe un correo a alice", "es-ES"),
     ("ok und schreib alice eine mail", "de-DE"),
     ("ok e scrivi una mail ad alice", "it-IT"),
     ("dobra i napisz maila do alicji", "pl-PL")],
)
async def test_a_request_after_ok_and_at_a_list_of_times_is_served(
    bot: BotHarness, reply: str, locale: str
) -> None:
    """The finding: at the call times offered after advice, "ok and send an email to alice"
    was read as a change of person and offered call times with Alice; the email was lost."""
    bot.as_person("maria")
    await bot.say(LUCA_LATE[0])
    assert "Luca Rossi" in joined(await bot.say(LUCA_LATE[1]))
    answered = joined(await bot.say(reply, locale=locale))
    language = locale.split("-")[0]
    assert say("email.ask_topic", language, name="Alice") in answered
