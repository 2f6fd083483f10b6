"""Builds the activity that asks a question, in the form the channel can show.

The question (text, numbered options, extra buttons, an email edit form) becomes one
`OutgoingMessage`, rendered once per channel family: Teams, Web Chat, Direct Line and the
Emulator get an Adaptive Card; Slack (through the Azure Bot Service connector) gets a hero card
whose text lists every option, with at most five buttons; any other channel gets numbered plain
text. Every button sends back the same text a user could type ("2", "yes"), so a press and a
typed reply take the same path through the reply interpreter.
"""

from __future__ import annotations

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
        return RENDERED.activity(channel_id, text, tuple(options), tuple(buttons), form, language)
    message = OutgoingMessage.from_question(text, options=options, buttons=buttons, form=form)
    return render_message(channel_id, message, language)


_Question = tuple[str, str, tuple[ChoiceOption, ...], tuple[tuple[str, str], ...],
                  EmailForm | None, str | None]


class RenderedQuestions:
    """The Adaptive Card questions rendered last, as JSON, by channel, question and language:
    the help card, the greeting and the other answers everyone gets are asked again and again,
    and rendering one took about a tenth of a help turn. Each turn gets a copy of its own (its
    buttons are stamped with whom they are for when sent)."""

    def __init__(self, size: int) -> None:
        self._kept: dict[_Question, tuple[bytes | None, str]] = {}
        self._size = size
        self.hits = 0

    def activity(
        self, channel_id: str, text: str, options: tuple[ChoiceOption, ...],
        buttons: tuple[tuple[str, str], ...], form: EmailForm | None, language: str | None,
    ) -> Activity:
        """The question's activity, from the card kept for it when there is one."""
        question = (channel_id, text, options, buttons, form, language)
        try:
            kept = self._kept.get(question)
        except TypeError:  # something in the question cannot be a key: rendered each time
            return render_adaptive_card(OutgoingMessage.from_question(
                text, options=options, buttons=buttons, form=form), channel_id, language)
        if kept is not None:
            self.hits += 1
            card, plain = kept
            if card is None:
                return MessageFactory.text(plain)
            return MessageFactory.attachment(CardFactory.adaptive_card(orjson.loads(card)))
        activity = render_adaptive_card(OutgoingMessage.from_question(
            text, options=options, buttons=buttons, form=form), channel_id, language)
        if not activity.attachments:
            kept = (None, activity.text)
        else:
            try:
                kept = (orjson.dumps(activity.attachments[0].content), "")
            except orjson.JSONEncodeError:  # not plain JSON: rendered each time
                return activity
        if len(self._kept) >= self._size:
            del self._kept[next(iter(self._kept))]  # the oldest
        self._kept[question] = kept
        return activity


# A card's JSON is a few kilobytes: 128 of them hold well under one MB.
RENDERED = RenderedQuestions(128)
