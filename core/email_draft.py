"""An email ERA drafts for a manager: what it is for, the facts it is filled from, and the text.

The recipient is never part of the text: the email dialog takes it from the directory when it
sends. A draft is written from facts (names, dates, the sentences the drafter composed from the
situation's structured facts and ERA's own records), never from the manager's chat. What is not
known stays in the text as a visible placeholder in square brackets ("[date of our
conversation]"), which must be filled before the email can be sent: `unfilled_placeholders`
finds them and `fill_placeholder` fills one. Filling a template and reading a drafted or edited
text are pure string work, so the template files in prompts/email_templates/ and the LLM's
answers go through the same functions here: `fill_template` and `split_subject`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from string import Template
from typing import Any

ENGLISH_SUBJECT_LABELS = ("Subject",)
_HEADER_LINE = re.compile(r"^\s*(?:to|from|cc|bcc)\s*:", re.IGNORECASE)
# Control characters (NUL, line and page breaks) have no place in a subject line.
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")

PLACEHOLDER = re.compile(r"\[[^\[\]\n]{2,80}\]")
_BLANK_RUNS = re.compile(r"\n{3,}")
_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n+")


class EmailPurpose(StrEnum):
    """What an email is for; the values are the advisor's `purpose` names, `general`, and the
    kinds a manager's own request may name ("to thank him for ...", "to remind her about ...",
    "to tell him that ...", "asking him to ...")."""

    WRITTEN_WARNING = "written_warning"
    DOCUMENT_ATTEMPTS = "document_attempts"
    LEAVE_REPLY = "leave_reply"
    RESIGNATION_REPLY = "resignation_reply"
    FOLLOW_UP = "follow_up"
    GENERAL = "general"
    THANKS = "thanks"
    REMINDER = "reminder"
    NOTICE = "notice"
    REQUEST = "request"

    @property
    def description(self) -> str:
        """What the email is, in words (for the preview and the LLM)."""
        return _DESCRIPTIONS[self]


_DESCRIPTIONS = {
    EmailPurpose.WRITTEN_WARNING: "a formal written warning",
    EmailPurpose.DOCUMENT_ATTEMPTS: "a record of the attempts to reach the employee",
    EmailPurpose.LEAVE_REPLY: "the answer to the employee's leave request",
    EmailPurpose.RESIGNATION_REPLY: "the acknowledgement of the employee's resignation",
    EmailPurpose.FOLLOW_UP: "a follow-up after a conversation",
    EmailPurpose.GENERAL: "an email",
    EmailPurpose.THANKS: "a short thank-you email",
    EmailPurpose.REMINDER: "a friendly reminder",
    EmailPurpose.NOTICE: "a short email passing on information",
    EmailPurpose.REQUEST: "a polite request",
}
# The kinds a manager's request names, whose letter says the request's topic in its own words.
REQUESTED_KINDS = frozenset({
    EmailPurpose.THANKS, EmailPurpose.REMINDER, EmailPurpose.NOTICE, EmailPurpose.REQUEST,
})


@dataclass(frozen=True)
class DraftFacts:
    """What a draft is filled from: the people, the store, today's date (written out, e.g.
    "22 November 2026"), and the sentences composed from the situation's facts in the
    letter's language (the topic, what happened, what was already done, what is expected, the
    attempts to reach the employee). A sentence nobody could compose is "" (its line drops).
    `readers`: how many people one letter goes to (a group letter may address them otherwise)."""

    employee_name: str
    manager_name: str
    store_name: str
    date: str
    topic: str = ""
    subject: str = ""
    incidents: str = ""
    previous_steps: str = ""
    expectations: str = ""
    attempts: str = ""
    language: str = "en"
    readers: int = 1

    def placeholders(self) -> dict[str, str]:
        """The template placeholders ($employee_first_name, $incidents, $topic, ...)."""
        return {
            "employee_name": self.employee_name,
            "employee_first_name": self.employee_name.split()[0],
            "manager_name": self.manager_name,
            "manager_first_name": self.manager_name.split()[0],
            "store_name": self.store_name,
            "date": self.date,
            "topic": self.topic,
            "subject": self.subject or self.topic,
            "incidents": self.incidents,
            "previous_steps": self.previous_steps,
            "expectations": self.expectations,
            "attempts": self.attempts,
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
        """The same draft with new text; the subject on one line ("Hi\rBcc: x@y" typed as a
        subject is shown and sent as "Hi Bcc: x@y", never as a header)."""
        one_line = " ".join(_CONTROL.sub(" ", subject).split())
        return EmailDraft(self.id, self.employee_id, self.purpose, one_line, body, source)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready form (turn memory)."""
        return {"id": self.id, "employee_id": self.employee_id, "purpose": str(self.purpose),
                "subject": self.subject, "body": self.body, "source": self.source}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> EmailDraft:
        """Rebuild from `to_dict` output."""
        return cls(str(data["id"]), str(data["employee_id"]), EmailPurpose(data["purpose"]),
                   str(data["subject"]), str(data["body"]), str(data.get("source", "")))


