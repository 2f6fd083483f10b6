"""A worker saying they will be late, as people type it in each language, reads as running late;
someone else being late, a meeting, a late payment or yesterday's bus does not."""

from __future__ import annotations

import pytest

from core.intent import Intent
from language.catalogue import say
from language.intent_rules import classify_intent

RUNNING_LATE = [
    ("en-US", "I'll be 20 minutes late tomorrow"),
    ("en-US", "I'll be late"),
    ("en-US", "running late"),
    ("en-US", "sorry, running a bit late"),
    ("en-US", "I'm running 15 minutes late"),
    ("en-US", "I'm going to be late today"),
    ("en-US", "I might be a little late tonight"),
    ("en-US", "will be 10 min late"),
    ("en-US", "stuck in traffic, will be late"),
    ("en-US", "stuck in traffic"),
    ("en-US", "my bus is late"),
    ("en-US", "I'm late for work"),
    ("fr-FR", "je serai en retard"),
    ("fr-FR", "je serai en retard demain"),
    ("fr-FR", "j'ai du retard"),
    ("fr-FR", "j'aurai 20 minutes de retard"),
    ("fr-FR", "je vais arriver en retard"),
    ("fr-FR", "je suis bloquée dans les bouchons"),
    ("de-DE", "ich komme zu spät"),
    ("de-DE", "Ich komme morgen 20 Minuten zu spät"),
    ("de-DE", "ich verspäte mich"),
    ("de-DE", "Ich stehe im Stau"),
    ("de-DE", "mein Zug hat Verspätung"),
    ("es-ES", "voy a llegar tarde"),
    ("es-ES", "llegaré tarde"),
    ("es-ES", "llegaré 20 minutos tarde mañana"),
    ("es-ES", "me voy a retrasar"),
    ("it-IT", "arriverò in ritardo"),
    ("it-IT", "sono in ritardo"),
    ("it-IT", "farò 10 minuti di ritardo"),
    ("pt-BR", "vou chegar atrasado"),
    ("pt-BR", "vou chegar atrasada"),
    ("pt-BR", "vou me atrasar"),
    ("pt-PT", "vou-me atrasar"),
    ("pt-BR", "meu ônibus está atrasado"),
    ("nl-NL", "ik ben te laat"),
    ("nl-NL", "ik kom later"),
    ("nl-NL", "ik kom 10 minuten te laat"),
    ("nl-NL", "ik sta in de file"),
    ("ja-JP", "遅れます"),
    ("ja-JP", "遅刻します"),
    ("ja-JP", "明日20分遅れます"),
    ("ja-JP", "電車が遅れています"),
    ("ja-JP", "バイトに遅れます"),
    ("zh-CN", "我会迟到"),
    ("zh-CN", "我要晚到"),
    ("zh-CN", "我明天会晚20分钟到"),
    ("zh-CN", "堵车了，我要迟到了"),
    ("zh-CN", "我会迟到，请告诉她"),
    # The transport first, as typed on a phone; each was "not sure" (or advice) before.
    ("en-US", "train cancelled, 1h late"),
    ("fr-FR", "train annule, 1h de retard"),
    ("de-DE", "zug ausgefallen, 1h verspatung"),
    ("es-ES", "tren cancelado, 1h tarde"),
    ("es-ES", "atascado en el trafico"),
    ("it-IT", "treno cancellato, 1h di ritardo"),
    ("nl-NL", "trein uitgevallen, 1u te laat"),
    ("nl-NL", "sta in de file"),
    ("pl-PL", "pociag odwolany, 1h spoznienia"),
    ("pt-BR", "trem cancelado, 1h atrasado"),
    ("zh-CN", "火车取消了，晚1小时"),
]

# The delay alone, as typed on a phone (a number with no unit, no verb, "like", "abt"); each was
# "not sure" (or advice) before.
RUNNING_LATE_TYPED = [
    ("en-US", "running 10 late"), ("en-US", "im running 10 late"), ("en-US", "10 min late sorry"),
    ("en-US", "sorry 10 mins late"), ("en-US", "gonna be like 10 min late"),
    ("en-US", "running abt 10 late"), ("en-US", "will b 10 late"),
    ("en-US", "10 late today sorry"), ("en-US", "sorry, 10 late"),
    ("fr-FR", "10 min de retard"), ("fr-FR", "dsl g 10 min de retard"),
    ("fr-FR", "retard 10 min dsl"), ("fr-FR", "jsuis à la bourre"),
    ("de-DE", "10 min verspätung sorry"), ("de-DE", "sorry 10 min später"),
    ("es-ES", "10 min tarde perdón"), ("es-ES", "voy con 10 min de retraso"),
    ("it-IT", "10 min di ritardo scusa"), ("it-IT", "ritardo 10 min"),
    ("nl-NL", "10 min later sorry"), ("pt-BR", "10 min atrasado desculpa"),
]

