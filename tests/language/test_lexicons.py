"""The lexicon files: every language's files follow the schema, and the coverage promised for
each language is there (requests that start every flow in the nine main languages, the everyday
requests in the others)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from core.intent import Intent
from language.lexicon import (
    INTENTS_FILE,
    INTERRUPTS_FILE,
    LEXICON_ROOT,
    SITUATIONS_FILE,
    LexiconError,
    load_lexicons,
    read_lexicon,
    validate_lexicon,
)

DIRECTORIES = sorted(p for p in LEXICON_ROOT.iterdir() if p.is_dir())
MAIN_LANGUAGES = ("en", "fr", "es", "de", "it", "pt", "nl", "ja", "zh-Hans")
OTHER_LANGUAGES = ("pl", "tr", "ar", "hi", "ko", "ru")
# Requests that start a flow, and the control words, that each main language must cover.
EVERY_FLOW = frozenset(
    {
        Intent.ADVICE, Intent.SHIFT_CANCEL, Intent.MY_SHIFTS, Intent.SHIFT_ASSIGN,
        Intent.SHIFT_SWAP, Intent.SHIFT_UNASSIGN, Intent.EMAIL, Intent.CALL_EMPLOYEE,
        Intent.MEETING_BOOK, Intent.MEETING_CANCEL, Intent.MEETING_RESCHEDULE, Intent.MY_MANAGER,
        Intent.STORE_SCHEDULE,
    }
)
CONTROLS = frozenset({Intent.HELP, Intent.CANCEL_FLOW, Intent.START_OVER, Intent.TRANSFER})
EVERYDAY = frozenset({Intent.SHIFT_CANCEL, Intent.MY_SHIFTS})


def test_every_language_directory_has_an_intents_file() -> None:
    assert {p.name for p in DIRECTORIES} >= set(MAIN_LANGUAGES + OTHER_LANGUAGES)
    for directory in DIRECTORIES:
        assert (directory / INTENTS_FILE).is_file(), directory.name


@pytest.mark.parametrize("directory", DIRECTORIES, ids=[p.name for p in DIRECTORIES])
def test_every_file_follows_the_schema(directory: Path) -> None:
    lexicon, problems = read_lexicon(directory)
    assert problems == []
    assert lexicon.language == directory.name


@pytest.mark.parametrize("directory", DIRECTORIES, ids=[p.name for p in DIRECTORIES])
def test_every_list_is_non_empty_and_free_of_duplicates(directory: Path) -> None:
    for name in (INTENTS_FILE, INTERRUPTS_FILE, SITUATIONS_FILE):
        path = directory / name
        if not path.is_file():
            continue
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for where, values in _lists(data, name):
            assert values, where
            assert len(values) == len(set(values)), where


def _lists(data: object, where: str) -> list[tuple[str, list[object]]]:
    found: list[tuple[str, list[object]]] = []
    if isinstance(data, dict):
        for key, value in data.items():
            found += _lists(value, f"{where}.{key}")
    elif isinstance(data, list):
        if all(isinstance(item, dict) for item in data) and data:
            for index, item in enumerate(data):
                found += _lists(item, f"{where}[{index}]")
        else:
            found.append((where, data))
    return found


@pytest.mark.parametrize("language", MAIN_LANGUAGES)
def test_the_main_languages_start_every_flow(language: str) -> None:
    lexicon = next(x for x in load_lexicons() if x.language == language)
    covered = {rule.intent for rule in lexicon.requests} | set(lexicon.control)
    if lexicon.part("advice", "worker_nouns") and lexicon.part("advice", "situations"):
        covered.add(Intent.ADVICE)
    assert covered >= EVERY_FLOW | CONTROLS, sorted((EVERY_FLOW | CONTROLS) - covered)
    assert lexicon.part("head", "greetings")


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_the_other_languages_cover_the_everyday_requests(language: str) -> None:
    lexicon = next(x for x in load_lexicons() if x.language == language)
    assert {rule.intent for rule in lexicon.requests} >= EVERYDAY
    assert set(lexicon.control) >= CONTROLS


def _valid() -> dict[str, object]:
    return {
        "language": "xx",
        "words": {"SHIFT": ["shift"]},
        "control": {"help": ["aidez"]},
        "request": [{"intent": "shift_cancel", "patterns": ["drop %SHIFT%"]}],
    }


def test_a_valid_lexicon_has_no_problems() -> None:
    lexicon, problems = validate_lexicon("xx", _valid(), None)
    assert problems == []
    assert lexicon.requests[0].intent is Intent.SHIFT_CANCEL


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"language": "yy"}, "language must be"),
        ({"control": {"help": []}}, "non-empty list"),
        ({"control": {"help": ["aidez", "aidez"]}}, "duplicates"),
        ({"control": {"dance": ["danse"]}}, "unknown control intent"),
        ({"request": [{"intent": "juggle", "patterns": ["x"]}]}, "unknown intent"),
        ({"request": [{"intent": "help", "patterns": ["(unclosed"]}]}, "not a valid pattern"),
        ({"request": [{"intent": "help", "patterns": ["%MEETING%"]}]}, "unknown placeholder"),
        ({"request": [{"intent": "help", "patterns": ["x"], "confidence": 2.0}]}, "confidence"),
        ({"head": {"greetings": [3]}}, "non-empty string"),
        ({"vocabulary": ["two words"]}, "plain single words"),
        ({"colour": "blue"}, "unknown keys"),
        ({"slots": {"topic": ["about (.+)"]}}, "has no (?P<topic>...) group"),
    ],
)
def test_a_broken_lexicon_is_reported(change: dict[str, object], problem: str) -> None:
    _, problems = validate_lexicon("xx", {**_valid(), **change}, None)
    assert any(problem in p for p in problems), problems


def test_a_broken_interrupts_file_is_reported() -> None:
    _, problems = validate_lexicon("xx", _valid(), {"language": "xx", "declines": []})
    assert any("declines" in p for p in problems)


def test_loading_a_broken_directory_refuses_to_start(tmp_path: Path) -> None:
    (tmp_path / "xx").mkdir()
    (tmp_path / "xx" / INTENTS_FILE).write_text('language = "xx"\n[control]\nhelp = []\n')
    with pytest.raises(LexiconError, match="non-empty"):
        load_lexicons(tmp_path)


def test_adding_a_language_is_adding_a_directory(tmp_path: Path) -> None:
    from language.intent_rules import IntentRules

    (tmp_path / "sv").mkdir()
    (tmp_path / "sv" / INTENTS_FILE).write_text(
        'language = "sv"\n[control]\nhelp = ["hjälp"]\n'
        '[[request]]\nintent = "shift_cancel"\npatterns = [\'avboka (?:mitt|mina) pass\']\n',
        encoding="utf-8",
    )
    rules = IntentRules(load_lexicons(tmp_path))
    assert rules.classify("jag vill avboka mitt pass imorgon").intent is Intent.SHIFT_CANCEL
    assert rules.classify("hjälp").language == "sv"


def test_a_situations_file_is_checked_as_the_others_are() -> None:
    """situations.toml (the playbook index's words) follows the schema: its keys, its language,
    and patterns that compile."""
    intents = {"language": "xx", "control": {"help": ["help"]}}
    _, problems = validate_lexicon("xx", intents, None, {
        "language": "yy", "index_stop_words": ["the"], "ends_employment": ["fire(d"],
        "stop_words": ["a"]})
    assert any("language must be 'xx'" in problem for problem in problems)
    assert any("unknown key stop_words" in problem for problem in problems)
    assert any("fire(d" in problem for problem in problems)
    lexicon, problems = validate_lexicon("xx", intents, None, {
        "language": "xx", "uncovered": ["perdu son téléphone"]})
    assert problems == [] and lexicon.situations == {"uncovered": ("perdu son telephone",)}
