"""Offers, suggestions and closing checks versus real clarifying questions, in six languages."""

from __future__ import annotations

import pytest

from detectors.question_kind import QuestionKind, classify_question
from detectors.sentence import normalise

CASES = [
    ("would you like me to schedule that call?", QuestionKind.OFFER),
    ("Shall I draft it for you?", QuestionKind.OFFER),
    ("Do you want me to set up a call with them for tomorrow?", QuestionKind.OFFER),
    ("Would you like to schedule a call with them now?", QuestionKind.OFFER),
    ("Voulez-vous que je planifie un appel avec lui ?", QuestionKind.OFFER),
    ("¿Quiere que programe una llamada con él?", QuestionKind.OFFER),
    ("¿Le preparo el correo?", QuestionKind.OFFER),
    ("Soll ich ein Telefonat mit ihm vereinbaren?", QuestionKind.OFFER),
    ("Möchten Sie, dass ich die E-Mail entwerfe?", QuestionKind.OFFER),
    ("Vuole che programmi una chiamata con lui?", QuestionKind.OFFER),
    ("Quer que eu marque uma chamada com ele?", QuestionKind.OFFER),
    ("Posso redigir o e-mail por si?", QuestionKind.OFFER),
    ("Quer marcar já a reunião?", QuestionKind.OFFER),
    ("Que dia lhe dá jeito para a reunião?", QuestionKind.OFFER),
    ("Porque não lhe telefona hoje à tarde?", QuestionKind.SUGGESTION),
    ("Isto ajuda?", QuestionKind.CLOSING),
    ("Parece-lhe bem?", QuestionKind.CLOSING),
    ("Já falou com ele sobre os atrasos?", QuestionKind.CLARIFYING),
    ("Posso perguntar se ele já tinha faltado antes?", QuestionKind.CLARIFYING),
    ("Prefere ser você mesmo a ligar-lhe?", QuestionKind.CLARIFYING),
    ("Czy mam umówić rozmowę z pracownikiem (Bob)?", QuestionKind.OFFER),
    ("Chcesz, żebym przygotowała projekt e-maila?", QuestionKind.OFFER),
    ("Kiedy Ci pasuje?", QuestionKind.OFFER),
    ("Czy to pomaga?", QuestionKind.CLOSING),
    ("Dlaczego nie zadzwonić do niego jeszcze dziś?", QuestionKind.SUGGESTION),
    ("Czy była już rozmowa z pracownikiem (Bob) na ten temat?", QuestionKind.CLARIFYING),
    ("Mogę zapytać, czy zdarzyło się to wcześniej?", QuestionKind.CLARIFYING),
    ("Why not give them a call this afternoon?", QuestionKind.SUGGESTION),
    ("Pourquoi ne pas l'appeler demain ?", QuestionKind.SUGGESTION),
    ("Does that sound good?", QuestionKind.CLOSING),
    ("Cela vous convient ?", QuestionKind.CLOSING),
    ("¿Le parece bien?", QuestionKind.CLOSING),
    ("Passt das?", QuestionKind.CLOSING),
    ("Le va bene?", QuestionKind.CLOSING),
    ("Does that sound good to you?", QuestionKind.CLOSING),
    ("Make sense?", QuestionKind.CLOSING),
    ("Ok, did they call in before the shift?", QuestionKind.CLARIFYING),
    ("Vale, ¿ha intentado llamarlo?", QuestionKind.CLARIFYING),
    ("What time works best for you?", QuestionKind.OFFER),
    ("¿Qué hora le viene bien?", QuestionKind.OFFER),
    ("Wann passt es Ihnen morgen?", QuestionKind.OFFER),
    ("When did they last work a shift?", QuestionKind.CLARIFYING),
    ("Would you prefer a call in the morning or the afternoon?", QuestionKind.OFFER),
    ("Did they miss morning or afternoon shifts?", QuestionKind.CLARIFYING),
    ("Can we first confirm whether they were on the rota?", QuestionKind.CLARIFYING),
    ("¿Puedo preguntarle si ya habló con él?", QuestionKind.CLARIFYING),
    ("Puis-je vous demander s'il a déjà été absent ?", QuestionKind.CLARIFYING),
    ("Posso chiederle se ha già parlato con lui?", QuestionKind.CLARIFYING),
    ("Darf ich fragen, ob er sich gemeldet hat?", QuestionKind.CLARIFYING),
    ("Ask them: is everything all right at home?", QuestionKind.REPORTED),
    ("Have you tried reaching out to them yet?", QuestionKind.CLARIFYING),
    (
        "Do you want to call the employee yourself, or should someone from HR do it?",
        QuestionKind.CLARIFYING,
    ),
    ("Do you want to reach them yourself, or should I schedule a call?", QuestionKind.CLARIFYING),
    ("Would you like to send it yourself?", QuestionKind.CLARIFYING),
    ("Would you like to talk to them in person or by phone?", QuestionKind.CLARIFYING),
    ("Just to confirm - you've already called twice?", QuestionKind.CLARIFYING),
    ("Préférez-vous l'appeler vous-même ?", QuestionKind.CLARIFYING),
    ("¿Prefiere llamarlo usted mismo o que lo haga alguien de RR. HH.?", QuestionKind.CLARIFYING),
    ("Möchten Sie ihn selbst anrufen, oder soll das jemand anderes tun?", QuestionKind.CLARIFYING),
    ("Preferisce chiamarlo lei stesso o che lo faccia qualcun altro?", QuestionKind.CLARIFYING),
    ("Can I ask whether they called in sick?", QuestionKind.CLARIFYING),
]


@pytest.mark.parametrize(("question", "kind"), CASES, ids=[case[0][:40] for case in CASES])
def test_classify_question(question: str, kind: QuestionKind) -> None:
    assert classify_question(normalise(question)) is kind
