"""Makes a model's advice safe to show: bounded, without command tags, markup or foreign links.

The advice a manager reads comes from a chat model, which may answer at any length, echo the
command tags of other flows (`<GETSHIFTS>`, `<REASON>…</REASON>`), write HTML (`<script>`) or
add links. `clean_advice_text` keeps the words and drops the rest: scripts, styles and paired
command tags go with their content, other tags leave their text, links are kept only when they
are ERA's own (from its playbooks or configuration), and the text is cut at a sentence boundary
near the limit.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

ADVICE_LIMIT = 3000
_ELLIPSIS = "…"

_COMMENT = re.compile(r"<!--.*?(?:-->|$)", re.DOTALL)
_DANGEROUS = re.compile(
    r"<\s*(script|style|iframe|object|embed|svg|math|template|noscript)\b[^>]*>.*?"
    r"(?:<\s*/\s*\1\s*>|$)",
    re.IGNORECASE | re.DOTALL,
)
_PAIRED_COMMAND = re.compile(r"<\s*([A-Z][A-Z0-9_]{2,})\s*>.*?<\s*/\s*\1\s*>", re.DOTALL)
_OPEN_COMMAND = re.compile(r"<\s*[A-Z][A-Z0-9_]{2,}\s*>[^\n]*")
_TAG = re.compile(r"</?\s*[A-Za-z][\w:-]*(?:\s[^<>]*)?/?>|<\s*/\s*>")
_MARKDOWN_LINK = re.compile(r"!?\[([^\]\n]{0,200})\]\(\s*([^)\s]{1,2000})(?:\s+\"[^\"]*\")?\s*\)")
_URL_CHARS = r"(?:[^\s<>\"'()\[\]]|\([^\s()]*\))+"
_URL = re.compile(
    rf"(?:\b(?:https?|ftp|javascript|data|vbscript|file|mailto):{_URL_CHARS}|\bwww\.{_URL_CHARS})",
    re.IGNORECASE,
)
_TAG_START = re.compile(r"<(?=\s*[A-Za-z/!?])")
_TRAILING = ".,;:!?"
_SENTENCE_END = re.compile(r"[.!?…](?=\s)|\n")
_BLANK_LINES = re.compile(r"\n{3,}")
_SPACES = re.compile(r"[ \t]{2,}")


def links_in(texts: Iterable[str]) -> frozenset[str]:
    """The links written in `texts` (ERA's playbooks, its configuration): the allowed ones."""
    return frozenset(
        match.group(0).rstrip(_TRAILING) for text in texts for match in _URL.finditer(text)
    )


def clean_advice_text(
    text: str, *, allowed_links: frozenset[str] = frozenset(), limit: int = ADVICE_LIMIT
) -> str:
    """`text` without markup, command tags or links other than `allowed_links`, at most
    `limit` characters (cut after the last whole sentence that fits)."""
    text = (text or "")[: limit * 20]  # a runaway answer: what lies far past the limit is not read
    text = _COMMENT.sub("", text)
    text = _DANGEROUS.sub("", text)
    text = _PAIRED_COMMAND.sub("", text)
    text = _OPEN_COMMAND.sub("", text)
    text = _TAG.sub("", text)
    text = _TAG_START.sub("‹", text)  # what is left of a tag is shown, not run

    def markdown_link(match: re.Match[str]) -> str:
        label, url = match.group(1), match.group(2)
        return match.group(0) if url in allowed_links else label

    def bare_link(match: re.Match[str]) -> str:
        url = match.group(0)
        stripped = url.rstrip(_TRAILING)
        return url if stripped in allowed_links else url[len(stripped):]

    text = _MARKDOWN_LINK.sub(markdown_link, text)
    text = _URL.sub(bare_link, text)
    text = _SPACES.sub(" ", text)
    text = _BLANK_LINES.sub("\n\n", "\n".join(line.rstrip() for line in text.splitlines()))
    return _bounded(text.strip(), limit)


def _bounded(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    head = text[: limit - len(_ELLIPSIS)]
    ends = [m.end() for m in _SENTENCE_END.finditer(head)]
    if ends and ends[-1] >= limit // 2:
        return head[: ends[-1]].rstrip()
    cut = head.rsplit(None, 1)[0] if " " in head else head
    return cut.rstrip() + _ELLIPSIS
