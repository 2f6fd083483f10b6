"""Who a person is: `from.aadObjectId` is believed only from Teams, where the channel sets it
from the signed-in user; on any other channel it is whatever the client wrote."""

from __future__ import annotations

from services.demo_organisation import PEOPLE
from tests.http_harness import RunningApp
from tools.local_connector import BotClient, LocalConnector, UserIdentity

UNKNOWN_TO_THE_DIRECTORY = "29:unknown-channel-user"


def _claiming_bob(app: RunningApp, connector: LocalConnector, channel: str) -> BotClient:
    """A client with an unknown channel id that claims Bob's Entra object id."""
    bob = next(p for p in PEOPLE if p.id == "bob-smith")
    assert bob.aad_object_id
    user = UserIdentity(id=UNKNOWN_TO_THE_DIRECTORY, name="Someone",
                        aad_object_id=bob.aad_object_id)
    return BotClient(bot_url=app.messages_url, connector=connector, user=user,
                     channel_id=channel)


async def test_an_aad_object_id_from_another_channel_is_not_believed(
    app: RunningApp, connector: LocalConnector
) -> None:
    replies = await _claiming_bob(app, connector, "emulator").say("help")
    texts = " ".join(reply.get("text") or "" for reply in replies)
    assert "I don't know your account" in texts and "Bob" not in texts


async def test_an_aad_object_id_from_teams_identifies_the_person(
    app: RunningApp, connector: LocalConnector
) -> None:
    client = _claiming_bob(app, connector, "msteams")
    welcome = " ".join(reply.get("text") or "" for reply in await client.join())
    assert "Hi Bob" in welcome
    replies = await client.say("help")
    assert "I don't know your account" not in " ".join(r.get("text") or "" for r in replies)
