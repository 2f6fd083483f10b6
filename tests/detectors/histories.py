"""Shared builders for the detector tests: conversation histories in a compact form."""

from __future__ import annotations

from core.conversation_turn import ConversationTurn, Role


def user(text: str) -> ConversationTurn:
    """A manager's message."""
    return ConversationTurn(Role.USER, text)


def era(text: str) -> ConversationTurn:
    """One of ERA's replies."""
    return ConversationTurn(Role.ASSISTANT, text)


NO_SHOW_ANSWERED = (
    user("My employee didn't show up for 3 days"),
    era("Got it — that's definitely something we need to address. Have you tried reaching out?"),
    user("I tried calling once but they didn't pick up"),
)
LATE_ANSWERED = (
    user("One of my cashiers has been late 5 times this month"),
    era("Has this been documented, and have you already given a verbal warning?"),
    user("Yes, I gave a verbal warning two weeks ago and wrote it down"),
)
