"""A manager asking who works when, or for the store's schedule, in each language reads as the
store schedule; a worker's own shifts and a manager's situation do not."""

from __future__ import annotations

import pytest

from core.intent import Intent
from language.catalogue import say
from language.intent_rules import classify_intent
from language.understanding import understand

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
    ("en-US", "who is closing tonight"),
    ("en-US", "who opens on saturday?"),
    ("en-US", "schedule for friday"),
    ("en-US", "rota for next week?"),
    ("en-US", "anyone working sunday evening?"),
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
    ("en-US", "schedule for a meeting with bob"),
    ("en-US", "who closes a ticket in the helpdesk?"),
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


# A manager's question about one person (the `person` slot names them), who works alongside
# someone (`with_person`) or how many work (`count`): the store schedule, in every language.
ABOUT_ONE_PERSON = [
    ("en-US", "is bob working friday?", {"person": "bob"}),
    ("en-US", "is bob smith working on friday?", {"person": "bob smith"}),
    ("en-US", "does alice work tomorrow?", {"person": "alice"}),
    ("en-US", "when is alice working next week?", {"person": "alice"}),
    ("en-US", "what are bob smith's shifts this week?", {"person": "bob smith"}),
    ("en-US", "show me chen's schedule", {"person": "chen"}),
    ("en-US", "what shifts does alice have this week?", {"person": "alice"}),
    ("en-US", "alice's shifts next week", {"person": "alice"}),
    ("en-US", "which days is bob smith on?", {"person": "bob smith"}),
    ("en-US", "what hours is bob doing this week", {"person": "bob"}),
    ("en-US", "when does bob start tomorrow?", {"person": "bob"}),
    ("en-US", "who's on with alice on saturday?", {"with_person": "alice"}),
    ("en-US", "how many people are working tomorrow?", {"count": "how many"}),
    ("en-US", "how many cashiers do I have on friday evening?", {"count": "how many"}),
    ("fr-FR", "est-ce que bob travaille vendredi ?", {"person": "bob"}),
    ("fr-FR", "quand travaille alice la semaine prochaine ?", {"person": "alice"}),
    ("fr-FR", "qui travaille avec alice samedi ?", {"with_person": "alice"}),
    ("fr-FR", "combien de caissiers ai-je vendredi soir ?", {"count": "combien"}),
    ("es-ES", "¿bob trabaja el viernes?", {"person": "bob"}),
    ("es-ES", "¿cuándo trabaja alice la semana que viene?", {"person": "alice"}),
    ("es-ES", "¿cuántas personas trabajan mañana?", {"count": "cuántas"}),
    ("de-DE", "arbeitet bob am freitag?", {"person": "bob"}),
    ("de-DE", "wann arbeitet alice nächste woche?", {"person": "alice"}),
    ("de-DE", "wie viele Leute arbeiten morgen?", {"count": "wie viele"}),
    ("it-IT", "bob lavora venerdì?", {"person": "bob"}),
    ("it-IT", "quando lavora alice la prossima settimana?", {"person": "alice"}),
    ("it-IT", "quante persone lavorano domani?", {"count": "quante"}),
    ("pt-PT", "o bob trabalha na sexta?", {"person": "bob"}),
    ("pt-PT", "quantas pessoas trabalham amanhã?", {"count": "quantas"}),
    ("nl-NL", "werkt bob vrijdag?", {"person": "bob"}),
    ("nl-NL", "wanneer werkt alice volgende week?", {"person": "alice"}),
    ("nl-NL", "hoeveel mensen werken er morgen?", {"count": "hoeveel"}),
    ("pl-PL", "czy bob pracuje w piątek?", {"person": "bob"}),
    ("pl-PL", "kiedy pracuje alice w przyszłym tygodniu?", {"person": "alice"}),
    ("pl-PL", "ile osób pracuje jutro?", {"count": "ile"}),
    ("ja-JP", "ボブさんは金曜日に出勤しますか", {}),
    ("ja-JP", "アリスさんの来週のシフトを見せて", {}),
    ("ja-JP", "土曜日アリスさんと一緒に働くのは誰？", {"with_person": "アリス"}),
    ("ja-JP", "明日は何人出勤しますか", {"count": "何人"}),
    ("ja-JP", "アリスのシフトは？", {}),
    ("ja-JP", "ボブは土曜日に働きますか", {}),
    ("ja-JP", "チェンって何時から？", {}),
    ("ja-JP", "ｱﾘｽのｼﾌﾄ見せて", {}),
    ("zh-CN", "bob周五上班吗", {"person": "bob"}),
    ("zh-CN", "alice下周什么时候上班", {"person": "alice"}),
    ("zh-CN", "周六谁和alice一起上班", {"with_person": "alice"}),
    ("zh-CN", "明天有几个人上班", {"count": "几个人"}),
]

# Not a question about someone's shifts: how they work, a policy, the worker's own shifts.
NOT_ABOUT_ONE_PERSON = [
    ("en-US", "is bob working well?"),
    ("en-US", "how many hours can bob work per week?"),
    ("en-US", "who is working on wednesday?"),  # the store schedule, nobody named
    ("fr-FR", "quand est-ce que je travaille ?"),
    ("pl-PL", "Kiedy pracuję w przyszłym tygodniu?"),
    ("ja-JP", "Aliceさんはレジでミスが多く、仕事の質が低いです"),
    ("ja-JP", "来週のシフトは？"),
    ("ja-JP", "シフトは何時から？"),
    ("zh-CN", "我周五上班吗"),
]


