"""A worker's questions about their hours, as typed in each language: overtime is a request for
more hours; "who do I talk to about my hours?" asks who their manager is; pay and holidays are
their personal records (HR and payroll). A manager's overtime situation stays advice."""

from __future__ import annotations

import pytest

from core.intent import Intent
from language.understanding import understand

OVERTIME = [
    ("en-US", "can i do overtime"), ("en-US", "any overtime this week?"),
    ("en-US", "i want to do overtime"), ("en-US", "is there overtime available"),
    ("fr-FR", "je peux faire des heures sup ?"), ("de-DE", "kann ich überstunden machen?"),
    ("de-DE", "gibt es überstunden?"), ("it-IT", "posso fare gli straordinari?"),
    ("it-IT", "ci sono straordinari?"), ("nl-NL", "kan ik overuren maken?"),
    ("nl-NL", "zijn er overuren?"), ("pl-PL", "czy mogę robić nadgodziny?"),
    ("pl-PL", "są nadgodziny?"), ("ja-JP", "残業できますか"), ("ja-JP", "残業したいです"),
    ("zh-CN", "我可以加班吗"), ("zh-CN", "有加班吗"),
]

# As typed on a phone; each was not understood (or advice) before.
MORE_HOURS_TYPED = [
    ("en-US", "r there any extra shifts"), ("en-US", "pls more shifts"),
    ("en-US", "u got any overtime"), ("fr-FR", "jveux + d heures"),
    ("fr-FR", "dispo pour plus d heures"), ("de-DE", "hab zeit für mehr schichten"),
    ("it-IT", "posso fare qualche ora in più?"), ("pt-BR", "consigo mais turnos?"),
    ("ja-JP", "もっとシフト入りたい"), ("zh-CN", "我想多上几个班"),
    # "ot" for overtime, no verb: each was "not sure" before.
    ("en-US", "any ot this week"), ("en-US", "any ot?"), ("en-US", "can i get ot"),
    ("en-US", "r there any ot"), ("es-ES", "horas extras esta semana?"),
    ("it-IT", "straordinari sta settimana?"), ("pt-BR", "tem hora extra essa semana?"),
]

WHO_TO_TALK_TO = [
    ("en-US", "who do i talk to about my hours"), ("en-US", "who should i ask about more shifts"),
    ("en-US", "who decides my hours"), ("en-US", "who's in charge of the rota"),
    ("fr-FR", "à qui je parle de mes heures ?"),
    ("fr-FR", "a qui dois-je m adresser pour mes horaires"),
    ("de-DE", "mit wem rede ich über meine stunden?"),
    ("de-DE", "wen frage ich wegen meiner schichten"),
    ("es-ES", "con quién hablo sobre mis horas?"), ("es-ES", "a quien le pregunto por mis turnos"),
    ("it-IT", "con chi parlo delle mie ore?"), ("it-IT", "a chi chiedo per i turni"),
    ("nl-NL", "met wie moet ik praten over mijn uren?"),
    ("nl-NL", "bij wie moet ik zijn voor mijn rooster"),
    ("pt-BR", "com quem falo sobre minhas horas?"),
    ("pl-PL", "z kim mam rozmawiać o moich godzinach?"),
    ("pl-PL", "do kogo mam się zwrócić w sprawie grafiku"),
    ("ja-JP", "勤務時間について誰に相談すればいいですか"),
    ("ja-JP", "シフトのことは誰に聞けばいい？"),
    ("zh-CN", "我的工时问题找谁"), ("zh-CN", "排班的事应该找谁"),
]

RECORDS = [
    ("en-US", "how many holidays do i have left"), ("en-US", "who do i talk to about holidays"),
    ("en-US", "who do i talk to about my pay"), ("pl-PL", "ile mam dni urlopu"),
    # Who to ask about holidays or pay, in each language: each was "not sure" before.
    ("fr-FR", "à qui je parle pour mes congés ?"),
    ("fr-FR", "a qui dois-je m'adresser pour ma fiche de paie"),
    ("de-DE", "mit wem rede ich wegen meinem gehalt?"),
    ("de-DE", "an wen wende ich mich wegen urlaub"),
    ("es-ES", "con quién hablo de mis vacaciones?"), ("es-ES", "a quien pregunto por la nomina"),
    ("it-IT", "con chi parlo per le mie ferie?"), ("it-IT", "a chi chiedo per lo stipendio"),
    ("nl-NL", "met wie praat ik over mijn vakantiedagen?"),
    ("pt-BR", "com quem falo sobre minhas férias?"),
    ("pl-PL", "do kogo się zwrócić w sprawie wypłaty"),
    ("ja-JP", "有給のことは誰に聞けばいい？"), ("zh-CN", "工资的问题问谁"),
]

