"""AuditRecord validation and round trip."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.audit_record import AuditRecord

AT = datetime(2026, 11, 22, 10, tzinfo=UTC)


def test_round_trip() -> None:
    record = AuditRecord(AT, "bob", "shift.cancel", "shift-1", {"reason": "sick"}, "conv")

    assert AuditRecord.from_dict(record.to_dict()) == record


@pytest.mark.parametrize(("at", "actor", "action"), [
    (datetime(2026, 11, 22, 10), "bob", "shift.cancel"),
    (AT, "", "shift.cancel"),
    (AT, "bob", ""),
])
def test_incomplete_records_are_refused(at: datetime, actor: str, action: str) -> None:
    with pytest.raises(ValueError):
        AuditRecord(at, actor, action, "target")
