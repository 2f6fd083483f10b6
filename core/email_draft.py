"""An email ERA drafts for a manager: what it is for, the facts it is filled from, and the text.

The recipient is never part of the text: the email dialog takes it from the directory when it
sends. Filling a template and reading a drafted or edited text are pure string work, so the
template files in prompts/email_templates/ and the LLM's answers go through the same two
functions here: `fill_template` and `split_subject`. `addressed_to_employee` turns a manager's
words about an employee ("his lateness") into words to the employee ("your lateness").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from string import Template
from typing import Any

MAX_SITUATION_CHARS = 400
MAX_TOPIC_CHARS = 60
_SUBJECT_LINE = re.compile(
    r"^\s*(?:\*\*)?subject(?:\*\*)?\s*:(?:\*\*)?\s*(?P<subject>.+?)\s*$", re.IGNORECASE
)
_HEADER_LINE = re.compile(r"^\s*(?:to|from|cc|bcc)\s*:", re.IGNORECASE)
_EDIT_WORDS = frozenset({
    "edit", "change", "modify", "revise", "rewrite", "modifier", "changer", "editar",
    "cambiar", "modificar", "bearbeiten", "ändern", "andern", "modifica", "cambia",
    "wijzigen", "aanpassen", "alterar",
})
_INSTRUCTION_VERBS = frozenset({
    "make", "add", "remove", "drop", "delete", "shorten", "lengthen", "mention", "include",
    "use", "say", "change", "rewrite", "rephrase", "reword", "soften", "tone", "be", "keep",
    "put", "replace", "translate", "write", "sign", "fix", "correct", "cut", "expand",
    "simplify", "emphasise", "emphasize", "stress", "less", "more", "avoid", "don't", "dont",
    "do", "start", "end", "open", "close", "refer", "explain", "ask", "tell", "state",
})
_POLITE_LEAD = re.compile(
    r"^(?:please|pls|could you|can you|would you|i'd like you to|i want you to)\s+", re.IGNORECASE
)
_MAX_INSTRUCTION_WORDS = 16

# Third person (as a manager describes an employee) to second person (as the email speaks).
_SUBJECT_VERBS = {
    "is": "are", "was": "were", "has": "have", "does": "do", "doesn't": "don't",
    "isn't": "aren't", "wasn't": "weren't", "hasn't": "haven't", "keeps": "keep",
    "seems": "seem", "says": "say",
}
_PRONOUNS = {
    "his": "your", "their": "your", "her": "your", "him": "you", "them": "you",
    "himself": "yourself", "herself": "yourself", "themselves": "yourself",
    "he": "you", "she": "you", "they": "you",
}
_EMPLOYEE_NOUN = re.compile(
    r"\b(?:one\s+of\s+(?:my|our)\s+|(?:my|our|the|this|that|an?)\s+)"
    r"(?:employees?|workers?|staff(?:\s+members?)?|team\s+members?|colleagues?|cashiers?"
    r"|sales\s+associates?|stock\s+clerks?|supervisors?)(?:\s+of\s+mine)?\b",
    re.IGNORECASE,
)
_WORD = re.compile(r"[A-Za-z']+")
# After these (or at the end), "her" is the object ("we told her") rather than "her shift".
_NOT_A_NOUN = frozenset({
    "about", "again", "and", "or", "but", "to", "for", "with", "that", "if", "when", "before",
    "after", "yesterday", "today", "twice", "once", "already", "so", "because", "by", "on",
    "in", "at", "a", "an", "the", "this", "back", "up", "since", "last", "not", "know",
})


class EmailPurpose(StrEnum):
    """What an email is for; the values are the advisor's `purpose` names plus `general`."""

    WRITTEN_WARNING = "written_warning"
    DOCUMENT_ATTEMPTS = "document_attempts"
    FOLLOW_UP = "follow_up"
    GENERAL = "general"

    @property
    def description(self) -> str:
        """What the email is, in words (for the preview and the LLM)."""
        return _DESCRIPTIONS[self]


_DESCRIPTIONS = {
    EmailPurpose.WRITTEN_WARNING: "a formal written warning",
    EmailPurpose.DOCUMENT_ATTEMPTS: "a record of the attempts to reach the employee",
    EmailPurpose.FOLLOW_UP: "a follow-up after a conversation",
    EmailPurpose.GENERAL: "an email",
}


@dataclass(frozen=True)
class DraftFacts:
    """What a draft is filled from: the people, the store, the situation and today's date
    (already written out, e.g. "22 November 2026")."""

    employee_name: str
    manager_name: str
    store_name: str
    situation: str
    date: str

    def placeholders(self) -> dict[str, str]:
        """The template placeholders ($employee_first_name, $situation, $topic, ...)."""
        situation = addressed_to_employee(self.situation)[:MAX_SITUATION_CHARS].strip()
        return {
            "employee_name": self.employee_name,
            "employee_first_name": self.employee_name.split()[0],
            "manager_name": self.manager_name,
            "manager_first_name": self.manager_name.split()[0],
            "store_name": self.store_name,
            "situation": situation.rstrip(".") or "the matter we need to discuss",
            "topic": _topic(situation),
            "date": self.date,
        }