# The greeting's name comes within its first few words: "Dear Alice,", "Bonjour Alice,",
# "Hola Alice:", "Alice,", "Chen Wei，您好：".
_GREETING_WORDS = 3


@dataclass(frozen=True)
class Regreeting:
    """A body whose greeting names another person, with the greeting before and after."""

    body: str
    before: str
    after: str


def regreeted(body: str, old: tuple[str, str], new: tuple[str, str]) -> Regreeting | None:
    """The body with its greeting's name changed from the old recipient's (full name, first
    name) to the new one's ("Dear Alice," -> "Dear Chen,"), or None when the first line does
    not greet the old recipient by name near its start. Any other mention of them stays."""
    lead = len(body) - len(body.lstrip())
    end = body.find("\n", lead)
    line = body[lead:] if end < 0 else body[lead:end]
    for old_name, new_name in zip(old, new, strict=True):
        if not old_name:
            continue
        found = re.search(rf"(?<!\w){re.escape(old_name)}(?!\w)", line, re.IGNORECASE)
        if found is None or len(line[:found.start()].split()) > _GREETING_WORDS:
            continue
        greeting_end = next((i for i in range(found.end(), len(line))
                             if line[i] in ",:;!，：；！\n"), len(line))
        before = line[:greeting_end + 1 if greeting_end < len(line) else greeting_end]
        after = before[:found.start()] + new_name + before[found.end():]
        start = lead + found.start()
        changed = body[:start] + new_name + body[lead + found.end():]
        return Regreeting(changed, before.strip(), after.strip())
    return None


def fill_template(template: str, facts: DraftFacts) -> tuple[str, str]:
    """(subject, body) of a template whose first line is "Subject: ..." ($placeholders are
    filled; an unknown one is left as written; a line left empty drops)."""
    if facts.language.startswith("fr"):
        template = _french_contractions(template, facts.topic)
    filled = Template(template).safe_substitute(facts.placeholders())
    subject, body = split_subject(filled)
    if subject is None:
        raise ValueError("an email template starts with a 'Subject:' line")
    lines = [line.strip() if not line.strip() else line.rstrip() for line in body.split("\n")]
    body = _BLANK_RUNS.sub("\n\n", "\n".join(lines)).strip()
    return subject.strip(), body


# French joins "de" and "à" with the article that follows: "au sujet du nouveau planning", not
# "de le nouveau planning".
_FRENCH_JOINED = {("de", "le"): "du", ("de", "les"): "des", ("à", "le"): "au",
                  ("à", "les"): "aux"}
_BEFORE_TOPIC = re.compile(r"(?<!\w)(de|à) \$topic(?!\w)")


