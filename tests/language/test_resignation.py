"""A person saying they are resigning, as people type it in each language, reads as a
resignation; quitting smoking or the app, a colleague quitting, or a manager telling of an
employee who wants to resign does not."""

from __future__ import annotations

import pytest

from core.intent import Intent
from core.question_id import QuestionId
from language.intent_rules import classify_intent
from language.interrupts import InterruptKind
from language.understanding import understand

RESIGNING = [
    ("en-US", "I want to resign"),
    ("en-US", "I quit"),
    ("en-US", "I quit!"),
    ("en-US", "ok I quit"),
    ("en-US", "I'm quitting"),
    ("en-US", "I'm handing in my notice"),
    ("en-US", "I want to hand in my two weeks notice"),
    ("en-US", "I want to quit my job"),
    ("en-US", "i want to quit"),
    ("en-US", "i wanna quit"),
    ("en-US", "I'm thinking of quitting"),
    ("en-US", "im thinking about quitting my job"),
    ("en-US", "I think I'll quit"),
    ("en-US", "I'm going to quit soon"),
    ("en-US", "I want to leave the company"),
    ("en-US", "I'd like to resign from my position"),
    ("en-US", "I've decided to resign"),
    ("en-US", "I'm resigning, please cancel all my shifts"),
    ("en-GB", "here is my resignation"),
    ("fr-FR", "je démissionne"),
    ("fr-FR", "je veux démissionner"),
    ("fr-FR", "je voudrais donner ma démission"),
    ("fr-FR", "je quitte mon travail"),
    ("fr-FR", "j'ai décidé de démissionner"),
    ("es-ES", "renuncio"),
    ("es-ES", "quiero renunciar"),
    ("es-ES", "quiero dimitir"),
    ("es-ES", "presento mi renuncia"),
    ("es-ES", "quiero dejar mi trabajo"),
    ("de-DE", "ich kündige"),
    ("de-DE", "Ich möchte kündigen"),
    ("de-DE", "ich will meine Kündigung einreichen"),
    ("de-DE", "Ich habe gekündigt"),
    ("it-IT", "mi licenzio"),
    ("it-IT", "voglio licenziarmi"),
    ("it-IT", "voglio dare le dimissioni"),
    ("it-IT", "mi dimetto"),
    ("pt-PT", "demito-me"),
    ("pt-BR", "quero me demitir"),
    ("pt-BR", "vou pedir demissão"),
    ("pt-PT", "vou-me demitir"),
    ("nl-NL", "ik neem ontslag"),
    ("nl-NL", "ik wil ontslag nemen"),
    ("nl-NL", "ik zeg mijn baan op"),
    ("pl-PL", "odchodzę z pracy"),
    ("pl-PL", "składam wypowiedzenie"),
    ("pl-PL", "chcę złożyć wypowiedzenie"),
    ("pl-PL", "zwalniam się"),
    ("ja-JP", "辞めたい"),
    ("ja-JP", "退職したい"),
    ("ja-JP", "仕事を辞めたいです"),
    ("ja-JP", "退職届を出したい"),
    ("zh-CN", "我要辞职"),
    ("zh-CN", "我想离职"),
    ("zh-CN", "我不干了"),
]

NOT_RESIGNING = [
    ("en-US", "I quit smoking last year"),
    ("en-US", "quit the app"),
    ("en-US", "quit"),
    ("en-US", "cancel"),
    ("en-US", "my colleague quit"),
    ("en-US", "Bob wants to resign"),
    ("en-US", "one of my cashiers handed in her notice"),
    ("en-US", "how do I quit this chat?"),
    ("en-US", "I want to quit smoking"),
    ("en-US", "i want to quit this conversation"),
    ("en-US", "I want to leave early today"),
    ("en-US", "Bob is thinking of quitting"),
    ("en-US", "what should I do if Bob resigns?"),
    ("fr-FR", "mon employé veut démissionner"),
    ("fr-FR", "il démissionne"),
    ("es-ES", "mi empleado quiere renunciar"),
    ("es-ES", "renuncio a las vacaciones"),
    ("de-DE", "mein Mitarbeiter will kündigen"),
    ("it-IT", "licenzio Bob"),
    ("it-IT", "il mio dipendente vuole licenziarsi"),
    ("pt-BR", "quero demitir o Bob"),
    ("pt-BR", "meu funcionário quer pedir demissão"),
    ("nl-NL", "ik wil Bob ontslaan"),
    ("nl-NL", "mijn medewerker neemt ontslag"),
    ("pl-PL", "mój pracownik chce odejść z pracy"),
    ("ja-JP", "部下が辞めたいと言っています"),
    ("ja-JP", "タバコを辞めたい"),
    ("zh-CN", "我的员工要辞职"),
    ("zh-CN", "我同事辞职了"),
]


@pytest.mark.parametrize(("locale", "text"), RESIGNING)
def test_a_person_resigning_is_understood(locale: str, text: str) -> None:
    assert classify_intent(text, locale=locale).intent is Intent.RESIGNATION


@pytest.mark.parametrize(("locale", "text"), NOT_RESIGNING)
def test_quitting_something_else_or_someone_else_resigning_is_not(locale: str, text: str) -> None:
    assert classify_intent(text, locale=locale).intent is not Intent.RESIGNATION


@pytest.mark.parametrize("text", ["I want to resign", "je démissionne", "我要辞职"])
def test_resigning_at_a_list_leaves_it_for_the_resignation(text: str) -> None:
    interrupt = understand(text).interrupt(
        active_flow=Intent.SHIFT_CANCEL, question=QuestionId.SELECT_SHIFT
    )
    assert interrupt is not None
    assert (interrupt.kind, interrupt.intent) == (InterruptKind.SWITCH, Intent.RESIGNATION)
