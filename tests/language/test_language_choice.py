"""Which language ERA speaks: the message's, else the conversation's, else the client's locale,
else the person's preferred language, else English."""

from __future__ import annotations

import pytest

from core.text_fold import fold
from language.language_choice import choose_language, language_for
from language.message_language import keeps_language, message_language
from language.understanding import understand


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
    # Simplified characters Japanese never writes: Chinese, also after a Japanese turn.
    ("给鲍勃·史密斯写封邮件，感谢他周六帮忙", "zh-Hans", "zh-CN", "ja", "zh-Hans"),
    ("预约会议", "zh-Hans", "ja-JP", "ja", "zh-Hans"),
    ("你好", "zh-Hans", "ja-JP", "ja", "zh-Hans"),
    ("明日会議", "zh-Hans", "ja-JP", "ja", "ja"),  # kanji a Japanese writes: still Japanese
    # Chinese words Japanese writes otherwise (私, 金曜, 出勤): Chinese after a Japanese turn.
    ("我周五不能上班", "zh-Hans", "zh-CN", "ja", "zh-Hans"),
    ("算了，不取消了", "zh-Hans", "zh-CN", "ja", "zh-Hans"),
    ("我下周有哪些班", "zh-Hans", "zh-CN", "ja", "zh-Hans"),
    ("周五", "zh-Hans", "zh-CN", "ja", "zh-Hans"),
    ("終了", "zh-Hans", "ja-JP", "ja", "ja"),  # "finished": Japanese too
    ("了解", "zh-Hans", "ja-JP", "ja", "ja"),
    ("我慢", "zh-Hans", "ja-JP", "ja", "ja"),
    ("金曜日", "zh-Hans", "ja-JP", "ja", "ja"),
    ("説明", "zh-Hans", "zh-CN", "ja", "ja"),
    ("明天的班", "zh-Hans", "en-US", "en", "zh-Hans"),
    ("la segunda", "pt", "es-ES", "es", "es"),  # an ordinal that is also Portuguese Monday
    ("el segundo", None, "es-ES", "es", "es"),
    ("la quarta", "pt", "it-IT", "it", "it"),
    ("por la tarde", "es", "es-ES", "es", "es"),
    ("bonjour", "fr", "en-US", "en", "fr"),  # a word only French uses
    ("i would like to book it please", "en", "fr-FR", "fr", "en"),  # a full sentence switches
])
def test_a_message_that_fits_the_spoken_language_keeps_it(
    text: str, message: str, locale: str, previous: str | None, chosen: str
) -> None:
    assert choose_language(message, locale, None, previous, folded=text) == chosen


@pytest.mark.parametrize("text", ["oui", "Oui.", "ja", "si", "sí", "nein", "non", "no", "tak",
                                  "sim", "はい", "いいえ", "好的", "oui oui", "ja, ja"])
def test_a_yes_or_no_in_another_language_keeps_the_conversations_language(text: str) -> None:
    """ "oui" in an English conversation answers the question asked: ERA goes on in English
    (it switched the whole reply to French, or half the card)."""
    understood = understand(text, locale="en-US")
    assert choose_language(understood.language, "en-US", None, "en",
                           folded=understood.folded) == "en"


@pytest.mark.parametrize(("text", "language"), [
    ("oui, je voudrais réserver l'appel de mardi", "fr"),
    ("ja, ich möchte den Termin am Dienstag", "de"),
    ("sí, quiero cancelar mi turno del viernes", "es"),
    ("annuler", "fr"),
])
def test_a_sentence_in_another_language_still_switches(text: str, language: str) -> None:
    understood = understand(text, locale="en-US")
    assert choose_language(understood.language, "en-US", None, "en",
                           folded=understood.folded) == language


@pytest.mark.parametrize(("message", "locale", "preferred", "previous", "chosen"), [
    ("pt", "pt-BR", None, None, "pt-BR"),  # a Portuguese message from a Brazilian client
    ("pt", "pt-PT", None, None, "pt"),  # European Portuguese is the pt catalogue itself
    # Nothing says which Portuguese: CLDR's likely region for "pt", Brazil.
    ("pt", None, None, None, "pt-BR"),
    ("pt", "en-US", None, None, "pt-BR"),
    ("pt", "en-US", None, "pt", "pt"),  # a conversation kept in European Portuguese stays so
    ("pt", None, "pt-PT", None, "pt"),
    ("pt", "en-US", None, "pt-BR", "pt-BR"),  # the kept regional language holds
    ("pt", "en-US", "pt-BR", None, "pt-BR"),  # the directory says Brazil
    ("pt", "pt-BR", None, "pt", "pt-BR"),  # the client's region beats a kept bare "pt"
    (None, "pt-BR", None, "pt", "pt-BR"),  # a bare "2" too
    (None, None, None, "pt-BR", "pt-BR"),
    ("pt", "es-ES", "pt-PT", "es", "pt"),
    ("es", "pt-BR", None, "pt-BR", "es"),  # a switch to another language is still a switch
    ("fr", "fr-CA", None, None, "fr"),  # no fr-CA catalogue: French
])
def test_a_message_keeps_the_regional_catalogue_of_its_language(
    message: str | None, locale: str | None, preferred: str | None, previous: str | None,
    chosen: str,
) -> None:
    assert choose_language(message, locale, preferred, previous) == chosen