def _french_contractions(template: str, topic: str) -> str:
    """The template with "de $topic" / "à $topic" joined to a topic's opening "le" or "les"."""
    article, _, rest = topic.partition(" ")
    if article.casefold() not in ("le", "les") or not rest.strip():
        return template
    return _BEFORE_TOPIC.sub(
        lambda m: f"{_FRENCH_JOINED[(m.group(1), article.casefold())]} {rest.replace('$', '$$')}",
        template)


def unfilled_placeholders(text: str) -> tuple[str, ...]:
    """The placeholders still in a text ("[date of our conversation]"), each once, in order."""
    return tuple(dict.fromkeys(match.group(0) for match in PLACEHOLDER.finditer(text)))


def fill_placeholder(text: str, placeholder: str, value: str) -> str:
    """`text` with every `placeholder` replaced by `value` (stripped; a value that is itself a
    placeholder is refused with ValueError)."""
    value = value.strip()
    if not value or PLACEHOLDER.fullmatch(value):
        raise ValueError("a placeholder needs a value")
    return "".join(
        part + (_without_lead(value, part) if i < len(parts) - 1 else "")
        for parts in [text.split(placeholder)] for i, part in enumerate(parts))


def _without_lead(value: str, before: str) -> str:
    """`value` without the words the letter already says just before the blank: "Thank you
    for [what this is about]" filled with "thank you for your help" says "your help" once."""
    said = re.findall(r"\w+", before.rsplit("\n", 1)[-1].casefold())
    for words in range(len(said), 0, -1):
        lead = r"\W*".join(map(re.escape, said[-words:]))
        found = re.match(rf"\W*{lead}\b\W*", value, re.IGNORECASE)
        if found and value[found.end():].strip():
            return value[found.end():].strip()
    return value


def split_subject(
    text: str, labels: Iterable[str] = ENGLISH_SUBJECT_LABELS
) -> tuple[str | None, str]:
    """(subject, body) of a text that may open with a subject line ("Subject: ...", or with
    one of `labels`: "Objet : ...", "件名：..."); header lines such as "To:" are dropped
    (recipients never come from text)."""
    subject, _headers, body = _split_head(text, tuple(labels))
    return subject, body


def header_lines_left_out(text: str, labels: Iterable[str] = ENGLISH_SUBJECT_LABELS) -> bool:
    """Whether `split_subject` drops "To:", "Cc:", "Bcc:" or "From:" lines from the text's
    head (someone trying to add a recipient or change the sender)."""
    return bool(_split_head(text, tuple(labels))[1])


def _split_head(text: str, labels: tuple[str, ...]) -> tuple[str | None, list[str], str]:
    """(subject, header lines dropped, body) of a text."""
    subject_line = _subject_line(labels)
    lines = text.strip().splitlines()
    subject = None
    headers: list[str] = []
    while lines and (not lines[0].strip() or _HEADER_LINE.match(lines[0])
                     or (subject is None and subject_line.match(lines[0]))):
        found = subject_line.match(lines[0])
        if found:
            subject = found.group("subject").strip()
        elif lines[0].strip():
            headers.append(lines[0])
        lines.pop(0)
    return subject, headers, "\n".join(lines).strip()


@lru_cache(maxsize=8)
def _subject_line(labels: tuple[str, ...]) -> re.Pattern[str]:
    """A subject line with any of the labels, bold or not, the colon full-width or after a
    space as in French."""
    alternatives = "|".join(re.escape(label) for label in sorted(set(labels), key=len,
                                                                  reverse=True))
    return re.compile(
        rf"^\s*(?:\*\*)?(?:{alternatives})(?:\*\*)?\s*[:：](?:\*\*)?\s*(?P<subject>.+?)\s*$",
        re.IGNORECASE,
    )


