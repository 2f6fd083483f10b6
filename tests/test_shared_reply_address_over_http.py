"""Whom a reply answers, over the real `/api/messages` endpoint, when two people talk to ERA in
one conversation. In a Teams channel thread Maria (French) and Bob (English) each get a reply
that @mentions them (the `<at>` markup and a mention entity naming them); in a Slack channel it
starts with their first name, in their language; in a one-to-one chat replies name no one."""

from __future__ import annotations

from typing import Any

from tests.http_harness import RunningApp, client_for
from tools.local_connector import LocalConnector, render_activity

TEAMS_THREAD = "19:store@thread.tacv2;messageid=1700000000000"
SLACK_CHANNEL = "B0ERA:T0STORE:C0STORE1"


def _mentions(activity: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for e in activity.get("entities") or [] if e.get("type") == "mention"]


async def test_two_people_in_a_teams_thread_each_get_a_reply_that_mentions_them(
    app: RunningApp, connector: LocalConnector
) -> None:
    """The finding: Maria's "merci" and Bob's "yes" in one thread got "Avec plaisir…" and
    "Nothing is waiting for your answer right now." with nothing saying whose each was."""
    maria = client_for(app, connector, "maria", channel_id="msteams", locale="fr-FR",
                       conversation_id=TEAMS_THREAD, conversation_type="channel")
    bob = client_for(app, connector, "bob-smith", channel_id="msteams", locale="en-US",
                     conversation_id=TEAMS_THREAD, conversation_type="channel")
    to_maria = await maria.say("merci")
    to_bob = await bob.say("yes")

    assert to_maria[0]["text"].startswith("Avec plaisir, <at>Maria</at> !")
    assert _mentions(to_maria[0]) == [{"type": "mention", "text": "<at>Maria</at>",
                                       "mentioned": {"id": maria.user.id,
                                                     "name": "Maria Lopez"}}]
    assert to_bob[0]["text"].startswith("<at>Bob Smith</at> Nothing is waiting")
    assert [m["mentioned"]["id"] for m in _mentions(to_bob[0])] == [bob.user.id]


async def test_a_request_moved_from_a_group_chat_says_whom_it_was_moved_for(
    app: RunningApp, connector: LocalConnector
) -> None:
    maria = client_for(app, connector, "maria", channel_id="msteams", locale="fr-FR",
                       conversation_id="19:group@thread.v2", conversation_type="groupChat")
    moved = await maria.say("assigne bob mercredi vendeur")
    assert len(moved) == 1
    assert moved[0]["text"].startswith("<at>Maria Lopez</at> Cela concerne des personnes")
    assert len(_mentions(moved[0])) == 1


async def test_in_a_slack_channel_the_reply_starts_with_the_persons_name_in_their_language(
    app: RunningApp, connector: LocalConnector
) -> None:
    maria = client_for(app, connector, "maria", channel_id="slack", locale="fr-FR",
                       conversation_id=SLACK_CHANNEL, conversation_type="channel")
    bob = client_for(app, connector, "bob-smith", channel_id="slack", locale="ja-JP",
                     conversation_id=SLACK_CHANNEL, conversation_type="channel")
    assert render_activity((await maria.say("oui"))[0])[0].startswith("Maria : ")
    assert render_activity((await bob.say("はい"))[0])[0].startswith("Bobさん、")
    help_card = await maria.say("aide")
    assert render_activity(help_card[0])[0].startswith("Maria : Je peux")


async def test_a_one_to_one_chat_names_no_one(
    app: RunningApp, connector: LocalConnector
) -> None:
    for channel in ("msteams", "slack"):
        maria = client_for(app, connector, "maria", channel_id=channel, locale="fr-FR")
        replies = await maria.say("merci")
        assert render_activity(replies[0])[0].startswith("Avec plaisir")
        assert _mentions(replies[0]) == []


async def test_a_reply_that_already_names_the_person_names_them_once(
    app: RunningApp, connector: LocalConnector
) -> None:
    """The finding: on Slack Maria's "merci" got "Maria : Avec plaisir, Maria !", and in a
    Teams thread "@Maria Lopez Avec plaisir, Maria !": the address was put before a reply
    that already names her. The name in the reply is the address (in Teams, the @mention)."""
    maria = client_for(app, connector, "maria", channel_id="slack", locale="fr-FR",
                       conversation_id=SLACK_CHANNEL, conversation_type="channel")
    bob = client_for(app, connector, "bob-smith", channel_id="slack", locale="ja-JP",
                     conversation_id=SLACK_CHANNEL, conversation_type="channel")
    said = render_activity((await maria.say("merci"))[0])[0]
    assert said.startswith("Avec plaisir, Maria !") and said.count("Maria") == 1
    said = render_activity((await bob.say("ありがとう"))[0])[0]
    assert said.startswith("どういたしまして、Bobさん。") and said.count("Bob") == 1
    said = render_activity((await maria.say("au revoir"))[0])[0]
    assert said.startswith("Au revoir Maria,") and said.count("Maria") == 1

    teams = client_for(app, connector, "maria", channel_id="msteams", locale="de-DE",
                       conversation_id=TEAMS_THREAD, conversation_type="channel")
    thanked = (await teams.say("danke"))[0]
    assert thanked["text"].startswith("Gern geschehen, <at>Maria</at>!")
    assert thanked["text"].count("Maria") == 1
    assert _mentions(thanked) == [{"type": "mention", "text": "<at>Maria</at>",
                                   "mentioned": {"id": teams.user.id, "name": "Maria Lopez"}}]
