"""Scores the reply interpreter on a file of labelled short replies.

`python -m tools.eval_replies PATH` reads a file in the format of `shared/data/replies.json`
({"about", "option_sets": {name: [option, ...]}, "cases": [{"text", "locale", "question",
"options", "expect": {"intent", "option_id"}}]}, where "options" names an option set or is null),
interprets every case, prints each miss and, last, `accuracy: 0.987 (229/232)`. A case scores
when the intent matches and, for a selection, the option id too. The exit status is 0 whatever
the score; the tests decide what is good enough.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.choice_option import ChoiceOption
from core.reply_interpreter import InterpretedReply, ReplyIntent, interpret_reply


@dataclass(frozen=True)
class ReplyCase:
    """One labelled reply: what was asked, what was offered, what the user said, what it means."""

    number: int
    text: str
    locale: str | None
    question: str
    options_name: str | None
    options: tuple[ChoiceOption, ...]
    intent: ReplyIntent
    option_id: str | None

    def accepts(self, reply: InterpretedReply) -> bool:
        """Whether an interpretation agrees with the label."""
        if reply.intent is not self.intent:
            return False
        return self.intent is not ReplyIntent.SELECT or reply.option_id == self.option_id

    def expected(self) -> str:
        """The label in words: "select opt_2", "unknown"."""
        return f"{self.intent} {self.option_id}" if self.option_id else str(self.intent)


@dataclass(frozen=True)
class Miss:
    """A case the interpreter got wrong, with what it said instead."""

    case: ReplyCase
    reply: InterpretedReply

    def describe(self) -> str:
        """One line for the report."""
        case, reply = self.case, self.reply
        got = f"{reply.intent} {reply.option_id}" if reply.option_id else str(reply.intent)
        where = ", ".join(str(p) for p in (case.locale, case.question, case.options_name) if p)
        return (f"MISS #{case.number} {case.text!r} [{where}]: expected {case.expected()},"
                f" got {got} ({reply.reasoning})")


@dataclass(frozen=True)
class ReplyScore:
    """How the interpreter did on a set of cases."""

    total: int
    misses: tuple[Miss, ...]

    @property
    def correct(self) -> int:
        """Cases interpreted as labelled."""
        return self.total - len(self.misses)

    @property
    def accuracy(self) -> float:
        """Share of cases interpreted as labelled (0 for an empty set)."""
        return self.correct / self.total if self.total else 0.0

    def summary(self) -> str:
        """The last line of the report: `accuracy: 0.987 (229/232)`."""
        return f"accuracy: {self.accuracy:.3f} ({self.correct}/{self.total})"


def _options(data: dict[str, Any], name: Any) -> tuple[ChoiceOption, ...]:
    if name is None:
        return ()
    raw = data.get("option_sets", {})[name] if isinstance(name, str) else name
    return tuple(ChoiceOption.from_dict(option) for option in raw)


def load_cases(path: Path) -> list[ReplyCase]:
    """The labelled cases of a file in the replies.json format."""
    data = json.loads(path.read_text(encoding="utf-8"))
    cases = []
    for number, raw in enumerate(data["cases"], start=1):
        expect = raw["expect"]
        options_name = raw.get("options")
        cases.append(ReplyCase(
            number=number,
            text=str(raw["text"]),
            locale=raw.get("locale"),
            question=str(raw["question"]),
            options_name=options_name if isinstance(options_name, str) else None,
            options=_options(data, options_name),
            intent=ReplyIntent(expect["intent"]),
            option_id=expect.get("option_id"),
        ))
    return cases


def score_cases(cases: Sequence[ReplyCase]) -> ReplyScore:
    """Interpret every case and collect the misses."""
    misses = []
    for case in cases:
        reply = interpret_reply(case.text, case.question, case.options, case.locale)
        if not case.accepts(reply):
            misses.append(Miss(case, reply))
    return ReplyScore(total=len(cases), misses=tuple(misses))


def score_file(path: Path) -> ReplyScore:
    """Score the interpreter on one file."""
    return score_cases(load_cases(path))


def main(argv: Sequence[str] | None = None) -> int:
    """Command line entry: print each miss, then the accuracy line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", type=Path, help="a file in the replies.json format")
    args = parser.parse_args(argv)
    score = score_file(args.path)
    for miss in score.misses:
        print(miss.describe())
    print(score.summary())
    return 0


if __name__ == "__main__":
    sys.exit(main())
