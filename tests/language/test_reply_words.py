"""Telling a reply to the conversation ("thanks", "はい", "no wait", "2?") from content that
answers a question taking words, and what an email's blank takes."""

from __future__ import annotations

import pytest

from language.reply_words import (
    BlankKind,
    answers_when,
    blank_kind,
    change_after_yes,
    conversation_words,
    fills_blank,
)


@pytest.mark.parametrize(
    ("locale", "text"),
    [
        ("en-US", "yes, draft it"), ("en-US", "ok send it"), ("en-US", "thanks"),
        ("en-US", "cancel"), ("en-US", "no"), ("en-US", "no wait"), ("en-US", "yes but tomorrow"),
        ("en-US", "2?"), ("en-US", "..."), ("en-US", "👍"), ("en-US", "hmm"),
        ("fr-FR", "oui"), ("fr-FR", "merci"), ("fr-FR", "non attends"), ("es-ES", "gracias"),
        ("de-DE", "ja"), ("de-DE", "ja aber morgen"), ("it-IT", "grazie mille"),
        ("pt-PT", "sim, pode enviar"), ("nl-NL", "bedankt"), ("pl-PL", "dzięki"),
        ("ja-JP", "はい"), ("ja-JP", "ありがとう"), ("zh-CN", "好的"), ("zh-CN", "谢谢"),
    ],
)
def test_replies_to_the_conversation(locale: str, text: str) -> None:
    assert conversation_words(text, locale)


@pytest.mark.parametrize(
    ("locale", "text"),
    [
        ("en-US", "Monday 16 November"), ("en-US", "no more late arrivals"),
        ("en-US", "she will call the store before her shift"), ("en-US", "Alice Martin"),
        ("en-US", "3"), ("ja-JP", "11月16日"), ("zh-CN", "他说是因为公交车改线了"),
        ("zh-CN", "王伟"),
        ("en-US", "he was late three times this month"),
        ("en-US", "she was going to call the store ahead"),
    ],
)
def test_content(locale: str, text: str) -> None:
    assert not conversation_words(text, locale)


@pytest.mark.parametrize(
    ("placeholder", "kind"),
    [
        ("[date of our conversation]", BlankKind.DATE), ("[Daten der Fehltage]", BlankKind.DATE),
        ("[datas dos atrasos]", BlankKind.DATE), ("[面談の日付]", BlankKind.DATE),
        ("[迟到日期]", BlankKind.DATE), ("[data waarop u te laat kwam]", BlankKind.DATE),
        ("[number of times]", BlankKind.COUNT), ("[número de veces]", BlankKind.COUNT),
        ("[aantal]", BlankKind.COUNT), ("[回数]", BlankKind.COUNT), ("[联系次数]", BlankKind.COUNT),
        ("[what we agreed]", BlankKind.TEXT), ("[subject]", BlankKind.TEXT),
        ("[合意した内容]", BlankKind.TEXT),
    ],
)
def test_what_a_blank_takes(placeholder: str, kind: BlankKind) -> None:
    assert blank_kind(placeholder) is kind


@pytest.mark.parametrize(
    ("text", "kind", "fits"),
    [
        ("16/11", BlankKind.DATE, True), ("mardi", BlankKind.DATE, True),
        ("月曜日", BlankKind.DATE, True), ("yse", BlankKind.DATE, False),
        ("three", BlankKind.COUNT, True), ("3 times", BlankKind.COUNT, True),
        ("三次", BlankKind.COUNT, True), ("often", BlankKind.COUNT, False),
        ("she calls ahead", BlankKind.TEXT, True),
    ],
)
def test_a_value_fits_its_blank(text: str, kind: BlankKind, fits: bool) -> None:
    assert fills_blank(text, kind) is fits


@pytest.mark.parametrize(
    ("text", "time_words", "when"),
    [
        ("tomorrow", ["tomorrow"], True),
        ("bus changes tomorrow", ["tomorrow"], True),  # short: read as it is written
        ("the bus changes tomorrow", ["tomorrow"], False),
        ("how about next tuesday after 3pm", ["next tuesday"], True),
        ("actually friday at 10 instead", ["friday at 10"], True),
        ("il bus cambia domani", ["domani"], False),
        ("domani mattina va bene", ["domani mattina"], True),
        ("preferisco martedì alle 10", ["alle 10"], True),
        ("autobus zmienia się jutro", ["jutro"], False),
        ("najlepiej w piątek po południu", ["piątek po południu"], True),
        ("der Bus fährt morgen anders", ["morgen"], False),
        ("vielleicht Dienstag um 10", ["um 10"], True),
        ("他说公交车明天改线", ["明天"], True),
        ("w przyszłym tygodniu obojętnie kiedy", ["przyszłym tygodniu"], True),
        ("lunedì o martedì mattina va benissimo", ["lunedì", "martedì mattina"], True),
        ("Montag oder Dienstag Vormittag wäre super", ["montag", "dienstag vormittag"], True),
        # None of the times offered, and another one instead.
        ("none of those, wednesday at 4 instead", ["wednesday at 4"], True),
        ("aucun, plutot mercredi a 16h", ["mercredi a 16h"], True),
        ("ninguna, mejor el miercoles a las 4", ["el miercoles a las 4"], True),
        ("keine davon, lieber Mittwoch Nachmittag", ["mittwoch nachmittag"], True),
        ("none of those, the bus changes wednesday", ["wednesday"], False),
        # The time parser writes "que viene" as "próximo": the reply's own words answer too.
        ("el martes que viene por la tarde", ["próximo martes por la tarde"], True),
        ("mejor el jueves que viene a las 10", ["próximo jueves a las 10"], True),
        ("pode ser na terça que vem à tarde", ["terça que vem à tarde"], True),
        ("amanhã às 15h pode ser", ["às 15h"], True),
        ("o ônibus muda amanhã de manhã", ["amanhã de manhã"], False),
        ("jutro o 15 może być", ["o 15"], True),
    ],
)
def test_a_reply_about_when_to_meet_is_told_from_a_story(
    text: str, time_words: list[str], when: bool
) -> None:
    assert answers_when(text, time_words) is when


@pytest.mark.parametrize(
    ("locale", "text", "change"),
    [
        ("en", "yes but change the subject to X", "change the subject to X"),
        ("en", "ok, but make it shorter", "make it shorter"),
        ("en", "sure, just make it shorter", "make it shorter"),
        ("fr", "oui mais change l'objet", "change l'objet"),
        ("de", "ja, aber kürzer", "kürzer"),
        ("de", "ja, kürzer bitte", "kürzer bitte"),
        ("es", "sí pero más corto", "más corto"),
        ("en", "yes", None),
        ("en", "yes please send it", None),
        ("en", "ok go ahead", None),
        ("en", "yes, thanks", None),
        ("en", "yes 👍", None),
        ("fr", "oui, envoie-le", None),
        ("es", "sí, mándalo", None),
        ("en", "change the subject", None),
        ("en", "yes send it to her", None),
        ("en", "yes, send it right away", None),
        ("en", "yes send it to HR", "to HR"),
    ],
)
def test_the_change_after_a_yes_is_what_follows_it(
    locale: str, text: str, change: str | None
) -> None:
    assert change_after_yes(text, "confirm_send", locale) == change
