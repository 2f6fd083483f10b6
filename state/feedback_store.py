"""Keeps managers' `!improve` feedback, with the exchange it is about, in the configured store.

After every advice reply the advice dialog leaves the last exchange (the manager's message,
ERA's reply, both detectors' decisions, the playbook) in the manager's own state document (so it
costs no write of its own, and in a group chat each person's `!improve` is about their own
exchange), kept for a week. `!improve <feedback>` then appends one durable record to the
stream "feedback" (plain JSON, never expiring, tagged with the conversation digest and the
person, so a person's feedback can be erased) holding the feedback and that exchange; the
records can be listed (`python -m tools.export_feedback`). They are the labelled data for tuning
the detectors later. Conversations appear only as a digest. Records written by earlier versions
("feedback/<id>" documents and their index) are still read and erased; an exchange they left
under "feedback-last/<conversation>" (where one is still kept outside a turn, by tools and
tests) is still read.
"""

from __future__ import annotations

import json
import logging
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import orjson
from botbuilder.core import Storage

from core.durable_store import DurableStore, NewRecord
from state.conversation_keys import conversation_digest
from state.person_state import current_person_state

logger = logging.getLogger(__name__)

FEEDBACK_STREAM = "feedback"
LEGACY_RECORD_PREFIX = "feedback/"
LEGACY_INDEX_KEY = "feedback/index"
LAST_EXCHANGE_PREFIX = "feedback-last/"
# The section of the person's state document that keeps their last exchange.
LAST_EXCHANGE_SECTION = "advice_exchange"
_LAST_EXCHANGE_SECONDS = 7 * 24 * 3600
_READ_CHUNK = 100


