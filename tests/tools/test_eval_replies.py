"""The reply scorer, run on the shared labelled replies and on this repo's extra cases."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tools.eval_replies import load_cases, main, score_file
from tools.labelled_data import shared_data_file

SHARED_REPLIES = shared_data_file("replies.json")
EXTRA_REPLIES = Path(__file__).resolve().parents[1] / "data" / "replies_extra.json"
REQUIRED_ACCURACY = 0.98

SHIFTS = [
    {"option_id": "opt_1", "label": "Morning (09:00-15:00)", "start": "09:00", "end": "15:00",
     "time_of_day": "morning", "index": 0},
    {"option_id": "opt_2", "label": "Afternoon (15:00-20:00)", "start": "15:00", "end": "20:00",
     "time_of_day": "afternoon", "index": 1},
]


def _write_cases(path: Path, cases: list[dict[str, object]]) -> Path:
    path.write_text(json.dumps({"about": "test", "option_sets": {"shifts": SHIFTS},
                                "cases": cases}), encoding="utf-8")
    return path


def test_the_shared_replies_score_at_least_98_percent() -> None:
    score = score_file(SHARED_REPLIES)
    assert score.total >= 200
    misses = "\n".join(miss.describe() for miss in score.misses)
    assert score.accuracy >= REQUIRED_ACCURACY, misses


def test_the_extra_replies_in_more_languages_all_score() -> None:
    score = score_file(EXTRA_REPLIES)
    assert score.total >= 900
    assert not score.misses, "\n".join(miss.describe() for miss in score.misses)


def test_the_extra_replies_cover_the_fifteen_languages_of_the_design_note() -> None:
    locales = {case.locale.split("-")[0] for case in load_cases(EXTRA_REPLIES) if case.locale}
    assert {"en", "fr", "es", "de", "it", "pt", "nl", "sv", "nb", "da", "ru", "tr", "ja", "zh",
            "ar"} <= locales


def test_a_wrong_label_is_reported_as_a_miss(tmp_path: Path) -> None:
    path = _write_cases(tmp_path / "cases.json", [
        {"text": "2", "locale": "en-US", "question": "select_shift", "options": "shifts",
         "expect": {"intent": "select", "option_id": "opt_2"}},
        {"text": "2", "locale": "en-US", "question": "select_shift", "options": "shifts",
         "expect": {"intent": "select", "option_id": "opt_1"}},
        {"text": "oui", "locale": None, "question": "confirm_preview", "options": None,
         "expect": {"intent": "reject"}},
    ])
    score = score_file(path)
    assert (score.total, score.correct) == (3, 1)
    assert [miss.case.number for miss in score.misses] == [2, 3]
    assert score.summary() == "accuracy: 0.333 (1/3)"


def test_the_command_prints_each_miss_then_the_accuracy_and_exits_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write_cases(tmp_path / "cases.json", [
        {"text": "matin", "locale": "fr-FR", "question": "select_shift", "options": "shifts",
         "expect": {"intent": "select", "option_id": "opt_1"}},
        {"text": "maybe", "locale": "en-US", "question": "confirm_preview", "options": None,
         "expect": {"intent": "confirm"}},
    ])
    assert main([str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1] == "accuracy: 0.500 (1/2)"
    assert len(lines) == 2
    assert lines[0].startswith("MISS #2 'maybe'")
    assert "expected confirm, got unknown" in lines[0]
