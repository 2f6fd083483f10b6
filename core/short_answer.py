"""Whether a whole message is just a short yes or no ("ok", "oui", "never mind", "nein").

Several places need this outside a yes/no question: a free-text question must not take a bare
"yes" for its answer, a bare "no" at the reason question means "don't cancel after all", and a
stray "yes" with nothing waiting for it gets its own answer.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.question_id import QuestionId
from core.reply_interpreter import ReplyIntent, interpret_reply


def short_answer(
    text: str,
    *,
    locale: str | None = None,
    max_words: int = 3,
    questions: Sequence[str] = (QuestionId.CONFIRM_ACTION,),
) -> ReplyIntent | None:
    """CONFIRM or REJECT when the text (at most `max_words` words) reads as a yes or a no at
    one of `questions`; otherwise None."""
    if len(text.split()) > max_words:
        return None
    for question in questions:
        intent = interpret_reply(text, str(question), (), locale).intent
        if intent in (ReplyIntent.CONFIRM, ReplyIntent.REJECT):
            return intent
    return None