# "change the subject to X", "changer l'objet en X", "ändere den Betreff auf X", "cambia el
# asunto a X": the verb, the subject's name and the word before the new subject, per language.
_SUBJECT_CHANGES = (
    # English
    r"(?:please\s+)?(?:change|set|make|update|rename|replace|edit|use)\s+(?:the\s+)?"
    r"(?:email'?s\s+)?subject(?:\s+line)?(?:\s+(?:to|as|into|with|for)\b|\s*[:=])"
    r"(?P<subject>.*)",
    r"(?:the\s+)?(?:new\s+)?subject(?:\s+line)?\s*(?:should\s+be\b|to\b|[:=])"
    r"(?P<subject>.*)",
    # French
    r"(?:change[rz]?|modifie[rz]?|remplace[rz]?|mets|mettez|mettre)\s+"
    r"(?:(?:(?:l['’\s]\s*)?objet|le\s+sujet)(?:\s+(?:en|par|à|a|pour|avec)\b|\s*[:=])"
    r"|comme\s+objet\b)(?P<subject>.*)",
    r"(?:l['’\s]\s*|le\s+)?(?:nouvel\s+)?objet\s+(?:en|par|à|a|sera)\b(?P<subject>.*)",
    # German
    r"(?:ändere?|aendere?|andere?|änder|setze?|mach|mache|nimm)\s+(?:den\s+|als\s+)?"
    r"betreff(?:\s+(?:zu|auf|in|nach)\b|\s*[:=])(?P<subject>.*)",
    r"(?:den\s+)?betreff\s+(?:auf|in|zu)\b(?P<subject>.*?)\s*(?:ändern|aendern|andern|setzen"
    r"|stellen)?",
    # The verb after the word, as notes are typed: "betreff ändern: Pünktlichkeit"
    r"(?:den\s+)?betreff\s+(?:ändern|aendern|andern|wechseln|anpassen)(?:\s+(?:zu|auf|in|nach)\b"
    r"|\s*[:=])(?P<subject>.*)",
    # "der Betreff soll Dienstplan Dezember sein", "der Betreff soll lauten: Dienstplan"
    r"(?:der\s+)?(?:neue\s+)?betreff\s+(?:soll|sollte|muss)\s+(?:(?:sein|lauten|heißen|heissen)"
    r"\b\s*[:=]?(?P<subject>.+)|(?P<subject_first>.+?)\s+(?:sein|lauten|heißen|heissen))",
    # Dutch ("verander het onderwerp naar Te laat", "het onderwerp moet Te laat zijn")
    r"(?:verander|wijzig|pas|zet|maak|gebruik)\s+(?:het\s+|als\s+)?onderwerp(?:\s+aan)?"
    r"(?:\s+(?:naar|in|op|tot|als)\b|\s*[:=])(?P<subject>.*)",
    # "onderwerp wijzigen naar Stiptheid", "onderwerp aanpassen: Stiptheid"
    r"(?:het\s+)?onderwerp\s+(?:wijzigen|veranderen|aanpassen)(?:\s+(?:naar|in|op|tot)\b"
    r"|\s*[:=])(?P<subject>.*)",
    r"(?:het\s+)?(?:nieuwe\s+)?onderwerp\s+(?:moet|wordt|mag)\s+(?:(?:zijn|worden)\b\s*[:=]?"
    r"(?P<subject>.+)|(?P<subject_first>.+?)\s+(?:zijn|worden))",
    # Polish ("zmień temat na Spóźnienia", "temat ma być Spóźnienia", typed without accents too)
    r"(?:zmie[nń]|zamie[nń]|ustaw|daj|popraw)\s+(?:temat|tytu[lł])(?:\s+(?:maila|wiadomo[sś]ci))?"
    r"(?:\s+(?:na)\b|\s*[:=])(?P<subject>.*)",
    r"(?:nowy\s+)?(?:temat|tytu[lł])\s+(?:ma|powinien)\s+by[cć]\b\s*[:=]?(?P<subject>.+)",
    # Spanish
    r"(?:cambia(?:r|le)?|pon(?:er|le)?|modifica(?:r)?|usa(?:r)?)\s+(?:(?:el\s+)?asunto"
    r"(?:\s+(?:a|por|en|como)\b|\s*[:=])|como\s+asunto\b)(?P<subject>.*)",
    r"(?:el\s+)?(?:nuevo\s+)?asunto\s+(?:a|por|sea|será|sera)\b(?P<subject>.*)",
    # Italian ("cambia l'oggetto in: Ritardi", typed "l oggetto" too)
    r"(?:cambia(?:re)?|modifica(?:re)?|metti|usa)\s+(?:(?:l['’\s]\s*)?oggetto(?:\s+(?:in|con|a|come)\b"
    r"|\s*[:=])|come\s+oggetto\b)(?P<subject>.*)",
    r"(?:l['’\s]\s*)?(?:nuovo\s+)?oggetto\s+(?:in|sia|sarà|sara)\b(?P<subject>.*)",
    # Portuguese ("muda o assunto pra: Atrasos", "coloca como assunto Atrasos")
    r"(?:muda(?:r)?|mude|troca(?:r)?|troque|altera(?:r)?|altere|coloca|coloque|p[oõ]e|usa|use)"
    r"\s+(?:o\s+)?assunto(?:\s+(?:para|pra|por|como)\b|\s*[:=])(?P<subject>.*)",
    r"(?:coloca|coloque|p[oõ]e|usa|use)\s+como\s+assunto\b(?P<subject>.*)",
    r"(?:o\s+)?(?:novo\s+)?assunto\s+(?:para|pra|ser[aá]|seja)\b(?P<subject>.*)",
    # Japanese ("件名を「遅刻について」に変えて") and Chinese ("把主题改成迟到警告")
    r"(?:メールの)?件名を?\s*[「『\"]?(?P<subject>[^「」『』\"]+?)[」』\"]?\s*(?:に|へ)\s*"
    r"(?:変え|変更|して|直)\S*",
    r"(?:请|帮我)?(?:把|将)?(?:邮件的?)?(?:主题|标题)(?:改成|改为|换成|设为|设成)(?P<subject>.+)",
    r"(?:请|帮我)?(?:改一下|修改|换一下|更改)(?:邮件的?)?(?:主题|标题)\s*[:：](?P<subject>.+)",
)
_SUBJECT_ONLY = (
    r"(?:please\s+)?(?:change|edit|fix|update|rewrite)\s+(?:the\s+)?subject(?:\s+line)?",
    r"(?:change[rz]?|modifie[rz]?)\s+(?:l['’\s]\s*)?objet",
    r"(?:ändere?|aendere?|andere?|änder)\s+(?:den\s+)?betreff|(?:den\s+)?betreff\s+ändern",
    r"(?:verander|wijzig)\s+(?:het\s+)?onderwerp|(?:pas\s+)?(?:het\s+)?onderwerp\s+aan(?:passen)?",
    r"(?:zmie[nń]|zamie[nń]|popraw)\s+(?:temat|tytu[lł])(?:\s+maila)?",
    r"(?:cambia(?:r)?|modifica(?:r)?)\s+(?:el\s+)?asunto",
    r"(?:cambia(?:re)?|modifica(?:re)?)\s+(?:l['’\s]\s*)?oggetto",
    r"(?:muda(?:r)?|mude|troca(?:r)?|altera(?:r)?|altere)\s+(?:o\s+)?assunto",
    r"(?:メールの)?件名を?(?:変えて|変更して)(?:ください)?",
    r"(?:改一下|修改|换一下)(?:邮件的?)?(?:主题|标题)",
)
_SUBJECT_CHANGE = tuple(re.compile(rf"^\s*{p}\s*$", re.IGNORECASE) for p in _SUBJECT_CHANGES)
_SUBJECT_ONLY_CHANGE = re.compile(
    r"^\s*(?:" + "|".join(f"(?:{p})" for p in _SUBJECT_ONLY) + r")\s*(?:please|bitte|stp"
    r"|s'il (?:te|vous) pla[iî]t|por favor)?[\s.!]*$",
    re.IGNORECASE,
)
_QUOTES = "\"'“”„«»‘’:：= "


