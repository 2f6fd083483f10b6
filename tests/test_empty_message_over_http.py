"""A message with no words, over the real `/api/messages` endpoint: only spaces, only
zero-width marks, or in a Teams channel only the @mention of ERA. Nothing was misread, so the
person gets one short line in their language, not "I'm not sure" and the list of everything ERA
can do; an open question stays open."""

from __future__ import annotations

import pytest

from language.catalogue import say
from tests.http_harness import RunningApp, client_for
from tools.local_connector import LocalConnector, render_activity

MENTION = "<at>ERA</at>"
CHANNEL_THREAD = "19:store@thread.tacv2;messageid=1700000000000"


def _text(replies: list[dict[str, object]]) -> str:
    return "\n".join(render_activity(a)[0] for a in replies)


@pytest.mark.parametrize(("locale", "typed", "expected"), [
    ("en-US", "   ", "Your message reached me with no words in it. Tell me what you need"),
    ("de-DE", "\u200b\u200d\ufeff", "Ihre Nachricht kam ohne ein Wort bei mir an."),
    ("ja-JP", "\u00a0", "メッセージに文字が含まれていませんでした。"),
    ("pt-BR", "", "Sua mensagem chegou sem nenhuma palavra."),
])
async def test_a_message_with_no_words_gets_one_short_line(
    app: RunningApp, connector: LocalConnector, locale: str, typed: str, expected: str
) -> None:
    bob = client_for(app, connector, "bob-smith", channel_id="msteams", locale=locale)
    replies = await bob.say(typed)
    assert len(replies) == 1
    text, buttons = render_activity(replies[0])
    assert text.startswith(expected)
    assert buttons == []


async def test_only_the_mention_in_a_channel_says_how_to_ask_there(
    app: RunningApp, connector: LocalConnector
) -> None:
    """The finding: Maria @mentioned ERA in a channel thread with nothing after it and got
    "Désolé, je ne suis pas sûr…" and eleven example requests, for everyone to read."""
    maria = client_for(app, connector, "maria", channel_id="msteams", locale="fr-FR",
                       conversation_id=CHANNEL_THREAD, conversation_type="channel")
    replies = await maria.send(
        text=f"{MENTION} \u200b ",
        entities=[{"type": "mention", "text": MENTION,
                   "mentioned": {"id": "era-bot", "name": "ERA"}}],
    )
    assert _text(replies) == (
        "<at>Maria Lopez</at> Votre message m'est parvenu sans aucun mot : mentionnez-moi et "
        "écrivez ce dont vous avez besoin dans le même message.")
    assert all(a["conversation"]["id"] == CHANNEL_THREAD for a in replies)


async def test_an_open_question_stays_open_after_an_empty_message(
    app: RunningApp, connector: LocalConnector
) -> None:
    bob = client_for(app, connector, "bob-smith", channel_id="msteams")
    assert "reason" in _text(await bob.say("cancel my shift tomorrow")).lower()
    await bob.say("  ")
    assert "has been cancelled" in _text(await bob.say("I'm sick"))


@pytest.mark.parametrize(("locale", "request_text", "empty"), [
    ("fr-FR", "assigne bob mercredi vendeur", "  "),
    ("ja-JP", "ボブに会議を予約", "\u200b"),
    ("en-US", "email bob smith", " "),
])
async def test_an_empty_message_at_a_question_gets_the_question_again_and_nothing_more(
    app: RunningApp, connector: LocalConnector, locale: str, request_text: str, empty: str
) -> None:
    """The finding: Maria's empty message at "Laquelle dois-je affecter ?" got "Désolé, je
    n'ai pas compris." (and, the second time, the list of ways out) before the question, as if
    she had said something ERA could not read."""
    maria = client_for(app, connector, "maria", channel_id="msteams", locale=locale)
    asked = await maria.say(request_text)
    again = await maria.say(empty)
    assert len(again) == 1
    assert render_activity(again[0]) == render_activity(asked[-1])
    assert [render_activity(a) for a in await maria.say(empty)] == [render_activity(asked[-1])]


@pytest.mark.parametrize(("who", "locale", "emoji", "expected"), [
    ("alice", "fr-FR", "😂", "Bonjour <at>Alice</at> ! Mentionnez-moi avec ce dont vous avez "
     "besoin, ou avec « aide » pour voir ce que je peux faire."),
    ("maria", "en-US", "🎉", 'Hi <at>Maria</at>! Mention me with what you need, or with "help" '
     "to see what I can do."),
])
async def test_an_emoji_in_a_channel_gets_one_short_line(
    app: RunningApp, connector: LocalConnector, who: str, locale: str, emoji: str, expected: str
) -> None:
    """The finding: Alice's "😂" in a Teams thread got the greeting and the whole list of what
    ERA can do, with five buttons, for everyone to read."""
    person = client_for(app, connector, who, channel_id="msteams", locale=locale,
                        conversation_id=CHANNEL_THREAD, conversation_type="channel")
    replies = await person.say(emoji)
    assert _text(replies) == expected
    assert all(render_activity(a)[1] == [] for a in replies)  # no buttons


async def test_an_emoji_in_a_private_chat_still_gets_what_era_can_do(
    app: RunningApp, connector: LocalConnector
) -> None:
    alice = client_for(app, connector, "alice", channel_id="msteams", locale="en-US")
    assert "what can I do for you?" in _text(await alice.say("🙏"))


@pytest.mark.parametrize(("locale", "value", "channel"), [
    ("en-US", {"era_reply": ""}, True),
    ("fr-FR", {"action": "vote", "choice": "a"}, True),
    ("de-DE", {}, True),
    ("ja-JP", {"era_reply": ""}, False),
])
async def test_a_button_that_brings_no_answer_says_so_not_that_no_words_came(
    app: RunningApp, connector: LocalConnector, locale: str, value: dict[str, str],
    channel: bool,
) -> None:
    """The finding: a card submit with no answer ERA reads, pressed in a Teams channel thread,
    got "Your message reached me with no words in it: mention me and write what you need in
    the same message.": Maria wrote no message, she pressed a button."""
    where = ({"conversation_id": CHANNEL_THREAD, "conversation_type": "channel"}
             if channel else {})
    maria = client_for(app, connector, "maria", channel_id="msteams", locale=locale, **where)
    replies = await maria.send(value=value)
    said = _text(replies)
    language = locale.split("-")[0]
    expected = say("main.empty_button_shared" if channel else "main.empty_button", language)
    assert len(replies) == 1 and said.endswith(expected), said
    assert render_activity(replies[0])[1] == []
