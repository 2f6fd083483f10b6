"""The language a message is written in, when it is clear: by script, then by lexicon hits.

No model and no network: kana means Japanese, hangul Korean, Han characters alone Chinese,
Cyrillic Russian, Arabic script Arabic, Devanagari Hindi. A lookalike letter inside a Latin
word ("email Аlice" with a Cyrillic А) is read as the Latin letter it shows (core.confusables,
capitals too though the text is folded): one letter from a switched keyboard is no sign of a
language. Latin text is attributed to the language of the rule that recognised the request;
else, a short follow-up whose every word is one language's opener, article, day or part of the
day is that language's ("y el domingo?" Spanish, "e domingo?" Portuguese, "e la sera?" Italian:
the closed words tell where "domingo" or "sera" is shared, and "y", "el", "e" are too short to
own); else the message is the one language's whose lexicon words it uses most; with none, a
remark on a draft or a control word with nothing of another language around it is that
language's ("make it shorter", "más corto por favor"). A tie or no hit leaves it unknown
(None), and the caller falls back to the locale.

`keeps_language` says when a message, whatever it looks like, is no sign that a conversation
left its language: Han characters alone in a Japanese conversation (kanji are Japanese too:
"明日", "会議"), or a short reply made of words the language uses or that people type in any
language ("ok", "yes", "no" in a French conversation).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence

from core.confusables import unconfuse_folded
from core.reply_lexicon import (
    CARDINALS,
    CLOCK_WORDS,
    ORDINALS,
    SUPERLATIVES,
    TIMES_OF_DAY,
    UNIVERSAL_REPLY_WORDS,
    WEEKDAYS,
    WORDS,
    WordKind,
)
from core.text_fold import fold
from language.lexicon import Lexicon, alternatives, load_lexicons
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
# Email and web addresses are in no language: "com" in "bob@gmail.com" is not Portuguese.
_ADDRESS = re.compile(r"\S+@\S+|(?:https?://|www\.)\S+|\b\S+\.(?:com|org|net)\b\S*")
# Words shared by many languages say nothing about which one is written.
_MIN_DISTINCT_LENGTH = 3
_KANA = _SCRIPTS[0][0]
_HAN = re.compile(r"[\u4e00-\u9fff]")
# A reply this short is an answer, not a sign of a new language, when it fits the current one.
_MAX_SHORT_REPLY_WORDS = 3
# At most this many words around a remark or a control word ("make it" in "make it shorter").
_MAX_WORDS_AROUND_REMARK = 3
# The interrupts lists of what a reply to a preview or any question says about it.
_REMARK_KEYS = ("email_shorter", "email_friendlier", "email_formal", "email_recipients",
                "preview_wait")


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
        # Words typed in every language ("ok", "pls") are no sign of one.
        everywhere = {word for entries in WORDS["intl"].values() for word in _folded_words(entries)}
        self.owner = {
            word: next(iter(languages))
            for word, languages in owners.items()
            if len(languages) == 1 and len(word) >= _MIN_DISTINCT_LENGTH
            and word not in everywhere
        }
        self.words_of: dict[str, set[str]] = {}
        for word, languages in owners.items():
            for language in languages:
                self.words_of.setdefault(language, set()).add(word)
        for language, entries in _answer_words():
            self.words_of.setdefault(_lexicon_language(language), set()).update(
                _folded_words(entries)
            )
        # A control word the language has too ("help" in Dutch, "stop" in German) keeps it:
        # a Dutch speaker's "help" mid-flow was answered in English.
        for lexicon in lexicons:
            for words in lexicon.control.values():
                self.words_of.setdefault(lexicon.language, set()).update(
                    word for fragment in words if PLAIN_FRAGMENT.fullmatch(fragment)
                    for word in fragment.split())
        self.universal = {
            word
            for language, kinds in UNIVERSAL_REPLY_WORDS.items()
            for kind in kinds
            for word in _folded_words(WORDS[language].get(kind, ()))
        }
        # Yes and no in every language ("oui", "ja", "sí", "はい", "不"): a reply made of them
        # answers the question asked, in whatever language the conversation is. A cancel verb
        # ("annuler", "cancelar") is a request in its own language, not a yes or a no.
        cancel = re.compile("|".join(
            pattern for lexicon in lexicons
            for pattern in lexicon.interrupts.get("cancel_words", ())) or "(?!)")
        # Characters only one language writes: Han text with one of them is that language's.
        self.own_characters = {
            lexicon.language: re.compile(alternatives(lexicon.interrupts["own_characters"]))
            for lexicon in lexicons if lexicon.interrupts.get("own_characters")
        }
        self.yes_no = {
            word
            for kinds in WORDS.values()
            for kind in (WordKind.AFFIRM, WordKind.NEGATE)
            for word in (fold(entry).text for entry in kinds.get(kind, ()))
            if _WORD.fullmatch(word) and not cancel.fullmatch(word)
        }
        # A follow-up's closed words: what opens it and the articles ("y", "e o", "und am"),
        # and what it names (the days, the parts of the day, "the next").
        self.follow_up_openers = {
            lexicon.language: _typed_plain(_folded_words(
                [*lexicon.part("ellipsis", "openers"),
                 *lexicon.interrupts.get("shift_name_articles", ())]))
            for lexicon in lexicons
        }
        self.follow_up_names: dict[str, set[str]] = {
            lexicon.language: _typed_plain(_folded_words(lexicon.part("ellipsis", "next_alone")))
            for lexicon in lexicons
        }
        for language, positions in WEEKDAYS.items():
            for entries in positions:
                self.follow_up_names.setdefault(_lexicon_language(language), set()).update(
                    _typed_plain(_folded_words(entries)))
        for language, kinds in TIMES_OF_DAY.items():
            for entries in kinds.values():
                self.follow_up_names.setdefault(_lexicon_language(language), set()).update(
                    _typed_plain(_folded_words(entries)))
        # Which languages may say each closed word of a follow-up: one look-up a word tells
        # that a long message is no follow-up, without going over every language's words.
        self.follow_up_fits: dict[str, frozenset[str]] = {}
        for table in (self.follow_up_names, self.follow_up_openers):
            for language, closed in table.items():
                for word in closed:
                    self.follow_up_fits[word] = self.follow_up_fits.get(
                        word, frozenset()) | {language}
        self.remarks = {
            lexicon.language: re.compile(rf"(?<!\w)(?:{alternatives(fragments)})(?!\w)")
            for lexicon in lexicons
            if (fragments := [
                *(f for key in _REMARK_KEYS for f in lexicon.interrupts.get(key, ())),
                *(f for patterns in lexicon.control.values() for f in patterns)])
        }

    def guess(self, folded: str, rule_language: str | None) -> str | None:
        """The language of the folded message, or None when it is not clear."""
        written_in = _script_language(folded)
        if written_in is not None:
            return written_in
        if rule_language is not None:
            return rule_language
        words = _WORD.findall(_ADDRESS.sub(" ", folded))
        # Closed words tell a short follow-up's language better than an open one another
        # language also writes ("e la sera?" is Italian, though French owns "sera").
        follow_up = self._follow_up_language(words)
        if follow_up is not None:
            return follow_up
        votes = Counter(self.owner[word] for word in words if word in self.owner)
        if not votes:
            return self._remark_language(folded)
        ranked = votes.most_common(2)
        if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
            return None
        return ranked[0][0]

    def _follow_up_language(self, words: Sequence[str]) -> str | None:
        """The one language whose closed words make up all of a follow-up of two words or more,
        one of them a day, a part of the day or "the next" ("y el domingo", "e domingo")."""
        if len(words) < 2:
            return None
        could: frozenset[str] | None = None
        for word in words:
            fits_word = self.follow_up_fits.get(word)
            could = fits_word if could is None or fits_word is None else could & fits_word
            if not could:
                return None
        fits = [
            language for language, names in self.follow_up_names.items()
            if any(word in names for word in words)
            and all(word in names or word in self.follow_up_openers.get(language, ())
                    for word in words)
        ]
        return fits[0] if len(fits) == 1 else None

    def _remark_language(self, folded: str) -> str | None:
        """The one language whose remark on a draft or control word the message is, with no
        more than a few words around it and none of them another language's own ("make it
        shorter", "espera un poco")."""
        fits = []
        for language, remark in self.remarks.items():
            if not remark.search(folded):
                continue
            around = _WORD.findall(remark.sub(" ", folded))
            if len(around) <= _MAX_WORDS_AROUND_REMARK and all(
                    self.owner.get(word, language) == language for word in around):
                fits.append(language)
        return fits[0] if len(fits) == 1 else None

    def guess_near(self, folded: str, rule_language: str | None,
                   locale_language: str | None) -> str | None:
        """`guess`, except that a message no rule recognised stays in the client's language
        when at least as many of its words are that language's: "ik ben er later, sorry" is
        Dutch, though only English owns "later"."""
        guessed = self.guess(folded, rule_language)
        if self._mixed_into_locale(folded, rule_language, locale_language):
            return locale_language
        if (rule_language is not None or guessed is None or not locale_language
                or guessed == locale_language or locale_language not in self.words_of
                or _script_language(folded) is not None):
            return guessed  # a rule's language, or a script, is clear enough
        if guessed == self._follow_up_language(_WORD.findall(_ADDRESS.sub(" ", folded))):
            return guessed  # so are a follow-up's closed words ("a w poniedzialek?")
        words = _WORD.findall(folded)
        own = sum(word in self.words_of[locale_language] for word in words)
        other = sum(word in self.words_of.get(guessed, set()) for word in words)
        return None if own >= other else guessed

    def _mixed_into_locale(self, folded: str, rule_language: str | None,
                           locale_language: str | None) -> bool:
        """Whether a request another language's rule read also holds a word only the client's
        language has: "cancel my shift mercredi stp" from a French client is answered in
        French, as she writes when English words fail her."""
        return (rule_language is not None and locale_language is not None
                and rule_language != locale_language and locale_language in self.words_of
                and _script_language(folded) is None
                and any(self.owner.get(word) == locale_language
                        for word in _WORD.findall(folded)))

    def keeps(self, folded: str, language: str) -> bool:
        """Whether the folded message leaves a conversation in `language` (see the module
        docstring)."""
        if self.is_yes_no(folded):
            return True
        if language == "ja" and _HAN.search(folded) and not _KANA.search(folded):
            if any(own.search(folded) for tag, own in self.own_characters.items() if tag != "ja"):
                return False  # "给鲍勃写封邮件" is Chinese, not kanji
            return all(not script.search(folded) for script, tag in _SCRIPTS if tag != "zh-Hans")
        if _script_language(folded) is not None:
            return False
        words = _WORD.findall(_ADDRESS.sub(" ", folded))
        if len(words) > _MAX_SHORT_REPLY_WORDS:
            return False
        if self._follow_up_language(words) not in (None, language):
            return False  # "e domingo?" in Spanish is Portuguese, though Spanish has both words
        known = self.words_of.get(language, set())
        return all(word in known or word in self.universal for word in words)

    def is_yes_no(self, folded: str) -> bool:
        """Whether the folded message is only a yes or a no, in any language ("oui", "ja ja",
        "nein", "はい")."""
        words = _WORD.findall(_ADDRESS.sub(" ", folded))
        return 0 < len(words) <= _MAX_SHORT_REPLY_WORDS and all(
            word in self.yes_no for word in words)


