"""What a follow-up question about ERA's advice asks: "what should I say in the meeting?",
"comment documenter ça ?", "kann ich ihm kündigen?", "他不承认怎么办？".

The patterns are the lexicons' `[topics]` lists `advice_<topic>` (language/lexicons/README.md),
`advice_again` for "what if it happens again?" (the playbook's "If it continues") and
`advice_legal` for "is that legal?" (a question for HR, whatever the playbook says),
every language at once, matched on folded text. When a question touches several topics the
more specific wins, in `TOPIC_ORDER`: a denial or a dismissal before a warning, HR or the
documentation, and those before what to say or when.
"""

from __future__ import annotations

import re
from functools import cache

from core.advice_topic import AdviceTopic
from core.regex_branches import split_top_level
from core.text_fold import fold_text
from language.lexicon import load_lexicons
from language.literal_set import PatternGate

TOPIC_ORDER = (
    AdviceTopic.DISPUTE,
    AdviceTopic.DISMISSAL,
    AdviceTopic.WARNING,
    AdviceTopic.HR,
    AdviceTopic.DOCUMENT,
    AdviceTopic.SAY,
    AdviceTopic.TIMING,
)


@cache
def _patterns() -> tuple[tuple[tuple[AdviceTopic, re.Pattern[str]], ...], PatternGate]:
    """The topics' patterns in TOPIC_ORDER, and their gate: one pass over a message says which
    can match at all (most messages are no question about the advice; a situation described
    was searched with every topic's pattern, ~25 us an advice turn)."""
    compiled = []
    parts = []
    for topic in TOPIC_ORDER:
        fragments = [
            fragment
            for lexicon in load_lexicons()
            for fragment in lexicon.part("topics", f"advice_{topic}")
        ]
        if fragments:
            compiled.append((topic, re.compile(_any_of(fragments))))
            parts.append(fragments)
    # Gated by each fragment's words: a topic's whole pattern has too many alternatives for
    # the walk, and "dispute" and "say" were searched in every message (~25 us a situation).
    return tuple(compiled), PatternGate([pattern for _, pattern in compiled], parts=parts)


def _any_of(fragments: list[str]) -> str:
    """A pattern that matches a text exactly when one of `fragments` matches somewhere in it
    (the topics ask only whether, never where).

    The fragments that open with `\\b` share one `\\b(?:...)`: Python's `re` enters every
    branch of an alternation at every position of the text, and a branch opening with `\\b`
    is entered in full, where a branch opening with a letter is dismissed at once. Shared,
    the boundary is tested once a position and the letters after it pick the branches: 306 to
    35 us for the seven topics on a one-line message. A fragment with an alternative of its
    own at the top level stays whole.
    """
    bounded = [f[2:] for f in fragments if f.startswith(r"\b") and not _has_top_level_bar(f)]
    others = [f for f in fragments if not f.startswith(r"\b") or _has_top_level_bar(f)]
    shared = [r"\b(?:" + "|".join(bounded) + ")"] if bounded else []
    return "|".join(shared + others)


def _has_top_level_bar(fragment: str) -> bool:
    """Whether `fragment` holds a `|` outside every group and character class."""
    return len(split_top_level(fragment)) > 1


def advice_topic(text: str) -> AdviceTopic | None:
    """What a manager's question about the advice asks about, or None when it is none of them."""
    folded = fold_text(text).replace("ł", "l")
    patterns, gate = _patterns()
    for position in gate.possible(folded):
        topic, pattern = patterns[position]
        if pattern.search(folded):
            return topic
    return None


@cache
def _list(key: str) -> tuple[re.Pattern[str], PatternGate] | None:
    fragments = [fragment for lexicon in load_lexicons()
                 for fragment in lexicon.part("topics", key)]
    if not fragments:
        return None
    pattern = re.compile(_any_of(fragments))
    return pattern, PatternGate([pattern], parts=[fragments])


def _asks(key: str, text: str) -> bool:
    found = _list(key)
    if found is None:
        return False
    folded = fold_text(text).replace("ł", "l")
    pattern, gate = found
    return bool(gate.possible(folded)) and pattern.search(folded) is not None


def asks_if_it_continues(text: str) -> bool:
    """Whether a manager asks what to do if it happens again ("et si ça recommence ?")."""
    return _asks("advice_again", text)


def asks_if_it_is_legal(text: str) -> bool:
    """Whether a manager asks whether something is legal or allowed ("ist das erlaubt?")."""
    return _asks("advice_legal", text)


def asks_why_asked(text: str) -> bool:
    """Whether a manager asks back why ERA asks ("why do you need that?", "¿para qué lo
    necesitas?"): at a clarifying question it is no answer, and ERA says why it asks."""
    return _asks("advice_why", text)
