"""Builds the activity that asks a question, in the form the channel can show.

Teams, Web Chat, Direct Line and the Emulator get an Adaptive Card with a button per option;
Slack (through the Azure Bot Service connector) gets a hero card with imBack buttons; any other
channel gets a numbered list. Every button sends back the same text a user could type ("2",
"yes"), so a press and a typed reply take the same path through the reply interpreter.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from botbuilder.core import CardFactory, MessageFactory
from botbuilder.schema import ActionTypes, Activity, CardAction, HeroCard

from core.choice_option import ChoiceOption
from language.catalogue import say

ADAPTIVE_CARD_CHANNELS = frozenset({"msteams", "emulator", "webchat", "directline", "test"})
HERO_CARD_CHANNELS = frozenset({"slack"})
REPLY_KEY = "era_reply"
_MAX_TOP_LEVEL_ACTIONS = 5


def option_title(option: ChoiceOption, *, marked: bool = False) -> str:
    """How an option reads on a button: "2. Afternoon (15:00-20:00)", with ✓ or ✗ when some
    options fit and some do not (`marked`)."""
    title = f"{option.index + 1}. {option.label}"
    if marked:
        title += " ✓" if option.fits else " ✗"
    return title


def fit_notes(options: Sequence[ChoiceOption], language: str = "en") -> list[str]:
    """One line per option that does not fit, saying why (buttons stay short)."""
    return [
        f"✗ {option.index + 1}. {option.label}: "
        f"{option.reason or say('card.not_available', language)}"
        for option in options if not option.fits
    ]


def submit_data(reply: str, title: str) -> dict[str, Any]:
    """Card submit payload: Teams posts `reply` as the message text (messageBack, shown to the
    user as `title`); other hosts deliver the dict as activity.value, which the bot maps back to
    the same text."""
    return {
        REPLY_KEY: reply,
        "msteams": {"type": "messageBack", "text": reply, "displayText": title},
    }


def question_activity(
    channel_id: str,
    text: str,
    *,
    options: Sequence[ChoiceOption] = (),
    buttons: Sequence[tuple[str, str]] = (),
    language: str = "en",
) -> Activity:
    """The activity asking `text`, offering `options` (numbered) and/or extra `buttons`
    given as (title, reply text); `language` is the one the question is in."""
    marked = any(not o.fits for o in options)
    choices = [(option_title(o, marked=marked), str(o.index + 1)) for o in options]
    choices += list(buttons)
    if not choices:
        return MessageFactory.text(text)
    notes = fit_notes(options, language)
    if notes:
        text = "\n\n".join([text, "\n".join(notes)])
    if channel_id in ADAPTIVE_CARD_CHANNELS:
        return MessageFactory.attachment(CardFactory.adaptive_card(_adaptive_card(text, choices)))
    if channel_id in HERO_CARD_CHANNELS:
        card = HeroCard(
            text=text,
            buttons=[
                CardAction(type=ActionTypes.im_back, title=title, value=reply)
                for title, reply in choices
            ],
        )
        return MessageFactory.attachment(CardFactory.hero_card(card))
    lines = [text, ""]
    lines += [title if title[:1].isdigit() else say("card.reply_with", language, title=title,
                                                    reply=reply)
              for title, reply in choices]
    return MessageFactory.text("\n".join(lines))


def _adaptive_card(text: str, choices: list[tuple[str, str]]) -> dict[str, Any]:
    actions = [
        {"type": "Action.Submit", "title": title, "data": submit_data(reply, title)}
        for title, reply in choices
    ]
    body: list[dict[str, Any]] = [{"type": "TextBlock", "text": text, "wrap": True}]
    card: dict[str, Any] = {
        "type": "AdaptiveCard",
        "$schema": "http://adaptivecards.io/schemas/adaptive-card.json",
        "version": "1.4",
        "body": body,
    }
    if len(actions) <= _MAX_TOP_LEVEL_ACTIONS:
        card["actions"] = actions
    else:
        # Teams shows only a few top-level actions; one ActionSet per row keeps every option.
        body.extend({"type": "ActionSet", "actions": [action]} for action in actions)
    return card
