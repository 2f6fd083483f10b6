"""A manager asking who works when, or for the store's schedule, in each language reads as the
store schedule; a worker's own shifts and a manager's situation do not."""

from __future__ import annotations

import pytest

from core.intent import Intent
from language.catalogue import say
from language.intent_rules import classify_intent

STORE_SCHEDULE = [
    ("en-US", "who is working tomorrow?"),
    ("en-US", "who's on shift today?"),
    ("en-US", "who's on today?"),
    ("en-US", "who is on the rota on Saturday"),
    ("en-US", "show me the schedule for next week"),
    ("en-US", "show me the rota for next week"),
    ("en-US", "what does the rota look like on Friday?"),
    ("en-US", "what does Friday look like?"),
    ("en-US", "is anyone working Sunday evening?"),
    ("en-US", "what's the schedule for tomorrow?"),
    ("en-US", "who works on Monday"),
    ("fr-FR", "qui travaille demain ?"),
    ("fr-FR", "montre-moi le planning de la semaine prochaine"),
    ("fr-FR", "qui est de service samedi ?"),
    ("fr-FR", "à quoi ressemble vendredi ?"),
    ("de-DE", "wer arbeitet morgen?"),
    ("de-DE", "zeig mir den Dienstplan für nächste Woche"),
    ("de-DE", "wer hat am Freitag Dienst?"),
    ("de-DE", "wie sieht der Dienstplan am Freitag aus?"),
    ("es-ES", "¿quién trabaja mañana?"),
    ("es-ES", "muéstrame el horario de la semana que viene"),
    ("es-ES", "¿quién está de turno hoy?"),
    ("it-IT", "chi lavora domani?"),
    ("it-IT", "fammi vedere i turni della prossima settimana"),
    ("it-IT", "chi è di turno sabato?"),
    ("pt-BR", "quem trabalha amanhã?"),
    ("pt-PT", "mostra a escala da semana que vem"),
    ("pt-BR", "quem está de turno hoje?"),
    ("pt-BR", "quero ver a escala de sexta"),
    ("nl-NL", "wie werkt er morgen?"),
    ("nl-NL", "laat het rooster van volgende week zien"),
    ("nl-NL", "wie heeft er zaterdag dienst?"),
    ("ja-JP", "明日は誰が出勤しますか"),
    ("ja-JP", "来週のシフト表を見せて"),
    ("ja-JP", "今日の出勤者は？"),
    ("zh-CN", "明天谁上班？"),
    ("zh-CN", "给我看下周的排班"),
    ("zh-CN", "今天有谁上班？"),
    ("zh-CN", "我想看看全店下周的排班"),
]

WORKERS_OWN_SHIFTS = [
    ("en-US", "what are my shifts"),
    ("en-US", "when do I work"),
    ("en-US", "show me my schedule for next week"),
    ("en-US", "what's my rota this week?"),
    ("fr-FR", "quand est-ce que je travaille ?"),
    ("fr-FR", "montre-moi mon planning"),
    ("de-DE", "wann arbeite ich?"),
    ("de-DE", "zeig mir meinen Dienstplan"),
    ("es-ES", "¿cuándo trabajo?"),
    ("es-ES", "mis turnos"),
    ("it-IT", "quando lavoro?"),
    ("it-IT", "fammi vedere i miei turni"),
    ("pt-BR", "quando eu trabalho?"),
    ("pt-BR", "minha escala"),
    ("nl-NL", "wanneer werk ik?"),
    ("nl-NL", "mijn rooster"),
    ("ja-JP", "私のシフトを教えて"),
    ("ja-JP", "明日は仕事ですか"),
    ("zh-CN", "我下周的班"),
    ("zh-CN", "我明天要上班吗"),
    ("zh-CN", "帮我看看下周的排班"),
]

NOT_STORE_SCHEDULE = [
    ("en-US", "nobody wants to work weekends"),
    ("en-US", "my staff don't want to work on Sundays, what should I do?"),
    ("en-US", "should I show the rota to the team before it's final?"),
    ("en-US", "who is my manager?"),
    ("en-US", "schedule Alice for Saturday morning"),
    ("en-US", "assign Bob Jones on Wednesday, sales associate"),
    ("fr-FR", "personne ne veut travailler le week-end"),
    ("de-DE", "niemand will am Wochenende arbeiten"),
    ("es-ES", "nadie quiere trabajar los fines de semana"),
    ("it-IT", "nessuno vuole lavorare nel fine settimana"),
    ("pt-BR", "ninguém quer trabalhar no fim de semana"),
    ("nl-NL", "niemand wil in het weekend werken"),
    ("ja-JP", "誰も週末に働きたがりません"),
    ("zh-CN", "没有人愿意周末上班"),
]


@pytest.mark.parametrize(("locale", "text"), STORE_SCHEDULE)
def test_asking_who_works_or_for_the_schedule_is_the_store_schedule(
    locale: str, text: str
) -> None:
    assert classify_intent(text, locale=locale).intent is Intent.STORE_SCHEDULE


@pytest.mark.parametrize(("locale", "text"), WORKERS_OWN_SHIFTS)
def test_a_workers_own_shifts_stay_their_own(locale: str, text: str) -> None:
    assert classify_intent(text, locale=locale).intent is Intent.MY_SHIFTS


@pytest.mark.parametrize(("locale", "text"), NOT_STORE_SCHEDULE)
def test_situations_and_other_requests_are_not_the_store_schedule(locale: str, text: str) -> None:
    assert classify_intent(text, locale=locale).intent is not Intent.STORE_SCHEDULE


@pytest.mark.parametrize(("language", "locale"), [
    ("en", "en-US"), ("fr", "fr-FR"), ("de", "de-DE"), ("es", "es-ES"), ("it", "it-IT"),
    ("pt", "pt-PT"), ("nl", "nl-NL"), ("ja", "ja-JP"), ("zh-Hans", "zh-CN"),
])
def test_the_try_me_example_starts_it(language: str, locale: str) -> None:
    """The example offered in the capability list reads as the request it shows."""
    example = say("main.example.store_schedule", language)
    assert classify_intent(example, locale=locale).intent is Intent.STORE_SCHEDULE


def test_the_day_named_is_kept() -> None:
    match = classify_intent("who is working tomorrow?", locale="en-US")
    assert match.slots.get("day") == "tomorrow"
