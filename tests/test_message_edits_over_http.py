"""Teams message edits (messageUpdate, eventType editMessage), over the real `/api/messages`
endpoint. An edit is never acted on: the person gets one line in their language saying edits
are not read again, the question that waits stays open for a new message, the same edit
delivered twice is answered once, and an edit in a channel that does not @mention ERA is left
alone."""

from __future__ import annotations

from typing import Any

import pytest

from tests.http_harness import RunningApp, client_for
from tools.local_connector import BotClient, LocalConnector, render_activity

MENTION = "<at>ERA</at>"
EDIT = {"type": "messageUpdate", "channelData": {"eventType": "editMessage"}}


def _texts(replies: list[dict[str, Any]]) -> list[str]:
    return [render_activity(a)[0] for a in replies]


async def _sent(client: BotClient, text: str, **fields: Any) -> dict[str, Any]:
    """Send a typed message and return the activity as sent (to edit it later)."""
    activity = client.activity(text=text, **fields)
    await client._exchange(activity)
    return activity


@pytest.mark.parametrize(("locale", "request_text", "edited", "reason", "not_reread", "done"), [
    ("fr-FR", "annule mon poste de demain", "je suis malade", "j'ai de la fièvre",
     "Je ne relis pas les messages modifiés", "a été annulé"),
    ("ja-JP", "明日のシフトをキャンセルして", "体調不良です", "熱があります",
     "編集されたメッセージは読み直さない", "キャンセル"),
])
async def test_an_edit_at_an_open_question_does_nothing_and_says_so(
    app: RunningApp, connector: LocalConnector, locale: str, request_text: str, edited: str,
    reason: str, not_reread: str, done: str,
) -> None:
    """The finding: Bob edited his cancel request in Teams and got no reply at all."""
    bob = client_for(app, connector, "bob-smith", channel_id="msteams", locale=locale)
    request = await _sent(bob, request_text)
    edit = {**request, **EDIT, "text": edited}
    answered = _texts(await bob._exchange(edit))
    assert len(answered) == 1 and answered[0].startswith(not_reread)
    assert await bob._exchange(edit) == []  # the same edit delivered again
    # Nothing was cancelled on the edit's words: the reason is still asked for.
    assert done in "\n".join(_texts(await bob.say(reason)))


async def test_an_edit_in_a_channel_is_answered_only_when_it_mentions_era(
    app: RunningApp, connector: LocalConnector
) -> None:
    thread = "19:store@thread.tacv2;messageid=1700000000000"
    maria = client_for(app, connector, "maria", channel_id="msteams", locale="fr-FR",
                       conversation_id=thread, conversation_type="channel")
    mention = [{"type": "mention", "text": MENTION,
                "mentioned": {"id": "era-bot", "name": "ERA"}}]
    message = await _sent(maria, f"{MENTION} merci", entities=mention)
    answered = _texts(await maria._exchange({**message, **EDIT, "text": f"{MENTION} oui"}))
    assert answered == ["<at>Maria Lopez</at> Je ne relis pas les messages modifiés : je n'ai "
                        "donc rien fait de votre modification. Si vous vouliez dire autre "
                        "chose, envoyez-le dans un nouveau message."]
    talk = await _sent(maria, "on se voit demain ?")
    assert await maria._exchange({**talk, **EDIT, "text": "on se voit jeudi ?"}) == []


@pytest.mark.parametrize(("locale", "edited", "not_reread"), [
    ("de-DE", "schick sie", "Bearbeitete Nachrichten lese ich nicht erneut"),
    ("nl-NL", "morgen", "Bewerkte berichten lees ik niet opnieuw"),
    ("pl-PL", "wyślij", "Nie czytam ponownie edytowanych wiadomości"),
    ("es-ES", "envíalo", "No vuelvo a leer los mensajes editados"),
])
async def test_an_edit_in_a_channel_thread_is_answered_in_the_persons_language(
    app: RunningApp, connector: LocalConnector, locale: str, edited: str, not_reread: str
) -> None:
    """The finding: Daniel (de-DE) edited his message to ERA in a Teams channel thread to
    "<at>ERA</at> schick sie" and was answered in English: the mention's markup was read
    with his words, and its "at" is English."""
    thread = "19:store@thread.tacv2;messageid=1700000000001"
    daniel = client_for(app, connector, "daniel", channel_id="msteams", locale=locale,
                        conversation_id=thread, conversation_type="channel")
    mention = [{"type": "mention", "text": MENTION,
                "mentioned": {"id": "era-bot", "name": "ERA"}}]
    message = await _sent(daniel, f"{MENTION} ?", entities=mention)
    answered = _texts(await daniel._exchange({**message, **EDIT,
                                              "text": f"{MENTION} {edited}"}))
    assert len(answered) == 1
    assert answered[0].startswith(f"<at>Daniel Okafor</at> {not_reread}"), answered


def _slack_message_changed(original: dict[str, Any], text: str) -> dict[str, Any]:
    """A Slack edit as the Azure Bot Service connector passes a `message_changed` event on: a
    message whose Slack event says it was edited, with the new text."""
    event = {"type": "message", "subtype": "message_changed", "channel": "D0BOB",
             "channel_type": "im",
             "message": {"type": "message", "user": "U0BOB", "text": text,
                         "edited": {"user": "U0BOB", "ts": "1700000001.000200"},
                         "ts": "1700000000.000100"}}
    return {**original, "id": f"{original['id']}-changed", "text": text,
            "channelData": {"SlackMessage": {"type": "event_callback", "event": event}}}


