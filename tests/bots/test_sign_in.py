"""Identity on Slack (and every channel but Teams) through a one-time sign-in, over the real
`/api/messages` endpoint, against local fakes of the Bot Framework token service and Graph."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from core.failure_tracker import FailureTracker
from services.demo_organisation import PEOPLE
from state.identity_link_store import IdentityLinkStore
from state.person_state import person_state_key
from state.sqlite_storage import SqliteStorage
from tests.conftest import FIXED_NOW, fixed_clock
from tests.fakes.graph_me import FakeSignedInUsers
from tests.fakes.graph_server import FakeGraphServer
from tests.fakes.token_service import FakeTokenService
from tests.http_harness import RunningApp, client_for, seed, start_app
from tools.local_connector import BotClient, LocalConnector, UserIdentity, render_activity

OAUTH_CARD = "application/vnd.microsoft.card.oauth"
CONNECTION = "era-entra"
BOB = next(p for p in PEOPLE if p.id == "bob-smith")
ALICE = next(p for p in PEOPLE if p.id == "alice")


@dataclass
class World:
    """The running app and the fakes around it."""

    app: RunningApp
    tokens: FakeTokenService
    graph: FakeGraphServer
    users: FakeSignedInUsers
    data_dir: Path
    connector: LocalConnector

    def slack(self, user_id: str = "U123:T456", name: str = "Bob Smith", *,
              conversation_id: str = "B0ERA:T456:D123", shared: bool = False,
              locale: str | None = "en-US") -> BotClient:
        """A Slack user as the Azure Bot Service Slack channel posts them."""
        return BotClient(
            bot_url=self.app.messages_url, connector=self.connector,
            user=UserIdentity(id=user_id, name=name), channel_id="slack",
            conversation_id=conversation_id, locale=locale,
            conversation_type="channel" if shared else "personal",
        )

    def sign_in(self, client: BotClient, person_aad: str, name: str, *,
                magic_code: bool = True) -> str | None:
        """The user completes the sign-in page as the Entra user `person_aad`."""
        token = self.users.issue(person_aad, name)
        return self.tokens.complete_sign_in(user_id=client.user.id, channel_id="slack",
                                            token=token, magic_code=magic_code)


@pytest.fixture
async def world(tmp_path: Path, connector: LocalConnector) -> AsyncIterator[World]:
    await seed(tmp_path, FIXED_NOW)
    graph = FakeGraphServer()
    users = FakeSignedInUsers(graph)
    async with graph, FakeTokenService(connection_name=CONNECTION) as tokens:
        app = await start_app(tmp_path, fixed_clock, ERA_OAUTH_CONNECTION_NAME=CONNECTION,
                              ERA_TOKEN_SERVICE_URL=tokens.url, GRAPH_BASE_URL=graph.base_url)
        world = World(app, tokens, graph, users, tmp_path, connector)
        try:
            yield world
        finally:
            # The app running now: a test may have restarted it (a left-over app would keep
            # its database thread, and the test process, alive).
            await world.app.stop()


def _text(replies: list[dict[str, Any]]) -> str:
    return "\n".join(render_activity(a)[0] for a in replies)


def _oauth_cards(replies: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [attachment["content"] for reply in replies
            for attachment in reply.get("attachments") or []
            if attachment.get("contentType") == OAUTH_CARD]


async def _stored_link(data_dir: Path, channel_user_id: str) -> dict[str, Any] | None:
    storage = await SqliteStorage.create(data_dir / "state.sqlite3")
    try:
        key = IdentityLinkStore.key("slack", channel_user_id)
        return (await storage.read([key])).get(key)
    finally:
        await storage.close()


async def test_an_unknown_slack_user_gets_a_sign_in_card_not_a_refusal(world: World) -> None:
    bob = world.slack()
    replies = await bob.say("what are my shifts this week?")
    cards = _oauth_cards(replies)
    assert len(cards) == 1
    card = cards[0]
    assert card["connectionName"] == CONNECTION
    assert "sign in once with your work account" in card["text"]
    assert "6-digit code" in card["text"]
    assert [(b["type"], b["title"]) for b in card["buttons"]] == [("signin", "Sign in")]
    assert "isn't set up" not in _text(replies)
    # The sign-in state names this conversation and this Slack user, as UserTokenClient does.
    state = world.tokens.states[-1]
    assert state["conversation"]["user"]["id"] == "U123:T456"
    assert state["conversation"]["channelId"] == "slack"
    assert world.tokens.calls_to("GetToken")[0].query["userId"] == "U123:T456"


async def test_the_magic_code_links_the_account_and_the_first_request_is_carried_out(
    world: World,
) -> None:
    bob = world.slack()
    await bob.say("what are my shifts this week?")
    code = world.sign_in(bob, BOB.aad_object_id, "Bob Smith")
    assert code is not None
    replies = await bob.say(code)
    said = _text(replies)
    assert "Thank you, Bob: you're signed in" in said
    assert '"what are my shifts this week?"' in said
    # The shifts themselves follow ("this week" on a Sunday is the week ahead).
    assert "Your shifts between Mon 23 Nov" in said
    assert _oauth_cards(replies) == []
    # From now on Bob is known without signing in again, also after a restart.
    await world.app.stop()
    world.app = await start_app(world.data_dir, fixed_clock,
                                ERA_OAUTH_CONNECTION_NAME=CONNECTION,
                                ERA_TOKEN_SERVICE_URL=world.tokens.url,
                                GRAPH_BASE_URL=world.graph.base_url)
    bob.bot_url = world.app.messages_url
    again = await bob.say("who is my manager?")
    assert _oauth_cards(again) == []
    assert "Maria" in _text(again)
    link = await _stored_link(world.data_dir, "U123:T456")
    assert link is not None
    assert link["aad_object_id"] == BOB.aad_object_id
    assert link["linked_at"].startswith(FIXED_NOW.date().isoformat())


async def test_a_tokens_response_event_links_the_account(world: World) -> None:
    bob = world.slack(conversation_id="B0ERA:T456:D777")
    await bob.say("who is my manager?")
    world.sign_in(bob, BOB.aad_object_id, "Bob Smith", magic_code=False)
    token = world.tokens.tokens[("U123:T456", CONNECTION, "slack")]
    replies = await bob._exchange(bob.activity(
        "event", name="tokens/response",
        value={"connectionName": CONNECTION, "token": token, "channelId": "slack"},
    ))
    said = _text(replies)
    assert "you're signed in" in said
    assert "Maria" in said  # the question asked before signing in, answered
    assert (await _stored_link(world.data_dir, "U123:T456")) is not None


@pytest.mark.parametrize("problem", ["mistyped", "expired"])
async def test_a_wrong_or_expired_code_asks_again_clearly(world: World, problem: str) -> None:
    bob = world.slack()
    await bob.say("what are my shifts this week?")
    code = world.sign_in(bob, BOB.aad_object_id, "Bob Smith")
    assert code is not None
    if problem == "expired":
        world.tokens.expire_codes()
        typed = code
    else:
        typed = f"{(int(code) + 1) % 10**6:06d}"
    replies = await bob.say(typed)
    assert "That code didn't work" in _text(replies)
    assert len(_oauth_cards(replies)) == 1
    assert (await _stored_link(world.data_dir, "U123:T456")) is None


async def test_sign_out_removes_the_link_and_the_next_message_asks_to_sign_in(
    world: World,
) -> None:
    bob = world.slack()
    await bob.say("hello")
    code = world.sign_in(bob, BOB.aad_object_id, "Bob Smith")
    assert "What can I do for you?" in _text(await bob.say(code or ""))
    assert (await _stored_link(world.data_dir, "U123:T456")) is not None
    replies = await bob.say("sign out")
    assert "You're signed out" in _text(replies)
    assert world.tokens.calls_to("SignOut")[-1].query["userId"] == "U123:T456"
    assert (await _stored_link(world.data_dir, "U123:T456")) is None
    assert ("U123:T456", CONNECTION, "slack") not in world.tokens.tokens
    assert len(_oauth_cards(await bob.say("who is my manager?"))) == 1


async def test_sign_out_in_another_language(world: World) -> None:
    bob = world.slack(locale="fr-FR")
    code = world.sign_in(bob, BOB.aad_object_id, "Bob Smith")
    await bob.say(code or "")
    assert "Votre session est fermée" in _text(await bob.say("déconnexion"))
    assert (await _stored_link(world.data_dir, "U123:T456")) is None


async def test_a_second_slack_user_in_the_channel_is_not_linked_by_the_first(
    world: World,
) -> None:
    channel = "B0ERA:T456:C42"
    bob = world.slack(conversation_id=channel, shared=True)
    alice = world.slack("U999:T456", "Alice Martin", conversation_id=channel, shared=True)
    bob_dm = world.slack(conversation_id="B0ERA:T456:D123")
    alice_dm = world.slack("U999:T456", "Alice Martin", conversation_id="B0ERA:T456:D999")
    await bob_dm.say("who is my manager?")
    await alice_dm.say("who is my manager?")
    code = world.sign_in(bob, BOB.aad_object_id, "Bob Smith")
    # Alice types the code Bob got: it is Bob's, not hers.
    replies = await alice_dm.say(code or "")
    assert "That code didn't work" in _text(replies)
    assert (await _stored_link(world.data_dir, "U999:T456")) is None
    assert "you're signed in" in _text(await bob_dm.say(code or ""))
    # In the channel Bob is known now; Bob's sign-in changed nothing for Alice.
    assert _oauth_cards(await bob.say("who is my manager?")) == []
    assert "direct message" in _text(await alice.say("who is my manager?"))
    code = world.sign_in(alice, ALICE.aad_object_id, "Alice Martin")
    assert "Thank you, Alice" in _text(await alice_dm.say(code or ""))
    assert (await _stored_link(world.data_dir, "U999:T456"))["aad_object_id"] == (  # type: ignore[index]
        ALICE.aad_object_id)
    assert (await _stored_link(world.data_dir, "U123:T456"))["aad_object_id"] == (  # type: ignore[index]
        BOB.aad_object_id)


@pytest.mark.parametrize(("locale", "asked", "direct"), [
    ("en-US", "cancel my shift tomorrow", "write to me in a direct message"),
    ("fr-FR", "annule mon poste de demain", "Écrivez-moi en message direct"),
    ("ja-JP", "明日のシフトをキャンセルして", "ダイレクト メッセージで話しかけてください"),
])
async def test_no_sign_in_card_is_shown_in_a_slack_channel(
    world: World, locale: str, asked: str, direct: str
) -> None:
    """The finding: an unknown person's first words in a Slack channel got the sign-in card
    there, where everyone saw it and anyone could press its button; they are asked to write
    to ERA directly, where the card is shown."""
    bob = world.slack(conversation_id="B0ERA:T456:C42", shared=True, locale=locale)
    said = await bob.say(asked)
    assert _oauth_cards(said) == [] and direct in _text(said)
    assert len(_oauth_cards(await world.slack(locale=locale).say("hello"))) == 1


async def test_a_linked_account_missing_from_the_directory_is_told_so(world: World) -> None:
    stranger = world.slack("U555:T456", "Pat Newhire")
    await stranger.say("what are my shifts?")
    code = world.sign_in(stranger, "0f0f0f0f-0000-4000-8000-00000000abcd", "Pat Newhire")
    said = _text(await stranger.say(code or ""))
    assert "signed in as Pat Newhire" in said
    assert "can't find that account in the staff directory" in said
    assert "sign out" in said
    assert "signed in as Pat Newhire" in _text(await stranger.say("what are my shifts?"))


async def test_the_token_service_down_is_said_honestly_and_counted(world: World) -> None:
    bob = world.slack()
    world.tokens.down = True
    said = _text(await bob.say("what are my shifts this week?"))
    assert "can't reach the sign-in service" in said
    await world.app.stop()
    storage = await SqliteStorage.create(world.data_dir / "state.sqlite3")
    try:
        key = person_state_key("slack", bob.conversation_id, bob.user.id)
        tracker = FailureTracker.from_dict((await storage.read([key]))[key]["tracker"])
    finally:
        await storage.close()
    world.app = await start_app(world.data_dir, fixed_clock)  # stopped by the fixture
    assert tracker.failure_count == 1
    assert "token_service" in tracker.history[-1].detail


async def test_graph_refusing_the_user_token_is_said_honestly(world: World) -> None:
    bob = world.slack()
    await bob.say("hi")
    code = world.sign_in(bob, BOB.aad_object_id, "Bob Smith")
    world.graph.fail(503, method="GET", path_contains="/me", times=3)
    said = _text(await bob.say(code or ""))
    assert "can't reach the sign-in service" in said
    assert (await _stored_link(world.data_dir, "U123:T456")) is None


async def test_the_local_demo_channels_keep_the_demo_identity(world: World) -> None:
    emulator = BotClient(bot_url=world.app.messages_url, connector=world.connector,
                         user=UserIdentity(id="random-emulator-user", name="User"))
    replies = await emulator.say("who is my manager?")
    assert _oauth_cards(replies) == []
    assert "Maria Lopez" in _text(replies)
    assert "nothing to sign out" in _text(await emulator.say("sign out"))


async def test_teams_users_never_see_a_sign_in(world: World) -> None:
    bob = client_for(world.app, world.connector, "bob-smith", channel_id="msteams",
                     conversation_type="personal")
    replies = await bob.say("sign out")
    assert _oauth_cards(replies) == []
    assert "nothing to sign out" in _text(replies)
    assert world.tokens.calls == []


async def test_a_signed_in_slack_user_s_edit_gets_the_notice_and_nothing_is_done(
    world: World,
) -> None:
    """The finding: ERA knew a Slack user who signed in only in a message's turn; their edit
    was taken for an unknown sender's and met silence."""
    bob = world.slack(locale="fr-FR")
    request = bob.activity(text="annule mon poste de demain")
    await bob._exchange(request)
    code = world.sign_in(bob, BOB.aad_object_id, "Bob Smith")
    assert "motif de l'annulation" in _text(await bob.say(code or ""))
    edit = {**request, "type": "messageUpdate", "text": "annule mon poste de jeudi"}
    said = _text(await bob._exchange(edit))
    assert said.startswith("Je ne relis pas les messages modifiés"), said
    assert "a été annulé" in _text(await bob.say("j'ai de la fièvre"))
