"""Messages as Teams and Slack (through the Azure Bot Service connector) send them, over the
real endpoint. Teams' "reply with quote" puts the quoted message (ERA's question, or a
colleague's request in a channel thread) in the text before the person's own words; Slack's
@mention of the bot names another id than the recipient. Only the person's own words are
read."""

from __future__ import annotations

from typing import Any

import pytest

from tests.http_harness import RunningApp, client_for
from tools.local_connector import BotClient, LocalConnector, render_activity

THREAD = "19:store-team@thread.tacv2;messageid=1700000000300"


def _skype_quote(message_id: str, author: str, preview: str, text: str) -> str:
    """The HTML a Teams client sends for a reply that quotes a message."""
    return (
        f'<blockquote itemscope="" itemtype="http://schema.skype.com/Reply" itemid="{message_id}">'
        f'<strong itemprop="mri" itemid="28:era-bot">{author}</strong>'
        f'<span itemprop="time" itemid="{message_id}"></span>'
        f'<p itemprop="preview">{preview}</p></blockquote><p>{text}</p>'
    )


def _quoted_placeholder(message_id: str, author: str, text: str) -> dict[str, Any]:
    """The newer clients' shape: a placeholder in the text and a quotedReply entity."""
    return {
        "text": f'<quoted messageId="{message_id}"/>{text}',
        "entities": [
            {
                "type": "quotedReply",
                "quotedReply": {
                    "messageId": message_id,
                    "senderId": "28:era-bot",
                    "senderName": author,
                    "preview": "...",
                },
            }
        ],
    }


def _texts(activities: list[dict[str, Any]]) -> str:
    return "\n".join(render_activity(a)[0] for a in activities)


async def _quote_reply(
    client: BotClient, quoted: dict[str, Any], text: str, *, newer_client: bool
) -> list[dict[str, Any]]:
    preview = render_activity(quoted)[0][:120].replace('"', "&quot;")
    if newer_client:
        fields = _quoted_placeholder(quoted["id"], "ERA", text)
    else:
        html = _skype_quote(quoted["id"], "ERA", preview, text)
        fields = {
            "text": html,
            "textFormat": "plain",
            "attachments": [{"contentType": "text/html", "content": html}],
        }
    before = len(client.connector.messages(client.conversation_id))
    assert await client.post(client.activity(**fields)) < 300
    return client.connector.messages(client.conversation_id)[before:]


@pytest.mark.parametrize("newer_client", [False, True])
async def test_a_quoted_reply_answers_the_question_it_quotes(
    app: RunningApp, connector: LocalConnector, newer_client: bool
) -> None:
    """The finding: Maria quoted "Which one should I assign?" and typed "2"; ERA read the quote
    too and said "Sorry, I didn't understand that" at every answer."""
    maria = client_for(
        app, connector, "maria", channel_id="msteams", conversation_id="a:maria-personal-chat"
    )
    asked = await maria.say("assign bob on wed sales associate")
    assert "Which one should I assign?" in _texts(asked)
    chose = _texts(await _quote_reply(maria, asked[-1], "2", newer_client=newer_client))
    assert "Bob Smith on Wed 25 Nov" in chose and "didn't understand" not in chose


async def test_quoting_a_colleagues_request_in_the_thread_is_not_making_it(
    app: RunningApp, connector: LocalConnector
) -> None:
    """Bob quotes Maria's "assign bob on wed sales associate" in the channel thread and says
    hello: he is greeted in the thread, and nothing is started for him in private."""
    bob = client_for(
        app,
        connector,
        "bob-smith",
        channel_id="msteams",
        conversation_id=THREAD,
        conversation_type="channel",
    )
    html = _skype_quote(
        "1700000000300",
        "Maria Lopez",
        "ERA assign bob on wed sales associate",
        "<at>ERA</at> hello",
    )
    before = len(connector.messages())
    assert (
        await bob.post(
            bob.activity(
                text=html,
                entities=[
                    {
                        "type": "mention",
                        "text": "<at>ERA</at>",
                        "mentioned": {"id": "era-bot", "name": "ERA"},
                    }
                ],
            )
        )
        < 300
    )
    sent = connector.messages()[before:]
    assert sent and all(a["conversation"]["id"] == THREAD for a in sent)
    assert "private chat" not in _texts(sent)


SLACK_CHANNEL = "B0ERA:T456:C0STORE"


