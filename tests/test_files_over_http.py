"""A picture or a file sent with no words, over the real `/api/messages` endpoint: ERA says it can
only read what is typed, in the person's language, and an open question stays open for the words
that follow (a pasted screenshot is not an answer, nor "I'm not sure what you'd like me to do")."""

from __future__ import annotations

from typing import Any

from language.catalogue import say
from tests.http_harness import RunningApp, client_for
from tools.local_connector import BotClient, LocalConnector, render_activity

FILES_UNREAD = "bot.files_unread"
TEAMS_SCREENSHOT = [
    {"contentType": "image/*", "contentUrl": "https://smba.example/v3/attachments/1/views/original"},
    {"contentType": "text/html",
     "content": '<div><div><span><img src="https://smba.example/v3/attachments/1"></span></div></div>'},
]
WEB_CHAT_UPLOAD = [{"contentType": "application/pdf", "contentUrl": "blob:http://127.0.0.1/1",
                    "name": "rota.pdf"}]


def _text(replies: list[dict[str, Any]]) -> str:
    return "\n".join(render_activity(a)[0] for a in replies)


async def _send(client: BotClient, **fields: Any) -> str:
    return _text(await client.send(**fields))


async def test_a_screenshot_at_an_open_question_is_said_unread_and_the_question_still_waits(
    app: RunningApp, connector: LocalConnector
) -> None:
    bob = client_for(app, connector, "bob-smith", channel_id="msteams")
    assert "Which one" in _text(await bob.say("cancel one of my shifts"))

    said = await _send(bob, attachments=TEAMS_SCREENSHOT)

    assert said == say(FILES_UNREAD, "en")
    answered = _text(await bob.say("2"))
    assert "reason" in answered.lower() and "has been cancelled" not in answered


async def test_a_file_sent_with_no_words_is_answered_in_the_persons_language(
    app: RunningApp, connector: LocalConnector
) -> None:
    for person, locale, language in (("bob-smith", "fr-FR", "fr"), ("maria", "de-DE", "de"),
                                     ("bob-smith", "ja-JP", "ja")):
        client = client_for(app, connector, person, channel_id="webchat", locale=locale)
        said = await _send(client, attachments=WEB_CHAT_UPLOAD)
        assert said == say(FILES_UNREAD, language), locale


async def test_a_typed_message_with_its_html_rendering_attached_is_read_as_typed(
    app: RunningApp, connector: LocalConnector
) -> None:
    bob = client_for(app, connector, "bob-smith", channel_id="msteams")
    said = await _send(bob, text="cancel my shift tomorrow", attachments=[
        {"contentType": "text/html", "content": "<p>cancel my shift tomorrow</p>"}])
    assert "I found your shift" in said and say(FILES_UNREAD, "en") not in said


async def test_a_link_alone_on_slack_is_said_unread_and_hands_no_one_to_hr(
    app: RunningApp, connector: LocalConnector
) -> None:
    """The finding: Maria pasted a link in her Slack chat with ERA ("<https://…>" as Slack
    sends it); read as a situation, it got "I have no recommendation on this" and a hand-over
    to HR with her conversation."""
    maria = client_for(app, connector, "maria", channel_id="slack", locale="fr-FR",
                       conversation_id="B0ERA:T0STORE:D0MARIA")
    assert _text(await maria.say("<https://contoso.example/rota>")) == say(
        "bot.links_unread", "fr")
    assert "Laquelle" in _text(await maria.say("assigne bob mercredi vendeur"))
    assert _text(await maria.say("https://contoso.example/a www.contoso.example/b")) == say(
        "bot.links_unread", "fr")
    assert "Bob Smith" in _text(await maria.say("2"))


async def test_a_link_alone_in_teams_html_is_said_unread_and_hands_no_one_to_hr(
    app: RunningApp, connector: LocalConnector
) -> None:
    """The finding: Teams sends a pasted link as HTML, `<a href="https://…">https://…</a>`
    (inside `<p>` too); its markup was read as words, a situation for the advisor, and the
    open question no longer waited."""
    link = "https://contoso.example/rota?week=48&amp;store=12"
    maria = client_for(app, connector, "maria", channel_id="msteams", locale="es-ES")
    assert "cuál" in _text(await maria.say("asigna a bob el miércoles como vendedor")).lower()
    for typed in (f'<a href="{link}">{link}</a>',
                  f'<p><a href="{link}" rel="noreferrer noopener" target="_blank" '
                  f'title="{link}">{link}</a></p>'):
        assert _text(await maria.say(typed)) == say("bot.links_unread", "es")
    assert "Bob Smith" in _text(await maria.say("2"))
