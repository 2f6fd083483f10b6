"""One state document per person per conversation, read once when a turn starts and written at
most once when it ends.

Everything ERA keeps between one person's turns lives in it: the dialog stack, each flow's turn
memory (with its expiry), the failure tracker, the language the person speaks, a few flags
(welcomed, reference saved) and the ids of the activities it last handled (so a redelivered
activity is recognised without a write of its own). In a one-to-one chat that is the
conversation's state; in a group chat or a channel each person has their own, so nobody's reply
can advance, cancel or confirm somebody else's flow.

The document is written with its ETag: a turn that lost a race with another worker gets a
ConflictError and is run again on the fresh document. A turn that changed nothing writes nothing.

Releases meet during a rolling deploy (and after a rollback): each document says which release
format wrote it ("v") and the oldest format that can read it and write it back ("r"), so a
release that adds only what older ones may carry along unread can leave "r" where it was. A
worker that finds a document it cannot read because a newer release wrote it neither rewrites nor
deletes it (StateFromNewerRelease): the person is asked to send the message again in a moment,
when a worker of the new release will take it. Only a document that no turn has saved for
NEWER_RELEASE_GRACE_SECONDS (the newer release is gone: a rollback) is started afresh.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

import orjson
from botbuilder.core import Storage

from state.conversation_keys import conversation_digest
from state.state_codec import E_TAG, EncodedDocument, JSONValue, StateCodec, StateDecodeError

# 2: a turn memory may keep an option as a reference to a shift it keeps (core.turn_memory);
# documents of version 1 are read as they are.
DOCUMENT_VERSION = 2
# The oldest format that can read what this release writes and write it back (version-1 workers
# cannot read a turn memory's kept shifts).
READABLE_FROM = 2
# How long a document a newer release wrote is left alone before it is taken as a rollback's
# leftover and started afresh: a rolling deploy replaces every worker well within it.
NEWER_RELEASE_GRACE_SECONDS = 15 * 60
RECENT_ACTIVITIES = 32

# Section names inside the document.
DIALOG = "dialog"
MEMORY = "memory"
TRACKER = "tracker"
FLAGS = "flags"
LANGUAGE = "language"
SEEN = "seen"
LAST_REPLIES = "last_replies"
VERSION = "v"
READABLE_FROM_KEY = "r"
SAVED_AT = "at"

_CURRENT: ContextVar[PersonState | None] = ContextVar("era_person_state", default=None)


class StateFromNewerRelease(StateDecodeError):
    """The document was written by a newer release, in a format this one cannot read."""

    def __init__(self, key: str, needs: int, saved_at: float | None) -> None:
        super().__init__(f"stored item {key}: written for format {needs}, this release reads "
                         f"up to {DOCUMENT_VERSION}")
        self.saved_at = saved_at

    def abandoned(self, now: float) -> bool:
        """Whether no turn has saved it for so long that the newer release must be gone."""
        return self.saved_at is None or now - self.saved_at > NEWER_RELEASE_GRACE_SECONDS


def _check_release(key: str, document: dict[str, Any]) -> None:
    """Refuse a document only a newer release can read (before any of it is decoded)."""
    version = document.get(VERSION, 1)
    needs = document.get(READABLE_FROM_KEY, version)
    if type(needs) is not int:
        needs = version
    if type(needs) is int and needs > DOCUMENT_VERSION:
        saved_at = document.get(SAVED_AT)
        raise StateFromNewerRelease(
            key, needs, saved_at if type(saved_at) in (int, float) else None)


def person_state_key(channel_id: str, conversation_id: str, person_key: str) -> str:
    """The storage key of one person's state in one conversation (ids are hashed: Teams
    conversation ids run to hundreds of characters)."""
    conversation = conversation_digest(f"{channel_id}:{conversation_id}")
    return f"person-state/{conversation}/{conversation_digest(person_key)}"


@dataclass
class PersonState:
    """The loaded document: its sections (mutated by the turn), its ETag (None when it has never
    been stored) and what it looked like when loaded."""

    key: str
    e_tag: str | None
    sections: dict[str, Any]
    loaded: JSONValue = None
    also_write: dict[str, Any] = field(default_factory=dict)
    # The turn memories' text as loaded when the turn uses the loaded ones as they are (they
    # are then part of `loaded` too, and are compared by this text).
    loaded_memory: bytes | None = None
    # Objects read from parts of the sections this turn, each with the part it was read from:
    # valid while that part is the same object (never stored).
    read_from: dict[str, tuple[object, Any]] = field(default_factory=dict, repr=False,
                                                     compare=False)

    def section(self, name: str) -> dict[str, Any]:
        """A dict section, created empty when missing."""
        value = self.sections.get(name)
        if not isinstance(value, dict):
            value = {}
            self.sections[name] = value
        return value

    @property
    def flags(self) -> dict[str, Any]:
        """Small facts about this person in this conversation (welcomed, reference saved...)."""
        return self.section(FLAGS)

    @property
    def language(self) -> str | None:
        """The language ERA last spoke with this person."""
        value = self.sections.get(LANGUAGE)
        return value if isinstance(value, str) and value else None

    @language.setter
    def language(self, value: str | None) -> None:
        if value:
            self.sections[LANGUAGE] = value
        else:
            self.sections.pop(LANGUAGE, None)

    def has_seen(self, activity_id: str | None) -> bool:
        """Whether this activity was handled in an earlier, saved turn."""
        return bool(activity_id) and activity_id in (self.sections.get(SEEN) or ())

    def replies_to(self, activity_id: str | None, *, older_than: float) -> list[Any] | None:
        """The replies (JSON) saved with the turn that handled this activity, when it was the
        last turn saved, at least `older_than` seconds ago (before that, the worker that saved
        them may still be sending them)."""
        last = self.sections.get(LAST_REPLIES)
        if activity_id and isinstance(last, dict) and last.get("activity") == activity_id:
            saved_at = last.get("at")
            if not isinstance(saved_at, int | float) or time.time() - saved_at < older_than:
                return None
            texts = last.get("texts")
            if isinstance(texts, list):
                try:
                    return [json.loads(text) for text in texts if isinstance(text, str)]
                except ValueError:
                    return None
            replies = last.get("replies")  # documents saved before the replies were text
            return replies if isinstance(replies, list) else None
        return None

    def mark_seen(self, activity_id: str | None) -> None:
        """Remember the activity as handled (kept with the turn's own write)."""
        if not activity_id:
            return
        seen = [a for a in (self.sections.get(SEEN) or ()) if a != activity_id]
        seen.append(activity_id)
        self.sections[SEEN] = seen[-RECENT_ACTIVITIES:]

    def write_with_turn(self, key: str, item: dict[str, Any]) -> None:
        """Another storage item to write in the same write as this document (for example the
        person's conversation reference, when it changed)."""
        self.also_write[key] = item

    def reset_flow_state(self) -> None:
        """Forget the dialog stack and every flow's memory (a broken conversation starts
        clean); the failure tracker, language and flags are kept."""
        self.sections.pop(DIALOG, None)
        self.sections.pop(MEMORY, None)


class PersonStateStore:
    """Loads and saves PersonState documents in the bot's Storage."""

    def __init__(self, storage: Storage, *, codec: StateCodec | None = None) -> None:
        self._storage = storage
        self._codec = codec or StateCodec.default()
        # ERA's own storages hand out stored documents undecoded, and take them back encoded:
        # the document is then decoded once and encoded once per turn.
        self._documents = callable(getattr(storage, "read_documents", None))
        self.reads = 0
        self.writes = 0

    async def load(self, key: str) -> PersonState:
        """The person's document (empty when there is none yet). One storage read."""
        self.reads += 1
        if self._documents:
            found = (await self._storage.read_documents([key])).get(key)
            if found is None or not isinstance(found.document, dict):
                return self._empty(key)
            _check_release(key, found.document)
            document = found.document
            # The turn memories (their options and shifts, most of a person's document) are
            # plain JSON: read from this turn's own copy of the document, they are used as they
            # are, not copied value by value, and a change is told by their text.
            memory = document.get(MEMORY)
            text = self._codec.plain_text(memory) if type(memory) is dict else None
            try:
                if text is None:
                    sections = self._codec.decode(document)
                else:
                    sections = self._codec.decode(
                        {name: None if name == MEMORY else value
                         for name, value in document.items()})
                    sections[MEMORY] = memory
            except StateDecodeError as error:
                raise StateDecodeError(f"stored item {key}: {error}") from error
            # What was read is what an unchanged turn would write: compared as JSON values.
            return PersonState(key, found.e_tag, sections, document, loaded_memory=text)
        item = (await self._storage.read([key])).get(key)
        if not item:
            return self._empty(key)
        sections = dict(item)
        _check_release(key, sections)
        e_tag = sections.pop(E_TAG, None)
        return PersonState(key, e_tag, sections, self._codec.encode(sections))

    def _empty(self, key: str) -> PersonState:
        sections: dict[str, Any] = {VERSION: DOCUMENT_VERSION}
        return PersonState(key, None, sections, self._codec.encode(sections))

    async def save(
        self, state: PersonState, *, activity_id: str | None = None,
        replies: list[str] | None = None,
    ) -> bool:
        """Write the document if the turn changed it, with the turn's activity id among those
        handled and its replies (JSON text) kept for a redelivery of that activity (one storage
        write, with its ETag; items queued with `write_with_turn` go in the same call).
        ConflictError when another worker saved it meanwhile. Returns whether anything was
        written: a turn that changed nothing writes nothing. The document is encoded once."""
        encoded = self._codec.encode(state.sections)
        if _same(encoded, state) and not state.also_write:
            return False
        assert isinstance(encoded, dict)
        state.mark_seen(activity_id)
        encoded[SEEN] = self._codec.encode(state.sections.get(SEEN) or [])
        if activity_id:
            last = {"activity": activity_id, "texts": list(replies or ()), "at": time.time()}
            state.sections[LAST_REPLIES] = last
            encoded[LAST_REPLIES] = self._codec.encode(last)
        state.sections[VERSION] = encoded[VERSION] = DOCUMENT_VERSION
        state.sections[READABLE_FROM_KEY] = encoded[READABLE_FROM_KEY] = READABLE_FROM
        state.sections[SAVED_AT] = encoded[SAVED_AT] = round(time.time(), 3)
        self.writes += 1
        if self._documents:
            document = EncodedDocument(encoded, state.e_tag)
            await self._storage.write({state.key: document, **state.also_write})
            state.e_tag = document.e_tag
        else:
            item: dict[str, Any] = dict(state.sections)
            if state.e_tag is not None:
                item[E_TAG] = state.e_tag
            await self._storage.write({state.key: item, **state.also_write})
            state.e_tag = item.get(E_TAG)
        state.loaded = encoded
        state.loaded_memory = None
        state.also_write = {}
        return True

    async def delete(self, key: str) -> None:
        """Remove a document that cannot be read (a broken record starts clean)."""
        await self._storage.delete([key])


def _same(encoded: JSONValue, state: PersonState) -> bool:
    """Whether a turn's encoded document is the one loaded (as JSON values; the turn memories
    by their text when the turn used the loaded ones as they are)."""
    loaded, memory = state.loaded, state.loaded_memory
    if memory is None:
        return encoded == loaded
    if not isinstance(encoded, dict) or not isinstance(loaded, dict) \
            or encoded.keys() != loaded.keys():
        return False
    try:
        if orjson.dumps(encoded[MEMORY]) != memory:
            return False
    except orjson.JSONEncodeError:  # an integer past 64 bits the turn stored
        return False
    return all(value == loaded[name] for name, value in encoded.items() if name != MEMORY)


def current_person_state() -> PersonState | None:
    """The document of the turn running in this task, if any."""
    return _CURRENT.get()


@contextlib.contextmanager
def person_state_in_use(state: PersonState) -> Iterator[None]:
    """Make `state` the current turn's document for the code this task runs."""
    token = _CURRENT.set(state)
    try:
        yield
    finally:
        _CURRENT.reset(token)
