"""RE2's first look may skip a scan only when Python's `re` would find nothing there: the
detectors' matches must be exactly `re`'s, in every language, whatever the spacing."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from bench.detect import PLAYBOOKS, advice_replies
from detectors import action_phrases, language_markers
from detectors.action_detection import ActionDetection
from detectors.phrase_pattern import compile_infixes, compile_phrases
from detectors.quick_scan import QuickScan, loosened
from detectors.sentence import normalise
from tools.labelled_data import shared_data_file

CASE_FILES = [
    shared_data_file("detector_cases.json"),
    Path(__file__).resolve().parents[1] / "data" / "detector_cases_extra.json",
]
# Text the corpora lack: non-ASCII spaces and letters at word edges, other scripts.
EXTRA_TEXTS = [
    "je vous conseille d'envoyer un e-mail\u00a0à l'employé dès aujourd'hui.",
    "planifiez un entretien\u2009avec l'employée ; écrivez-lui ensuite.",
    "ich würde ein einzelgespräch mit ihm vereinbaren und eine e-mail schicken.",
    "le recomiendo enviarle un correo electrónico y programar una reunión.",
    "¿podría decirme cuántos días faltó? después, llame al empleado.",
    "suggerisco di fissare un colloquio e inviare un'e-mail.",
    "員工が来ない場合は、電話してください。 send an email\u3000today",
    "can you tell me whether they called in?\nschedule a call with Maria",
    "Call Tom today, then give Anna a call and set up a meeting with HR.",
]


def corpus() -> list[str]:
    texts: list[str] = []
    for path in CASE_FILES:
        for case in json.loads(path.read_text(encoding="utf-8"))["cases"]:
            texts.append(case["response"])
            texts.extend(turn["content"] for turn in case["history"])
    texts += advice_replies()
    # The playbook files themselves: their keyword lists hold many phrases side by side.
    for path in sorted(PLAYBOOKS.rglob("*.md")):
        texts += path.read_text(encoding="utf-8").split("\n\n")
    texts += EXTRA_TEXTS
    return texts + [normalise(text) for text in texts]


def respaced(texts: list[str], seed: int = 7) -> list[str]:
    """The texts with their spaces swapped at random for other white space Python's \\s reads
    as space (and RE2's does not)."""
    spaces = [" ", "\u00a0", "\u2009", "\u3000", "\n", "\t", "\u202f", "\x85"]
    pick = random.Random(seed)
    return ["".join(pick.choice(spaces) if char == " " else char for char in text)
            for text in texts]


def scanned_patterns() -> dict[str, re.Pattern[str]]:
    patterns = {
        name: value for name, value in vars(language_markers).items()
        if isinstance(value, re.Pattern)
    }
    patterns["email"] = compile_phrases(action_phrases.EMAIL_PATTERNS)
    patterns["email infixes"] = compile_infixes(action_phrases.EMAIL_INFIXES)
    patterns["calendar"] = compile_phrases(action_phrases.CALENDAR_PATTERNS)
    patterns["calendar infixes"] = compile_infixes(action_phrases.CALENDAR_INFIXES)
    patterns["calendar named"] = compile_phrases(action_phrases.CALENDAR_NAMED)
    return patterns


PATTERNS = scanned_patterns()
TEXTS = corpus()
TEXTS += respaced(TEXTS)


@pytest.mark.parametrize("name", sorted(PATTERNS))
def test_the_first_look_never_hides_a_match_re_finds(name: str) -> None:
    pattern = PATTERNS[name]
    scan = QuickScan(pattern)
    found = 0
    for text in TEXTS:
        spans = [match.span() for match in scan.finditer(text)]
        assert spans == [match.span() for match in pattern.finditer(text)], (name, text)
        assert (scan.search(text) is None) == (pattern.search(text) is None)
        found += len(spans)
    if name in ("email", "calendar", "calendar named", "INFO_REQUEST"):
        assert found > 0


def test_the_detectors_hot_scans_get_a_first_look() -> None:
    # The speed-up applies: RE2 compiled each loosened pattern within its memory budget.
    detection = ActionDetection(context_aware=True)
    for detector in (detection.email, detection.calendar):
        keywords = detector._keywords
        scans = [keywords._pattern, keywords._infixes, keywords._named]
        assert all(scan.has_first_look for scan in scans if scan is not None), detector.name
    assert QuickScan(language_markers.INFO_REQUEST).has_first_look


def test_a_first_look_skips_text_without_the_phrases() -> None:
    scan = QuickScan(re.compile(r"\bsend\s+(?:an?\s+)?e-?mail\b(?!\s+later)"))
    assert scan.has_first_look
    assert list(scan.finditer("call them first, then wait")) == []
    assert [m.group() for m in scan.finditer("send\u00a0an email now")] == ["send\u00a0an email"]
    assert scan.search("send an email later") is None  # re's lookahead still decides


@pytest.mark.parametrize("pattern", [
    r"(a)\1",           # back-reference
    r"(?i)call",        # inline flag
    r"[^\w]+",          # a widened class inside a negated one
    r"(?P<x>a)(?P=x)",  # named back-reference
    r"a*+",             # possessive
    r"(?>ab)",          # atomic group
])
def test_patterns_the_loosening_cannot_vouch_for_get_no_first_look(pattern: str) -> None:
    assert loosened(pattern) is None
    assert not QuickScan(re.compile(pattern)).has_first_look


def test_loosening_drops_assertions_and_widens_classes() -> None:
    assert loosened(r"\bcall(?! them)\b") == "call"
    assert loosened(r"a{,3}b$") == "a{0,3}b(?m:$)"
    loose = loosened(r"\w+\s\d")
    assert loose is not None and "\\x{80}-\\x{10ffff}" in loose
    # Python's $ matches before a final newline, so the first look must too.
    scan = QuickScan(re.compile(r"call them$"))
    assert scan.search("call them\n") is not None


def test_a_text_with_a_lone_surrogate_is_scanned_by_re_itself() -> None:
    # JSON may carry "\ud83d" alone; it has no UTF-8 form for RE2, and the scan must neither
    # fail nor miss the phrase.
    pattern = re.compile(r"\bcall\s+them\b")
    scan = QuickScan(pattern)
    assert scan.has_first_look
    text = "\ud83d please call them today"
    assert [m.span() for m in scan.finditer(text)] == [m.span() for m in pattern.finditer(text)]
    assert scan.search(text) is not None
    assert scan.search("\ud83d no phrase here") is None
