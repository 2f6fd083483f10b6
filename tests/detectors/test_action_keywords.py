"""Recommendations of a call or an email in many languages, and what does not count as one."""

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
        "Ik raad u aan om deze week een kort gesprek met hem in te plannen.",
        "Plan een één-op-ééngesprek met Bob in om het door te nemen.",
        "Maak een afspraak met de medewerker voor morgen.",
        "建议您在接下来几天内与Bob安排一次简短的一对一通话。",
        "建议您与他们每个人分别安排一次一对一面谈。",
        "今天下午给他打个电话吧。",
        "Recomendo que marque uma breve conversa individual com ele nos próximos dias.",
        "Posso marcar essa chamada com o Bob por si.",
        "Ligue-lhe outra vez hoje à tarde.",
        "数日以内に、Bobさんと1対1の短い通話を設定することをおすすめします。",
        "Bobさんとの通話は、私のほうで予約できます。",
        "それぞれとの個別面談を設定してください。",
        "Zalecam umówienie w ciągu kilku najbliższych dni krótkiej rozmowy z pracownikiem.",
        "Mogę umówić dla Ciebie tę rozmowę z pracownikiem (Bob).",
        "Umów spotkanie w cztery oczy z pracownikiem (Alice).",
        "Zadzwoń do niego jeszcze dziś po południu.",
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
        "Stuur haar een schriftelijke waarschuwing per e-mail.",
        "Ik kan de e-mail met de schriftelijke waarschuwing voor u opstellen.",
        "我可以为您起草这封书面警告邮件，供您在发送前审阅。",
        "通过邮件发出一份书面警告，列出这些日期。",
        "我可以为您起草一封确认收到Sophie辞职的邮件。",
        "Posso redigir o e-mail de advertência por escrito para que o reveja.",
        "Envie-lhe por e-mail uma advertência por escrito com as datas dos atrasos.",
        "書面による警告メールの下書きは私が作成できますので、送信前にご確認ください。",
        "遅刻した日付を挙げた書面による警告を、メールで送ってください。",
        "Mogę przygotować projekt e-maila z pisemnym upomnieniem, który przejrzysz.",
        "Wyślij e-mailem pisemne upomnienie, które wymienia daty spóźnień.",
        "Proponuję pisemne upomnienie z listą dat.",
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
        (EMAIL_KEYWORDS, "Stuur nog geen e-mail."),
        (CALENDAR_KEYWORDS, "Plan nog geen gesprek met hem in."),
        (EMAIL_KEYWORDS, "现在先不要发邮件给他。"),
        (CALENDAR_KEYWORDS, "切勿让被投诉人与投诉人当面对质，也不要安排他们面谈。"),
        (EMAIL_KEYWORDS, "Não envie ainda nenhum e-mail."),
        (
            CALENDAR_KEYWORDS,
            "Nunca confronte a pessoa acusada, nem organize uma reunião entre as duas.",
        ),
        (EMAIL_KEYWORDS, "Em vez de enviar um e-mail, fale primeiro com ele."),
        (CALENDAR_KEYWORDS, "二人の面談はまだ設定しないでください。"),
        (CALENDAR_KEYWORDS, "いまの段階で面談を設定することはおすすめしません。"),
        (EMAIL_KEYWORDS, "書面による警告メールはまだ送信できません。"),
        (EMAIL_KEYWORDS, "Nie wysyłaj jeszcze maila."),
        (EMAIL_KEYWORDS, "Zamiast wysyłać e-mail, najpierw z nim porozmawiaj."),
        (CALENDAR_KEYWORDS, "Nigdy nie organizuj spotkania między nimi."),
        (CALENDAR_KEYWORDS, "Nie umawiaj jeszcze spotkania z nim."),
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
        (EMAIL_KEYWORDS, "Als het doorgaat, stuur dan een schriftelijke waarschuwing."),
        (EMAIL_KEYWORDS, "如果这次谈话后迟到仍然继续，下一步就是书面警告，届时我可以帮您起草。"),
        (CALENDAR_KEYWORDS, "如果情况继续，再安排一次正式会议。"),
        (
            EMAIL_KEYWORDS,
            "Se os atrasos continuarem, o passo seguinte será uma advertência por escrito.",
        ),
        (CALENDAR_KEYWORDS, "Se não responder, marque uma reunião formal mais tarde."),
        (EMAIL_KEYWORDS, "遅刻が続く場合は、書面による警告をメールで送ってください。"),
        (CALENDAR_KEYWORDS, "今後も改善しないようなら、正式な面談を設定してください。"),
        (EMAIL_KEYWORDS, "Jeśli to się powtórzy, wyślij pisemne upomnienie."),
        (
            EMAIL_KEYWORDS,
            "Jeśli spóźnienia będą się powtarzać, kolejnym krokiem będzie pisemne upomnienie.",
        ),
        (CALENDAR_KEYWORDS, "Jeśli nie odbierze, umów spotkanie w przyszłym tygodniu."),
    ],
)
def test_a_later_contingency_is_not_a_recommendation(keywords: ActionKeywords, text: str) -> None:
    assert not recommends(keywords, text)


