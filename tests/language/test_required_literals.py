"""Tests for language.required_literals and the rule index built on it: a rule is skipped only
when it cannot match."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import language.required_literals as required_literals_module
from core.text_fold import fold_text
from language.intent_rules import IntentRules, intent_rules, request_rule_sources
from language.lexicon import load_lexicons
from language.required_literals import (
    GROUPS_TABLE,
    SHIPPED_TABLE,
    groups_table_of,
    known_required_literals,
    pattern_key,
    required_literal_groups,
    required_literals,
    table_of,
)
from tests.language.test_intent_rules import CASES
from tests.language.test_understanding import NATIVE, TYPOS

ROOT = Path(__file__).resolve().parents[2]


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


@pytest.mark.parametrize(
    ("pattern", "groups"),
    [
        (r"\bcancel\b.*\bshift", (("cancel",), ("shift",))),
        (r"\b(?:swap|trade)\b (?:my )?(?:shift|rota)", (("swap", "trade"), (" ",),
                                                        ("shift", "rota"))),
        (r"(?:a|b)?c", (("c",),)),
        (r"\w+", ()),
        (r"(?i)cancel shift", ()),
    ],
)
def test_every_group_of_strings_a_pattern_needs(
        pattern: str, groups: tuple[tuple[str, ...], ...]) -> None:
    assert required_literal_groups(pattern) == groups


def test_a_rule_is_not_searched_for_a_message_lacking_one_of_the_words_it_needs() -> None:
    """"cancel one of my shifts" opens the rules filed under "cancel", but a rule that also
    needs "meeting" (or "appointment"...) is not searched: it could not match."""
    rules = intent_rules()
    texts = [text for _, text in CASES] + [text for _, text, _ in NATIVE]
    searched = 0
    for text in texts:
        folded = fold_text(text)
        for rule in rules.candidates(folded):
            searched += 1
            for group in required_literal_groups(rule.source):
                assert any(word in folded for word in group), (rule.name, text, group)
    assert searched > 0


def test_the_shipped_table_of_groups_is_in_sync_with_the_lexicons() -> None:
    shipped = json.loads(GROUPS_TABLE.read_text(encoding="utf-8"))
    assert shipped == groups_table_of(request_rule_sources()), (
        "stale: run python -m language.required_literals")


def test_the_shipped_table_is_in_sync_with_the_lexicons() -> None:
    """After a lexicon edit, `python -m language.required_literals` rewrites the table."""
    shipped = json.loads(SHIPPED_TABLE.read_text(encoding="utf-8"))
    assert shipped == table_of(request_rule_sources()), (
        "stale: run python -m language.required_literals")


def test_building_the_rules_walks_no_pattern_the_table_knows(
        monkeypatch: pytest.MonkeyPatch) -> None:
    walked: list[str] = []

    def counting(pattern: str) -> tuple[str, ...] | None:
        walked.append(pattern)
        return required_literals(pattern)

    monkeypatch.setattr(required_literals_module, "required_literals", counting)
    monkeypatch.setattr(required_literals_module, "required_literal_groups", counting)
    rules = IntentRules(load_lexicons())
    assert len(rules.request_rules) > 1000
    assert walked == []


def test_a_pattern_the_table_does_not_know_is_walked(tmp_path: Path) -> None:
    table = tmp_path / "required_literals.json"
    table.write_text(json.dumps({pattern_key(r"\bswap\b"): ["swap"]}), encoding="utf-8")
    assert known_required_literals([r"\bswap\b", r"\bcancel\b.*\bshift"], table) == [
        ("swap",), ("cancel",)]
    assert known_required_literals([r"\bcancel\b"], tmp_path / "missing.json") == [("cancel",)]


def test_the_rules_are_the_same_text_in_every_process() -> None:
    """The table is keyed by the rules' text: a set's order (which changes with the string
    hashing of each process) must not change it."""
    script = ("import hashlib; from language.intent_rules import request_rule_sources; "
              "print(hashlib.sha256(''.join(request_rule_sources()).encode()).hexdigest())")
    digests = {
        subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                       check=True, cwd=ROOT, env={**os.environ, "PYTHONHASHSEED": seed},
                       timeout=300).stdout
        for seed in ("1", "2")
    }
    assert len(digests) == 1
