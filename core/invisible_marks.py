"""Takes out of a person's text the characters no one can see but that change how it reads.

A message can carry zero-width characters (pasted from a web page or a document, or put there
on purpose) and bidirectional controls. Neither shows, yet a zero-width joiner inside a name
("ali<ZWJ>ce") splits it for every rule that reads words, and a right-to-left override in a
cancellation reason reverses not only the reason but ERA's own words after it, in the
manager's notification. None of ERA's ten languages needs them in running text; the one use
kept is the zero-width joiner between two symbols, which builds emoji such as a family. Control
characters go too (a NUL or a bell from a paste or a script, a terminal's colour escape): no chat
client shows them, yet "cancel\x00 my shift" was not read as a cancellation.
"""

from __future__ import annotations

import re

# Embeddings, overrides and isolates (LRE RLE PDF LRO RLO, LRI RLI FSI PDI), the left-to-right,
# right-to-left and Arabic letter marks.
_BIDI_CONTROLS = "\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c"
# Zero-width space and non-joiner, word joiner, the byte order mark as a zero-width no-break
# space, soft hyphen.
_ZERO_WIDTH = "\u200b\u200c\u2060\ufeff\u00ad"
_ZERO_WIDTH_JOINER = "\u200d"
# C0 controls but the whitespace ones (tab, line feed, vertical tab, form feed, carriage
# return), DEL and the C1 controls.
_CONTROLS = "\x00-\x08\x0e-\x1f\x7f-\x9f"
_CONTROL = re.compile(f"[{_CONTROLS}]")
_INVISIBLE = re.compile(f"[{_BIDI_CONTROLS}{_ZERO_WIDTH}{_CONTROLS}]")
# Read once the other marks are gone, so that a joiner between two of them ("\u200b\u200d
# \u2060", a message of nothing but marks) is judged by what is left around it.
_LONE_JOINER = re.compile(
    # A joiner touching a letter, a digit or a space joins nothing anyone could see.
    rf"(?<=[\w\s]){_ZERO_WIDTH_JOINER}|{_ZERO_WIDTH_JOINER}(?=[\w\s])"
    rf"|^{_ZERO_WIDTH_JOINER}+|{_ZERO_WIDTH_JOINER}+$"
)


def without_invisible_marks(text: str) -> str:
    """`text` without zero-width characters, bidirectional controls and control characters (a
    zero-width joiner between two symbols, as in an emoji sequence, stays)."""
    if text.isascii():
        return _CONTROL.sub("", text) if not text.isprintable() else text
    return _LONE_JOINER.sub("", _INVISIBLE.sub("", text))
