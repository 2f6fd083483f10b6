"""The language ERA speaks in this turn, for the parts of the bot that run around the dialogs
(middleware, the error handler, the hand-over, sign-in)."""

from __future__ import annotations

from typing import Any

from botbuilder.core import TurnContext

from dialogs.era_turn import EraTurn
from dialogs.question_card import REPLY_KEY
from language.intent_rules import MatchKind
from language.language_choice import choose_language
from language.understanding import understand
from state.person_state import current_person_state

_MESSAGE_LANGUAGE = "era.message_language"


def turn_language(context: TurnContext) -> str:
    """The language the bot chose for this turn, or (before it chose, e.g. in a middleware
    that answers first) the one the message is written in (see `message_turn_language`)."""
    try:
        return EraTurn.of(context).language
    except RuntimeError:
        pass
    # The hand-over answers around the dialogs may ask more than once in a turn: the message
    # is read once.
    language = context.turn_state.get(_MESSAGE_LANGUAGE)
    if not isinstance(language, str):
        language = message_turn_language(context.activity)
        context.turn_state[_MESSAGE_LANGUAGE] = language
    return language


def message_turn_language(activity: Any) -> str:
    """The language to answer `activity` in before the dialogs run: the message's own when it
    is clearly written in one ("c'est à propos de mes heures" while with HR in English), else
    the language kept for the person, the client's locale. As for a dialog turn, a short reply
    that fits the language spoken ("ok") keeps it, and a pressed button's words (ERA's own)
    say nothing of the person's language."""
    state = current_person_state()
    kept = state.language if state is not None else None
    text = activity.text or ""
    pressed = isinstance(activity.value, dict) and activity.value.get(REPLY_KEY) == text
    if not text.strip() or pressed:
        return choose_language(None, activity.locale, None, kept)
    understood = understand(text, locale=activity.locale)
    is_request = understood.match.kind is MatchKind.COMMAND
    return choose_language(understood.language, activity.locale, None, kept,
                           folded="" if is_request else understood.folded)
