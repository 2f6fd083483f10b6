"""A sentence ERA can say again in another language: catalogue message ids with their values.

A question is kept while it waits for its answer; a person may answer it in another language
than the one it was asked in ("ich weiß nicht" to a French list of shifts), and ERA then asks it
again in the new language. Rendered text cannot be translated back, so a question is kept as a
`Phrase`: the message ids it is made of, and values that are either the same in every language
(a name, a count, the person's own words), a `Phrase` of their own, or a `Formatted` value that
each language writes its own way (a day, a shift's label, a list, a shift change). A phrase is
plain JSON once stored (`to_dict` / `from_dict`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any, Literal
from zoneinfo import ZoneInfo

from core.shift_change import ShiftChange
from language.catalogue import say
from language.catalogue_schedule import shift_label_of, summary_of
from language.email_preview_text import email_preview
from language.formatting import (
    format_day,
    format_list,
    format_long_day,
    format_on_day,
    format_person_label,
    format_shift_label,
    format_slot,
    format_weekday,
)
from language.schedule_terms import schedule_term

Value = Any  # str | int | float | Phrase | Formatted, or a list or mapping of them


@dataclass(frozen=True)
class Formatted:
    """A value each language writes its own way: `kind` names how (see `_FORMATS`), `args`
    are its plain JSON inputs (ISO dates, a timezone's name, a schedule's word)."""

    kind: str
    args: tuple[Value, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in _FORMATS:
            raise ValueError(f"no format {self.kind!r}")

    def said(self, language: str | None) -> str:
        """The value as `language` writes it."""
        return _FORMATS[self.kind](self.args, language)


@dataclass(frozen=True)
class Phrase:
    """Message ids, each with its values, said one after the other (joined by a space)."""

    parts: tuple[tuple[str, Mapping[str, Value]], ...] = field(default_factory=tuple)

    @classmethod
    def of(cls, msg_id: str, /, **params: Value) -> Phrase:
        """One message with its values: `Phrase.of("shift_cancel.ask_which")`."""
        return cls(((msg_id, params),))

    def then(self, *others: Phrase | None) -> Phrase:
        """This phrase followed by the `others` (None ones left out)."""
        return Phrase(self.parts + tuple(p for o in others if o is not None for p in o.parts))

    def said(self, language: str | None) -> str:
        """The phrase as `language` says it."""
        return " ".join(
            text for msg_id, params in self.parts
            if (text := say(msg_id, language, **{k: _said(v, language)
                                                 for k, v in params.items()}))
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready form."""
        return {"say": [[msg_id, {k: _stored(v) for k, v in params.items()}]
                        for msg_id, params in self.parts]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Phrase:
        """Rebuild from `to_dict` output (ValueError, KeyError or TypeError when it is not)."""
        return cls(tuple((str(msg_id), {str(k): _read(v) for k, v in params.items()})
                         for msg_id, params in data["say"]))


Sayable = Phrase | Formatted
"""Words kept to be said in any language: a phrase, or a value each language writes."""


def said(text: str | Sayable, language: str | None) -> str:
    """`text` as `language` says it (a plain text is said as it is)."""
    return text if isinstance(text, str) else text.said(language)


def stored_phrase(text: str | Sayable) -> Any:
    """Plain JSON for a text, a phrase or a formatted value (`read_phrase` reads it back)."""
    return _stored(text)


def read_phrase(data: Any) -> str | Sayable:
    """What `stored_phrase` stored (ValueError, KeyError or TypeError when it is not)."""
    read = _read(data)
    if not isinstance(read, str | Phrase | Formatted):
        raise ValueError("not a phrase")
    return read


def yes_no_buttons() -> tuple[tuple[Phrase, str], ...]:
    """The Yes / No buttons (`language.formatting.yes_no_buttons`) in any language."""
    return ((Phrase.of("button.yes"), "yes"), (Phrase.of("button.no"), "no"))


def day(value: date) -> Formatted:
    """A day as a short label ("Tue 24 Nov", "mar. 24 nov.")."""
    return Formatted("day", (value.isoformat(),))


def on_day(value: date, *, long: bool = False) -> Formatted:
    """A day as the "on {day}" messages take it (`format_on_day`)."""
    return Formatted("on_day", (value.isoformat(), long))


def long_day(value: date) -> Formatted:
    """A day written out ("Wednesday 25 November")."""
    return Formatted("long_day", (value.isoformat(),))


def slot(start: datetime, end: datetime) -> Formatted:
    """A day and a time range, both local times ("Tue 24 Nov, 20:00-23:00")."""
    return Formatted("slot", (start.isoformat(), end.isoformat()))


def shift_label(label: str, starts_at: datetime, ends_at: datetime, zone: str) -> Formatted:
    """A shift as people read it, in the store's timezone `zone` (`format_shift_label`)."""
    return Formatted("shift_label", (label, starts_at.isoformat(), ends_at.isoformat(), zone))


def term(word: str) -> Formatted:
    """A schedule's own word (a shift's name, a role) as each catalogue renders it."""
    return Formatted("term", (word,))


def weekday(value: int) -> Formatted:
    """A day of the week by its number, Monday 0 ("Friday", "vendredi", "金曜日")."""
    return Formatted("weekday", (value,))


def person_label(name: str, roles: Sequence[str], email: str = "") -> Formatted:
    """A person as an option reads: "Bob Smith (cashier, stock)", with their email when
    another's name looks the same."""
    return Formatted("person", (name, list(roles), email))


def listing(items: Sequence[Value], style: Literal["and", "or", "plain", "head"] = "and"
            ) -> Formatted:
    """Values as a list in the language's own way ("a, b and c")."""
    return Formatted("list", (list(items), style))


def change_summary(change: ShiftChange) -> Formatted:
    """A shift change as its preview says it ("Bob Smith ⇄ Alice Martin: …",
    `language.catalogue_schedule.change_summary`)."""
    return Formatted("change_summary", (str(change.kind), change.facts, change.summary))


def change_shift(change: ShiftChange, key: str = "shift") -> Formatted:
    """The one shift a change acts on, with its role (`change_shift_label`)."""
    return Formatted("change_shift", (change.facts.get(key), change.summary))


def _said(value: Value, language: str | None) -> Any:
    if isinstance(value, Phrase | Formatted):
        return value.said(language)
    return value


def _stored(value: Value) -> Any:
    if isinstance(value, Phrase):
        return value.to_dict()
    if isinstance(value, Formatted):
        return {"format": value.kind, "args": [_stored(a) for a in value.args]}
    if isinstance(value, list | tuple):
        return [_stored(item) for item in value]
    if isinstance(value, Mapping):
        # Marked apart from a phrase ("say") and a formatted value ("format").
        return {"map": {str(k): _stored(v) for k, v in value.items()}}
    return value


def _read(value: Any) -> Value:
    if isinstance(value, dict) and "say" in value:
        return Phrase.from_dict(value)
    if isinstance(value, dict) and "map" in value:
        return {str(k): _read(v) for k, v in value["map"].items()}
    if isinstance(value, dict):
        return Formatted(str(value["format"]), tuple(_read(a) for a in value["args"]))
    if isinstance(value, list):
        return [_read(item) for item in value]
    return value


def _format_shift_label(args: tuple[Value, ...], language: str | None) -> str:
    label, starts_at, ends_at, zone = args
    return format_shift_label(str(label), datetime.fromisoformat(starts_at),
                              datetime.fromisoformat(ends_at), ZoneInfo(str(zone)), language)


def _format_person(args: tuple[Value, ...], language: str | None) -> str:
    name, roles, email = args
    label = format_person_label(str(name), [str(r) for r in roles], language)
    return f"{label}, {email}" if email else label


_FORMATS: dict[str, Callable[[tuple[Value, ...], str | None], str]] = {
    "day": lambda args, language: format_day(date.fromisoformat(args[0]), language),
    "on_day": lambda args, language: format_on_day(date.fromisoformat(args[0]), language,
                                                   long=bool(args[1])),
    "long_day": lambda args, language: format_long_day(date.fromisoformat(args[0]), language),
    "slot": lambda args, language: format_slot(datetime.fromisoformat(args[0]),
                                               datetime.fromisoformat(args[1]), language),
    "shift_label": _format_shift_label,
    "person": _format_person,
    "term": lambda args, language: schedule_term(str(args[0]), language),
    "weekday": lambda args, language: format_weekday(int(args[0]), language),
    "change_summary": lambda args, language: summary_of(str(args[0]), args[1] or {},
                                                        str(args[2]), language),
    "change_shift": lambda args, language: shift_label_of(args[0], str(args[1]), language),
    "email_preview": email_preview,
    "list": lambda args, language: format_list([str(_said(item, language)) for item in args[0]],
                                               language, args[1]),
}
