"""Schedule changes said in a language: the preview and confirmation of an assignment, a swap or
an unassignment, from the facts the change carries (core.shift_change.ShiftChange.facts)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from core.shift_change import ShiftChange
from language.catalogue import say
from language.formatting import format_shift_label
from language.schedule_terms import schedule_term


def change_summary(change: ShiftChange, language: str | None) -> str:
    """"Bob Smith → Wed 25 Nov, Evening 20:00-23:00 (sales associate)" and the like, in the
    language; a change without facts (made before they existed) keeps its English summary."""
    return summary_of(str(change.kind), change.facts, change.summary, language)


def summary_of(kind: str, facts: Mapping[str, Any], summary: str, language: str | None) -> str:
    """A change of `kind` as `change_summary` says it, from its facts (`summary`, its English
    summary, when it has none)."""
    if not facts:
        return summary
    shifts = {key: _shift(value, language) for key, value in facts.items()
              if isinstance(value, Mapping)}
    names = {key: value for key, value in facts.items() if isinstance(value, str)}
    return say(f"shift_change.summary.{kind}", language, **names, **shifts)


def change_shift_label(change: ShiftChange, language: str | None, key: str = "shift") -> str:
    """The one shift a change acts on, with its role ("Fri 27 Nov, Evening 20:00-23:00
    (cashier)"), in the language; its English summary when it has no facts. `key` names
    another shift of the facts (a move's "target")."""
    return shift_label_of(change.facts.get(key), change.summary, language)


def shift_label_of(facts: Any, summary: str, language: str | None) -> str:
    """One shift's facts as `change_shift_label` says them (`summary` when there are none)."""
    return _shift(facts, language) if isinstance(facts, Mapping) else summary


def _shift(facts: Mapping[str, Any], language: str | None) -> str:
    start = datetime.fromisoformat(str(facts["starts_at"]))
    end = datetime.fromisoformat(str(facts["ends_at"]))
    label = format_shift_label(str(facts.get("label", "")), start, end, start.tzinfo or end.tzinfo,
                               language)  # type: ignore[arg-type]
    role = schedule_term(str(facts.get("role", "")), language)
    return say("shift.label_with_role", language, shift=label, role=role)
