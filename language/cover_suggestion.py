"""Who a worker suggests should take the shift they cancel: "cancel my shift on friday and give
it to alice", "annule mon service de vendredi, alice peut le prendre", "cancela mi turno del
viernes, alice puede cubrirlo", "sag meine Schicht am Freitag ab, Alice kann sie übernehmen".

A worker cannot give their shift away: who takes it is for their manager to decide. The
suggestion is told apart from a request about the colleague's own shift ("cancel Alice's
shift"), and the request is given back without it, so that the rest (the day, the reason) is
read as before.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from core.text_fold import fold, fold_text
from language.lexicon import Lexicon, alternatives, gathered, load_lexicons

# Words a reply may have around a suggestion that is all it says ("can ... instead?",
# "ok, ... please").
_AROUND_ALONE = 4


class _CoverWords:
    """The suggestion words of every lexicon: each language's ways to suggest a colleague
    (`%NAME%` standing for the name), and what joins a suggestion to the request."""

    def __init__(self, lexicons: Sequence[Lexicon]) -> None:
        self.handovers = {
            lexicon.language.split("-")[0]: lexicon.interrupts["cover_handovers"]
            for lexicon in lexicons if "cover_handovers" in lexicon.interrupts
        }
        joins = alternatives(gathered(lexicons, "cover_joins"))
        self.join = rf"(?:\s*[,;]\s*|\s+)(?:(?:{joins})\s+)?"


_WORDS: _CoverWords | None = None


def _words() -> _CoverWords:
    global _WORDS
    if _WORDS is None:
        _WORDS = _CoverWords(load_lexicons())
    return _WORDS


@dataclass(frozen=True)
class CoverSuggestion:
    """The colleague suggested (as named in `names`, by index) and the request without the
    suggestion."""

    index: int
    rest: str


def cover_suggestion(
    text: str, names: list[tuple[str, ...]], language: str | None
) -> CoverSuggestion | None:
    """The colleague `text` suggests should take the worker's shift, among `names` (each
    colleague's names: full name, first name), and the request without the suggestion; None
    when no colleague is suggested so."""
    found = _suggestion(text, names, language)
    if found is None:
        return None
    index, start, end = found
    rest = (text[:start] + " " + text[end:]).strip(" ,;")
    return CoverSuggestion(index, " ".join(rest.split())) if rest else None


def suggested_taker(text: str, names: list[tuple[str, ...]], language: str | None) -> int | None:
    """Which of `names` a reply says should take a shift ("give it to alice", "alice can take
    it instead", "dáselo a Alice", "Alice kann sie übernehmen"), by index; None when it names
    no one so. The reply may say nothing else."""
    found = _suggestion(text, names, language, alone=True)
    return found[0] if found is not None else None


def _suggestion(
    text: str, names: list[tuple[str, ...]], language: str | None, alone: bool = False
) -> tuple[int, int, int] | None:
    """The colleague suggested, and where the suggestion stands in `text` (start, end);
    `alone`: a suggestion that is the whole reply, with at most a few words around it."""
    code = (language or "en").split("-")[0].lower()
    words = _words()
    patterns = words.handovers.get(code, ()) + (
        words.handovers.get("en", ()) if code != "en" else ())
    folded = fold(text)
    for index, spellings in enumerate(names):
        written = "|".join(re.escape(fold_text(s)) for s in sorted(
            filter(None, spellings), key=len, reverse=True))
        if not written:
            continue
        for pattern in patterns:
            found = re.search(
                r"(?:^|" + words.join + r")\b(?:" + pattern.replace("%NAME%", f"(?:{written})")
                + r")\b[.!]?", folded.text)
            if found is None:
                continue
            start = folded.origin[found.start()]
            end = folded.origin[found.end() - 1] + 1
            if alone and len((text[:start] + " " + text[end:]).split()) > _AROUND_ALONE:
                continue
            if not alone and not (text[:start] + " " + text[end:]).strip(" ,;"):
                continue
            return index, start, end
    return None
