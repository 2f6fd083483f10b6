"""Teams, Web Chat, Direct Line and the Emulator: the message as an Adaptive Card.

- Version 1.5 for Teams; elsewhere the lowest version the card needs (1.2 with ActionSets,
  else 1.0). Every card has `fallbackText` (the plain-text rendering).
- One TextBlock (wrapped) per line, paragraphs spaced apart; "Label: value" blocks (To,
  Subject) as a FactSet; no markdown is added, so nothing shows as `**`.
- Buttons only for options that can be chosen, titled "N. start of the details" in at most 40
  characters; when a title leaves details out, or an option does not fit, every option is
  listed in the body, numbered, with the reason an option does not fit.
- A button sends the reply a user could type ("2") and shows its title in the conversation:
  Teams gets `messageBack` with `displayText`; Web Chat (and the Emulator, which embeds it) gets
  a Bot Framework `messageBack` card action, which it shows as the user's message.
- An email edit form (subject and a multi-line body) submits `era_form` with the inputs; the
  bot reads it as the typed "Subject: ..." edit.
"""

from __future__ import annotations

import re
from typing import Any

from botbuilder.core import CardFactory, MessageFactory
from botbuilder.schema import Activity

from dialogs.rendering.outgoing_message import Button, EmailForm, OutgoingMessage
from dialogs.rendering.plain_text_renderer import DEFAULT_REASON, render_plain_text
from language.catalogue import say

REPLY_KEY = "era_reply"
FORM_KEY = "era_form"
EMAIL_FORM = "email"
SUBJECT_INPUT = "era_subject"
BODY_INPUT = "era_body"
TEAMS = "msteams"
TEAMS_CARD_VERSION = "1.5"
MAX_TOP_LEVEL_ACTIONS = 5
EDIT_REPLY = "edit"
OPTIONS_HEADING = "render.options_heading"
# "4. ..." at the start of a line is a markdown list item, which Web Chat renumbers from 1;
# "4 – ..." reads the same and stays as written.
CHOICE_LINE = "{number} – {details}"
UNFIT_LINE = "render.unfit_line"
SUBJECT_LABEL = "render.subject_label"
BODY_LABEL = "render.body_label"
SAVE_CHANGES = "render.save_changes"
# What markdown reads as markup in one line: emphasis, code, strike, links, escapes anywhere;
# a heading, quote, list item, rule or setext underline at its start.
_MARKDOWN = re.compile(r"[*_`~\\\[]|^\s*(?:[#>=]|[-+]|\d+[.)](?:\s|$))")
RICH_TEXT_VERSION = "1.2"


def render_adaptive_card(
    message: OutgoingMessage, channel_id: str, language: str | None
) -> Activity:
    """The activity carrying the card (plain text when there is nothing to press), with ERA's
    own words in `language`."""
    if not message.has_questions:
        return MessageFactory.text(render_plain_text(message, language))
    # The card carries the same plain text as its fallbackText; it is rendered there once.
    card = adaptive_card(message, channel_id, language)
    activity = MessageFactory.attachment(CardFactory.adaptive_card(card))
    return activity


def adaptive_card(
    message: OutgoingMessage, channel_id: str, language: str | None
) -> dict[str, Any]:
    """The Adaptive Card JSON for `message` on `channel_id`, ERA's own words in `language`."""
    body: list[dict[str, Any]] = []
    for paragraph in message.paragraphs:
        if paragraph.facts:
            body.append({
                "type": "FactSet",
                "facts": [{"title": fact.label, "value": fact.value}
                          for fact in paragraph.facts],
                "spacing": "Medium",
            })
            continue
        for index, line in enumerate(paragraph.lines):
            body.append(_text(line, spacing="Medium" if index == 0 else "None"))
    if message.unfit_choices or any(choice.shortened for choice in message.valid_choices):
        body.append(_text(say(OPTIONS_HEADING, language), spacing="Medium", weight="Bolder"))
        for choice in message.choices:
            if choice.fits:
                body.append(_text(CHOICE_LINE.format(number=choice.number,
                                                     details=choice.details), spacing="Small"))
            else:
                body.append(_text(say(
                    UNFIT_LINE, language, number=choice.number, details=choice.details,
                    reason=choice.reason or say(DEFAULT_REASON, language),
                ), spacing="Small", isSubtle=True))
    buttons = [Button(choice.title, choice.reply, _shown(choice.title))
               for choice in message.valid_choices]
    buttons += list(message.buttons)
    actions: list[dict[str, Any]] = []
    form = message.form
    has_edit_button = any(button.reply == EDIT_REPLY for button in buttons)
    if form is not None and not has_edit_button:
        body.extend(_form_inputs(form, language))
        actions.append(_form_submit(form, language))
    for button in buttons:
        if form is not None and button.reply == EDIT_REPLY:
            actions.append({
                "type": "Action.ShowCard",
                "title": button.title,
                "card": {
                    "type": "AdaptiveCard",
                    "body": _form_inputs(form, language),
                    "actions": [_form_submit(form, language)],
                },
            })
        else:
            actions.append(_submit(button, channel_id))
    card: dict[str, Any] = {
        "type": "AdaptiveCard",
        "$schema": "http://adaptivecards.io/schemas/adaptive-card.json",
        "version": "1.0",
        "fallbackText": render_plain_text(message, language),
        "body": body,
    }
    if any(block["type"] == "RichTextBlock" for block in body):
        card["version"] = RICH_TEXT_VERSION
    if len(actions) <= MAX_TOP_LEVEL_ACTIONS:
        card["actions"] = actions
    else:
        # Teams shows only a few top-level actions; one ActionSet per row keeps every option.
        body.extend({"type": "ActionSet", "actions": [action]} for action in actions)
        card["version"] = "1.2"
    if channel_id == TEAMS:
        card["version"] = TEAMS_CARD_VERSION
    return card


