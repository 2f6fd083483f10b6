"""What a manager's words at an email's preview say, when they are no send, cancel or named
change: a remark on the email's length or tone, a wait, a question about who gets it, or words
about the draft that are no text for it ("hmm not sure about the second paragraph"); and, at
any preview, whether a reply only holds it or puts it off ("no wait", "not now", "plus tard",
"später", "あとで": `asks_to_wait`).

Only text that reads as an email's own (it opens as an email does, "Dear Bob," / "Bonjour
Alice," / "Hallo Bob,", or runs over several lines) or that the manager gives as the new text
("use this: ...", "replace the text with ...", "le texte doit dire ...") may become the email's
body: `new_text` finds it. The words are the lexicons' (`email_*` and `preview_wait` in each
language's interrupts.toml), matched on folded text. A remark is read in the reply's language,
ERA's and English only: another language's remark word is often an ordinary English one
(French "attends" in "make sure he attends the training", German "moment" in "at the moment").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import StrEnum

from core.text_fold import fold_text
from language.intent_rules import language_of
from language.lexicon import Lexicon, alternatives, gathered, load_lexicons, whole_words

# Longer than this, a remark is more likely part of a letter than about it.
_MAX_REMARK_WORDS = 16


class PreviewRemark(StrEnum):
    """What words about the draft ask for."""

    SHORTER = "shorter"
    FRIENDLIER = "friendlier"
    FORMAL = "formal"
    WAIT = "wait"
    RECIPIENTS = "recipients"  # "who else gets this?"
    REMARK = "remark"  # about the draft, but no change ERA can make from it


# Tried in this order: "less friendly" is a formal remark before "friendly" is a friendly one;
# a change of tone or length said after a wait asks for it ("wait, make it friendlier", "no
# wait, shorter"), where the wait alone kept the draft as it was.
_ORDER = (
    ("email_recipients", PreviewRemark.RECIPIENTS),
    ("email_shorter", PreviewRemark.SHORTER),
    ("email_formal", PreviewRemark.FORMAL),
    ("email_friendlier", PreviewRemark.FRIENDLIER),
    ("preview_wait", PreviewRemark.WAIT),
    ("email_remarks", PreviewRemark.REMARK),
)


class _PreviewWords:
    """The preview's words of every lexicon, compiled once."""

    def __init__(self, lexicons: Sequence[Lexicon]) -> None:
        # By language: the remarks of each lexicon that has them, in the order tried.
        self.remarks = {
            lexicon.language: tuple(
                (re.compile(rf"(?<!\w)(?:{alternatives(gathered([lexicon], key))})(?!\w)"), remark)
                for key, remark in _ORDER
            )
            for lexicon in lexicons
            if any(key in lexicon.interrupts for key, _ in _ORDER)
        }
        leads = rf"(?:(?:{alternatives(gathered(lexicons, 'email_leads'))})[,!.]?\s+)*"
        self.marker = re.compile(
            rf"^{leads}(?:{alternatives(gathered(lexicons, 'email_text_markers'))})(?!\w)")
        openings = alternatives(gathered(lexicons, "email_openings"))
        self.opening = re.compile(rf"^(?:{openings})(?!\w)")
        copy_to = gathered(lexicons, "email_copy_to")
        self.also_to = re.compile(whole_words((*gathered(lexicons, "email_also_to"), *copy_to)))
        self.copy_to = re.compile(whole_words(copy_to))


_WORDS: _PreviewWords | None = None


def _words() -> _PreviewWords:
    global _WORDS
    if _WORDS is None:
        _WORDS = _PreviewWords(load_lexicons())
    return _WORDS


def new_text(text: str) -> str | None:
    """The text the manager gives as the email's new text ("use this: Hi Bob, ..." gives "Hi
    Bob, ..."), or None when they do not say so."""
    folded = fold_text(text)
    found = _words().marker.match(folded)
    if found is None:
        return None
    head = folded[: found.end()]
    stripped = text.strip()
    if stripped.casefold().startswith(head):  # "次の文面にして：…", "use this: …"
        rest = stripped[len(head):]
    else:
        # As many words left out of the text as typed ("utilisez ceci"), its lines kept.
        typed = re.match(rf"\s*(?:\S+\s+){{{len(head.split()) - 1}}}\S+", stripped)
        rest = stripped[typed.end():] if typed else ""
    return rest.strip().lstrip(":：-–—").strip().strip("\"“”«»„'‘’").strip()