# What overtime, Sundays or nights pay: a pay question (payroll, as the reply says), never a
# request for more hours; each was "not sure" or advice before.
PAY_RATES = [
    ("en-US", "what's the ot rate"), ("en-US", "whats the ot rate?"),
    ("en-US", "is ot paid double?"), ("en-US", "do we get time and a half for sundays?"),
    ("fr-FR", "c'est combien les heures sup ?"), ("fr-FR", "quel est le taux des heures sup"),
    ("de-DE", "wie werden überstunden bezahlt?"), ("de-DE", "wie hoch ist der überstundenzuschlag"),
    ("es-ES", "cuánto se pagan las horas extras"), ("it-IT", "quanto pagano gli straordinari"),
    ("nl-NL", "hoeveel krijg ik voor overuren?"), ("pt-BR", "quanto pagam as horas extras"),
    ("pl-PL", "ile płacą za nadgodziny"), ("ja-JP", "残業代はいくらですか"),
    ("zh-CN", "加班费怎么算"),
]

UNCHANGED = [
    ("en-US", "bob wants overtime", Intent.ADVICE),
    ("en-US", "my employee refuses to do overtime", Intent.ADVICE),
    ("ja-JP", "部下が残業を断っています", Intent.ADVICE),
    ("zh-CN", "我的员工不愿意加班", Intent.ADVICE),
    ("fr-FR", "avec qui je travaille samedi", Intent.MY_SHIFTS),
    ("nl-NL", "met wie werk ik zaterdag", Intent.MY_SHIFTS),
    ("de-DE", "mit wem arbeite ich am samstag", Intent.MY_SHIFTS),
    ("fr-FR", "mes heures cette semaine", Intent.MY_SHIFTS),
    ("ja-JP", "残業代が払われていないと部下に言われた", Intent.ADVICE),
    ("zh-CN", "员工说加班费没有发", Intent.ADVICE),
    ("fr-FR", "mon employé refuse de faire des heures sup", Intent.ADVICE),
    ("en-US", "any ot this week", Intent.MORE_HOURS),
]


@pytest.mark.parametrize(("locale", "text"), OVERTIME)
def test_overtime_is_a_request_for_more_hours(locale: str, text: str) -> None:
    assert understand(text, locale=locale).intent is Intent.MORE_HOURS


@pytest.mark.parametrize(("locale", "text"), MORE_HOURS_TYPED)
def test_more_hours_as_typed_on_a_phone(locale: str, text: str) -> None:
    assert understand(text, locale=locale).intent is Intent.MORE_HOURS


@pytest.mark.parametrize(("locale", "text"), WHO_TO_TALK_TO)
def test_who_to_talk_to_about_hours_is_the_manager(locale: str, text: str) -> None:
    assert understand(text, locale=locale).intent is Intent.MY_MANAGER


@pytest.mark.parametrize(("locale", "text"), RECORDS)
def test_pay_and_holidays_are_personal_records(locale: str, text: str) -> None:
    assert understand(text, locale=locale).intent is Intent.PERSONAL_RECORDS


@pytest.mark.parametrize(("locale", "text"), PAY_RATES)
def test_what_overtime_pays_is_a_pay_question(locale: str, text: str) -> None:
    assert understand(text, locale=locale).intent is Intent.PERSONAL_RECORDS


@pytest.mark.parametrize(("locale", "text", "intent"), UNCHANGED)
def test_a_situation_or_a_schedule_question_is_unchanged(
    locale: str, text: str, intent: Intent
) -> None:
    assert understand(text, locale=locale).intent is intent


@pytest.mark.parametrize(("locale", "text"), [
    ("en-US", "what is the ot rate"), ("en-US", "is ot paid double?"),
])
def test_a_question_about_overtime_pay_is_no_request_for_hours(locale: str, text: str) -> None:
    assert understand(text, locale=locale).intent is not Intent.MORE_HOURS