def submit_data(reply: str, title: str, channel_id: str) -> dict[str, Any]:
    """What a button carries: the reply as the message text, shown as `title`. `era_reply`
    is kept for hosts that deliver the data as activity.value only, and is the messageBack's
    own value (which Teams and Web Chat post as activity.value): it tells the bot the text is
    a pressed button's, ERA's wording, not words the person chose (the language stays)."""
    if channel_id == TEAMS:
        return {
            REPLY_KEY: reply,
            "msteams": {"type": "messageBack", "text": reply, "displayText": title,
                        "value": {REPLY_KEY: reply}},
        }
    return {
        REPLY_KEY: reply,
        "__isBotFrameworkCardAction": True,
        "cardAction": {"type": "messageBack", "title": title, "text": reply,
                       "displayText": title, "value": {REPLY_KEY: reply}},
    }


def _submit(button: Button, channel_id: str) -> dict[str, Any]:
    return {"type": "Action.Submit", "title": button.title,
            "data": submit_data(button.reply, button.shown or button.title, channel_id)}


def _shown(title: str) -> str:
    """How a pressed option reads in the conversation: "2 – Mon 23 Nov, 15:30-16:00" (not
    "2. ...", which markdown would show as a list starting at 1)."""
    number, dot, rest = title.partition(". ")
    return f"{number} – {rest}" if dot and number.isdigit() else title


def _text(text: str, *, spacing: str, **extra: Any) -> dict[str, Any]:
    """One line of the card, shown as written. A TextBlock's text is markdown (Web Chat, Teams):
    a line that markdown would change (an email's "*Important*", "# of shifts", "> quote",
    "5*3*2") is a RichTextBlock, whose TextRun is never markdown, so the preview shows the
    characters that will be sent."""
    if _MARKDOWN.search(text):
        return {"type": "RichTextBlock", "spacing": spacing,
                "inlines": [{"type": "TextRun", "text": text, **extra}]}
    return {"type": "TextBlock", "text": text, "wrap": True, "spacing": spacing, **extra}


def _form_inputs(form: EmailForm, language: str | None) -> list[dict[str, Any]]:
    subject, body = say(SUBJECT_LABEL, language), say(BODY_LABEL, language)
    return [
        _text(subject, spacing="Medium", weight="Bolder"),
        {"type": "Input.Text", "id": SUBJECT_INPUT, "value": form.subject, "maxLength": 200,
         "placeholder": subject},
        _text(body, spacing="Small", weight="Bolder"),
        {"type": "Input.Text", "id": BODY_INPUT, "value": form.body, "isMultiline": True,
         "placeholder": body},
    ]


def _form_submit(form: EmailForm, language: str | None) -> dict[str, Any]:
    return {"type": "Action.Submit", "title": form.submit_title or say(SAVE_CHANGES, language),
            "data": {FORM_KEY: EMAIL_FORM}}


def form_reply(value: dict[str, Any]) -> str | None:
    """The submitted email form as the text a user would type ("Subject: ...", a blank line,
    the body); None when `value` is not that form."""
    if value.get(FORM_KEY) != EMAIL_FORM:
        return None
    subject = str(value.get(SUBJECT_INPUT) or "").strip()
    body = str(value.get(BODY_INPUT) or "").replace("\r\n", "\n").strip()
    parts = [f"Subject: {subject}"] if subject else []
    if body:
        parts.append(body)
    return "\n\n".join(parts)
