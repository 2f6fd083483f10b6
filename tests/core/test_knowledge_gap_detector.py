"""Tests for core.knowledge_gap_detector: the assistant's own admissions, not quoted words."""

from __future__ import annotations

import pytest

from core.knowledge_gap_detector import says_it_does_not_know

ADMISSIONS = [
    "I don't know.",
    "I'm sorry, but I don't know.",
    "Honestly, I don’t know the answer to that.",
    "I do not know how to help with this one.",
    "I can't help you with that.",
    "I'm not able to help with this request, but HR can.",
    "I'm not sure I can help with that.",
    "I have no idea.",
    "That's outside my expertise.",
    "I couldn't find any information about that in the playbooks.",
    "Je ne sais pas.",
    "Désolé, je ne peux pas vous aider.",
    "Je n'ai pas la réponse à cette question.",
    "No lo sé.",
    "Lo siento, no puedo ayudarte con eso.",
    "No tengo la respuesta.",
    "Ich weiß es leider nicht.",
    "Dazu kann ich Ihnen leider nicht helfen.",
    "Ich kann Ihnen dabei leider nicht helfen.",
    "Non so.",
    "Mi dispiace, non posso aiutarti.",
    "Non so cosa rispondere.",
    "Non posso aiutarti con questo, ma puoi chiedere alle risorse umane.",
    "Não sei.",
    "Desculpe, não posso ajudar com isso.",
    "Ik weet het niet.",
    "Daar kan ik je helaas niet mee helpen.",
    "わかりません",
    "我不知道",
    "Здесь я не знаю",
]

ADVICE = [
    'If he says "I don\'t know whether I can come back", ask him for a return date.',
    'Your notes quote the manager: "I don\'t know whether they will return." Document it.',
    "The employee wrote “I don’t know.” Reply with a clear deadline.",
    "If the employee says 'I don't know', ask for a date.",
    "« Je ne sais pas » n'est pas une réponse acceptable : demandez une date de retour.",
    "> I don't know.\nThat is what the employee wrote; reply with a date.",
    "I don't know whether your contract allows this, but generally you should document each "
    "absence and call the employee.",
    "I can't help but notice this is the third time; a written warning is reasonable.",
    "He told you he doesn't know when he can come back.",
    "Start by documenting the absences. Then call the employee.",
    "Non so se il tuo contratto lo prevede, ma in generale documenta le assenze.",
    "Je ne sais pas si votre convention collective le prévoit, mais documentez les absences.",
    "No se presentó durante tres días; documenta cada ausencia.",
    "Ich weiß nicht, ob Ihr Vertrag das erlaubt, aber dokumentieren Sie die Fehlzeiten.",
    "Não sei se o contrato permite, mas documente as faltas.",
    "Ik weet niet of je contract dit toestaat, maar documenteer het.",
    "Non posso dirti se è legale senza il contratto, ma ecco cosa fare.",
    "",
    "   ",
]


@pytest.mark.parametrize("answer", ADMISSIONS)
def test_an_admission_is_a_knowledge_gap(answer: str) -> None:
    assert says_it_does_not_know(answer)


@pytest.mark.parametrize("answer", ADVICE)
def test_advice_and_quoted_words_are_not_a_knowledge_gap(answer: str) -> None:
    assert not says_it_does_not_know(answer)


def test_an_admission_after_quoted_words_still_counts() -> None:
    answer = 'The employee said "I will be late". I\'m sorry, I don\'t know the answer to that.'
    assert says_it_does_not_know(answer)
