"""The LLM advisor against a local OpenAI-compatible server with scripted replies: what it sends
(the master prompt first, the conversation's facts, a bounded history) and what it makes of the
answers (advice, an admitted "I don't know", failures)."""

from __future__ import annotations

import time

import pytest

from core.advice_conversation import AdviceConversation
from core.conversation_turn import ConversationTurn, Role
from core.errors import BackendError
from core.person import Person
from core.situation_facts import Fact
from services.llm_advisor import LlmAdvisor, read_master_prompt
from services.openai_llm_client import OpenAiLlmClient
from services.org_database import OrgDatabase
from services.playbook_library import PlaybookLibrary
from services.sqlite_directory import SqliteDirectory
from tests.conftest import FIXED_NOW
from tests.fakes.openai_server import FakeOpenAIServer, openai_server

__all__ = ["openai_server"]

MASTER_PROMPT = read_master_prompt()
LIBRARY = PlaybookLibrary.load()


def user(text: str) -> ConversationTurn:
    return ConversationTurn(Role.USER, text)


def era(text: str) -> ConversationTurn:
    return ConversationTurn(Role.ASSISTANT, text)


@pytest.fixture
async def maria(org_db: OrgDatabase) -> Person:
    person = await SqliteDirectory(org_db).get("maria")
    assert person is not None
    return person


def _advisor(
    server: FakeOpenAIServer, org_db: OrgDatabase, *, timeout: float = 2.0, budget: float = 6.0,
    max_messages: int = 20,
) -> LlmAdvisor:
    client = OpenAiLlmClient(client=server.client(timeout=timeout), model="gpt-test",
                             call_timeout_seconds=timeout, budget_seconds=budget)
    return LlmAdvisor(llm=client, master_prompt=MASTER_PROMPT, directory=SqliteDirectory(org_db),
                      library=LIBRARY, max_messages=max_messages)


def test_the_master_prompt_carries_the_rules_the_issue_asks_for() -> None:
    lowered = MASTER_PROMPT.lower()
    for rule in ("clarifying question", "hypothetical", "schedule a call with the employee",
                 "i can draft the written warning email", "never invent company policy",
                 "i don't know", "confront the accused", "planifier un appel",
                 "programar una llamada", "gespräch mit dem mitarbeiter zu vereinbaren",
                 "fissare una chiamata", "language of the manager's latest message"):
        assert rule in lowered, rule


async def test_the_prompt_is_the_master_prompt_then_the_facts_then_the_conversation(
    openai_server: FakeOpenAIServer, org_db: OrgDatabase, maria: Person
) -> None:
    openai_server.queue_text("Got it. Have you been able to reach Bob yet?")
    history = [user("Bob Smith didn't show up for 3 days")]
    reply = await _advisor(openai_server, org_db).advise(history, manager=maria, locale="en-GB")
    assert reply.text == "Got it. Have you been able to reach Bob yet?"
    assert not reply.knowledge_gap and reply.playbook_id == "no_show"
    assert reply.employee is not None and reply.employee.id == "bob-smith"
    sent = openai_server.chat_requests[0].messages
    assert sent[0] == {"role": "system", "content": MASTER_PROMPT}
    assert sent[1]["role"] == "system"
    facts = sent[1]["content"]
    assert "Maria Lopez" in facts and "Bob Smith" in facts and "en-GB" in facts
    assert 'playbook "No-show and absenteeism"' in facts and "{employee}" not in facts
    assert sent[2:] == [{"role": "user", "content": "Bob Smith didn't show up for 3 days"}]


async def test_the_history_sent_is_bounded_and_starts_with_the_manager(
    openai_server: FakeOpenAIServer, org_db: OrgDatabase, maria: Person
) -> None:
    openai_server.queue_text("Thanks. I recommend you schedule a call with the employee.")
    history: list[ConversationTurn] = []
    for number in range(15):
        history += [user(f"manager message {number}"), era(f"era reply {number}")]
    history.append(user("the newest message " + "x" * 5000))
    advisor = _advisor(openai_server, org_db, max_messages=6)
    await advisor.advise(history, manager=maria, locale=None)
    conversation = openai_server.chat_requests[0].messages[2:]
    assert len(conversation) == 5
    assert conversation[0] == {"role": "user", "content": "manager message 13"}
    assert conversation[1] == {"role": "assistant", "content": "era reply 13"}
    assert conversation[-1]["content"].startswith("the newest message")
    assert len(conversation[-1]["content"]) == 2000


async def test_an_admitted_i_dont_know_is_a_knowledge_gap(
    openai_server: FakeOpenAIServer, org_db: OrgDatabase, maria: Person
) -> None:
    openai_server.queue_text("I don't know. That depends on your company's own policy; "
                             "please ask HR.")
    reply = await _advisor(openai_server, org_db).advise(
        [user("Can employees expense their home internet?")], manager=maria, locale=None
    )
    assert reply.knowledge_gap and reply.playbook_id is None


async def test_an_italian_non_so_is_a_knowledge_gap_too(
    openai_server: FakeOpenAIServer, org_db: OrgDatabase, maria: Person
) -> None:
    openai_server.queue_text("Mi dispiace, non so. Le consiglio di chiedere alle risorse umane.")
    reply = await _advisor(openai_server, org_db).advise(
        [user("Posso pagare le ferie in anticipo?")], manager=maria, locale="it-IT"
    )
    assert reply.knowledge_gap


async def test_server_errors_become_a_backend_error(
    openai_server: FakeOpenAIServer, org_db: OrgDatabase, maria: Person
) -> None:
    openai_server.queue_error(503)
    openai_server.queue_error(500)
    with pytest.raises(BackendError, match="llm"):
        await _advisor(openai_server, org_db).advise(
            [user("My employee didn't show up")], manager=maria, locale=None
        )
    assert len(openai_server.chat_requests) == 2


async def test_a_timeout_becomes_a_backend_error_within_the_budget(
    openai_server: FakeOpenAIServer, org_db: OrgDatabase, maria: Person
) -> None:
    openai_server.queue_text("too late", delay_seconds=3)
    started = time.monotonic()
    with pytest.raises(BackendError, match="llm"):
        await _advisor(openai_server, org_db, timeout=1.0, budget=1.5).advise(
            [user("My employee didn't show up")], manager=maria, locale=None
        )
    assert time.monotonic() - started < 2.5


async def test_an_empty_answer_is_a_failure_not_advice(
    openai_server: FakeOpenAIServer, org_db: OrgDatabase, maria: Person
) -> None:
    openai_server.queue_text("   ")
    with pytest.raises(BackendError, match="no text"):
        await _advisor(openai_server, org_db).advise(
            [user("My employee didn't show up")], manager=maria, locale=None
        )


async def test_the_facts_gathered_go_into_the_prompt_as_fields(
    openai_server: FakeOpenAIServer, org_db: OrgDatabase, maria: Person
) -> None:
    conversation = AdviceConversation().with_message("Bob Smith is late every day")
    conversation = conversation.with_reply("Have you spoken to him?", playbook_id="lateness",
                                           now=FIXED_NOW, stage="clarify",
                                           asked=(Fact.SPOKEN_TO,))
    conversation = conversation.with_message("no i havent talked to him yet")
    openai_server.queue_text("Then start with an informal conversation.")
    await _advisor(openai_server, org_db).advise(
        conversation.history, manager=maria, locale="en-GB", conversation=conversation)
    facts = openai_server.chat_requests[0].messages[1]["content"]
    assert "spoken_to: no" in facts and "every_shift: yes" in facts
    assert "havent" not in facts
