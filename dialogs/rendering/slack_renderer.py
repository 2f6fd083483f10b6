"""Slack (through the Azure Bot Service connector): a hero card whose text carries every option
with its details and says what to type, and at most five buttons (Slack drops the rest)."""

from __future__ import annotations

from botbuilder.core import CardFactory, MessageFactory
from botbuilder.schema import ActionTypes, Activity, CardAction, HeroCard

from dialogs.rendering.outgoing_message import Button, OutgoingMessage
from dialogs.rendering.plain_text_renderer import render_plain_text
from language.catalogue import say

MAX_SLACK_BUTTONS = 5
TYPE_A_NUMBER = "render.type_a_number"


def render_slack(message: OutgoingMessage, language: str | None) -> Activity:
    """The hero card (or plain text when there is nothing to press), in `language`."""
    text = render_plain_text(message, language)
    if not message.has_questions:
        return MessageFactory.text(text)
    numbers = [str(choice.number) for choice in message.valid_choices]
    if numbers:
        shown = numbers[0] if len(numbers) == 1 else f"{numbers[0]}-{numbers[-1]}"
        if len(numbers) > 1 and [int(n) for n in numbers] != list(
            range(int(numbers[0]), int(numbers[-1]) + 1)
        ):
            shown = ", ".join(numbers)
        text = f"{text}\n\n{say(TYPE_A_NUMBER, language, numbers=shown)}"
    card = HeroCard(
        text=text,
        buttons=[
            CardAction(type=ActionTypes.im_back, title=button.title, value=button.reply)
            for button in slack_buttons(message)
        ],
    )
    return MessageFactory.attachment(CardFactory.hero_card(card))


def slack_buttons(message: OutgoingMessage) -> list[Button]:
    """At most five buttons: the extra ones (Send, Cancel, ...) are kept, the options that fit
    fill the rest in order (every option stays in the text, so any can be typed)."""
    extras = list(message.buttons[:MAX_SLACK_BUTTONS])
    room = MAX_SLACK_BUTTONS - len(extras)
    choices = [Button(choice.title, choice.reply) for choice in message.valid_choices[:room]]
    return choices + extras
