"""The optional second opinion on short replies the deterministic interpreter could not read.

When `interpret_reply` returns `unknown` because the reply holds words it does not know (a
language or phrasing outside its lexicon), and an embedding model is configured, the reply is
embedded and compared by cosine similarity with embedded exemplars: yes-phrases, no-phrases,
hedges ("maybe", "what do you mean?") and, at a selection, the labels of the options on offer.
The nearest one decides, but only above a threshold and clearly ahead of the nearest exemplar
that would mean something else; a hedge stays `unknown`. Replies the interpreter read and found
vague, ambiguous or out of range are never sent, so this cannot turn "morning" with two morning
options into a guess. Exemplar vectors are computed once and kept; labels are cached too. A
backend that fails or exceeds the time budget is logged and the answer is `unknown`: the
fallback never raises into the turn.
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import openai

from core.choice_option import ChoiceOption
from core.reply_interpreter import InterpretedReply, ReplyIntent, interpret_reply

logger = logging.getLogger(__name__)

DEFAULT_EXEMPLARS: Mapping[ReplyIntent, tuple[str, ...]] = {
    ReplyIntent.CONFIRM: (
        "yes", "yes please", "sure, go ahead", "that works for me", "okay, do it",
        "confirmed", "sounds good to me", "yes, that's correct", "please proceed",
        "oui, c'est parfait", "sí, adelante", "ja, mach das", "sì, va bene", "sim, pode ser",
        "ja, dat is goed", "ja, det går bra", "да, давай", "evet, olur", "はい、お願いします",
        "好的，可以", "نعم، موافق", "tak, zgoda", "네, 좋아요", "ndiyo", "oo, sige",
    ),
    ReplyIntent.REJECT: (
        "no", "no thanks", "don't do it", "cancel that", "I changed my mind", "not now",
        "please stop", "non, merci", "no, gracias", "nein, lieber nicht", "no, lascia stare",
        "não, obrigado", "nee, laat maar", "nej tack", "нет, не надо", "hayır, istemiyorum",
        "いいえ、結構です", "不用了", "لا، شكرا", "nie, dziękuję", "아니요, 괜찮아요", "hapana",
        "hindi po",
    ),
    ReplyIntent.UNKNOWN: (
        "maybe", "I'm not sure", "what do you mean?", "later", "I don't know",
        "can you repeat that?", "what are the options?", "let me think about it",
        "peut-être", "quizás", "vielleicht", "не знаю", "たぶん", "也许",
    ),
}
_MAX_REPLY_CHARS = 200
_MAX_CACHED_LABELS = 1024


@dataclass(frozen=True)
class _Candidate:
    """Something a reply may be closest to, and what that would mean."""

    text: str
    intent: ReplyIntent
    option_id: str | None = None

    @property
    def outcome(self) -> tuple[ReplyIntent, str | None]:
        """What choosing this candidate means; rivals are candidates that mean otherwise."""
        return self.intent, self.option_id


class EmbeddingReplyClassifier:
    """Classifies a reply as confirm / reject / select (which option) by embedding similarity.

    `client` is an `openai.AsyncOpenAI` (or `AsyncAzureOpenAI`, where `model` is the
    deployment); `threshold` is the least cosine similarity that counts, `margin` how far the
    winner must lead the nearest candidate meaning something else, `timeout_seconds` the budget
    for one classification including the first exemplar embedding.
    """

    def __init__(
        self, *, client: openai.AsyncOpenAI, model: str, threshold: float = 0.8,
        margin: float = 0.05, timeout_seconds: float = 2.0,
        exemplars: Mapping[ReplyIntent, Sequence[str]] = DEFAULT_EXEMPLARS,
    ) -> None:
        if not 0.0 < threshold <= 1.0:
            raise ValueError(f"threshold must be within (0, 1], got {threshold}")
        if timeout_seconds <= 0:
            raise ValueError(f"timeout_seconds must be positive, got {timeout_seconds}")
        self._client = client
        self._model = model
        self._threshold = threshold
        self._margin = margin
        self._timeout = timeout_seconds
        self._exemplars = tuple(
            _Candidate(text, intent) for intent, texts in exemplars.items() for text in texts
        )
        self._exemplar_vectors: list[list[float]] | None = None
        self._exemplar_lock = asyncio.Lock()
        self._label_vectors: dict[str, list[float]] = {}

    @classmethod
    def connect(
        cls, *, base_url: str | None, api_key: str, model: str, timeout_seconds: float = 2.0,
        threshold: float = 0.8, margin: float = 0.05,
    ) -> EmbeddingReplyClassifier:
        """A classifier on an OpenAI or OpenAI-compatible endpoint (base_url None: OpenAI)."""
        client = openai.AsyncOpenAI(base_url=base_url or None, api_key=api_key,
                                    timeout=timeout_seconds, max_retries=0)
        return cls(client=client, model=model, timeout_seconds=timeout_seconds,
                   threshold=threshold, margin=margin)

    @classmethod
    def connect_azure(
        cls, *, endpoint: str, api_key: str, api_version: str, deployment: str,
        timeout_seconds: float = 2.0, threshold: float = 0.8, margin: float = 0.05,
    ) -> EmbeddingReplyClassifier:
        """A classifier on an Azure OpenAI embedding deployment."""
        client = openai.AsyncAzureOpenAI(azure_endpoint=endpoint, api_key=api_key,
                                         api_version=api_version, timeout=timeout_seconds,
                                         max_retries=0)
        return cls(client=client, model=deployment, timeout_seconds=timeout_seconds,
                   threshold=threshold, margin=margin)

    async def close(self) -> None:
        """Close the HTTP client."""
        await self._client.close()

    async def classify(
        self, text: str, question: str, options: Sequence[ChoiceOption]
    ) -> InterpretedReply:
        """The nearest meaning of `text` at `question`, or unknown when nothing is near enough
        or the backend fails."""
        if not text.strip() or len(text) > _MAX_REPLY_CHARS:
            return _unknown("embedding: no short reply to classify")
        try:
            async with asyncio.timeout(self._timeout):
                return await self._classify(text.strip(), question, options)
        except Exception as exc:  # the fallback must never break the turn it helps
            logger.warning("embedding reply fallback failed (%s): %s", type(exc).__name__, exc)
            return _unknown(f"embedding backend failed: {type(exc).__name__}")

    async def _classify(
        self, text: str, question: str, options: Sequence[ChoiceOption]
    ) -> InterpretedReply:
        exemplars = list(zip(self._exemplars, await self._exemplar_vectors_once(), strict=True))
        candidates = exemplars
        if options and not str(question).startswith("confirm_"):
            ordered = sorted(options, key=lambda o: o.index)
            labels = await self._label_vectors_for([o.label for o in ordered])
            # at a selection a bare yes means nothing, unless there is one option to say it to
            candidates = [(c, v) for c, v in exemplars if c.intent is not ReplyIntent.CONFIRM]
            candidates += [
                (_Candidate(option.label, ReplyIntent.SELECT, option.option_id), vector)
                for option, vector in zip(ordered, labels, strict=True)
            ]
            if len(ordered) == 1:
                candidates += [
                    (_Candidate(c.text, ReplyIntent.SELECT, ordered[0].option_id), v)
                    for c, v in exemplars if c.intent is ReplyIntent.CONFIRM
                ]
        (reply_vector,) = await self._embed([text])
        return self._decide(reply_vector, candidates)

    def _decide(
        self, reply: list[float], candidates: list[tuple[_Candidate, list[float]]]
    ) -> InterpretedReply:
        scored = sorted(
            ((_cosine(reply, vector), candidate) for candidate, vector in candidates),
            key=lambda pair: pair[0], reverse=True,
        )
        best_score, best = scored[0]
        rival = next((score for score, c in scored if c.outcome != best.outcome), -1.0)
        nearest = f"nearest {best.text!r} ({best_score:.2f})"
        if best_score < self._threshold:
            return _unknown(f"embedding: {nearest} is below {self._threshold:.2f}")
        if best_score - rival < self._margin:
            return _unknown(f"embedding: {nearest} is too close to another meaning "
                            f"({rival:.2f})")
        if best.intent is ReplyIntent.UNKNOWN:
            return _unknown(f"embedding: {nearest} hedges")
        confidence = min(1.0, max(0.0, best_score))
        return InterpretedReply(best.intent, confidence, best.option_id, f"embedding: {nearest}")

    async def _exemplar_vectors_once(self) -> list[list[float]]:
        async with self._exemplar_lock:
            if self._exemplar_vectors is None:
                self._exemplar_vectors = await self._embed([c.text for c in self._exemplars])
                logger.info("embedded %d reply exemplars with %s", len(self._exemplars),
                            self._model)
            return self._exemplar_vectors

    async def _label_vectors_for(self, labels: list[str]) -> list[list[float]]:
        missing = list(dict.fromkeys(label for label in labels
                                     if label not in self._label_vectors))
        if missing:
            if len(self._label_vectors) + len(missing) > _MAX_CACHED_LABELS:
                self._label_vectors.clear()
            for label, vector in zip(missing, await self._embed(missing), strict=True):
                self._label_vectors[label] = vector
        return [self._label_vectors[label] for label in labels]

    async def _embed(self, texts: list[str]) -> list[list[float]]:
        response = await self._client.embeddings.create(model=self._model, input=texts)
        vectors = [list(item.embedding) for item in sorted(response.data, key=lambda d: d.index)]
        if len(vectors) != len(texts):
            raise ValueError(f"asked for {len(texts)} embeddings, got {len(vectors)}")
        return vectors


async def interpret_with_fallback(
    text: str, question: str, options: Sequence[ChoiceOption], locale: str | None = None,
    *, fallback: EmbeddingReplyClassifier | None = None,
) -> InterpretedReply:
    """`interpret_reply`, then, when it could not read the reply's words and a fallback is
    configured, the fallback's opinion."""
    reply = interpret_reply(text, question, options, locale)
    if fallback is None or reply.intent is not ReplyIntent.UNKNOWN or not reply.unplaced:
        return reply
    second = await fallback.classify(text, question, options)
    logger.info("reply not read by the interpreter (%s); embedding fallback: %s (%s)",
                reply.reasoning, second.intent, second.reasoning)
    return second


def _cosine(a: Sequence[float], b: Sequence[float]) -> float:
    dot = sum(x * y for x, y in zip(a, b, strict=True))
    norms = math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b))
    return dot / norms if norms else 0.0


def _unknown(reason: str) -> InterpretedReply:
    return InterpretedReply(ReplyIntent.UNKNOWN, 0.0, None, reason)
