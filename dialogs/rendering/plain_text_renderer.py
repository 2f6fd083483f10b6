"""Any channel without cards: the message as numbered plain text, answerable by typing."""

from __future__ import annotations

from dialogs.rendering.outgoing_message import Choice, OutgoingMessage, Paragraph
from language.catalogue import say

UNFIT_NOTE = "render.unfit_note"
DEFAULT_REASON = "render.not_available"
# A yes or a no is told as the language's own word ("oui", "はい"), which ERA reads as well.
_OWN_WORD = {"yes": "button.yes", "no": "button.no"}
# Buttons whose title, in every language, is words ERA reads as what the button sends: the
# title is what to type ("Keine davon", not "none of these"; "Verwerfen", not "cancel").
_TITLE_TYPED = frozenset({"none of these", "another time", "edit", "cancel"})
# An email preview's Send button names its draft ("send email draft-..."); typed, "Send" /
# "Senden" sends the draft on show.
_SEND_EMAIL_PRESS = "send email draft-"
# A button's words this long, found in the message's text, are not listed again.
_SAID_MIN_CHARS = 8


def paragraph_text(paragraph: Paragraph) -> str:
    """A paragraph's lines, or its facts as "Label: value" lines."""
    if paragraph.facts:
        return "\n".join(f"{fact.label}: {fact.value}" for fact in paragraph.facts)
    return "\n".join(paragraph.lines)


def choice_line(choice: Choice, language: str | None) -> str:
    """ "2. Afternoon (15:00-20:00)", or with why it cannot be chosen."""
    if choice.fits:
        return f"{choice.number}. {choice.details}"
    return f"✗ {choice.number}. " + say(
        UNFIT_NOTE, language, details=choice.details,
        reason=choice.reason or say(DEFAULT_REASON, language),
    )


def button_line(title: str, reply: str, language: str | None) -> str:
    """An extra button as the words to type: '- Apply (reply "yes")', '- Appliquer (répondez
    « Oui »)'."""
    if title[:1].isdigit():
        return title
    return say("render.button_reply", language, title=title, reply=_typed(title, reply, language))


def _typed(title: str, reply: str, language: str | None) -> str:
    """What to type for the button: its reply, or the language's own yes / no."""
    if reply in _TITLE_TYPED or reply.startswith(_SEND_EMAIL_PRESS):
        return title
    return own_word(reply, language) or reply


def own_word(reply: str, language: str | None) -> str | None:
    """ERA's own yes or no reply as the language's word ("oui", "Nie"); None for any other."""
    key = _OWN_WORD.get(reply)
    return say(key, language) if key else None


def _said_in(body: str, title: str, reply: str, language: str | None) -> bool:
    """Whether the message's own text already says to type the button's words (the greeting's
    'cancel one of your shifts (try "Cancel my shift tomorrow")' and its suggestion buttons):
    listed again, a Slack or plain-text reader got every suggestion twice. Short replies ("yes",
    "1") are always listed: a sentence can hold them without meaning them."""
    if title[:1].isdigit():
        return False
    typed = _typed(title, reply, language)
    return len(typed) >= _SAID_MIN_CHARS and typed in body


def body_text(message: OutgoingMessage) -> str:
    """The paragraphs, separated by blank lines."""
    return "\n\n".join(paragraph_text(p) for p in message.paragraphs)


def render_plain_text(message: OutgoingMessage, language: str | None) -> str:
    """Paragraphs, then every option numbered (with the reason an option does not fit), then
    the extra buttons as the words to type; ERA's own words in `language`."""
    body = body_text(message)
    parts = [body] if message.paragraphs else []
    lines = [choice_line(choice, language) for choice in message.choices]
    lines += [button_line(button.title, button.reply, language) for button in message.buttons
              if not _said_in(body, button.title, button.reply, language)]
    if lines:
        parts.append("\n".join(lines))
    return "\n\n".join(parts)
