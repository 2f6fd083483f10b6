"""Recommendations of a call or an email in six languages, and what does not count as one."""

from __future__ import annotations

import pytest

from detectors.action_keywords import ActionKeywords
from detectors.action_kinds import CALENDAR_KEYWORDS, EMAIL_KEYWORDS
from detectors.sentence import normalise


def recommends(keywords: ActionKeywords, text: str) -> bool:
    return keywords.recommends(text, normalise(text))


@pytest.mark.parametrize(
    "text",
    [
        "I recommend you set up a call with the employee tomorrow.",
        "Book a short check-in with them to understand what changed.",
        "I'd suggest a quick call with them today.",
        "Give Tom a call this afternoon.",
        "Get them on a call tomorrow.",
        "Hold a meeting with the employee this week.",
        "Call Maria before her next shift.",
        "I can send them a calendar invite for a call tomorrow at 10.",
        "Dans ce cas, planifiez un entretien avec lui dès demain.",
        "Le recomiendo programar una llamada con el empleado mañana.",
        "Llámelo otra vez esta tarde.",
        "Dann empfehle ich Ihnen, diese Woche ein Einzelgespräch mit ihm anzusetzen.",
        "Rufen Sie ihn heute Nachmittag noch einmal an.",
        "Le consiglio di fissare un colloquio con lui per domani.",
        "Lo chiami di nuovo oggi pomeriggio.",
        "Recomendo que marque uma breve conversa individual com ele nos próximos dias.",
        "Posso marcar essa chamada com o Bob por si.",
        "Ligue-lhe outra vez hoje à tarde.",
    ],
)
def test_calendar_recommendations(text: str) -> None:
    assert recommends(CALENDAR_KEYWORDS, text)


@pytest.mark.parametrize(
    "text",
    [
        "I can draft the written warning email for you now.",
        "Send each of them a short email asking for their side first.",
        "Shall I draft it for you?",
        "Please write to HR by email today.",
        "Je peux rédiger l'e-mail d'avertissement pour vous.",
        "Mándele un correo con los retrasos.",
        "Empfehle ich, ihr eine E-Mail mit der schriftlichen Abmahnung zu schicken.",
        "Le scriva una e-mail con i ritardi e le aspettative.",
        "Posso redigir o e-mail de advertência por escrito para que o reveja.",
        "Envie-lhe por e-mail uma advertência por escrito com as datas dos atrasos.",
    ],
)
def test_email_recommendations(text: str) -> None:
    assert recommends(EMAIL_KEYWORDS, text)


@pytest.mark.parametrize(
    ("keywords", "text"),
    [
        (CALENDAR_KEYWORDS, "Don't call the employee about this yet."),
        (EMAIL_KEYWORDS, "There's no need to send an email yet."),
        (EMAIL_KEYWORDS, "Rather than sending an email, talk to them."),
        (CALENDAR_KEYWORDS, "I wouldn't schedule a joint meeting yet."),
        (EMAIL_KEYWORDS, "N'envoyez pas encore d'e-mail."),
        (EMAIL_KEYWORDS, "No le envíe un correo todavía."),
        (EMAIL_KEYWORDS, "Schicken Sie noch keine E-Mail."),
        (EMAIL_KEYWORDS, "Non mandi ancora un'e-mail."),
        (EMAIL_KEYWORDS, "Não envie ainda nenhum e-mail."),
        (
            CALENDAR_KEYWORDS,
            "Nunca confronte a pessoa acusada, nem organize uma reunião entre as duas.",
        ),
        (EMAIL_KEYWORDS, "Em vez de enviar um e-mail, fale primeiro com ele."),
    ],
)
def test_advice_against_an_action_is_not_a_recommendation(
    keywords: ActionKeywords, text: str
) -> None:
    assert not recommends(keywords, text)


@pytest.mark.parametrize(
    ("keywords", "text"),
    [
        (EMAIL_KEYWORDS, "If they still don't answer, we can look at sending a formal letter."),
        (CALENDAR_KEYWORDS, "If it keeps happening, schedule a formal meeting next week."),
        (EMAIL_KEYWORDS, "Si cela continue, envoyez un avertissement écrit."),
        (
            EMAIL_KEYWORDS,
            "Se os atrasos continuarem, o passo seguinte será uma advertência por escrito.",
        ),
        (CALENDAR_KEYWORDS, "Se não responder, marque uma reunião formal mais tarde."),
    ],
)
def test_a_later_contingency_is_not_a_recommendation(keywords: ActionKeywords, text: str) -> None:
    assert not recommends(keywords, text)


def test_encouraging_idiom_is_not_a_negation() -> None:
    assert recommends(EMAIL_KEYWORDS, "N'hésitez pas à envoyer un avertissement écrit par e-mail.")
    assert recommends(EMAIL_KEYWORDS, "Não hesite em enviar-lhe um e-mail com as datas.")


@pytest.mark.parametrize(
    ("keywords", "text"),
    [
        (EMAIL_KEYWORDS, "You've already sent them an email about this."),
        (CALENDAR_KEYWORDS, "Keep documenting each late arrival in the attendance log."),
        (CALENDAR_KEYWORDS, "Since your phone call went unanswered, keep a note of it."),
        (EMAIL_KEYWORDS, "Write down the email address they gave you."),
        (CALENDAR_KEYWORDS, "Call HR if you are unsure."),
        (CALENDAR_KEYWORDS, "Get HR's advice before the meeting."),
        (CALENDAR_KEYWORDS, "Have everything ready for the meeting."),
        (CALENDAR_KEYWORDS, "When you have the conversation, stay calm."),
        (CALENDAR_KEYWORDS, "Registe cada conversa e o que ficou combinado."),
        (CALENDAR_KEYWORDS, "Depois da reunião, guarde uma breve nota escrita."),
        (EMAIL_KEYWORDS, "Guarde o endereço de e-mail que ele lhe deu."),
        (CALENDAR_KEYWORDS, "Contacte hoje os Recursos Humanos com as datas dos atrasos."),
    ],
)
def test_mentions_that_are_not_recommendations(keywords: ActionKeywords, text: str) -> None:
    assert not recommends(keywords, text)


def test_legacy_keywords_are_plain_substrings() -> None:
    assert CALENDAR_KEYWORDS.legacy_matches("have you tried to call the employee?")
    assert not CALENDAR_KEYWORDS.legacy_matches("programar una llamada")
