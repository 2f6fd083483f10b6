"""The shipped playbooks and their translations: every translation loads and matches its
English file, and in every language the text of each next step offers exactly the flow the
playbook declares (an informal talk offers the call, a written warning the email draft, an
HR step nothing), as the action detectors read it after the clarifying questions."""

from __future__ import annotations

import pytest

from core.conversation_turn import ConversationTurn, Role
from core.playbook import DEFAULT_STEP, PlaybookStage
from detectors.action_detection import ActionDetection
from detectors.action_flow import ActionFlow
from services.playbook_library import PlaybookLibrary

LIBRARY = PlaybookLibrary.load()
FLOWS = {"call": ActionFlow.CALENDAR, "email": ActionFlow.EMAIL, "none": None}
OPENINGS = {
    ("lateness", "en"): "Bob has been late 3 times this week",
    ("lateness", "fr"): "Bob est arrivé en retard 3 fois cette semaine",
    ("lateness", "es"): "Bob ha llegado tarde 3 veces esta semana",
    ("lateness", "de"): "Bob ist diese Woche 3 Mal zu spät gekommen",
    ("lateness", "ja"): "Bobさんが今週3回遅刻しました",
    ("no_show", "en"): "Bob didn't show up for 3 days",
    ("no_show", "fr"): "Bob ne s'est pas présenté depuis 3 jours",
    ("no_show", "es"): "Bob no se presentó a sus turnos en 3 días",
    ("no_show", "de"): "Bob ist seit 3 Tagen nicht zur Arbeit erschienen",
    ("no_show", "ja"): "Bobさんが3日間無断欠勤していて、連絡がつきません",
    ("harassment", "en"): "Alice told me a colleague keeps making comments about her body",
    ("harassment", "fr"): "Alice m'a dit qu'un collègue lui fait des remarques déplacées",
    ("harassment", "es"): "Alice me dijo que un compañero le hace comentarios inapropiados",
    ("harassment", "de"): "Alice hat mir gesagt, dass ein Kollege anzügliche Bemerkungen macht",
    ("harassment", "ja"): "Aliceさんから、同僚に体のことで不適切な発言をされていると相談されました",
    ("conflict", "en"): "Chen and Luca keep arguing on the shop floor",
    ("conflict", "fr"): "Chen et Luca se disputent sans arrêt, il y a des tensions",
    ("conflict", "es"): "Chen y Luca discuten todo el rato, no se llevan bien",
    ("conflict", "de"): "Chen und Luca haben ständig Streit miteinander",
    ("conflict", "ja"): "ChenさんとLucaさんが売り場でいつも口論しています",
    ("misconduct", "en"): "Luca was rude to a customer yesterday",
    ("misconduct", "fr"): "Luca a été insolent et agressif avec un client hier",
    ("misconduct", "es"): "Luca fue grosero y agresivo con un cliente ayer",
    ("misconduct", "de"): "Luca war gestern unhöflich und aggressiv zu einem Kunden",
    ("misconduct", "ja"): "Lucaさんが昨日お客様に失礼な態度を取りました",
    ("performance", "en"): "Alice keeps making mistakes at the till, her performance is poor",
    ("performance", "fr"): "Alice fait beaucoup d'erreurs, sa productivité est faible",
    ("performance", "es"): "Alice comete muchos errores, su rendimiento es bajo",
    ("performance", "de"): "Alice macht viele Fehler, ihre Leistung ist schlecht",
    ("performance", "ja"): "Aliceさんはレジでミスが多く、仕事の質が低いです",
    ("leave_request", "en"): "Fatima wants two weeks off in December",
    ("leave_request", "fr"): "Fatima a fait une demande de congé de deux semaines en décembre",
    ("leave_request", "es"): "Fatima ha pedido dos semanas de vacaciones en diciembre",
    ("leave_request", "de"): "Fatima hat einen Urlaubsantrag für zwei Wochen im Dezember gestellt",
    ("leave_request", "ja"): "Fatimaさんが12月に2週間の休暇を取りたいと言っています",
}
CASES = [
    (playbook_id, language, step)
    for (playbook_id, language) in OPENINGS
    for step in (DEFAULT_STEP, *LIBRARY.get(playbook_id).steps)  # type: ignore[union-attr]
]


@pytest.mark.parametrize(("playbook_id", "language"), list(OPENINGS))
def test_each_opening_finds_its_playbook(playbook_id: str, language: str) -> None:
    match = LIBRARY.index.best(OPENINGS[(playbook_id, language)])
    assert match is not None and match.playbook.id == playbook_id