def test_encouraging_idiom_is_not_a_negation() -> None:
    assert recommends(EMAIL_KEYWORDS, "N'hésitez pas à envoyer un avertissement écrit par e-mail.")
    assert recommends(EMAIL_KEYWORDS, "Não hesite em enviar-lhe um e-mail com as datas.")
    assert recommends(EMAIL_KEYWORDS, "Nie wahaj się wysłać mu e-maila z datami.")


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
        (CALENDAR_KEYWORDS, "Maak duidelijke afspraken over wat u voortaan verwacht."),
        (CALENDAR_KEYWORDS, "Regel tot dat gesprek vervanging voor de volgende diensten."),
        (CALENDAR_KEYWORDS, "Overleg eerst met HR voordat u iets besluit."),
        (EMAIL_KEYWORDS, "Noteer het e-mailadres dat de medewerker u gaf."),
        (EMAIL_KEYWORDS, "您已经给他发过邮件了。"),
        (CALENDAR_KEYWORDS, "每个班次都准时到岗，如有耽搁须提前打电话告知。"),
        (CALENDAR_KEYWORDS, "为接下来的班次安排顶班，并记录每一次缺勤。"),
        (EMAIL_KEYWORDS, "写下事实，注明日期和姓名。"),
        (CALENDAR_KEYWORDS, "Registe cada conversa e o que ficou combinado."),
        (CALENDAR_KEYWORDS, "Depois da reunião, guarde uma breve nota escrita."),
        (EMAIL_KEYWORDS, "Guarde o endereço de e-mail que ele lhe deu."),
        (CALENDAR_KEYWORDS, "Contacte hoje os Recursos Humanos com as datas dos atrasos."),
        (EMAIL_KEYWORDS, "Bobさんはすでに書面による警告を受けています。"),
        (CALENDAR_KEYWORDS, "面談の前に人事部に相談してください。"),
        (CALENDAR_KEYWORDS, "話し合いの後、合意した内容を記録しておきましょう。"),
        (CALENDAR_KEYWORDS, "Po rozmowie zapisz krótko, co zostało ustalone."),
        (CALENDAR_KEYWORDS, "Zaplanuj zastępstwo na kolejne zmiany."),
        (EMAIL_KEYWORDS, "Zachowaj z datami listę opuszczonych zmian."),
        (CALENDAR_KEYWORDS, "Skontaktuj się jeszcze dziś z działem HR."),
    ],
)
def test_mentions_that_are_not_recommendations(keywords: ActionKeywords, text: str) -> None:
    assert not recommends(keywords, text)


def test_legacy_keywords_are_plain_substrings() -> None:
    assert CALENDAR_KEYWORDS.legacy_matches("have you tried to call the employee?")
    assert not CALENDAR_KEYWORDS.legacy_matches("programar una llamada")
