"""Checkpoints a SQLite file's write-ahead log on a thread of its own, off the turn path.

Left to itself, SQLite checkpoints inside the commit that takes the WAL past 1,000 pages: that
commit copies pages back into the database file and waits for two fsyncs (10-15 ms on a cloud
disk), and every turn queued behind it on the storage thread waits as long: about one turn in
fifty under load, which was the whole p99. The storage's connection turns automatic checkpoints
off (`PRAGMA wal_autocheckpoint = 0`) and tells this checkpointer of its commits; the checkpointer
runs a PASSIVE checkpoint, which never blocks readers or writers, at most once per `interval`
after commits, and a last one when it stops. A commit is still durable against a process crash at
once and against a power cut once checkpointed, as before.

Under a load that never pauses, a PASSIVE checkpoint never catches up with the commits made
while it runs, so SQLite never starts the WAL over and the file grows without end (320 MB after
10,000 turns of the benchmark). Past `size_limit` the checkpointer therefore runs a TRUNCATE
checkpoint: it waits for the commit in progress, holds the next ones back while it copies what
is left (the storage thread waits, the event loop does not), and cuts the WAL to nothing.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading

logger = logging.getLogger(__name__)

DEFAULT_INTERVAL_SECONDS = 1.0
# Past this size the WAL file is checkpointed whole and cut back.
_WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024
# How long a TRUNCATE checkpoint waits for the commit in progress.
_TRUNCATE_BUSY_TIMEOUT_MS = 2000


class WalCheckpointer:
    """A thread that checkpoints one database file's WAL after commits."""

    def __init__(self, path: str, *, interval: float = DEFAULT_INTERVAL_SECONDS,
                 size_limit: int = _WAL_SIZE_LIMIT_BYTES) -> None:
        self._path = path
        self._interval = interval
        self._size_limit = size_limit
        self._dirty = False
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._serve, name="era-sqlite-checkpoint",
                                        daemon=True)
        self.checkpoints = 0

    def start(self) -> None:
        """Begin checkpointing."""
        self._thread.start()

    def committed(self) -> None:
        """Note a commit (called on the storage thread; costs one attribute store)."""
        self._dirty = True

    def stop(self, timeout: float = 10.0) -> None:
        """Checkpoint what is left, then end the thread (waits up to `timeout` seconds)."""
        self._stopping.set()
        if self._thread.is_alive():
            self._thread.join(timeout)

    def _serve(self) -> None:
        connection: sqlite3.Connection | None = None
        try:
            while not self._stopping.wait(self._interval):
                connection = self._checkpoint_if_dirty(connection)
            connection = self._checkpoint_if_dirty(connection)
        finally:
            if connection is not None:
                connection.close()

    def _checkpoint_if_dirty(
        self, connection: sqlite3.Connection | None
    ) -> sqlite3.Connection | None:
        if not self._dirty:
            return connection
        self._dirty = False
        try:
            if connection is None:
                connection = sqlite3.connect(self._path, isolation_level=None,
                                             check_same_thread=False)
                connection.execute(f"PRAGMA journal_size_limit = {self._size_limit}")
                connection.execute(f"PRAGMA busy_timeout = {_TRUNCATE_BUSY_TIMEOUT_MS}")
            connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
            if self._wal_size() > self._size_limit:
                busy = connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
                if busy:
                    logger.info("WAL of %s past its limit; truncating it waits", self._path)
                    self._dirty = True
            self.checkpoints += 1
        except sqlite3.Error as error:
            # Tried again after the next interval; SQLite's WAL stays correct meanwhile, only
            # longer.
            self._dirty = True
            logger.warning("WAL checkpoint of %s failed: %s", self._path, error)
        return connection

    def _wal_size(self) -> int:
        try:
            return os.path.getsize(f"{self._path}-wal")
        except OSError:
            return 0
