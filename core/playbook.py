"""One offline playbook: how ERA handles one kind of employee situation, parsed from markdown.

A playbook file (prompts/playbooks/<id>.md) has a front matter block (`id`, `title`), a heading
and description for authors (not used), and these `## ` sections: Keywords (one
`- <lang>: phrase, phrase` line per language), Acknowledgement, Clarifying questions (bullets),
Recommendation, If it continues, Policy answer, and Cautions (bullets). Only the clarifying turn
may ask questions: the other texts are statements, so the action detectors read them as advice,
and the offline advisor can tell its own clarifying turn from its other replies. `{employee}` in
a text stands for the employee's first name (or "the employee" when nobody was named).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

EMPLOYEE_PLACEHOLDER = "{employee}"
UNNAMED_EMPLOYEE = "the employee"
MAX_CLARIFYING_QUESTIONS = 3
_ID = re.compile(r"^[a-z][a-z0-9_]*$")
_LANGUAGE = re.compile(r"^[a-z]{2}$")
_QUESTION_MARKS = ("?", "？", "¿", "؟")
_BULLET = re.compile(r"^(?:[-*]|\d+\.)\s")


class PlaybookSection(StrEnum):
    """The `## ` sections a playbook file may have, by their (case-insensitive) heading."""

    KEYWORDS = "keywords"
    ACKNOWLEDGEMENT = "acknowledgement"
    CLARIFYING_QUESTIONS = "clarifying questions"
    RECOMMENDATION = "recommendation"
    IF_IT_CONTINUES = "if it continues"
    POLICY_ANSWER = "policy answer"
    CAUTIONS = "cautions"


class PlaybookStage(StrEnum):
    """Which of a playbook's replies a text is: its clarifying turn, its recommendation, its
    next step when things do not improve, or its general answer to a policy question."""

    CLARIFY = "clarify"
    RECOMMEND = "recommend"
    FOLLOW_UP = "follow_up"
    POLICY = "policy"


@dataclass(frozen=True)
class Playbook:
    """A parsed playbook. `keywords` maps a language code ("en", "fr", ...) to its phrases."""

    id: str
    title: str
    keywords: Mapping[str, tuple[str, ...]] = field(hash=False)
    acknowledgement: str
    questions: tuple[str, ...]
    recommendation: str
    policy_answer: str
    follow_up: str = ""
    cautions: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not _ID.match(self.id):
            raise ValueError(f"playbook id {self.id!r} must be lower_snake_case")
        if not self.title.strip():
            raise ValueError(f"playbook {self.id}: the title is empty")
        if not any(self.keywords.values()):
            raise ValueError(f"playbook {self.id}: no keywords")
        for language in self.keywords:
            if not _LANGUAGE.match(language):
                raise ValueError(f"playbook {self.id}: {language!r} is not a language code")
        if not 1 <= len(self.questions) <= MAX_CLARIFYING_QUESTIONS:
            raise ValueError(
                f"playbook {self.id}: 1 to {MAX_CLARIFYING_QUESTIONS} clarifying questions"
            )
        for question in self.questions:
            if not question.rstrip().endswith(_QUESTION_MARKS):
                raise ValueError(f"playbook {self.id}: {question!r} is not a question")
        if not self.recommendation.strip() or not self.policy_answer.strip():
            raise ValueError(f"playbook {self.id}: a recommendation and a policy answer are needed")
        statements = (self.acknowledgement, self.recommendation, self.policy_answer,
                      self.follow_up, *self.cautions)
        if any(mark in text for text in statements for mark in _QUESTION_MARKS):
            raise ValueError(
                f"playbook {self.id}: only the clarifying questions may ask something"
            )

    @property
    def keyword_phrases(self) -> tuple[str, ...]:
        """Every keyword phrase, all languages together."""
        return tuple(phrase for phrases in self.keywords.values() for phrase in phrases)

    def template(self, stage: PlaybookStage) -> str:
        """The reply text of a stage, with `{employee}` still in it ("" when the playbook has
        no text for that stage)."""
        if stage is PlaybookStage.CLARIFY:
            bullets = "\n".join(f"- {question}" for question in self.questions)
            return f"{self.acknowledgement}\n\n{bullets}" if self.acknowledgement else bullets
        body = {
            PlaybookStage.RECOMMEND: self.recommendation,
            PlaybookStage.FOLLOW_UP: self.follow_up,
            PlaybookStage.POLICY: self.policy_answer,
        }[stage]
        if not body:
            return ""
        if self.cautions and stage is not PlaybookStage.FOLLOW_UP:
            cautions = "\n".join(f"- {caution}" for caution in self.cautions)
            return f"{body}\n\nPlease keep in mind:\n{cautions}"
        return body

    def render(self, stage: PlaybookStage, employee: str | None) -> str:
        """The reply text of a stage for an employee's first name (None: "the employee")."""
        return self.template(stage).replace(EMPLOYEE_PLACEHOLDER, employee or UNNAMED_EMPLOYEE)

    def stage_of(self, text: str) -> PlaybookStage | None:
        """Which of this playbook's replies `text` is, whatever employee name it was rendered
        with; None when it is none of them."""
        for stage in PlaybookStage:
            if _template_pattern(self.template(stage)).fullmatch(text.strip()):
                return stage
        return None


