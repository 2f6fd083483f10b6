"""A first look at a text with RE2 before Python's `re` scans it for phrases.

Python's `re` tries a long alternation of phrases branch by branch at every position of a text:
tens of microseconds over an advice reply, though most replies hold none of the phrases. RE2
runs a pattern in one pass without backtracking, a few microseconds. It has no lookaround and
reads `\\b`, `\\w`, `\\s` and `\\d` as ASCII, so it is not given the pattern itself but a looser
one: lookarounds and word boundaries dropped, the classes widened to their Unicode sets.
Whatever the pattern matches, the looser one matches too; so when the looser one finds nothing,
the pattern cannot either and the scan is skipped. When it finds something, `re` scans from
where the looser one's leftmost match starts (no match of the pattern can start before it),
not from the first character: the matches are always exactly `re`'s.

A pattern the loosening cannot vouch for (a back-reference, an inline flag, a widened class
inside a negated one, ...) or that RE2 refuses simply gets no first look; so does every
pattern when RE2 is not installed.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from typing import Any

from core.regex_branches import closing_paren

try:
    import re2  # type: ignore[import-untyped]
except ImportError:  # pragma: no cover - the pinned requirements install it
    re2 = None

# The compiled matcher and the byte-to-str offset counter beneath the `re2` module's Python
# wrapper (google-re2 1.x), or None where that layout is not there: then no first looks.
_RE2_NATIVE: Any = getattr(re2, "_re2", None)
_RE2_MATCHER = getattr(_RE2_NATIVE, "RE2", None)
_UNANCHORED = getattr(getattr(_RE2_MATCHER, "Anchor", None), "UNANCHORED", None)

logger = logging.getLogger(__name__)

# Python's classes for str patterns, as RE2 sets that hold at least as much: the ASCII members,
# and every character beyond ASCII (exact Unicode sets would make RE2's programs and DFAs many
# times larger, for a first look that only needs to be quick and never miss).
_BEYOND_ASCII = r"\x{80}-\x{10ffff}"
_WORD = r"0-9A-Za-z_" + _BEYOND_ASCII
_SPACE = r"\t\n\x0b\x0c\r \x1c-\x1f" + _BEYOND_ASCII
_DIGIT = r"0-9" + _BEYOND_ASCII
_IN_CLASS = {"w": _WORD, "s": _SPACE, "d": _DIGIT}
_OUTSIDE = {
    "w": f"[{_WORD}]",
    "s": f"[{_SPACE}]",
    "d": f"[{_DIGIT}]",
    "W": "[^_]",
    "D": "[^0-9]",
    "S": r"\S",  # RE2's \S leaves out only ASCII space, which Python's \S never matches
    "b": "",
    "B": "",
    "A": r"\A",
    "Z": r"\z",
}
_LOOKAROUND = ("(?=", "(?!", "(?<=", "(?<!")
_QUANTIFIER_ENDS = frozenset("*+?}")
_HEX = frozenset("0123456789abcdefABCDEF")
# Escapes that mean the same character in both syntaxes.
_SAME_LETTER_ESCAPES = frozenset("afnrtv")


class _CannotLoosen(Exception):
    """The pattern holds a construct whose loosened form is not known to match as much."""


def loosened(pattern: str) -> str | None:
    """An RE2 pattern that matches wherever Python's `pattern` does (and maybe elsewhere), or
    None when that cannot be vouched for."""
    try:
        return _Loosener(pattern).run()
    except _CannotLoosen:
        return None


class _Loosener:
    def __init__(self, pattern: str) -> None:
        self._text = pattern
        self._out: list[str] = []
        self._index = 0

    def run(self) -> str:
        text = self._text
        while self._index < len(text):
            char = text[self._index]
            if char == "\\":
                self._out.append(self._escape(in_class=False))
            elif char == "[":
                self._class()
            elif char == "(":
                self._group()
            elif char == "{":
                self._count()
            elif char == "$":
                # Python's $ also matches before a final newline; RE2's only at the very end.
                self._out.append("(?m:$)")
                self._index += 1
            elif char == "+" and self._out and self._out[-1][-1:] in _QUANTIFIER_ENDS:
                if self._after_quantifier():
                    raise _CannotLoosen("possessive quantifier")
                self._out.append(char)
                self._index += 1
            else:
                self._out.append(char)
                self._index += 1
        return "".join(self._out)

    def _after_quantifier(self) -> bool:
        """Whether the `+` at the index follows a quantifier (not an escaped or class char)."""
        previous = self._text[self._index - 1]
        before = self._text[self._index - 2] if self._index >= 2 else ""
        return previous in _QUANTIFIER_ENDS and before != "\\"

    def _escape(self, *, in_class: bool) -> str:
        text = self._text
        if self._index + 1 >= len(text):
            raise _CannotLoosen("trailing backslash")
        letter = text[self._index + 1]
        self._index += 2
        if in_class:
            if letter in _IN_CLASS:
                return _IN_CLASS[letter]
            if letter in "WSDbBAZ":
                raise _CannotLoosen(f"\\{letter} inside a class")
        elif letter in _OUTSIDE:
            return _OUTSIDE[letter]
        if letter in ("u", "U"):
            digits = 4 if letter == "u" else 8
            code = text[self._index : self._index + digits]
            if len(code) != digits or not set(code) <= _HEX:
                raise _CannotLoosen("bad \\u escape")
            self._index += digits
            return "\\x{" + code + "}"
        if letter == "x":
            code = text[self._index : self._index + 2]
            if len(code) != 2 or not set(code) <= _HEX:
                raise _CannotLoosen("bad \\x escape")
            self._index += 2
            return "\\x" + code
        if letter in _SAME_LETTER_ESCAPES:
            return "\\" + letter
        if letter.isalnum() or letter == "_":
            # Back-references, octal codes, \N{...}: not worth the risk.
            raise _CannotLoosen(f"\\{letter}")
        return "\\" + letter

    def _class(self) -> None:
        text = self._text
        self._index += 1
        negated = text.startswith("^", self._index)
        parts = ["[^" if negated else "["]
        if negated:
            self._index += 1
        if text.startswith("]", self._index):  # a leading ] is a literal
            parts.append("\\]")
            self._index += 1
        while True:
            if self._index >= len(text):
                raise _CannotLoosen("unclosed class")
            char = text[self._index]
            if char == "]":
                self._index += 1
                break
            if char == "\\":
                widened = self._escape(in_class=True)
                if negated and widened in _IN_CLASS.values():
                    raise _CannotLoosen("a widened class inside a negated one")
                parts.append(widened)
            elif char == "[":
                raise _CannotLoosen("nested class")
            else:
                parts.append(char)
                self._index += 1
        parts.append("]")
        self._out.append("".join(parts))

    def _group(self) -> None:
        text = self._text
        rest = text[self._index :]
        if rest.startswith(_LOOKAROUND):
            end = closing_paren(text, self._index)
            if end < 0:
                raise _CannotLoosen("unbalanced lookaround")
            self._index = end + 1
            # A quantified lookaround is still only an assertion; its quantifier goes too.
            if self._index < len(text) and text[self._index] in "?*":
                self._index += 1
            return
        if rest.startswith(("(?:", "(?P<")) or not rest.startswith("(?"):
            self._out.append("(")
            self._index += 1
            return
        raise _CannotLoosen(f"group {rest[:4]!r}")

    def _count(self) -> None:
        text = self._text
        end = text.find("}", self._index)
        body = text[self._index + 1 : end] if end > 0 else ""
        if end < 0 or not re.fullmatch(r"\d*(?:,\d*)?", body) or not body:
            # Not a quantifier: Python reads the brace as a literal.
            self._out.append("\\{")
            self._index += 1
            return
        low, _, high = body.partition(",")
        if "," in body:
            self._out.append("{" + (low or "0") + "," + high + "}")
        else:
            self._out.append("{" + low + "}")
        self._index = end + 1


# RE2's memory budget per pattern (its compiled program and lazily built DFA states). The
# largest phrase lists need more than the 8 MiB default to compile, and with ten languages' call
# and email phrases 16 MiB left the DFA short of states: RE2 then fell back to its slower matcher
# (15 us a search instead of 4). The budget is a ceiling; memory is taken as states are built.
_RE2_MAX_MEM = 64 << 20
_HANDLED_FLAGS = re.UNICODE | re.MULTILINE | re.DOTALL


def _loose_form(pattern: re.Pattern[str]) -> str | None:
    """The loosened RE2 form of a Python pattern, with its flags, or None."""
    if re2 is None or pattern.flags & ~_HANDLED_FLAGS:
        return None
    loose = loosened(pattern.pattern)
    if loose is None:
        return None
    flags = ("m" if pattern.flags & re.MULTILINE else "") + (
        "s" if pattern.flags & re.DOTALL else "")
    return f"(?{flags}){loose}" if flags else loose


def _compiled_search(pattern: str) -> Any | None:
    """RE2's own matcher for the one loose pattern, or None when RE2 refuses it.

    The matcher underneath the `re2` module is used directly: it takes the UTF-8 bytes the scans
    already hold and answers with byte offsets, where the module's `search` re-encodes the text,
    builds a match object and converts every offset to a str index in Python (about 4 us more
    a call). A search that finds nothing costs what an RE2 set's yes-or-no answer costs (one
    forward pass of the DFA; measured side by side, 4.0-5.1 against 4.4-5.5 us on an advice
    reply); only a search that finds something also runs the backward pass for the start,
    which is what lets Python's `re` begin its scan there instead of at the first character.
    """
    if _RE2_MATCHER is None:
        return None
    options = re2.Options()
    options.never_capture = True  # only where the match starts counts
    options.log_errors = False
    options.max_mem = _RE2_MAX_MEM
    try:
        found = _RE2_MATCHER(pattern.encode("utf-8"), options)
    except Exception as error:  # re2.error, or a pattern over RE2's size limit
        logger.debug("no RE2 first look for a pattern: %s", error)
        return None
    if not found.ok():
        logger.debug("no RE2 first look for a pattern: %s", found.error())
        return None
    return found


def first_look(pattern: re.Pattern[str]) -> Any | None:
    """The compiled RE2 first look for a Python pattern (RE2's matcher for its loosened form),
    or None."""
    loose = _loose_form(pattern)
    return None if loose is None else _compiled_search(loose)


# Several scans read the same text in a row (a reply's email phrases, then its infixes): the
# last text's UTF-8 form is kept for the next. A race between threads only encodes again.
_last_encoded: tuple[str, bytes | None] = ("", b"")


def _utf8(text: str) -> bytes | None:
    """`text` as UTF-8 for RE2, or None when it holds a lone surrogate (no UTF-8 form)."""
    global _last_encoded
    last_text, last_bytes = _last_encoded
    if last_text is text:
        return last_bytes
    try:
        encoded: bytes | None = text.encode("utf-8")
    except UnicodeEncodeError:
        encoded = None
    _last_encoded = (text, encoded)
    return encoded


class QuickScan:
    """A Python pattern with an RE2 first look: `finditer` and `search` answer exactly as the
    pattern's own, skipping the scan when the first look finds nothing and starting it where
    the first look's leftmost match starts.

    The loose pattern matches wherever the pattern does, so no match of the pattern starts
    before the loose one's leftmost start; and `re` scanning from a position still reads the
    text before it for `\\b`, lookbehinds and `^`, so every match it then finds is the one it
    would have found scanning from the first character.
    """

    __slots__ = ("_first_look", "pattern")

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self._first_look = first_look(pattern)

    @property
    def has_first_look(self) -> bool:
        """Whether scans of this pattern get RE2's first look."""
        return self._first_look is not None

    def _scan_start(self, text: str) -> int | None:
        """Where in `text` the pattern's first match can start at the earliest (0 without a
        first look), or None when the first look shows it cannot match at all."""
        if self._first_look is None:
            return 0
        encoded = _utf8(text)
        if encoded is None:
            return 0
        span = self._first_look.Match(_UNANCHORED, encoded, 0, len(encoded))[0]
        start = span[0]
        if start < 0:
            return None
        if len(encoded) == len(text):  # ASCII: bytes and characters line up
            return int(start)
        return int(_RE2_NATIVE.BytesToCharLen(encoded, 0, start))

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        """The pattern's matches in the text, as `re.Pattern.finditer` gives them."""
        start = self._scan_start(text)
        if start is None:
            return iter(())
        return self.pattern.finditer(text, start)

    def search(self, text: str) -> re.Match[str] | None:
        """The pattern's first match in the text, as `re.Pattern.search` gives it."""
        start = self._scan_start(text)
        if start is None:
            return None
        return self.pattern.search(text, start)
