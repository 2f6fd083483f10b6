"""A manager telling ERA that one of their people will not come in, in the ten languages: a
one-off report is the absence report (with the person and, when said, the day); a pattern is a
situation for advice; the speaker's own absence stays their shift cancellation."""

from __future__ import annotations

import pytest

from core.intent import Intent
from language.understanding import understand

REPORTS = [
    ("en-US", "Bob says he can't come in on Friday", "Bob", "Friday"),
    ("en-US", "Bob Smith called in sick for tomorrow", "Bob Smith", "tomorrow"),
    ("en-US", "Bob is sick today", "Bob", "today"),
    ("en-US", "Bob has a family emergency and can't come in today", "Bob", "today"),
    ("en-US", "Alice won't be in tomorrow", "Alice", "tomorrow"),
    ("en-US", "Chen can't make his shift", "Chen", None),
    ("fr-FR", "Bob ne peut pas venir vendredi", "Bob", "vendredi"),
    ("fr-FR", "Bob m'a dit qu'il ne pourra pas venir demain", "Bob", "demain"),
    ("fr-FR", "Alice est malade aujourd'hui", "Alice", "aujourd'hui"),
    ("es-ES", "Bob no puede venir el viernes", "Bob", "viernes"),
    ("es-ES", "Bob está enfermo mañana", "Bob", "mañana"),
    ("de-DE", "Bob kann am Freitag nicht kommen", "Bob", "Freitag"),
    ("de-DE", "Bob sagt, er kann morgen nicht kommen", "Bob", "morgen"),
    ("de-DE", "Bob ist morgen krank", "Bob", "morgen"),
    ("it-IT", "Bob non può venire venerdì", "Bob", "venerdì"),
    ("it-IT", "Bob è malato oggi", "Bob", "oggi"),
    ("pt-PT", "Bob está doente amanhã", "Bob", "amanhã"),
    ("pt-BR", "O Bob não pode vir amanhã", "Bob", "amanhã"),
    ("nl-NL", "Bob kan vrijdag niet komen", "Bob", "vrijdag"),
    ("nl-NL", "Bob is morgen ziek", "Bob", "morgen"),
    ("pl-PL", "Bob nie może przyjść w piątek", "Bob", "piątek"),
    ("pl-PL", "Bob jest jutro chory", "Bob", "jutro"),
    ("ja-JP", "Bobさんが金曜日に来られないそうです", None, None),
    ("ja-JP", "Bobさんから体調不良で明日休むと連絡がありました", None, None),
    ("zh-CN", "Bob说他周五来不了", None, None),
    ("zh-CN", "Bob明天生病了来不了", None, None),
]


@pytest.mark.parametrize(
    ("locale", "text", "person", "day"), REPORTS, ids=[text for _, text, _, _ in REPORTS]
)
def test_a_managers_report_of_an_absence_is_understood(
    locale: str, text: str, person: str | None, day: str | None
) -> None:
    understood = understand(text, locale=locale)
    assert understood.intent is Intent.ABSENCE_REPORT, understood.match
    if person:
        assert understood.slots.get("person") == person
    if day:
        assert understood.slots.get("day") == day


PATTERNS = [
    ("en-US", "Bob keeps calling in sick"),
    ("en-US", "Bob has been absent three times this month"),
    ("fr-FR", "Bob est souvent malade"),
    ("es-ES", "Bob siempre está enfermo"),
    ("de-DE", "Bob ist ständig krank"),
    ("it-IT", "Bob è sempre malato"),
    ("pt-BR", "Bob está sempre doente"),
    ("nl-NL", "Bob is vaak ziek"),
    ("pl-PL", "Bob ciągle choruje i nie przychodzi"),
    ("ja-JP", "Bobさんはよく欠勤します"),
    ("zh-CN", "Bob总是请病假"),
    # A question about an absence asks for advice, not for the schedule to change.
    ("en-US", "Bob is sick, what should I do?"),
]


@pytest.mark.parametrize(("locale", "text"), PATTERNS, ids=[text for _, text in PATTERNS])
def test_a_pattern_of_absences_stays_a_situation_for_advice(locale: str, text: str) -> None:
    assert understand(text, locale=locale).intent is Intent.ADVICE


# A long sickness absence, or a return to work after one, names a day (the day of the return)
# but is no shift to take someone off: "elle revient lundi" was read as "Sophie can't come on
# Monday", and the manager's "ok" to a later question took Sophie off her Monday shift.
LONG_ABSENCES = [
    ("en-GB", "Sophie has been off sick for 2 months and comes back on monday, how do I handle"
              " her return?"),
    ("fr-FR", "Sophie est en arret maladie depuis 2 mois et elle revient lundi, comment je gere"
              " son retour ?"),
    ("fr-FR", "Sophie revient lundi après un long arrêt maladie"),
    ("es-ES", "Pedro está de baja desde hace 3 meses y vuelve el lunes, ¿cómo lo gestiono?"),
    ("de-DE", "Emma ist seit 2 Monaten krank und kommt am Montag zurück"),
    ("it-IT", "Luca è in malattia da 2 mesi e rientra lunedì"),
    ("pt-PT", "A Fatima está de baixa há 3 meses e volta na segunda, como faço?"),
    ("nl-NL", "Ingrid is al 2 maanden ziek en komt maandag terug, hoe pak ik dat aan?"),
    ("pl-PL", "Anna jest na zwolnieniu od 2 miesięcy i wraca w poniedziałek"),
    ("zh-CN", "陈伟病假两个月了，周一回来上班，我该怎么做"),
]


@pytest.mark.parametrize(("locale", "text"), LONG_ABSENCES, ids=[t for _, t in LONG_ABSENCES])
def test_a_long_absence_or_a_return_to_work_is_a_situation_for_advice(
    locale: str, text: str
) -> None:
    assert understand(text, locale=locale).intent is Intent.ADVICE


OWN = [
    ("en-US", "I can't come Friday"),
    ("en-US", "I'm not feeling well, can't come in"),
    ("en-US", "My mum is sick and I can't come in tomorrow"),
    ("fr-FR", "je ne peux pas venir vendredi"),
    ("es-ES", "no puedo venir el viernes"),
    ("de-DE", "ich kann morgen nicht kommen"),
    ("it-IT", "non posso venire venerdì"),
    ("pt-BR", "não posso ir amanhã"),
    ("nl-NL", "ik kan vrijdag niet komen"),
    ("pl-PL", "nie mogę przyjść w piątek"),
    ("ja-JP", "明日休みたいです"),
    ("zh-CN", "我明天来不了"),
]


@pytest.mark.parametrize(("locale", "text"), OWN, ids=[text for _, text in OWN])
def test_the_speakers_own_absence_stays_their_cancellation(locale: str, text: str) -> None:
    assert understand(text, locale=locale).intent is Intent.SHIFT_CANCEL


@pytest.mark.parametrize("text", [
    "Yukiさんが3日間無断欠勤しています",
    "Bobさんがよく休みます",
    "Bobさんが最近何度も欠勤しています",
])
def test_a_japanese_pattern_of_absences_stays_advice(text: str) -> None:
    assert understand(text, locale="ja-JP").intent is not Intent.ABSENCE_REPORT