def test_a_portuguese_message_from_a_brazilian_client_is_answered_in_brazilian() -> None:
    text = "quero cancelar meu turno de sábado"
    understood = understand(text, locale="pt-BR").language
    assert understood == "pt"
    assert choose_language(understood, "pt-BR", None, None, folded=fold(text).text) == "pt-BR"


@pytest.mark.parametrize("locale", ["en-US", None])
def test_portuguese_read_by_spanish_rules_too_is_still_portuguese(locale: str | None) -> None:
    """"cancelar ... turno" is Spanish as well: with no Portuguese client locale to break the
    tie, the message's own words ("quero", "meu") do, and it is answered in Portuguese (in
    Brazilian, CLDR's likely region), not in Spanish."""
    text = "quero cancelar meu turno de sábado"
    understood = understand(text, locale=locale)
    assert understood.language == "pt"
    assert understood.intent.value == "shift_cancel"
    assert choose_language(understood.language, locale, None, None,
                           folded=fold(text).text) == "pt-BR"
    assert understand("quiero cancelar mi turno del sábado", locale=locale).language == "es"


def test_someone_outside_the_conversation_gets_their_own_language() -> None:
    assert language_for("pt-BR") == "pt-BR"
    assert language_for("pt-PT") == "pt"
    assert language_for("nl-NL") == "nl"
    assert language_for(None) == "en"
    assert language_for("tr-TR") == "en"


@pytest.mark.parametrize(("text", "language"), [
    ("no, non gli ho ancora parlato, non so perché", "it"),
    ("non, je ne lui ai pas encore parlé", "fr"),
    ("non merci", "fr"),
])
def test_an_answer_that_says_non_is_in_its_own_language(text: str, language: str) -> None:
    assert message_language(fold(text).text) == language


@pytest.mark.parametrize(("text", "language"), [
    # "się" folds to "sie", German's "Sie": a Polish situation was answered in German.
    ("Bob Smith spóźnił się 3 razy w tym tygodniu", "pl"),
    ("Anna nie przyszła do pracy od 3 dni", "pl"),
    ("Können Sie mir helfen?", "de"),
])
def test_polish_is_told_from_german(text: str, language: str) -> None:
    assert message_language(fold(text).text) == language


@pytest.mark.parametrize(
    ("text", "locale"),
    [
        # Only English owns "later", but the rest is Dutch: the reply stays in Dutch.
        ("ik kom 10 minuutjes later", "nl-NL"),
        ("hmm ok, later misschien", "nl-NL"),
        ("sto arrivando, tipo 10 min", "it-IT"),
    ],
)
def test_a_message_mostly_in_the_clients_language_is_answered_in_it(
    text: str, locale: str
) -> None:
    assert choose_language(understand(text, locale=locale).language, locale, None, None) == \
        locale[:2]


@pytest.mark.parametrize(
    ("text", "locale", "language"),
    [("I will be late", "nl-NL", "en"), ("je serai en retard", "it-IT", "fr")],
)
def test_a_message_in_another_language_is_still_answered_in_it(
    text: str, locale: str, language: str
) -> None:
    assert understand(text, locale=locale).language == language


@pytest.mark.parametrize(("text", "language"), [
    # "com" is Portuguese for "with": an address made an English message Portuguese.
    ("Dear Bob, see hr@gmail.com", None),
    ("Dear Bob, please write to hr@gmail.com", "en"),
    ("see https://intranet.example.com/com/policy", None),
    ("Subject: Hi\rBcc: evil@gmail.com\nDear Bob, see me.", None),
    ("escribe a bob@empresa.com por favor", "es"),
])
def test_email_and_web_addresses_say_nothing_about_the_language(
    text: str, language: str | None
) -> None:
    assert message_language(fold(text).text) == language
    assert keeps_language(fold("ok bob@gmail.com").text, "en")


@pytest.mark.parametrize(("text", "locale", "spoken", "answered"), [
    # A control word the conversation's language has too keeps it.
    ("help", "nl-NL", "nl", "nl"),
    ("Help", "nl-NL", "nl", "nl"),
    ("stop", "fr-FR", "fr", "fr"),
    ("help", "de-DE", "de", "de"),
    # A word only another language has still switches.
    ("hulp", "en-US", "en", "nl"),
    ("aide", "en-US", "en", "fr"),
])
def test_a_control_word_the_language_has_keeps_it(
    text: str, locale: str, spoken: str, answered: str
) -> None:
    """The finding: a Dutch worker's "help" mid-flow (a Dutch conversation, a Dutch client) was
    answered in English, though "help" is in the Dutch lexicon's own help list."""
    understood = understand(text, locale=locale)
    assert choose_language(understood.language, locale, None, spoken,
                           folded=understood.folded) == answered


@pytest.mark.parametrize("text", ["lui è molto preoccupato",
                                  "è stata operata ieri, lui è molto preoccupato"])
def test_an_italian_lui_keeps_italian(text: str) -> None:
    """"lui" is Italian's "he" as much as French's "him": an Italian manager's "lui è molto
    preoccupato" was answered in French."""
    understood = understand(text, locale="it-IT")
    assert choose_language(understood.language, "it-IT", None, "it",
                           folded=understood.folded) == "it"
