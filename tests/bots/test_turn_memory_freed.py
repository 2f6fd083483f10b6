"""A turn's objects are freed when the turn ends: its context, the person's state document and
its replies go with their last reference, not left in reference cycles for the cycle collector
(which then scanned ~130 objects a turn and let the process grow between collections)."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from bots.era_adapter import EraTurnContext
from core import keepalive_http
from state.person_state import PersonState
from tests.http_harness import RunningApp, client_for
from tools.local_connector import LocalConnector, render_activity


@pytest.fixture
def cycles_kept() -> Iterator[list[object]]:
    """What the cycle collector finds unreachable from here on (kept in gc.garbage)."""
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        yield gc.garbage
    finally:
        gc.set_debug(0)
        gc.garbage.clear()


def _types_in(objects: list[object]) -> set[type]:
    gc.collect()
    return {type(o) for o in objects}


async def test_a_help_turn_and_a_short_reply_leave_no_cycle(
    app: RunningApp, connector: LocalConnector, cycles_kept: list[object]
) -> None:
    client = client_for(app, connector, "bob-smith")
    assert "cancel one of your shifts" in render_activity((await client.say("help"))[0])[0]
    listed = await client.say("cancel one of my shifts")
    assert any(a.get("attachments") for a in listed)
    asked = "\n".join(render_activity(a)[0] for a in await client.say("2"))
    assert "reason" in asked.lower()
    left = _types_in(cycles_kept)
    assert EraTurnContext not in left
    assert PersonState not in left
    assert keepalive_http._Answer not in left  # the replies' answers from the connector
