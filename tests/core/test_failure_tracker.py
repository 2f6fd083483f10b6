"""Tests for core.failure_tracker: design note 004's cases A-E and the persisted shape."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from core.failure_tracker import (
    HISTORY_LIMIT,
    FailureCategory,
    FailureTracker,
    TransferReason,
)

T0 = datetime(2025, 3, 4, 9, 30, tzinfo=UTC)
TECHNICAL = FailureCategory.TECHNICAL
GAP = FailureCategory.KNOWLEDGE_GAP


def test_case_a_transfer_me_asks_what_the_user_needs_instead_of_transferring() -> None:
    tracker = FailureTracker()
    decision = tracker.request_transfer()
    assert not decision.transfer
    assert decision.reason == TransferReason.AWAITING_NEED
    assert tracker.transfer_requested and tracker.in_transfer_attempt


def test_case_b_a_knowledge_gap_transfers_at_once() -> None:
    decision = FailureTracker().record_failure(GAP, "no playbook for 'visa sponsorship'", T0)
    assert decision.transfer
    assert decision.reason == TransferReason.KNOWLEDGE_GAP
    assert (decision.failure_count, decision.threshold) == (1, 1)


def test_case_c_technical_failures_transfer_on_the_third() -> None:
    tracker = FailureTracker()
    first = tracker.record_failure(TECHNICAL, "calendar: timeout", T0)
    second = tracker.record_failure(TECHNICAL, "calendar: 503", T0 + timedelta(seconds=20))
    third = tracker.record_failure(TECHNICAL, "calendar: timeout", T0 + timedelta(seconds=40))
    assert [first.transfer, second.transfer, third.transfer] == [False, False, True]
    assert first.reason == second.reason == TransferReason.BELOW_THRESHOLD
    assert third.reason == TransferReason.TOO_MANY_FAILURES
    assert (third.failure_count, third.threshold) == (3, 3)


def test_case_d_after_transfer_me_the_next_failure_of_any_category_transfers() -> None:
    tracker = FailureTracker()
    tracker.request_transfer()
    decision = tracker.record_failure(TECHNICAL, "no free slots this week", T0)
    assert decision.transfer
    assert decision.reason == TransferReason.USER_REQUESTED
    assert decision.threshold == 1


def test_case_d_with_a_knowledge_gap_transfers_too() -> None:
    tracker = FailureTracker()
    tracker.request_transfer()
    assert tracker.record_failure(GAP, "LLM said it does not know", T0).transfer


def test_case_e_a_success_resets_the_count_so_there_is_no_transfer() -> None:
    tracker = FailureTracker()
    tracker.record_failure(TECHNICAL, "mail: SMTP refused", T0)
    tracker.record_success()
    assert tracker.failure_count == 0
    decisions = [
        tracker.record_failure(TECHNICAL, "mail: SMTP refused", T0 + timedelta(minutes=i))
        for i in (1, 2)
    ]
    assert not any(d.transfer for d in decisions)
    assert tracker.failure_count == 2


def test_a_success_ends_a_transfer_attempt() -> None:
    tracker = FailureTracker()
    tracker.request_transfer()
    tracker.record_success()
    assert not tracker.transfer_requested and not tracker.in_transfer_attempt
    assert not tracker.record_failure(TECHNICAL, "timeout", T0).transfer


def test_asking_for_a_person_twice_in_a_row_transfers() -> None:
    tracker = FailureTracker()
    tracker.request_transfer()
    decision = tracker.request_transfer()
    assert decision.transfer
    assert decision.reason == TransferReason.USER_INSISTED


def test_after_the_handover_nothing_transfers_again_until_the_user_starts_over() -> None:
    tracker = FailureTracker()
    assert tracker.record_failure(GAP, "unknown topic", T0).transfer
    tracker.mark_transferred(T0 + timedelta(seconds=1))
    assert tracker.transferred
    assert tracker.transferred_at == (T0 + timedelta(seconds=1)).isoformat()
    again = tracker.record_failure(GAP, "unknown topic", T0 + timedelta(seconds=2))
    assert not again.transfer and again.reason == TransferReason.ALREADY_TRANSFERRED
    assert not tracker.request_transfer().transfer
    tracker.start_over()
    assert not tracker.transferred
    assert tracker.record_failure(GAP, "unknown topic", T0 + timedelta(seconds=3)).transfer
    assert len(tracker.history) == 3


def test_mark_transferred_without_a_time_leaves_the_time_empty() -> None:
    tracker = FailureTracker()
    tracker.mark_transferred()
    assert tracker.transferred and tracker.transferred_at is None


def test_history_keeps_time_category_and_detail_and_only_the_last_fifty() -> None:
    tracker = FailureTracker()
    for i in range(HISTORY_LIMIT + 7):
        tracker.record_failure(TECHNICAL, f"failure {i}", T0 + timedelta(minutes=i))
        tracker.record_success()
    assert len(tracker.history) == HISTORY_LIMIT
    oldest, newest = tracker.history[0], tracker.history[-1]
    assert oldest.detail == "failure 7"
    assert newest.detail == f"failure {HISTORY_LIMIT + 6}"
    assert newest.at == (T0 + timedelta(minutes=HISTORY_LIMIT + 6)).isoformat()
    assert newest.category == TECHNICAL


def test_a_long_detail_is_cut_short() -> None:
    tracker = FailureTracker()
    tracker.record_failure(TECHNICAL, "x" * 10_000, T0)
    assert 0 < len(tracker.history[0].detail) <= 500


def test_a_naive_time_is_refused() -> None:
    with pytest.raises(ValueError, match="timezone"):
        FailureTracker().record_failure(TECHNICAL, "timeout", datetime(2025, 3, 4, 9, 30))
    with pytest.raises(ValueError, match="timezone"):
        FailureTracker().mark_transferred(datetime(2025, 3, 4, 9, 30))


def test_state_survives_a_round_trip_through_json() -> None:
    tracker = FailureTracker()
    tracker.record_failure(TECHNICAL, "graph: 429", T0)
    tracker.request_transfer()
    stored = json.loads(json.dumps(tracker.to_dict()))
    restored = FailureTracker.from_dict(stored)
    assert restored == tracker
    # The restored tracker keeps deciding the same way: the user asked, so one more failure.
    assert restored.record_failure(TECHNICAL, "graph: 429", T0).transfer


def test_the_stored_shape_is_plain_and_named_as_in_the_design_note() -> None:
    tracker = FailureTracker()
    tracker.record_failure(GAP, "nothing found", T0)
    assert tracker.to_dict() == {
        "failure_count": 1,
        "transfer_requested": False,
        "in_transfer_attempt": False,
        "transferred": False,
        "transferred_at": None,
        "history": [{"at": T0.isoformat(), "category": "knowledge_gap", "detail": "nothing found"}],
    }


@pytest.mark.parametrize("data", [None, {}])
def test_missing_state_is_a_fresh_tracker(data: dict[str, object] | None) -> None:
    assert FailureTracker.from_dict(data) == FailureTracker()


def test_an_unreadable_history_record_is_dropped_not_fatal() -> None:
    restored = FailureTracker.from_dict(
        {
            "failure_count": 2,
            "history": [
                {"at": T0.isoformat(), "category": "gremlins", "detail": "?"},
                {"at": T0.isoformat(), "detail": "no category"},
                {"at": T0.isoformat(), "category": "technical", "detail": "timeout"},
            ],
        }
    )
    assert restored.failure_count == 2
    assert [r.detail for r in restored.history] == ["timeout"]


def test_thresholds_are_those_of_the_design_note() -> None:
    assert GAP.threshold == 1
    assert TECHNICAL.threshold == 3
