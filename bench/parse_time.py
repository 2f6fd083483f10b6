"""Prints how long the time phrase parser takes: each culture's cold first call, then warm calls.

Run with `.venv/bin/python -m bench.parse_time`. Cold figures are per process, so run it fresh.
"""

from __future__ import annotations

import statistics
import time
from datetime import datetime
from zoneinfo import ZoneInfo

from services.time_phrase_parser import TimePhraseParser

PHRASES = {
    "en-US": ["cancel my shift tomorrow", "tuesday morning", "next week", "Nov 27"],
    "fr-FR": ["demain", "mardi matin", "la semaine prochaine", "le 27 novembre"],
    "es-ES": ["mañana", "martes por la tarde", "la semana que viene", "el 27 de noviembre"],
    "zh-CN": ["明天", "周二上午", "下周", "11月27日"],
    "de-DE": ["morgen", "Dienstagmorgen", "nächste Woche", "am 27.11."],
}
WARM_ROUNDS = 20


def main() -> None:
    """Time cold and warm parses per locale and print one line each."""
    tz = ZoneInfo("Europe/London")
    parser = TimePhraseParser(tz)
    now = datetime(2026, 11, 22, 10, 0, tzinfo=tz)
    for locale, phrases in PHRASES.items():
        started = time.perf_counter()
        parser.parse_sync(phrases[0], now=now, locale=locale)
        cold_ms = (time.perf_counter() - started) * 1000
        print(f"{locale}: cold first call {cold_ms:7.1f} ms")
    started = time.perf_counter()
    parser.warm_up_sync(PHRASES)
    print(f"warm_up_sync (two rounds, all locales) {(time.perf_counter() - started) * 1000:.0f} ms")
    for locale, phrases in PHRASES.items():
        timings = []
        for _ in range(WARM_ROUNDS):
            for phrase in phrases:
                started = time.perf_counter()
                parser.parse_sync(phrase, now=now, locale=locale)
                timings.append((time.perf_counter() - started) * 1000)
        print(f"{locale}: warm median {statistics.median(timings):5.1f} ms,"
              f" max {max(timings):6.1f} ms over {len(timings)} calls")


if __name__ == "__main__":
    main()