_STYLE_REMARKS = frozenset({PreviewRemark.SHORTER, PreviewRemark.FRIENDLIER, PreviewRemark.FORMAL})


def is_style_remark(remark: PreviewRemark | None) -> bool:
    """Whether a remark asks for the draft's length or tone to change."""
    return remark in _STYLE_REMARKS


def without_style_remarks(folded: str) -> str:
    """Folded text without its remarks on length or tone, in any language ("make it shorter"
    -> "make it"; "もっと短くして" -> "")."""
    for patterns in _words().remarks.values():
        for pattern, remark in patterns:
            if remark in _STYLE_REMARKS:
                folded = pattern.sub(" ", folded)
    return " ".join(folded.split())


def says_also_to(text: str) -> bool:
    """Whether a reply at a preview says the person it names gets the email as well ("yes, and
    cc alice", "send it to alice too", "auch an Alice", "アリスにも送って"), in any language."""
    return _words().also_to.search(fold_text(text)) is not None


def says_copy_to(text: str) -> bool:
    """Whether a reply at a preview says the person it names gets a copy (Cc) of the email
    ("cc bob", "copy sophie in", "mets chen en copie", "Alice in Kopie", "抄送陈"), in any
    language."""
    folded = fold_text(text)
    # Japanese and Chinese run "CC" into the words around it ("チェンをCCに入れて").
    return _words().copy_to.search(folded) is not None or (
        "cc" in folded and _UNSPACED.search(folded) is not None)


_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


def without_also_to(text: str) -> str:
    """The folded reply without its words that add a recipient ("also mention alice's help"
    -> "mention alice's help"): what is left says whether it asks for a change instead."""
    return " ".join(_words().also_to.sub(" ", fold_text(text)).split())


def reads_as_email(text: str) -> bool:
    """Whether text reads as an email's own: several lines, or an email's opening ("Dear Bob,",
    "Bonjour Alice", "Hallo Bob")."""
    stripped = text.strip()
    return "\n" in stripped or _words().opening.match(fold_text(stripped)) is not None


def preview_remark(
    text: str, locale: str | None = None, language: str | None = None
) -> PreviewRemark | None:
    """What words about the draft ask for ("that looks a bit long": shorter; "wait I need to
    check with HR first": wait; "who else gets this?": who gets it), or None. Read in the
    reply's `locale`, ERA's `language` and English; in every language when neither is known
    (a Slack message has no locale)."""
    if reads_as_email(text) or len(text.split()) > _MAX_REMARK_WORDS:
        return None
    remarks = _words().remarks
    codes = _codes(locale, language)
    folded = fold_text(text)
    for index, (_, remark) in enumerate(_ORDER):
        if any(remarks[code][index][0].search(folded) for code in codes):
            return remark
    return None


def without_remarks(text: str, locale: str | None = None, language: str | None = None) -> str:
    """The folded text without its plain remarks ("looks good, fire away" -> ", fire away";
    "i think it's fine, send it" -> "it's fine, send it"), read as `preview_remark` reads:
    what is left says whether the reply also asks for something."""
    remarks = _words().remarks
    index = [remark for _, remark in _ORDER].index(PreviewRemark.REMARK)
    folded = fold_text(text)
    for code in _codes(locale, language):
        folded = remarks[code][index][0].sub(" ", folded)
    return " ".join(folded.split())


def asks_to_wait(text: str, locale: str | None = None, language: str | None = None) -> bool:
    """Whether a reply at a preview holds it or puts it off ("no wait", "not now", "later",
    "pas maintenant", "später", "más tarde", "あとで", "以后再说"): nothing is to be done yet,
    and nothing dropped. Read as `preview_remark` reads."""
    if len(text.split()) > _MAX_REMARK_WORDS:
        return False
    remarks = _words().remarks
    index = [remark for _, remark in _ORDER].index(PreviewRemark.WAIT)
    folded = fold_text(text)
    return any(remarks[code][index][0].search(folded) for code in _codes(locale, language))


def _codes(locale: str | None, language: str | None) -> list[str]:
    """The languages a remark is read in: the reply's, ERA's and English; every language with
    remark words when neither is known (a Slack message has no locale)."""
    remarks = _words().remarks
    known = [code for code in (language_of(locale), language_of(language)) if code]
    if not known:
        return list(remarks)
    return [code for code in dict.fromkeys([*known, "en"]) if code in remarks]
