"""Facts about the current turn that every dialog needs: who is speaking, in which language,
in which conversation and channel, and what time it is. The bot sets them once per turn."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from botbuilder.core import TurnContext

from core.audit_record import AuditRecord
from core.person import Person
from language.understanding import Understanding, understand

_TURN_STATE_KEY = "era.turn"


@dataclass(frozen=True)
class EraTurn:
    """The speaker, their locale, the conversation key (channel + conversation id), the channel,
    the turn's clock reading (aware UTC), the one understanding of the message, the
    catalogue language ERA speaks in this turn ("fr", "zh-Hans"; see language.language_choice),
    whether others read the conversation (a channel or group chat), where ERA says less, and
    whether the message is a card button's reply, ERA's own wording and no words of the
    person's."""

    person: Person
    locale: str | None
    conversation_key: str
    channel_id: str
    now: datetime
    understanding: Understanding | None = None
    language: str = "en"
    shared: bool = False
    pressed: bool = False

    def understood(self, text: str) -> Understanding:
        """What text says: the understanding the bot computed once for this turn's message,
        or (for a text routed on from elsewhere) a fresh one."""
        text = text.strip()
        if self.understanding is not None and self.understanding.text == text:
            return self.understanding
        return understand(text, locale=self.locale)

    def audit_entry(self, action: str, target: str, **details: object) -> AuditRecord:
        """The audit entry for an effect this turn's person caused, now, in this conversation
        (details: ids and facts, never message bodies)."""
        return AuditRecord(at=self.now, actor_id=self.person.id, action=action, target=target,
                           details=dict(details), conversation_id=self.conversation_key)

    def attach(self, context: TurnContext) -> None:
        """Make these facts available to the dialogs of this turn."""
        context.turn_state[_TURN_STATE_KEY] = self

    @staticmethod
    def of(context: TurnContext) -> EraTurn:
        """The facts the bot attached to this turn."""
        turn = context.turn_state.get(_TURN_STATE_KEY)
        if not isinstance(turn, EraTurn):
            raise RuntimeError("EraTurn was not attached to this turn")
        return turn

    @staticmethod
    def conversation_key_of(context: TurnContext) -> str:
        """channel id + conversation id: unique across channels."""
        activity = context.activity
        conversation_id = activity.conversation.id if activity.conversation else ""
        return f"{activity.channel_id}:{conversation_id}"
