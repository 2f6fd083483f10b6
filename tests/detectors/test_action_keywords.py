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
        "数日以内に、Bobさんと1対1の短い通話を設定することをおすすめします。",
        "Bobさんとの通話は、私のほうで予約できます。",
        "それぞれとの個別面談を設定してください。",
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
        "書面による警告メールの下書きは私が作成できますので、送信前にご確認ください。",
        "遅刻した日付を挙げた書面による警告を、メールで送ってください。",
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
        (CALENDAR_KEYWORDS, "二人の面談はまだ設定しないでください。"),
        (CALENDAR_KEYWORDS, "いまの段階で面談を設定することはおすすめしません。"),
        (EMAIL_KEYWORDS, "書面による警告メールはまだ送信できません。"),
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
        (EMAIL_KEYWORDS, "遅刻が続く場合は、書面による警告をメールで送ってください。"),
        (CALENDAR_KEYWORDS, "今後も改善しないようなら、正式な面談を設定してください。"),
    ],
)
def test_a_later_contingency_is_not_a_recommendation(keywords: ActionKeywords, text: str) -> None:
    assert not recommends(keywords, text)


def test_encouraging_idiom_is_not_a_negation() -> None:
    assert recommends(EMAIL_KEYWORDS, "N'hésitez pas à envoyer un avertissement écrit par e-mail.")


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
        (EMAIL_KEYWORDS, "Bobさんはすでに書面による警告を受けています。"),
        (CALENDAR_KEYWORDS, "面談の前に人事部に相談してください。"),
        (CALENDAR_KEYWORDS, "話し合いの後、合意した内容を記録しておきましょう。"),
    ],
)
def test_mentions_that_are_not_recommendations(keywords: ActionKeywords, text: str) -> None:
    assert not recommends(keywords, text)


def test_legacy_keywords_are_plain_substrings() -> None:
    assert CALENDAR_KEYWORDS.legacy_matches("have you tried to call the employee?")
    assert not CALENDAR_KEYWORDS.legacy_matches("programar una llamada")
