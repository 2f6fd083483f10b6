"""Tests for language.interrupts through the turn's understanding: real interrupts, switches,
and no false interrupts."""

from __future__ import annotations

import pytest

from core.free_text_question import FreeTextQuestion
from core.intent import Intent
from core.question_id import QuestionId
from language.interrupts import Interrupt, InterruptKind
from language.understanding import understand

F = FreeTextQuestion


def detect_interrupt(
    text: str, *, active_flow: Intent, question: str | None, locale: str | None = None
) -> Interrupt | None:
    """The interrupt the message makes, read once as the bot reads every turn."""
    return understand(text, locale=locale).interrupt(active_flow=active_flow, question=question)

Q = QuestionId

# (text, active flow, question) -> (kind, intent)
INTERRUPTS = [
    # A shift named by its day is another request, even at a list of meetings to cancel.
    ("cancel my shift tomorrow", Intent.MEETING_CANCEL, Q.SELECT_MEETING, InterruptKind.SWITCH,
     Intent.SHIFT_CANCEL),
    # Control words, whole message, in any flow and at any kind of question.
    ("cancel", Intent.MEETING_BOOK, F.PERSON_EMAIL, InterruptKind.CANCEL, Intent.CANCEL_FLOW),
    ("stop", Intent.SHIFT_ASSIGN, Q.SELECT_SHIFT, InterruptKind.CANCEL, Intent.CANCEL_FLOW),
    ("Stop!", Intent.SHIFT_CANCEL, F.CANCELLATION_REASON, InterruptKind.CANCEL,
     Intent.CANCEL_FLOW),
    ("never mind", Intent.EMAIL, F.EMAIL_EDIT, InterruptKind.CANCEL, Intent.CANCEL_FLOW),
    ("annulla", Intent.SHIFT_ASSIGN, Q.SELECT_SHIFT, InterruptKind.CANCEL, Intent.CANCEL_FLOW),
    ("laisse tomber", Intent.CALL_EMPLOYEE, Q.SELECT_SLOT, InterruptKind.CANCEL,
     Intent.CANCEL_FLOW),
    ("stop", Intent.SHIFT_CANCEL, Q.CONFIRM_CANCEL, InterruptKind.CANCEL, Intent.CANCEL_FLOW),
    ("never mind", Intent.SHIFT_CANCEL, Q.CONFIRM_CANCEL, InterruptKind.CANCEL,
     Intent.CANCEL_FLOW),
    ("no, transfer me", Intent.SHIFT_ASSIGN, Q.CONFIRM_PREVIEW, InterruptKind.TRANSFER,
     Intent.TRANSFER),
    ("no, help", Intent.MEETING_BOOK, Q.CONFIRM_BOOKING, InterruptKind.HELP, Intent.HELP),
    ("cancel", Intent.EMAIL, Q.CONFIRM_SEND, InterruptKind.CANCEL, Intent.CANCEL_FLOW),
    ("help", Intent.SHIFT_ASSIGN, Q.SELECT_SHIFT, InterruptKind.HELP, Intent.HELP),
    ("what can you do?", Intent.MEETING_BOOK, F.TIME_PREFERENCE, InterruptKind.HELP,
     Intent.HELP),
    ("aiuto", Intent.SHIFT_CANCEL, F.CANCELLATION_REASON, InterruptKind.HELP, Intent.HELP),
    ("help", Intent.EMAIL, F.FREE_TEXT, InterruptKind.HELP, Intent.HELP),
    ("transfer me", Intent.EMAIL, Q.CONFIRM_SEND, InterruptKind.TRANSFER, Intent.TRANSFER),
    ("talk to a human", Intent.SHIFT_CANCEL, F.CANCELLATION_REASON, InterruptKind.TRANSFER,
     Intent.TRANSFER),
    ("agent", Intent.MEETING_RESCHEDULE, Q.SELECT_MEETING, InterruptKind.TRANSFER,
     Intent.TRANSFER),
    ("passami un operatore", Intent.CALL_EMPLOYEE, Q.SELECT_SLOT, InterruptKind.TRANSFER,
     Intent.TRANSFER),
    ("je veux parler à quelqu'un", Intent.SHIFT_CANCEL, Q.SELECT_SHIFT, InterruptKind.TRANSFER,
     Intent.TRANSFER),
    ("this is useless, let me talk to a human", Intent.MEETING_BOOK, F.TIME_PREFERENCE,
     InterruptKind.TRANSFER, Intent.TRANSFER),
    ("transfer me", Intent.TRANSFER, F.TRANSFER_NEED, InterruptKind.TRANSFER, Intent.TRANSFER),
    ("start over", Intent.EMAIL, F.EMAIL_EDIT, InterruptKind.START_OVER, Intent.START_OVER),
    ("on recommence", Intent.SHIFT_SWAP, Q.CONFIRM_PREVIEW, InterruptKind.START_OVER,
     Intent.START_OVER),
    # A different intent stated as a request switches flows (design note 001's interrupt path).
    ("Actually I want to book a new one", Intent.MEETING_CANCEL, F.PERSON_EMAIL,
     InterruptKind.SWITCH, Intent.MEETING_BOOK),
    ("actually I want to book a new one", Intent.MEETING_CANCEL, Q.SELECT_MEETING,
     InterruptKind.SWITCH, Intent.MEETING_BOOK),
    ("reschedule instead", Intent.MEETING_CANCEL, Q.CONFIRM_MEETING, InterruptKind.SWITCH,
     Intent.MEETING_RESCHEDULE),
    ("reschedule", Intent.MEETING_BOOK, F.TIME_PREFERENCE, InterruptKind.SWITCH,
     Intent.MEETING_RESCHEDULE),
    ("no, reschedule instead", Intent.MEETING_CANCEL, Q.CONFIRM_CANCEL, InterruptKind.SWITCH,
     Intent.MEETING_RESCHEDULE),
    ("cancel my shift", Intent.MEETING_BOOK, F.TIME_PREFERENCE, InterruptKind.SWITCH,
     Intent.SHIFT_CANCEL),
    ("cancel my shift tomorrow", Intent.EMAIL, Q.CONFIRM_SEND, InterruptKind.SWITCH,
     Intent.SHIFT_CANCEL),
    ("book a call with Bob", Intent.ADVICE, F.ADVICE_ANSWER, InterruptKind.SWITCH,
     Intent.CALL_EMPLOYEE),
    ("email Bob about his lateness", Intent.SHIFT_ASSIGN, Q.SELECT_SHIFT, InterruptKind.SWITCH,
     Intent.EMAIL),
    ("en fait je veux annuler mon rendez-vous", Intent.MEETING_BOOK, F.TIME_PREFERENCE,
     InterruptKind.SWITCH, Intent.MEETING_CANCEL),
    ("I need to cancel my meeting instead", Intent.MEETING_BOOK, F.PERSON_NAME,
     InterruptKind.SWITCH, Intent.MEETING_CANCEL),
    ("actually, one of my cashiers keeps stealing", Intent.SHIFT_ASSIGN, Q.SELECT_SHIFT,
     InterruptKind.SWITCH, Intent.ADVICE),
    # A situation told at a manager's list, even with no "actually", is a new request: it was
    # "Reply with a number from 1 to 3" at "which shift?".
    ("my employee didn't show up for 3 days", Intent.SHIFT_ASSIGN, Q.SELECT_SHIFT,
     InterruptKind.SWITCH, Intent.ADVICE),
    ("mon employé ne s'est pas présenté depuis 3 jours", Intent.SHIFT_UNASSIGN, Q.SELECT_SHIFT,
     InterruptKind.SWITCH, Intent.ADVICE),
    ("one of my cashiers keeps stealing from the till", Intent.EMAIL, Q.SELECT_EMPLOYEE,
     InterruptKind.SWITCH, Intent.ADVICE),
    # Flow A asked what the user needs: the need is routed, not treated as an answer to trap.
    ("cancel my shift tomorrow", Intent.TRANSFER, F.TRANSFER_NEED, InterruptKind.SWITCH,
     Intent.SHIFT_CANCEL),
    ("my employee didn't show up for 3 days", Intent.TRANSFER, F.TRANSFER_NEED,
     InterruptKind.SWITCH, Intent.ADVICE),
    ("!improve ask fewer questions", Intent.ADVICE, F.ADVICE_ANSWER, InterruptKind.SWITCH,
     Intent.FEEDBACK),
    # A question about oneself is served at any list, and the flow offered back (issue 14).
    ("what are my shifts?", Intent.SHIFT_CANCEL, Q.SELECT_SHIFT, InterruptKind.SWITCH,
     Intent.MY_SHIFTS),
    ("quels sont mes services ?", Intent.SHIFT_ASSIGN, Q.SELECT_SHIFT, InterruptKind.SWITCH,
     Intent.MY_SHIFTS),
    # Running late is said as a statement, never as a command: at a list or a yes/no it is
    # still a request of its own, in every language.
    ("I'll be late tomorrow", Intent.SHIFT_CANCEL, Q.SELECT_SHIFT, InterruptKind.SWITCH,
     Intent.RUNNING_LATE),
    ("sorry, running 10 minutes late", Intent.MEETING_CANCEL, Q.SELECT_MEETING,
     InterruptKind.SWITCH, Intent.RUNNING_LATE),
    ("je serai en retard demain", Intent.SHIFT_CANCEL, Q.SELECT_SHIFT, InterruptKind.SWITCH,
     Intent.RUNNING_LATE),
    ("llegaré tarde mañana", Intent.SHIFT_CANCEL, Q.SELECT_SHIFT, InterruptKind.SWITCH,
     Intent.RUNNING_LATE),
    ("ich komme morgen zu spät", Intent.SHIFT_CANCEL, Q.SELECT_SHIFT, InterruptKind.SWITCH,
     Intent.RUNNING_LATE),
    ("arriverò in ritardo", Intent.SHIFT_CANCEL, Q.SELECT_SHIFT, InterruptKind.SWITCH,
     Intent.RUNNING_LATE),
    ("vou chegar atrasado", Intent.SHIFT_CANCEL, Q.SELECT_SHIFT, InterruptKind.SWITCH,
     Intent.RUNNING_LATE),
    ("ik kom 10 minuten te laat", Intent.SHIFT_CANCEL, Q.SELECT_SHIFT, InterruptKind.SWITCH,
     Intent.RUNNING_LATE),
    ("明日20分遅れます", Intent.SHIFT_CANCEL, Q.SELECT_SHIFT, InterruptKind.SWITCH,
     Intent.RUNNING_LATE),
    ("我明天会晚20分钟到", Intent.SHIFT_CANCEL, Q.SELECT_SHIFT, InterruptKind.SWITCH,
     Intent.RUNNING_LATE),
    ("I'll be 20 minutes late", Intent.SHIFT_CANCEL, Q.CONFIRM_CANCEL, InterruptKind.SWITCH,
     Intent.RUNNING_LATE),
    # Typos and other languages interrupt as well as the English words do.
    ("cancle my shift tomorrow", Intent.SHIFT_ASSIGN, Q.SELECT_SHIFT, InterruptKind.SWITCH,
     Intent.SHIFT_CANCEL),
    ("キャンセル", Intent.SHIFT_CANCEL, Q.SELECT_SHIFT, InterruptKind.CANCEL, Intent.CANCEL_FLOW),
    ("помощь", Intent.SHIFT_CANCEL, F.CANCELLATION_REASON, InterruptKind.HELP, Intent.HELP),
    ("zacznij od nowa", Intent.SHIFT_CANCEL, Q.SELECT_SHIFT, InterruptKind.START_OVER,
     Intent.START_OVER),
    ("temsilciyle görüşmek istiyorum", Intent.SHIFT_CANCEL, Q.SELECT_SHIFT,
     InterruptKind.TRANSFER, Intent.TRANSFER),
    ("actually, forget it", Intent.CALL_EMPLOYEE, F.PERSON_NAME, InterruptKind.CANCEL,
     Intent.CANCEL_FLOW),
    ("vergiss es", Intent.CALL_EMPLOYEE, F.PERSON_NAME, InterruptKind.CANCEL, Intent.CANCEL_FLOW),
    # No question pending between steps: a clear request still switches.
    ("swap bob and alice on tuesday", Intent.SHIFT_ASSIGN, None, InterruptKind.SWITCH,
     Intent.SHIFT_SWAP),
]

