"""Checks an incoming activity's JSON before the SDK sees it.

botbuilder answers a body without `conversation`, or a message without `serviceUrl`, with a 500
(it fails deep inside the turn); ERA answers such requests with a clear 400 instead. The body is
read here too: nesting is bounded (more than 64 levels is refused, and the C parser stops at
the interpreter's recursion limit rather than crashing on 100,000 brackets), text no store can
encode (lone surrogates from JSON escapes) is replaced in every string and key, and invokes are
answered at the door with a proper invoke status instead of the SDK's 501 or 500.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

import orjson

from dialogs.rendering.adaptive_card_renderer import BODY_INPUT, REPLY_KEY, SUBJECT_INPUT

MAX_TEXT_CHARS = 28_000  # Teams' own message limit is about 28 KB
MAX_ID_CHARS = 1024
_URL_SAFE_ID = re.compile(rf"[\x21-\x7e]{{1,{MAX_ID_CHARS}}}")
# A BCP 47 language tag as channels send it ("en-US", "zh-Hans-CN", "pt_BR"), at most 35 long.
_LANGUAGE_TAG = re.compile(r"(?=.{1,35}$)[A-Za-z]{1,8}(?:[-_][A-Za-z0-9]{1,8})*")
MAX_NESTING = 64  # Teams' and Adaptive Cards' own payloads stay far below this
_SURROGATE = re.compile("[\ud800-\udfff]")
# Strict UTF-8 cannot carry a surrogate: one reaches the parsed JSON only as a \uD800-\uDFFF
# escape. Text without such an escape (almost every body) needs no cleaning.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
# A number orjson may not read as an integer (past 64 bits it gives a float).
_LONG_NUMBER = re.compile(rb"\d{19}")
ADAPTIVE_CARD_ACTION = "adaptiveCard/action"
HEALTH_CHECK = "healthCheck"
VERIFY_STATE = "signin/verifyState"
TOKEN_EXCHANGE = "signin/tokenExchange"


class BadBody(ValueError):
    """The request body is not a JSON activity ERA can read; the message says why."""


@dataclass(frozen=True)
class InvokeAnswer:
    """An invoke answered without running a turn: HTTP status and JSON body."""

    status: int
    body: dict[str, Any]


def read_body(raw: bytes) -> Any:
    """The JSON in the body, with nesting bounded and unencodable text cleaned.

    Raises BadBody (answer 400) for bytes that are not UTF-8 JSON or nest too deep.
    """
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise BadBody("the body is not UTF-8") from error
    too_deep = BadBody(f"the JSON nests deeper than {MAX_NESTING} levels")
    try:
        document = _parsed(raw, text)
    except RecursionError as error:
        raise too_deep from error
    except ValueError as error:
        raise BadBody("the body is not valid JSON") from error
    # A document cannot nest deeper than it has brackets; most bodies have far fewer than 64.
    if text.count("{") + text.count("[") > MAX_NESTING and nesting_depth(document) > MAX_NESTING:
        raise too_deep
    return clean_strings(document) if _SURROGATE_ESCAPE.search(text) else document


def _parsed(raw: bytes, text: str) -> Any:
    """The JSON value of a body, as the standard parser reads it.

    orjson reads an activity in a sixth of json's time (~6 us of a 500-byte body, more of a
    Teams one). What it refuses (a lone surrogate escape, NaN, nesting past 1,024) goes to the
    standard parser, which reads or refuses it as before; a run of 19 digits may be an integer
    orjson would read as a float, so such a body goes there too."""
    if _LONG_NUMBER.search(raw) is None:
        try:
            return orjson.loads(raw)
        except orjson.JSONDecodeError:
            pass
    # The C parser stops at the interpreter's recursion limit (RecursionError) on its own.
    return json.loads(text)


def nesting_depth(document: Any) -> int:
    """How deep the arrays and objects of a parsed JSON document nest (counted without
    recursion)."""
    deepest = 0
    pending: list[tuple[Any, int]] = [(document, 1)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, dict):
            children: Any = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        deepest = max(deepest, depth)
        pending.extend((child, depth + 1) for child in children)
    return deepest


def _problem_with_channel_data(channel_data: Any) -> str | None:
    """Teams' parts of channelData must have the shapes the SDK reads them as."""
    if channel_data is None:
        return None
    if not isinstance(channel_data, dict):
        return "'channelData' must be an object"
    for part in ("tenant", "team", "channel", "meeting", "settings", "notification"):
        if channel_data.get(part) is not None and not isinstance(channel_data[part], dict):
            return f"'channelData.{part}' must be an object"
    event_type = channel_data.get("eventType")
    if event_type is not None and not isinstance(event_type, str):
        return "'channelData.eventType' must be a string"
    return None