@dataclass(frozen=True)
class EmailDraft:
    """A draft waiting for the manager's decision.

    id: the draft id, which is also the send's request id (one send per draft, however often
    "Send" arrives). employee_id: the directory id of the recipient. source: "template" or
    "ai" (how the current text was made), for the preview.
    """

    id: str
    employee_id: str
    purpose: EmailPurpose
    subject: str
    body: str
    source: str

    def with_text(self, subject: str, body: str, source: str) -> EmailDraft:
        """The same draft with new text."""
        return EmailDraft(self.id, self.employee_id, self.purpose, subject, body, source)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready form (turn memory)."""
        return {"id": self.id, "employee_id": self.employee_id, "purpose": str(self.purpose),
                "subject": self.subject, "body": self.body, "source": self.source}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> EmailDraft:
        """Rebuild from `to_dict` output."""
        return cls(str(data["id"]), str(data["employee_id"]), EmailPurpose(data["purpose"]),
                   str(data["subject"]), str(data["body"]), str(data.get("source", "")))


def fill_template(template: str, facts: DraftFacts) -> tuple[str, str]:
    """(subject, body) of a template whose first line is "Subject: ..." ($placeholders are
    filled; an unknown one is left as written)."""
    filled = Template(template).safe_substitute(facts.placeholders())
    subject, body = split_subject(filled)
    if subject is None:
        raise ValueError("an email template starts with a 'Subject:' line")
    return subject, body


def split_subject(text: str) -> tuple[str | None, str]:
    """(subject, body) of a text that may open with a "Subject: ..." line; header lines such
    as "To:" are dropped (recipients never come from text)."""
    lines = text.strip().splitlines()
    subject = None
    while lines and (not lines[0].strip() or _HEADER_LINE.match(lines[0])
                     or (subject is None and _SUBJECT_LINE.match(lines[0]))):
        found = _SUBJECT_LINE.match(lines[0])
        if found:
            subject = found.group("subject").strip()
        lines.pop(0)
    return subject, "\n".join(lines).strip()


def is_edit_request(text: str) -> bool:
    """A bare "edit" / "change" / "modifier" (the Edit button or its typed equivalent)."""
    words = text.strip().casefold().rstrip("!.?").split()
    return 0 < len(words) <= 2 and words[0] in _EDIT_WORDS


def looks_like_instruction(text: str) -> bool:
    """Whether an edit reads as an instruction ("make it firmer", "please add the date")
    rather than replacement text ("Hi Bob, ...")."""
    stripped = _POLITE_LEAD.sub("", text.strip())
    words = stripped.split()
    if not words or len(words) > _MAX_INSTRUCTION_WORDS or "\n" in stripped:
        return False
    return words[0].casefold().strip(",.:;!") in _INSTRUCTION_VERBS


def addressed_to_employee(situation: str) -> str:
    """The manager's words about the employee as words to them: "he was late again" ->
    "you were late again", "his lateness" -> "your lateness"."""
    text = _EMPLOYEE_NOUN.sub("you", situation.strip())
    out: list[str] = []
    last = 0
    after_subject = False
    matches = list(_WORD.finditer(text))
    for index, match in enumerate(matches):
        word = match.group(0)
        lower = word.casefold()
        out.append(text[last:match.start()])
        if after_subject and lower in _SUBJECT_VERBS:
            replacement = _SUBJECT_VERBS[lower]
        elif lower == "her":
            following = matches[index + 1].group(0).casefold() if index + 1 < len(matches) else ""
            joined = text[match.end():matches[index + 1].start()] if following else ""
            object_her = not following or following in _NOT_A_NOUN or bool(joined.strip())
            replacement = "you" if object_her else "your"
        else:
            replacement = _PRONOUNS.get(lower, word)
        after_subject = lower in ("he", "she", "they", "you")
        if replacement != word and word[:1].isupper():
            replacement = replacement.capitalize()
        out.append(replacement)
        last = match.end()
    out.append(text[last:])
    return "".join(out)


def _topic(situation: str) -> str:
    """A short subject-line version of the situation (its first clause)."""
    first = re.split(r"[.;:\n]| - ", situation, maxsplit=1)[0].strip()
    if len(first) > MAX_TOPIC_CHARS:
        first = first[:MAX_TOPIC_CHARS].rsplit(" ", 1)[0] + "..."
    return first[:1].upper() + first[1:] if first else "Our conversation"
