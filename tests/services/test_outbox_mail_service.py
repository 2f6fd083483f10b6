"""The local outbox: messages are stored, listed newest first, and sent once per request id."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from core.errors import ValidationError
from core.outgoing_email import OutgoingEmail
from services.org_database import OrgDatabase
from services.outbox_mail_service import OutboxMailService

NOW = datetime(2026, 11, 22, 10, 0, tzinfo=UTC)


class StepClock:
    """A clock that moves one minute each time it is read."""

    def __init__(self) -> None:
        self.now = NOW

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now


def warning(request_id: str = "preview-1", subject: str = "Written warning") -> OutgoingEmail:
    return OutgoingEmail(
        request_id=request_id, to=("Bob.Smith@contoso.example",), subject=subject,
        body="Dear Bob,\n\nThis is a written warning.\n\nMaria",
        cc=("maria.lopez@contoso.example",), reply_to="maria.lopez@contoso.example",
    )


@pytest.fixture
async def outbox(tmp_path: Path) -> AsyncIterator[OutboxMailService]:
    db = await OrgDatabase.open(tmp_path / "org.sqlite3")
    yield OutboxMailService(db, clock=StepClock())
    await db.close()


async def test_a_sent_message_is_in_the_outbox_as_sent(outbox: OutboxMailService) -> None:
    sent = await outbox.send(warning())
    assert sent.backend == "outbox"
    assert sent.request_id == "preview-1"
    assert sent.message_id.startswith("<") and sent.message_id.endswith(">")
    assert sent.sent_at == NOW + timedelta(minutes=1)
    [entry] = await outbox.list_recent()
    assert entry.sent == sent
    assert entry.email == warning()
    assert entry.email.to == ("bob.smith@contoso.example",)


async def test_the_same_request_id_is_stored_once_and_returns_the_first_record(
    outbox: OutboxMailService,
) -> None:
    first = await outbox.send(warning())
    again = await outbox.send(warning(subject="Written warning (edited)"))
    assert again == first
    entries = await outbox.list_recent()
    assert [e.email.subject for e in entries] == ["Written warning"]


async def test_concurrent_sends_of_one_request_store_one_message(
    outbox: OutboxMailService,
) -> None:
    results = await asyncio.gather(*(outbox.send(warning()) for _ in range(5)))
    assert len({r.message_id for r in results}) == 1
    assert len(await outbox.list_recent()) == 1


async def test_list_recent_is_newest_first_and_limited(outbox: OutboxMailService) -> None:
    for number in range(1, 5):
        await outbox.send(warning(request_id=f"r{number}", subject=f"Message {number}"))
    recent = await outbox.list_recent(limit=2)
    assert [e.email.subject for e in recent] == ["Message 4", "Message 3"]
    with pytest.raises(ValueError):
        await outbox.list_recent(limit=0)


async def test_to_dict_is_json_ready_for_the_local_route(outbox: OutboxMailService) -> None:
    sent = await outbox.send(warning())
    [entry] = await outbox.list_recent()
    assert entry.to_dict() == {
        "request_id": "preview-1",
        "to": ["bob.smith@contoso.example"],
        "cc": ["maria.lopez@contoso.example"],
        "reply_to": "maria.lopez@contoso.example",
        "subject": "Written warning",
        "body": "Dear Bob,\n\nThis is a written warning.\n\nMaria",
        "message_id": sent.message_id,
        "sent_at": "2026-11-22T10:01:00+00:00",
        "backend": "outbox",
    }


async def test_messages_survive_a_restart(tmp_path: Path) -> None:
    db = await OrgDatabase.open(tmp_path / "org.sqlite3")
    sent = await OutboxMailService(db).send(warning())
    await db.close()
    reopened = await OrgDatabase.open(tmp_path / "org.sqlite3")
    try:
        outbox = OutboxMailService(reopened)
        assert await outbox.send(warning()) == sent
        assert len(await outbox.list_recent()) == 1
    finally:
        await reopened.close()


@pytest.mark.parametrize(("field", "value"), [
    ("to", ("not an address",)),
    ("to", ()),
    ("to", ("bob@contoso.example\nBcc: everyone@contoso.example",)),
    ("subject", "Warning\r\nBcc: everyone@contoso.example"),
    ("subject", "  "),
    ("body", ""),
    ("request_id", " "),
    ("reply_to", "Maria <maria@contoso.example>"),
])
def test_an_unusable_email_is_refused_before_any_backend_sees_it(
    field: str, value: object
) -> None:
    fields: dict[str, object] = {"request_id": "r", "to": ("bob@contoso.example",),
                                 "subject": "Hello", "body": "Text", field: value}
    with pytest.raises(ValidationError):
        OutgoingEmail(**fields)  # type: ignore[arg-type]
