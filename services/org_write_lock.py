"""One asyncio lock per open organisation database, held around each write transaction.

OrgDatabase shares one SQLite connection; two coroutines writing through it at once would run
their statements inside one transaction, so one's rollback (or commit) would undo (or commit
half of) the other's work. The shift backends, the ledger and the audit log take this lock
around every write so their transactions stay whole.
"""

from __future__ import annotations

import asyncio
import weakref

from services.org_database import OrgDatabase

_LOCKS: weakref.WeakKeyDictionary[OrgDatabase, asyncio.Lock] = weakref.WeakKeyDictionary()


def write_lock(db: OrgDatabase) -> asyncio.Lock:
    """The lock for this database connection (created on first use)."""
    lock = _LOCKS.get(db)
    if lock is None:
        lock = _LOCKS[db] = asyncio.Lock()
    return lock