def subject_change(text: str) -> str | None:
    """The new subject an instruction asks for, as typed ("change the subject to Lateness on
    Monday" -> "Lateness on Monday"); "" when it asks to change the subject without saying to
    what ("change the subject", "change l'objet"); None when it asks for something else.
    Politeness before it ("could you ...") is the caller's to take off
    (`language.email_edit_words.subject_change`)."""
    stripped = text.strip()
    if "\n" in stripped:
        return None
    if _SUBJECT_ONLY_CHANGE.match(stripped):
        return ""
    for pattern in _SUBJECT_CHANGE:
        found = pattern.match(stripped)
        if found:
            subject = next(value for name, value in found.groupdict().items()
                           if name.startswith("subject") and value is not None)
            return subject.strip().strip(_QUOTES).rstrip(".").strip(_QUOTES)
    return None


# "Text: Bitte sei pünktlich.", "tekst: ...", "treść: ...", "本文：...", "der Text soll sein: ...":
# a label the manager types before the email's new text, which is not part of it.
_BODY_LABEL = re.compile(
    r"^\s*(?:\*\*)?(?:"
    r"(?:the\s+)?(?:new\s+)?(?:body|message|text|email\s+text)(?:\s+should\s+be)?"
    r"|(?:der\s+)?(?:neue\s+)?(?:text(?:\s+der\s+e-?mail)?|nachricht|inhalt|mailtext|e-?mail-?text)"
    r"(?:\s+(?:soll|sollte)\s+(?:sein|lauten|heißen|heissen))?"
    r"|(?:de\s+)?(?:nieuwe\s+)?(?:tekst(?:\s+van\s+de\s+e-?mail)?|bericht|inhoud)"
    r"(?:\s+moet\s+(?:zijn|worden))?"
    r"|(?:nowa\s+)?(?:tre[sś][cć]|tekst|wiadomo[sś][cć])(?:\s+(?:ma|powinna)\s+by[cć])?"
    r"|(?:le\s+)?(?:nouveau\s+)?(?:texte|corps|message)"
    r"|(?:el\s+)?(?:nuevo\s+)?(?:texto|cuerpo|mensaje)"
    r"|(?:il\s+)?(?:nuovo\s+)?(?:testo|corpo|messaggio)"
    r"|(?:o\s+)?(?:novo\s+)?(?:texto|corpo|mensagem)"
    r"|本文|メール本文|正文|邮件正文|内容|邮件内容"
    r")(?:\*\*)?\s*[:：]\s*(?P<body>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)


def labelled_body(text: str) -> str | None:
    """The email text a message gives after a label ("Text: Bitte sei pünktlich." -> "Bitte
    sei pünktlich."), or None when it opens with no such label."""
    found = _BODY_LABEL.match(text)
    return found.group("body").strip() if found else None


def with_paragraph(body: str, paragraph: str, sender: Sequence[str]) -> str:
    """The body with a paragraph added after its text: before the closing when the last
    paragraph signs it with the sender's name ("Kind regards,\nMaria Lopez"), else at its end."""
    paragraphs = [p for p in _PARAGRAPH_BREAK.split(body.strip()) if p.strip()]
    last = paragraphs[-1].casefold() if paragraphs else ""
    signed = len(paragraphs) > 1 and any(
        name.casefold() in last for name in sender if name.strip())
    if signed:
        paragraphs.insert(len(paragraphs) - 1, paragraph)
    else:
        paragraphs.append(paragraph)
    return "\n\n".join(paragraphs)
