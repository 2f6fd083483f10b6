"""The words a text holds, found in one pass, are exactly the words `in` finds one by one."""

from __future__ import annotations

import pytest

from language.literal_set import LiteralSet

WORDS = ("shift", "shifts", "ift", "annul", "annuler", "取消", "换班", "réunion", "n't", "é", "")


@pytest.mark.parametrize(
    "text",
    [
        "cancel my shifts tomorrow",  # overlapping words: "shift", "shifts", "ift"
        "je dois annuler la réunion",
        "我想取消明天的换班",
        "didn't come in",
        "nothing here at all",
        "",
        "lone surrogate \ud800 then shift",  # no UTF-8 form: tested with `in`
    ],
)
def test_found_words_are_the_words_the_text_holds(text: str) -> None:
    found = LiteralSet(WORDS).found_in(text)
    assert sorted(found) == [index for index, word in enumerate(WORDS) if word in text]

