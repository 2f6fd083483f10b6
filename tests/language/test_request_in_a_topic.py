"""A request named as what an email, a call or a meeting is about belongs to it: "send alice an
email about cancelling her saturday shift" is an email (it was Alice taken off Saturday), "a
meeting with my manager to talk about my shifts" a meeting (it listed the worker's shifts), and
the topic is kept for the invitation; "to talk" or "pour parler" is nobody's name."""

from __future__ import annotations

import pytest

from core.intent import Intent
from language.understanding import understand


@pytest.mark.parametrize(("locale", "text", "intent", "topic"), [
    ("en-US", "send alice an email about cancelling her saturday shift", Intent.EMAIL,
     "cancelling her saturday shift"),
    ("en-US", "i want a meeting with my manager to talk about my shifts", Intent.MEETING_BOOK,
     "my shifts"),
    ("en-US", "book a meeting with maria about my shifts", Intent.MEETING_BOOK, "my shifts"),
    ("fr-FR", "je voudrais un rdv avec ma manager pour parler de mes horaires",
     Intent.MEETING_BOOK, "mes horaires"),
    ("es-ES", "quiero una reunión con mi jefa para hablar de mis turnos", Intent.MEETING_BOOK,
     "mis turnos"),
    ("it-IT", "vorrei un incontro con il mio responsabile per parlare dei miei turni",
     Intent.MEETING_BOOK, "miei turni"),
    ("pt-BR", "quero marcar uma reunião com minha gerente sobre meus turnos",
     Intent.MEETING_BOOK, "meus turnos"),
    ("de-DE", "ich möchte ein gespräch mit meiner chefin über meine schichten",
     Intent.MEETING_BOOK, "meine schichten"),
    ("nl-NL", "ik wil een afspraak met mijn manager over mijn rooster", Intent.MEETING_BOOK,
     "mijn rooster"),
    ("zh-CN", "我想和经理约个会谈谈我的排班", Intent.MEETING_BOOK, "我的排班"),
    ("ja-JP", "シフトについてマネージャーと面談したい", Intent.MEETING_BOOK, "シフト"),
    ("en-US", "book a call with bob to talk about his hours", Intent.CALL_EMPLOYEE,
     "his hours"),
])
def test_a_request_in_the_topic_belongs_to_the_email_call_or_meeting(
    locale: str, text: str, intent: Intent, topic: str
) -> None:
    understood = understand(text, locale=locale)
    assert understood.intent == intent
    assert understood.slots.get("topic") == topic


@pytest.mark.parametrize(("locale", "text"), [
    ("en-US", "i want a meeting with my manager to talk about the rota"),
    ("fr-FR", "je voudrais un rdv avec ma manager pour parler du planning"),
    ("es-ES", "quiero una reunión con mi jefa para hablar del horario"),
    ("it-IT", "vorrei un incontro con il mio responsabile per parlare delle ferie"),
    ("pt-BR", "quero uma reunião com a minha gerente para falar das férias"),
])
def test_the_verb_after_to_is_nobodys_name(locale: str, text: str) -> None:
    """It was 'I couldn't find "Talk" in your store. Who is the meeting with?'."""
    understood = understand(text, locale=locale)
    assert understood.intent == Intent.MEETING_BOOK
    assert "person" not in understood.slots


@pytest.mark.parametrize(("locale", "text", "intent"), [
    ("en-US", "cancel my shift on saturday and email alice about it", Intent.SHIFT_CANCEL),
    ("en-US", "what are my shifts", Intent.MY_SHIFTS),
    ("en-US", "email bob about his shifts next week", Intent.EMAIL),
])
def test_requests_outside_a_topic_stand(locale: str, text: str, intent: Intent) -> None:
    assert understand(text, locale=locale).intent == intent


@pytest.mark.parametrize(("text", "intent"), [
    # Typed the way a calendar entry is, "mtg w alice tmrw 3pm" went to the advisor, which
    # asked what happened; a "1" then handed Maria to HR.
    ("mtg w alice tmrw 3pm", Intent.MEETING_BOOK),
    ("need a mtg with my manager", Intent.MEETING_BOOK),
    ("resched my 1:1 w bob to fri", Intent.MEETING_RESCHEDULE),
    ("cxl my mtg w alice tmrw", Intent.MEETING_CANCEL),
])
def test_meeting_shorthand(text: str, intent: Intent) -> None:
    assert understand(text, locale="en-US").intent == intent