def _script_language(folded: str) -> str | None:
    """The language the first of `_SCRIPTS` found in the text writes, or None. Every one of
    them lies beyond ASCII, which most messages never leave: they need no search at all (a
    message's language was looked for this way up to three times, six searches each)."""
    if folded.isascii():
        return None
    for script, language in _SCRIPTS:
        if script.search(folded):
            return language
    return None


def _answer_words() -> Iterator[tuple[str, Sequence[str]]]:
    """Every word list a short answer is read with, by language: yes and no, ordinals ("la
    segunda"), numbers, weekdays, "the earliest", times of day, "noon". A reply made of these
    answers in the conversation's language even when another language owns one of its words
    (Portuguese also has "segunda")."""
    for by_kind in (WORDS, SUPERLATIVES, TIMES_OF_DAY, CLOCK_WORDS):
        for language, kinds in by_kind.items():
            for entries in kinds.values():
                yield language, entries
    for by_position in (ORDINALS, CARDINALS, WEEKDAYS):
        for language, positions in by_position.items():
            for entries in positions:
                yield language, entries


def _lexicon_language(reply_language: str) -> str:
    """The lexicon directory of a reply-lexicon language ("zh" -> "zh-Hans")."""
    return "zh-Hans" if reply_language == "zh" else reply_language


