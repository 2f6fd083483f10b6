"""Times the calendar and email detectors and scores them, legacy and context-aware side by side.

`python -m bench.detect [PATH]` runs every case of a labelled file (by default
`shared/data/detector_cases.json`) through both detectors many times in each mode, and prints the
median and 95th-percentile time per detection (the target is a median under 50 microseconds)
with the premature and missed trigger counts.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from core.conversation_turn import ConversationTurn
from core.playbook import DEFAULT_STEP, PlaybookStage
from detectors.action_detection import ActionDetection
from detectors.context_aware_detector import forget_seen_texts
from services.playbook_library import PlaybookLibrary
from tools.eval_detectors import LabelledCase, load_cases, score
from tools.labelled_data import shared_data_file

DEFAULT_CASES = (
    shared_data_file("detector_cases.json")
)
TARGET_MEDIAN_US = 50.0
PLAYBOOKS = Path(__file__).resolve().parent.parent / "prompts" / "playbooks"


def time_detections(
    cases: Sequence[LabelledCase], *, context_aware: bool, repeats: int
) -> list[float]:
    """Microseconds taken by each single `detect` call, over `repeats` passes of every case."""
    detection = ActionDetection(context_aware=context_aware)
    detectors = (detection.email, detection.calendar)
    samples: list[float] = []
    for _ in range(repeats):
        for case in cases:
            # Each reply and its history are new to the detectors: the email detector
            # analyses them, the calendar detector reads the same analysis.
            forget_seen_texts()
            for detector in detectors:
                start = time.perf_counter_ns()
                detector.detect(case.response, case.history, case.state)
                samples.append((time.perf_counter_ns() - start) / 1000)
    return samples


def advice_replies(low: int = 300, high: int = 1000) -> list[str]:
    """Realistic advice replies: every reply the offline advisor can send (each playbook's
    clarifying turn, each recommendation step, its follow-up and its policy answer, in every
    language, for an employee called Bob), of `low` to `high` characters; a longer one is cut
    at its last paragraph end within `high`, as a chat client shows a long message in parts."""
    library = PlaybookLibrary.load(PLAYBOOKS)
    replies: list[str] = []
    for playbook in library.playbooks:
        for language in sorted(library.languages()):
            local = library.in_language(playbook, language)
            if local is None:
                continue
            texts = [local.render(stage, "Bob") for stage in (
                PlaybookStage.CLARIFY, PlaybookStage.FOLLOW_UP, PlaybookStage.POLICY)]
            texts += [local.render(PlaybookStage.RECOMMEND, "Bob", step)
                      for step in sorted({DEFAULT_STEP, *local.steps})]
            for text in texts:
                if len(text) > high:
                    cut = text.rfind("\n\n", 0, high)
                    text = text[:cut] if cut > 0 else text[:high]
                if len(text) >= low:
                    replies.append(text)
    return replies


def time_realistic(replies: Sequence[str], *, repeats: int) -> list[float]:
    """Microseconds per context-aware `detect` call on each realistic reply, after a manager's
    question, with no flow active."""
    detection = ActionDetection(context_aware=True)
    history = (ConversationTurn(role="user",
                                content="My employee didn't show up for 3 days, what do I do?"),)
    samples: list[float] = []
    for _ in range(repeats):
        for reply in replies:
            forget_seen_texts()
            for detector in (detection.email, detection.calendar):
                start = time.perf_counter_ns()
                detector.detect(reply, history, None)
                samples.append((time.perf_counter_ns() - start) / 1000)
    return samples


def main(argv: Sequence[str] | None = None) -> int:
    """Print the timing and scoring table, and whether the context-aware median meets 50 us."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", type=Path, nargs="?", default=DEFAULT_CASES)
    parser.add_argument("--repeats", type=int, default=200)
    args = parser.parse_args(argv)
    cases = load_cases(args.path)
    print(f"{len(cases)} cases from {args.path}, {args.repeats} passes")
    print(f"{'mode':<14}{'median us':>11}{'p95 us':>9}{'premature':>11}{'missed':>8}")
    context_median = 0.0
    for context_aware in (False, True):
        samples = time_detections(cases, context_aware=context_aware, repeats=args.repeats)
        median = statistics.median(samples)
        p95 = statistics.quantiles(samples, n=20)[-1]
        result = score(cases, context_aware=context_aware)
        print(
            f"{result.mode!s:<14}{median:>11.1f}{p95:>9.1f}{result.premature:>11}{result.missed:>8}"
        )
        if context_aware:
            context_median = median
    verdict = "meets" if context_median < TARGET_MEDIAN_US else "misses"
    print(
        f"context-aware median {context_median:.1f} us {verdict} the "
        f"{TARGET_MEDIAN_US:.0f} us target"
    )
    replies = advice_replies()
    samples = time_realistic(replies, repeats=max(1, args.repeats // 10))
    median = statistics.median(samples)
    p95 = statistics.quantiles(samples, n=20)[-1]
    sizes = sorted(len(r) for r in replies)
    verdict = "meets" if median < TARGET_MEDIAN_US else "misses"
    print(f"realistic advice replies: {len(replies)} of {sizes[0]}-{sizes[-1]} characters "
          f"(median {statistics.median(sizes):.0f}), context-aware median {median:.1f} us, "
          f"p95 {p95:.1f} us: {verdict} the {TARGET_MEDIAN_US:.0f} us target")
    return 0


if __name__ == "__main__":
    sys.exit(main())