def test_the_languages_are_loaded() -> None:
    assert LIBRARY.languages() == {"en", "fr", "es", "de", "ja"}


@pytest.mark.parametrize(("playbook_id", "language", "step"), CASES)
def test_each_step_offers_the_flow_it_declares(
    playbook_id: str, language: str, step: str
) -> None:
    base = LIBRARY.get(playbook_id)
    assert base is not None
    playbook = LIBRARY.in_language(base, language)
    assert playbook is not None and playbook.language == language
    history = [
        ConversationTurn(Role.USER, OPENINGS[(playbook_id, language)]),
        ConversationTurn(Role.ASSISTANT, playbook.render(PlaybookStage.CLARIFY, "Bob")),
        ConversationTurn(Role.USER, "no"),
    ]
    text = playbook.render(PlaybookStage.RECOMMEND, "Bob", step)
    result = ActionDetection().detect(text, history, "advice")
    assert result.flow is FLOWS[playbook.action_of(step)]
    assert not (result.email.triggered and result.calendar.triggered)


@pytest.mark.parametrize("playbook_id", ["resignation", "general_policy"])
@pytest.mark.parametrize("language", ["fr", "es", "de", "ja"])
def test_a_translation_offers_what_the_english_text_offers(
    playbook_id: str, language: str
) -> None:
    base = LIBRARY.get(playbook_id)
    assert base is not None
    translated = LIBRARY.in_language(base, language)
    assert translated is not None

    def offers(text: str, opening: str) -> tuple[bool, bool]:
        history = [ConversationTurn(Role.USER, opening),
                   ConversationTurn(Role.ASSISTANT, "?"), ConversationTurn(Role.USER, "yes")]
        result = ActionDetection().detect(text, history, "advice")
        return result.email.triggered, result.calendar.triggered

    opening = "Sophie handed in her resignation today, she is leaving"
    english = offers(base.render(PlaybookStage.RECOMMEND, "Sophie"), opening)
    assert offers(translated.render(PlaybookStage.RECOMMEND, "Sophie"), opening) == english


def test_every_playbook_is_in_every_translated_language() -> None:
    for playbook in LIBRARY.playbooks:
        for language in ("fr", "es", "de", "ja"):
            assert LIBRARY.in_language(playbook, language) is not None, (playbook.id, language)


def test_a_translation_keeps_the_decision_guide_of_its_english_file() -> None:
    base = LIBRARY.get("lateness")
    assert base is not None
    french = LIBRARY.in_language(base, "fr")
    assert french is not None
    assert french.rules == base.rules and french.question_facts == base.question_facts
    assert "informal" not in french.step_text(DEFAULT_STEP)
    assert "échange informel" in french.step_text(DEFAULT_STEP)


def test_a_language_without_translations_has_none() -> None:
    base = LIBRARY.get("resignation")
    assert base is not None
    assert LIBRARY.in_language(base, "it") is None
    assert LIBRARY.in_language(base, "en") is base


def test_german_advice_about_an_unnamed_employee_declines_after_a_preposition() -> None:
    rendered = []
    for base in LIBRARY.playbooks:
        playbook = LIBRARY.in_language(base, "de")
        assert playbook is not None
        for stage in (PlaybookStage.CLARIFY, PlaybookStage.RECOMMEND):
            rendered.append(playbook.render(stage, None))
    text = "\n".join(rendered)
    assert "mit der Mitarbeiterin oder dem Mitarbeiter" in text
    assert "mit die " not in text and "von die " not in text


def test_japanese_advice_names_the_employee_with_san_and_is_recognised() -> None:
    base = LIBRARY.get("lateness")
    assert base is not None
    japanese = LIBRARY.in_language(base, "ja")
    assert japanese is not None
    named = japanese.render(PlaybookStage.RECOMMEND, "Bob")
    assert "Bobさんとの通話" in named and "ご留意いただきたい点：" in named
    unnamed = japanese.render(PlaybookStage.RECOMMEND, None)
    assert "その従業員との通話" in unnamed and "{employee}" not in unnamed
    assert "その従業員さん" not in unnamed
    clarifying = japanese.render(PlaybookStage.CLARIFY, "Bob")
    assert LIBRARY.recognise(clarifying) == (base, PlaybookStage.CLARIFY)
