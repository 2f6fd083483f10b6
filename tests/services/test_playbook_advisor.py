"""The offline advisor over the shipped playbooks and the seeded demo directory: clarifying
questions first, the recommendation after the manager's answer (which the detectors act on),
general answers to policy questions, follow-ups, and honest knowledge gaps."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from core.conversation_turn import ConversationTurn, Role
from core.person import Person
from detectors.action_detection import ActionDetection
from detectors.action_flow import ActionFlow
from services.org_database import OrgDatabase
from services.playbook_advisor import BEYOND_PLAYBOOK, CLOSING, NO_GUIDANCE, PlaybookAdvisor
from services.playbook_library import PlaybookLibrary
from services.sqlite_directory import SqliteDirectory

LIBRARY = PlaybookLibrary.load()


@pytest.fixture
async def advisor(org_db: OrgDatabase) -> PlaybookAdvisor:
    return PlaybookAdvisor(library=LIBRARY, directory=SqliteDirectory(org_db))


@pytest.fixture
async def maria(org_db: OrgDatabase) -> Person:
    person = await SqliteDirectory(org_db).get("maria")
    assert person is not None
    return person


def user(text: str) -> ConversationTurn:
    return ConversationTurn(Role.USER, text)


def era(text: str) -> ConversationTurn:
    return ConversationTurn(Role.ASSISTANT, text)


async def _talk(
    advisor: PlaybookAdvisor, manager: Person, messages: Sequence[str]
) -> list[ConversationTurn]:
    """Play the manager's messages; the history with ERA's replies."""
    history: list[ConversationTurn] = []
    for message in messages:
        history.append(user(message))
        reply = await advisor.advise(history, manager=manager, locale="en-US")
        history.append(era(reply.text))
    return history


async def test_a_new_situation_gets_clarifying_questions_not_advice(
    advisor: PlaybookAdvisor, maria: Person
) -> None:
    history = [user("My employee didn't show up for 3 days")]
    reply = await advisor.advise(history, manager=maria, locale="en-US")
    assert reply.playbook_id == "no_show" and not reply.knowledge_gap
    assert "Have you been able to reach the employee yet" in reply.text
    assert "recommend" not in reply.text.lower()
    assert ActionDetection().detect(reply.text, history, "advice").flow is None


async def test_the_answer_gets_the_recommendation_that_launches_the_call(
    advisor: PlaybookAdvisor, maria: Person
) -> None:
    history = await _talk(advisor, maria, ["Bob Smith didn't show up for 3 days"])
    history.append(user("I tried calling once but he didn't pick up"))
    reply = await advisor.advise(history, manager=maria, locale="en-US")
    assert reply.playbook_id == "no_show"
    assert reply.employee is not None and reply.employee.id == "bob-smith"
    assert "schedule a call with Bob" in reply.text
    assert "Please keep in mind:" in reply.text
    result = ActionDetection().detect(reply.text, history, "advice")
    assert result.flow is ActionFlow.CALENDAR and not result.email.triggered


@pytest.mark.parametrize(
    ("opening", "answer", "flow"),
    [
        ("One of my cashiers has been late 5 times this month",
         "Yes, I gave a verbal warning two weeks ago and wrote it down", ActionFlow.EMAIL),
        ("Luca was rude to a customer yesterday",
         "Two customers saw it, it's the first time", ActionFlow.CALENDAR),
        ("Chen and Luca keep arguing on the shop floor",
         "It's about the rota, a few weeks now", ActionFlow.CALENDAR),
        ("Sophie handed in her resignation today",
         "Yes, a letter with her last day, she found a job closer to home", ActionFlow.EMAIL),
    ],
)
async def test_each_recommendation_names_an_action_the_detectors_know(
    advisor: PlaybookAdvisor, maria: Person, opening: str, answer: str, flow: ActionFlow
) -> None:
    history = await _talk(advisor, maria, [opening])
    assert ActionDetection().detect(history[-1].content, history[:1], "advice").flow is None
    history.append(user(answer))
    reply = await advisor.advise(history, manager=maria, locale="en-US")
    assert ActionDetection().detect(reply.text, history, "advice").flow is flow


async def test_a_harassment_complaint_is_escalated_without_an_action_to_launch(
    advisor: PlaybookAdvisor, maria: Person
) -> None:
    history = await _talk(advisor, maria, [
        "Alice told me a colleague keeps making comments about her body"
    ])
    history.append(user("She told me herself this morning, they work the same shifts"))
    reply = await advisor.advise(history, manager=maria, locale="en-US")
    assert reply.playbook_id == "harassment"
    assert "Report it to HR today" in reply.text
    assert "Never confront the accused with the complainant" in reply.text
    assert ActionDetection().detect(reply.text, history, "advice").flow is None


async def test_a_policy_question_gets_the_general_answer_without_questions(
    advisor: PlaybookAdvisor, maria: Person
) -> None:
    history = [user("What should I do if an employee doesn't show up?")]
    reply = await advisor.advise(history, manager=maria, locale="en-US")
    assert reply.playbook_id == "no_show" and not reply.knowledge_gap
    assert reply.text.startswith("In general, when someone doesn't show up")
    assert "?" not in reply.text


async def test_after_a_policy_answer_a_real_case_gets_the_clarifying_questions(
    advisor: PlaybookAdvisor, maria: Person
) -> None:
    history = await _talk(advisor, maria, ["What should I do if an employee doesn't show up?"])
    history.append(user("It's happening now: Chen has not come in since Monday"))
    reply = await advisor.advise(history, manager=maria, locale="en-US")
    assert "Have you been able to reach Chen yet" in reply.text


async def test_no_playbook_is_an_honest_knowledge_gap(
    advisor: PlaybookAdvisor, maria: Person
) -> None:
    reply = await advisor.advise(
        [user("What's our policy on bringing dogs to the office?")], manager=maria, locale=None
    )
    assert reply.knowledge_gap and reply.playbook_id is None
    assert reply.text == NO_GUIDANCE


async def test_after_the_recommendation_a_follow_up_then_a_gap(
    advisor: PlaybookAdvisor, maria: Person
) -> None:
    history = await _talk(advisor, maria, [
        "My employee didn't show up for 3 days", "Yes I called twice, no answer",
    ])
    history.append(user("What if I still can't reach him next week?"))
    follow_up = await advisor.advise(history, manager=maria, locale=None)
    assert follow_up.text.startswith("If you still can't reach the employee")
    assert not follow_up.knowledge_gap
    history += [era(follow_up.text), user("Can I stop paying him for those days then?")]
    beyond = await advisor.advise(history, manager=maria, locale=None)
    assert beyond.knowledge_gap and beyond.playbook_id == "no_show"
    assert beyond.text == BEYOND_PLAYBOOK.format(title="no-show and absenteeism")


async def test_thanks_after_advice_closes_without_a_gap(
    advisor: PlaybookAdvisor, maria: Person
) -> None:
    history = await _talk(advisor, maria, [
        "My employee didn't show up for 3 days", "Yes I called twice, no answer",
    ])
    history.append(user("Thanks, will do"))
    reply = await advisor.advise(history, manager=maria, locale=None)
    assert reply.text == CLOSING and not reply.knowledge_gap


async def test_another_situation_after_advice_starts_over_with_its_questions(
    advisor: PlaybookAdvisor, maria: Person
) -> None:
    history = await _talk(advisor, maria, [
        "My employee didn't show up for 3 days", "Yes I called twice, no answer",
    ])
    history.append(user("Another thing: Fatima wants two weeks off in December"))
    reply = await advisor.advise(history, manager=maria, locale=None)
    assert reply.playbook_id == "leave_request"
    assert "What kind of leave is it" in reply.text
    assert reply.employee is not None and reply.employee.id == "fatima"


async def test_two_people_with_the_name_mean_nobody_in_particular(
    advisor: PlaybookAdvisor, maria: Person
) -> None:
    reply = await advisor.advise(
        [user("Bob didn't show up for 3 days")], manager=maria, locale=None
    )
    assert reply.employee is None
    assert "Have you been able to reach the employee yet" in reply.text


async def test_a_situation_in_french_is_understood(
    advisor: PlaybookAdvisor, maria: Person
) -> None:
    reply = await advisor.advise(
        [user("Mon employé ne s'est pas présenté depuis 3 jours")], manager=maria, locale="fr-FR"
    )
    assert reply.playbook_id == "no_show" and not reply.knowledge_gap


async def test_the_history_must_end_with_the_manager(
    advisor: PlaybookAdvisor, maria: Person
) -> None:
    with pytest.raises(ValueError):
        await advisor.advise([era("Hello")], manager=maria, locale=None)