def _problem_with_card_words(value: Any) -> str | None:
    """What is wrong with the words a card submit carries (a button's reply, the email form's
    subject and text), which ERA reads as typed text: each must be a string, and together no
    longer than a typed message may be (else a forged press carries what typing could not)."""
    if not isinstance(value, dict):
        return None
    words = [(key, value[key]) for key in (REPLY_KEY, SUBJECT_INPUT, BODY_INPUT)
             if value.get(key) is not None]
    for key, said in words:
        if not isinstance(said, str):
            return f"'value.{key}' must be a string"
    if sum(len(said) for _key, said in words) > MAX_TEXT_CHARS:
        return f"a card's words are longer than {MAX_TEXT_CHARS} characters"
    return None


def clean_strings(value: Any) -> Any:
    """The value with lone surrogates replaced by U+FFFD in every string and key."""
    if isinstance(value, str):
        return _SURROGATE.sub("\ufffd", value)
    if isinstance(value, list):
        return [clean_strings(item) for item in value]
    if isinstance(value, dict):
        return {clean_strings(key): clean_strings(item) for key, item in value.items()}
    return value


def invoke_answer(body: dict[str, Any]) -> InvokeAnswer | None:
    """The answer to an invoke, or None when the activity is not one.

    ERA handles no invoke in a turn (its cards submit with Action.Submit, it has no task
    modules or message extensions, and Teams users never sign in: Teams says who they are):
    the Bot Framework health check is answered, an `adaptiveCard/action` gets a Universal
    Actions error, Teams' sign-in invokes the answers that end them harmlessly (a
    `signin/verifyState` is acknowledged; a `signin/tokenExchange` gets 412, on which Teams
    falls back to its sign-in button, as OAuthPrompt answers a failed exchange), any other
    invoke a 404.
    """
    if body.get("type") != "invoke":
        return None
    name = body.get("name")
    if name == HEALTH_CHECK:
        return InvokeAnswer(200, {"healthResults": {"success": True, "messages": ["ERA is up"]}})
    shown = name if isinstance(name, str) and len(name) <= 80 else "(unnamed)"
    if name == ADAPTIVE_CARD_ACTION:
        return InvokeAnswer(400, _card_action_error(body.get("value")))
    if name == VERIFY_STATE:
        return InvokeAnswer(200, {})
    if name == TOKEN_EXCHANGE:
        value = body.get("value") if isinstance(body.get("value"), dict) else {}
        return InvokeAnswer(412, {
            "id": value.get("id") if isinstance(value.get("id"), str) else None,
            "connectionName": value.get("connectionName")
            if isinstance(value.get("connectionName"), str) else None,
            "failureDetail": "ERA identifies Teams users without a sign-in",
        })
    return InvokeAnswer(404, {"error": f"ERA does not handle '{shown}' invokes"})


def _card_action_error(value: Any) -> dict[str, Any]:
    """A Universal Actions error response (ERA's cards submit with Action.Submit instead)."""
    action = value.get("action") if isinstance(value, dict) else None
    if not isinstance(action, dict) or action.get("type") != "Action.Execute":
        code, message = "BadRequest", "the invoke needs value.action of type Action.Execute"
    else:
        code, message = "NotSupported", "ERA's cards do not use Action.Execute"
    return {
        "statusCode": 400,
        "type": "application/vnd.microsoft.error",
        "value": {"code": code, "message": message},
    }


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
    for field in ("membersAdded", "membersRemoved"):
        if any(not isinstance(member, dict) for member in body.get(field) or []):
            return f"every entry of '{field}' must be an object"
    for name, value in (("conversation.id", conversation["id"]), ("id", body.get("id"))):
        # Both go into the URL of every reply; channels use printable ASCII.
        if value is not None and not (isinstance(value, str) and _URL_SAFE_ID.fullmatch(value)):
            return f"'{name}' must be printable ASCII of at most {MAX_ID_CHARS} characters"
    problem = _problem_with_channel_data(body.get("channelData"))
    if problem:
        return problem
    text = body.get("text")
    if text is not None and not isinstance(text, str):
        return "'text' must be a string"
    if isinstance(text, str) and len(text) > MAX_TEXT_CHARS:
        return f"'text' is longer than {MAX_TEXT_CHARS} characters"
    problem = _problem_with_card_words(body.get("value"))
    if problem:
        return problem
    channel_id = body.get("channelId")
    if not isinstance(channel_id, str) or not channel_id:
        return "the activity needs a 'channelId'"
    locale = body.get("locale")
    if locale not in (None, "") and not (isinstance(locale, str)
                                         and _LANGUAGE_TAG.fullmatch(locale)):
        # It picks the lexicons read and the catalogue said: a language tag, nothing else.
        return "'locale' must be a language tag such as 'en-US'"
    return None

