"""Where a reply last gathers context, and which part of it can recommend an action."""

from __future__ import annotations

import pytest

from detectors.response_analysis import analyse_response, asks_for_context, gives_an_answer


def test_recap_question_then_recommendation_scopes_to_the_recommendation() -> None:
    analysis = analyse_response(
        "Just to confirm - you've already called twice? In that case, schedule a follow-up call."
    )
    assert analysis.clarifying_at == 0
    assert analysis.scope == "In that case, schedule a follow-up call."
    assert analysis.advice_stands


def test_reply_without_questions_is_scoped_whole() -> None:
    text = "Send an email documenting the attempts. Then call the employee."
    analysis = analyse_response(text)
    assert analysis.clarifying_at is None
    assert analysis.scope == "Send an email documenting the attempts.\nThen call the employee."


def test_question_at_the_end_leaves_nothing_to_judge() -> None:
    analysis = analyse_response("I'd recommend a call. Do you know their availability?")
    assert analysis.clarifying_at == 1
    assert analysis.scope == ""


@pytest.mark.parametrize(
    ("text", "stands"),
    [
        ("Did they give any reason? If not, schedule a call tomorrow.", False),
        ("Have you tried calling again? It's important to call the employee first.", False),
        ("Did they give a reason? Either way, set up a call with them today.", True),
        ("Have they been in touch? In the meantime, send them an email.", True),
        ("You've called once and got no answer, right? Then set up a call.", True),
        ("So this has been going on for two weeks? Then sit them down.", True),
        ("Donc vous l'avez appelé deux fois ? Dans ce cas, planifiez un entretien.", True),
        ("Er hat also nicht reagiert, oder? Dann vereinbaren Sie ein Gespräch.", True),
        ("Ha avvisato qualcuno? In ogni caso, fissi un colloquio con lui.", True),
    ],
)
def test_advice_after_a_question_stands_only_for_a_recap_or_whatever_the_answer(
    text: str, stands: bool
) -> None:
    analysis = analyse_response(text)
    assert analysis.clarifying_at == 0
    assert analysis.advice_stands is stands


def test_question_era_answers_itself_asks_nothing() -> None:
    analysis = analyse_response("Why does it matter? Because it protects you both. Email them.")
    assert analysis.clarifying_at is None


def test_request_without_question_mark_gathers_context() -> None:
    analysis = analyse_response(
        "Before I recommend anything, tell me whether they have prior absences on record."
    )
    assert analysis.clarifying_at == 0


def test_offer_and_closing_check_do_not_gather_context() -> None:
    analysis = analyse_response(
        "I recommend a call with them. Would you like me to schedule it? Does that sound good?"
    )
    assert analysis.clarifying_at is None


@pytest.mark.parametrize(
    ("text", "asks"),
    [
        ("Were these consecutive shifts?", True),
        ("Would you like me to schedule it?", True),
        ("Just to make sure I have the full picture:\n- whether they called in sick", True),
        ("Schedule a call with them today.", False),
        ('You could say "Can we talk?" and then call them.', False),
        ("Ask them: is everything all right at home? Then call them.", False),
    ],
)
def test_asks_for_context(text: str, asks: bool) -> None:
    assert asks_for_context(text) is asks


@pytest.mark.parametrize(
    ("text", "answers"),
    [
        ("I tried calling once but they didn't pick up", True),
        ("Yes. Why do you ask?", True),
        ("Why does that matter?", False),
        ("¿Por qué?", False),
        ("Was meinen Sie damit?", False),
        ("In general, what should I do if someone is late a lot?", True),
        ("   ", False),
    ],
)
def test_gives_an_answer(text: str, answers: bool) -> None:
    assert gives_an_answer(text) is answers
