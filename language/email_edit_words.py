"""What a manager's words at an email's preview ask of the draft: the Edit button's word typed
("edit", "modifier", "ändern", "編集"), or an instruction for the drafter ("make it firmer",
"rendila più gentile", "bitte mach sie kürzer", "本文に「9時集合」と追加して", "加上一句：九点集合")
rather than text for the email ("Hi Bob, ...").

The words are the lexicons' (`email_edit_words`, `email_instruction_verbs`,
`email_instruction_leads` and `email_unspaced_instructions` in each language's interrupts.toml),
every language's at once, matched on folded text: an instruction's language is often not the
person's ("ok, rends-le plus court" from an English locale).
"""

from __future__ import annotations

import re
from enum import StrEnum
from functools import cache

from core import email_draft
from core.hanzi_names import has_hanzi
from core.kana_names import has_kana
from core.text_fold import fold, fold_text
from language.email_preview_words import (
    is_style_remark,
    preview_remark,
    reads_as_email,
    without_style_remarks,
)
from language.lexicon import alternatives, gathered, load_lexicons, whole_words

_MAX_INSTRUCTION_WORDS = 16
# Words this short around a remark are pronouns and articles ("make it shorter", "rends-la
# plus courte", "mach sie kürzer"), never a topic of their own.
_MAX_FILLER_CHARS = 3
# Longer than this, Japanese or Chinese is more likely the email's text than an instruction.
_MAX_UNSPACED_INSTRUCTION_CHARS = 60
# An instruction asked of ERA names its verb within its first few words ("can you also add
# ...", "kannst du bitte noch ... erwähnen" names it last); a longer one-line reply is read up
# to this many words, beyond which it is the email's text.
_VERB_REACH = 4
_MAX_ASKED_WORDS = 40
# "the new text" or "an instruction" is a short answer.
_MAX_KIND_ANSWER_WORDS = 8


class EditReading(StrEnum):
    """What a reply at "what should the email say instead?" is."""

    TEXT = "text"  # the email's new text
    INSTRUCTION = "instruction"  # a change for ERA to make
    UNSURE = "unsure"  # could be either: ERA asks which


class _EditWords:
    """The edit words, instruction verbs, politeness and unspaced instructions of every
    lexicon, compiled once."""

    def __init__(self) -> None:
        lexicons = load_lexicons()
        self.edit = frozenset(gathered(lexicons, "email_edit_words"))
        self.verbs = frozenset(gathered(lexicons, "email_instruction_verbs"))
        self.folded_verbs = frozenset(fold_text(verb) for verb in self.verbs)
        leads = alternatives(gathered(lexicons, "email_instruction_leads"))
        # "actually, make it firmer", "per favore rendila più breve", "bitte mach sie kürzer".
        self.lead = re.compile(rf"^(?:(?:{leads})[,:]?\s+)+")
        self.unspaced = re.compile(alternatives(
            gathered(lexicons, "email_unspaced_instructions")))
        # "the email", "a bit", "bitte": words around a remark that name no one and no topic.
        self.draft = re.compile(alternatives(gathered(lexicons, "email_draft_words")))
        # "can you", "kannst du", "tu peux": the reply asks ERA to do something.
        asks = alternatives(gathered(lexicons, "email_instruction_asks"))
        self.asks = re.compile(rf"^(?:(?:{leads})[,:]?\s+)*(?:{asks})(?:[,:]?\s+|$)")
        # The verbs of a change asked of ERA, as said after "can you" or last.
        self.asked_verbs = frozenset(
            fold_text(verb) for verb in gathered(lexicons, "email_instruction_infinitives"))
        self.as_text = re.compile(whole_words(gathered(lexicons, "email_edit_as_text")))
        self.as_instruction = re.compile(
            whole_words(gathered(lexicons, "email_edit_as_instruction")))


@cache
def _words() -> _EditWords:
    return _EditWords()


def is_edit_request(text: str) -> bool:
    """A bare "edit" / "change" / "modifier" (the Edit button or its typed equivalent)."""
    words = fold_text(text).strip().rstrip("!.?").split()
    return 0 < len(words) <= 2 and words[0] in _words().edit


def asks_to_change_a_draft(
    text: str, locale: str | None = None, language: str | None = None
) -> bool:
    """Whether the words only ask for a change to a draft: the Edit word ("edit", "ändern"),
    or a remark on its length or tone with nothing else ("make it shorter", "krócej",
    "plus court stp", "もっと短くして"). Asked before any draft exists, such words are no
    name and no topic ("make him be friendlier to customers" is one)."""
    if is_edit_request(text):
        return True
    if not is_style_remark(preview_remark(text, locale, language)):
        return False
    words = _words()
    rest = without_style_remarks(without_politeness(text)).strip(" ,.!?;:")
    return all(
        len(word) <= _MAX_FILLER_CHARS or word in words.folded_verbs or words.draft.fullmatch(word)
        for word in (raw.strip(",.!?;:") for raw in rest.split())
    )


def looks_like_unspaced_instruction(text: str) -> bool:
    """Whether a short Japanese or Chinese edit reads as an instruction ("本文に「9時集合」と
    追加して", "加上一句：九点集合") rather than text for the email."""
    stripped = text.strip()
    return (len(stripped) <= _MAX_UNSPACED_INSTRUCTION_CHARS and "\n" not in stripped
            and _words().unspaced.search(fold_text(stripped)) is not None)


def without_politeness(text: str) -> str:
    """The reply without the politeness and change of mind before an instruction ("please",
    "actually", "per favore", "bitte"), folded and stripped."""
    return _words().lead.sub("", fold_text(text).strip())


