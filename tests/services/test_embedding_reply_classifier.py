"""The embedding fallback for replies the interpreter cannot read, against a local
OpenAI-compatible server (tests/fakes/openai_server.py)."""

from __future__ import annotations

import logging
import time

import pytest

from core.choice_option import ChoiceOption
from core.question_id import QuestionId
from core.reply_interpreter import ReplyIntent
from services.embedding_reply_classifier import (
    EmbeddingReplyClassifier,
    interpret_with_fallback,
)
from tests.fakes.openai_server import FakeOpenAIServer, openai_server

__all__ = ["openai_server"]  # the fixture, imported for pytest

MODEL = "text-embedding-test"
EXEMPLARS = {
    ReplyIntent.CONFIRM: ("yes",),
    ReplyIntent.REJECT: ("no",),
    ReplyIntent.UNKNOWN: ("maybe",),
}
SHIFTS = (
    ChoiceOption("opt_1", 0, "Morning (09:00-15:00)", start="09:00", end="15:00"),
    ChoiceOption("opt_2", 1, "Evening (18:00-22:00)", start="18:00", end="22:00"),
)
TWO_MORNINGS = (
    ChoiceOption("opt_1", 0, "Early (07:00-11:00)", start="07:00", end="11:00"),
    ChoiceOption("opt_2", 1, "Late morning (10:00-14:00)", start="10:00", end="14:00"),
)


def _axes(server: FakeOpenAIServer) -> None:
    """Give the exemplars and labels their own axes, and some Swahili replies known vectors."""
    server.embeddings.update({
        "yes": [1, 0, 0, 0, 0], "no": [0, 1, 0, 0, 0], "maybe": [0, 0, 1, 0, 0],
        SHIFTS[0].label: [0, 0, 0, 1, 0], SHIFTS[1].label: [0, 0, 0, 0, 1],
        "ndiyo": [0.95, 0.1, 0.05, 0, 0],  # yes
        "hapana": [0.1, 0.95, 0, 0, 0],  # no
        "labda": [0.2, 0.1, 0.95, 0, 0],  # maybe
        "asubuhi": [0.1, 0, 0, 0.95, 0.2],  # morning
        "ndiyo hapana": [0.7, 0.7, 0, 0, 0],  # yes no: nothing clearly ahead
        "xyzzy": [0, 0, 0, 0.3, 0.3],  # near nothing
    })


def _classifier(server: FakeOpenAIServer, **options: float) -> EmbeddingReplyClassifier:
    return EmbeddingReplyClassifier(client=server.client(), model=MODEL, exemplars=EXEMPLARS,
                                    **options)


@pytest.mark.parametrize(
    ("text", "intent"),
    [("ndiyo", ReplyIntent.CONFIRM), ("hapana", ReplyIntent.REJECT),
     ("labda", ReplyIntent.UNKNOWN), ("ndiyo hapana", ReplyIntent.UNKNOWN),
     ("xyzzy", ReplyIntent.UNKNOWN)],
)
async def test_a_yes_no_reply_takes_the_meaning_of_its_nearest_exemplar_when_clear(
    openai_server: FakeOpenAIServer, text: str, intent: ReplyIntent
) -> None:
    _axes(openai_server)
    reply = await _classifier(openai_server).classify(text, QuestionId.CONFIRM_PREVIEW, [])
    assert reply.intent is intent, reply.reasoning
    assert reply.option_id is None
    assert (reply.confidence > 0.8) == (intent is not ReplyIntent.UNKNOWN)


async def test_a_selection_takes_the_option_whose_label_is_nearest(
    openai_server: FakeOpenAIServer,
) -> None:
    _axes(openai_server)
    classifier = _classifier(openai_server)
    reply = await classifier.classify("asubuhi", QuestionId.SELECT_SHIFT, SHIFTS)
    assert (reply.intent, reply.option_id) == (ReplyIntent.SELECT, "opt_1")
    rejected = await classifier.classify("hapana", QuestionId.SELECT_SHIFT, SHIFTS)
    assert rejected.intent is ReplyIntent.REJECT
    vague_yes = await classifier.classify("ndiyo", QuestionId.SELECT_SHIFT, SHIFTS)
    assert vague_yes.intent is ReplyIntent.UNKNOWN  # yes, but to which of two options?


async def test_a_yes_to_a_single_option_selects_it(openai_server: FakeOpenAIServer) -> None:
    _axes(openai_server)
    reply = await _classifier(openai_server).classify("ndiyo", QuestionId.SELECT_SHIFT,
                                                      SHIFTS[:1])
    assert (reply.intent, reply.option_id) == (ReplyIntent.SELECT, "opt_1")


async def test_exemplars_are_embedded_once_and_labels_are_cached(
    openai_server: FakeOpenAIServer,
) -> None:
    _axes(openai_server)
    classifier = _classifier(openai_server)
    for text in ("ndiyo", "hapana", "asubuhi", "labda"):
        await classifier.classify(text, QuestionId.SELECT_SHIFT, SHIFTS)
    texts = openai_server.embedded_texts()
    assert texts.count("yes") == 1
    assert texts.count(SHIFTS[0].label) == 1
    assert len(openai_server.embedding_requests) == 1 + 1 + 4  # exemplars, labels, replies
    body = openai_server.embedding_requests[0].body
    assert body["model"] == MODEL
    assert openai_server.embedding_requests[0].headers["Authorization"] == (
        f"Bearer {openai_server.api_key}"
    )


