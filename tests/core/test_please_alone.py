"""A please said alone at a yes/no question is a yes, in every language; with an option, or
asked back, it is not."""

from __future__ import annotations

import pytest

from core.question_id import QuestionId
from core.reply_interpreter import ReplyIntent, interpret_reply

_CONFIRMS = (QuestionId.CONFIRM_PREVIEW, QuestionId.CONFIRM_SEND, QuestionId.CONFIRM_BOOKING,
             QuestionId.CONFIRM_LATE, QuestionId.CONFIRM_ACTION)


@pytest.mark.parametrize(
    ("text", "locale"),
    [("please", "en-US"), ("please!", "en-GB"), ("pls", "en-US"), ("bitte", "de-DE"),
     ("por favor", "es-ES"), ("s'il vous plaît", "fr-FR"), ("stp", "fr-FR"),
     ("per favore", "it-IT"), ("por favor", "pt-BR"), ("alsjeblieft", "nl-NL"),
     ("proszę", "pl-PL"), ("prosze", "pl-PL"), ("お願い", "ja-JP"), ("おねがい", "ja-JP"),
     ("麻烦了", "zh-CN")],
)
@pytest.mark.parametrize("question", _CONFIRMS)
def test_a_please_alone_confirms(text: str, locale: str, question: QuestionId) -> None:
    assert interpret_reply(text, str(question), (), locale).intent is ReplyIntent.CONFIRM


@pytest.mark.parametrize(
    ("text", "question"),
    [("please?", QuestionId.CONFIRM_PREVIEW), ("please", QuestionId.SELECT_SLOT),
     ("2 please", QuestionId.CONFIRM_PREVIEW), ("bitte nicht", QuestionId.CONFIRM_PREVIEW)],
)
def test_a_please_with_more_or_at_a_choice_is_no_yes(text: str, question: QuestionId) -> None:
    assert interpret_reply(text, str(question), (), "en-US").intent is not ReplyIntent.CONFIRM