@pytest.mark.parametrize("text", ["hi", "thanks"])
async def test_a_slack_mention_of_the_bot_user_is_not_read_as_words(
    app: RunningApp, connector: LocalConnector, text: str
) -> None:
    """Slack names the bot "B0ERA:T456" as the recipient while the @mention points at its bot
    user "U0ERA:T456": "@era hi" in a channel was "Sorry, I'm not sure what you'd like me to
    do"."""
    bob = client_for(
        app, connector, "bob-smith", channel_id="slack", locale=None, conversation_id=SLACK_CHANNEL
    )
    activity = bob.activity(
        text=f"@era {text}",
        recipient={"id": "B0ERA:T456", "name": "era"},
        conversation={"id": SLACK_CHANNEL, "isGroup": True},
        entities=[
            {"type": "mention", "text": "@era", "mentioned": {"id": "U0ERA:T456", "name": "era"}}
        ],
        channelData={
            "SlackMessage": {
                "type": "event_callback",
                "event": {
                    "type": "message",
                    "channel": "C0STORE",
                    "channel_type": "channel",
                    "text": f"<@U0ERA> {text}",
                },
            }
        },
    )
    before = len(connector.messages(SLACK_CHANNEL))
    assert await bob.post(activity) < 300
    said = _texts(connector.messages(SLACK_CHANNEL)[before:])
    assert said and "not sure" not in said


def _slack_event(kind: str, text: str) -> dict[str, Any]:
    return {
        "SlackMessage": {
            "type": "event_callback",
            "event": {
                "type": "message",
                "channel": "G0GROUPDM",
                "channel_type": kind,
                "text": text,
            },
        }
    }


@pytest.mark.parametrize(
    ("group_dm", "channel_data"),
    [
        # a group DM, said by the event
        ("B0ERA:T456:G0GROUPDM", _slack_event("mpim", "who is working on saturday?")),
        # no event (as a button's reply): the conversation id's "G..." says it
        ("B0ERA:T456:G0GROUPDM", {}),
        # a channel thread's id, with the thread's timestamp after the channel
        ("B0ERA:T456:C0STORE:1700000000.000100", {}),
    ],
)
async def test_a_slack_group_dm_is_shared_even_when_the_connector_says_no_is_group(
    app: RunningApp, connector: LocalConnector, group_dm: str, channel_data: dict[str, Any]
) -> None:
    """A Slack group DM (or channel thread) whose activity carries no isGroup: the store's
    schedule was posted there, where everyone in it read the names and shifts."""
    maria_dm = client_for(
        app,
        connector,
        "maria",
        channel_id="slack",
        locale=None,
        conversation_id="B0ERA:T456:D0MARIA",
    )
    await maria_dm.say("hi")
    maria = client_for(
        app, connector, "maria", channel_id="slack", locale=None, conversation_id=group_dm
    )
    before = len(connector.messages())
    assert (
        await maria.post(
            maria.activity(
                text="@ERA who is working on saturday?",
                conversation={"id": group_dm},
                channelData=channel_data,
                entities=[{"type": "mention", "text": "@ERA",
                           "mentioned": {"id": "U0ERA:T456", "name": "ERA"}}],
            )
        )
        < 300
    )
    sent = connector.messages()[before:]
    in_group = _texts([a for a in sent if a["conversation"]["id"] == group_dm])
    in_private = _texts([a for a in sent if a["conversation"]["id"] == maria_dm.conversation_id])
    assert "Bob Smith" not in in_group and "private chat" in in_group
    assert "Bob Smith" in in_private


async def test_an_address_typed_on_slack_names_the_person(
    app: RunningApp, connector: LocalConnector
) -> None:
    """The finding: Slack sends a typed address as `<mailto:…|…>`; "book a meeting with
    <mailto:alice.martin@…>" named no one ERA knew, and the free times offered were HR's."""
    maria = client_for(app, connector, "maria", channel_id="slack", locale=None)
    address = "alice.martin@contoso.example"
    offered = _texts(await maria.say(
        f"book a meeting with <mailto:{address}|{address}> on thursday"))
    assert "for you and Alice Martin" in offered and "HR" not in offered


async def test_a_slack_thumbs_up_at_a_list_picks_nothing(
    app: RunningApp, connector: LocalConnector
) -> None:
    """The finding: Slack sends 👍 as ":+1:", read as "+1", the first of Bob's shifts: it was
    taken for his choice of the shift to cancel."""
    bob = client_for(app, connector, "bob-smith", channel_id="slack", locale=None)
    assert "is it one of these?" in _texts(await bob.say("cancel my shift on sunday"))
    said = _texts(await bob.say(":+1:"))
    assert "didn't understand" in said and "What's the reason" not in said


async def test_a_slack_thumbs_up_at_a_yes_or_no_is_a_yes(
    app: RunningApp, connector: LocalConnector
) -> None:
    maria = client_for(app, connector, "maria", channel_id="slack", locale=None)
    assert "Shall I send it?" in _texts(await maria.say("email bob smith about his lateness"))
    assert "Sent to Bob Smith" in _texts(await maria.say(":thumbsup:"))


