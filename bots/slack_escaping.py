"""Escapes Slack's control characters in what ERA sends on Slack.

Slack reads "<…>" in a message as its own markup: `<!here>` and `<!channel>` notify everyone,
`<@U…>` mentions someone, `<https://x|label>` is a link under another label. ERA writes none of
these, but it quotes people's words back ("I'll pass on your words: …", a draft's text, a
name), and a worker's "running late <!here>" was sent on as an @here to the whole channel.
Slack's rule for text is to write "<" and ">" as `&lt;` and `&gt;`, which it shows as the
characters; the same is done here for the text, and the titles and texts of cards (a button's
reply value is posted back as the person's own words and stays as it is). Slack also asks for
"&" as `&amp;`, but a lone "&" starts no markup, and the Azure Bot Service connector between ERA
and Slack is not documented to leave "&amp;" alone: were it to escape once more, every "R&D" or
"Q&A" would show as "&amp;". Only the two characters that make markup are escaped."""

from __future__ import annotations

from typing import Any

from botbuilder.schema import Activity, ActivityTypes

SLACK = "slack"
_ESCAPES = (("<", "&lt;"), (">", "&gt;"))
# The parts of a hero card Slack shows as text.
_CARD_TEXTS = ("title", "subtitle", "text")


def slack_escaped(text: str) -> str:
    """`text` with "<" and ">" written as Slack's escapes."""
    for character, escaped in _ESCAPES:
        text = text.replace(character, escaped)
    return text


def escape_for_slack(activity: Activity) -> None:
    """A message bound for Slack with its text, card texts and button titles escaped, in place
    (every message: a turn's replies and those sent to a conversation proactively)."""
    if activity.channel_id != SLACK or activity.type != ActivityTypes.message:
        return
    if activity.text:
        activity.text = slack_escaped(activity.text)
    for attachment in activity.attachments or ():
        _escape_card(attachment.content)


def _escape_card(content: Any) -> None:
    """A hero card's shown texts and button titles, escaped in place."""
    if isinstance(content, dict):
        fields, buttons = content, content.get("buttons")
    else:
        fields, buttons = None, getattr(content, "buttons", None)
    for key in _CARD_TEXTS:
        value = fields.get(key) if fields is not None else getattr(content, key, None)
        if isinstance(value, str) and value:
            if fields is not None:
                fields[key] = slack_escaped(value)
            else:
                setattr(content, key, slack_escaped(value))
    for button in buttons or ():
        if isinstance(button, dict):
            if isinstance(button.get("title"), str):
                button["title"] = slack_escaped(button["title"])
        elif isinstance(getattr(button, "title", None), str):
            button.title = slack_escaped(button.title)
