"""Erases one person's data from every store ERA keeps it in, on request (a data-subject
erasure): their conversation state documents, transcript entries, feedback, conversation
reference and sign-in links, all in the configured store (SQLite or Cosmos DB).

The person is named by their directory id, optionally with their Entra object id and the channel
accounts they use. More are found on the way: the user (and Entra object id) of their saved
conversation reference, and the channel accounts of sign-in links to their Entra account. State
documents are found by the person id ERA writes into them and by the digest of each channel
account in their keys. A dry run finds and counts everything and removes nothing. The audit log
is not touched here: it keeps who did what, and the caller records the erasure itself without
personal data.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from botbuilder.core import Storage

from core.durable_store import DurableStore
from state.conversation_keys import conversation_digest
from state.conversation_reference_store import ConversationReferenceStore
from state.feedback_store import FEEDBACK_STREAM, LEGACY_RECORD_PREFIX, FeedbackStore
from state.transcript_writer import STREAM_PREFIX as TRANSCRIPT_PREFIX

logger = logging.getLogger(__name__)

PERSON_ID_FLAG = "person_id"
PERSON_STATE_PREFIX = "person-state/"
IDENTITY_LINK_PREFIX = "identity-link/"


@dataclass
class ErasureReport:
    """What was found (and, unless a dry run, erased) for one person."""

    person_id: str
    dry_run: bool
    channel_accounts: list[str] = field(default_factory=list)
    state_documents: list[str] = field(default_factory=list)
    sign_in_links: list[str] = field(default_factory=list)
    conversation_reference: bool = False
    transcript_entries: int = 0
    feedback_records: int = 0

    def counts(self) -> dict[str, int]:
        """How many of each kind, without any identifier (safe for the audit log)."""
        return {
            "channel_accounts": len(self.channel_accounts),
            "state_documents": len(self.state_documents),
            "sign_in_links": len(self.sign_in_links),
            "conversation_references": int(self.conversation_reference),
            "transcript_entries": self.transcript_entries,
            "feedback_records": self.feedback_records,
        }


class PersonErasure:
    """Finds and erases a person's data in the bot's storage (also its durable store)."""

    def __init__(self, storage: Storage) -> None:
        self._storage = storage
        self._store: DurableStore = storage

    async def erase(
        self,
        person_id: str,
        *,
        aad_object_id: str = "",
        channel_accounts: Iterable[str] = (),
        dry_run: bool = False,
    ) -> ErasureReport:
        """Erase (or with `dry_run` only find) everything kept about the person."""
        if not person_id.strip():
            raise ValueError("an erasure needs the person's directory id")
        report = ErasureReport(person_id=person_id, dry_run=dry_run)
        accounts = {a for a in channel_accounts if a}
        entra_ids = {person_id, aad_object_id} - {""}
        reference_key = ConversationReferenceStore.key(person_id)
        reference = await self._store.read_document(reference_key)
        if reference is not None:
            report.conversation_reference = True
            user = _reference_user(reference.body)
            accounts |= {str(user.get("id") or "")}
            entra_ids |= {str(user.get("aadObjectId") or "")} - {""}
        links = await self._links(entra_ids, accounts)
        for link in links.values():
            accounts.add(str(link.get("channel_user_id") or ""))
        accounts.discard("")
        report.channel_accounts = sorted(accounts)
        report.sign_in_links = sorted(links)
        report.state_documents = await self._state_documents(person_id, accounts)
        report.transcript_entries = sum([
            len(await self._store.read_records(TRANSCRIPT_PREFIX, prefix=True, person=a,
                                               limit=None))
            for a in report.channel_accounts
        ])
        report.feedback_records = len(
            await self._store.read_records(FEEDBACK_STREAM, person=person_id, limit=None)
        ) + len(await self._store.document_keys(
            LEGACY_RECORD_PREFIX, where=(("person_id",), person_id)))
        if dry_run:
            return report
        doomed = [*report.state_documents, *report.sign_in_links]
        if report.conversation_reference:
            doomed.append(reference_key)
        for key in doomed:
            await self._store.delete_document(key)
        report.transcript_entries = 0
        for account in report.channel_accounts:
            report.transcript_entries += await self._store.delete_records(
                TRANSCRIPT_PREFIX, prefix=True, person=account)
        report.feedback_records = await FeedbackStore(self._storage).delete_person(person_id)
        logger.info("erased one person's data: %s", report.counts())
        return report

    async def _links(
        self, entra_ids: set[str], accounts: set[str]
    ) -> dict[str, dict[str, Any]]:
        """The sign-in links to the person's Entra account or from one of their accounts."""
        found: dict[str, dict[str, Any]] = {}
        for key in await self._store.document_keys(IDENTITY_LINK_PREFIX):
            document = await self._store.read_document(key)
            if document is None:
                continue
            body = document.body
            if (str(body.get("aad_object_id") or "") in entra_ids
                    or str(body.get("channel_user_id") or "") in accounts):
                found[key] = body
        return found

    async def _state_documents(self, person_id: str, accounts: set[str]) -> list[str]:
        keys = set(await self._store.document_keys(
            PERSON_STATE_PREFIX, where=(("flags", PERSON_ID_FLAG), person_id)))
        if accounts:
            digests = {"/" + conversation_digest(a) for a in accounts}
            keys |= {key for key in await self._store.document_keys(PERSON_STATE_PREFIX)
                     if key[key.rfind("/"):] in digests}
        return sorted(keys)


def _reference_user(body: dict[str, Any]) -> dict[str, Any]:
    """The user account of a stored ConversationReference (id, aadObjectId on Teams)."""
    reference = body.get("reference")
    user = reference.get("user") if isinstance(reference, dict) else None
    return user if isinstance(user, dict) else {}
