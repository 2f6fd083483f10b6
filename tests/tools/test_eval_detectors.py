"""The detector scorer on the shared labelled cases and on ours: no premature, no missed trigger."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from detectors.detection_mode import DetectionMode
from tools.eval_detectors import load_cases, main, score
from tools.labelled_data import shared_data_file

SHARED_CASES = (
    shared_data_file("detector_cases.json")
)
EXTRA_CASES = Path(__file__).resolve().parents[1] / "data" / "detector_cases_extra.json"


@pytest.mark.parametrize("path", [SHARED_CASES, EXTRA_CASES], ids=["shared", "extra"])
def test_context_aware_mode_has_no_premature_and_no_missed_trigger(path: Path) -> None:
    cases = load_cases(path)
    result = score(cases, context_aware=True)
    assert result.mode is DetectionMode.CONTEXT_AWARE
    assert result.decisions == 2 * len(cases)
    assert [f"{wrong.case_id}/{wrong.detector}" for wrong in result.wrong] == []


def test_extra_cases_cover_five_languages_and_every_question_mark() -> None:
    text = EXTRA_CASES.read_text(encoding="utf-8")
    for prefix in ("en-", "fr-", "es-", "de-", "it-"):
        assert sum(case.case_id.startswith(prefix) for case in load_cases(EXTRA_CASES)) >= 10
    for mark in ("?", "？", "¿", "؟"):
        assert mark in text


def test_legacy_mode_is_scored_too_and_shows_the_old_bugs() -> None:
    result = score(load_cases(SHARED_CASES), context_aware=False)
    assert result.mode is DetectionMode.LEGACY
    assert result.premature > 0
    assert {wrong.case_id for wrong in result.wrong} >= {"seed-s3", "email-2", "not-gathered"}


def write_cases(path: Path, cases: list[dict[str, object]]) -> Path:
    path.write_text(json.dumps({"about": "test", "cases": cases}), encoding="utf-8")
    return path


def test_command_prints_each_wrong_case_and_the_summary_last(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    history = [
        {"role": "user", "content": "My employee didn't show up for 3 days"},
        {"role": "assistant", "content": "Have you tried reaching out to them yet?"},
        {"role": "user", "content": "I tried calling once but they didn't pick up"},
    ]
    path = write_cases(
        tmp_path / "cases.json",
        [
            {
                "id": "right",
                "history": history,
                "response": "Set up a call with them today.",
                "state": None,
                "expect": {"calendar": True, "email": False},
            },
            {
                "id": "mislabelled",
                "history": history,
                "response": "Keep a note of it.",
                "state": None,
                "expect": {"calendar": False, "email": True},
                "note": "wrong label",
            },
            {
                "id": "premature",
                "history": history,
                "response": "Set up a call with them today.",
                "state": None,
                "expect": {"calendar": False, "email": False},
            },
        ],
    )
    assert main([str(path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1] == "premature: 1 missed: 1"
    wrong = [line for line in lines if line.startswith("[context_aware]")]
    assert wrong == [
        "[context_aware] mislabelled email: missed, expected trigger, reason no_keywords"
        "  (wrong label)",
        "[context_aware] premature calendar: premature, expected no trigger, reason triggered",
    ]


def test_command_succeeds_on_the_shared_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(SHARED_CASES)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "premature: 0 missed: 0"


def test_system_turns_are_not_part_of_the_conversation(tmp_path: Path) -> None:
    path = write_cases(
        tmp_path / "cases.json",
        [
            {
                "id": "with-system",
                "history": [
                    {"role": "system", "content": "You are ERA."},
                    {"role": "user", "content": "My employee didn't show up for 3 days"},
                ],
                "response": "Set up a call with them.",
                "state": None,
                "expect": {"calendar": False, "email": False},
            }
        ],
    )
    (case,) = load_cases(path)
    assert [str(turn.role) for turn in case.history] == ["user"]
    assert score([case], context_aware=True).wrong == ()
