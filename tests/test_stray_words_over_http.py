"""A stray "ok", "yes", "👍" or thanks with no question waiting, over HTTP as Teams sends it.

The finding: every such word got "There's no open question right now" followed by the whole
list of what ERA can do and five example buttons, also in a Teams channel where everyone reads
it. A person who only said "ok" gets a short answer in their language: nothing waits for them,
and one line on how to start; in a channel or group chat, only the first part, with no buttons.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.http_harness import RunningApp, client_for
from tools.local_connector import LocalConnector, render_activity

# Each language's stray word, and the start of its "nothing is waiting" answer.
STRAY = [
    ("en-US", "ok", "Nothing is waiting for your answer right now."),
    ("fr-FR", "oui", "Rien n'attend votre réponse pour le moment."),
    ("es-ES", "vale", "Ahora mismo no hay nada pendiente de su respuesta."),
    ("de-DE", "ja", "Gerade wartet nichts auf Ihre Antwort."),
    ("it-IT", "sì", "Al momento non c'è nulla in attesa di una Sua risposta."),
    ("pt-PT", "sim", "Neste momento não há nada à espera da sua resposta."),
    ("pt-BR", "sim", "No momento, nada está aguardando sua resposta."),
    ("nl-NL", "ja", "Er wacht op dit moment niets op uw antwoord."),
    ("pl-PL", "tak", "Nic teraz nie czeka na Twoją odpowiedź."),
    ("ja-JP", "はい", "現在、ご回答をお待ちしているものはありません。"),
    ("zh-CN", "好的", "目前没有需要您回答的内容。"),
]


def _said(activities: list[dict[str, Any]]) -> tuple[str, list[tuple[str, str]]]:
    """The one reply's text and buttons."""
    assert len(activities) == 1, activities
    return render_activity(activities[0])


@pytest.mark.parametrize(("locale", "word", "nothing_waits"), STRAY)
async def test_a_stray_word_in_a_private_chat_gets_a_short_answer(
    app: RunningApp, connector: LocalConnector, locale: str, word: str, nothing_waits: str
) -> None:
    bob = client_for(app, connector, "bob-smith", channel_id="msteams", locale=locale,
                     conversation_type="personal")
    text, buttons = _said(await bob.say(word))
    assert text.startswith(nothing_waits), text
    # One line on how to start, not the list of everything ERA can do.
    assert text != nothing_waits and "\n" not in text and buttons == []


@pytest.mark.parametrize(("locale", "word", "nothing_waits"), STRAY)
async def test_a_stray_word_in_a_channel_gets_the_shortest_answer(
    app: RunningApp, connector: LocalConnector, locale: str, word: str, nothing_waits: str
) -> None:
    bob = client_for(app, connector, "bob-smith", channel_id="msteams", locale=locale,
                     conversation_type="channel",
                     conversation_id="19:store-team@thread.tacv2;messageid=1700000000501")
    assert _said(await bob.say(word)) == (f"<at>Bob Smith</at> {nothing_waits}", [])


@pytest.mark.parametrize("word", ["👍", "yes", "okay"])
async def test_an_emoji_or_a_yes_in_a_channel_is_answered_in_one_line(
    app: RunningApp, connector: LocalConnector, word: str
) -> None:
    maria = client_for(app, connector, "maria", channel_id="msteams",
                       conversation_type="channel",
                       conversation_id="19:store-team@thread.tacv2;messageid=1700000000502")
    assert _said(await maria.say(word)) == (
        "<at>Maria Lopez</at> Nothing is waiting for your answer right now.", [])


async def test_thanks_in_a_channel_comes_without_example_buttons(
    app: RunningApp, connector: LocalConnector
) -> None:
    """In a private chat the examples under "You're welcome" are an offer to the person; in a
    channel they are clutter everyone reads."""
    thread = "19:store-team@thread.tacv2;messageid=1700000000503"
    alice = client_for(app, connector, "alice", channel_id="msteams", locale="de-DE",
                       conversation_type="channel", conversation_id=thread)
    text, buttons = _said(await alice.say("danke"))
    assert text.startswith("Gern geschehen, <at>Alice</at>!") and buttons == []
    private = client_for(app, connector, "alice", channel_id="msteams", locale="de-DE",
                         conversation_type="personal")
    assert _said(await private.say("danke"))[1] != []


@pytest.mark.parametrize(("channel", "conversation_id", "locale", "word", "said"), [
    ("slack", "B0ERA:T0STORE:C0STORE1", "en-US", "bye", "Bye Bob, have a good day!"),
    ("slack", "B0ERA:T0STORE:C0STORE1", "it-IT", "no grazie", "D'accordo, Bob!"),
    ("msteams", "19:store-team@thread.tacv2;messageid=1700000000504", "fr-FR", "au revoir",
     "Au revoir <at>Bob</at>, bonne journée !"),
])
async def test_a_goodbye_or_a_no_thanks_in_a_channel_comes_without_example_buttons(
    app: RunningApp, connector: LocalConnector, channel: str, conversation_id: str,
    locale: str, word: str, said: str,
) -> None:
    """The finding: Bob's "bye" in a Slack channel got, under "Bye Bob, have a good day!", his
    four example requests as buttons and a list, which everyone there reads (and may press);
    thanks already came without them."""
    bob = client_for(app, connector, "bob-smith", channel_id=channel, locale=locale,
                     conversation_type="channel", conversation_id=conversation_id)
    text, buttons = _said(await bob.say(word))
    assert text.startswith(said) and "\n" not in text and buttons == [], (text, buttons)