@pytest.mark.parametrize(("locale", "text", "slots"), ABOUT_ONE_PERSON)
def test_a_question_about_one_person_or_a_count_is_the_store_schedule(
    locale: str, text: str, slots: dict[str, str]
) -> None:
    match = classify_intent(text, locale=locale)
    assert match.intent is Intent.STORE_SCHEDULE, match
    for slot, value in slots.items():
        assert match.slots.get(slot) == value, match


@pytest.mark.parametrize(("locale", "text"), NOT_ABOUT_ONE_PERSON)
def test_other_questions_name_nobody_to_look_up(locale: str, text: str) -> None:
    match = classify_intent(text, locale=locale)
    assert "person" not in match.slots and "with_person" not in match.slots, match
    assert "count" not in match.slots, match


# What a question no rule reads is about: the schedule, or ERA itself. Such a question never
# gets the knowledge-gap hand-over to HR.
ABOUT_THE_SCHEDULE = [
    ("en-US", "is bob in on friday?"),
    ("en-US", "bob keeps missing his shifts"),
    ("fr-FR", "bob est-il de service demain ?"),
    ("es-ES", "¿el horario de bob cambió?"),
    ("de-DE", "ist der Dienstplan fertig?"),
    ("it-IT", "i turni sono pronti?"),
    ("pt-PT", "a escala já saiu?"),
    ("nl-NL", "is het rooster al klaar?"),
    ("pl-PL", "czy grafik jest gotowy?"),
    ("ja-JP", "来月のシフトはもう決まりましたか"),
    ("zh-CN", "下个月的排班出来了吗"),
]
ASKS_ABOUT_ERA = [
    ("en-US", "can you order pizza for the team?"),
    ("en-US", "what can you do?"),
    ("fr-FR", "peux-tu envoyer un SMS à toute l'équipe ?"),
    ("es-ES", "¿puedes imprimir el cuadrante?"),
    ("de-DE", "kannst du den Plan drucken?"),
    ("it-IT", "puoi stampare i turni?"),
    ("pt-PT", "podes imprimir a escala?"),
    ("nl-NL", "kun je het rooster printen?"),
    ("pl-PL", "możesz wydrukować grafik?"),
    ("ja-JP", "何ができますか"),
    ("zh-CN", "你能做什么"),
]
NEITHER = [
    ("en-US", "my employee stole money from the till"),
    ("fr-FR", "mon employé est toujours en retard"),
    ("de-DE", "Die Stimmung im Team ist schlecht"),
]


@pytest.mark.parametrize(("locale", "text"), ABOUT_THE_SCHEDULE)
def test_a_question_about_the_schedule_is_known_as_one(locale: str, text: str) -> None:
    assert understand(text, locale=locale).about_the_schedule


@pytest.mark.parametrize(("locale", "text"), ASKS_ABOUT_ERA)
def test_a_question_about_what_era_can_do_is_known_as_one(locale: str, text: str) -> None:
    assert understand(text, locale=locale).asks_about_era


@pytest.mark.parametrize(("locale", "text"), NEITHER)
def test_a_situation_is_about_neither(locale: str, text: str) -> None:
    understood = understand(text, locale=locale)
    assert not understood.about_the_schedule and not understood.asks_about_era


# Schedule questions people type, read as asked: who is off (a manager), one's next shift, who
# works with me, and a worker's own day asked in short ("am i on sat", "wat time do i start").
AS_ASKED = [
    ("en-US", "who's off on Saturday?", Intent.STORE_SCHEDULE, "off"),
    ("de-DE", "wer hat am Samstag frei?", Intent.STORE_SCHEDULE, "off"),
    ("nl-NL", "wie heeft zaterdag vrij?", Intent.STORE_SCHEDULE, "off"),
    ("pl-PL", "kto ma wolne w sobotę?", Intent.STORE_SCHEDULE, "off"),
    ("de-DE", "wann ist meine nächste Schicht?", Intent.MY_SHIFTS, "next"),
    ("pt-PT", "quando é o meu próximo turno?", Intent.MY_SHIFTS, "next"),
    ("en-US", "when do i work next", Intent.MY_SHIFTS, "next"),
    ("de-DE", "wer arbeitet am Freitag mit mir?", Intent.MY_SHIFTS, "with_me"),
    ("zh-CN", "周五谁和我一起上班？", Intent.MY_SHIFTS, "with_me"),
    ("en-US", "am i on sat", Intent.MY_SHIFTS, None),
    ("en-US", "am i on the rota this week", Intent.MY_SHIFTS, None),
    ("en-US", "do i have work tomorrow", Intent.MY_SHIFTS, None),
    ("en-US", "wat time do i start tomorow", Intent.MY_SHIFTS, None),
    ("ja-JP", "明日出勤ですか", Intent.MY_SHIFTS, None),
    # Not these: free to cover a part of the day; next week's shifts; who works with Alice.
    ("de-DE", "wer hat Freitag Nachmittag frei?", Intent.WHO_IS_FREE, None),
    ("en-US", "who's free on saturday?", Intent.WHO_IS_FREE, None),
    ("de-DE", "wann arbeite ich nächste Woche?", Intent.MY_SHIFTS, None),
    ("ja-JP", "土曜日アリスさんと一緒に働くのは誰？", Intent.STORE_SCHEDULE, "with_person"),
]


@pytest.mark.parametrize(("locale", "text", "intent", "slot"), AS_ASKED)
def test_schedule_questions_are_read_as_asked(
    locale: str, text: str, intent: Intent, slot: str | None
) -> None:
    understood = understand(text, locale=locale)
    assert understood.intent is intent, understood
    asked = {"off", "next", "with_me"} & set(understood.slots)
    assert asked == ({slot} & {"off", "next", "with_me"}), understood.slots
    if slot is not None:
        assert slot in understood.slots, understood.slots
