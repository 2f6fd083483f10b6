"""Checks an incoming activity's JSON before the SDK sees it.

botbuilder answers a body without `conversation`, or a message without `serviceUrl`, with a 500
(it fails deep inside the turn); ERA answers such requests with a clear 400 instead.
"""

from __future__ import annotations

from typing import Any

MAX_TEXT_CHARS = 28_000  # Teams' own message limit is about 28 KB


def problem_with_activity(body: Any) -> str | None:
    """What is wrong with the activity, in words for the caller, or None when it can be run."""
    if not isinstance(body, dict):
        return "the body must be a JSON object (a Bot Framework activity)"
    activity_type = body.get("type")
    if not isinstance(activity_type, str) or not activity_type:
        return "the activity needs a 'type'"
    conversation = body.get("conversation")
    if not isinstance(conversation, dict) or not isinstance(conversation.get("id"), str) or (
        not conversation["id"]
    ):
        return "the activity needs 'conversation.id'"
    service_url = body.get("serviceUrl")
    if not isinstance(service_url, str) or not service_url.startswith(("http://", "https://")):
        return "the activity needs an http(s) 'serviceUrl' to reply to"
    sender = body.get("from")
    if sender is not None and not isinstance(sender, dict):
        return "'from' must be an object"
    if not isinstance(body.get("recipient"), dict):
        return "the activity needs a 'recipient' object (the bot)"
    for field in ("entities", "membersAdded", "membersRemoved", "attachments"):
        if body.get(field) is not None and not isinstance(body[field], list):
            return f"'{field}' must be a list"
    text = body.get("text")
    if text is not None and not isinstance(text, str):
        return "'text' must be a string"
    if isinstance(text, str) and len(text) > MAX_TEXT_CHARS:
        return f"'text' is longer than {MAX_TEXT_CHARS} characters"
    channel_id = body.get("channelId")
    if not isinstance(channel_id, str) or not channel_id:
        return "the activity needs a 'channelId'"
    return None


def clean_text(body: dict[str, Any]) -> dict[str, Any]:
    """The activity with text no store can encode (lone surrogates from JSON escapes) replaced."""
    text = body.get("text")
    if isinstance(text, str):
        body["text"] = text.encode("utf-8", "replace").decode("utf-8")
    return body
