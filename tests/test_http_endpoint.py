"""The real endpoint: Bot Framework activities over HTTP to /api/messages, replies to a local
connector. Welcome, help, unknown requests, card submits, a restart mid-conversation, proactive
messages, and bad input that gets a 4xx (never a 500) while the server keeps serving."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import aiohttp
import pytest

from services.org_database import OrgDatabase
from tests.conftest import FIXED_NOW, fixed_clock
from tests.fakes.cosmos_server import CosmosServer
from tests.http_harness import RunningApp, client_for, seed, start_app
from tools.local_connector import BotClient, LocalConnector, UserIdentity, render_activity


def _texts(activities: list[dict[str, object]]) -> str:
    return "\n".join(render_activity(a)[0] for a in activities)  # type: ignore[arg-type]


async def _outbox(app: RunningApp) -> list[dict[str, object]]:
    """The last email ERA sent, from the local outbox."""
    async with aiohttp.ClientSession() as session, session.get(
        f"{app.url}/api/outbox?limit=1"
    ) as response:
        mails: list[dict[str, object]] = await response.json()
    return mails


async def test_welcome_help_and_an_unknown_request(
    app: RunningApp, connector: LocalConnector
) -> None:
    client = client_for(app, connector, "bob-smith")
    welcome = _texts(await client.join())
    assert "I'm ERA" in welcome and "cancel one of your shifts" in welcome
    help_text = _texts(await client.say("help"))
    assert "cancel one of your shifts" in help_text and '"start over"' in help_text
    unknown = _texts(await client.say("what's the weather on Mars?"))
    assert "not sure what you'd like" in unknown


async def test_a_card_submit_is_a_reply_like_typing(
    app: RunningApp, connector: LocalConnector
) -> None:
    client = client_for(app, connector, "bob-smith")
    listed = await client.say("cancel one of my shifts")
    card = next(a for a in listed if a.get("attachments"))
    assert card["attachments"][0]["contentType"] == "application/vnd.microsoft.card.adaptive"
    _, buttons = render_activity(card)
    assert buttons[1][1] == "2"
    asked = _texts(await client.press("2"))
    assert "reason" in asked.lower()


async def test_the_conversation_survives_a_restart(
    tmp_path: Path, connector: LocalConnector
) -> None:
    await seed(tmp_path, FIXED_NOW)
    first = await start_app(tmp_path, fixed_clock)
    client = client_for(first, connector, "maria")
    offered = _texts(await client.say("assign bob jones on wed sales associate"))
    assert "which shift?" in offered
    await first.stop()

    second = await start_app(tmp_path, fixed_clock)
    try:
        client.bot_url = second.messages_url
        preview = _texts(await client.say("1"))
        assert "Preview: Bob Jones → Wed 25 Nov, Morning 09:00-15:00" in preview
        assert "Done:" in _texts(await client.say("yes"))
    finally:
        await second.stop()


async def test_the_manager_is_told_in_chat_when_a_shift_is_cancelled(
    app: RunningApp, connector: LocalConnector
) -> None:
    manager = client_for(app, connector, "maria")
    await manager.say("hi")
    worker = client_for(app, connector, "bob-smith")
    await worker.say("cancel my shift tomorrow")
    await worker.say("my child is ill")
    told = _texts(connector.messages(manager.conversation_id))
    assert "Bob Smith cancelled their shift on Mon 23 Nov, Morning 09:00-15:00" in told
    assert "my child is ill" in told


async def test_the_managers_notice_is_in_the_language_she_chats_in(
    app: RunningApp, connector: LocalConnector
) -> None:
    # Maria's directory profile says en-GB, but she speaks Dutch with ERA (her client says
    # en-US): Bob's cancellation reaches her in Dutch, in chat and by email.
    manager = client_for(app, connector, "maria")
    await manager.say("Hallo, welke diensten heb ik deze week?")
    worker = client_for(app, connector, "bob-smith")
    await worker.say("cancel my shift tomorrow")
    await worker.say("my child is ill")
    told = _texts(connector.messages(manager.conversation_id)[-1:])
    assert "Bob Smith heeft zich afgemeld voor de dienst op" in told
    assert "my child is ill" in told
    mails = await _outbox(app)
    assert mails[0]["subject"].startswith("Afmelding dienst: Bob Smith")


async def test_a_manager_who_never_chatted_is_written_in_her_directory_language(
    tmp_path: Path, connector: LocalConnector
) -> None:
    await seed(tmp_path, FIXED_NOW)
    db = await OrgDatabase.open(tmp_path / "org.sqlite3")
    await db.execute("UPDATE people SET preferred_language = 'fr-FR' WHERE id = 'maria'")
    await db.close()
    app = await start_app(tmp_path, fixed_clock)
    try:
        worker = client_for(app, connector, "bob-smith")
        await worker.say("cancel my shift tomorrow")
        assert "Maria Lopez" in _texts(await worker.say("my child is ill"))
        mails = await _outbox(app)
    finally:
        await app.stop()
    assert mails[0]["subject"].startswith("Poste annulé : Bob Smith")
    assert "my child is ill" in mails[0]["body"]


async def test_hr_is_handed_over_to_in_the_language_the_hr_contact_chats_in(
    tmp_path: Path, connector: LocalConnector
) -> None:
    # Daniel is the HR contact here: his directory says en-GB, but he chats with ERA in Dutch.
    await seed(tmp_path, FIXED_NOW)
    app = await start_app(tmp_path, fixed_clock,
                          ERA_HR_ESCALATION_EMAIL="daniel.okafor@contoso.example")
    try:
        hr = client_for(app, connector, "daniel")
        await hr.say("Hallo, welke diensten heb ik deze week?")
        worker = client_for(app, connector, "bob-smith")
        await worker.say("I have a question about my contract")
        await worker.say("transfer me")
        await worker.say("transfer me")
        told = _texts(connector.messages(hr.conversation_id)[-1:])
        mails = await _outbox(app)
    finally:
        await app.stop()
    assert "Bob Smith" in told and "question about my contract" in told
    assert "Reageer in de chat van deze persoon met ERA" in told
    assert mails[0]["subject"] == "Overdracht ERA: Bob Smith heeft een medewerker nodig"


async def test_a_name_typed_with_a_cyrillic_letter_is_the_person_it_shows(
    app: RunningApp, connector: LocalConnector
) -> None:
    # "Вob" with a Cyrillic В: Bob, and the preview names him as the directory does.
    manager = client_for(app, connector, "maria")
    offered = _texts(await manager.say("assign \u0412ob Jones on wed sales associate"))
    assert "which shift?" in offered
    assert "Preview: Bob Jones → Wed" in _texts(await manager.say("1"))


async def test_an_unknown_user_is_taken_for_the_demo_identity_once(
    app: RunningApp, connector: LocalConnector
) -> None:
    client = BotClient(bot_url=app.messages_url, connector=connector,
                       user=UserIdentity(id="emulator-4f1c", name="User"))
    first = _texts(await client.say("hello"))
    assert "I'll take you for Maria Lopez" in first
    second = _texts(await client.say("hello"))
    assert "take you for" not in second


async def _post(app: RunningApp, body: bytes | str, content_type: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, session.post(
        app.messages_url, data=body, headers={"Content-Type": content_type}
    ) as response:
        return response.status, await response.text()


@pytest.mark.parametrize(
    ("body", "content_type", "status", "says"),
    [
        ("{not json", "application/json", 400, "not valid JSON"),
        ('{"type": "message"}', "text/plain", 415, "application/json"),
        ('{"type": "message", "channelId": "emulator", "serviceUrl": "http://127.0.0.1:9"}',
         "application/json", 400, "conversation.id"),
        ('["a", "list"]', "application/json", 400, "JSON object"),
        ('{"type": "message", "channelId": "emulator", "conversation": {"id": "c"}}',
         "application/json", 400, "serviceUrl"),
    ],
)
async def test_malformed_requests_get_a_clear_4xx(
    app: RunningApp, body: str, content_type: str, status: int, says: str
) -> None:
    got, text = await _post(app, body, content_type)
    assert got == status
    assert says in text


@pytest.mark.parametrize("change", [{"timestamp": "garbage"}, {"entities": "x"},
                                    {"recipient": "x"}, {"membersAdded": "x"}])
async def test_malformed_fields_get_a_400_before_any_turn(
    app: RunningApp, connector: LocalConnector, change: dict[str, object]
) -> None:
    import json

    client = client_for(app, connector, "bob-smith")
    status, _ = await _post(app, json.dumps({**client.activity(text="hi"), **change}),
                            "application/json")
    assert 400 <= status < 500
    assert connector.messages() == []


@pytest.mark.parametrize("locale", ["x" * 3000, "en US!", 5, ["en-US"], "\x00\x01"])
async def test_a_locale_that_is_no_language_tag_gets_a_400_not_a_failed_turn(
    app: RunningApp, connector: LocalConnector, caplog: pytest.LogCaptureFixture,
    locale: object,
) -> None:
    """The finding: a locale of 3,000 letters failed the turn ("File name too long": the
    lexicon of that 'language' was looked for on disk)."""
    import json

    client = client_for(app, connector, "bob-smith")
    status, text = await _post(app, json.dumps({**client.activity(text="hi"),
                                                "locale": locale}), "application/json")
    assert status == 400 and "locale" in text
    assert connector.messages() == []
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.parametrize(("locale", "asked"), [
    ("zh-Hans-CN", "我的班次"), ("pt_BR", "quais são meus turnos?"), ("", "what are my shifts?"),
])
async def test_language_tags_as_channels_send_them_are_served(
    app: RunningApp, connector: LocalConnector, locale: str, asked: str
) -> None:
    client = client_for(app, connector, "bob-smith")
    client.locale = locale
    # Bob's shifts, listed in the language asked.
    assert "09:00-15:00" in _texts(await client.say(asked))


async def test_text_no_store_can_encode_is_cleaned(
    app: RunningApp, connector: LocalConnector
) -> None:
    client = client_for(app, connector, "bob-smith")
    body = client.activity(text="what are my shifts? \ud800")
    status, _ = await _post(app, __import__("json").dumps(body), "application/json")
    assert status < 300
    assert "Your shifts" in _texts(connector.messages(client.conversation_id))


async def test_an_oversized_body_is_refused(app: RunningApp) -> None:
    got, _ = await _post(app, '{"text": "' + "x" * 400_000 + '"}', "application/json")
    assert got == 413


async def test_an_unknown_activity_type_is_a_polite_no_op_and_the_server_keeps_serving(
    app: RunningApp, connector: LocalConnector
) -> None:
    client = client_for(app, connector, "bob-smith")
    status = await client.post(client.activity("somethingNew", value={"x": 1}))
    assert status in (200, 201, 202)
    assert connector.messages(client.conversation_id) == []
    assert "your shifts" in _texts(await client.say("what are my shifts?")).lower()


async def test_healthz(app: RunningApp) -> None:
    async with aiohttp.ClientSession() as session:
        for _ in range(1200):  # 503 "warming" until the date recognizers are loaded
            async with session.get(f"{app.url}/healthz") as response:
                body = await response.json()
            if body["status"] != "warming":
                break
            await asyncio.sleep(0.1)
    assert response.status == 200 and body["status"] == "ok"
    assert body["storage"] == "sqlite" and body["llm"] == "offline" and body["version"]


async def test_with_an_app_id_unauthenticated_requests_are_refused(
    tmp_path: Path, connector: LocalConnector
) -> None:
    await seed(tmp_path, FIXED_NOW)
    secured = await start_app(
        tmp_path, fixed_clock, MicrosoftAppId="00000000-0000-0000-0000-0000000000aa",
        MicrosoftAppPassword="secret",
    )
    try:
        client = client_for(secured, connector, "bob-smith")
        assert await client.post(client.activity(text="hi")) == 401
        assert connector.messages() == []
    finally:
        await secured.stop()


async def test_the_bot_runs_on_cosmos_db(
    tmp_path: Path, connector: LocalConnector, cosmos_server: CosmosServer
) -> None:
    await seed(tmp_path, FIXED_NOW)
    app = await start_app(
        tmp_path, fixed_clock, ERA_STORAGE="cosmos", COSMOS_ENDPOINT=cosmos_server.endpoint,
        COSMOS_KEY=cosmos_server.key, COSMOS_VERIFY_TLS="false",
        COSMOS_CREATE_IF_MISSING="true", COSMOS_DATABASE="era-http",
        COSMOS_CONTAINER=f"state-{tmp_path.name[-8:]}",
    )
    try:
        async with aiohttp.ClientSession() as session, session.get(
            f"{app.url}/healthz"
        ) as response:
            assert (await response.json())["storage"] == "cosmos"
        client = client_for(app, connector, "maria")
        assert "which shift?" in _texts(await client.say("assign bob jones on wed sales associate"))
        assert "Aperçu :" in _texts(await client.say("matin"))  # French, answered in French
        assert "C'est fait :" in _texts(await client.say("oui"))
        again = _texts(await client.press("yes"))
        # A button's "yes" keeps the conversation in French.
        assert "C'est fait" not in again and "Rien n'attend votre réponse" in again
    finally:
        await app.stop()


async def test_the_local_outbox_route_lists_what_was_sent(
    app: RunningApp, connector: LocalConnector
) -> None:
    worker = client_for(app, connector, "bob-smith")
    await worker.say("cancel my shift tomorrow")
    await worker.say("my child is ill")
    async with aiohttp.ClientSession() as session:
        async with session.get(f"{app.url}/api/outbox?limit=5") as response:
            assert response.status == 200
            mails = await response.json()
        async with session.get(f"{app.url}/api/outbox?limit=lots") as response:
            assert response.status == 400
    assert mails[0]["to"] == ["maria.lopez@contoso.example"]
    assert "my child is ill" in mails[0]["body"]


async def test_there_is_no_outbox_route_with_authentication_on(
    tmp_path: Path, connector: LocalConnector
) -> None:
    await seed(tmp_path, FIXED_NOW)
    secured = await start_app(tmp_path, fixed_clock, MicrosoftAppId="app",
                              MicrosoftAppPassword="pw")
    try:
        async with aiohttp.ClientSession() as session, session.get(
            f"{secured.url}/api/outbox"
        ) as response:
            assert response.status == 404
    finally:
        await secured.stop()
