"""What a follow-up question about the advice asks, in every language the playbooks speak."""

from __future__ import annotations

import pytest

from core.advice_topic import AdviceTopic
from core.intent import Intent
from language.advice_topics import advice_topic, asks_if_it_continues
from language.understanding import understand

SAY, DOCUMENT, WARNING = AdviceTopic.SAY, AdviceTopic.DOCUMENT, AdviceTopic.WARNING
DISMISSAL, DISPUTE, TIMING, HR = (AdviceTopic.DISMISSAL, AdviceTopic.DISPUTE, AdviceTopic.TIMING,
                                  AdviceTopic.HR)


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("what should I say in the meeting?", SAY),
        ("how do I document this?", DOCUMENT),
        ("should I give him a written warning?", WARNING),
        ("can I fire him?", DISMISSAL),
        ("what if he denies it?", DISPUTE),
        ("how long should I wait?", TIMING),
        ("what does HR need from me?", HR),
        ("que dois-je lui dire pendant l'entretien ?", SAY),
        ("est-ce que je peux le licencier ?", DISMISSAL),
        ("combien de temps dois-je attendre ?", TIMING),
        ("¿qué le digo en la reunión?", SAY),
        ("¿y si lo niega?", DISPUTE),
        ("kann ich ihm kündigen?", DISMISSAL),
        ("was wenn er es abstreitet?", DISPUTE),
        ("und wenn er alles abstreitet", DISPUTE),
        ("was braucht die Personalabteilung von mir?", HR),
        ("devo dargli un richiamo scritto?", WARNING),
        ("como devo documentar isto?", DOCUMENT),
        ("en als hij het ontkent?", DISPUTE),
        ("jak długo mam czekać?", TIMING),
        ("面談で何を言えばいいですか？", SAY),
        ("解雇できますか？", DISMISSAL),
        ("如果他不承认怎么办？", DISPUTE),
        ("人事需要我提供什么？", HR),
    ],
)
def test_a_question_about_the_advice_says_what_it_asks(text: str, topic: AdviceTopic) -> None:
    assert advice_topic(text) is topic


@pytest.mark.parametrize(
    "text",
    ["thanks, will do", "Bob Smith has been rude to customers", "who is working on Friday?",
     "merci", "好的，谢谢"],
)
def test_other_messages_ask_nothing_about_the_advice(text: str) -> None:
    assert advice_topic(text) is None


def test_a_denial_question_about_dismissal_is_about_the_denial() -> None:
    assert advice_topic("can I fire him if he denies it?") is DISPUTE


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("and if she says it's not true?", DISPUTE),
        ("et si elle dit que c'est faux ?", DISPUTE),
        ("¿y si dice que no es verdad?", DISPUTE),
        ("und wenn sie sagt, das stimmt nicht?", DISPUTE),
        ("can you write what I should say?", SAY),
        ("kannst du aufschreiben, was ich sagen soll?", SAY),
    ],
)
def test_a_denial_in_other_words_and_a_script_asked_for(text: str, topic: AdviceTopic) -> None:
    assert advice_topic(text) is topic


@pytest.mark.parametrize(
    "text",
    ["what if it happens again?", "and if he's late again?", "et si ça recommence ?",
     "¿y si vuelve a pasar?", "und wenn es wieder passiert?", "e se succede di nuovo?",
     "e se acontecer de novo?", "en als het weer gebeurt?", "a jeśli to się powtórzy?",
     "また遅刻したらどうしますか？", "如果他再迟到怎么办？"],
)
def test_what_if_it_happens_again_is_asked_in_every_language(text: str) -> None:
    assert asks_if_it_continues(text)


@pytest.mark.parametrize(
    "text", ["he's late again", "bob llegó tarde otra vez", "il est encore en retard"])
def test_a_situation_told_again_is_not_that_question(text: str) -> None:
    assert not asks_if_it_continues(text)


@pytest.mark.parametrize(
    "text", ["can you write what I should say?", "can you write down what I should say to him?"])
def test_asking_for_the_words_to_say_is_no_email_to_someone_called_what(text: str) -> None:
    assert understand(text, locale="en-US").intent is not Intent.EMAIL
    assert advice_topic(text) in (SAY, DOCUMENT)


@pytest.mark.parametrize("text", ["write to alice", "write bob smith about his lateness"])
def test_writing_to_someone_is_still_an_email(text: str) -> None:
    assert understand(text, locale="en-US").intent is Intent.EMAIL
