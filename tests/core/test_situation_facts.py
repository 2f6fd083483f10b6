"""The facts of a situation, read deterministically from what managers actually type, in
English, French, Spanish and German; a bare yes or no answers the question ERA asked."""

from __future__ import annotations

from typing import Any

import pytest

from core.situation_facts import Fact, Period, Reason, SituationFacts, facts_summary


@pytest.mark.parametrize(("said", "asked", "expected"), [
    ("no i havent talked to him yet", (Fact.SPOKEN_TO,), {"spoken_to": False}),
    ("nope", (Fact.OCCURRENCES, Fact.SPOKEN_TO), {"spoken_to": False}),
    ("yes", (Fact.SPOKEN_TO, Fact.REASON_KNOWN), {"spoken_to": True}),
    ("yeah I did", (Fact.SPOKEN_TO,), {"spoken_to": True}),
    ("yes I spoke to him last month about it", (),
     {"spoken_to": True, "spoken_when": Period.LAST_MONTH, "period": None}),
    ("I gave her a verbal warning last week", (), {"spoken_to": True, "prior_warnings": None}),
    ("she already got a written warning in October", (),
     {"prior_warnings": True, "spoken_to": True}),
    ("no written warning yet", (), {"prior_warnings": False}),
    ("you keep coming in late, like 20 min every day this week", (),
     {"topic": "lateness", "every_shift": True, "minutes_late": 20,
      "period": Period.THIS_WEEK, "repeated": True}),
    ("One of my cashiers has been late 5 times this month", (),
     {"occurrences": 5, "period": Period.THIS_MONTH, "topic": "lateness"}),
    ("late twice last week", (), {"occurrences": 2, "period": Period.LAST_WEEK}),
    ("I tried calling Bob Smith once but he didn't pick up", (),
     {"attempts": 1, "reached": False, "occurrences": None}),
    ("called him three times, straight to voicemail", (), {"attempts": 3, "reached": False}),
    ("I reached him this morning, he answered", (), {"reached": True}),
    ("he says it's because of the bus", (),
     {"reason_known": True, "reason": Reason.TRANSPORT}),
    ("no idea why", (), {"reason_known": False}),
    ("she has been ill lately", (), {"safety_or_health": True}),
    ("no health issues as far as I know", (), {"safety_or_health": False}),
    ("he threatened a colleague", (), {"safety_or_health": True}),
    ("it's the first time", (), {"repeated": False}),
    ("Bob was late on monday and wednesday", (), {"weekdays": (0, 2)}),
    ("Bob didn't show up for 3 days", (), {"topic": "no_show", "occurrences": 3}),
    # French
    ("non, je ne lui ai pas encore parlé", (), {"spoken_to": False}),
    ("oui je lui ai déjà parlé la semaine dernière et il continue", (),
     {"spoken_to": True, "spoken_when": Period.LAST_WEEK, "repeated": True}),
    ("il est arrivé en retard 4 fois ce mois", (),
     {"topic": "lateness", "occurrences": 4, "period": Period.THIS_MONTH}),
    ("oui", (Fact.SPOKEN_TO,), {"spoken_to": True}),
    ("il a déjà reçu un avertissement écrit", (), {"prior_warnings": True}),
    # Spanish
    ("no, todavía no he hablado con él", (), {"spoken_to": False}),
    ("ya le di una amonestación por escrito", (), {"prior_warnings": True}),
    ("llega tarde todos los días esta semana", (),
     {"topic": "lateness", "every_shift": True, "period": Period.THIS_WEEK}),
    # German
    ("nein, ich habe noch nicht mit ihm gesprochen", (), {"spoken_to": False}),
    ("Ich habe ihm schon eine Abmahnung gegeben", (), {"prior_warnings": True}),
    ("sie ist diese Woche dreimal zu spät gekommen", (),
     {"occurrences": 3, "period": Period.THIS_WEEK, "topic": "lateness"}),
    ("nein", (Fact.SAFETY_OR_HEALTH,), {"safety_or_health": False}),
    # Chinese and Japanese: the situation kind (an email's topic: "关于迟到的邮件")
    ("迟到", (), {"topic": "lateness"}),
    ("他最近经常迟到", (), {"topic": "lateness"}),
    ("旷工", (), {"topic": "no_show"}),
    ("遅刻", (), {"topic": "lateness"}),
    ("無断欠勤", (), {"topic": "no_show"}),
    ("周末排班", (), {"topic": None}),
])
def test_what_a_message_says(said: str, asked: tuple[Fact, ...], expected: dict[str, Any]) -> None:
    facts = SituationFacts().with_message(said, asked=asked)
    for name, value in expected.items():
        assert getattr(facts, name) == value, name


def test_a_bare_answer_goes_to_the_first_yes_no_question_the_message_leaves_open() -> None:
    facts = SituationFacts().with_message(
        "no, and I haven't talked to him", asked=(Fact.REACHED, Fact.SPOKEN_TO))
    assert facts.spoken_to is False and facts.reached is False


def test_a_bare_answer_without_a_question_says_nothing() -> None:
    assert SituationFacts().with_message("no") == SituationFacts()


def test_later_messages_add_to_earlier_facts_and_correct_them() -> None:
    facts = SituationFacts().with_message("Bob has been late 3 times this week")
    facts = facts.with_message("no", asked=(Fact.SPOKEN_TO,))
    facts = facts.with_message("actually I did speak to him about it last month")
    assert facts.occurrences == 3 and facts.period is Period.THIS_WEEK
    assert facts.spoken_to is True and facts.spoken_when is Period.LAST_MONTH


def test_repetition_follows_from_the_count_or_every_day() -> None:
    assert SituationFacts(occurrences=1).value(Fact.REPEATED) is False
    assert SituationFacts(occurrences=4).value(Fact.REPEATED) is True
    assert SituationFacts(every_shift=True).value(Fact.REPEATED) is True
    assert SituationFacts().value(Fact.REPEATED) is None


def test_the_facts_survive_a_json_round_trip() -> None:
    facts = SituationFacts().with_message(
        "Alice was late on monday and friday last week, 10 minutes, because of the bus")
    assert SituationFacts.from_dict(facts.to_dict()) == facts
    assert SituationFacts.from_dict(None) == SituationFacts()


def test_the_summary_names_facts_not_words() -> None:
    facts = SituationFacts().with_message("no i havent talked to him yet, he's late every day",
                                          asked=(Fact.SPOKEN_TO,))
    summary = facts_summary(facts)
    assert "spoken_to: no" in summary and "every_shift: yes" in summary
    assert "havent" not in summary
