"""What the endpoint refuses before the SDK sees it."""

from __future__ import annotations

from typing import Any

import pytest

from bots.inbound_activity import problem_with_activity

GOOD: dict[str, Any] = {
    "type": "message", "channelId": "emulator", "serviceUrl": "http://127.0.0.1:9",
    "conversation": {"id": "c1"}, "from": {"id": "u1"}, "recipient": {"id": "bot"},
    "text": "hi",
}


def test_a_good_activity_passes() -> None:
    assert problem_with_activity(GOOD) is None


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        ({"type": None}, "type"),
        ({"conversation": None}, "conversation.id"),
        ({"conversation": {"id": ""}}, "conversation.id"),
        ({"serviceUrl": "file:///etc/passwd"}, "serviceUrl"),
        ({"serviceUrl": None}, "serviceUrl"),
        ({"from": "me"}, "from"),
        ({"text": 5}, "text"),
        ({"text": "x" * 30_000}, "longer"),
        ({"channelId": ""}, "channelId"),
        ({"recipient": None}, "recipient"),
        ({"recipient": "x"}, "recipient"),
        ({"entities": "x"}, "entities"),
        ({"membersAdded": "x"}, "membersAdded"),
    ],
)
def test_broken_activities_are_named(change: dict[str, Any], complaint: str) -> None:
    body = {**GOOD, **change}
    body = {k: v for k, v in body.items() if v is not None}
    problem = problem_with_activity(body)
    assert problem is not None and complaint in problem


@pytest.mark.parametrize("body", [[], "text", 3, None])
def test_non_objects_are_refused(body: Any) -> None:
    assert problem_with_activity(body) is not None
