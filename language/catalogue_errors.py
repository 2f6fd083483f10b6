"""Errors said in the person's language: an EraError's code picks the catalogue message
"error.<code>", its data fills the placeholders (a shift in the data reads as a shift label in
the language)."""

from __future__ import annotations

from datetime import tzinfo
from typing import Any

from core.errors import EraError
from core.shift import Shift
from core.shift_candidate import ShiftCandidate
from language.catalogue import say
from language.formatting import format_shift_label


def error_text(error: EraError, language: str | None) -> str:
    """What to tell the person about `error`."""
    tz = error.data.get("tz")
    params = {
        name: _value(value, tz, language) for name, value in error.data.items() if name != "tz"
    }
    if "problems" in error.data:
        params["problems"] = " ".join(
            say("error.problem", language, name=problem["name"],
                shift=_value(problem["shift"], tz, language), reason=problem["reason"])
            for problem in error.data["problems"]
        )
    return say(f"error.{error.code}", language, **params)


def _value(value: Any, tz: tzinfo | None, language: str | None) -> Any:
    if isinstance(value, Shift | ShiftCandidate) and tz is not None:
        return format_shift_label(value.label, value.starts_at, value.ends_at, tz, language)
    return value