def _typed_plain(words: set[str]) -> set[str]:
    """The words and the way they are typed on a keyboard without Polish letters: folding
    keeps "ł", which such a keyboard types "l" ("a w poniedzialek?")."""
    return words | {word.replace("ł", "l") for word in words}


def _folded_words(entries: Sequence[str]) -> set[str]:
    return {word for entry in entries for word in _WORD.findall(fold(entry).text)}


_HINTS: LanguageHints | None = None


def _hints() -> LanguageHints:
    global _HINTS
    if _HINTS is None:
        _HINTS = LanguageHints(load_lexicons())
    return _HINTS


def message_language(folded: str, rule_language: str | None = None) -> str | None:
    """The language of a folded message when it is clear (see the module docstring)."""
    return _hints().guess(unconfuse_folded(folded), rule_language)


def message_language_near(
    folded: str, rule_language: str | None, locale_language: str | None
) -> str | None:
    """`message_language`, keeping a message no rule recognised in the client's language when
    it is as much that language's as the guessed one's (None then: the caller keeps it)."""
    return _hints().guess_near(unconfuse_folded(folded), rule_language, locale_language)


def is_yes_or_no(folded: str) -> bool:
    """Whether a folded message is only a yes or a no, in any language ("oui", "はい")."""
    return _hints().is_yes_no(unconfuse_folded(folded))


def tie_breaker(folded: str, locale_language: str | None) -> str | None:
    """The language whose rule wins when rules of several languages read a folded message:
    the client's, unless none of the message's words is that language's and its own words
    clearly name another ("quero cancelar meu turno" from an en-US client is Portuguese, not
    the Spanish that also reads "cancelar ... turno")."""
    hints = _hints()
    folded = unconfuse_folded(folded)
    if locale_language is not None and any(
            word in hints.words_of.get(locale_language, set()) for word in _WORD.findall(folded)):
        return locale_language
    return hints.guess(folded, None) or locale_language


def keeps_language(folded: str, language: str) -> bool:
    """Whether a folded message is no sign of leaving `language`: kanji alone in Japanese, or
    a short reply of words `language` uses or that every language uses ("ok", "yes")."""
    return _hints().keeps(unconfuse_folded(folded), language)
