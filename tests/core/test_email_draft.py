"""Email drafts: templates filled from facts in every language (lines left empty drop), the
bracketed placeholders found and filled, subject lines read from drafted or typed text (header
lines dropped) and subject changes read; edits told from instructions are in
tests/language/test_email_edit_words.py."""

from __future__ import annotations

import pytest

from core.email_draft import (
    DraftFacts,
    EmailDraft,
    EmailPurpose,
    Regreeting,
    fill_placeholder,
    fill_template,
    header_lines_left_out,
    labelled_body,
    regreeted,
    split_subject,
    subject_change,
    unfilled_placeholders,
)
from services.email_drafter import TEMPLATES_DIR

LANGUAGES = ("en", "fr", "es", "de", "it")
FACTS = DraftFacts(employee_name="Bob Smith", manager_name="Maria Lopez",
                   store_name="Contoso Market Riverside", date="22 November 2026",
                   topic="your punctuality", subject="Your punctuality",
                   incidents="Our time records show that you arrived late on Mon 16 Nov.",
                   expectations="Please be on time.")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("purpose", list(EmailPurpose))
def test_every_template_fills_without_leftover_dollar_names(
    purpose: EmailPurpose, language: str
) -> None:
    template = (TEMPLATES_DIR / language / f"{purpose}.md").read_text(encoding="utf-8")
    subject, body = fill_template(template, FACTS)
    assert subject and "$" not in subject + body
    assert "Bob" in body.split("\n")[0] and body.rstrip().count("Maria Lopez") == 1
    assert "\n\n\n" not in body  # the empty $previous_steps line dropped


def test_the_general_subject_is_the_topic() -> None:
    template = (TEMPLATES_DIR / "en" / "general.md").read_text(encoding="utf-8")
    assert fill_template(template, FACTS)[0] == "Your punctuality"


def test_placeholders_are_found_once_each_and_filled_everywhere() -> None:
    text = ("On [date of our conversation] we spoke. [what we agreed]. Again "
            "[date of our conversation].")
    assert unfilled_placeholders(text) == ("[date of our conversation]", "[what we agreed]")
    filled = fill_placeholder(text, "[date of our conversation]", " 10 November ")
    assert unfilled_placeholders(filled) == ("[what we agreed]",)
    assert filled.count("10 November") == 2


@pytest.mark.parametrize("value", ["", "   ", "[something]"])
def test_a_placeholder_needs_a_real_value(value: str) -> None:
    with pytest.raises(ValueError):
        fill_placeholder("On [date] we spoke.", "[date]", value)


def test_a_template_without_a_subject_line_is_refused() -> None:
    with pytest.raises(ValueError, match="Subject"):
        fill_template("Dear $employee_first_name", FACTS)


@pytest.mark.parametrize(("text", "subject", "body"), [
    ("Subject: Hello\n\nDear Bob,\nhi", "Hello", "Dear Bob,\nhi"),
    ("**Subject:** Hello\nDear Bob", "Hello", "Dear Bob"),
    ("To: x@evil.example\nSubject: Hi\nCc: y@evil.example\n\nBody", "Hi", "Body"),
    ("Dear Bob,\nSubject: not a header here", None, "Dear Bob,\nSubject: not a header here"),
    ("   \n\nJust a body", None, "Just a body"),
])
def test_split_subject(text: str, subject: str | None, body: str) -> None:
    assert split_subject(text) == (subject, body)


@pytest.mark.parametrize(("text", "subject", "body"), [
    ("Objet : Retards\n\nBonjour Bob,", "Retards", "Bonjour Bob,"),
    ("betreff: Pünktlichkeit", "Pünktlichkeit", ""),
    ("件名：遅刻について\nBobさん", "遅刻について", "Bobさん"),
    ("Subject: Hello\nDear Bob", "Hello", "Dear Bob"),
    ("Objectif : être à l'heure", None, "Objectif : être à l'heure"),
])
def test_split_subject_reads_the_labels_it_is_given(
    text: str, subject: str | None, body: str
) -> None:
    labels = ("Subject", "Objet", "Betreff", "件名")
    assert split_subject(text, labels) == (subject, body)


@pytest.mark.parametrize(("text", "left_out"), [
    ("To: x@evil.example\nSubject: Hi\n\nBody", True),
    ("Subject: Hi\nbcc: y@evil.example\n\nBody", True),
    ("From: ceo@contoso.example\nBody", True),
    ("Subject: Hi\n\nBody", False),
    ("Dear Bob,\nTo: the point, see me.", False),  # "To:" in the body stays, as text
    ("", False),
])
def test_header_lines_left_out(text: str, left_out: bool) -> None:
    assert header_lines_left_out(text) is left_out


