"""What ERA says, before it is shaped for a channel: paragraphs, facts (To, Subject), numbered
options (with why an option does not fit), extra buttons and an optional email edit form.

Dialogs keep asking with plain text (the text is what turn memory keeps and what a re-ask
shows); `OutgoingMessage.from_question` reads that text into the structure: paragraphs are
separated by blank lines, and a paragraph made only of "Label: value" lines (To, Subject) is a
list of facts.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from core.choice_option import ChoiceOption

MAX_TITLE_CHARS = 40
EMAIL_FORM_DATA = "email_form"  # where a flow's turn memory keeps the form its question shows
_FACT_LINE = re.compile(r"^(?P<label>[A-Z][A-Za-z]{0,11}(?: [A-Za-z]{1,11})?): (?P<value>\S.*)$")
_TITLE_BREAKS = (": ", " - ", " — ", ", ", " (")


@dataclass(frozen=True)
class Fact:
    """A labelled value shown as a row: ("To", "Bob Smith (bob.smith@contoso.example)")."""

    label: str
    value: str


@dataclass(frozen=True)
class Choice:
    """A numbered option: the reply it stands for ("2"), its number, its full text and a short
    title for a button; an option that does not fit says why and gets no button."""

    reply: str
    number: int
    details: str
    fits: bool = True
    reason: str = ""
    # What the button names, when not the details (the part that tells two options apart).
    named: str = ""

    @property
    def title(self) -> str:
        """The button title: the number and the start of the details, at most 40 characters."""
        return short_title(f"{self.number}. {self.named or self.details}")

    @property
    def shortened(self) -> bool:
        """Whether the button title leaves part of the details out."""
        return self.title != f"{self.number}. {self.details}"


@dataclass(frozen=True)
class Button:
    """An extra button (Send, Edit, Cancel, yes / no): its title and the reply it sends."""

    title: str
    reply: str
    shown: str = ""  # how the press reads in the conversation, when not the title


@dataclass(frozen=True)
class EmailForm:
    """The email edit form: the current subject and body, and the title of the button that
    submits it (empty: the renderer's own "Save changes", in the person's language)."""

    subject: str
    body: str
    submit_title: str = ""

    def to_data(self) -> dict[str, str]:
        """As kept in a flow's turn memory (plain JSON)."""
        return {"subject": self.subject, "body": self.body, "submit_title": self.submit_title}

    @classmethod
    def from_data(cls, data: object) -> EmailForm | None:
        """From `to_data`'s dict; None for anything else."""
        if not isinstance(data, dict):
            return None
        subject, body = data.get("subject"), data.get("body")
        if not isinstance(subject, str) or not isinstance(body, str):
            return None
        return cls(subject, body, str(data.get("submit_title") or ""))


@dataclass(frozen=True)
class Paragraph:
    """A block of text (its lines kept apart) or a block of facts."""

    lines: tuple[str, ...] = ()
    facts: tuple[Fact, ...] = ()


@dataclass(frozen=True)
class OutgoingMessage:
    """Everything one message says, independent of the channel."""

    paragraphs: tuple[Paragraph, ...]
    choices: tuple[Choice, ...] = ()
    buttons: tuple[Button, ...] = ()
    form: EmailForm | None = None

    @property
    def valid_choices(self) -> tuple[Choice, ...]:
        """The options that can be chosen (those that fit)."""
        return tuple(choice for choice in self.choices if choice.fits)

    @property
    def unfit_choices(self) -> tuple[Choice, ...]:
        """The options shown with the reason they do not fit."""
        return tuple(choice for choice in self.choices if not choice.fits)

    @property
    def has_questions(self) -> bool:
        """Whether the message offers anything to press or fill in."""
        return bool(self.choices or self.buttons or self.form)

    @classmethod
    def from_question(
        cls,
        text: str,
        *,
        options: Sequence[ChoiceOption] = (),
        buttons: Sequence[tuple[str, str]] = (),
        form: EmailForm | None = None,
    ) -> OutgoingMessage:
        """The structure of a question as dialogs ask it: text, options, (title, reply)
        buttons and, for an email, the edit form."""
        return cls(
            paragraphs=parse_paragraphs(text),
            choices=_told_apart(tuple(
                Choice(
                    reply=str(option.index + 1), number=option.index + 1, details=option.label,
                    fits=option.fits, reason=option.reason or "",
                )
                for option in options
            )),
            buttons=tuple(Button(title, reply) for title, reply in buttons),
            form=form,
        )


def _shared_start(texts: list[str]) -> str:
    """The characters every text starts with."""
    first, last = min(texts), max(texts)
    at = 0
    while at < min(len(first), len(last)) and first[at] == last[at]:
        at += 1
    return first[:at]


