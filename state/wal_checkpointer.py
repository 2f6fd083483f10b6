"""Checkpoints a SQLite file's write-ahead log on a thread of its own, off the turn path.

Left to itself, SQLite checkpoints inside the commit that takes the WAL past 1,000 pages: that
commit copies pages back into the database file and waits for two fsyncs (10-15 ms on a cloud
disk), and every turn queued behind it on the storage thread waits as long: about one turn in
fifty under load, which was the whole p99. The storage's connection turns automatic checkpoints
off (`PRAGMA wal_autocheckpoint = 0`) and tells this checkpointer of its commits; the checkpointer
runs a PASSIVE checkpoint, which never blocks readers or writers, at most once per `interval`
after commits, and a last one when it stops. A commit is still durable against a process crash at
once and against a power cut once checkpointed, as before.
"""

from __future__ import annotations

import logging
import sqlite3
import threading

logger = logging.getLogger(__name__)

DEFAULT_INTERVAL_SECONDS = 1.0
# Past this size the WAL file is cut back after a checkpoint that emptied it.
_WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024


class WalCheckpointer:
    """A thread that checkpoints one database file's WAL after commits."""

    def __init__(self, path: str, *, interval: float = DEFAULT_INTERVAL_SECONDS) -> None:
        self._path = path
        self._interval = interval
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
                connection.execute(f"PRAGMA journal_size_limit = {_WAL_SIZE_LIMIT_BYTES}")
            connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
            self.checkpoints += 1
        except sqlite3.Error as error:
            # Tried again after the next interval; SQLite's WAL stays correct meanwhile, only
            # longer.
            self._dirty = True
            logger.warning("WAL checkpoint of %s failed: %s", self._path, error)
        return connection