def _template_pattern(template: str) -> re.Pattern[str]:
    if not template:
        return re.compile(r"(?!)")
    parts = (re.escape(part) for part in template.strip().split(EMPLOYEE_PLACEHOLDER))
    return re.compile(r".+?".join(parts), re.DOTALL)


def parse_playbook(text: str, *, source: str) -> Playbook:
    """Parse a playbook file's text; `source` (the file name) goes into error messages.

    Raises ValueError saying what is missing or malformed.
    """
    front, body = _front_matter(text, source)
    sections = _sections(body, source)
    try:
        return Playbook(
            id=front.get("id", ""),
            title=front.get("title", ""),
            keywords=_keywords(sections.get(PlaybookSection.KEYWORDS, ""), source),
            acknowledgement=_paragraphs(sections.get(PlaybookSection.ACKNOWLEDGEMENT, "")),
            questions=_bullets(sections.get(PlaybookSection.CLARIFYING_QUESTIONS, "")),
            recommendation=_paragraphs(sections.get(PlaybookSection.RECOMMENDATION, "")),
            policy_answer=_paragraphs(sections.get(PlaybookSection.POLICY_ANSWER, "")),
            follow_up=_paragraphs(sections.get(PlaybookSection.IF_IT_CONTINUES, "")),
            cautions=_bullets(sections.get(PlaybookSection.CAUTIONS, "")),
        )
    except ValueError as error:
        raise ValueError(f"{source}: {error}") from error


def _front_matter(text: str, source: str) -> tuple[dict[str, str], str]:
    lines = text.replace("\r\n", "\n").split("\n")
    if not lines or lines[0].strip() != "---":
        raise ValueError(f"{source}: the file must open with a '---' front matter block")
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].strip() == "---")
    except StopIteration:
        raise ValueError(f"{source}: the front matter block is not closed with '---'") from None
    front: dict[str, str] = {}
    for line in lines[1:end]:
        if not line.strip():
            continue
        key, colon, value = line.partition(":")
        if not colon:
            raise ValueError(f"{source}: front matter line {line!r} is not 'key: value'")
        front[key.strip().lower()] = value.strip()
    return front, "\n".join(lines[end + 1 :])


def _sections(body: str, source: str) -> dict[PlaybookSection, str]:
    sections: dict[PlaybookSection, str] = {}
    current: PlaybookSection | None = None
    collected: list[str] = []
    for line in body.split("\n"):
        if line.startswith("## "):
            if current is not None:
                sections[current] = "\n".join(collected).strip()
            heading = line[3:].strip().lower()
            try:
                current = PlaybookSection(heading)
            except ValueError:
                raise ValueError(f"{source}: unknown section {line[3:].strip()!r}") from None
            if current in sections:
                raise ValueError(f"{source}: section {heading!r} appears twice")
            collected = []
        elif current is not None:
            collected.append(line)
    if current is not None:
        sections[current] = "\n".join(collected).strip()
    return sections


def _bullets(text: str) -> tuple[str, ...]:
    items: list[str] = []
    for line in text.split("\n"):
        stripped = line.strip()
        if stripped.startswith(("- ", "* ")):
            items.append(stripped[2:].strip())
        elif stripped and items:
            items[-1] = f"{items[-1]} {stripped}"
    return tuple(items)


def _paragraphs(text: str) -> str:
    """Markdown paragraphs as the bot sends them: the lines of a paragraph joined with spaces,
    each bullet on its own line, paragraphs separated by a blank line."""
    paragraphs: list[str] = []
    for block in re.split(r"\n\s*\n", text.strip()):
        joined = ""
        for line in (line.strip() for line in block.split("\n")):
            if not line:
                continue
            if not joined:
                joined = line
            elif _BULLET.match(line):
                joined = f"{joined}\n{line}"
            else:
                joined = f"{joined} {line}"
        if joined:
            paragraphs.append(joined)
    return "\n\n".join(paragraphs)


def _keywords(text: str, source: str) -> dict[str, tuple[str, ...]]:
    keywords: dict[str, tuple[str, ...]] = {}
    for item in _bullets(text):
        language, colon, phrases = item.partition(":")
        if not colon:
            raise ValueError(f"{source}: keyword line {item!r} is not '<lang>: phrase, phrase'")
        found = tuple(p.strip() for p in phrases.split(",") if p.strip())
        keywords[language.strip().lower()] = keywords.get(language.strip().lower(), ()) + found
    return keywords
