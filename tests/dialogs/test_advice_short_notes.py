"""A manager's short note about one of their people, with no verb and no question mark ("luca
late again", "chen sick again", "bob otra vez tarde"): when it names a playbook's situation it
is advised on like any situation; a note that names none keeps the answer that says what ERA
can do (a knowledge gap there would hand a stray word over to HR)."""

from __future__ import annotations

import pytest

from language.catalogue import say
from services.playbook_library import PlaybookLibrary
from tests.bot_harness import BotHarness, joined

LIBRARY = PlaybookLibrary.load()


def _opening(playbook_id: str, language: str) -> str:
    """The first words of the playbook's acknowledgement in the language (its clarifying turn
    opens with it)."""
    playbook = LIBRARY.get(playbook_id)
    assert playbook is not None
    local = LIBRARY.in_language(playbook, language) or playbook
    return local.acknowledgement.split(".")[0]


@pytest.mark.parametrize(("locale", "language", "note", "playbook_id"), [
    ("en-US", "en", "luca late again", "lateness"),
    ("en-US", "en", "bob late again", "lateness"),
    ("en-US", "en", "chen sick again", "sickness"),
    ("en-GB", "en", "alice rude to customers", "misconduct"),
    ("fr-FR", "fr", "luca encore en retard", "lateness"),
    ("es-ES", "es", "bob smith otra vez tarde", "lateness"),
    ("pl-PL", "pl", "luca znowu spóźniony", "lateness"),
])
async def test_a_short_note_naming_a_situation_is_advised_on(
    bot: BotHarness, locale: str, language: str, note: str, playbook_id: str
) -> None:
    """The finding: each of these got "Sorry, I'm not sure what you'd like me to do" and the
    list of what ERA can do."""
    bot.as_person("maria").locale = locale
    answer = joined(await bot.say(note))
    assert _opening(playbook_id, language) in answer, answer
    assert say("main.not_understood", language, capabilities="").strip() not in answer


@pytest.mark.parametrize("note", ["bob again", "alice great job"])
async def test_a_short_note_naming_no_situation_keeps_what_era_can_do(
    bot: BotHarness, note: str
) -> None:
    answer = joined(await bot.say(note))
    # A first message: what ERA can do, with no apology.
    assert say("main.what_for", "en", first_name="Maria", capabilities="").strip() in answer
    assert "HR" not in answer.split("I can")[0]


@pytest.mark.parametrize(("note", "language"), [
    ("luca llega tarde otra vez", "es"),
    ("luca encore en retard", "fr"),
    ("luca chega atrasado outra vez", "pt-BR"),  # a bare "pt" is read as pt-BR (CLDR)
])
async def test_a_short_note_in_another_language_than_the_client_is_advised_in_it(
    bot: BotHarness, note: str, language: str
) -> None:
    """The finding: from an en-US Teams, "luca llega tarde otra vez" got the English lateness
    questions (none of its words was one only Spanish has)."""
    bot.as_person("maria").locale = "en-US"
    answer = joined(await bot.say(note))
    assert _opening("lateness", language) in answer, answer
    assert _opening("lateness", "en") not in answer
