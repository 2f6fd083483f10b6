"""A German manager asks for a call with the hours between the name and the verb's "an":
"ruf Bob Smith morgen von 10 bis 12 an" was no request at all (ERA answered as if told about a
situation: "Danke, dass Sie mir das sagen. ..."). It is a call with Bob Smith, its free
times looked for in those hours and offered to pick from."""

from __future__ import annotations

import pytest

from language.catalogue import default_catalogue
from tests.bot_harness import BotHarness, joined


@pytest.mark.parametrize(("text", "hours"), [
    ("ruf bob smith morgen von 10 bis 12 an", "zwischen 10:00 und 12:00"),
    ("ruf bob smith morgen zwischen 10 und 12 an", "zwischen 10:00 und 12:00"),
    ("ruf bob smith morgen bis Feierabend an", "zwischen 09:00 und 17:30"),
])
async def test_a_call_with_hours_before_an_is_a_call(
    bot: BotHarness, text: str, hours: str,
) -> None:
    bot.as_person("maria").locale = "de-DE"
    reply = joined(await bot.say(text))
    first = reply.splitlines()[0]
    assert "Bob Smith" in first, reply
    assert hours in first, reply
    assert "Danke, dass Sie mir das sagen" not in reply
    offered = default_catalogue().identify(first, "de")
    assert {"meeting.free_times", "meeting.nearest_free_times"} & set(offered), offered