@dataclass(frozen=True)
class AdviceExchange:
    """One advice exchange: the manager's message, ERA's reply, the detectors' decisions on
    that reply (their structured log records), the playbook used, whether it was a knowledge
    gap, the flow ERA started on it ("email", "calendar" or None), and when (ISO 8601)."""

    user: str
    assistant: str
    at: str
    decisions: tuple[dict[str, Any], ...] = ()
    playbook_id: str | None = None
    knowledge_gap: bool = False
    launched: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready form."""
        return {
            "user": self.user,
            "assistant": self.assistant,
            "at": self.at,
            "decisions": [dict(decision) for decision in self.decisions],
            "playbook_id": self.playbook_id,
            "knowledge_gap": self.knowledge_gap,
            "launched": self.launched,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> AdviceExchange:
        """Rebuild from `to_dict` output."""
        return cls(
            user=str(data.get("user", "")),
            assistant=str(data.get("assistant", "")),
            at=str(data.get("at", "")),
            decisions=tuple(dict(d) for d in data.get("decisions") or ()),
            playbook_id=data.get("playbook_id"),
            knowledge_gap=bool(data.get("knowledge_gap", False)),
            launched=data.get("launched"),
        )


@dataclass(frozen=True)
class FeedbackRecord:
    """One `!improve`: its id, when, the conversation digest, who gave it, what they said, and
    the exchange it is about (None when there was no advice exchange to attach)."""

    id: str
    at: str
    conversation: str
    person_id: str
    feedback: str
    exchange: AdviceExchange | None = field(default=None)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready form (one JSONL line of the export)."""
        return {
            "id": self.id,
            "at": self.at,
            "conversation": self.conversation,
            "person_id": self.person_id,
            "feedback": self.feedback,
            "exchange": self.exchange.to_dict() if self.exchange else None,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> FeedbackRecord:
        """Rebuild from `to_dict` output."""
        exchange = data.get("exchange")
        return cls(
            id=str(data["id"]),
            at=str(data.get("at", "")),
            conversation=str(data.get("conversation", "")),
            person_id=str(data.get("person_id", "")),
            feedback=str(data.get("feedback", "")),
            exchange=AdviceExchange.from_dict(exchange) if isinstance(exchange, dict) else None,
        )


class FeedbackStore:
    """Reads and writes the last exchange per person and the feedback records."""

    def __init__(self, storage: Storage) -> None:
        """`storage` is the bot's Storage, which is also its durable store (SqliteStorage or
        CosmosStorage)."""
        self._storage = storage
        self._records: DurableStore = storage

    @staticmethod
    def _last_key(conversation_key: str) -> str:
        return f"{LAST_EXCHANGE_PREFIX}{conversation_digest(conversation_key)}"

    async def remember_exchange(self, conversation_key: str, exchange: AdviceExchange) -> None:
        """Keep `exchange` as the person's latest (replacing the previous one): inside a turn in
        their state document, written with the turn's one write; outside a turn in the
        conversation's own document."""
        state = current_person_state()
        if state is None:
            item = {**exchange.to_dict(), "ttl": _LAST_EXCHANGE_SECONDS, "e_tag": "*"}
            await self._storage.write({self._last_key(conversation_key): item})
            return
        # Kept as JSON text: the state document is compared and encoded on every turn, and a
        # string costs that nothing however long the reply it holds.
        state.sections[LAST_EXCHANGE_SECTION] = {
            "text": _json_text(exchange.to_dict()),
            "until": round(time.time() + _LAST_EXCHANGE_SECONDS),
        }

    async def last_exchange(self, conversation_key: str) -> AdviceExchange | None:
        """The person's latest advice exchange, if one is kept (one left by an earlier release
        in the conversation's own document is read when their state document has none)."""
        state = current_person_state()
        kept = state.sections.get(LAST_EXCHANGE_SECTION) if state is not None else None
        if state is not None and isinstance(kept, dict):
            exchange = _exchange_kept(kept)
            if exchange is None:  # its week is over: it goes with the turn's write
                state.sections.pop(LAST_EXCHANGE_SECTION, None)
            return exchange
        key = self._last_key(conversation_key)
        raw = (await self._storage.read([key])).get(key)
        return AdviceExchange.from_dict(dict(raw)) if raw else None

    async def record(
        self, *, conversation_key: str, person_id: str, feedback: str, now: datetime
    ) -> FeedbackRecord:
        """Store the feedback with the conversation's latest exchange; return the record."""
        record = FeedbackRecord(
            id=uuid.uuid4().hex,
            at=now.isoformat(),
            conversation=conversation_digest(conversation_key),
            person_id=person_id,
            feedback=feedback,
            exchange=await self.last_exchange(conversation_key),
        )
        await self._records.append_records([NewRecord(
            stream=FEEDBACK_STREAM, body=record.to_dict(), record_id=record.id,
            conversation=record.conversation, person=person_id, at=now.timestamp(),
        )])
        logger.info("feedback %s recorded (exchange attached: %s)", record.id,
                    record.exchange is not None)
        return record

    async def ids(self) -> list[str]:
        """Every recorded feedback id, oldest first."""
        return [record.id for record in await self.records()]

    async def records(self, ids: Sequence[str] | None = None) -> list[FeedbackRecord]:
        """The records for `ids` (default: all), oldest first; ids with no record are skipped."""
        stored = [FeedbackRecord.from_dict(r.body)
                  for r in await self._records.read_records(FEEDBACK_STREAM, limit=None)]
        found = await self._legacy_records() + stored
        if ids is None:
            return found
        wanted = set(ids)
        return [record for record in found if record.id in wanted]

    async def delete_person(self, person_id: str) -> int:
        """Erase every feedback record the person gave; returns how many."""
        erased = await self._records.delete_records(FEEDBACK_STREAM, person=person_id)
        for key in await self._records.document_keys(
            LEGACY_RECORD_PREFIX, where=(("person_id",), person_id)
        ):
            erased += await self._records.delete_document(key)
        return erased

    async def _legacy_records(self) -> list[FeedbackRecord]:
        """Records kept by earlier versions as "feedback/<id>" documents listed in an index."""
        index = (await self._storage.read([LEGACY_INDEX_KEY])).get(LEGACY_INDEX_KEY)
        ids = [str(i) for i in (dict(index).get("ids", []) if index else [])]
        found: list[FeedbackRecord] = []
        for start in range(0, len(ids), _READ_CHUNK):
            keys = [f"{LEGACY_RECORD_PREFIX}{i}" for i in ids[start : start + _READ_CHUNK]]
            items = await self._storage.read(keys)
            found += [FeedbackRecord.from_dict(dict(items[k])) for k in keys if items.get(k)]
        return found


def _json_text(value: dict[str, Any]) -> str:
    """`value` as JSON text: orjson's (~0.5 us, json.dumps took ~8 us of every advice turn),
    or json's for text orjson will not write (a lone surrogate an LLM's reply might hold)."""
    try:
        return orjson.dumps(value).decode()
    except orjson.JSONEncodeError:
        return json.dumps(value, ensure_ascii=False)


def _exchange_kept(kept: dict[str, Any]) -> AdviceExchange | None:
    """The exchange a state document keeps, unless its week is over or it cannot be read."""
    until = kept.get("until")
    text = kept.get("text")
    if not isinstance(text, str) or not isinstance(until, int | float) or until < time.time():
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    return AdviceExchange.from_dict(data) if isinstance(data, dict) else None