# (text, active flow, question): answers to the current question, never interrupts.
ANSWERS = [
    # A keyword inside an answer is an answer.
    ("help the children", Intent.EMAIL, F.FREE_TEXT),
    ("Help the Children Foundation", Intent.CALL_EMPLOYEE, F.PERSON_NAME),
    ("cancel", Intent.SHIFT_CANCEL, Q.CONFIRM_CANCEL),
    ("yes cancel it", Intent.SHIFT_CANCEL, Q.CONFIRM_CANCEL),
    ("Yes, cancel it please", Intent.MEETING_CANCEL, Q.CONFIRM_CANCEL),
    ("yes cancel my shift", Intent.SHIFT_CANCEL, Q.CONFIRM_CANCEL),
    ("annuler", Intent.SHIFT_CANCEL, Q.CONFIRM_CANCEL),
    ("sì, annulla", Intent.SHIFT_CANCEL, Q.CONFIRM_CANCEL),
    ("no, cancel", Intent.MEETING_BOOK, Q.CONFIRM_BOOKING),
    ("отменить", Intent.SHIFT_CANCEL, Q.CONFIRM_CANCEL),
    ("iptal", Intent.SHIFT_CANCEL, Q.CONFIRM_CANCEL),
    ("yes, cancel the shift", Intent.SHIFT_UNASSIGN, Q.CONFIRM_CANCEL),
    ("no, cancel my meeting", Intent.MEETING_BOOK, Q.CONFIRM_BOOKING),
    ("no stop", Intent.SHIFT_CANCEL, Q.CONFIRM_CANCEL),
    ("I need to help my mother", Intent.SHIFT_CANCEL, F.CANCELLATION_REASON),
    ("the bus stop was closed so I could not come", Intent.SHIFT_CANCEL,
     F.CANCELLATION_REASON),
    ("I have to reschedule my doctor's appointment", Intent.SHIFT_CANCEL,
     F.CANCELLATION_REASON),
    ("I have a meeting with my lawyer", Intent.SHIFT_CANCEL, F.CANCELLATION_REASON),
    ("perché devo aiutare mia madre", Intent.SHIFT_CANCEL, F.CANCELLATION_REASON),
    ("parce que ma fille est malade", Intent.SHIFT_CANCEL, F.CANCELLATION_REASON),
    ("stop by the office before your shift and sign the form", Intent.EMAIL, F.EMAIL_EDIT),
    (
        "Hi Bob, please cancel your plans for Friday evening and come to the review meeting",
        Intent.EMAIL,
        F.EMAIL_EDIT,
    ),
    ("make it firmer", Intent.EMAIL, F.EMAIL_EDIT),
    ("yes, I emailed him twice and called once", Intent.ADVICE, F.ADVICE_ANSWER),
    ("he said he can't make it on Friday", Intent.ADVICE, F.ADVICE_ANSWER),
    ("she has been late three times this month", Intent.ADVICE, F.ADVICE_ANSWER),
    ("bob@example.com", Intent.MEETING_BOOK, F.PERSON_EMAIL),
    ("Agent Smith", Intent.MEETING_BOOK, F.PERSON_NAME),
    ("tuesday morning", Intent.MEETING_BOOK, F.TIME_PREFERENCE),
    ("actually wednesday", Intent.MEETING_RESCHEDULE, Q.SELECT_SLOT),
    ("book me in for wednesday", Intent.MEETING_RESCHEDULE, F.TIME_PREFERENCE),
    ("book slot 2", Intent.MEETING_RESCHEDULE, Q.SELECT_SLOT),
    ("I can't make Friday", Intent.CALL_EMPLOYEE, Q.SELECT_SLOT),
    ("sorry, can't make it on Friday", Intent.MEETING_BOOK, Q.SELECT_SLOT),
    ("I need Friday off", Intent.SHIFT_ASSIGN, Q.SELECT_SHIFT),
    ("the second one", Intent.SHIFT_ASSIGN, Q.SELECT_SHIFT),
    # Who an option is, at "which Bob?": no situation told.
    ("the one who is a cashier", Intent.EMAIL, Q.SELECT_EMPLOYEE),
    # A worker's list of their own shifts: what happened at home is no request for advice.
    ("my colleague is sick so I can't come", Intent.SHIFT_CANCEL, Q.SELECT_SHIFT),
    ("2", Intent.SHIFT_CANCEL, Q.SELECT_SHIFT),
    ("no", Intent.SHIFT_ASSIGN, Q.CONFIRM_PREVIEW),
    ("hi", Intent.EMAIL, F.EMAIL_EDIT),
    # The flow's own intent is not a switch.
    ("cancel my shift", Intent.SHIFT_CANCEL, Q.SELECT_SHIFT),
    ("cancel the friday one", Intent.SHIFT_CANCEL, Q.SELECT_SHIFT),
    ("book a meeting for friday", Intent.MEETING_BOOK, F.TIME_PREFERENCE),
    ("assign alice instead", Intent.SHIFT_ASSIGN, Q.CONFIRM_PREVIEW),
    ("my employee didn't show up for 3 days", Intent.ADVICE, F.ADVICE_ANSWER),
    # Lateness inside an answer is the answer: a yes, or the reason for cancelling.
    ("yes, I'll be late anyway", Intent.SHIFT_CANCEL, Q.CONFIRM_CANCEL),
    ("I'll be late tomorrow", Intent.SHIFT_CANCEL, F.CANCELLATION_REASON),
    # A situation told at a free-text question is an answer, even with "actually".
    ("actually my colleague is sick", Intent.SHIFT_CANCEL, F.CANCELLATION_REASON),
    # Stating a need is not commanding: it stays an answer where free text is expected.
    ("I need to book a meeting with the school", Intent.SHIFT_CANCEL, F.CANCELLATION_REASON),
    # A cancel request that points at an option by its place picks it from the list asked about.
    ("cancel the second one", Intent.MEETING_CANCEL, Q.SELECT_MEETING),
    ("cancel the 2nd one", Intent.MEETING_CANCEL, Q.SELECT_MEETING),
    ("annule le deuxième", Intent.MEETING_CANCEL, Q.SELECT_MEETING),
    ("cancela el último", Intent.MEETING_CANCEL, Q.SELECT_MEETING),
    ("die zweite stornieren", Intent.MEETING_CANCEL, Q.SELECT_MEETING),
    ("annulla il secondo", Intent.MEETING_CANCEL, Q.SELECT_MEETING),
    ("cancela o segundo", Intent.MEETING_CANCEL, Q.SELECT_MEETING),
    ("annuleer de tweede", Intent.MEETING_CANCEL, Q.SELECT_MEETING),
    ("anuluj drugą", Intent.MEETING_CANCEL, Q.SELECT_MEETING),
]


