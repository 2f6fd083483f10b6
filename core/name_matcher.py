"""Find the people a name in a message refers to ("bob", "Bob S.", "alice martin", "fatma").

Exact full names win; then a unique first or last name; then close spellings. "bob" with two
Bobs returns both, so the dialog asks which one. Pure and deterministic.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from difflib import SequenceMatcher

from core.person import Person

_CLOSE_ENOUGH = 0.8
_POSSESSIVE = re.compile(r"['’]s\b")
_NON_WORD = re.compile(r"[^\w@-]+")
# Chinese, Japanese and Korean write no spaces: "和Alice开个会" names Alice all the same.
_CJK = "\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"
_SCRIPT_EDGE = re.compile(rf"(?<=[{_CJK}])(?=[^{_CJK}])|(?<=[^{_CJK}])(?=[{_CJK}])")
_UNSPACED_LETTER = re.compile(rf"[{_CJK}]")


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).strip()


def match_people(query: str, people: Sequence[Person]) -> list[Person]:
    """People whose name matches the query, best matches only (ties all returned)."""
    raw = _fold(query)
    wanted = " ".join(raw.replace(".", " ").split())
    if not wanted:
        return []
    exact = [p for p in people if _fold(p.name) == wanted or _fold(p.email) == raw]
    if exact:
        return exact
    words = wanted.split()
    by_parts: list[Person] = []
    for person in people:
        parts = _fold(person.name).split()
        if all(any(part.startswith(word) for part in parts) for word in words) and (
            any(word in parts for word in words)
        ):
            by_parts.append(person)
    if by_parts:
        return by_parts
    scored: list[tuple[float, Person]] = []
    for person in people:
        parts = _fold(person.name).split()
        candidates = [*parts, " ".join(parts)]
        best = max(SequenceMatcher(None, wanted, part).ratio() for part in candidates)
        if best >= _CLOSE_ENOUGH:
            scored.append((best, person))
    if not scored:
        return []
    top = max(score for score, _ in scored)
    return [person for score, person in scored if score == top]


def _sentence(text: str) -> str:
    """The folded words of a sentence, space-delimited at both ends; "alice's", "Bob," and
    "(Chen)" name people too, so possessives and punctuation go."""
    words = _POSSESSIVE.sub(" ", _SCRIPT_EDGE.sub(" ", _fold(text)))
    return " " + " ".join(_NON_WORD.sub(" ", words).split()) + " "


def written_unspaced(text: str) -> bool:
    """Whether the text is in a script where a name runs into the words around it (Chinese,
    Japanese, Korean particles), so request rules cannot tell where a name ends."""
    return _UNSPACED_LETTER.search(text) is not None


def fully_named(text: str, people: Sequence[Person]) -> list[Person]:
    """The people whose full name the sentence writes ("cancel Bob Jones's shift")."""
    folded = _sentence(text)
    return [person for person in people if " " + _fold(person.name) + " " in folded]


def find_names_in_text(text: str, people: Sequence[Person]) -> list[Person]:
    """People named anywhere in a sentence ("assign bob on wed"), in order of appearance.

    A full name counts once; a first name shared by several people returns all of them, so
    the caller can ask which one is meant.
    """
    folded = _sentence(text)
    found: list[tuple[int, Person]] = []
    for person in people:
        name = _fold(person.name)
        position = folded.find(" " + name + " ")
        if position < 0:
            first = name.split()[0]
            position = folded.find(" " + first + " ")
        if position >= 0:
            found.append((position, person))
    found.sort(key=lambda item: item[0])
    full_hits = {p.id for pos, p in found if (" " + _fold(p.name) + " ") in folded}
    if full_hits:
        # "Bob Smith and Alice": keep the full-name hit, drop the other Bob matched by first name.
        first_names_fully_named = {_fold(p.name).split()[0] for p in people if p.id in full_hits}
        found = [
            (pos, p) for pos, p in found
            if p.id in full_hits or _fold(p.name).split()[0] not in first_names_fully_named
        ]
    return [person for _, person in found]
