"""The checks of a detector end to end: state guard, depth, context, framing, record and log."""

from __future__ import annotations

import logging

import pytest

from detectors.calendar_detector import CalendarDetector
from detectors.context_aware_detector import context_gathered, state_guard_passes
from detectors.detection_counters import DetectionCounters
from detectors.detection_mode import DetectionMode
from detectors.detection_reason import DetectionReason
from detectors.email_detector import EmailDetector
from tests.detectors.histories import LATE_ANSWERED, NO_SHOW_ANSWERED, era, user

RECOMMEND_CALL = "I recommend you schedule a call with them tomorrow."


@pytest.mark.parametrize(
    ("active_flow", "passes"),
    [
        (None, True),
        ("", True),
        ("advice", True),
        ("calendar", False),
        ("email", False),
        ("Email", False),
        ("shift_cancel", False),
    ],
)
def test_state_guard(active_flow: str | None, passes: bool) -> None:
    assert state_guard_passes(active_flow) is passes


@pytest.mark.parametrize("active_flow", ["calendar", "email"])
def test_no_detector_triggers_while_an_action_flow_runs(active_flow: str) -> None:
    response = "Send an email documenting the attempts, then call the employee."
    for detector in (CalendarDetector(), EmailDetector()):
        decision = detector.detect(response, NO_SHOW_ANSWERED, active_flow)
        assert decision.reason is DetectionReason.STATE_GUARD


@pytest.mark.parametrize(
    ("history", "gathered"),
    [
        ([user("My employee didn't show up"), era("Were these consecutive shifts?")], False),
        (
            [
                user("My employee didn't show up"),
                era("Were these consecutive shifts?"),
                user("Yes, three in a row"),
            ],
            True,
        ),
        (
            [
                user("My employee didn't show up"),
                era("Were these consecutive shifts?"),
                user("Why does that matter?"),
            ],
            False,
        ),
        (
            [
                user("My employee didn't show up"),
                era("Have you called them?"),
                user("Once"),
                era("Thanks. Has this happened before?"),
            ],
            False,
        ),
        (
            [
                user("My employee didn't show up"),
                era("That needs attention."),
                user("Yes, three days"),
            ],
            True,
        ),
        (
            [
                user("My employee didn't show up"),
                era('Start with "Is everything OK?" when you talk.'),
                user("Ok"),
            ],
            True,
        ),
    ],
)
def test_context_gathered(history: list, gathered: bool) -> None:
    assert context_gathered(history) is gathered


def test_unanswered_question_blocks_the_trigger() -> None:
    history = [user("My employee didn't show up for 3 days"), era("Were these consecutive?")]
    decision = CalendarDetector().detect("You should call the employee today.", history, None)
    assert decision.reason is DetectionReason.CONTEXT_NOT_GATHERED


def test_policy_question_after_several_turns_is_hypothetical() -> None:
    history = [
        user("Quick question about policy"),
        era("Sure — what would you like to know?"),
        user("In general, what should I do if someone is late a lot?"),
    ]
    response = (
        "In general, you'd have a conversation with the employee first, and if it continues, "
        "schedule a meeting with HR."
    )
    decision = CalendarDetector().detect(response, history, None)
    assert decision.reason is DetectionReason.HYPOTHETICAL


def test_all_checks_are_recorded_and_the_first_failure_is_the_reason() -> None:
    history = [user("My employee didn't show up for 3 days")]
    decision = CalendarDetector().detect("Have you called them?", history, "calendar")
    assert decision.checks.as_dict() == {
        "state_guard": False,
        "no_clarifying_question": False,
        "depth_ok": False,
        "context_gathered": True,
        "active_situation": True,
        "keywords": False,
    }
    assert decision.reason is DetectionReason.STATE_GUARD
    assert decision.mode is DetectionMode.CONTEXT_AWARE


def test_triggered_decision_passes_every_check() -> None:
    decision = CalendarDetector().detect(RECOMMEND_CALL, NO_SHOW_ANSWERED, None)
    assert decision.triggered
    assert decision.reason is DetectionReason.TRIGGERED
    assert all(decision.checks.as_dict().values())


def test_legacy_mode_is_keyword_only() -> None:
    clarifying = "Before we send a written warning, have you discussed this with them?"
    history = [user("One of my cashiers has been late 5 times this month")]
    legacy = EmailDetector(context_aware=False).detect(clarifying, history, "email")
    assert legacy.triggered
    assert legacy.mode is DetectionMode.LEGACY
    assert legacy.checks.as_dict()["state_guard"] is None
    assert not EmailDetector().detect(clarifying, history, None).triggered


def test_each_decision_is_logged_once_without_message_text(
    caplog: pytest.LogCaptureFixture,
) -> None:
    secret = "Tom from the night shift"
    response = f"I can draft the written warning email for {secret} now."
    with caplog.at_level(logging.INFO, logger="detectors"):
        EmailDetector().detect(response, LATE_ANSWERED, None)
    (record,) = caplog.records
    assert record.detection == {
        "detector": "email",
        "mode": "context_aware",
        "triggered": True,
        "reason": "triggered",
        "checks": {
            "state_guard": True,
            "no_clarifying_question": True,
            "depth_ok": True,
            "context_gathered": True,
            "active_situation": True,
            "keywords": True,
        },
    }
    assert secret not in record.getMessage()


def test_decisions_are_counted_per_detector_and_reason() -> None:
    counters = DetectionCounters()
    calendar = CalendarDetector(counters=counters)
    email = EmailDetector(counters=counters)
    calendar.detect(RECOMMEND_CALL, NO_SHOW_ANSWERED, None)
    calendar.detect(RECOMMEND_CALL, NO_SHOW_ANSWERED, "calendar")
    calendar.detect("Have you called them?", NO_SHOW_ANSWERED, None)
    email.detect(RECOMMEND_CALL, NO_SHOW_ANSWERED, None)
    EmailDetector(context_aware=False, counters=counters).detect("i can draft it", (), None)
    assert counters.snapshot() == {
        "calendar": {"clarifying_question": 1, "state_guard": 1, "triggered": 1},
        "email": {"no_keywords": 1},
        "legacy:email": {"triggered": 1},
    }