def _told_apart(choices: tuple[Choice, ...]) -> tuple[Choice, ...]:
    """The choices, those whose button titles read the same but for their number ("1. ven 4
    dic, Pomeriggio 15:00-20:00" twice: one shift in sales, one at the till) titled without the
    words they share at the start, so that each button names what its option is. When some
    titles must leave words out, all are titled alike where that tells them apart
    (`_titled_alike`)."""
    alike = _titled_alike(choices)
    if alike is not None:
        return alike
    seen: dict[str, list[int]] = {}
    for at, choice in enumerate(choices):
        seen.setdefault(choice.title.split(" ", 1)[-1], []).append(at)
    told = list(choices)
    for places in seen.values():
        if len(places) < 2:
            continue
        shared = _shared_start([choices[at].details for at in places])
        cut = max(shared.rfind(", "), shared.rfind(": "))
        if cut <= 0:
            continue
        for at in places:
            told[at] = replace(choices[at], named=choices[at].details[cut + 2:])
        if len({told[at].title.split(" ", 1)[-1] for at in places}) < len(places):
            for at in places:
                told[at] = choices[at]
    return tuple(told)


# What brackets hold after a word ("(cashier)", "（レジ）"), not in a date ("12月5日(土)").
_BRACKETS = re.compile(r"\s+\([^()]*\)|\s*（[^（）]*）")
# Ways to shorten every title alike, tried in turn: as written, without what brackets hold
# ("Morning 09:00-15:00 — Bob Smith"), before a dash, before a bracket.
_ALIKE: tuple[Callable[[str], str], ...] = (
    lambda text: text,
    lambda text: " ".join(_BRACKETS.sub("", text).split()),
    lambda text: text.split(" — ", 1)[0],
    lambda text: text.split(" (", 1)[0],
)


def _titled_alike(choices: tuple[Choice, ...]) -> tuple[Choice, ...] | None:
    """The choices with every button titled the same way, when some title would otherwise be
    cut and another not ("1. Morning 09:00-15:00" beside "3. Sat 5 Dec, Afternoon 15:00-20:00",
    "1. Fatima Khan (cashier)" beside "2. Yuki Tanaka"): the words all share at the start
    (the day the question names) left out, then each title shortened the same way, as long as
    all fit and each names its own option; None when no way does, or none is cut."""
    buttons = [choice for choice in choices if choice.fits]
    if len(buttons) < 2 or not any(choice.shortened for choice in buttons):
        return None
    texts = [choice.details for choice in buttons]
    cut = max(_shared_start(texts).rfind(", "), _shared_start(texts).rfind(": "))
    if cut > 0:
        texts = [text[cut + 2:] for text in texts]
    for way in _ALIKE:
        named = [way(text) for text in texts]
        if (all(named) and len(set(named)) == len(named)
                and all(len(f"{c.number}. {n}") <= MAX_TITLE_CHARS
                        for c, n in zip(buttons, named, strict=True))):
            by_number = {c.number: n for c, n in zip(buttons, named, strict=True)}
            return tuple(replace(c, named=by_number[c.number]) if c.number in by_number else c
                         for c in choices)
    return None


def parse_paragraphs(text: str) -> tuple[Paragraph, ...]:
    """Paragraphs split at blank lines; a paragraph of two or more "Label: value" lines becomes
    facts; other lines are kept as they are."""
    paragraphs: list[Paragraph] = []
    for block in re.split(r"\n[ \t]*\n", text.strip()):
        lines = tuple(line.rstrip() for line in block.strip("\n").splitlines() if line.strip())
        if not lines:
            continue
        matches = [_FACT_LINE.match(line) for line in lines]
        if len(lines) >= 2 and all(matches):
            paragraphs.append(Paragraph(facts=tuple(
                Fact(m.group("label"), m.group("value")) for m in matches if m is not None
            )))
        else:
            paragraphs.append(Paragraph(lines=lines))
    return tuple(paragraphs)


def short_title(title: str, limit: int = MAX_TITLE_CHARS) -> str:
    """`title` cut to at most `limit` characters: at a natural break (": ", ", ", " (") outside
    brackets when one leaves a useful title, else at a word, with an ellipsis."""
    title = " ".join(title.split())
    if len(title) <= limit:
        return title
    best = ""
    for mark in _TITLE_BREAKS:
        cut = title.rfind(mark, 0, limit + 1)
        while cut > 0:
            candidate = title[:cut].rstrip(",:;-— ")
            # Never inside brackets: "Alice Martin (cashier" reads as broken; "Alice Martin" not.
            if (12 <= len(candidate) <= limit
                    and candidate.count("(") == candidate.count(")")):
                best = max(best, candidate, key=len)
                break
            cut = title.rfind(mark, 0, cut)
    if best:
        return best
    words = title[: limit - 1].rsplit(" ", 1)[0].rstrip(",:;-— ")
    return words + "…"
