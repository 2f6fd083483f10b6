"""Edit words typed before any draft exists, as managers type them in several languages.

"make it shorter" at "Who should I email?" was looked up as a person's name ("I couldn't find
"make it shorter" in your store"), and at "What should the email be about?" it became the
email's topic ("I would like to talk with you about make it shorter"). Now ERA says there is
no draft yet and asks its question again; the flow goes on to the draft.
"""

from __future__ import annotations

import pytest

from language.catalogue import say
from tests.bot_harness import BotHarness, joined

# Per locale: a request with no one named, one naming Bob with no topic, an edit, a topic.
CASES = {
    "en-US": ("write an email", "email bob smith", "make it shorter", "lateness"),
    "pl-PL": ("napisz maila", "napisz maila do Boba Smitha", "krócej", "spóźnienia"),
    "fr-FR": ("écris un mail", "écris un mail à bob smith", "rends-le plus court stp", "retards"),
    "de-DE": ("schreib eine Mail", "schreib eine mail an bob smith", "bitte etwas kürzer",
              "Verspätungen"),
    "es-ES": ("escribe un correo", "escribe un correo a bob smith", "hazlo más corto",
              "retrasos"),
    "ja-JP": ("メールを書いて", "ボブ・スミスさんにメールを書いて", "もっと短くして", "遅刻"),
}


def _language(locale: str) -> str:
    return locale[:2]


@pytest.mark.parametrize("locale", CASES)
async def test_an_edit_at_who_is_it_for_is_no_name_and_no_cancel(
    bot: BotHarness, locale: str
) -> None:
    """"krócej" at "Do kogo mam napisać maila?": there is no draft yet; who is it for?"""
    request, _, edit, _ = CASES[locale]
    language = _language(locale)
    bot.as_person("maria").locale = locale
    asked = joined(await bot.say(request))
    answered = joined(await bot.say(edit))
    assert say("email.no_draft_yet", language) in answered
    assert asked.strip() in answered  # the same question again
    assert say("email.kept", language) not in answered
    named = joined(await bot.say("Bob Smith"))
    assert "Bob" in named and say("email.no_draft_yet", language) not in named


@pytest.mark.parametrize("locale", CASES)
async def test_an_edit_at_what_about_is_no_topic(bot: BotHarness, locale: str) -> None:
    """"make it shorter" at "What should the email to Bob Smith be about?" is not written into
    the email; the topic given next is."""
    _, request, edit, topic = CASES[locale]
    language = _language(locale)
    bot.as_person("maria").locale = locale
    await bot.say(request)
    answered = joined(await bot.say(edit))
    assert say("email.no_draft_yet", language) in answered
    assert "bob.smith@" not in answered  # no draft previewed
    drafted = joined(await bot.say(topic))
    assert "bob.smith@" in drafted
    assert edit not in drafted


@pytest.mark.parametrize("topic", [
    "be friendlier to customers", "taking too long breaks", "make sure he arrives on time",
])
async def test_a_topic_that_mentions_tone_or_length_is_still_the_topic(
    bot: BotHarness, topic: str
) -> None:
    """A topic is no edit only because it speaks of friendliness or length."""
    bot.as_person("maria").locale = "en-US"
    await bot.say("email bob smith")
    drafted = joined(await bot.say(topic))
    assert "bob.smith@" in drafted
    assert say("email.no_draft_yet", "en") not in drafted
