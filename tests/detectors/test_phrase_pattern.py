"""The first-letter dispatch must find exactly what the plain alternation of the phrases finds."""

from __future__ import annotations

import json
import re
import runpy
from pathlib import Path

import pytest

from bench.detect import advice_replies
from detectors import action_phrases, language_markers, phrase_pattern, question_kind
from detectors.phrase_pattern import compile_infixes, compile_phrases
from detectors.sentence import normalise
from tools.labelled_data import shared_data_file

CASE_FILES = [
    shared_data_file("detector_cases.json"),
    Path(__file__).resolve().parents[1] / "data" / "detector_cases_extra.json",
]
PHRASE_LISTS = {
    "calendar": (action_phrases.CALENDAR_PATTERNS, action_phrases.CALENDAR_INFIXES),
    "email": (action_phrases.EMAIL_PATTERNS, action_phrases.EMAIL_INFIXES),
    "offer": (language_markers.OFFER_FRAGMENTS + language_markers.SCHEDULING_FRAGMENTS, ()),
    "invitation": (language_markers.INVITATION_FRAGMENTS, ()),
    "suggestion": (language_markers.SUGGESTION_FRAGMENTS, ()),
    "info_request": (language_markers.INFO_REQUEST_FRAGMENTS, ()),
}


def corpus() -> list[str]:
    texts: list[str] = []
    for path in CASE_FILES:
        for case in json.loads(path.read_text(encoding="utf-8"))["cases"]:
            texts.append(normalise(case["response"]))
            texts.extend(normalise(turn["content"]) for turn in case["history"])
    return texts


def plain(fragments: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{fragment})" for fragment in fragments))


@pytest.mark.parametrize("name", sorted(PHRASE_LISTS))
def test_dispatch_finds_the_same_matches_as_the_plain_alternation(name: str) -> None:
    fragments, infixes = PHRASE_LISTS[name]
    scans = [(compile_phrases(fragments), plain(fragments))]
    if infixes:
        scans.append((compile_infixes(infixes), plain(infixes)))
    texts = corpus()
    found = 0
    for fast, slow in scans:
        for text in texts:
            spans = [match.span() for match in fast.finditer(text)]
            assert spans == [match.span() for match in slow.finditer(text)], text
            found += len(spans)
    assert found > 0


@pytest.fixture(scope="module")
def one_letter_deep() -> dict[str, re.Pattern[str]]:
    """Every pattern of the marker modules, compiled again with the branches grouped by their
    first letter only."""
    saved = phrase_pattern._DEPTH
    phrase_pattern._DEPTH = 1
    try:
        namespace = runpy.run_path(language_markers.__file__)
        namespace.update(runpy.run_path(question_kind.__file__))
    finally:
        phrase_pattern._DEPTH = saved
    return {name: value for name, value in namespace.items() if isinstance(value, re.Pattern)}


def test_grouping_letters_deeper_finds_the_same_matches(
    one_letter_deep: dict[str, re.Pattern[str]],
) -> None:
    current = {**vars(language_markers), **vars(question_kind)}
    texts = corpus() + [normalise(reply) for reply in advice_replies()]
    compared = 0
    for name, shallow in one_letter_deep.items():
        deep = current[name]
        if deep.pattern == shallow.pattern:
            continue
        compared += 1
        for text in texts:
            assert [m.span() for m in deep.finditer(text)] == [
                m.span() for m in shallow.finditer(text)], (name, text)
    assert compared >= 5


def test_leading_groups_are_expanded_and_boundaries_kept() -> None:
    pattern = compile_phrases(
        [r"\b(?:send|draft(?:ing)?)\s+(?:a|the)\s+mail\b", r"\bcall\s+them\b"]
    )
    assert pattern.search("please draft the mail")
    assert pattern.search("drafting a mail")
    assert pattern.search("call them today")
    assert not pattern.search("resend a mail")
    assert not pattern.search("recall them")


def test_optional_leading_group_is_kept_whole() -> None:
    pattern = compile_phrases([r"\b(?:le )?llamo\b"])
    assert pattern.search("le llamo mañana")
    assert pattern.search("llamo mañana")


def test_a_fragment_must_open_with_a_word_boundary() -> None:
    with pytest.raises(ValueError, match="must start with"):
        compile_phrases([r"\bcall\b|email"])
