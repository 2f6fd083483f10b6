"""The three scenarios and three edge cases of the design note (seeds/003), one test each.

The note's own algorithm gets scenario 2 and edge case 3 wrong (both end in or contain "?"); the
detectors must get all six right.
"""

from __future__ import annotations

from detectors.action_detection import ActionDetection
from detectors.action_flow import ActionFlow
from detectors.calendar_detector import CalendarDetector
from detectors.detection_reason import DetectionReason
from detectors.email_detector import EmailDetector
from tests.detectors.histories import NO_SHOW_ANSWERED, era, user


def test_scenario_1_clarifying_reply_does_not_trigger() -> None:
    history = [user("My employee didn't show up for 3 days")]
    response = (
        "Got it — that's definitely something we need to address right away.\n\n"
        "Just to make sure I have the full picture:\n"
        "- Have you tried reaching out to them yet (phone, text, or email)?\n"
        "- Were these three consecutive scheduled shifts?"
    )
    result = ActionDetection().detect(response, history, None)
    assert result.flow is None
    assert result.calendar.reason is DetectionReason.CLARIFYING_QUESTION
    assert result.email.reason is DetectionReason.CLARIFYING_QUESTION


def test_scenario_2_offer_to_schedule_after_the_answer_triggers_calendar() -> None:
    history = [
        user("My employee didn't show up for 3 days"),
        era("Have you tried reaching out to them yet?"),
        user("I tried calling once but they didn't pick up"),
    ]
    response = (
        "Thanks for the context. Since you need to call the employee to discuss this, "
        "would you like me to schedule that call?"
    )
    decision = CalendarDetector().detect(response, history, None)
    assert decision.triggered
    assert decision.checks.no_clarifying_question is True
    assert ActionDetection().detect(response, history, None).flow is ActionFlow.CALENDAR


def test_scenario_3_calendar_flow_already_running_does_not_retrigger() -> None:
    response = "Which time works best? I can also call the employee after..."
    decision = CalendarDetector().detect(response, NO_SHOW_ANSWERED, "calendar")
    assert not decision.triggered
    assert decision.reason is DetectionReason.STATE_GUARD


def test_edge_case_1_hypothetical_first_turn_does_not_trigger() -> None:
    history = [user("What should I do if an employee doesn't show up?")]
    response = "You should call the employee and document the attempt..."
    decision = CalendarDetector().detect(response, history, None)
    assert not decision.triggered
    assert decision.reason is DetectionReason.TOO_EARLY
    assert decision.checks.active_situation is False


def test_edge_case_2_both_actions_launch_email_first() -> None:
    response = "Send an email documenting the attempts, and then call the employee..."
    result = ActionDetection().detect(response, NO_SHOW_ANSWERED, None)
    assert result.email.triggered
    assert result.calendar.triggered
    assert result.flow is ActionFlow.EMAIL


def test_edge_case_3_recap_question_then_recommendation_triggers() -> None:
    response = (
        "Just to confirm - you've already called twice? In that case, schedule a follow-up "
        "call for tomorrow..."
    )
    calendar = CalendarDetector().detect(response, NO_SHOW_ANSWERED, None)
    email = EmailDetector().detect(response, NO_SHOW_ANSWERED, None)
    assert calendar.triggered
    assert not email.triggered
    assert email.reason is DetectionReason.NO_KEYWORDS
