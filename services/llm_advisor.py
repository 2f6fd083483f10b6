"""The LLM advisor: ERA's persona (prompts/MASTER_PROMPT.md) and the recent conversation, sent
to the chat model through the LlmClient port.

The prompt is the master prompt as the first system message, then a second system message with
the facts of this conversation (who the manager is, the language to answer in, and the matching
playbook's guidance as reference when one matches), then at most `max_messages` recent messages,
each cut to `max_message_chars`. An answer that admits it does not know (core.knowledge_gap_
detector) is a knowledge gap. A failure of the model (error, timeout, empty answer) raises
BackendError("llm", ...) for the dialog to report honestly; nothing is made up in its place.
The answer is cleaned before anyone sees it (core.advice_text): at most about 3,000 characters,
no command tags or markup, and no links but those in ERA's own playbooks and prompts.

Another person's situation told while ERA asks about a first one ("also Alice was rude to a
customer yesterday" at its questions about Bob's lateness) is handled as the playbook advisor
handles it (core.advisor.set_aside): ERA says it sets the first aside, and the model sees only
the new situation, its facts and its person, which start a topic of their own (`fresh`), so
nothing said about Bob is advised on, or written, as Alice's.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path

from core.advice_conversation import AdviceConversation
from core.advice_text import clean_advice_text, links_in
from core.advisor import AdviceReply, each_named, people_named, set_aside, the_one
from core.conversation_turn import ConversationTurn, Role
from core.directory import Directory
from core.errors import BackendError
from core.knowledge_gap_detector import says_it_does_not_know
from core.llm_client import ChatMessage, LlmClient
from core.person import Person
from core.playbook import ENGLISH, PlaybookStage, PlaybookVariant, variant_for
from core.situation_facts import SituationFacts, facts_summary
from language.person_offer import offers_a_person
from language.situation_words import reported_by
from services.playbook_advisor import set_aside_said
from services.playbook_library import PLAYBOOKS_DIR, PROMPTS_DIR, PlaybookLibrary
from services.prompt_files import read_prompt

logger = logging.getLogger(__name__)

MASTER_PROMPT_PATH = PROMPTS_DIR / "MASTER_PROMPT.md"
MAX_MESSAGES = 20
MAX_MESSAGE_CHARS = 2000
_TEMPERATURE = 0.3
_MAX_TOKENS = 600
_QUESTION_MARKS = ("?", "？", "¿", "؟")


def read_master_prompt(path: Path = MASTER_PROMPT_PATH) -> str:
    """The master prompt's text; a missing or empty file is a ConfigError."""
    return read_prompt(path.name, path.parent)


