"""A store manager's absence report over the real endpoint (/api/messages over HTTP, replies to a
local connector): the shift is found and named, the card's Apply button takes the person off it,
and a press on one of the people who could cover it leads to the assign preview."""

from __future__ import annotations

from typing import Any

from tests.http_harness import RunningApp, client_for
from tools.local_connector import LocalConnector, render_activity


def _texts(activities: list[dict[str, Any]]) -> str:
    return "\n".join(render_activity(activity)[0] for activity in activities)


def _buttons(activities: list[dict[str, Any]]) -> list[tuple[str, str]]:
    return [button for activity in activities for button in render_activity(activity)[1]]


async def test_a_manager_reports_a_sick_call_and_picks_cover_with_buttons(
    app: RunningApp, connector: LocalConnector
) -> None:
    client = client_for(app, connector, "maria")
    told = await client.say("Bob Smith called in sick for tomorrow")
    assert "Bob is on Monday's Morning shift, 09:00–15:00." in _texts(told)
    apply = next(value for title, value in _buttons(told) if title == "Apply")
    offered = await client.press(apply)
    assert "Done: Bob Smith off Mon 23 Nov, Morning 09:00-15:00" in _texts(offered)
    cover = dict(_buttons(offered))
    assert "could cover it" in _texts(offered) and "2. Sophie Dubois" in cover
    preview = await client.press(cover["2. Sophie Dubois"])
    assert "Preview: Sophie Dubois → Mon 23 Nov, Morning 09:00-15:00" in _texts(preview)