async def test_colleagues_talking_in_a_channel_without_mentioning_era_are_left_alone(
    app: RunningApp, connector: LocalConnector
) -> None:
    """The finding: Maria's "on se voit demain ?" to a colleague in the thread, with no
    @mention of ERA, was moved to her private chat and handed her over to HR; Bob's "yes" to
    her got "Nothing is waiting for your answer". Neither was said to ERA."""
    maria, bob = (client_for(app, connector, person, channel_id="msteams", locale=locale,
                             conversation_id=THREAD, conversation_type="channel")
                  for person, locale in (("maria", "fr-FR"), ("bob-smith", "en-US")))
    before = len(connector.messages())
    assert await maria.post(maria.activity(text="on se voit demain ?")) < 300
    assert await bob.post(bob.activity(text="yes")) < 300
    assert connector.messages()[before:] == []
    # The same "yes" said to ERA is answered.
    assert "Nothing is waiting" in _texts(await bob.say("yes"))


async def test_slack_italics_around_a_name_still_draft_the_email(
    app: RunningApp, connector: LocalConnector
) -> None:
    """The finding: Slack sends italics as `_bob smith_`; "email _bob smith_ about his
    lateness" was read as advice on lateness instead of an email to Bob."""
    maria = client_for(app, connector, "maria", channel_id="slack", locale=None)
    drafted = _texts(await maria.say("email _bob smith_ about his *lateness*"))
    assert "To: Bob Smith" in drafted and "Shall I send it?" in drafted


@pytest.mark.parametrize(("conversation", "locale", "words", "asked"), [
    (THREAD, "it-IT", "<at>ERA</at> annulla il mio turno di domani",
     "Qual è il motivo dell'annullamento?"),
    ("a:bob-personal-chat", "de-DE", "storniere meine Schicht morgen",
     "Was ist der Grund für die Absage?"),
])
async def test_words_sent_only_as_the_html_rendering_are_read(
    app: RunningApp, connector: LocalConnector, conversation: str, locale: str, words: str,
    asked: str,
) -> None:
    """The finding: Bob wrote from the Teams mobile client, which sent his words only as the
    message's text/html attachment, with no text; ERA answered "your message reached me without
    any words" in the channel thread, and in his own chat."""
    shared = conversation == THREAD
    bob = client_for(app, connector, "bob-smith", channel_id="msteams", locale=locale,
                     conversation_id=conversation,
                     conversation_type="channel" if shared else "personal")
    mention = [{"type": "mention", "text": "<at>ERA</at>",
                "mentioned": {"id": "era-bot", "name": "ERA"}}] if shared else []
    before = len(connector.messages())
    assert await bob.post(bob.activity(
        text="", entities=mention,
        attachments=[{"contentType": "text/html", "content": f"<div><div>{words}</div></div>"}],
    )) < 300
    said = _texts(connector.messages()[before:])
    assert asked in said, said
    assert "<at>ERA</at>" not in said and "<div>" not in said


def _mentions(*people: tuple[str, str, str]) -> list[dict[str, Any]]:
    """Mention entities: (markup, id, name) each."""
    return [{"type": "mention", "text": markup, "mentioned": {"id": who, "name": name}}
            for markup, who, name in people]


ERA_MENTION = ("<at>ERA</at>", "era-bot", "ERA")


@pytest.mark.parametrize(("locale", "words", "addressed"), [
    ("en-US", "<at>ERA</at> <at>Alice</at> can you take Tuesday?",
     "That message is addressed to Alice Martin"),
    ("de-DE", "<at>Alice</at>, kannst du Dienstag übernehmen? <at>ERA</at>",
     "Diese Nachricht richtet sich an Alice Martin"),
    # As people type in a chat, without the question mark.
    ("en-US", "<at>ERA</at> <at>Alice</at> can you take tuesday",
     "That message is addressed to Alice Martin"),
    ("en-US", "<at>ERA</at> <at>Alice</at> could u cover bob on saturday pls",
     "That message is addressed to Alice Martin"),
    ("fr-FR", "<at>ERA</at> <at>Alice</at> tu peux prendre mardi",
     "Ce message s'adresse à Alice Martin"),
    ("de-DE", "<at>ERA</at> <at>Alice</at> kannst du dienstag übernehmen",
     "Diese Nachricht richtet sich an Alice Martin"),
    ("es-ES", "<at>ERA</at> <at>Alice</at> puedes cubrir el martes",
     "Ese mensaje va dirigido a Alice Martin"),
    ("it-IT", "<at>ERA</at> <at>Alice</at> puoi coprire martedì",
     "Questo messaggio è rivolto ad Alice Martin"),
])
async def test_words_to_a_colleague_mentioned_first_are_left_to_them(
    app: RunningApp, connector: LocalConnector, locale: str, words: str, addressed: str
) -> None:
    """The finding: Maria asked Alice in the thread whether she can take Tuesday, with ERA
    mentioned too; ERA read it as a situation to advise on, had no guidance, and handed Maria
    over to HR in her private chat (her next question was met with "your request to HR stays
    open")."""
    maria = client_for(app, connector, "maria", channel_id="msteams", locale=locale,
                       conversation_id=THREAD, conversation_type="channel")
    before = len(connector.messages())
    assert await maria.post(maria.activity(text=words, entities=_mentions(
        ERA_MENTION, ("<at>Alice</at>", "29:alice", "Alice Martin")))) < 300
    sent = connector.messages()[before:]
    assert [a["conversation"]["id"] for a in sent] == [THREAD]
    assert addressed in _texts(sent)
    after = _texts(await maria.say("who works on friday?" if locale == "en-US"
                                   else "wer arbeitet am Freitag?"))
    assert "HR" not in after
    # A colleague mentioned in a request, or in a situation told, is whom it is about.
    for words, answered in (
        ("<at>ERA</at> assign <at>Alice</at> on wed sales associate", "Alice Martin"),
        ("<at>ERA</at> <at>Alice</at> keeps coming late, what should I do?", "Arriving late"),
        ("<at>ERA</at> <at>Alice</at> hasnt shown up in 3 days", "Let's continue here"),
    ):
        before = len(connector.messages())
        assert await maria.post(maria.activity(text=words, entities=_mentions(
            ERA_MENTION, ("<at>Alice</at>", "29:alice", "Alice Martin")), locale="en-US")) < 300
        said = _texts(connector.messages()[before:])
        assert answered in said and "addressed to" not in said, said