async def test_a_failing_backend_gives_unknown_logs_and_recovers(
    openai_server: FakeOpenAIServer, caplog: pytest.LogCaptureFixture
) -> None:
    _axes(openai_server)
    classifier = _classifier(openai_server)
    openai_server.fail(503, path_contains="/embeddings")
    with caplog.at_level(logging.WARNING, logger="services.embedding_reply_classifier"):
        reply = await classifier.classify("ndiyo", QuestionId.CONFIRM_PREVIEW, [])
    assert reply.intent is ReplyIntent.UNKNOWN
    assert "backend failed" in reply.reasoning
    assert any("InternalServerError" in r.getMessage() or "503" in r.getMessage()
               for r in caplog.records)
    again = await classifier.classify("ndiyo", QuestionId.CONFIRM_PREVIEW, [])
    assert again.intent is ReplyIntent.CONFIRM


async def test_a_slow_backend_is_cut_off_at_the_time_budget(
    openai_server: FakeOpenAIServer, caplog: pytest.LogCaptureFixture
) -> None:
    _axes(openai_server)
    classifier = _classifier(openai_server, timeout_seconds=0.3)
    openai_server.stall(2.0, path_contains="/embeddings")
    started = time.monotonic()
    with caplog.at_level(logging.WARNING, logger="services.embedding_reply_classifier"):
        reply = await classifier.classify("ndiyo", QuestionId.CONFIRM_PREVIEW, [])
    assert time.monotonic() - started < 1.5
    assert reply.intent is ReplyIntent.UNKNOWN
    assert caplog.records


async def test_a_wrong_key_or_an_unreachable_server_gives_unknown() -> None:
    async with FakeOpenAIServer(api_key="right-key") as server:
        _axes(server)
        wrong = EmbeddingReplyClassifier.connect(base_url=server.base_url, api_key="wrong-key",
                                                 model=MODEL)
        assert (await wrong.classify("ndiyo", QuestionId.CONFIRM_PREVIEW, [])).intent is (
            ReplyIntent.UNKNOWN
        )
        assert server.embedding_requests  # it did reach the server, and was refused
        await wrong.close()
        base_url = server.base_url
    gone = EmbeddingReplyClassifier.connect(base_url=base_url, api_key="right-key", model=MODEL)
    assert (await gone.classify("ndiyo", QuestionId.CONFIRM_PREVIEW, [])).intent is (
        ReplyIntent.UNKNOWN
    )
    await gone.close()


async def test_mismatched_vectors_from_the_backend_give_unknown(
    openai_server: FakeOpenAIServer,
) -> None:
    _axes(openai_server)
    openai_server.embeddings["odd"] = [1.0, 0.0]
    reply = await _classifier(openai_server).classify("odd", QuestionId.CONFIRM_PREVIEW, [])
    assert reply.intent is ReplyIntent.UNKNOWN


async def test_the_default_exemplars_work_over_an_azure_deployment(
    openai_server: FakeOpenAIServer,
) -> None:
    classifier = EmbeddingReplyClassifier.connect_azure(
        endpoint=openai_server.origin, api_key=str(openai_server.api_key),
        api_version="2024-10-21", deployment="embeddings-dep",
    )
    reply = await classifier.classify("Oui, c'est parfait !", QuestionId.CONFIRM_PREVIEW, [])
    assert reply.intent is ReplyIntent.CONFIRM, reply.reasoning
    refused = await classifier.classify("No, thanks.", QuestionId.CONFIRM_PREVIEW, [])
    assert refused.intent is ReplyIntent.REJECT, refused.reasoning
    hedged = await classifier.classify("I'm not sure...", QuestionId.CONFIRM_PREVIEW, [])
    assert hedged.intent is ReplyIntent.UNKNOWN, hedged.reasoning
    request = openai_server.embedding_requests[0]
    assert request.deployment == "embeddings-dep"
    assert request.headers["api-key"] == openai_server.api_key
    await classifier.close()


async def test_the_fallback_is_asked_only_about_words_the_interpreter_could_not_read(
    openai_server: FakeOpenAIServer,
) -> None:
    _axes(openai_server)
    fallback = _classifier(openai_server)
    read = [
        await interpret_with_fallback("oui", QuestionId.CONFIRM_PREVIEW, [], fallback=fallback),
        await interpret_with_fallback("maybe", QuestionId.CONFIRM_PREVIEW, [],
                                      fallback=fallback),
        await interpret_with_fallback("morning", QuestionId.SELECT_SHIFT, TWO_MORNINGS,
                                      fallback=fallback),
        await interpret_with_fallback("4", QuestionId.SELECT_SHIFT, SHIFTS, fallback=fallback),
    ]
    assert [r.intent for r in read] == [ReplyIntent.CONFIRM] + [ReplyIntent.UNKNOWN] * 3
    assert openai_server.embedding_requests == []
    unread = await interpret_with_fallback("ndiyo", QuestionId.CONFIRM_PREVIEW, [], "sw-KE",
                                           fallback=fallback)
    assert unread.intent is ReplyIntent.CONFIRM
    assert unread.reasoning.startswith("embedding")
    off = await interpret_with_fallback("ndiyo", QuestionId.CONFIRM_PREVIEW, [], fallback=None)
    assert off.intent is ReplyIntent.UNKNOWN


@pytest.mark.parametrize("threshold", [0.0, 1.5])
def test_the_threshold_must_be_a_similarity(
    openai_server: FakeOpenAIServer, threshold: float
) -> None:
    with pytest.raises(ValueError):
        EmbeddingReplyClassifier(client=openai_server.client(), model=MODEL,
                                 threshold=threshold)