def test_a_draft_round_trips_through_turn_memory() -> None:
    draft = EmailDraft("draft-0123456789ab", "bob-smith", EmailPurpose.WRITTEN_WARNING,
                       "Written warning", "Dear Bob", "template")
    assert EmailDraft.from_dict(draft.to_dict()) == draft
    edited = draft.with_text("New", "Body", "edited")
    assert (edited.id, edited.employee_id, edited.subject) == (draft.id, "bob-smith", "New")


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("change the subject to Lateness on Monday", "Lateness on Monday"),
        ('please set the subject line to: "Your lateness".', "Your lateness"),
        ("the subject should be Late arrivals", "Late arrivals"),
        ("change l'objet en Retards de lundi", "Retards de lundi"),
        ("mets comme objet : Retards", "Retards"),
        ("ändere den Betreff auf Verspätungen", "Verspätungen"),
        ("den Betreff auf Verspätung ändern", "Verspätung"),
        ("cambia el asunto a Retrasos", "Retrasos"),
        ("pon como asunto Retrasos", "Retrasos"),
        ("change the subject", ""),
        ("change l'objet", ""),
        ("Betreff ändern", ""),
        ("cambia el asunto", ""),
        # Typed at the preview in Italian, Portuguese, Japanese and Chinese: the first replaced
        # the whole email (and was sent so), the others needed the AI.
        ("muda o assunto pra: atrasos", "atrasos"),
        ("coloca como assunto Atrasos", "Atrasos"),
        ("cambia l oggetto in: ritardi ripetuti", "ritardi ripetuti"),
        ("cambia l'oggetto in Ritardi", "Ritardi"),
        ("件名を「遅刻について」に変えて", "遅刻について"),
        ("把主题改成：缺勤警告", "缺勤警告"),
        ("改一下主题：培训通知", "培训通知"),
        ("muda o assunto", ""),
        # Typed at the preview in German, Dutch and Polish: the Dutch one replaced the whole
        # email with the instruction, the Polish one was taken for a shift hand-over.
        ("der Betreff soll Dienstplan Dezember sein", "Dienstplan Dezember"),
        ("der betreff soll lauten: Dienstplan", "Dienstplan"),
        ("verander het onderwerp naar Laatste waarschuwing", "Laatste waarschuwing"),
        ("het onderwerp moet Te laat zijn", "Te laat"),
        ("zmien temat na Ostatnie upomnienie", "Ostatnie upomnienie"),
        ("zmień temat maila na: Spóźnienia", "Spóźnienia"),
        ("temat ma być Spóźnienia", "Spóźnienia"),
        ("verander het onderwerp", ""),
        ("zmień temat", ""),
        ("件名を変えて", ""),
        ("make it shorter", None),
        ("the subject is wrong", None),
        ("change the body to hello", None),
        ("Subject: Lateness\nDear Bob,", None),
    ],
)
def test_a_subject_change_gives_the_new_subject_as_typed(text: str, subject: str | None) -> None:
    assert subject_change(text) == subject


@pytest.mark.parametrize(
    ("text", "body"),
    [
        ("text: Bitte sei ab morgen pünktlich.", "Bitte sei ab morgen pünktlich."),
        ("der Text soll sein: Der Dienstplan ist online.", "Der Dienstplan ist online."),
        ("tekst: Wil je voortaan op tijd komen?", "Wil je voortaan op tijd komen?"),
        ("treść: Proszę przychodzić punktualnie.", "Proszę przychodzić punktualnie."),
        ("tresc: Prosze przychodzic punktualnie.", "Prosze przychodzic punktualnie."),
        ("本文：明日は9時に来てください", "明日は9時に来てください"),
        ("正文：请准时上班", "请准时上班"),
        ("Body: Hi Bob,\nsee you Monday.", "Hi Bob,\nsee you Monday."),
        ("Hallo Bob, bitte sei pünktlich.", None),
        ("Textile samples: arrived", None),
        ("Dear Bob:\nhello", None),
    ],
)
def test_a_label_before_the_new_text_is_not_part_of_it(text: str, body: str | None) -> None:
    """"text: Bitte sei pünktlich." became an email that opened with "text:"."""
    assert labelled_body(text) == body


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("Dear Alice,\nplease come.", Regreeting("Dear Chen,\nplease come.", "Dear Alice,",
                                                 "Dear Chen,")),
        ("Dear Alice, see me at 9. Alice, bring your badge.",
         Regreeting("Dear Chen, see me at 9. Alice, bring your badge.", "Dear Alice,",
                    "Dear Chen,")),
        ("Bonjour Alice Martin,\nmerci.", Regreeting("Bonjour Chen Wei,\nmerci.",
                                                     "Bonjour Alice Martin,",
                                                     "Bonjour Chen Wei,")),
        ("Hi team,\nAlice is late again.", None),
        ("Please see me about the rota, Alice.", None),
    ],
)
def test_the_greeting_names_the_new_recipient(body: str, expected: Regreeting | None) -> None:
    assert regreeted(body, ("Alice Martin", "Alice"), ("Chen Wei", "Chen")) == expected


@pytest.mark.parametrize(("topic", "said"), [
    ("le nouveau planning", "au sujet du nouveau planning"),
    ("les retards", "au sujet des retards"),
    ("la paie", "au sujet de la paie"),
])
def test_a_french_letter_joins_de_with_the_topics_article(topic: str, said: str) -> None:
    """The finding: "Je souhaiterais m'entretenir avec vous au sujet de le nouveau planning"."""
    template = (TEMPLATES_DIR / "fr" / "general.md").read_text(encoding="utf-8")
    facts = DraftFacts(employee_name="Chen Wei", manager_name="Maria Lopez",
                       store_name="Contoso Market Riverside", date="27 novembre 2026",
                       topic=topic, subject=topic.capitalize(), language="fr")
    _, body = fill_template(template, facts)
    assert said in body and " de le " not in body
