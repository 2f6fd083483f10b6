"""The offline advisor (the embedded default): answers from the playbooks, never beyond them.

Each reply follows from the manager's newest message and ERA's previous reply, which the advisor
recognises as one of its own playbook texts:

- a new situation that matches a playbook gets its clarifying questions; a policy or
  hypothetical question ("what should I do if ...", or any question that is not about a case
  of theirs) gets the playbook's general answer instead;
- the manager's answer to the clarifying questions gets the recommendation, which names the
  actions (a call, an email) so the detectors can launch the flows;
- after a recommendation, a further question gets the playbook's next step ("if it
  continues"); a short acknowledgement gets a closing line; a message about another situation
  starts that one;
- no matching playbook, or a question beyond what the playbook covers, is a knowledge gap: ERA
  says plainly that it has no guidance and points to HR, and never makes advice up.

The replies are in English; retrieval understands the keywords of every playbook language.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from enum import StrEnum

from core.advisor import AdviceReply, employee_in_conversation
from core.conversation_turn import ConversationTurn, Role
from core.directory import Directory
from core.person import Person
from core.playbook import Playbook, PlaybookStage
from detectors.situation_framing import Framing, frame_conversation
from services.playbook_library import PlaybookLibrary

logger = logging.getLogger(__name__)

# A message this short, asking nothing, after advice is an acknowledgement ("thanks, will do").
_ACKNOWLEDGEMENT_WORDS = 6
_QUESTION_MARKS = ("?", "？", "¿", "؟")

NO_GUIDANCE = (
    "I'm sorry, I don't have guidance on that, and I'd rather not guess: the answer may depend "
    "on your company's own policy or on local law. Your HR team is the right contact for this."
)
BEYOND_PLAYBOOK = (
    "That goes beyond the guidance I have on {title}, and I'd rather not guess: the answer may "
    "depend on the details, your company's own policy or local law. Your HR team is the right "
    "contact for this."
)
CLOSING = (
    "Glad that helps. If anything changes, tell me what happened and we'll look at the next "
    "step together."
)


class _Next(StrEnum):
    CLARIFY = "clarify"
    RECOMMEND = "recommend"
    FOLLOW_UP = "follow_up"
    POLICY = "policy"
    CLOSING = "closing"
    GAP = "gap"


class PlaybookAdvisor:
    """Implements core.advisor.Advisor over the playbook library, without any outside call
    but the directory (to name the employee)."""

    def __init__(self, *, library: PlaybookLibrary, directory: Directory) -> None:
        self._library = library
        self._directory = directory

    async def advise(
        self, history: Sequence[ConversationTurn], *, manager: Person, locale: str | None
    ) -> AdviceReply:
        """ERA's reply to the newest message (the last turn, the manager's)."""
        if not history or history[-1].role is not Role.USER:
            raise ValueError("the history must end with the manager's message")
        people = await self._directory.list_people(store_id=manager.store_id)
        employee = employee_in_conversation(history, people, manager)
        playbook, step = self._next(history)
        logger.info("playbook advisor: %s (%s)", step, playbook.id if playbook else "no playbook")
        playbook_id = playbook.id if playbook else None
        if step is _Next.GAP:
            text = BEYOND_PLAYBOOK.format(title=playbook.title.lower()) if playbook else NO_GUIDANCE
            return AdviceReply(text, knowledge_gap=True, playbook_id=playbook_id,
                               employee=employee)
        if step is _Next.CLOSING or playbook is None:
            return AdviceReply(CLOSING, playbook_id=playbook_id, employee=employee)
        name = employee.first_name if employee else None
        text = playbook.render(PlaybookStage(str(step)), name)
        return AdviceReply(text, playbook_id=playbook_id, employee=employee)

    def _next(self, history: Sequence[ConversationTurn]) -> tuple[Playbook | None, _Next]:
        latest = history[-1].content
        match = self._library.index.best(latest)
        previous = self._previous_reply(history)
        if previous is None:
            if match is None:
                if len(history) > 1 and _is_acknowledgement(latest):
                    return None, _Next.CLOSING
                return None, _Next.GAP
            return match.playbook, _opening(history[-1])
        playbook, stage = previous
        if stage is PlaybookStage.CLARIFY:
            return playbook, _Next.RECOMMEND
        if match is not None and match.playbook.id != playbook.id:
            return match.playbook, _opening(history[-1])
        if stage is PlaybookStage.POLICY and frame_conversation(history[-1:]) is Framing.ACTIVE:
            return playbook, _Next.CLARIFY
        if _is_acknowledgement(latest):
            return playbook, _Next.CLOSING
        if stage is PlaybookStage.RECOMMEND and playbook.follow_up:
            return playbook, _Next.FOLLOW_UP
        return playbook, _Next.GAP

    def _previous_reply(
        self, history: Sequence[ConversationTurn]
    ) -> tuple[Playbook, PlaybookStage] | None:
        """The playbook text ERA answered with last, if its last reply was one."""
        for turn in reversed(history[:-1]):
            if turn.role is Role.ASSISTANT:
                return self._library.recognise(turn.content)
        return None


def _opening(message: ConversationTurn) -> _Next:
    """How to open a situation: its general answer for a policy or hypothetical question,
    otherwise the clarifying questions."""
    framing = frame_conversation([message])
    asks = any(mark in message.content for mark in _QUESTION_MARKS)
    if framing is Framing.HYPOTHETICAL or (framing is Framing.UNKNOWN and asks):
        return _Next.POLICY
    return _Next.CLARIFY


def _is_acknowledgement(text: str) -> bool:
    return len(text.split()) <= _ACKNOWLEDGEMENT_WORDS and not any(
        mark in text for mark in _QUESTION_MARKS
    )
