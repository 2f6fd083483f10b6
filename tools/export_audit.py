"""Export the audit log for a date range as CSV or JSONL:
`python -m tools.export_audit [--since WHEN] [--until WHEN] [--format csv|jsonl] [--out FILE]`.

Reads the store the settings select (ERA_STORAGE: SQLite at ERA_DATA_DIR/state.sqlite3, or Cosmos
DB), so every instance's entries are in one export, oldest first. WHEN is an ISO 8601 date
(midnight UTC) or date and time (UTC unless it names an offset); --since is inclusive, --until
exclusive, and either may be left out. It never creates the SQLite file: with no state yet there
is simply nothing to export.
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import json
import logging
import sys
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import TextIO

from app import open_storage
from config import Settings, StorageKind
from core.audit_record import AuditRecord
from core.durable_store import DurableStore
from core.errors import ConfigError, EraError
from services.stored_audit_log import StoredAuditLog

STATE_DATABASE_NAME = "state.sqlite3"
CSV_COLUMNS = ("at", "actor_id", "action", "target", "conversation_id", "details")


def parse_when(raw: str) -> datetime:
    """An ISO 8601 date or date-time; naive values are UTC."""
    try:
        when = datetime.fromisoformat(raw)
    except ValueError as error:
        raise argparse.ArgumentTypeError(
            f"{raw!r} is not an ISO 8601 date or date and time (2026-11-01, "
            "2026-11-01T09:30, 2026-11-01T09:30+01:00)") from error
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


async def read_audit(
    settings: Settings, since: datetime | None, until: datetime | None
) -> list[AuditRecord]:
    """The audit entries in [since, until) in the store the settings select, oldest first."""
    if settings.storage is StorageKind.SQLITE and not (
        settings.data_dir / STATE_DATABASE_NAME
    ).exists():
        return []
    storage = await open_storage(settings)
    try:
        store: DurableStore = storage  # type: ignore[assignment]
        return await StoredAuditLog(store).between(since, until)
    finally:
        await storage.close()  # type: ignore[attr-defined]


def write_jsonl(records: Iterable[AuditRecord], out: TextIO) -> None:
    """One entry per line, UTF-8 text kept as is."""
    for record in records:
        out.write(json.dumps(record.to_dict(), ensure_ascii=False, sort_keys=True) + "\n")


def write_csv(records: Iterable[AuditRecord], out: TextIO) -> None:
    """A header row, then one row per entry; details as a JSON object in one column."""
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for record in records:
        data = record.to_dict()
        data["details"] = json.dumps(data["details"], ensure_ascii=False, sort_keys=True)
        writer.writerow([data[column] for column in CSV_COLUMNS])


def main(argv: list[str] | None = None) -> int:
    """Export; exit status 0, or 2 on a bad range or a configuration or storage error."""
    parser = argparse.ArgumentParser(prog="python -m tools.export_audit", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--since", type=parse_when, help="first moment included")
    parser.add_argument("--until", type=parse_when, help="first moment no longer included")
    parser.add_argument("--format", choices=("csv", "jsonl"), default="jsonl")
    parser.add_argument("--out", type=Path, help="write to this file instead of standard output")
    args = parser.parse_args(argv)
    if args.since and args.until and args.since >= args.until:
        print("cannot export the audit log: --since must be before --until", file=sys.stderr)
        return 2
    try:
        settings = Settings.from_env()
        records = asyncio.run(read_audit(settings, args.since, args.until))
    except (ConfigError, EraError) as exc:
        print(f"cannot export the audit log: {exc}", file=sys.stderr)
        return 2
    write = write_csv if args.format == "csv" else write_jsonl
    if args.out is None:
        write(records, sys.stdout)
    else:
        with args.out.open("w", encoding="utf-8", newline="") as out:
            write(records, out)
    where = args.out or "standard output"
    print(f"exported {len(records)} audit entr{'y' if len(records) == 1 else 'ies'} "
          f"to {where}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    logging.basicConfig(level=logging.WARNING)
    sys.exit(main())
