"""Activities read from JSON keep every field a channel sent, as msrest would: the ones the
models name with their types checked, the others (a Teams mention's `mentioned`, a clientInfo
entity's time zone, a channel's own extras) as they are, and written back unchanged."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone

import pytest
from botbuilder.core import TurnContext
from botbuilder.schema import Activity, ActivityTypes, Attachment, CardAction

from state.activity_json import activity_from_json, to_json, to_json_text

TEAMS_CHANNEL_MESSAGE = {
    "type": "message",
    "id": "1700000000001",
    "text": "<at>ERA</at> what are my shifts?",
    "channelId": "msteams",
    "serviceUrl": "https://smba.trafficmanager.net/emea/",
    "from": {"id": "29:worker", "name": "Bob Smith", "aadObjectId": "0000-11"},
    "recipient": {"id": "28:era-bot", "name": "ERA"},
    "conversation": {"id": "19:store@thread.tacv2;messageid=1700000000000",
                     "conversationType": "channel", "tenantId": "tenant-1", "isGroup": True},
    "entities": [
        {"type": "mention", "text": "<at>ERA</at>",
         "mentioned": {"id": "28:era-bot", "name": "ERA"}},
        {"type": "clientInfo", "locale": "fr-FR", "country": "FR", "platform": "Web",
         "timezone": "Europe/Paris"},
    ],
    "channelData": {"tenant": {"id": "tenant-1"}, "teamsChannelId": "19:store@thread.tacv2"},
}


def test_a_teams_mention_survives_reading_and_is_stripped() -> None:
    activity = activity_from_json(TEAMS_CHANNEL_MESSAGE)
    assert TurnContext.remove_recipient_mention(activity).strip() == "what are my shifts?"


def test_fields_the_models_do_not_name_are_written_back_unchanged() -> None:
    activity = activity_from_json(TEAMS_CHANNEL_MESSAGE)
    assert activity.entities[1].additional_properties["timezone"] == "Europe/Paris"
    assert to_json(activity) == TEAMS_CHANNEL_MESSAGE


def test_a_named_field_of_the_wrong_type_is_still_refused() -> None:
    with pytest.raises(ValueError, match=r"activity\.entities\.type"):
        activity_from_json({**TEAMS_CHANNEL_MESSAGE, "entities": [{"type": 5}]})


def test_a_reply_is_written_as_the_json_a_channel_reads() -> None:
    paris = timezone(timedelta(hours=1))
    reply = Activity(
        type=ActivityTypes.message, text="Schicht am Mittwoch — 交代 ✓",
        timestamp=datetime(2026, 3, 4, 10, 30, 0, 250000, tzinfo=paris),
        attachments=[Attachment(content_type="application/vnd.microsoft.card.adaptive",
                                content={"type": "AdaptiveCard", "body": [{"n": 1.5}],
                                         "actions": [CardAction(type="imBack", value="2")]})],
        channel_data={7: "seven"},
    )
    text = to_json_text(reply)
    assert json.loads(text) == {
        "type": "message", "text": "Schicht am Mittwoch — 交代 ✓",
        "timestamp": "2026-03-04T09:30:00.25Z",
        "attachments": [{"contentType": "application/vnd.microsoft.card.adaptive",
                         "content": {"type": "AdaptiveCard", "body": [{"n": 1.5}],
                                     "actions": [{"type": "imBack", "value": "2"}]}}],
        "channelData": {"7": "seven"},
    }
    assert "交代" in text  # as UTF-8, not escaped
    assert '": ' not in text and '", "' not in text  # compact, as sent and stored


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"timestamp": "yesterday"}, r"activity\.timestamp is not an ISO 8601"),
        ({"timestamp": 5}, r"activity\.timestamp must be a date-time string"),
        ({"from": "29:worker"}, r"activity\.from must be an object"),
        ({"entities": {"type": "mention"}}, r"activity\.entities must be a list"),
        ({"conversation": {"id": "19:x", "isGroup": "yes"}},
         r"activity\.conversation\.isGroup must be a bool"),
        ({"attachments": [{"contentType": 7}]}, r"activity\.attachments\.contentType must be"),
    ],
)
def test_a_malformed_field_is_refused_with_its_path(change: dict[str, object], where: str) -> None:
    with pytest.raises(ValueError, match=where):
        activity_from_json({**TEAMS_CHANNEL_MESSAGE, **change})


def test_dates_and_nested_models_are_read_as_their_types() -> None:
    activity = activity_from_json(
        {**TEAMS_CHANNEL_MESSAGE, "timestamp": "2026-03-04T09:30:00.25+00:00",
         "attachments": [{"contentType": "text/plain", "content": {"a": [1]}}]})
    assert activity.timestamp == datetime(2026, 3, 4, 9, 30, 0, 250000, tzinfo=UTC)
    assert isinstance(activity.attachments[0], Attachment)
    assert activity.attachments[0].content == {"a": [1]}
    assert activity.conversation.is_group is True
    assert activity.from_property.aad_object_id == "0000-11"


def test_a_field_set_after_the_activity_was_made_is_written() -> None:
    activity = activity_from_json(TEAMS_CHANNEL_MESSAGE)
    activity.reply_to_id = "1700000000000"
    activity.text = None
    written = to_json(activity)
    assert written["replyToId"] == "1700000000000"
    assert "text" not in written
