"""The words the playbook index reads a manager's message with, from every language's
`situations.toml` (language/lexicons/<lang>/): inflectional endings, stop words, words that only
count in pairs, phrases of how often, the manager ending someone's employment, a call to book,
and the situations no playbook covers (core.playbook_index.IndexWords says what each is for).
Every language's words are read in every message: a manager writes in one language, but the
index keeps one vocabulary for all of them.
"""

from __future__ import annotations

from functools import cache

from core.playbook_index import IndexWords
from language.lexicon import load_lexicons


@cache
def index_words() -> IndexWords:
    """The index's words from every lexicon, in tie-break order, each once (the phrases of
    the uncovered situations as every language says them: two languages' "moral" count
    twice, as two playbooks' keywords would)."""
    lexicons = load_lexicons()

    def every(key: str) -> tuple[str, ...]:
        return tuple(dict.fromkeys(
            item for lexicon in lexicons for item in lexicon.situations.get(key, ())))

    return IndexWords(
        suffixes=every("index_suffixes"),
        stop_words=frozenset(every("index_stop_words")),
        not_stop_words=frozenset(every("index_not_stop_words")),
        paired_only=frozenset(every("index_paired_only")),
        how_often=every("how_often"),
        ends_employment=every("ends_employment"),
        booking_requests=every("booking_requests"),
        uncovered=tuple(phrase for lexicon in lexicons
                        for phrase in lexicon.situations.get("uncovered", ())),
    )