@pytest.mark.parametrize(
    ("text", "flow", "question", "kind", "intent"),
    INTERRUPTS,
    ids=[f"{c[0]}@{c[1]}/{c[2]}" for c in INTERRUPTS],
)
def test_interrupts(
    text: str,
    flow: Intent,
    question: str | None,
    kind: InterruptKind,
    intent: Intent,
) -> None:
    interrupt = detect_interrupt(text, active_flow=flow, question=question)
    assert interrupt is not None
    assert (interrupt.kind, interrupt.intent) == (kind, intent)
    assert interrupt.reason


@pytest.mark.parametrize(
    ("text", "flow", "question"), ANSWERS, ids=[f"{c[0]}@{c[1]}/{c[2]}" for c in ANSWERS]
)
def test_answers_are_not_interrupts(text: str, flow: Intent, question: str | None) -> None:
    assert detect_interrupt(text, active_flow=flow, question=question) is None


def test_a_switch_carries_the_requests_slots() -> None:
    interrupt = detect_interrupt(
        "swap Bob and Alice on Tuesday", active_flow=Intent.SHIFT_CANCEL, question=None
    )
    assert interrupt is not None
    assert interrupt.slots == {"person": "Bob", "other_person": "Alice", "day": "Tuesday"}


def test_a_short_request_at_a_free_text_question_switches_but_a_long_one_is_an_answer() -> None:
    short = detect_interrupt(
        "please cancel my meeting", active_flow=Intent.EMAIL, question=F.EMAIL_EDIT
    )
    long = detect_interrupt(
        "please cancel my meeting with the whole team on Friday and tell them why",
        active_flow=Intent.SHIFT_CANCEL,
        question=F.CANCELLATION_REASON,
    )
    assert short is not None and short.intent == Intent.MEETING_CANCEL
    assert long is None


