"""Tests for language.required_literals and the rule index built on it: a rule is skipped only
when it cannot match."""

from __future__ import annotations

import re

import pytest

from core.text_fold import fold_text
from language.intent_rules import intent_rules
from language.required_literals import required_literals
from tests.language.test_intent_rules import CASES
from tests.language.test_understanding import NATIVE, TYPOS


@pytest.mark.parametrize(
    ("pattern", "required"),
    [
        (r"\bcancel\b.*\bshift", ("cancel",)),
        (r"\b(?:swap|switch|trade)\b", ("swap", "switch", "trade")),
        (r"\b(?:tauschen|tausch)\b", ("tausch",)),
        (r"(?:a|b)?c", ("c",)),
        (r"x*", None),
        (r"\w+", None),
        (r"(?i)cancel", None),
        (r"シフト.{0,12}?キャンセル", ("キャンセル",)),
    ],
)
def test_the_strings_a_pattern_needs(pattern: str, required: tuple[str, ...] | None) -> None:
    assert required_literals(pattern) == required


@pytest.mark.parametrize("pattern", [r"(?:cancel|drop) (?:my )?shifts?", r"\bcall (?P<p>\w+)"])
def test_every_match_contains_one_of_the_strings(pattern: str) -> None:
    required = required_literals(pattern)
    assert required is not None
    for text in ("cancel shift", "please drop my shifts now", "call bob"):
        if re.search(pattern, text):
            assert any(s in text for s in required)


def test_the_index_never_skips_a_rule_that_matches() -> None:
    rules = intent_rules()
    texts = [text for _, text in CASES] + [text for _, text, _ in NATIVE] + [t for t, _ in TYPOS]
    for text in texts:
        folded = fold_text(text)
        candidates = set(map(id, rules.candidates(folded)))
        for rule in rules.request_rules:
            if rule.pattern.search(folded):
                assert id(rule) in candidates, (rule.name, text)
