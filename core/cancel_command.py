"""Commands the LLM proposes in the shift-cancellation flow, parsed from its reply.

The design note's protocol is tags in the text — `<GETSHIFTS>query`, `<CONFIRM_CANCEL>id`,
`<REASON>text` — anywhere in the prose; tool calls (`get_shifts`, `confirm_cancel`,
`give_reason`) say the same. Parsing only turns them into typed commands and strips them (and
any other tag-like text) from what the user may see; whether a command is executed is the
server's decision, against what it offered.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class CommandKind(StrEnum):
    """The three commands of the protocol."""

    GET_SHIFTS = "GETSHIFTS"
    CONFIRM_CANCEL = "CONFIRM_CANCEL"
    REASON = "REASON"


@dataclass(frozen=True)
class CancelCommand:
    """One proposed command and its argument (a query, an option id, or the reason)."""

    kind: CommandKind
    argument: str


@dataclass(frozen=True)
class ParsedReply:
    """The commands in order, the text with every command and tag removed, and the tool calls
    that could not be read (invalid JSON arguments, a tool that does not exist)."""

    commands: tuple[CancelCommand, ...]
    visible_text: str
    unreadable: tuple[str, ...] = ()


TOOL_NAMES = {
    "get_shifts": (CommandKind.GET_SHIFTS, "query"),
    "confirm_cancel": (CommandKind.CONFIRM_CANCEL, "shift_id"),
    "give_reason": (CommandKind.REASON, "reason"),
}

_TAG = re.compile(r"<\s*(GETSHIFTS|CONFIRM_CANCEL|REASON)\s*>", re.IGNORECASE)
_ANY_TAG = re.compile(r"</?\s*[A-Z][A-Z_]{2,}\s*>")
_ID = re.compile(r"[\w:.\-]+")


def parse_commands(text: str, tool_calls: Sequence[Any] = ()) -> ParsedReply:
    """Commands from the tags in `text` and from tool calls (objects with `name` and a dict
    `arguments`, malformed ones ignored), and the text a user may see."""
    commands: list[CancelCommand] = []
    visible: list[str] = []
    position = 0
    for match in _TAG.finditer(text):
        if match.start() < position:
            continue
        visible.append(text[position:match.start()])
        kind = CommandKind(match.group(1).upper())
        line_end = text.find("\n", match.end())
        line_end = len(text) if line_end < 0 else line_end
        following = _TAG.search(text, match.end(), line_end)
        end = following.start() if following else line_end
        argument = text[match.end():end].strip()
        if kind is CommandKind.CONFIRM_CANCEL:
            found = _ID.match(argument)
            taken = found.group(0) if found else ""
            # Prose after the id ("<CONFIRM_CANCEL>opt_1 Let me ask why.") stays visible.
            visible.append(argument[len(taken):] if found else "")
            argument = taken
        commands.append(CancelCommand(kind, argument))
        position = end
    visible.append(text[position:])
    unreadable: list[str] = []
    for call in tool_calls:
        name = str(getattr(call, "name", ""))[:40]
        known = TOOL_NAMES.get(name)
        arguments = getattr(call, "arguments", {}) or {}
        if getattr(call, "malformed", False) or known is None or not isinstance(arguments, dict):
            unreadable.append(name or "(no name)")
            continue
        kind, field = known
        commands.append(CancelCommand(kind, str(arguments.get(field, "")).strip()))
    shown = _ANY_TAG.sub("", "".join(visible))
    shown = re.sub(r"[ \t]+\n", "\n", re.sub(r"[ \t]{2,}", " ", shown)).strip()
    return ParsedReply(tuple(commands), shown, tuple(unreadable))
