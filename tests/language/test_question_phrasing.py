"""A waiting question kept as phrases reads back from storage and is said in another language;
one kept by an earlier release (text only) or in a form this release cannot read is shown as
it was first said."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime

from core.choice_option import ChoiceOption
from core.turn_memory import TurnMemory
from dialogs.reply_prompt import asked_in
from language import phrase
from language.catalogue import say
from language.formatting import format_day
from language.phrase import Phrase
from language.question_phrasing import QuestionPhrasing

NOW = datetime(2026, 11, 22, 10, 0, tzinfo=UTC)
MONDAY = date(2026, 11, 23)
OPTIONS = (ChoiceOption(option_id="opt_1", index=0, label="lun. 23 nov.", value="s1"),
           ChoiceOption(option_id="opt_2", index=1, label="Alice Martin", value="alice"))
NONE_OF_THESE = [(say("shift_cancel.none_of_these", "fr"), "none of these")]


def _stored(memory: TurnMemory) -> TurnMemory:
    """The memory as a storage round trip gives it back."""
    return TurnMemory.from_dict(json.loads(json.dumps(memory.to_dict())))


def _asked(phrasing: dict[str, object] | None, text: str = "Lequel ?") -> TurnMemory:
    memory = TurnMemory.start("shift_cancel", "conv", NOW)
    return _stored(memory.asking("select_shift", text, NOW, OPTIONS, phrasing))


def test_a_phrased_question_reads_back_and_is_said_in_german() -> None:
    question = Phrase.of("shift_cancel.found_several_in", count=2,
                         searched=phrase.listing([Phrase.of(
                             "window.on_day", day=phrase.on_day(MONDAY))], "or"))
    phrasing = QuestionPhrasing("fr", question, {"opt_1": Phrase.of(
        "format.day_time", day=phrase.day(MONDAY), time="09:00-15:00")},
        (Phrase.of("shift_cancel.none_of_these"),))
    memory = _asked(phrasing.to_dict(), question.said("fr"))
    text, options, buttons = asked_in(memory, NONE_OF_THESE, "de")
    assert text == question.said("de") and format_day(MONDAY, "de") in text
    assert options[0].label.startswith(format_day(MONDAY, "de"))
    assert options[1].label == "Alice Martin"  # a name reads the same in every language
    assert buttons == ((say("shift_cancel.none_of_these", "de"), "none of these"),)


def test_in_its_own_language_the_question_is_shown_as_first_said() -> None:
    phrasing = QuestionPhrasing("fr", Phrase.of("shift_cancel.ask_which"))
    memory = _asked(phrasing.to_dict(), "Lequel ? (tel que montré)")
    assert asked_in(memory, NONE_OF_THESE, "fr")[0] == "Lequel ? (tel que montré)"


def test_a_question_stored_by_an_earlier_release_is_shown_as_it_was() -> None:
    stored = _asked(None).to_dict()
    stored["last_question"].pop("phrasing", None)
    memory = TurnMemory.from_dict(stored)
    assert asked_in(memory, NONE_OF_THESE, "de") == ("Lequel ?", OPTIONS, tuple(NONE_OF_THESE))


def test_an_unreadable_phrasing_shows_the_question_as_it_was() -> None:
    assert QuestionPhrasing.from_dict({"text": {}}) is None
    assert asked_in(_asked({"language": "fr", "text": {"say": "x"}}), (), "de")[0] == "Lequel ?"
    gone = _asked({"language": "fr", "text": {"say": [["no.such.message", {}]]}})
    assert asked_in(gone, NONE_OF_THESE, "de") == ("Lequel ?", OPTIONS, tuple(NONE_OF_THESE))
