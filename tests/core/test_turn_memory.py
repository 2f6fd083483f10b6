"""Turn memory: expiry, asking pushes the expiry, options by id, and a lossless round trip."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from core.choice_option import ChoiceOption, TimeOfDay
from core.shift import Shift
from core.turn_memory import TURN_MEMORY_TTL, TurnMemory

NOW = datetime(2026, 11, 22, 10, 0, tzinfo=UTC)
OPTIONS = (
    ChoiceOption("opt_1", 0, "Morning (09:00-15:00)", "shift-1", "09:00", "15:00"),
    ChoiceOption("opt_2", 1, "Afternoon (15:00-20:00)", "shift-2", "15:00", "20:00",
                 fits=False, reason="overlaps another shift"),
)


def test_a_new_memory_expires_after_ten_minutes() -> None:
    memory = TurnMemory.start("shift_assignment", "conv", NOW)
    assert timedelta(minutes=10) == TURN_MEMORY_TTL
    assert not memory.is_expired(NOW + timedelta(minutes=9, seconds=59))
    assert memory.is_expired(NOW + timedelta(minutes=10))


def test_asking_records_the_question_and_options_and_extends_expiry() -> None:
    later = NOW + timedelta(minutes=8)
    memory = TurnMemory.start("shift_assignment", "conv", NOW).asking(
        "select_shift", "Which shift?", later, OPTIONS
    )
    assert memory.last_question is not None
    assert memory.last_question.id == "select_shift"
    assert memory.expires_at == later + TURN_MEMORY_TTL
    assert memory.option("opt_2") == OPTIONS[1]
    assert memory.option("opt_9") is None


def test_round_trip_through_plain_json_loses_nothing() -> None:
    memory = (
        TurnMemory.start("shift_assignment", "conv", NOW)
        .with_entities(employee_id="bob-smith", day="2026-11-25")
        .asking("select_shift", "Which shift?", NOW, OPTIONS)
        .with_preview("prev-1")
        .with_data(preview={"kind": "assign"})
    )
    again = TurnMemory.from_dict(json.loads(json.dumps(memory.to_dict())))
    assert again == memory
    assert again.options[0].time_of_day is TimeOfDay.MORNING


def test_duplicate_option_ids_are_refused() -> None:
    with pytest.raises(ValueError, match="duplicate"):
        TurnMemory(scope="s", conversation_id="c", expires_at=NOW, options=(OPTIONS[0],) * 2)


def test_naive_expiry_is_refused() -> None:
    with pytest.raises(ValueError, match="aware"):
        TurnMemory(scope="s", conversation_id="c", expires_at=NOW.replace(tzinfo=None))


def _shift(shift_id: str, day: int, start: int, end: int) -> dict[str, object]:
    return Shift(shift_id, "store-riverside", "bob-smith", "cashier",
                 datetime(2026, 11, day, start, tzinfo=UTC),
                 datetime(2026, 11, day, end, tzinfo=UTC), label="Morning").to_dict()


def _cancel_memory() -> TurnMemory:
    """A worker's shift-cancel memory: the shifts kept, and the options that stand for them."""
    shifts = {"s-23": _shift("s-23", 23, 9, 15), "s-24": _shift("s-24", 24, 20, 23)}
    options = (
        ChoiceOption("opt_1", 0, "Mon 23 Nov, Morning 09:00-15:00 (cashier)", "s-23",
                     "09:00", "15:00", duration_hours=6.0),
        ChoiceOption("opt_2", 1, "Tue 24 Nov, Morning 20:00-23:00 (cashier)", "s-24",
                     "20:00", "23:00", duration_hours=3.0),
    )
    return (TurnMemory.start("shift_cancel", "conv", NOW).with_data(shifts=shifts)
            .asking("select_shift", "Which one?", NOW, options))


def test_a_kept_shift_is_stored_once_and_its_option_refers_to_it() -> None:
    memory = _cancel_memory()
    stored = json.loads(json.dumps(memory.to_dict()))
    assert stored["options"] == [
        ["s-23", "Mon 23 Nov, Morning 09:00-15:00 (cashier)", "09:00", "15:00"],
        ["s-24", "Tue 24 Nov, Morning 20:00-23:00 (cashier)", "20:00", "23:00"],
    ]
    again = TurnMemory.from_dict(stored)
    assert again == memory
    assert again.options[1].time_of_day is TimeOfDay.EVENING


def test_an_option_that_does_not_read_back_exactly_is_stored_in_full() -> None:
    memory = _cancel_memory()
    odd = replace(memory.options[0], fits=False, reason="clashes")
    memory = replace(memory, options=(odd, memory.options[1]))
    stored = memory.to_dict()
    assert isinstance(stored["options"][0], dict) and isinstance(stored["options"][1], list)
    assert TurnMemory.from_dict(stored) == memory


def test_a_memory_stored_before_references_reads_as_it_was() -> None:
    # Saved by the previous release, every option in full: a question asked before a deploy
    # is answered after it.
    memory = _cancel_memory()
    stored = memory.to_dict()
    del stored["format"]
    stored["options"] = [option.to_dict() for option in memory.options]
    assert TurnMemory.from_dict(stored) == memory