@pytest.mark.parametrize(("locale", "request_text", "edited", "reason", "not_reread", "done"), [
    ("fr-FR", "annule mon poste de demain", "je suis malade", "j'ai de la fièvre",
     "Je ne relis pas les messages modifiés", "a été annulé"),
    ("de-DE", "storniere meine Schicht morgen", "ich bin krank", "ich habe Fieber",
     "Bearbeitete Nachrichten lese ich nicht", "wurde abgesagt"),
])
@pytest.mark.parametrize("as_update", [True, False], ids=["messageUpdate", "message_changed"])
async def test_a_slack_edit_at_an_open_question_does_nothing_and_says_so(
    app: RunningApp, connector: LocalConnector, locale: str, request_text: str, edited: str,
    reason: str, not_reread: str, done: str, as_update: bool,
) -> None:
    """The finding: Bob edited his cancel request in Slack; delivered as a message update it
    got no reply, delivered as a message with the edit in its Slack event it was read anew
    (his edited words taken for the reason, and the shift cancelled on them)."""
    bob = client_for(app, connector, "bob-smith", channel_id="slack", locale=locale,
                     conversation_id="B0ERA:T0STORE:D0BOB")
    request = await _sent(bob, request_text)
    edit = ({**request, "type": "messageUpdate", "text": edited} if as_update
            else _slack_message_changed(request, edited))
    answered = _texts(await bob._exchange(edit))
    assert len(answered) == 1 and answered[0].startswith(not_reread), answered
    assert await bob._exchange(edit) == []  # the same edit delivered again
    assert done in "\n".join(_texts(await bob.say(reason)))


async def test_a_slack_edit_in_a_channel_is_answered_as_its_message_was(
    app: RunningApp, connector: LocalConnector
) -> None:
    """In a Slack channel an edit of a message that @mentions ERA gets its notice, addressed
    to the person (Bob's edit met silence); an edit of colleagues' talk, as its message, gets
    nothing."""
    bob = client_for(app, connector, "bob-smith", channel_id="slack", locale="fr-FR",
                     conversation_id="B0ERA:T0STORE:C0STORE1", conversation_type=None)
    mention = [{"type": "mention", "text": "@ERA", "mentioned": {"id": "era-bot", "name": "ERA"}}]
    message = await _sent(bob, "@ERA merci", entities=mention)
    answered = _texts(await bob._exchange({**message, "type": "messageUpdate",
                                           "text": "@ERA merci beaucoup"}))
    assert len(answered) == 1 and answered[0].startswith(
        "Bob : Je ne relis pas les messages modifiés"), answered
    talk = await _sent(bob, "on se voit demain ?")
    assert await bob._exchange({**talk, "type": "messageUpdate",
                                "text": "on se voit jeudi ?", "entities": []}) == []


@pytest.mark.parametrize("as_update", [True, False], ids=["messageUpdate", "message_changed"])
async def test_a_slack_link_unfurled_is_no_edit_and_no_new_message(
    app: RunningApp, connector: LocalConnector, as_update: bool
) -> None:
    """Slack also sends `message_changed` when it unfurls a link in a message (the preview
    added, no `edited` mark): nobody edited anything, and the message is not a new one either
    (read again, Bob's cancel request was answered twice)."""
    bob = client_for(app, connector, "bob-smith", channel_id="slack", locale="es-ES",
                     conversation_id="B0ERA:T0STORE:D0BOB")
    request = await _sent(bob, "cancela mi turno de mañana, mira https://contoso.example/x")
    unfurled = _slack_message_changed(request, request["text"])
    message = unfurled["channelData"]["SlackMessage"]["event"]["message"]
    del message["edited"]
    message["attachments"] = [{"from_url": "https://contoso.example/x", "title": "Rota"}]
    if as_update:
        unfurled["type"] = "messageUpdate"
    assert await bob._exchange(unfurled) == []
    # The link is no reason (b8a8683e): the reason is asked, and his answer cancels it, once.
    said = _texts(await bob.say("tengo fiebre"))
    assert len(said) == 1 and "ha quedado cancelado" in said[0], said


async def test_a_slack_message_deleted_is_not_read_as_an_empty_message(
    app: RunningApp, connector: LocalConnector
) -> None:
    """Slack's `message_deleted` event passed on as a message has no words: Bob deleting his
    message got "Your message reached me with no words in it"."""
    bob = client_for(app, connector, "bob-smith", channel_id="slack", locale="en-US",
                     conversation_id="B0ERA:T0STORE:D0BOB")
    request = await _sent(bob, "cancel my shift tomorrow")
    deleted = {**request, "id": f"{request['id']}-deleted", "text": "", "channelData": {
        "SlackMessage": {"type": "event_callback", "event": {
            "type": "message", "subtype": "message_deleted", "channel": "D0BOB",
            "deleted_ts": "1700000000.000100",
            "previous_message": {"type": "message", "text": request["text"]}}}}}
    assert await bob._exchange(deleted) == []
