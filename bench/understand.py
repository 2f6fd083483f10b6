"""Prints how long understanding one message takes (`language.understand`): median and p99.

Run with `.venv/bin/python -m bench.understand`. The messages are what people type at ERA:
requests in several languages, requests with typos, short replies to a question ("2", "yes",
"the second one") and free text. Every message is understood once to warm up (the lexicons are
compiled at the first call, as at start-up), then ROUNDS times, each call timed on its own. The
target is a median under 100 microseconds.
"""

from __future__ import annotations

import statistics
import time

from language.understanding import understand

MESSAGES = (
    ("cancel my shift tomorrow", "en-US"),
    ("what are my shifts?", "en-US"),
    ("book a meeting on tuesday morning", "en-US"),
    ("who is my manager?", "en-US"),
    ("my employee didn't show up for 3 days", "en-US"),
    ("cancle my shift tomorrow", "en-US"),
    ("reschedual my meeting", "en-US"),
    ("je dois annuler mon shift de demain", "fr-FR"),
    ("kann ich meine Schicht morgen absagen", "de-DE"),
    ("明日のシフトをキャンセルしたい", "ja-JP"),
    ("muszę odwołać jutrzejszą zmianę", "pl-PL"),
    ("2", "en-US"),
    ("yes", "en-US"),
    ("the second one", "en-US"),
    ("tomorrow morning", "en-US"),
    ("oui", "fr-FR"),
    ("no thanks, I'll ring him myself", "en-US"),
    ("cancel", "en-US"),
    ("help", "en-US"),
    ("my child is ill", "en-US"),
)
ROUNDS = 50
TARGET_MEDIAN_US = 100.0


def main() -> None:
    """Time every message ROUNDS times and print the figures."""
    for text, locale in MESSAGES:
        understand(text, locale=locale)
    timings: list[float] = []
    for _ in range(ROUNDS):
        for text, locale in MESSAGES:
            started = time.perf_counter_ns()
            understand(text, locale=locale)
            timings.append((time.perf_counter_ns() - started) / 1000)
    timings.sort()
    median = statistics.median(timings)
    p99 = timings[min(len(timings) - 1, int(len(timings) * 0.99))]
    verdict = "meets" if median < TARGET_MEDIAN_US else "misses"
    print(
        f"{len(MESSAGES)} messages x {ROUNDS}: median {median:.1f} us, p99 {p99:.1f} us "
        f"({verdict} the {TARGET_MEDIAN_US:.0f} us target)"
    )


if __name__ == "__main__":
    main()
