"""A topic the manager typed in one language, quoted as typed in a letter in another: without
the leading article or possessive that carries the case the request's preposition gave it
("wegen der Dienstplanänderung": "about “Dienstplanänderung”", never "about “der
Dienstplanänderung”", a case only German shows and that reads wrongly in an English letter);
and, where the words themselves carry that case (Polish "w sprawie szkolenia"), with its head
words back in the nominative (`topic_adjective_nominative`, `topic_noun_nominative`).

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


@cache
def _nominative_rules(language: str, key: str) -> tuple[tuple[str, str], ...]:
    lexicons = [lexicon for lexicon in load_lexicons()
                if lexicon.language.split("-")[0] == language]
    rules = (fragment.partition(">") for fragment in gathered(lexicons, key))
    # The longest ending first: "kiego" before "ego".
    return tuple(sorted(((end, new) for end, _, new in rules if end),
                        key=lambda rule: len(rule[0]), reverse=True))


def _rewritten(word: str, rules: tuple[tuple[str, str], ...]) -> str | None:
    lowered = word.lower()
    for end, new in rules:
        if lowered.endswith(end) and len(word) > len(end) + 1:
            return word[: len(word) - len(end)] + new
    return None


def in_nominative(words: str, language: str | None) -> str:
    """A topic typed in `language` with its head words back in the nominative, as a subject
    or a quoted phrase says them on their own ("szkolenia" -> "szkolenie", "nowego grafiku" ->
    "nowy grafik", "zmiany grafiku" -> "zmiana grafiku"); as typed in a language with no such
    rules, or when its first word fits none."""
    base = (language or "").split("-")[0].lower()
    adjectives = _nominative_rules(base, "topic_adjective_nominative")
    nouns = _nominative_rules(base, "topic_noun_nominative")
    if not nouns:
        return words
    parts = words.split(" ")
    for index, word in enumerate(parts):
        adjective = _rewritten(word, adjectives)
        if adjective is not None:
            parts[index] = adjective
            continue
        noun = _rewritten(word, nouns)
        if noun is not None:
            parts[index] = noun
        break
    return " ".join(parts)
