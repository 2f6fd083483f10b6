"""The advice conversation's state: a bounded history, the current topic (what the email and
calendar flows are told), topic changes, idleness, and a JSON round trip."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import timedelta

from core.advice_conversation import HISTORY_LIMIT, SITUATION_CHARS, AdviceConversation
from core.conversation_turn import Role
from tests.conftest import FIXED_NOW


def _exchange(
    conversation: AdviceConversation, message: str, playbook_id: str | None
) -> AdviceConversation:
    return conversation.with_message(message).with_reply(
        f"reply to {message}", playbook_id=playbook_id, now=FIXED_NOW
    )


def test_messages_and_replies_alternate_in_the_history() -> None:
    conversation = _exchange(AdviceConversation(), "Bob didn't show up", "no_show")
    assert [(t.role, t.content) for t in conversation.history] == [
        (Role.USER, "Bob didn't show up"), (Role.ASSISTANT, "reply to Bob didn't show up"),
    ]
    assert conversation.playbook_id == "no_show" and conversation.updated_at == FIXED_NOW


def test_the_history_keeps_the_newest_messages_only() -> None:
    conversation = AdviceConversation()
    for number in range(HISTORY_LIMIT):
        conversation = _exchange(conversation, f"message {number}", "no_show")
    assert len(conversation.history) == HISTORY_LIMIT
    assert conversation.history[0].content == f"message {HISTORY_LIMIT // 2}"
    assert conversation.history[-1].content == f"reply to message {HISTORY_LIMIT - 1}"


def test_the_situation_is_the_topic_in_sentences_without_bare_answers() -> None:
    conversation = AdviceConversation()
    for message in ("Bob didn't show up for 3 days", "yes", "I called him twice!"):
        conversation = _exchange(conversation, message, "no_show")
    assert conversation.situation == "Bob didn't show up for 3 days. I called him twice!"


def test_a_japanese_situation_ends_its_sentences_with_a_japanese_full_stop() -> None:
    """The finding: "人事に回して" in advice said back 「ボブ・スミスがよく遅刻します.」, an
    English full stop after Japanese, as what HR is given."""
    conversation = AdviceConversation()
    for message in ("ボブ・スミスがよく遅刻します", "もう二回注意しました。", "遅刻は5回です"):
        conversation = _exchange(conversation, message, "lateness")
    assert conversation.situation == (
        "ボブ・スミスがよく遅刻します。もう二回注意しました。遅刻は5回です。"
    )


def test_another_playbook_starts_a_new_topic() -> None:
    conversation = _exchange(AdviceConversation(), "Bob didn't show up for 3 days", "no_show")
    conversation = _exchange(conversation, "thanks", "no_show")
    conversation = _exchange(conversation, "Alice has been late 5 times", "lateness")
    conversation = _exchange(conversation, "I gave her a verbal warning", "lateness")
    assert conversation.situation == "Alice has been late 5 times. I gave her a verbal warning."


def test_a_reply_without_a_playbook_stays_in_the_topic() -> None:
    conversation = _exchange(AdviceConversation(), "Bob didn't show up for 3 days", "no_show")
    conversation = _exchange(conversation, "can I stop his pay for it", None)
    assert conversation.playbook_id == "no_show"
    assert conversation.situation.endswith("can I stop his pay for it.")


def test_after_an_action_the_next_message_opens_a_new_topic() -> None:
    conversation = _exchange(AdviceConversation(), "Bob didn't show up for 3 days", "no_show")
    conversation = _exchange(conversation.new_topic(), "Bob is late all the time too", "lateness")
    assert conversation.situation == "Bob is late all the time too."
    assert len(conversation.history) == 4


def test_only_bare_answers_still_make_a_situation() -> None:
    conversation = _exchange(AdviceConversation(), "yes", None)
    assert conversation.situation == "yes."


def test_a_long_topic_is_cut() -> None:
    conversation = _exchange(AdviceConversation(), "word " * 400, "performance")
    assert len(conversation.situation) == SITUATION_CHARS


def test_idleness_counts_from_the_last_move() -> None:
    conversation = AdviceConversation().touched(FIXED_NOW)
    assert not conversation.is_idle(FIXED_NOW + timedelta(minutes=59), timedelta(hours=1))
    assert conversation.is_idle(FIXED_NOW + timedelta(minutes=61), timedelta(hours=1))
    assert AdviceConversation().is_idle(FIXED_NOW, timedelta(hours=1))


def test_the_state_survives_a_json_round_trip() -> None:
    conversation = _exchange(AdviceConversation(), "Bob didn't show up for 3 days", "no_show")
    stored = json.loads(json.dumps(conversation.to_dict()))
    assert AdviceConversation.from_dict(stored) == conversation
    assert AdviceConversation.from_dict(None) == AdviceConversation()


def test_a_question_after_an_action_resumes_its_topic_without_offering_it_again() -> None:
    conversation = _exchange(AdviceConversation(), "Bob was rude to a customer", "misconduct")
    conversation = replace(conversation, step="default").new_topic(ended="calendar")
    assert conversation.playbook_id is None and conversation.ended_playbook_id == "misconduct"
    assert conversation.ended_step == "default"
    resumed = conversation.with_message("what should I say in the meeting?").with_reply(
        "Here is what my guidance says", playbook_id="misconduct", now=FIXED_NOW,
        stage="answer", step="default")
    assert resumed.done == ("calendar",)
    again = AdviceConversation.from_dict(resumed.to_dict())
    assert again.done == ("calendar",) and again.ended_playbook_id == "misconduct"
    new = again.with_message("Alice was rude too").with_reply(
        "Before I suggest", playbook_id="misconduct", now=FIXED_NOW, stage="clarify")
    assert new.done == ()


def test_an_offer_to_hand_over_is_kept_until_the_next_reply_or_topic() -> None:
    """A yes after ERA offered to put the manager through to HR takes that offer: the offer is
    the state's own fact, kept through storage, and gone with the next reply or topic."""
    offered = AdviceConversation().with_message("Chen threatened Luca").with_reply(
        "That's for HR ...", playbook_id="conflict", now=FIXED_NOW, offers_hand_over=True)
    stored = AdviceConversation.from_dict(json.loads(json.dumps(offered.to_dict())))
    assert stored.hand_over_offered
    assert not _exchange(stored, "what should I write down?", "conflict").hand_over_offered
    assert not stored.new_topic().hand_over_offered