# Close to those, and no lateness of the worker's own.
NOT_LATE_TYPED = [
    ("en-US", "2 late shifts this week"), ("en-US", "bob will be 10 late"),
    ("en-US", "i was 10 min late yesterday"), ("de-DE", "10 Minuten später beginnen?"),
    ("es-ES", "a las 5 de la tarde"),
    # Late things counted, not the worker's delay: each was running late before.
    ("en-US", "10 late deliveries today"), ("en-US", "3 late orders this morning"),
    ("en-US", "2 late arrivals on the rota today"), ("en-US", "sorry, 4 late payments"),
]

NOT_RUNNING_LATE = [
    ("en-US", "Bob keeps coming in late"),
    ("en-US", "my employee said he will be late"),
    ("en-US", "Bob is always late, what should I do?"),
    ("en-US", "the bus was late yesterday"),
    ("en-US", "I was late yesterday"),
    ("en-US", "I'll be late for the meeting"),
    ("en-US", "what happens if I'm late with my rent"),
    ("en-US", "email Bob about being late"),
    ("fr-FR", "mon employé est souvent en retard"),
    ("fr-FR", "il était en retard hier"),
    ("fr-FR", "je serai en retard à la réunion"),
    ("de-DE", "Mein Mitarbeiter kommt ständig zu spät"),
    ("de-DE", "der Bus war gestern zu spät"),
    ("es-ES", "mi empleado llega tarde"),
    ("es-ES", "voy a trabajar por la tarde"),
    ("es-ES", "llego por la tarde"),
    ("it-IT", "il mio dipendente arriva sempre in ritardo"),
    ("it-IT", "sono in ritardo con il report"),
    ("pt-BR", "meu funcionário sempre chega atrasado"),
    ("pt-BR", "vou trabalhar à tarde"),
    ("nl-NL", "mijn medewerker komt steeds te laat"),
    ("nl-NL", "ik kom later terug"),
    ("nl-NL", "ik kom er later op terug"),
    ("ja-JP", "従業員がいつも遅刻します"),
    ("ja-JP", "昨日遅刻しました"),
    ("ja-JP", "バイトの子が遅刻します"),
    ("ja-JP", "田中さんが遅れます"),
    ("zh-CN", "我的员工经常迟到"),
    ("zh-CN", "他昨天迟到了"),
    ("zh-CN", "堵车了，他要迟到了"),
    ("en-US", "the train was cancelled yesterday"),
    ("en-US", "bob says his train is cancelled"),
    ("fr-FR", "le train a ete annule hier"),
]


@pytest.mark.parametrize(("locale", "text"), RUNNING_LATE)
def test_a_worker_running_late_is_understood(locale: str, text: str) -> None:
    assert classify_intent(text, locale=locale).intent is Intent.RUNNING_LATE


@pytest.mark.parametrize(("locale", "text"), RUNNING_LATE_TYPED)
def test_a_delay_typed_on_a_phone_is_running_late(locale: str, text: str) -> None:
    assert classify_intent(text, locale=locale).intent is Intent.RUNNING_LATE


@pytest.mark.parametrize(("locale", "text"), NOT_LATE_TYPED)
def test_close_words_that_are_no_delay_of_ones_own(locale: str, text: str) -> None:
    assert classify_intent(text, locale=locale).intent is not Intent.RUNNING_LATE


@pytest.mark.parametrize(("locale", "text"), NOT_RUNNING_LATE)
def test_someone_else_late_a_meeting_or_yesterday_is_not(locale: str, text: str) -> None:
    assert classify_intent(text, locale=locale).intent is not Intent.RUNNING_LATE


@pytest.mark.parametrize(("language", "locale"), [
    ("en", "en-US"), ("fr", "fr-FR"), ("de", "de-DE"), ("es", "es-ES"), ("it", "it-IT"),
    ("pt", "pt-PT"), ("nl", "nl-NL"), ("ja", "ja-JP"), ("zh-Hans", "zh-CN"),
])
def test_the_try_me_example_starts_it(language: str, locale: str) -> None:
    """The example offered in the capability list reads as the request it shows."""
    example = say("main.example.running_late", language)
    assert classify_intent(example, locale=locale).intent is Intent.RUNNING_LATE


def test_a_manager_describing_a_late_worker_is_a_situation() -> None:
    assert classify_intent("Bob keeps coming in late", locale="en-US").intent is Intent.ADVICE
    assert classify_intent("mi empleado llega tarde", locale="es-ES").intent is Intent.ADVICE


def test_the_day_named_is_kept() -> None:
    match = classify_intent("I'll be 20 minutes late tomorrow", locale="en-US")
    assert match.slots.get("day") == "tomorrow"
    assert match.slots.get("lateness") == "I'll be 20 minutes late"
