"""Show what ERA "sent" through the local outbox: `python -m tools.outbox [--limit N] [--json]`.

Reads the organisation database in ERA_DATA_DIR (see config.Settings) and prints the newest
messages first, with recipients, subject, message id and body. It never creates the database:
with no data directory yet there is simply nothing to show.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sys
from pathlib import Path

from config import Settings
from core.errors import ConfigError
from services.org_database import OrgDatabase
from services.outbox_mail_service import OutboxEntry, OutboxMailService

ORG_DATABASE_NAME = "org.sqlite3"


def format_entry(entry: OutboxEntry) -> str:
    """One message as a readable block."""
    email, sent = entry.email, entry.sent
    lines = [
        f"{sent.sent_at:%Y-%m-%d %H:%M:%S %Z}  {sent.message_id}",
        f"To: {', '.join(email.to)}",
    ]
    if email.cc:
        lines.append(f"Cc: {', '.join(email.cc)}")
    if email.reply_to:
        lines.append(f"Reply-To: {email.reply_to}")
    lines.append(f"Subject: {email.subject}")
    lines.append(f"Request: {email.request_id}")
    lines.append("")
    lines.extend("    " + line for line in email.body.splitlines())
    return "\n".join(lines)


async def read_outbox(path: Path, limit: int) -> list[OutboxEntry]:
    """The newest `limit` messages in the outbox of the database at `path` ([] if none)."""
    if not path.exists():
        return []
    db = await OrgDatabase.open(path)
    try:
        return await OutboxMailService(db).list_recent(limit)
    finally:
        await db.close()


def main(argv: list[str] | None = None) -> int:
    """Print the outbox; exit status 0, or 2 on a configuration error."""
    parser = argparse.ArgumentParser(prog="python -m tools.outbox", description=__doc__)
    parser.add_argument("--limit", type=int, default=20, help="how many messages (default 20)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    args = parser.parse_args(argv)
    if args.limit < 1:
        parser.error("--limit must be at least 1")
    try:
        settings = Settings.from_env()
    except ConfigError as exc:
        print(f"configuration error: {exc}", file=sys.stderr)
        return 2
    path = settings.data_dir / ORG_DATABASE_NAME
    entries = asyncio.run(read_outbox(path, args.limit))
    if args.json:
        print(json.dumps([entry.to_dict() for entry in entries], indent=2, ensure_ascii=False))
        return 0
    if not entries:
        print(f"The outbox in {path} is empty.")
        return 0
    print(f"{len(entries)} newest message(s) in {path}:\n")
    print("\n\n".join(format_entry(entry) for entry in entries))
    return 0


if __name__ == "__main__":
    logging.basicConfig(level=logging.WARNING)
    sys.exit(main())
