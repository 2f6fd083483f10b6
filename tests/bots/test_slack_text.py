"""Slack's markup in a message's text, read as the person typed it."""

from __future__ import annotations

import pytest

from bots.slack_text import slack_plain_text


@pytest.mark.parametrize(("sent", "typed"), [
    ("email <mailto:bob@contoso.example|bob@contoso.example>", "email bob@contoso.example"),
    ("email <http://bob%40contoso.example|bob%40contoso.example>", "email bob@contoso.example"),
    ("see <https://contoso.example/rota|the rota>", "see the rota (https://contoso.example/rota)"),
    ("see <https://contoso.example/rota>", "see https://contoso.example/rota"),
    ("ask <@U0ALICE|alice> in <#C0STORE|store>, <!here>", "ask alice in #store, @here"),
    ("swap alice &amp; bob, 3 &lt; 5 &gt; 4", "swap alice & bob, 3 < 5 > 4"),
    (":+1:", "👍"), (":thumbsup::skin-tone-4:", "👍"), (":-1:", "👎"), ("hi :wave:", "hi 👋"),
    (":white_check_mark: yes", "✅ yes"), (":unknown_emoji:", ":unknown_emoji:"),
    ("at 10:30: fine", "at 10:30: fine"), ("yes #3f2a1b9c", "yes #3f2a1b9c"),
    ("email _bob smith_ about *lateness*", "email bob smith about lateness"),
    ("assign ~alice~ bob", "assign alice bob"),
    ("email bob_smith@contoso.example, 2*3 = 6", "email bob_smith@contoso.example, 2*3 = 6"),
])
def test_slack_markup_reads_as_typed(sent: str, typed: str) -> None:
    assert slack_plain_text(sent) == typed
