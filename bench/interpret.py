"""Prints how long the reply interpreter takes per reply: the median and the 99th percentile.

Run with `.venv/bin/python -m bench.interpret [PATH]`; PATH is a file in the replies.json format
and defaults to the shared labelled set. Every case is interpreted once to warm up, then ROUNDS
times, each call timed on its own (a first reading of the reply: the cache of readings is
emptied before each). The target is a median under 50 microseconds.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from core.reply_interpreter import forget_readings, interpret_reply
from tools.eval_replies import load_cases
from tools.labelled_data import shared_data_file

DEFAULT_PATH = shared_data_file("replies.json")
ROUNDS = 50
TARGET_MEDIAN_US = 50.0


def main() -> None:
    """Time every case ROUNDS times and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", type=Path, nargs="?", default=DEFAULT_PATH)
    args = parser.parse_args()
    cases = [(c.text, c.question, c.options, c.locale) for c in load_cases(args.path)]
    for case in cases:
        interpret_reply(*case)
    timings: list[float] = []
    for _ in range(ROUNDS):
        for case in cases:
            forget_readings()  # a first reading, not the turn's repeat from the cache
            started = time.perf_counter_ns()
            interpret_reply(*case)
            timings.append((time.perf_counter_ns() - started) / 1000)
    timings.sort()
    median = statistics.median(timings)
    p99 = timings[min(len(timings) - 1, int(len(timings) * 0.99))]
    verdict = "within" if median < TARGET_MEDIAN_US else "OVER"
    print(f"{len(timings)} interpretations ({len(cases)} cases x {ROUNDS} rounds)")
    print(f"median {median:.1f} us, p99 {p99:.1f} us per interpretation"
          f" ({verdict} the {TARGET_MEDIAN_US:.0f} us median target)")


if __name__ == "__main__":
    main()