class LlmAdvisor:
    """Implements core.advisor.Advisor with a chat model."""

    def __init__(
        self,
        *,
        llm: LlmClient,
        master_prompt: str,
        directory: Directory,
        library: PlaybookLibrary | None = None,
        max_messages: int = MAX_MESSAGES,
        max_message_chars: int = MAX_MESSAGE_CHARS,
        allowed_links: frozenset[str] | None = None,
    ) -> None:
        if max_messages < 1 or max_message_chars < 1:
            raise ValueError("the history bounds must be positive")
        self._llm = llm
        self._master_prompt = master_prompt
        self._directory = directory
        self._library = library
        self._max_messages = max_messages
        self._max_chars = max_message_chars
        self._allowed_links = (
            allowed_links if allowed_links is not None else _own_links(master_prompt)
        )

    async def advise(
        self,
        history: Sequence[ConversationTurn],
        *,
        manager: Person,
        locale: str | None,
        conversation: AdviceConversation | None = None,
    ) -> AdviceReply:
        """ERA's reply to the newest message; raises BackendError when the model fails."""
        if not history or history[-1].role is not Role.USER:
            raise ValueError("the history must end with the manager's message")
        people = await self._directory.list_people(store_id=manager.store_id)
        latest_named = people_named(history[-1:], people, manager)
        aside = None
        if conversation is not None and self._library is not None:
            aside = set_aside(
                history[-1].content, latest_named=latest_named,
                earlier_named=people_named(history[:-1], people, manager), people=people,
                conversation=conversation, asking=_asked_last(history),
                index=self._library.index)
        said_aside = ""
        if aside is not None:
            said_aside = set_aside_said(aside, latest_named, locale)
            history = history[-1:]
            conversation = AdviceConversation(facts=SituationFacts().with_message(
                history[-1].content))
            logger.info("LLM advisor: another person's situation; the first is set aside")
        named = people_named(history, people, manager)
        employee = the_one(named)
        playbook_id, guidance = self._guidance(
            history, variant_for(conversation.facts) if conversation is not None else None)
        messages = [
            ChatMessage.system(self._master_prompt),
            ChatMessage.system(_facts(manager, employee, locale, guidance, conversation)),
            *self._recent(history),
        ]
        reply = await self._llm.complete(messages, temperature=_TEMPERATURE,
                                         max_tokens=_MAX_TOKENS)
        text = clean_advice_text(reply.content, allowed_links=self._allowed_links)
        if not text:
            raise BackendError("llm", "the model answered with no text")
        gap = says_it_does_not_know(text)
        if gap:
            logger.info("LLM advisor: the model said it does not know")
        if said_aside:
            text = f"{said_aside}\n\n{text}"
        # The model's own words are the only record of an offer to hand over: read once, here,
        # into the reply's typed fact.
        return AdviceReply(text, knowledge_gap=gap, playbook_id=playbook_id, employee=employee,
                           names_someone=bool(named), fresh=bool(said_aside),
                           people=each_named(history, people, manager,
                                             reported_by=reported_by)
                           if employee is None and named else (),
                           offers_hand_over=offers_a_person(text, locale=locale))

    def _recent(self, history: Sequence[ConversationTurn]) -> list[ChatMessage]:
        """The newest messages within the bounds, starting with one of the manager's."""
        recent = list(history[-self._max_messages :])
        while recent and recent[0].role is not Role.USER:
            recent.pop(0)
        return [
            ChatMessage.user(_cut(turn.content, self._max_chars)) if turn.role is Role.USER
            else ChatMessage.assistant(_cut(turn.content, self._max_chars))
            for turn in recent
        ]

    def _guidance(
        self, history: Sequence[ConversationTurn], variant: PlaybookVariant | None = None
    ) -> tuple[str | None, str]:
        """The playbook the manager's messages match best, and its guidance as reference (in
        the `variant` the facts call for: leaving early is not lateness)."""
        if self._library is None:
            return None, ""
        said = " ".join(turn.content for turn in history if turn.role is Role.USER)
        match = self._library.index.best(said[-self._max_chars :])
        if match is None:
            return None, ""
        playbook = self._library.in_language(match.playbook, ENGLISH, variant) or match.playbook
        guidance = "\n".join(
            [
                f"Reference guidance from ERA's playbook \"{playbook.title}\" (use it if it fits;"
                " it is not company policy):",
                "Clarifying questions: " + " ".join(playbook.questions),
                "Recommendation: " + playbook.template(PlaybookStage.RECOMMEND),
            ]
        ).replace("{employee}", "the employee")
        return playbook.id, guidance


def _facts(
    manager: Person, employee: Person | None, locale: str | None, guidance: str,
    conversation: AdviceConversation | None = None,
) -> str:
    lines = [
        f"The manager you are talking to is {manager.name}.",
        f"Their Teams locale is {locale or 'unknown'}; answer in the language of their latest "
        "message.",
    ]
    if employee is not None:
        lines.append(f"The employee they are talking about is {employee.name}.")
    if guidance:
        lines.append(guidance)
    known = facts_summary(conversation.facts) if conversation is not None else ""
    if known:
        lines.append("Facts gathered so far (recommend a step proportionate to them): " + known)
    return "\n".join(lines)


def _own_links(master_prompt: str, playbooks: Path = PLAYBOOKS_DIR) -> frozenset[str]:
    """The links ERA itself writes: those in its master prompt and playbooks."""
    texts = [master_prompt]
    if playbooks.is_dir():
        texts += [path.read_text(encoding="utf-8") for path in sorted(playbooks.glob("*.md"))]
    return links_in(texts)


def _asked_last(history: Sequence[ConversationTurn]) -> bool:
    """Whether ERA's reply before the newest message asked the manager something (its
    clarifying questions)."""
    before = [turn for turn in history[:-1] if turn.role is Role.ASSISTANT]
    return bool(before) and any(mark in before[-1].content for mark in _QUESTION_MARKS)


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
