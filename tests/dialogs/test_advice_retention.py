"""A resignation only thought or talked of ("alice said she might quit", "alice parle de
partir"), over the bot in ten languages: ERA does not ask whether she resigned formally, and
advises a conversation about staying (listen, don't treat it as a resignation, promise nothing
HR has not agreed), with a call offered; not the written acknowledgement of a resignation and
its email. A resignation given is still acknowledged in writing."""

from __future__ import annotations

import pytest

from core.playbook import Playbook, numbered_items
from services.playbook_library import PlaybookLibrary
from tests.bot_harness import BotHarness, joined

LIBRARY = PlaybookLibrary.load()


def _local(language: str) -> Playbook:
    base = LIBRARY.get("resignation")
    assert base is not None
    local = LIBRARY.in_language(base, language)
    assert local is not None
    return local


def _first_line(language: str, step: str) -> str:
    """The first line of the resignation playbook's recommendation `step` for Alice."""
    local = _local(language)
    return local.fill_employee(local.step_text(step).split("\n")[0], "Alice")


@pytest.mark.parametrize(("locale", "language", "message", "answer"), [
    ("en-US", "en", "alice said she might quit", "she is fed up with the evening shifts"),
    ("en-US", "en", "alice is thinking about leaving", "she doesnt like the new rota"),
    ("fr-FR", "fr", "alice parle de partir", "elle en a marre des horaires du soir"),
    ("de-DE", "de", "alice überlegt zu kündigen", "ihr passen die Abendschichten nicht"),
    ("es-ES", "es", "alice esta pensando en irse", "esta harta de los turnos de noche"),
    ("it-IT", "it", "alice sta pensando di licenziarsi", "è stufa dei turni serali"),
    ("nl-NL", "nl", "alice denkt erover om te stoppen", "ze heeft genoeg van de avonddiensten"),
    ("pl-PL", "pl", "alice myśli o odejściu", "ma dość wieczornych zmian"),
    ("pt-PT", "pt", "a alice está a pensar em sair", "está farta dos turnos da noite"),
    ("ja-JP", "ja", "アリスさんが辞めるかもしれない", "夜のシフトに疲れているようです"),
    ("zh-CN", "zh-Hans", "爱丽丝可能要辞职", "她受够了晚班"),
])
async def test_leaving_only_thought_of_gets_a_conversation_about_staying(
    bot: BotHarness, locale: str, language: str, message: str, answer: str,
) -> None:
    bot.as_person("maria").locale = locale
    local = _local(language)
    said = joined(await bot.say(message))
    assert said.startswith(local.acknowledgement), said
    formally, why = (local.fill_employee(q, "Alice") for q in local.questions)
    assert formally not in said and why in said, said
    said = joined(await bot.say(answer))
    assert said.startswith(_first_line(language, "retention")), said
    # Not the written acknowledgement of a resignation (and its email).
    acknowledge = numbered_items(local.step_text("default"))[0]
    assert acknowledge.split(".")[0].split("。")[0] not in said, said


async def test_a_no_to_whether_she_resigned_is_a_conversation_about_staying(
    bot: BotHarness,
) -> None:
    bot.as_person("maria").locale = "en-US"
    said = joined(await bot.say("alice told me she found another job"))
    local = _local("en")
    assert local.fill_employee(local.questions[0], "Alice") in said, said
    said = joined(await bot.say("no, only talk so far, she doesnt like the new rota"))
    assert said.startswith(_first_line("en", "retention")), said


async def test_a_resignation_given_is_still_acknowledged_in_writing(bot: BotHarness) -> None:
    bot.as_person("maria").locale = "en-US"
    await bot.say("alice handed in her notice yesterday")
    said = joined(await bot.say("she found another job, I'd have liked to keep her"))
    assert said.startswith(_first_line("en", "default")), said
