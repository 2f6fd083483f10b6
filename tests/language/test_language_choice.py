"""Which language ERA speaks: the message's, else the conversation's, else the client's locale,
else the person's preferred language, else English."""

from __future__ import annotations

import pytest

from language.language_choice import choose_language, language_for


@pytest.mark.parametrize(("message", "locale", "preferred", "previous", "chosen"), [
    ("de", "fr-FR", "ja-JP", "fr", "de"),  # the person switched language
    (None, "en-US", "fr-FR", "fr", "fr"),  # a bare "2" keeps the conversation's language
    (None, "fr-CA", "ja-JP", None, "fr"),  # first turn: the client's locale
    (None, "pl-PL", "ja-JP", None, "pl"),  # Teams in Polish: Polish
    (None, "hu-HU", "ja-JP", None, "ja"),  # no catalogue for the locale: the preference
    (None, None, "zh-CN", None, "zh-Hans"),
    (None, None, None, None, "en"),
    ("ko", None, None, "it", "it"),  # a language ERA cannot write keeps the conversation's
])
def test_the_language_of_a_turn(message: str | None, locale: str | None, preferred: str | None,
                                previous: str | None, chosen: str) -> None:
    assert choose_language(message, locale, preferred, previous) == chosen


@pytest.mark.parametrize(("text", "message", "locale", "previous", "chosen"), [
    ("yes", "en", "fr-FR", "fr", "fr"),  # a one-word English answer is no switch
    ("yes please", "en", "de-DE", "de", "de"),
    ("ok", "en", "de-DE", "de", "de"),
    ("明日", "zh-Hans", "ja-JP", "ja", "ja"),  # kanji are Japanese too
    ("明日", "zh-Hans", "ja-JP", None, "ja"),  # first turn: the client's Japanese
    ("会議", "zh-Hans", "zh-CN", "zh-Hans", "zh-Hans"),
    ("明天的班", "zh-Hans", "en-US", "en", "zh-Hans"),
    ("bonjour", "fr", "en-US", "en", "fr"),  # a word only French uses
    ("i would like to book it please", "en", "fr-FR", "fr", "en"),  # a full sentence switches
])
def test_a_message_that_fits_the_spoken_language_keeps_it(
    text: str, message: str, locale: str, previous: str | None, chosen: str
) -> None:
    assert choose_language(message, locale, None, previous, folded=text) == chosen


def test_someone_outside_the_conversation_gets_their_own_language() -> None:
    assert language_for("nl-NL") == "nl"
    assert language_for(None) == "en"
    assert language_for("tr-TR") == "en"
