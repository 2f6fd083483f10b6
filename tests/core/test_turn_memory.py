"""Turn memory: expiry, asking pushes the expiry, options by id, and a lossless round trip."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from core.choice_option import ChoiceOption, TimeOfDay
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
    import json

    again = TurnMemory.from_dict(json.loads(json.dumps(memory.to_dict())))
    assert again == memory
    assert again.options[0].time_of_day is TimeOfDay.MORNING


def test_duplicate_option_ids_are_refused() -> None:
    with pytest.raises(ValueError, match="duplicate"):
        TurnMemory(scope="s", conversation_id="c", expires_at=NOW, options=(OPTIONS[0],) * 2)


def test_naive_expiry_is_refused() -> None:
    with pytest.raises(ValueError, match="aware"):
        TurnMemory(scope="s", conversation_id="c", expires_at=NOW.replace(tzinfo=None))
