"""A question for a colleague's personal records asked at a meeting's list of free times. The
finding: "what is Alice's salary?" there got "Sorry, I couldn't tell which time you meant": a
question ERA reads with less than full confidence was taken for a time. It is no time in any
language: ERA declines it as it does anywhere, and the times wait for an answer."""

from __future__ import annotations

import pytest

from language.catalogue import say
from tests.bot_harness import BotHarness, Reply, joined

BOOK = {
    "en-US": "book a meeting with Alice Martin tomorrow",
    "fr-FR": "réserve une réunion avec Alice Martin demain",
    "es-ES": "reserva una reunión con Alice Martin mañana",
    "de-DE": "buche ein Meeting mit Alice Martin morgen",
}
LANGUAGE = {"en-US": "en", "fr-FR": "fr", "es-ES": "es", "de-DE": "de"}
QUESTIONS = [
    ("en-US", "what is Alice's salary?"),
    ("en-US", "where does bob live?"),
    ("fr-FR", "quel est le salaire d'Alice ?"),
    ("es-ES", "¿cuál es el salario de Alice?"),
    ("de-DE", "was verdient Alice?"),
]


def _times(replies: list[Reply]) -> bool:
    return bool(replies) and sum(reply in ("1", "2") for _, reply in replies[-1].buttons) == 2


@pytest.mark.parametrize(("locale", "question"), QUESTIONS)
async def test_a_records_question_at_the_times_is_declined_not_read_as_a_time(
    bot: BotHarness, locale: str, question: str
) -> None:
    bot.as_person("maria")
    bot.locale = locale
    assert _times(await bot.say(BOOK[locale]))
    answer = await bot.say(question)
    assert say("records.colleague", LANGUAGE[locale]) in joined(answer)
    assert "couldn't tell which time" not in joined(answer)
