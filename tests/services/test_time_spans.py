"""Where a request's day and part-of-day words stand: what a follow-up ("and Saturday?",
"et le soir ?") replaces in the question just answered."""

from __future__ import annotations

import pytest

from services.time_phrase_parser import TimeSpan, time_spans


@pytest.mark.parametrize(
    ("text", "locale", "expected"),
    [
        ("who is working on friday?", "en-US", [("friday", False)]),
        ("and the evening?", "en-US", [("evening", True)]),
        ("what are my shifts this week?", "en-US", [("this", False), ("week", False)]),
        ("qui travaille vendredi soir ?", "fr-FR", [("vendredi", False), ("soir", True)]),
        ("¿y el sábado?", "es-ES", [("sábado", False)]),
        ("金曜日に誰が働いていますか", "ja-JP", [("金曜日", False)]),
        ("a w sobotę?", "pl-PL", [("sobotę", False)]),
        ("周五晚上谁上班？", "zh-CN", [("周五", False), ("晚上", True)]),
        ("我下周有哪些班？", "zh-CN", [("下周", False)]),
        ("who works the day after tomorrow?", "en-US", [("the day after tomorrow", False)]),
        ("and alice?", "en-US", []),
        # Short and misspelt days, as typed: a follow-up's day must replace them.
        ("who's on sat?", "en-US", [("sat", False)]),
        ("who's on thurs", "en-US", [("thurs", False)]),
        ("who's working fri morning?", "en-US", [("fri", False), ("morning", True)]),
        ("who is working tomorow", "en-US", [("tomorow", False)]),
        ("i sat down with him", "en-US", []),
        # Typed in the other language of the two than the Teams locale's.
        ("周日", "ja-JP", [("周日", False)]),
        ("周日は誰が働いていますか", "ja-JP", [("周日", False)]),
        ("日曜日", "zh-CN", [("日曜日", False)]),
        ("下周五谁上班？", "en-GB", [("下周五", False)]),
    ],
)
def test_day_and_part_words_are_found_where_they_stand(
    text: str, locale: str, expected: list[tuple[str, bool]]
) -> None:
    spans = time_spans(text, locale)
    assert [(text[s.start : s.end], s.part_only) for s in spans] == expected
    assert all(isinstance(s, TimeSpan) for s in spans)
