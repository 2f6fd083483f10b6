"""Builds the activity that asks a question, in the form the channel can show.

The question (text, numbered options, extra buttons, an email edit form) becomes one
`OutgoingMessage`, rendered once per channel family: Teams, Web Chat, Direct Line and the
Emulator get an Adaptive Card; Slack (through the Azure Bot Service connector) gets a hero card
whose text lists every option, with at most five buttons; any other channel gets numbered plain
text. Every button sends back the same text a user could type ("2", "yes"), so a press and a
typed reply take the same path through the reply interpreter.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import orjson
from botbuilder.core import CardFactory, MessageFactory
from botbuilder.schema import Activity

from core.choice_option import ChoiceOption
from dialogs.rendering.adaptive_card_renderer import REPLY_KEY, render_adaptive_card
from dialogs.rendering.outgoing_message import EmailForm, OutgoingMessage
from dialogs.rendering.plain_text_renderer import render_plain_text
from dialogs.rendering.slack_renderer import render_slack

__all__ = ["ADAPTIVE_CARD_CHANNELS", "REPLY_KEY", "SLACK_CHANNELS", "question_activity",
           "render_message"]

ADAPTIVE_CARD_CHANNELS = frozenset({"msteams", "emulator", "webchat", "directline", "test"})
SLACK_CHANNELS = frozenset({"slack"})


def render_message(channel_id: str, message: OutgoingMessage, language: str | None) -> Activity:
    """`message` as `channel_id` can show it, the renderer's own words in `language`."""
    if channel_id in ADAPTIVE_CARD_CHANNELS:
        return render_adaptive_card(message, channel_id, language)
    if channel_id in SLACK_CHANNELS:
        return render_slack(message, language)
    return MessageFactory.text(render_plain_text(message, language))


def question_activity(
    channel_id: str,
    text: str,
    *,
    options: Sequence[ChoiceOption] = (),
    buttons: Sequence[tuple[str, str]] = (),
    form: EmailForm | None = None,
    language: str | None,
) -> Activity:
    """The activity asking `text`, offering `options` (numbered) and/or extra `buttons`
    given as (title, reply text), and the email edit `form` when given; `language` is the one
    the question is in, and the one the renderers' own words ("Options:") are said in."""
    if channel_id in ADAPTIVE_CARD_CHANNELS:
        try:
            card, plain = rendered_card(channel_id, text, tuple(options), tuple(buttons), form,
                                        language)
        except TypeError:  # something in the question cannot be a cache key or JSON
            pass
        else:
            if card is None:
                return MessageFactory.text(plain)
            # A card of its own: the buttons are stamped with whom they are for when sent.
            return MessageFactory.attachment(CardFactory.adaptive_card(orjson.loads(card)))
    message = OutgoingMessage.from_question(text, options=options, buttons=buttons, form=form)
    return render_message(channel_id, message, language)


@functools.lru_cache(maxsize=128)
def rendered_card(
    channel_id: str, text: str, options: tuple[ChoiceOption, ...],
    buttons: tuple[tuple[str, str], ...], form: EmailForm | None, language: str | None,
) -> tuple[bytes | None, str]:
    """An Adaptive Card question as its JSON (None with the plain text when it has nothing to
    press), rendered once for the same question in the same language: the help card, the
    greeting and the other answers everyone gets are asked again and again, and rendering one
    took about a tenth of a help turn."""
    message = OutgoingMessage.from_question(text, options=options, buttons=buttons, form=form)
    activity = render_adaptive_card(message, channel_id, language)
    if not activity.attachments:
        return None, activity.text
    return orjson.dumps(activity.attachments[0].content), ""
