"""The advice conversation's server-side state, as the advice dialog keeps it (plain JSON).

It holds the recent history (the last `HISTORY_LIMIT` messages, for the advisor and the
detectors), the manager's messages about the current topic, the facts gathered about it as
typed fields (core.situation_facts: what the advisor decides on and the drafter writes from),
the playbook, stage and next step of ERA's last reply and the facts its last question asked
about (so a bare "no" answers that question), how many clarifying rounds the topic has had,
and when the conversation last moved. A topic starts afresh when ERA's reply follows a
different playbook than the previous one, and after an action flow (an email sent, a call
booked) has ended, so a written warning about Alice never quotes what was said about Bob.
The topic an action flow ended is remembered (its playbook and the step recommended), so a
question about the advice right after the call is booked ("what should I say in the
meeting?") is still answered from it, without offering again the actions that topic already
had (`done`).
It also holds the actions ERA offered in this topic that the manager set aside ("not now", a
question instead of a time): ERA does not offer them again unasked until the topic changes;
and whether ERA's last reply offered to put the manager through to HR (`hand_over_offered`):
a plain yes next takes that offer, in whatever language the reply was written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

from core.conversation_turn import ConversationTurn, Role
from core.situation_facts import Fact, SituationFacts

HISTORY_LIMIT = 20
SITUATION_CHARS = 600
# Messages this short ("yes", "ok thanks") answer or acknowledge; they do not describe anything.
_MIN_DESCRIPTIVE_WORDS = 3
# Japanese and Chinese end a sentence with their own full stop and start the next without a
# space: "ボブがよく遅刻します。", not "ボブがよく遅刻します.".
_FULL_STOPS = ("。", "！", "？")
_CJK_LAST = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff66-\uff9f]$")


@dataclass(frozen=True)
class AdviceConversation:
    """One manager's advice conversation; every change returns a new value."""

    history: tuple[ConversationTurn, ...] = ()
    topic: tuple[str, ...] = ()
    playbook_id: str | None = None
    updated_at: datetime | None = None
    facts: SituationFacts = field(default_factory=SituationFacts)
    stage: str | None = None
    step: str | None = None
    asked: tuple[Fact, ...] = ()
    rounds: int = 0
    language_noted: bool = False
    set_aside: tuple[str, ...] = ()
    ended_playbook_id: str | None = None  # the topic an action flow ended, its step, its actions
    ended_step: str | None = None
    ended_actions: tuple[str, ...] = ()
    done: tuple[str, ...] = ()  # the actions of a topic resumed after its flow ended
    hand_over_offered: bool = False

    def with_message(self, text: str) -> AdviceConversation:
        """The manager's new message joins the history (not yet the topic: that waits for
        ERA's reply, which says whether the topic changed), and what it says joins the
        facts (a bare yes or no answering ERA's last question)."""
        return replace(
            self,
            history=_bounded((*self.history, ConversationTurn(Role.USER, text))),
            facts=self.facts.with_message(text, asked=self.asked),
        )

    def with_reply(
        self,
        text: str,
        *,
        playbook_id: str | None,
        now: datetime,
        stage: str | None = None,
        step: str | None = None,
        asked: tuple[Fact, ...] = (),
        employee_id: str | None = None,
        language_noted: bool = False,
        reasked: bool = False,
        fresh: bool = False,
        offers_hand_over: bool = False,
    ) -> AdviceConversation:
        """ERA's reply to the newest message, which joins the topic, or starts a new one when
        the reply follows another playbook than the last one did (the facts then restart
        from that message). A reply that asks its clarifying questions again (`reasked`: the
        message was a question of the manager's, or no answer) keeps the rounds, and leaves
        the message out of the topic (the caller keeps the facts from before it). A `fresh`
        reply starts a new topic under the same playbook too (Alice's lateness told while ERA
        asked about Bob's). `offers_hand_over`: the reply offers the hand-over to HR."""
        message = next((t.content for t in reversed(self.history) if t.role is Role.USER), "")
        changed = fresh or (
            playbook_id is not None and self.playbook_id is not None
            and playbook_id != self.playbook_id
        )
        topic = (message,) if changed else (
            self.topic if reasked else (*self.topic, message))
        facts = SituationFacts().with_message(message) if changed else self.facts
        facts = replace(facts, topic=playbook_id or facts.topic,
                        employee_id=employee_id or facts.employee_id)
        again = stage == "clarify" and self.stage == "clarify" and not changed
        resumed = (self.playbook_id is None and playbook_id is not None and stage == "answer"
                   and playbook_id == self.ended_playbook_id)
        return AdviceConversation(
            history=_bounded((*self.history, ConversationTurn(Role.ASSISTANT, text))),
            topic=topic,
            playbook_id=playbook_id or self.playbook_id,
            updated_at=now,
            facts=facts,
            stage=stage,
            step=step,
            asked=asked,
            rounds=self.rounds if reasked and not changed else (
                self.rounds + 1 if again else (1 if stage == "clarify" else 0)),
            language_noted=self.language_noted or language_noted,
            set_aside=() if changed else self.set_aside,
            ended_playbook_id=self.ended_playbook_id,
            ended_step=self.ended_step,
            ended_actions=self.ended_actions,
            done=self.ended_actions if resumed else (
                self.done if stage == "answer" and not changed else ()),
            hand_over_offered=offers_hand_over,
        )

    def touched(self, now: datetime) -> AdviceConversation:
        """The same conversation, moved at `now`."""
        return replace(self, updated_at=now)

    def new_topic(self, ended: str | None = None) -> AdviceConversation:
        """The next message opens a new topic (an action flow, `ended`, has just ended)."""
        return replace(self, topic=(), playbook_id=None, facts=SituationFacts(), stage=None,
                       step=None, asked=(), rounds=0, set_aside=(),
                       ended_playbook_id=self.playbook_id or self.ended_playbook_id,
                       ended_step=self.step if self.playbook_id else self.ended_step,
                       ended_actions=tuple(dict.fromkeys(
                           (*self.set_aside, *self.done, *((ended,) if ended else ())))),
                       done=(), hand_over_offered=False)

    def setting_aside(self, action: str) -> AdviceConversation:
        """The manager set aside the action ERA offered (an ActionFlow value): it is not
        offered again unasked in this topic."""
        if action in self.set_aside:
            return self
        return replace(self, set_aside=(*self.set_aside, action))

    def is_idle(self, now: datetime, limit: timedelta) -> bool:
        """Whether nothing has happened for longer than `limit` (or never)."""
        return self.updated_at is None or now - self.updated_at > limit

    @property
    def situation(self) -> str:
        """The current topic in the manager's words, as sentences ("Bob didn't show up for 3
        days. I called twice."), bare answers left out, cut at SITUATION_CHARS."""
        described = [m for m in self.topic if len(m.split()) >= _MIN_DESCRIPTIVE_WORDS]
        text = ""
        for m in (m.strip() for m in described or self.topic):
            if not m:
                continue
            if not m.endswith((".", "!", "?", *_FULL_STOPS)):
                m += _FULL_STOPS[0] if _CJK_LAST.search(m) else "."
            text += m if not text or text.endswith(_FULL_STOPS) else f" {m}"
        return text[:SITUATION_CHARS]

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready form, for dialog state."""
        return {
            "history": [turn.to_dict() for turn in self.history],
            "topic": list(self.topic),
            "playbook_id": self.playbook_id,
            "updated_at": self.updated_at.isoformat() if self.updated_at else None,
            "facts": self.facts.to_dict(),
            "stage": self.stage,
            "step": self.step,
            "asked": [str(fact) for fact in self.asked],
            "rounds": self.rounds,
            "language_noted": self.language_noted,
            "set_aside": list(self.set_aside),
            "ended_playbook_id": self.ended_playbook_id,
            "ended_step": self.ended_step,
            "ended_actions": list(self.ended_actions),
            "done": list(self.done),
            "hand_over_offered": self.hand_over_offered,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> AdviceConversation:
        """Rebuild from `to_dict` output (None or {}: a new conversation)."""
        if not data:
            return cls()
        updated = data.get("updated_at")
        return cls(
            history=tuple(ConversationTurn.from_dict(t) for t in data.get("history") or ()),
            topic=tuple(str(m) for m in data.get("topic") or ()),
            playbook_id=data.get("playbook_id"),
            updated_at=datetime.fromisoformat(updated) if isinstance(updated, str) else None,
            facts=SituationFacts.from_dict(data.get("facts")),
            stage=data.get("stage"),
            step=data.get("step"),
            asked=tuple(Fact(name) for name in data.get("asked") or ()),
            rounds=int(data.get("rounds") or 0),
            language_noted=bool(data.get("language_noted")),
            set_aside=tuple(str(a) for a in data.get("set_aside") or ()),
            ended_playbook_id=data.get("ended_playbook_id"),
            ended_step=data.get("ended_step"),
            ended_actions=tuple(str(a) for a in data.get("ended_actions") or ()),
            done=tuple(str(a) for a in data.get("done") or ()),
            hand_over_offered=bool(data.get("hand_over_offered")),
        )


def _bounded(history: tuple[ConversationTurn, ...]) -> tuple[ConversationTurn, ...]:
    return history[-HISTORY_LIMIT:]
