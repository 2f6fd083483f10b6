"""Checks a conversation with the bot for meaning, not wording: which catalogue messages ERA
said (in the expected language), and that no English sentence leaked into another language.

Data is not language: people's names, store names, the schedule's own labels and roles, the
demo calendar's meeting subjects, a booked meeting's own title (written in the invitee's
language, as the calendar keeps it), email addresses, ids, and text the person or another
system wrote (an email draft's subject and body) are removed before looking for English.

English is found two ways: an English catalogue message whose text differs in the language
(said in English instead), and, for sentences that are in no catalogue (a string still
hard-coded somewhere), common English words that no other language's catalogue uses."""

from __future__ import annotations

import re
import string
from collections.abc import Iterable

from language.catalogue import SOURCE_LANGUAGE, default_catalogue
from services.demo_meetings import DEMO_MEETINGS
from services.demo_organisation import BUSY, PEOPLE, STORES, TEMPLATES
from tests.bot_harness import Reply

CATALOGUE = default_catalogue()
_ROLES = ("sales associate", "stock clerk", "supervisor", "cashier")
_DATA = sorted(
    {p.name for p in PEOPLE} | {p.name.split()[0] for p in PEOPLE}
    | {name for _, name, _ in STORES} | {t[2] for t in TEMPLATES} | set(_ROLES)
    | {m.subject for m in DEMO_MEETINGS} | {m.body for m in DEMO_MEETINGS}
    | {subject for busy in BUSY.values() for *_, subject in busy},
    key=len, reverse=True,
)
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_IDS = re.compile(r"<[^>\s]*>|\b[0-9A-F]{8}\b|draft-[0-9a-f]+|\b\w+-\w+-\w+\b")
# Common English words, and ERA's domain words; those any other catalogue uses too ("in",
# "die", "a", "e-mail") are dropped below, so what is left only an English sentence has.
_COMMON_ENGLISH = """
the a an and or but of to in on at for with about from by into than then so too very is are
was were be been being have has had do does did will would can could should shall may might
must not no yes it its this that these those there here what which who whom whose when where
why how all any each every some none nothing anything something someone anyone your you
yours me my mine we our us they them their he him his she her i i've i'm i'll i'd you're
you've isn't aren't wasn't don't doesn't didn't can't couldn't won't wouldn't haven't hasn't
there's that's it's let's please sorry thanks thank again only just also still yet now
later today tomorrow week day time times reply press say type send sent cancel cancelled
book booked try found find shift shifts meeting meetings manager email call reason choose
chosen option options available want need keep kept done ok okay sure
"""


def _english_words() -> re.Pattern[str]:
    others = " ".join(
        form for language in CATALOGUE.languages if language != SOURCE_LANGUAGE
        for message in CATALOGUE.language(language).messages.values() for form in message.forms
    ).casefold()
    used = set(re.findall(r"[\w']+", others))
    words = sorted({w for w in _COMMON_ENGLISH.split() if w not in used}, key=len, reverse=True)
    return re.compile(r"(?<![\w'])(?:" + "|".join(map(re.escape, words)) + r")(?![\w'])",
                      re.IGNORECASE)


_ENGLISH = _english_words()


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
    return _MEETING_TITLES.sub(" ", text)


def _meeting_titles() -> re.Pattern[str]:
    """A booked meeting's title ("Meeting: Bob Smith and Maria Lopez") in any language, once
    the names are gone."""
    forms = []
    for language in CATALOGUE.languages:
        form = CATALOGUE.messages_of(language)["meeting_book.subject"].forms[0]
        forms.append("".join(
            re.escape(literal) + (r"[^\n:：.。]*?" if name is not None else "")
            for literal, name, _, _ in string.Formatter().parse(form)))
    return re.compile("|".join(sorted(forms, key=len, reverse=True)))


_MEETING_TITLES = _meeting_titles()


def english_leaks(replies: Iterable[Reply], language: str) -> list[str]:
    """English catalogue sentences, or English words, in replies meant to be in `language`."""
    if language == SOURCE_LANGUAGE:
        return []
    english = CATALOGUE.language(SOURCE_LANGUAGE).messages
    theirs = CATALOGUE.messages_of(language)
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
    form = CATALOGUE.messages_of(language)["email.preview"].forms[0]
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