def test_at_the_email_edit_question_a_long_one_sentence_request_switches() -> None:
    """"What should the email say instead?" asks for a letter: one sentence asking for another
    thing is that request, however long; a letter opening with a greeting is the text."""
    request = detect_interrupt(
        "please cancel my meeting with the whole team on Friday and tell them why",
        active_flow=Intent.EMAIL, question=F.EMAIL_EDIT)
    letter = detect_interrupt(
        "Hi Bob, please cancel my meeting with the whole team on Friday and tell them why",
        active_flow=Intent.EMAIL, question=F.EMAIL_EDIT)
    two_sentences = detect_interrupt(
        "Your shift changes next week. Please cancel my meeting with the whole team on Friday",
        active_flow=Intent.EMAIL, question=F.EMAIL_EDIT)
    assert request is not None and request.intent == Intent.MEETING_CANCEL
    assert letter is None and two_sentences is None


def test_an_unknown_question_id_is_read_as_free_text() -> None:
    assert detect_interrupt("help", active_flow=Intent.EMAIL, question="project_name") is not None
    assert (
        detect_interrupt("help the children", active_flow=Intent.EMAIL, question="project_name")
        is None
    )


def test_the_locale_is_passed_to_the_classifier() -> None:
    interrupt = detect_interrupt(
        "stop", active_flow=Intent.EMAIL, question=F.EMAIL_EDIT, locale="nl-BE"
    )
    assert interrupt is not None and interrupt.kind == InterruptKind.CANCEL


def test_free_text_question_ids_do_not_collide_with_question_ids() -> None:
    assert not {q.value for q in FreeTextQuestion} & {q.value for q in QuestionId}


@pytest.mark.parametrize(("locale", "text"), [
    ("pl-PL", "odwołaj je"), ("pl-PL", "odwołaj to"), ("pl-PL", "odwołaj"),
    ("fr-FR", "annule-la"), ("de-DE", "sag es ab"), ("es-ES", "cancélala"),
    ("it-IT", "annullala"), ("nl-NL", "annuleer hem"),
])
def test_cancel_it_said_with_its_pronoun_stops_the_flow(locale: str, text: str) -> None:
    """'odwołaj je' at the free times for a meeting being moved got 'Sorry, I don't know which
    time you mean' (as did 'annule-la', 'sag es ab', 'cancélala'); like 'cancel it', each
    stops the flow with nothing changed."""
    interrupt = understand(text, locale=locale).interrupt(
        active_flow=Intent.MEETING_RESCHEDULE, question=str(QuestionId.SELECT_SLOT))
    assert interrupt is not None and interrupt.kind is InterruptKind.CANCEL
