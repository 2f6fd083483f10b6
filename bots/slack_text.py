"""A Slack message's text as the person typed it.

Slack writes a message's text in its own markup, and the Azure Bot Service connector passes it
on: an address or a link typed becomes `<mailto:alice@contoso.example|alice@contoso.example>`
or `<https://…|label>`, "&", "<" and ">" arrive as `&amp;`, `&lt;` and `&gt;`, and an emoji
picked or typed arrives as its name, `:+1:` (with `::skin-tone-3:` after it for a skin tone).
Read as it arrives, "book a meeting with <mailto:alice…>" named no one ERA knew (the meeting
went to HR), a thumbs up at a list of shifts read as "+1", the first one, and "email _bob
smith_ about his lateness" (italics) was advice about lateness, not an email.
"""

from __future__ import annotations

import re
from urllib.parse import unquote

# <https://x|label>, <mailto:a@b|a@b>, <https://x>; <@U123|name>, <#C123|general>, <!here>.
_MARKUP = re.compile(r"<([^<>|]*)(?:\|([^<>]*))?>")
_SKIN_TONE = r"(?::skin-tone-[2-6]:)?"
_SHORTCODE = re.compile(r":([a-z0-9_+-]+):" + _SKIN_TONE)
_ESCAPES = (("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&"))
# Slack's bold, italics and strike-through: *word*, _word_, ~word~ (not inside a word, so
# "bob_smith@…" and "2*3" stay as they are).
_EMPHASIS = re.compile(r"(?<![\w*_~])([*_~])(?=\S)(.+?)(?<=\S)\1(?![\w*_~])")

# Slack's names of the emoji ERA reads as an answer (core.reply_lexicon: yes, no, hmm) and of
# the few that people send alone to greet or thank; a name not listed is left as it reads.
SLACK_EMOJI = {
    "+1": "👍", "thumbsup": "👍", "-1": "👎", "thumbsdown": "👎", "ok_hand": "👌",
    "white_check_mark": "✅", "heavy_check_mark": "✔", "ballot_box_with_check": "☑",
    "ok": "🆗", "ok_woman": "🙆", "x": "❌", "heavy_multiplication_x": "✖",
    "negative_squared_cross_mark": "❎", "no_entry_sign": "🚫", "no_entry": "⛔",
    "no_good": "🙅", "thinking_face": "🤔", "wave": "👋", "pray": "🙏",
    "slightly_smiling_face": "🙂", "smile": "😄", "tada": "🎉",
}


def slack_plain_text(text: str) -> str:
    """`text` with Slack's markup read: addresses as their label, links as their label and
    their address when the label is other words, a person as their name, a channel or a
    broadcast as "#name" / "@here", bold, italics and strike-through marks gone, the three
    escapes undone, known emoji names as emoji."""
    text = _EMPHASIS.sub(r"\2", _MARKUP.sub(_readable_reference, text))
    for escaped, character in _ESCAPES:
        text = text.replace(escaped, character)
    return _SHORTCODE.sub(lambda m: SLACK_EMOJI.get(m.group(1), m.group(0)), text)


def _readable_reference(match: re.Match[str]) -> str:
    target, label = match.group(1), match.group(2)
    if target[:1] == "@" and label:
        # A person named: their name, as Teams' "<at>Alice Martin</at>" reads "Alice Martin"
        # ("assign @Alice Martin to friday" asked whom to assign).
        return label
    if target[:1] in ("@", "#", "!"):
        # A person unnamed, a channel or a broadcast: its name when Slack gives one.
        return f"{target[0] if target[0] != '!' else '@'}{label or target[1:]}"
    shown = label or target.removeprefix("mailto:")
    # An old connector sent an address percent-encoded: "<http://a%40b.com|a%40b.com>".
    shown = unquote(shown)
    address = unquote(target)
    if label and address.lower().startswith(("http://", "https://")) and shown not in (
            address, address.split("://", 1)[1]):
        # A link under other words hides nothing once read: "see the rota (https://…)", as
        # a markdown link reads (a reason passed on said "see doctor note" and no address).
        return f"{shown} ({target})"
    return shown
