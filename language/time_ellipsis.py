"""Times said with a word left out, spelled out before they are read: "tomorrow and the day
after" (after tomorrow), "this week and next" (week), "diese und nächste Woche", "cette
semaine et la prochaine", "esta semana y la próxima", "w tym i przyszłym tygodniu".

The time readers took only the day or week said in full, so a worker asking for their shifts
"this week and next" was shown this week alone, and "cancel my shifts tomorrow and the day
after" offered tomorrow's alone. Each language's times.toml `[ellipsis]` `spelled` holds
[pattern, spelled out] pairs; the pattern is matched without regard to case.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from language.time_from_now import lexicon_directory, times_section

_SECTION = "ellipsis"


def spelled_out(text: str, language: str | None) -> str:
    """`text` with the time words it leaves out said in full, in `language`'s way."""
    for pattern, spelled in _pairs(lexicon_directory(language or "en")):
        text = pattern.sub(spelled, text)
    return text


def validate_ellipsis(where: str, data: dict[str, Any]) -> list[str]:
    """The schema problems of a times.toml's `[ellipsis]` section (it may have none)."""
    section = data.get(_SECTION, {})
    if not isinstance(section, dict):
        return [f"{where}: [{_SECTION}] must be a table"]
    pairs = section.get("spelled", [])
    if not isinstance(pairs, list) or not all(
            isinstance(pair, list) and len(pair) == 2 and all(isinstance(w, str) and w
                                                              for w in pair)
            for pair in pairs):
        return [f"{where}: {_SECTION}.spelled must be [pattern, spelled out] pairs"]
    for pattern, _ in pairs:
        try:
            re.compile(pattern)
        except re.error as error:
            return [f"{where}: {_SECTION}.spelled pattern {pattern!r}: {error}"]
    return []


@cache
def _pairs(directory: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    section = times_section(directory, _SECTION, validate_ellipsis)
    if not section:
        return ()
    return tuple((re.compile(pattern, re.IGNORECASE), spelled)
                 for pattern, spelled in section.get("spelled", []))
