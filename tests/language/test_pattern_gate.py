"""A pattern gate skips only patterns that cannot match: every pattern a text matches is among
those the gate gives for it, in their order, for the meeting-length phrases of every language."""

from __future__ import annotations

import json
import re

import pytest

from core.text_fold import fold_text
from language import situation_words, told_question
from language.advice_topics import _list, _patterns
from language.literal_set import PatternGate
from language.time_from_now import LENGTH_LANGUAGES, _hyphens_spaced, _meeting_lengths_in
from tools.labelled_data import shared_data_file

TEXTS = (
    "book a 90-minute call with alice on friday",
    "a meeting for an hour tomorrow",
    "un appel d'une heure avec bob",
    "un rendez-vous d une demi-heure avec alice vendredi",
    "una llamada de una hora el viernes",
    "halbstündiges Gespräch mit alice am freitag",
    "für 2 Stunden ein Termin",
    "een gesprek van een uur met alice",
    "rozmowa na godzinę z alicją",
    "godzinne spotkanie z bobem",
    "アリスと1時間の面談",
    "和alice一小时的通话",
    "I'll be 2 hours late",
    "cancel my shift tomorrow",
    "",
)


@pytest.mark.parametrize("text", TEXTS)
def test_the_gate_gives_every_length_pattern_that_matches(text: str) -> None:
    patterns, gate = _meeting_lengths_in(("en", *LENGTH_LANGUAGES))
    spaced = _hyphens_spaced(fold_text(text))
    given = gate.possible(spaced)
    assert given == sorted(given)
    for position, (pattern, _words) in enumerate(patterns):
        if pattern.search(spaced):
            assert position in given, (text, pattern.pattern[:80])


def test_a_text_without_any_needed_word_is_searched_by_no_pattern() -> None:
    gate = PatternGate([re.compile(r"\bcall\b"), re.compile(r"meeting|réunion")])
    assert gate.possible("nothing to see here") == []
    assert gate.possible("une réunion puis a call") == [0, 1]
    assert gate.possible("a call") == [0]


def test_a_pattern_whose_words_are_unknown_or_that_ignores_case_is_always_given() -> None:
    unknown = re.compile(r"\d+|\w+ly")  # a branch needs no fixed word
    folded_case = re.compile("call", re.IGNORECASE)
    gate = PatternGate([unknown, folded_case])
    assert gate.possible("CALL") == [0, 1]


ADVICE_TEXTS = (
    "what should I say in the meeting?",
    "what if he denies it?",
    "can I fire him if he denies it?",
    "how do I document this?",
    "und wenn er alles abstreitet",
    "¿y si lo niega?",
    "如果他不承认怎么办？",
    "面談で何を言えばいいですか？",
    "is that even legal?",
    "what if it happens again?",
    "Bob Smith has been rude to customers",
    "my employee didn't show up for 3 days and didn't call",
    "mein Mitarbeiter ist seit drei Tagen nicht erschienen",
    "我的员工三天没来上班",
)


@pytest.mark.parametrize("text", ADVICE_TEXTS)
def test_the_gate_gives_every_advice_topic_pattern_that_matches(text: str) -> None:
    patterns, gate = _patterns()
    folded = fold_text(text).replace("ł", "l")
    given = gate.possible(folded)
    for position, (topic, pattern) in enumerate(patterns):
        if pattern.search(folded):
            assert position in given, (text, topic)
    for key in ("advice_again", "advice_legal", "advice_why"):
        found = _list(key)
        assert found is not None
        pattern, one_gate = found
        if pattern.search(folded):
            assert one_gate.possible(folded) == [0], (text, key)


@pytest.mark.parametrize("text", ["Bob Smith has been rude to customers",
                                  "mein Mitarbeiter ist seit drei Tagen nicht erschienen",
                                  "我的员工三天没来上班"])
def test_a_situation_told_is_searched_with_no_advice_topic_pattern(text: str) -> None:
    # Each topic's lexicon words are known, however many: a situation holding none of them
    # is not searched for "what if he denies it?" or "what should I say?" at all.
    _, gate = _patterns()
    assert gate.possible(fold_text(text)) == []


def _messages() -> list[str]:
    """What people typed in the labelled data (replies at ERA's questions, managers' stories
    and ERA's long replies), and messages that hold each situation's words."""
    replies = json.loads(shared_data_file("replies.json").read_text(encoding="utf-8"))
    stories = json.loads(shared_data_file("detector_cases.json").read_text(encoding="utf-8"))
    texts = [case["text"] for case in replies["cases"]]
    for case in stories["cases"]:
        texts += [turn["content"] for turn in case["history"]]
        texts.append(case["response"])
    return texts + list(ADVICE_TEXTS) + [
        "bob says his pay was wrong and his mum is in hospital",
        "he is 16 and works until 11pm, should I talk to him?",
        "alice wasn't paid for her overtime, she is very stressed",
        "o bob diz que o salário dele veio errado",
        "残業代が払われていない",
        "他妈妈住院了，他上不了班",
        "did maria get it?",
        "est-ce que maria est au courant ? et bob aussi, est-ce qu'il est au courant ?",
        "她收到了吗？",
        "Zosia ma 16 lat i pracuje do 23",
        "she is pregnant and wants a pay rise, I refused",
        "should i talk to him?",
        "soll ich mit ihm reden?",
        "alice seems off lately, not herself",
        "alice a l'air bizarre ces temps-ci",
    ]


GATED = {
    **{key: (situation_words._patterns(key), key) for key in
       ("pay_dispute", "young_age", "working_time", "cannot_work")},
    "family_illness": (situation_words._family_illness(), "family_illness"),
    "asks_to_talk": (situation_words._asks_to_talk(), "asks_to_talk"),
    **{f"phrases {key}": (situation_words._phrases(key), key) for key in
       ("pregnancy", "distress", "vague_worries", "refused", "pay_rise")},
    "told_questions": (told_question._pattern(), None),
}


@pytest.mark.parametrize("name", sorted(GATED))
def test_a_gated_pattern_answers_as_the_whole_alternation(name: str) -> None:
    """Searched only where an alternative can match, and then only with those alternatives,
    a gated pattern finds what the alternation of all of them finds: the same yes or no, the
    same matches and the same text with them replaced, for every message of the labelled data
    (many matched, most not)."""
    gated, _ = GATED[name]
    whole = re.compile("|".join(f"(?:{source})" for source in gated._sources))
    matched = 0
    for message in _messages():
        folded = fold_text(message).replace("ł", "l")
        found = whole.search(folded) is not None
        matched += found
        assert gated.found_in(folded) == found, (name, message)
        assert [m.span() for m in gated.finditer(folded)] == \
            [m.span() for m in whole.finditer(folded)], (name, message)
        assert gated.sub(" ", folded) == whole.sub(" ", folded), (name, message)
    assert matched > 0, name  # the corpus holds messages the alternation matches