def looks_like_instruction(text: str) -> bool:
    """Whether an edit reads as an instruction ("make it firmer", "please add the date")
    rather than replacement text ("Hi Bob, ...")."""
    if looks_like_unspaced_instruction(text) or added_sentence(text) is not None:
        return True
    if "\n" in text.strip():
        return False
    words = without_politeness(text).split()
    if not words or len(words) > _MAX_INSTRUCTION_WORDS:
        return False
    return words[0].strip(",.:;!") in _words().verbs


def subject_change(text: str) -> str | None:
    """The new subject an instruction asks for, as typed ("please change the subject to
    Lateness" -> "Lateness"); "" when it names none; None when it asks for something else
    (`core.email_draft.subject_change` after the politeness)."""
    stripped = text.strip()
    lead = _words().lead.match(fold_text(stripped))
    if lead is not None:
        # As many words left out of the text as the politeness took, the subject as typed.
        typed = re.match(rf"\s*(?:\S+\s+){{{len(lead.group(0).split())}}}", stripped)
        stripped = stripped[typed.end():] if typed else stripped
    return email_draft.subject_change(stripped)


def edit_reading(text: str) -> EditReading:
    """What a reply to "what should the email say instead?" is: a letter (several lines, or an
    opening greeting: "Hi Bob, ...") is the text; an instruction that asks ERA for a change in
    so many words ("make it shorter", "can you also add the date", "kannst du bitte den Termin
    am Freitag erwähnen", "bitte den Termin erwähnen", "金曜日の会議についても書いてください") is
    an instruction; a reply that asks ERA but names no change ("can you come in early on
    Friday?"), or names one after a word or two or last with no request around it ("also
    mention the Friday meeting", "den Termin am Freitag erwähnen") could be either; anything
    else is the text."""
    stripped = text.strip()
    if reads_as_email(stripped):
        return EditReading.TEXT
    words = _words()
    folded = fold_text(stripped).strip(" ¿¡")
    asked = words.asks.match(folded) is not None
    if not asked and looks_like_instruction(stripped):
        return EditReading.INSTRUCTION
    tokens = [token.strip(",.:;!?¿¡\"'") for token in without_politeness(stripped).split()]
    tokens = [token for token in tokens if token]
    if not tokens or len(tokens) > _MAX_ASKED_WORDS:
        return EditReading.TEXT
    polite = words.lead.match(folded) is not None
    acts = words.asked_verbs
    early = any(token in acts for token in tokens[:_VERB_REACH])
    # The last word before a closing "please" ("... noemen alsjeblieft", "... por favor").
    closing = [token for token in tokens
               if len(token) > _MAX_FILLER_CHARS and not words.draft.fullmatch(token)]
    last = bool(closing) and closing[-1] in acts
    if asked:
        return EditReading.INSTRUCTION if early or last else EditReading.UNSURE
    if polite and last:
        return EditReading.INSTRUCTION
    if early or last or any(token in words.folded_verbs for token in tokens[:_VERB_REACH]):
        return EditReading.UNSURE
    return EditReading.TEXT


def edit_kind_answer(text: str) -> EditReading | None:
    """The answer to "is this the new text of the email, or an instruction for me?": TEXT
    ("the new text", "le texte", "本文"), INSTRUCTION ("an instruction", "eine Anweisung",
    "指示"), or None when it says neither or both."""
    folded = fold_text(text).strip(" .!?。！？")
    if not folded or len(folded.split()) > _MAX_KIND_ANSWER_WORDS:
        return None
    words = _words()
    as_text = words.as_text.search(folded) is not None
    as_instruction = words.as_instruction.search(folded) is not None
    if as_text == as_instruction:
        return None
    return EditReading.TEXT if as_text else EditReading.INSTRUCTION


def added_sentence(text: str) -> str | None:
    """The sentence an edit asks to add to the email, as typed and made a sentence ("add that
    the rota starts on monday 7 december" -> "The rota starts on monday 7 december.", "ajoute
    que le planning change" -> "Le planning change.", "「9時集合」と追加して" -> "9時集合"), or None
    when the edit asks for something else. Each lexicon's `email_add_sentence`, after the
    politeness or the asking ("please", "bitte", "could you"). German and Dutch add only after
    a colon ("füge hinzu: ..."): their "dass"/"dat" changes the order of the words after it."""
    said = fold(text.strip())
    folded = said.text
    words = _words()
    lead = words.asks.match(folded) or words.lead.match(folded)  # "could you also", "please"
    start = lead.end() if lead else 0
    for pattern in _add_patterns():
        found = pattern.match(folded, start)
        if found is None:
            continue
        first, last = found.start("added"), found.end("added") - 1
        added = said.original[said.origin[first]:said.origin[last] + 1].strip(" \"'“”「」")
        if not added:
            return None
        if lead is not None and lead.re is words.asks:
            added = added.rstrip(" ?¿")  # "tu peux ajouter que ... ?" asks; the sentence does not
        one_word = len(added.split()) < 2 and not _written_unspaced(added)
        if not added or added.endswith(("?", "？")) or one_word:
            # "say that again?", "add that too": a question or a word, no sentence to add.
            return None
        added = added[0].upper() + added[1:]
        if added[-1] in ".!?。！？":
            return added
        return f"{added}{'。' if _written_unspaced(added) else '.'}"
    return None


@cache
def _add_patterns() -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(rf"(?:{pattern})\s*$", re.DOTALL)
                 for pattern in gathered(load_lexicons(), "email_add_sentence"))


def _written_unspaced(text: str) -> bool:
    """Japanese or Chinese: one sentence needs no spaces, and ends with "。"."""
    return has_hanzi(text) or has_kana(text)
