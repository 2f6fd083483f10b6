"""What the endpoint refuses before the SDK sees it."""

from __future__ import annotations

from typing import Any

import pytest

from bots.inbound_activity import BadBody, invoke_answer, problem_with_activity, read_body

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
        # A card submit's words are read as typed text: the same bound, and strings only.
        ({"value": {"era_reply": "send " * 6_000}}, "longer"),
        ({"value": {"era_form": "email", "era_subject": "Hi", "era_body": "x" * 28_000}},
         "longer"),
        ({"value": {"era_reply": ["1", {"a": 2}]}}, "value.era_reply"),
        ({"value": {"era_form": "email", "era_subject": {"a": 1}}}, "value.era_subject"),
        ({"channelId": ""}, "channelId"),
        ({"recipient": None}, "recipient"),
        ({"recipient": "x"}, "recipient"),
        ({"entities": "x"}, "entities"),
        ({"membersAdded": "x"}, "membersAdded"),
        ({"membersAdded": [None]}, "membersAdded"),
        ({"membersRemoved": ["bob"]}, "membersRemoved"),
        ({"conversation": {"id": "a\x00b"}}, "conversation.id"),
        ({"conversation": {"id": "a b"}}, "conversation.id"),
        ({"id": "x" * 2000}, "'id'"),
        ({"channelData": []}, "channelData"),
        ({"channelData": {"tenant": "t"}}, "channelData.tenant"),
        ({"channelData": {"eventType": 5}}, "channelData.eventType"),
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


def test_lone_surrogates_are_replaced_in_every_string_and_key() -> None:
    body = read_body(b'{"from": {"name": "A\\ud800"}, "k\\udc00": ["\\ud83d", 1]}')
    assert body == {"from": {"name": "A\ufffd"}, "k\ufffd": ["\ufffd", 1]}
    assert body["from"]["name"].encode("utf-8")


@pytest.mark.parametrize(
    ("raw", "complaint"),
    [
        (b"[" * 120_000 + b"]" * 120_000, "nests deeper"),
        (b'{"a":' * 65 + b"1" + b"}" * 65, "nests deeper"),
        (b"{", "not valid JSON"),
        (b"\xff", "not UTF-8"),
    ],
)
def test_bodies_that_cannot_be_read_are_named(raw: bytes, complaint: str) -> None:
    with pytest.raises(BadBody, match=complaint):
        read_body(raw)


def test_nesting_within_the_bound_is_read() -> None:
    assert read_body(b'{"a":' * 63 + b"1" + b"}" * 63) is not None


@pytest.mark.parametrize(
    ("invoke", "status", "code"),
    [
        ({"name": "adaptiveCard/action"}, 400, "BadRequest"),
        ({"name": "adaptiveCard/action", "value": "x"}, 400, "BadRequest"),
        ({"name": "adaptiveCard/action", "value": {"action": {"type": "Action.Execute"}}},
         400, "NotSupported"),
        ({"name": "task/fetch", "value": {}}, 404, None),
        ({"name": "composeExtension/query"}, 404, None),
        ({"name": "signin/verifyState", "value": {"state": "123456"}}, 200, None),
        ({"name": "signin/tokenExchange", "value": {"id": "x", "connectionName": "c",
                                                     "token": "t"}}, 412, None),
        ({"name": "signin/tokenExchange", "value": 5}, 412, None),
        ({"name": None}, 404, None),
        ({"name": "healthCheck"}, 200, None),
    ],
)
def test_invokes_get_a_proper_status(invoke: dict[str, Any], status: int,
                                     code: str | None) -> None:
    answer = invoke_answer({**GOOD, "type": "invoke", **invoke})
    assert answer is not None and answer.status == status
    if code:
        assert answer.body["type"] == "application/vnd.microsoft.error"
        assert answer.body["value"]["code"] == code


def test_other_activities_are_not_invokes() -> None:
    assert invoke_answer(GOOD) is None
