"""A topic the manager typed in one language, quoted as typed in a letter in another: without
the leading article or possessive that carries the case the request's preposition gave it
("wegen der Dienstplanänderung": "about “Dienstplanänderung”", never "about “der
Dienstplanänderung”", a case only German shows and that reads wrongly in an English letter).

The words are the lexicons' (`topic_articles` in a language's interrupts.toml; a language
whose articles carry no case has none, and its quoted phrase keeps them: "about “la réunion de
lundi”"), matched on folded text.
"""

from __future__ import annotations

import re
from functools import cache

from core.text_fold import fold_text
from language.lexicon import alternatives, gathered, load_lexicons


@cache
def _articles(language: str) -> re.Pattern[str] | None:
    lexicons = [lexicon for lexicon in load_lexicons()
                if lexicon.language.split("-")[0] == language]
    fragments = gathered(lexicons, "topic_articles")
    if not fragments:
        return None
    return re.compile(rf"(?:{alternatives([re.escape(f) for f in fragments])})")


def without_leading_article(words: str, language: str | None) -> str:
    """`words` (typed in `language`) without the article or possessive they open with, when
    anything is left after it; as typed otherwise."""
    pattern = _articles((language or "").split("-")[0].lower())
    stripped = words.strip()
    if pattern is None:
        return stripped
    head, _, rest = stripped.partition(" ")
    if rest.strip() and pattern.fullmatch(fold_text(head)):
        return rest.strip()
    return stripped
