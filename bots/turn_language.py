"""The language ERA speaks in this turn, for the parts of the bot that run around the dialogs
(middleware, the error handler, the hand-over)."""

from __future__ import annotations

from botbuilder.core import TurnContext

from dialogs.era_turn import EraTurn
from language.language_choice import choose_language
from state.person_state import current_person_state


def turn_language(context: TurnContext) -> str:
    """The language the bot chose for this turn, or (before it chose, e.g. in a middleware
    that answers first) the one the client's locale gives."""
    try:
        return EraTurn.of(context).language
    except RuntimeError:
        state = current_person_state()
        kept = state.language if state is not None else None
        return choose_language(None, context.activity.locale, None, kept)
