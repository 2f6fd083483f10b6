"""Parsing the LLM's proposed commands: tags anywhere, tool calls, nothing raw left visible."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from core.cancel_command import CancelCommand, CommandKind, parse_commands

G, C, R = CommandKind.GET_SHIFTS, CommandKind.CONFIRM_CANCEL, CommandKind.REASON


@pytest.mark.parametrize(
    ("text", "commands", "visible"),
    [
        ("<GETSHIFTS>shift tomorrow", [(G, "shift tomorrow")], ""),
        ("Found your shift at John. <CONFIRM_CANCEL>opt_1", [(C, "opt_1")],
         "Found your shift at John."),
        ("<REASON>I'm sick", [(R, "I'm sick")], ""),
        ("Sure! <GETSHIFTS>tomorrow\nLet me check that for you.", [(G, "tomorrow")],
         "Sure!\nLet me check that for you."),
        ("<confirm_cancel> opt_2 Please tell me why.", [(C, "opt_2")], "Please tell me why."),
        ("Found it <CONFIRM_CANCEL>opt_1 <REASON>I'm sick", [(C, "opt_1"), (R, "I'm sick")],
         "Found it"),
        ("I found 3 shifts:\n1. Mon\n2. Tue\nWhich one?", [],
         "I found 3 shifts:\n1. Mon\n2. Tue\nWhich one?"),
        ("Done. </GETSHIFTS> <UNKNOWN_TAG>", [], "Done."),
        ("", [], ""),
    ],
)
def test_tags(text: str, commands: list[tuple[CommandKind, str]], visible: str) -> None:
    parsed = parse_commands(text)
    assert parsed.commands == tuple(CancelCommand(k, a) for k, a in commands)
    assert parsed.visible_text == visible
    assert "<" not in parsed.visible_text


@dataclass
class Call:
    name: str
    arguments: dict[str, Any] = field(default_factory=dict)
    malformed: bool = False


def test_tool_calls_are_commands_too() -> None:
    parsed = parse_commands("", [Call("get_shifts", {"query": "friday"}),
                                 Call("confirm_cancel", {"shift_id": "opt_3"}),
                                 Call("give_reason", {"reason": "flu"}),
                                 Call("delete_everything", {"all": True}),
                                 Call("confirm_cancel", {}, malformed=True)])
    assert parsed.commands == (CancelCommand(G, "friday"), CancelCommand(C, "opt_3"),
                               CancelCommand(R, "flu"))


def test_tool_calls_that_cannot_be_read_are_listed_not_run() -> None:
    from core.llm_client import ToolCall

    parsed = parse_commands("", [
        ToolCall("get_shifts", {}, malformed=True),
        ToolCall("delete_everything", {"all": True}),
        ToolCall("give_reason", {"reason": "sick"}),
    ])
    assert parsed.unreadable == ("get_shifts", "delete_everything")
    assert [c.kind for c in parsed.commands] == [CommandKind.REASON]
