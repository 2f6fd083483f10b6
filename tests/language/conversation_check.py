"""Checks a conversation with the bot for meaning, not wording: which catalogue messages ERA
said (in the expected language), and that no English sentence leaked into another language.

Data is not language: people's names, store names, the schedule's own labels and roles, email
addresses, ids, and text the person or another system wrote (an email draft's subject and body)
are removed before looking for English."""

from __future__ import annotations

import re
import string
from collections.abc import Iterable

from language.catalogue import SOURCE_LANGUAGE, default_catalogue
from services.demo_organisation import PEOPLE, STORES, TEMPLATES
from tests.bot_harness import Reply

CATALOGUE = default_catalogue()
_ROLES = ("sales associate", "stock clerk", "supervisor", "cashier")
_DATA = sorted(
    {p.name for p in PEOPLE} | {p.name.split()[0] for p in PEOPLE}
    | {name for _, name, _ in STORES} | {t[2] for t in TEMPLATES} | set(_ROLES),
    key=len, reverse=True,
)
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_IDS = re.compile(r"<[^>\s]*>|\b[0-9A-F]{8}\b|draft-[0-9a-f]+|\b\w+-\w+-\w+\b")
# Words that only an English sentence uses (names and labels were removed already).
_ENGLISH = re.compile(
    r"\b(the|your|you|please|sorry|which|what|would|couldn't|haven't|I've|I'm|isn't|there's|"
    r"shifts?|meetings?|cancelled|booked|anything|nothing)\b", re.IGNORECASE,
)


def said(replies: Iterable[Reply], language: str) -> set[str]:
    """The ids of the catalogue messages in the replies, read as `language`."""
    found: set[str] = set()
    for reply in replies:
        found.update(CATALOGUE.identify(_all_text(reply), language))
    return found


def without_data(text: str, language: str) -> str:
    """The text with data removed (see the module docstring)."""
    text = _strip_draft(text, language)
    text = _EMAIL.sub(" ", text)
    text = _IDS.sub(" ", text)
    for item in _DATA:
        text = re.sub(rf"\b{re.escape(item)}\b", " ", text, flags=re.IGNORECASE)
    return text


def english_leaks(replies: Iterable[Reply], language: str) -> list[str]:
    """English catalogue sentences, or English words, in replies meant to be in `language`."""
    if language == SOURCE_LANGUAGE:
        return []
    english = CATALOGUE.language(SOURCE_LANGUAGE).messages
    theirs = CATALOGUE.language(language).messages
    leaks: list[str] = []
    for reply in replies:
        text = without_data(_all_text(reply), language)
        for msg_id in CATALOGUE.identify(text, SOURCE_LANGUAGE):
            if english[msg_id].forms != theirs[msg_id].forms:
                leaks.append(f"{msg_id}: {text[:120]!r}")
        leaks += [f"word {m.group(0)!r} in {text[:160]!r}" for m in _ENGLISH.finditer(text)]
    return leaks


def _all_text(reply: Reply) -> str:
    return "\n".join([reply.text, *(title for title, _ in reply.buttons)])


def _strip_draft(text: str, language: str) -> str:
    """An email preview's subject and body are the draft's, not ERA's words: the preview is
    replaced by its template with every placeholder empty."""
    form = CATALOGUE.language(language).messages["email.preview"].forms[0]
    pieces = []
    for literal, name, _, _ in string.Formatter().parse(form):
        # (a run of white space matches any run: a channel may lay paragraphs out differently)
        pieces.append(r"\s+".join(re.escape(part) for part in re.split(r"\s+", literal)))
        if name is not None:
            pieces.append(r"(?s:.*?)")
    match = re.search("".join(pieces), text)
    if match is None:
        return text
    empty = CATALOGUE.say("email.preview", language, note="", made="", name="", email="",
                          subject="", body="")
    return text[:match.start()] + empty + text[match.end():]
