"""An email pasted into the chat below the person's own words is not what they asked.

A manager pastes a forwarded email under her request ("can you book a meeting with alice about
this on thursday?" then "---------- Forwarded message ---------", "From: Bob Smith <...>",
"Date: Mon, 16 Nov 2026 at 09:12", "Subject: ..."): read whole, the header's date was the day
asked about, its time the hour and its sender a second person to meet. The email is known by its
shape, in any language and client: a separator line (dashes, underscores, or a line ending in a
colon, as Gmail's "Forwarded message", Outlook's "-----Original Message-----" and Apple Mail's
"Begin forwarded message:" are) followed by header lines ("From: ...", "De : ...", "差出人:
..."), one of them with an address, a year or a time ("subject: late", "body: ..." typed under
"please write:" are no email). What comes before it is what the person said; a pasted email
with nothing above it stays whole.
"""

from __future__ import annotations

import re

# A separator line: 2+ dashes or 5+ underscores (with words between or not), or a short line
# ending with a colon ("Begin forwarded message:", "Début du message réexpédié :").
_SEPARATOR = re.compile(r"\s*(?:-{2,}.*|_{5,}.*|[^\n:]{3,60}:\s*)")
# A header line: a label of a word or two, a colon, a value ("From: Bob <bob@contoso.com>",
# "**Von:** Bob", "日付: 2026年11月16日"), markdown bold or not.
_HEADER = re.compile(r"\s*[*_]{0,2}[^\W\d_][^\W\d_ .-]*(?:[ .-][^\W\d_]+)?\s?[*_]{0,2}"
                     r"\s?[:：]\s*[*_]{0,2}\s*\S")
# What one of an email's headers always has: an address, a year or a time of day ("09:12").
_ADDRESS_OR_DATE = re.compile(r"@\w|(?<!\d)(?:19|20)\d\d(?!\d)|(?<!\d)\d{1,2}:\d\d(?!\d)")
# The headers a forwarded email starts with: its sender, date, subject, recipients.
_HEADERS_NEEDED = 2
_HEADERS_LOOKED_AT = 5


def without_forwarded(text: str) -> str:
    """The person's own words above an email they pasted (forwarded, or replied to); the text
    as it is when it has no such email, or nothing above it."""
    lines = text.split("\n")
    for index, line in enumerate(lines):
        if index == 0 or not _SEPARATOR.fullmatch(line):
            continue
        following = [lone for lone in lines[index + 1:] if lone.strip()][:_HEADERS_LOOKED_AT]
        headers = [lone for lone in following if _HEADER.match(lone)]
        if len(headers) < _HEADERS_NEEDED or not any(map(_ADDRESS_OR_DATE.search, headers)):
            continue
        own = "\n".join(lines[:index]).strip()
        if any(ch.isalnum() for ch in own):
            return own
    return text
