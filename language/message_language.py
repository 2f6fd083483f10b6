"""The language a message is written in, when it is clear: by script, then by lexicon hits.

No model and no network: kana means Japanese, hangul Korean, Han characters alone Chinese,
Cyrillic Russian, Arabic script Arabic, Devanagari Hindi. Latin text is attributed to the
language of the rule that recognised the request, else to the one language whose lexicon words
it uses most; a tie or no hit leaves it unknown (None), and the caller falls back to the locale.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from language.lexicon import Lexicon, load_lexicons
from language.typo_correction import PLAIN_FRAGMENT

_SCRIPTS = (
    (re.compile(r"[\u3040-\u30ff]"), "ja"),
    (re.compile(r"[\uac00-\ud7af\u1100-\u11ff]"), "ko"),
    (re.compile(r"[\u4e00-\u9fff]"), "zh-Hans"),
    (re.compile(r"[\u0400-\u04ff]"), "ru"),
    (re.compile(r"[\u0600-\u06ff]"), "ar"),
    (re.compile(r"[\u0900-\u097f]"), "hi"),
)
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
# Words shared by many languages say nothing about which one is written.
_MIN_DISTINCT_LENGTH = 3


class LanguageHints:
    """Which language each distinctive lexicon word belongs to, built once."""

    def __init__(self, lexicons: Sequence[Lexicon]) -> None:
        owners: dict[str, set[str]] = {}
        for lexicon in lexicons:
            fragments: list[str] = list(lexicon.vocabulary)
            for section in lexicon.sections.values():
                for values in section.values():
                    fragments.extend(values)
            for values in lexicon.words.values():
                fragments.extend(values)
            for fragment in fragments:
                if PLAIN_FRAGMENT.fullmatch(fragment):
                    for word in fragment.split():
                        owners.setdefault(word, set()).add(lexicon.language)
        self.owner = {
            word: next(iter(languages))
            for word, languages in owners.items()
            if len(languages) == 1 and len(word) >= _MIN_DISTINCT_LENGTH
        }

    def guess(self, folded: str, rule_language: str | None) -> str | None:
        """The language of the folded message, or None when it is not clear."""
        for script, language in _SCRIPTS:
            if script.search(folded):
                return language
        if rule_language is not None:
            return rule_language
        votes = Counter(
            self.owner[word] for word in _WORD.findall(folded) if word in self.owner
        )
        if not votes:
            return None
        ranked = votes.most_common(2)
        if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
            return None
        return ranked[0][0]


_HINTS: LanguageHints | None = None


def message_language(folded: str, rule_language: str | None = None) -> str | None:
    """The language of a folded message when it is clear (see the module docstring)."""
    global _HINTS
    if _HINTS is None:
        _HINTS = LanguageHints(load_lexicons())
    return _HINTS.guess(folded, rule_language)
