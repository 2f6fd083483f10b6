"""Email drafts: the manager's words turned to the employee, templates filled, subject lines
read from drafted or typed text (header lines dropped), edits told from instructions."""

from __future__ import annotations

import pytest

from core.email_draft import (
    DraftFacts,
    EmailDraft,
    EmailPurpose,
    addressed_to_employee,
    fill_template,
    is_edit_request,
    looks_like_instruction,
    split_subject,
)
from services.email_drafter import TEMPLATES_DIR

FACTS = DraftFacts(employee_name="Bob Smith", manager_name="Maria Lopez",
                   store_name="Contoso Market Riverside", situation="his lateness",
                   date="22 November 2026")


@pytest.mark.parametrize(("said", "written"), [
    ("his lateness", "your lateness"),
    ("He was late again and his manager told him", "You were late again and your manager "
                                                   "told you"),
    ("she keeps missing her shifts", "you keep missing your shifts"),
    ("we told her about it", "we told you about it"),
    ("My employee didn't show up for 3 days", "you didn't show up for 3 days"),
    ("One of my cashiers has been late 5 times", "you have been late 5 times"),
    ("they haven't called back", "you haven't called back"),
    ("Bob is late", "Bob is late"),
])
def test_a_situation_is_addressed_to_the_employee(said: str, written: str) -> None:
    assert addressed_to_employee(said) == written


@pytest.mark.parametrize("purpose", list(EmailPurpose))
def test_every_template_fills_without_leftover_placeholders(purpose: EmailPurpose) -> None:
    template = (TEMPLATES_DIR / f"{purpose}.md").read_text(encoding="utf-8")
    subject, body = fill_template(template, FACTS)
    assert subject and "$" not in subject + body
    assert body.startswith("Dear Bob,") and "Maria Lopez" in body
    assert "your lateness" in body


def test_the_general_subject_is_the_topic() -> None:
    template = (TEMPLATES_DIR / "general.md").read_text(encoding="utf-8")
    assert fill_template(template, FACTS)[0] == "Your lateness"


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


@pytest.mark.parametrize(("text", "instruction"), [
    ("make it firmer", True),
    ("Please add the date of our meeting", True),
    ("can you mention the Friday meeting", True),
    ("shorten it", True),
    ("Hi Bob, please come and see me on Friday.", False),
    ("Dear Bob,\nmake sure you are on time.", False),
    ("Make " + "very " * 20 + "long", False),
])
def test_instructions_are_told_from_replacement_text(text: str, instruction: bool) -> None:
    assert looks_like_instruction(text) is instruction


@pytest.mark.parametrize(("text", "edit"), [
    ("edit", True), ("Edit it", True), ("modifier", True), ("ändern", True),
    ("edit the second paragraph please", False), ("send", False), ("", False),
])
def test_edit_requests(text: str, edit: bool) -> None:
    assert is_edit_request(text) is edit


def test_a_draft_round_trips_through_turn_memory() -> None:
    draft = EmailDraft("draft-0123456789ab", "bob-smith", EmailPurpose.WRITTEN_WARNING,
                       "Written warning", "Dear Bob", "template")
    assert EmailDraft.from_dict(draft.to_dict()) == draft
    edited = draft.with_text("New", "Body", "edited")
    assert (edited.id, edited.employee_id, edited.subject) == (draft.id, "bob-smith", "New")
