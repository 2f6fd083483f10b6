"""Plain message text for channels that render markdown (Teams, Web Chat, Direct Line): email
addresses and mail message ids are shown as code, so the client does not turn them into mailto
links (an outbox message id is not an address anyone can write to). The "emulator" channel is
left alone: the console client (tools/chat.py) shows text as it is."""

from __future__ import annotations

import re

from core.invisible_marks import without_invisible_marks

MARKDOWN_CHANNELS = frozenset({"msteams", "webchat", "directline"})
_CODE_SPAN = re.compile(r"(`[^`\n]*`)")
_ADDRESS = re.compile(
    r"<[^<>\s@]+@[^<>\s]+>"  # a message id as mail systems write it: <id@host>
    r"|(?<![\w.+-])[\w.+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*[A-Za-z0-9]"
)


def without_autolinks(text: str) -> str:
    """`text` with every email-like token (outside existing code spans) in backticks."""
    parts = _CODE_SPAN.split(text)
    return "".join(
        part if index % 2 else _ADDRESS.sub(lambda m: f"`{m.group(0)}`", part)
        for index, part in enumerate(parts)
    )


_LINK = re.compile(r"!?\[([^\]\n]*)\]\(([^)\s]*)[^)\n]*\)")
_MARKUP = str.maketrans({"<": "‹", ">": "›", "*": "∗", "_": "＿", "`": "'", "#": "＃", "|": "¦"})


def quoted_words(text: str) -> str:
    """A person's own words, to be shown to someone else inside ERA's message: as written, but
    unable to format it. A markdown link shows its address ("[click](http://x)" becomes
    "click (http://x)"), so no link can pass for something else; emphasis, headings, tables,
    code and HTML marks are replaced by look-alikes that render as themselves; bidirectional
    controls go, so the words cannot reverse ERA's own around them; line breaks go too, so no
    line of them passes for ERA's own (Bob's reason "<p>my kid is sick</p><p>sorry</p>" was
    "Reason: my kid is sick", a blank line, "sorry. The shift is now open")."""
    text = " ".join(without_invisible_marks(text).split())
    return _LINK.sub(lambda m: f"{m.group(1)} ({m.group(2)})", text).translate(_MARKUP)


_LIST_ITEM = re.compile(r"\s*(?:[-*+•]|\d{1,3}[.)])\s")


def closed_lists(text: str) -> str:
    """`text` with a blank line before a line that follows a list item and is not one: markdown
    would read that line ("To cancel one, say ...", the next day's heading) as the end of the
    list's last item."""
    lines = text.split("\n")
    shaped: list[str] = []
    for index, line in enumerate(lines):
        if (index and line.strip() and not _LIST_ITEM.match(line)
                and _LIST_ITEM.match(lines[index - 1])):
            shaped.append("")
        shaped.append(line)
    return "\n".join(shaped)
