"""GraphClient against the local fake Graph server: auth, paging, retries, time budget, errors."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import aiohttp
import pytest
from aiohttp import web

from core.turn_deadline import turn_deadline
from services.graph_client import MAX_ATTEMPTS, GraphClient, GraphError, error_codes_of
from tests.fakes.graph_server import FakeGraphServer, FixedTokenSource, json_response

TEAM = "team-1"
OWNER = "owner-1"
ACTING = {"MS-APP-ACTS-AS": OWNER}
START = datetime(2026, 11, 23, 9, tzinfo=UTC)


async def echo(request: web.Request) -> web.Response:
    body = await request.json() if request.body_exists else None
    if request.method == "DELETE":
        return web.Response(status=204)
    return json_response({"method": request.method, "body": body}, status=200)


async def foreign_link(request: web.Request) -> web.Response:
    return json_response({"value": [{"n": 1}], "@odata.nextLink": "http://elsewhere.example/x"})


@pytest.fixture
async def server() -> AsyncIterator[FakeGraphServer]:
    fake = FakeGraphServer(page_size=2)
    fake.route("POST", "/echo", echo)
    fake.route("PUT", "/echo", echo)
    fake.route("PATCH", "/echo", echo)
    fake.route("DELETE", "/echo", echo)
    fake.route("GET", "/foreign", foreign_link)
    schedule = fake.team(TEAM)
    schedule.add_owner(OWNER)
    group = schedule.add_group("cashier", ["user-1"])
    for day in range(5):
        schedule.add_shift(user_id="user-1", group_id=group, start=START + timedelta(days=day),
                           end=START + timedelta(days=day, hours=6), display_name="Morning")
    async with fake:
        yield fake


@pytest.fixture
async def session() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as client_session:
        yield client_session


def client_for(server: FakeGraphServer, session: aiohttp.ClientSession, *,
               token: str = "fake-graph-token", timeout: float = 5.0) -> GraphClient:
    return GraphClient(session=session, token_source=FixedTokenSource(token),
                       base_url=server.base_url, timeout_seconds=timeout)


async def test_get_sends_the_bearer_token_and_returns_json(
    server: FakeGraphServer, session: aiohttp.ClientSession
) -> None:
    page = await client_for(server, session).get(f"/teams/{TEAM}/schedule/schedulingGroups",
                                                 headers=ACTING)

    assert [g["displayName"] for g in page["value"]] == ["cashier"]
    assert server.requests[-1].headers["Authorization"] == "Bearer fake-graph-token"


async def test_filter_is_sent_as_odata_and_paging_is_followed(
    server: FakeGraphServer, session: aiohttp.ClientSession
) -> None:
    expression = ("sharedShift/startDateTime ge 2026-11-24T00:00:00Z and "
                  "sharedShift/endDateTime le 2026-11-28T00:00:00Z")

    items = await client_for(server, session).get_all(
        f"/teams/{TEAM}/schedule/shifts", params={"$filter": expression}, headers=ACTING
    )

    assert [i["sharedShift"]["startDateTime"][:10] for i in items] == [
        "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27"]
    lists = server.requests_to("GET", "/schedule/shifts")
    assert len(lists) == 2, "two pages of two"
    assert lists[0].query["$filter"] == expression


async def test_repeated_filter_property_is_refused_like_graph(
    server: FakeGraphServer, session: aiohttp.ClientSession
) -> None:
    with pytest.raises(GraphError) as raised:
        await client_for(server, session).get(
            f"/teams/{TEAM}/schedule/shifts", headers=ACTING,
            params={"$filter": "sharedShift/startDateTime ge 2026-11-24T00:00:00Z and "
                               "sharedShift/startDateTime le 2026-11-25T00:00:00Z"},
        )

    assert (raised.value.status, raised.value.code) == (400, "BadRequest")


async def test_429_is_retried_once_after_retry_after(
    server: FakeGraphServer, session: aiohttp.ClientSession
) -> None:
    server.fail(429, path_contains="/schedulingGroups", retry_after="0")

    page = await client_for(server, session).get(f"/teams/{TEAM}/schedule/schedulingGroups",
                                                 headers=ACTING)

    assert page["value"]
    assert len(server.requests_to("GET", "/schedulingGroups")) == 2


@pytest.mark.parametrize("status", [503, 504])
async def test_a_get_is_retried_up_to_three_attempts_on_503_and_504(
    server: FakeGraphServer, session: aiohttp.ClientSession, status: int
) -> None:
    server.fail(status, path_contains="/schedulingGroups", times=3, retry_after="0")

    with pytest.raises(GraphError) as raised:
        await client_for(server, session).get(f"/teams/{TEAM}/schedule/schedulingGroups",
                                              headers=ACTING)

    assert raised.value.status == status
    assert len(server.requests_to("GET", "/schedulingGroups")) == MAX_ATTEMPTS


async def test_a_post_without_an_idempotency_key_is_not_retried_on_503(
    server: FakeGraphServer, session: aiohttp.ClientSession
) -> None:
    server.fail(503, path_contains="/echo", retry_after="0")

    with pytest.raises(GraphError) as raised:
        await client_for(server, session).post("/echo", {"a": 1})

    assert raised.value.may_have_applied
    assert len(server.requests_to("POST", "/echo")) == 1


async def test_a_post_with_an_idempotency_key_is_retried_on_504(
    server: FakeGraphServer, session: aiohttp.ClientSession
) -> None:
    server.fail(504, path_contains="/echo", retry_after="0")

    answer = await client_for(server, session).post("/echo", {"transactionId": "t-1"},
                                                    idempotent=True)

    assert answer["body"] == {"transactionId": "t-1"}
    assert len(server.requests_to("POST", "/echo")) == 2


async def test_a_429_on_a_post_is_retried_because_nothing_was_done(
    server: FakeGraphServer, session: aiohttp.ClientSession
) -> None:
    server.fail(429, path_contains="/echo", retry_after="0")

    await client_for(server, session).post("/echo", {"a": 1})

    assert len(server.requests_to("POST", "/echo")) == 2


async def test_retries_stop_at_the_budget(
    server: FakeGraphServer, session: aiohttp.ClientSession
) -> None:
    server.fail(503, path_contains="/schedulingGroups", times=5, retry_after="0.4")
    started = time.monotonic()

    with pytest.raises(GraphError):
        await client_for(server, session, timeout=1.0).get(
            f"/teams/{TEAM}/schedule/schedulingGroups", headers=ACTING)

    assert time.monotonic() - started < 1.2
    assert len(server.requests_to("GET", "/schedulingGroups")) == 2


async def test_a_401_drops_the_token_and_retries_once_with_a_new_one(
    server: FakeGraphServer, session: aiohttp.ClientSession
) -> None:
    tokens = FixedTokenSource("revoked", then="fake-graph-token")
    client = GraphClient(session=session, token_source=tokens, base_url=server.base_url)

    page = await client.get(f"/teams/{TEAM}/schedule/schedulingGroups", headers=ACTING)

    assert page["value"] and tokens.invalidated == ["revoked"]
    assert [r.headers["Authorization"] for r in server.requests] == [
        "Bearer revoked", "Bearer fake-graph-token"]


async def test_nested_shiftserror_codes_of_are_read(
    server: FakeGraphServer, session: aiohttp.ClientSession
) -> None:
    with pytest.raises(GraphError) as raised:
        await client_for(server, session).get(f"/teams/{TEAM}/schedule/shifts",
                                              headers={"MS-APP-ACTS-AS": "stranger"})

    assert (raised.value.status, raised.value.code) == (404, "NotFound")
    assert raised.value.inner_code == "TeamNotFound" and raised.value.has_code("teamnotfound")


def test_innererror_codes_of_are_read_from_both_graph_forms() -> None:
    plain = {"error": {"code": "BadRequest", "message": "x",
                       "innerError": {"code": "InvalidShift", "request-id": "r"}}}
    embedded = {"error": {"code": "Forbidden", "message": json.dumps(
        {"error": {"code": "Forbidden", "innererror": {"code": "MissingUserIdHeaderInAppContext"}}}
    )}}

    assert error_codes_of(plain, 400) == ("BadRequest", "InvalidShift")
    assert error_codes_of(embedded, 403) == ("Forbidden", "Forbidden",
                                           "MissingUserIdHeaderInAppContext")
    assert error_codes_of({}, 502) == ("http_502",)


async def test_a_collection_longer_than_the_page_limit_fails_loudly(
    server: FakeGraphServer, session: aiohttp.ClientSession
) -> None:
    with pytest.raises(GraphError) as raised:
        await client_for(server, session).get_all(f"/teams/{TEAM}/schedule/shifts",
                                                  headers=ACTING, max_pages=2)

    assert raised.value.code == "too_many_pages"


async def test_retry_after_longer_than_the_budget_fails_at_once(
    server: FakeGraphServer, session: aiohttp.ClientSession
) -> None:
    server.fail(429, path_contains="/schedulingGroups", retry_after="30")
    started = time.monotonic()

    with pytest.raises(GraphError) as raised:
        await client_for(server, session, timeout=3.0).get(
            f"/teams/{TEAM}/schedule/schedulingGroups", headers=ACTING)

    assert raised.value.status == 429
    assert time.monotonic() - started < 1.0
    assert len(server.requests_to("GET", "/schedulingGroups")) == 1


async def test_a_stalled_call_times_out_within_the_budget(
    server: FakeGraphServer, session: aiohttp.ClientSession
) -> None:
    server.stall(3.0, path_contains="/schedulingGroups")
    started = time.monotonic()

    with pytest.raises(GraphError) as raised:
        await client_for(server, session, timeout=0.4).get(
            f"/teams/{TEAM}/schedule/schedulingGroups", headers=ACTING)

    assert (raised.value.status, raised.value.code) == (None, "timeout")
    assert 0.3 < time.monotonic() - started < 1.5


async def test_errors_carry_status_and_graph_code_and_are_not_retried(
    server: FakeGraphServer, session: aiohttp.ClientSession
) -> None:
    client = client_for(server, session)
    with pytest.raises(GraphError) as missing:
        await client.get(f"/teams/{TEAM}/schedule/shifts/SHFT_nope", headers=ACTING)
    server.fail(500, path_contains="/schedulingGroups")
    with pytest.raises(GraphError) as broken:
        await client.get(f"/teams/{TEAM}/schedule/schedulingGroups", headers=ACTING)

    assert (missing.value.status, missing.value.code) == (404, "NotFound")
    assert (broken.value.status, broken.value.code) == (500, "InternalServerError")
    assert len(server.requests_to("GET", "/schedulingGroups")) == 1
    assert "SHFT_nope" in str(missing.value) and missing.value.service == "graph"


async def test_a_wrong_token_is_refused(
    server: FakeGraphServer, session: aiohttp.ClientSession
) -> None:
    with pytest.raises(GraphError) as raised:
        await client_for(server, session, token="stolen").get(
            f"/teams/{TEAM}/schedule/shifts", headers=ACTING)

    assert (raised.value.status, raised.value.code) == (401, "InvalidAuthenticationToken")


async def test_write_methods_send_json_bodies(
    server: FakeGraphServer, session: aiohttp.ClientSession
) -> None:
    client = client_for(server, session)

    posted = await client.post("/echo", {"a": 1}, headers={"MS-APP-ACTS-AS": "user-9"})
    put = await client.put("/echo", {"b": 2})
    patched = await client.patch("/echo", {"c": 3})
    deleted = await client.delete("/echo")

    assert (posted, put, patched) == (
        {"method": "POST", "body": {"a": 1}}, {"method": "PUT", "body": {"b": 2}},
        {"method": "PATCH", "body": {"c": 3}})
    assert deleted is None
    assert server.requests_to("POST", "/echo")[0].headers["MS-APP-ACTS-AS"] == "user-9"


async def test_a_next_link_to_another_host_is_not_followed(
    server: FakeGraphServer, session: aiohttp.ClientSession
) -> None:
    with pytest.raises(GraphError) as raised:
        await client_for(server, session).get_all("/foreign")

    assert raised.value.code == "untrusted_link"
    assert len(server.requests) == 1


async def test_info_logs_hold_no_bodies_or_queries(
    server: FakeGraphServer, session: aiohttp.ClientSession, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="services.graph_client")
    client = client_for(server, session)

    await client.post("/echo", {"text": "private message body"})
    await client.get_all(f"/teams/{TEAM}/schedule/shifts", headers=ACTING,
                         params={"$filter": "sharedShift/startDateTime ge 2026-11-24T00:00:00Z"})

    assert "graph POST /echo -> 200" in caplog.text
    assert "graph GET /teams/team-1/schedule/shifts -> 200" in caplog.text
    assert "private message body" not in caplog.text
    assert "startDateTime" not in caplog.text


async def test_a_retry_that_does_not_fit_the_turn_is_not_waited_for(
    server: FakeGraphServer, session: aiohttp.ClientSession
) -> None:
    server.fail(429, path_contains="/schedulingGroups", retry_after="2")
    started = time.monotonic()

    with turn_deadline(1.0), pytest.raises(GraphError) as raised:
        await client_for(server, session, timeout=10.0).get(
            f"/teams/{TEAM}/schedule/schedulingGroups", headers=ACTING)

    assert raised.value.status == 429
    assert time.monotonic() - started < 0.5