@pytest.mark.parametrize(("person", "locale", "words", "addressed"), [
    ("alice", "en-US", "<at>ERA</at> <at>Maria</at> ok I will take it",
     "That message is addressed to Maria Lopez"),
    ("bob-smith", "fr-FR", "<at>ERA</at> <at>Maria</at> d'accord je le prends",
     "Ce message s'adresse à Maria Lopez"),
    ("daniel", "de-DE", "<at>ERA</at> <at>Maria</at> ja klar",
     "Diese Nachricht richtet sich an Maria Lopez"),
    ("maria", "en-US", "<at>ERA</at> <at>Alice</at> ok",
     "That message is addressed to Alice Martin"),
])
async def test_a_reply_to_a_colleague_mentioned_first_is_left_to_them(
    app: RunningApp, connector: LocalConnector, person: str, locale: str, words: str,
    addressed: str,
) -> None:
    """The finding: in a channel thread Alice answered Maria "<at>Maria</at> ok I will take
    it" (with ERA mentioned too) and got "Sorry, I'm not sure what you'd like me to do" with
    the offer of HR; Daniel's "<at>Maria</at> ja klar" got "Nothing is waiting for your
    answer". A worker's words, or anyone's yes or ok, after a colleague's mention answer that
    colleague."""
    client = client_for(app, connector, person, channel_id="msteams", locale=locale,
                        conversation_id=THREAD, conversation_type="channel")
    colleague = ("<at>Alice</at>", "29:alice", "Alice Martin") if person == "maria" else (
        "<at>Maria</at>", "29:maria", "Maria Lopez")
    before = len(connector.messages())
    assert await client.post(client.activity(text=words, entities=_mentions(
        ERA_MENTION, colleague))) < 300
    said = _texts(connector.messages()[before:])
    assert addressed in said and "HR" not in said, said


async def test_the_htmls_entities_are_read_as_the_characters_they_stand_for(
    app: RunningApp, connector: LocalConnector
) -> None:
    """The finding: Teams sent Bob's "<at>ERA</at>&nbsp;annulla il mio turno di domani"; once
    the mention was gone no tag was left, so "&nbsp;" stayed: his words were quoted back with
    it, and "&nbsp" was taken as his reason for cancelling ("Motivo: «&nbsp»", a yes away)."""
    bob = client_for(app, connector, "bob-smith", channel_id="msteams", locale="it-IT",
                     conversation_id=THREAD, conversation_type="channel")
    before = len(connector.messages())
    assert await bob.post(bob.activity(
        text="<at>ERA</at>&nbsp;annulla il mio turno di domani",
        entities=_mentions(ERA_MENTION))) < 300
    said = _texts(connector.messages()[before:])
    assert "«annulla il mio turno di domani»" in said, said
    assert "Qual è il motivo dell'annullamento?" in said and "&nbsp" not in said
    daniel = client_for(app, connector, "daniel", channel_id="msteams", locale="de-DE",
                        conversation_id=THREAD, conversation_type="channel")
    before = len(connector.messages())
    assert await daniel.post(daniel.activity(
        text="<at>ERA</at> wer arbeitet am Freitag &amp; Samstag?",
        entities=_mentions(ERA_MENTION))) < 300
    said = _texts(connector.messages()[before:])
    assert "„wer arbeitet am Freitag & Samstag?“" in said, said
