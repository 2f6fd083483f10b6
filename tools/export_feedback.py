"""Export managers' `!improve` feedback as JSONL: `python -m tools.export_feedback [--out FILE]`.

Reads the conversation-state storage the settings select (SQLite at ERA_DATA_DIR/state.sqlite3
by default, or Cosmos DB) and writes one JSON object per line, oldest first: the feedback, the
exchange it was about (the manager's message, ERA's reply, the detectors' decisions, the
playbook) and when. This is the training data for tuning the detectors. It never creates the
SQLite file: with no state yet there is simply nothing to export.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sys
from pathlib import Path
from typing import TextIO

from botbuilder.core import Storage

from app import open_storage
from config import Settings, StorageKind
from core.errors import ConfigError, EraError
from state.feedback_store import FeedbackRecord, FeedbackStore

STATE_DATABASE_NAME = "state.sqlite3"


async def read_feedback(settings: Settings) -> list[FeedbackRecord]:
    """Every feedback record in the storage the settings select, oldest first."""
    if settings.storage is StorageKind.SQLITE and not (
        settings.data_dir / STATE_DATABASE_NAME
    ).exists():
        return []
    storage: Storage = await open_storage(settings)
    try:
        return await FeedbackStore(storage).records()
    finally:
        await storage.close()  # type: ignore[attr-defined]


def write_jsonl(records: list[FeedbackRecord], out: TextIO) -> None:
    """One record per line, UTF-8 text kept as is."""
    for record in records:
        out.write(json.dumps(record.to_dict(), ensure_ascii=False, sort_keys=True) + "\n")


def main(argv: list[str] | None = None) -> int:
    """Export; exit status 0, or 2 on a configuration or storage error."""
    parser = argparse.ArgumentParser(prog="python -m tools.export_feedback", description=__doc__)
    parser.add_argument("--out", type=Path, help="write to this file instead of standard output")
    args = parser.parse_args(argv)
    try:
        settings = Settings.from_env()
        records = asyncio.run(read_feedback(settings))
    except (ConfigError, EraError) as exc:
        print(f"cannot export feedback: {exc}", file=sys.stderr)
        return 2
    if args.out is None:
        write_jsonl(records, sys.stdout)
    else:
        with args.out.open("w", encoding="utf-8") as out:
            write_jsonl(records, out)
    where = args.out or "standard output"
    print(f"exported {len(records)} feedback record(s) to {where}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    logging.basicConfig(level=logging.WARNING)
    sys.exit(main())
