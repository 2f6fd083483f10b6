"""Server-side turn memory: what a flow has locked in, the question it last asked and the options
it offered, kept per conversation and flow for ten minutes.

The server, not the LLM, is the source of truth for ids and options: a reply such as "2" or
"matin" is interpreted against `options` here. A memory past `expires_at` is treated as absent
(and the user is told the question expired).

An option that stands for a shift the flow keeps in `data["shifts"]` (the shifts a worker may
cancel) is stored as a reference: [shift id, label, start, end]; its place, id and length follow
from where it stands and from the shift. The shift is kept once, not twice. Memories stored
before (every option in full) are read as they are.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

from core.choice_option import ChoiceOption, TimeOfDay

TURN_MEMORY_TTL = timedelta(minutes=10)
# The stored form: 2 keeps an option that stands for a kept shift as a reference (see above).
MEMORY_FORMAT = 2
SHIFTS = "shifts"


@dataclass(frozen=True)
class AskedQuestion:
    """The last question a flow asked: its id (a QuestionId or free-text question id), the text
    shown, and when; and `phrasing`, how to say it again in another language (plain JSON the
    language package reads: the message ids the text, labels and buttons are made of). A
    question stored by an earlier release has none and is shown again as it was."""

    id: str
    text: str
    asked_at: datetime
    phrasing: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready form."""
        stored: dict[str, Any] = {"id": self.id, "text": self.text,
                                  "asked_at": self.asked_at.isoformat()}
        if self.phrasing is not None:
            stored["phrasing"] = self.phrasing
        return stored

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> AskedQuestion:
        """Rebuild from `to_dict` output."""
        return cls(
            id=str(data["id"]),
            text=str(data.get("text", "")),
            asked_at=datetime.fromisoformat(data["asked_at"]),
            phrasing=data.get("phrasing") if isinstance(data.get("phrasing"), dict) else None,
        )


@dataclass(frozen=True)
class TurnMemory:
    """One flow's memory in one conversation.

    scope: the flow ("shift_assignment", "shift_cancel", ...).
    entities: values resolved once and reused (employee id and name, day, role, store, week).
    data: other server-side facts the flow needs later (a pending preview, a draft), plain JSON.
    """

    scope: str
    conversation_id: str
    expires_at: datetime
    entities: dict[str, str] = field(default_factory=dict)
    last_question: AskedQuestion | None = None
    options: tuple[ChoiceOption, ...] = ()
    pending_preview_id: str | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.scope:
            raise ValueError("turn memory needs a scope")
        if self.expires_at.tzinfo is None:
            raise ValueError("expires_at must be timezone-aware")
        ids = [option.option_id for option in self.options]
        if len(ids) != len(set(ids)):
            raise ValueError(f"duplicate option ids in turn memory: {ids}")

    @classmethod
    def start(cls, scope: str, conversation_id: str, now: datetime) -> TurnMemory:
        """A fresh memory for a flow that is starting."""
        return cls(scope=scope, conversation_id=conversation_id, expires_at=now + TURN_MEMORY_TTL)

    def is_expired(self, now: datetime) -> bool:
        """Whether the memory is past its expiry (and so must be treated as absent)."""
        return now >= self.expires_at

    def asking(
        self,
        question_id: str,
        text: str,
        now: datetime,
        options: tuple[ChoiceOption, ...] = (),
        phrasing: dict[str, Any] | None = None,
    ) -> TurnMemory:
        """The memory after asking a question (the options replace the previous ones) with the
        expiry pushed ten minutes past now; `phrasing` says how to ask it again in another
        language."""
        return replace(
            self,
            last_question=AskedQuestion(question_id, text, now, phrasing),
            options=options,
            expires_at=now + TURN_MEMORY_TTL,
        )

    def with_entities(self, **entities: str) -> TurnMemory:
        """The memory with more locked entities."""
        return replace(self, entities={**self.entities, **entities})

    def with_data(self, **data: Any) -> TurnMemory:
        """The memory with more flow data (plain JSON values)."""
        return replace(self, data={**self.data, **data})

    def with_preview(self, preview_id: str | None) -> TurnMemory:
        """The memory with a pending preview (or none)."""
        return replace(self, pending_preview_id=preview_id)

    def option(self, option_id: str | None) -> ChoiceOption | None:
        """The stored option with this id, if the server offered it."""
        for option in self.options:
            if option.option_id == option_id:
                return option
        return None

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready form for storage."""
        shifts = self.data.get(SHIFTS)
        return {
            "format": MEMORY_FORMAT,
            "scope": self.scope,
            "conversation_id": self.conversation_id,
            "expires_at": self.expires_at.isoformat(),
            "entities": dict(self.entities),
            "last_question": self.last_question.to_dict() if self.last_question else None,
            "options": [_stored_option(option, shifts) for option in self.options],
            "pending_preview_id": self.pending_preview_id,
            "data": dict(self.data),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TurnMemory:
        """Rebuild from `to_dict` output."""
        question = data.get("last_question")
        flow_data = dict(data.get("data") or {})
        shifts = flow_data.get(SHIFTS)
        return cls(
            scope=str(data["scope"]),
            conversation_id=str(data.get("conversation_id", "")),
            expires_at=datetime.fromisoformat(data["expires_at"]),
            entities={str(k): str(v) for k, v in (data.get("entities") or {}).items()},
            last_question=AskedQuestion.from_dict(question) if question else None,
            options=tuple(_option(stored, index, shifts)
                          for index, stored in enumerate(data.get("options") or ())),
            pending_preview_id=data.get("pending_preview_id"),
            data=flow_data,
        )


def _stored_option(option: ChoiceOption, shifts: object) -> dict[str, Any] | list[Any]:
    """The option as stored: a reference to its shift when the shift is kept and the option
    reads back from the reference exactly as it is (`_shift_option`), else in full."""
    shift = shifts.get(option.value) if isinstance(shifts, dict) else None
    if (isinstance(shift, dict) and option.start is not None
            and option.option_id == f"opt_{option.index + 1}" and option.fits
            and option.reason is None
            and option.time_of_day is TimeOfDay.of_hour(int(option.start[:2]))
            and option.duration_hours == _hours(shift)):
        return [option.value, option.label, option.start, option.end]
    return option.to_dict()


def _option(stored: dict[str, Any] | list[Any], index: int, shifts: object) -> ChoiceOption:
    """An option read back from its stored form (a reference to a kept shift, or in full)."""
    if isinstance(stored, list):
        shift = shifts.get(stored[0]) if isinstance(shifts, dict) else None
        if not isinstance(shift, dict):
            raise ValueError(f"option {index + 1} refers to a shift the memory does not keep")
        return _shift_option(stored, index, shift)
    return ChoiceOption.from_dict(stored)


def _shift_option(reference: list[Any], index: int, shift: dict[str, Any]) -> ChoiceOption:
    """The option a reference [shift id, label, start, end] stands for, at `index`."""
    value, label, start, end = reference
    return ChoiceOption(option_id=f"opt_{index + 1}", index=index, label=label, value=value,
                        start=start, end=end, duration_hours=_hours(shift))


def _hours(shift: dict[str, Any]) -> float:
    """A kept shift's length in hours (as Shift.duration_hours reckons it)."""
    length = datetime.fromisoformat(shift["ends_at"]) - datetime.fromisoformat(shift["starts_at"])
    return length.total_seconds() / 3600
