"""Any channel without cards: the message as numbered plain text, answerable by typing."""

from __future__ import annotations

from dialogs.rendering.outgoing_message import Choice, OutgoingMessage, Paragraph

UNFIT_NOTE = "{details} (not available: {reason})"
DEFAULT_REASON = "not available"


def paragraph_text(paragraph: Paragraph) -> str:
    """A paragraph's lines, or its facts as "Label: value" lines."""
    if paragraph.facts:
        return "\n".join(f"{fact.label}: {fact.value}" for fact in paragraph.facts)
    return "\n".join(paragraph.lines)


def choice_line(choice: Choice) -> str:
    """ "2. Afternoon (15:00-20:00)", or with why it cannot be chosen."""
    if choice.fits:
        return f"{choice.number}. {choice.details}"
    return f"✗ {choice.number}. " + UNFIT_NOTE.format(
        details=choice.details, reason=choice.reason or DEFAULT_REASON
    )


def body_text(message: OutgoingMessage) -> str:
    """The paragraphs, separated by blank lines."""
    return "\n\n".join(paragraph_text(p) for p in message.paragraphs)


def render_plain_text(message: OutgoingMessage) -> str:
    """Paragraphs, then every option numbered (with the reason an option does not fit), then
    the extra buttons as the words to type."""
    parts = [body_text(message)] if message.paragraphs else []
    lines = [choice_line(choice) for choice in message.choices]
    lines += [
        button.title if button.title[:1].isdigit()
        else f'- {button.title} (reply "{button.reply}")'
        for button in message.buttons
    ]
    if lines:
        parts.append("\n".join(lines))
    return "\n\n".join(parts)
