"""Invisible characters leave a person's text; the emoji they build stay whole."""

from __future__ import annotations

import pytest

from core.invisible_marks import without_invisible_marks


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ali\u200dce", "Alice"),
        ("\u200bBob\u200b Smith", "Bob Smith"),
        ("Chen\ufeff", "Chen"),
        ("sick \u202ereven kcab\u202c, sorry", "sick reven kcab, sorry"),
        ("\u2067مرحبا\u2069 hello", "مرحبا hello"),
        ("Fati\u00adma", "Fatima"),
        ("\u200dyes", "yes"),
        ("my family \U0001F468\u200d\U0001F469\u200d\U0001F467 is ill",
         "my family \U0001F468\u200d\U0001F469\u200d\U0001F467 is ill"),
        ("キャンセル\u200b", "キャンセル"),
        ("plain text", "plain text"),
        # Nothing but marks (the joiner between two others was kept): nothing at all.
        ("\u200b\u200d\u2060\ufeff", ""),
        ("\u202e\u200d\u202c", ""),
        ("x\u00ad\u200d\u00ady", "xy"),
        ("yes \u200b\u200d", "yes "),
        # Control characters (a NUL, a bell, a terminal's colour escape, C1 controls): gone;
        # tab, line and page breaks are whitespace and stay.
        ("can\x00cel my\x07 shift", "cancel my shift"),
        ("\x1b[31msick\x1b[0m", "[31msick[0m"),
        ("Bob\x7f\x85\x9f", "Bob"),
        ("line\r\none\tand\x0bone\x0c", "line\r\none\tand\x0bone\x0c"),
        ("\x00\x01\x02", ""),
    ],
)
def test_invisible_characters_go_and_emoji_stay(text: str, expected: str) -> None:
    assert without_invisible_marks(text) == expected
