"""Scores the calendar and email detectors on a file of labelled cases, in both modes.

`python -m tools.eval_detectors PATH` reads a file in the format of
`shared/data/detector_cases.json` ({"about", "cases": [{"id", "history", "response", "state",
"expect": {"calendar", "email"}, "note"}]}), runs the legacy keyword method and the context-aware
method on every case, prints each wrong decision and, last, `premature: N missed: M` for the
context-aware mode. A premature trigger fires where the label says not to; a missed one stays
silent where the label says to fire. The exit status is 1 when the context-aware mode has either.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.conversation_turn import ConversationTurn, Role
from detectors.action_detection import ActionDetection
from detectors.detection_mode import DetectionMode
from detectors.detection_reason import DetectionReason

DETECTORS = ("email", "calendar")
_CONVERSATION_ROLES = frozenset(str(role) for role in Role)


@dataclass(frozen=True)
class LabelledCase:
    """One labelled case: the history before ERA's reply, the reply, the active flow, labels."""

    case_id: str
    history: tuple[ConversationTurn, ...]
    response: str
    state: str | None
    expect: dict[str, bool]
    note: str = ""

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> LabelledCase:
        """Build from one entry of the file's "cases" list."""
        return cls(
            case_id=str(data["id"]),
            # A system or tool message is not part of the conversation the detectors read.
            history=tuple(
                ConversationTurn.from_dict(turn)
                for turn in data.get("history") or []
                if turn.get("role") in _CONVERSATION_ROLES
            ),
            response=str(data["response"]),
            state=data.get("state"),
            expect={name: bool(data["expect"][name]) for name in DETECTORS},
            note=str(data.get("note") or ""),
        )


@dataclass(frozen=True)
class WrongDecision:
    """A decision that disagrees with its label."""

    case_id: str
    detector: str
    expected: bool
    reason: DetectionReason
    note: str

    @property
    def premature(self) -> bool:
        """Fired although the label says it should not have."""
        return not self.expected


@dataclass(frozen=True)
class ModeScore:
    """How one mode did on a set of cases."""

    mode: DetectionMode
    decisions: int
    wrong: tuple[WrongDecision, ...]

    @property
    def premature(self) -> int:
        """Triggers the labels did not want."""
        return sum(1 for error in self.wrong if error.premature)

    @property
    def missed(self) -> int:
        """Triggers the labels wanted that did not happen."""
        return sum(1 for error in self.wrong if not error.premature)


def load_cases(path: Path) -> list[LabelledCase]:
    """The labelled cases of a JSON file in the shared format."""
    with path.open(encoding="utf-8") as handle:
        document = json.load(handle)
    return [LabelledCase.from_dict(entry) for entry in document["cases"]]


def score(cases: Sequence[LabelledCase], *, context_aware: bool) -> ModeScore:
    """Run both detectors in one mode over `cases` and collect every wrong decision."""
    detection = ActionDetection(context_aware=context_aware)
    wrong: list[WrongDecision] = []
    for case in cases:
        result = detection.detect(case.response, case.history, case.state)
        for decision in (result.email, result.calendar):
            expected = case.expect[decision.detector]
            if decision.triggered != expected:
                wrong.append(
                    WrongDecision(
                        case.case_id, decision.detector, expected, decision.reason, case.note
                    )
                )
    mode = DetectionMode.CONTEXT_AWARE if context_aware else DetectionMode.LEGACY
    return ModeScore(mode=mode, decisions=len(cases) * len(DETECTORS), wrong=tuple(wrong))


def format_wrong(mode: DetectionMode, error: WrongDecision) -> str:
    """One line describing a wrong decision."""
    kind = "premature" if error.premature else "missed"
    note = f"  ({error.note})" if error.note else ""
    return (
        f"[{mode}] {error.case_id} {error.detector}: {kind}, expected "
        f"{'trigger' if error.expected else 'no trigger'}, reason {error.reason}{note}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Score the file given on the command line; print wrong decisions and the summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", type=Path, help="JSON file of labelled detector cases")
    args = parser.parse_args(argv)
    cases = load_cases(args.path)
    scores = [score(cases, context_aware=False), score(cases, context_aware=True)]
    for mode_score in scores:
        for error in mode_score.wrong:
            print(format_wrong(mode_score.mode, error))
    for mode_score in scores:
        print(
            f"{mode_score.mode}: {len(cases)} cases, {mode_score.decisions} decisions, "
            f"{len(mode_score.wrong)} wrong (premature {mode_score.premature}, "
            f"missed {mode_score.missed})"
        )
    context_aware = scores[1]
    print(f"premature: {context_aware.premature} missed: {context_aware.missed}")
    return 1 if context_aware.wrong else 0


if __name__ == "__main__":
    sys.exit(main())
