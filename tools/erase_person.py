"""Erase one person's data from every store, on request:
`python -m tools.erase_person PERSON_ID [--aad-object-id ID] [--channel-account ID ...]
[--operator NAME] [--dry-run]`.

PERSON_ID is the person's directory id (as in the audit log's actor ids). ERA removes, from the
store the settings select (SQLite or Cosmos DB): their conversation state documents, the
transcript entries of their turns, their `!improve` feedback, their saved conversation reference
and their sign-in links, and prints what it erased. Their channel accounts are found from the
conversation reference and the sign-in links; name more with --channel-account (for example a
Slack user id) and the Entra object id with --aad-object-id when it differs from PERSON_ID.
--dry-run prints what would be erased and changes nothing. The audit log keeps its entries and
records the erasure itself, with an erasure id, the operator and the counts, never the person's
identifiers.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
import uuid
from datetime import UTC, datetime
from typing import TextIO

from app import open_storage
from config import Settings, StorageKind
from core.audit_record import AuditRecord
from core.errors import ConfigError, EraError
from services.stored_audit_log import StoredAuditLog
from state.person_erasure import ErasureReport, PersonErasure

STATE_DATABASE_NAME = "state.sqlite3"
ERASE_ACTION = "person.erase"


async def erase(
    settings: Settings,
    person_id: str,
    *,
    aad_object_id: str = "",
    channel_accounts: tuple[str, ...] = (),
    operator: str = "operations",
    dry_run: bool = False,
) -> tuple[ErasureReport, str | None]:
    """Erase (or find) the person's data; the report and the erasure id (None on a dry run)."""
    if settings.storage is StorageKind.SQLITE and not (
        settings.data_dir / STATE_DATABASE_NAME
    ).exists():
        return ErasureReport(person_id=person_id, dry_run=dry_run), None
    storage = await open_storage(settings)
    try:
        report = await PersonErasure(storage).erase(
            person_id, aad_object_id=aad_object_id, channel_accounts=channel_accounts,
            dry_run=dry_run,
        )
        if dry_run:
            return report, None
        erasure_id = uuid.uuid4().hex
        await StoredAuditLog(storage).record(AuditRecord(  # type: ignore[arg-type]
            at=datetime.now(UTC), actor_id=operator, action=ERASE_ACTION,
            target=f"erasure:{erasure_id}", details=report.counts(),
        ))
        return report, erasure_id
    finally:
        await storage.close()  # type: ignore[attr-defined]


def print_report(report: ErasureReport, erasure_id: str | None, out: TextIO) -> None:
    """What was (or would be) erased, one line per kind, keys listed."""
    verb = "would erase" if report.dry_run else "erased"
    out.write(f"{verb} for {report.person_id}:\n")
    out.write(f"  channel accounts: {', '.join(report.channel_accounts) or 'none found'}\n")
    out.write(f"  conversation state documents: {len(report.state_documents)}\n")
    for key in report.state_documents:
        out.write(f"    {key}\n")
    out.write(f"  transcript entries: {report.transcript_entries}\n")
    out.write(f"  feedback records: {report.feedback_records}\n")
    out.write(f"  conversation reference: {'yes' if report.conversation_reference else 'none'}\n")
    out.write(f"  sign-in links: {len(report.sign_in_links)}\n")
    for key in report.sign_in_links:
        out.write(f"    {key}\n")
    if erasure_id is not None:
        out.write(f"recorded in the audit log as {ERASE_ACTION} erasure:{erasure_id}\n")


def main(argv: list[str] | None = None) -> int:
    """Erase; exit status 0, or 2 on a configuration or storage error."""
    parser = argparse.ArgumentParser(prog="python -m tools.erase_person", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("person_id", help="the person's directory id")
    parser.add_argument("--aad-object-id", default="", help="their Entra object id")
    parser.add_argument("--channel-account", action="append", default=[],
                        help="a channel user id of theirs (repeatable)")
    parser.add_argument("--operator", default="operations",
                        help="who is carrying out the request (kept in the audit log)")
    parser.add_argument("--dry-run", action="store_true", help="show, change nothing")
    args = parser.parse_args(argv)
    if not args.person_id.strip():
        parser.error("the person id may not be empty")
    try:
        settings = Settings.from_env()
        report, erasure_id = asyncio.run(erase(
            settings, args.person_id, aad_object_id=args.aad_object_id,
            channel_accounts=tuple(args.channel_account), operator=args.operator,
            dry_run=args.dry_run,
        ))
    except (ConfigError, EraError) as exc:
        print(f"cannot erase: {exc}", file=sys.stderr)
        return 2
    print_report(report, erasure_id, sys.stdout)
    return 0


if __name__ == "__main__":
    logging.basicConfig(level=logging.WARNING)
    sys.exit(main())
