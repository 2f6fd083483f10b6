"""Maria (a store manager) tells ERA about Bob; while ERA asks its questions about him, she
mentions something about Alice. Alice's situation is not filed as an answer about Bob's: ERA
says plainly that it sets Bob's aside and asks Alice's questions, in every language. An answer
about Bob that only names someone else ("Alice told me he was late 4 times") stays Bob's. The
chat model (LLM mode) does the same: ERA says it sets Bob's aside, and the model is told only
Alice's situation and its facts."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined
from tests.fakes.openai_server import FakeOpenAIServer, openai_server

__all__ = ["openai_server"]

# (locale, Bob's situation, the remark about Alice, what ERA says of Bob's, Alice's question)
ANOTHER_PERSON = [
    ("en-US", "Bob keeps coming in late", "also Alice was rude to a customer yesterday",
     "Let's put Bob's situation aside for now and look at Alice's.",
     "Has Alice been spoken to about this kind of behaviour before"),
    ("fr-FR", "Bob arrive souvent en retard", "et aussi Alice a été impolie avec un client hier",
     "Mettons de côté la situation de Bob pour l'instant et regardons celle d'Alice.",
     "A-t-on déjà parlé à Alice de ce type de comportement"),
    ("de-DE", "Bob kommt ständig zu spät",
     "außerdem war Alice gestern unhöflich zu einem Kunden",
     "Lassen wir die Sache mit Bob vorerst beiseite und schauen uns die mit Alice an.",
     "Wurde Alice schon einmal auf solches Verhalten angesprochen"),
    ("es-ES", "Bob siempre llega tarde", "además Alice fue grosera con un cliente ayer",
     "Dejemos de lado por ahora la situación de Bob y veamos la de Alice.", "Alice"),
    ("it-IT", "Bob arriva sempre in ritardo",
     "inoltre Alice è stata scortese con un cliente ieri",
     "Mettiamo da parte per ora la situazione di Bob e guardiamo quella di Alice.", "Alice"),
    ("nl-NL", "Bob komt steeds te laat", "ook was Alice gisteren onbeleefd tegen een klant",
     "Laten we de situatie van Bob even laten rusten en naar die van Alice kijken.", "Alice"),
    ("pl-PL", "Bob ciągle się spóźnia", "a Alice była wczoraj niegrzeczna wobec klienta",
     "Odłóżmy na razie sprawę dotyczącą: Bob i zajmijmy się sprawą dotyczącą: Alice.",
     "Alice"),
    ("pt-BR", "Bob chega sempre atrasado", "e a Alice foi grosseira com um cliente ontem",
     "Vamos deixar de lado, por enquanto, a situação de Bob e ver a de Alice.", "Alice"),
    ("ja-JP", "ボブがよく遅刻します", "あと、アリスが昨日お客様に失礼な態度をとりました",
     "Bobさんの件はいったん置いておき、Aliceさんの件を見ていきましょう。",
     "Aliceさんはこれまでにも同じような言動について注意を受けたことがありますか"),
    ("zh-CN", "Bob 总是迟到", "还有，Alice 昨天对顾客很无礼",
     "我们先把Bob的事放一放，来看Alice的情况。", "以前是否就这类行为和Alice谈过"),
]


@pytest.mark.parametrize(("locale", "bob", "alice", "set_aside", "asked"), ANOTHER_PERSON)
async def test_another_persons_situation_sets_the_first_aside_and_is_asked_about(
    bot: BotHarness, locale: str, bob: str, alice: str, set_aside: str, asked: str
) -> None:
    """The finding: "also Alice was rude to a customer yesterday" at the questions about Bob's
    lateness was filed as Bob's answer, and ERA went on asking "Have you already spoken to
    Alice about it, or given a verbal warning?" (the lateness question, now about Alice)."""
    bot.locale = locale
    await bot.say(bob)
    said = joined(await bot.say(alice))
    assert set_aside in said, said
    assert asked in said, said


async def test_alices_lateness_told_at_bobs_questions_is_her_own_topic(
    bot: BotHarness,
) -> None:
    """The same playbook for both: Alice's lateness is not an answer about Bob's, and the
    advice that follows is about Alice."""
    await bot.say("Bob Smith keeps coming in late")
    said = joined(await bot.say("also Alice keeps coming in late too, every day"))
    assert "Let's put Bob's situation aside for now and look at Alice's." in said
    assert "Have you already spoken to Alice about it" in said
    advice = joined(await bot.say("no I haven't spoken to her"))
    assert "with Alice" in advice and "Bob" not in advice, advice


async def test_an_answer_about_bob_that_names_someone_else_stays_bobs(bot: BotHarness) -> None:
    await bot.say("Bob Smith keeps coming in late")
    said = joined(await bot.say("Alice told me he was late 4 times this month"))
    assert "aside" not in said
    assert "Have you already spoken to Bob about it" in said, said
    assert "spoken to Alice" not in said



def _told(request_messages: list[dict[str, str]]) -> tuple[list[str], str]:
    """What a chat request gave the model: the conversation's messages, and the facts line."""
    said = [message["content"] for message in request_messages
            if message["role"] in ("user", "assistant")]
    facts = next((line for message in request_messages if message["role"] == "system"
                  for line in message["content"].splitlines()
                  if line.startswith("Facts gathered so far")), "")
    return said, facts


@pytest.mark.parametrize(("locale", "bob", "alice", "set_aside", "asked"), ANOTHER_PERSON)
async def test_the_chat_model_sets_the_first_situation_aside_too(
    llm_bot: BotHarness, openai_server: FakeOpenAIServer, locale: str, bob: str, alice: str,
    set_aside: str, asked: str,
) -> None:
    """The finding: in LLM mode, "also Alice was rude to a customer yesterday" at the questions
    about Bob's lateness was sent to the model as more about Bob's situation, with its facts
    ("arrived_late: yes"), and ERA said nothing of setting Bob's aside."""
    llm_bot.locale = locale
    openai_server.queue_text("How often has it happened, and have you spoken to them?")
    openai_server.queue_text("What happened exactly, and has it happened before?")
    await llm_bot.say(bob)
    said = joined(await llm_bot.say(alice))
    assert said.startswith(set_aside), said
    assert said.endswith("What happened exactly, and has it happened before?"), said
    told, facts = _told(openai_server.chat_requests[-1].body["messages"])
    assert told == [alice]
    assert "arrived_late" not in facts, facts


async def test_an_answer_about_bob_naming_someone_else_stays_bobs_with_the_chat_model(
    llm_bot: BotHarness, openai_server: FakeOpenAIServer,
) -> None:
    openai_server.queue_text("Thanks. Have you spoken to Bob about it?")
    openai_server.queue_text("Thanks. Have you spoken to Bob about it yet?")
    await llm_bot.say("Bob Smith keeps coming in late")
    said = joined(await llm_bot.say("Alice told me he was late 4 times this month"))
    assert "aside" not in said, said
    told, facts = _told(openai_server.chat_requests[-1].body["messages"])
    assert told[0] == "Bob Smith keeps coming in late" and "occurrences: 4" in facts, facts
