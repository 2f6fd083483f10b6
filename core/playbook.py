"""One offline playbook: a decision guide for one kind of employee situation, parsed from markdown.

A playbook file (prompts/playbooks/<id>.md) has a front matter block (`id`, `title`), a heading
and description for authors (not used), and these `## ` sections: Keywords (one
`- <lang>: phrase, phrase` line per language), Acknowledgement, Clarifying questions (bullets),
Recommendation, If it continues, Policy answer, and Cautions (bullets).

A decision guide adds, optionally:
- tags on the clarifying questions naming the facts each one asks about
  (`- [spoken_to!] Have you spoken to {employee} about it yet?`; `!` marks a fact the advisor
  must know before it recommends, so it asks again once if the answer did not say);
- further recommendations, one per next step, as `## Recommendation: <step> (<action>)`
  where the action (call, email, hr, none) is the flow the text offers (`hr`: the hand-over
  to HR, 'say "talk to a person"'; the plain
  `## Recommendation` is the step `default`);
- a `## Decision guide` of ordered bullets `if <fact>=<yes|no> [and ...]: <step>` and
  `otherwise: <step>` (`!=` also works): the first rule whose conditions hold picks the step.

Follow-up questions about the advice (core.advice_topic: what to say, documenting, a warning,
dismissal, a denial, timing, HR) are answered from the parts tagged with their topic: a numbered
item of a recommendation (`1. [document, timing] Write down the facts today ...`), a caution
(`- [say] Stay neutral ...`) or the If it continues text (opening with `[warning, hr]`). A
translation takes the tags of the English file, item by item: it must have as many numbered
items in each recommendation, and as many cautions.

A translation (prompts/playbooks/<lang>/<id>.md, front matter `id` and `language`) gives the
same texts in another language: `parse_translation` takes everything else from the English file.
A variant (prompts/playbooks/<id>.<variant>.md and <lang>/<id>.<variant>.md, front matter `id`,
`language` and `variant`) gives the texts of one language for a form of the situation the
facts tell apart (`PlaybookVariant`: lateness that is only leaving early), read over the texts
of that language as a regional variant is; the facts pick it with `variant_for`.
Only the clarifying turn may ask questions: the other texts are statements, so the action
detectors read them as advice. `{employee}` in a text stands for the employee's first name (or
"the employee" when nobody was named).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from core.advice_topic import AdviceTopic
from core.situation_facts import Fact, SituationFacts

EMPLOYEE_PLACEHOLDER = "{employee}"
# After a preposition that takes the dative ("mit {employee_dative}"): German declines the
# generic "the employee" there.
EMPLOYEE_DATIVE_PLACEHOLDER = "{employee_dative}"
# As an object ("Konnten Sie {employee_accusative} erreichen?"): the German accusative.
EMPLOYEE_ACCUSATIVE_PLACEHOLDER = "{employee_accusative}"
UNNAMED_EMPLOYEE = "the employee"
DEFAULT_STEP = "default"
ENGLISH = "en"
_UNNAMED = {
    "en": "the employee",
    "fr": "votre salarié",
    "es": "el empleado",
    "de": "die Mitarbeiterin oder der Mitarbeiter",
    "it": "il collaboratore",
    "pt": "o colaborador",
    "nl": "de medewerker",
    "pl": "pracownik",
    "ja": "その従業員",
    "zh": "该员工",
}
_UNNAMED_DATIVE = {"de": "der Mitarbeiterin oder dem Mitarbeiter"}
_UNNAMED_ACCUSATIVE = {"de": "die Mitarbeiterin oder den Mitarbeiter"}
# Japanese speaks of a colleague by name with さん ("Bobさん"); the generic "その従業員" takes none.
_HONORIFIC = {"ja": "さん"}
_ES_CONTRACTION = re.compile(r"\b([Aa]|[Dd]e) \{employee\}")
_PT_CONTRACTION = re.compile(r"\b([Aa]|[Dd]e|[Ee]m|[Pp]or) \{employee\}")
_PT_CONTRACTED = {"a": "ao", "de": "do", "em": "no", "por": "pelo"}
# Polish cannot decline a name in a template: the name stands in brackets after a declined noun
# ("z pracownikiem ({employee})"), and the brackets go when nobody was named.
_NAME_IN_BRACKETS = " ({employee})"
_KEEP_IN_MIND = {
    "en": "Please keep in mind:",
    "fr": "À garder en tête :",
    "es": "Tenga en cuenta:",
    "de": "Bitte beachten Sie:",
    "it": "Tenga presente:",
    "pt": "Tenha em conta:",
    "pt-BR": "Tenha em mente:",
    "nl": "Let hierbij op:",
    "pl": "Pamiętaj:",
    "ja": "ご留意いただきたい点：",
    "zh": "请注意：",
}
# The action of a recommendation that offers to put the manager through to HR.
HAND_OVER_ACTION = "hr"
_ACTIONS = frozenset({"call", "email", HAND_OVER_ACTION, "none"})


class PlaybookVariant(StrEnum):
    """A form of a situation whose texts name it as the manager described it."""

    # Lateness the manager described only as leaving before the end of the shift: the advice
    # speaks of leaving early, never of arriving late.
    LEFT_EARLY = "left_early"


def variant_for(facts: SituationFacts) -> PlaybookVariant | None:
    """The variant of the texts these facts call for (None: the playbook's own)."""
    return PlaybookVariant.LEFT_EARLY if facts.leaves_early_only else None
_TAGS = re.compile(r"^\[(?P<tags>[a-z_!,\s]+)\]\s*")
_RULE = re.compile(r"^if\s+(?P<conditions>.+?)\s*:\s*(?P<step>[a-z_]+)$")
_CONDITION = re.compile(r"^(?P<fact>[a-z_]+)\s*(?P<op>!?=)\s*(?P<value>yes|no)$")
_STEP_HEADING = re.compile(
    r"^recommendation(?::\s*(?P<step>[a-z_]+))?\s*(?:\((?P<action>[a-z]+)\))?$"
)
MAX_CLARIFYING_QUESTIONS = 3
_ID = re.compile(r"^[a-z][a-z0-9_]*$")
_LANGUAGE = re.compile(r"^[a-z]{2}$")
_REGIONAL = re.compile(r"^[a-z]{2}-[A-Z]{2}$")
_QUESTION_MARKS = ("?", "？", "¿", "؟")
_BULLET = re.compile(r"^(?:[-*]|\d+\.)\s")
_NUMBERED = re.compile(r"^\d+\.\s+")
_TOPIC_TAGS = re.compile(r"^\[(?P<tags>[a-z_,\s]+)\]\s*")
Topics = frozenset[AdviceTopic]


class PlaybookSection(StrEnum):
    """The `## ` sections a playbook file may have, by their (case-insensitive) heading."""

    KEYWORDS = "keywords"
    ACKNOWLEDGEMENT = "acknowledgement"
    CLARIFYING_QUESTIONS = "clarifying questions"
    RECOMMENDATION = "recommendation"
    IF_IT_CONTINUES = "if it continues"
    POLICY_ANSWER = "policy answer"
    CAUTIONS = "cautions"
    DECISION_GUIDE = "decision guide"


class PlaybookStage(StrEnum):
    """Which of a playbook's replies a text is: its clarifying turn, its recommendation, its
    next step when things do not improve, or its general answer to a policy question."""

    CLARIFY = "clarify"
    RECOMMEND = "recommend"
    FOLLOW_UP = "follow_up"
    POLICY = "policy"


@dataclass(frozen=True)
class DecisionRule:
    """One line of a decision guide: when every condition (fact, wanted, equal) holds, `step`."""

    conditions: tuple[tuple[Fact, bool, bool], ...]
    step: str

    def holds(self, facts: SituationFacts) -> bool:
        """Whether the facts meet every condition (an unknown fact meets only `!=`)."""
        for fact, wanted, equal in self.conditions:
            value = facts.value(fact)
            if (value == wanted) != equal:
                return False
        return True


@dataclass(frozen=True)
class Playbook:
    """A parsed playbook. `keywords` maps a language code ("en", "fr", ...) to its phrases;
    `question_facts` the facts each clarifying question asks about; `steps` the
    recommendation text of each next step (`default` is `recommendation`), and
    `step_actions` the flow each one offers; `rules` the decision guide; `language` the
    language of the texts."""

    id: str
    title: str
    keywords: Mapping[str, tuple[str, ...]] = field(hash=False)
    acknowledgement: str
    questions: tuple[str, ...]
    recommendation: str
    policy_answer: str
    follow_up: str = ""
    cautions: tuple[str, ...] = ()
    question_facts: tuple[tuple[Fact, ...], ...] = ()
    decisive: frozenset[Fact] = frozenset()
    steps: Mapping[str, str] = field(default_factory=dict, hash=False)
    step_actions: Mapping[str, str] = field(default_factory=dict, hash=False)
    rules: tuple[DecisionRule, ...] = ()
    language: str = ENGLISH
    item_topics: Mapping[str, tuple[Topics, ...]] = field(default_factory=dict, hash=False)
    caution_topics: tuple[Topics, ...] = ()
    follow_up_topics: Topics = frozenset()
    variant: str = ""

    def __post_init__(self) -> None:
        if not _ID.match(self.id):
            raise ValueError(f"playbook id {self.id!r} must be lower_snake_case")
        if self.variant and self.variant not in set(PlaybookVariant):
            raise ValueError(f"playbook {self.id}: unknown variant {self.variant!r}; known: "
                             f"{', '.join(PlaybookVariant)}")
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
        if self.question_facts and len(self.question_facts) != len(self.questions):
            raise ValueError(f"playbook {self.id}: one fact tag list per question")
        for rule in self.rules:
            if rule.step != DEFAULT_STEP and rule.step not in self.steps:
                raise ValueError(f"playbook {self.id}: the decision guide names an unknown "
                                 f"step {rule.step!r}")
        for step, action in self.step_actions.items():
            if action not in _ACTIONS:
                raise ValueError(f"playbook {self.id}: step {step}: unknown action {action!r}")
        for step, topics in self.item_topics.items():
            if len(topics) != len(numbered_items(self.step_text(step))):
                raise ValueError(f"playbook {self.id}: recommendation {step!r} needs "
                                 f"{len(topics)} numbered items, as the English one has")
        if self.caution_topics and len(self.caution_topics) != len(self.cautions):
            raise ValueError(f"playbook {self.id}: {len(self.caution_topics)} cautions expected, "
                             "as the English file has")
        statements = (self.acknowledgement, self.recommendation, self.policy_answer,
                      self.follow_up, *self.cautions, *self.steps.values())
        if any(mark in text for text in statements for mark in _QUESTION_MARKS):
            raise ValueError(
                f"playbook {self.id}: only the clarifying questions may ask something"
            )

    @property
    def base_language(self) -> str:
        """The language of the texts without its region ("pt-BR" -> "pt")."""
        return self.language.split("-")[0]

    @property
    def keyword_phrases(self) -> tuple[str, ...]:
        """Every keyword phrase, all languages together."""
        return tuple(phrase for phrases in self.keywords.values() for phrase in phrases)

    def template(self, stage: PlaybookStage, step: str = DEFAULT_STEP) -> str:
        """The reply text of a stage (for RECOMMEND, of a step), with `{employee}` still in it
        ("" when the playbook has no text for that stage)."""
        if stage is PlaybookStage.CLARIFY:
            bullets = "\n".join(f"- {question}" for question in self.questions)
            return f"{self.acknowledgement}\n\n{bullets}" if self.acknowledgement else bullets
        body = {
            PlaybookStage.RECOMMEND: self.step_text(step),
            PlaybookStage.FOLLOW_UP: self.follow_up,
            PlaybookStage.POLICY: self.policy_answer,
        }[stage]
        if not body:
            return ""
        if self.cautions and stage is not PlaybookStage.FOLLOW_UP:
            cautions = "\n".join(f"- {caution}" for caution in self.cautions)
            heading = _KEEP_IN_MIND.get(self.language) or _KEEP_IN_MIND.get(
                self.base_language, _KEEP_IN_MIND[ENGLISH])
            return f"{body}\n\n{heading}\n{cautions}"
        return body

    def render(
        self, stage: PlaybookStage, employee: str | None, step: str = DEFAULT_STEP
    ) -> str:
        """The reply text of a stage for an employee's first name (None: "the employee")."""
        return self.fill_employee(self.template(stage, step), employee)

    def fill_employee(self, text: str, employee: str | None) -> str:
        """`text` with `{employee}` replaced by the first name (None: "the employee", in the
        playbook's language; in Japanese the name takes さん)."""
        if employee:
            employee = employee + _HONORIFIC.get(self.base_language, "")
        unnamed = _UNNAMED.get(self.base_language, UNNAMED_EMPLOYEE)
        dative = _UNNAMED_DATIVE.get(self.base_language, unnamed)
        accusative = _UNNAMED_ACCUSATIVE.get(self.base_language, unnamed)
        if employee is None and self.base_language == "es":
            # "a el empleado" / "de el empleado" contract, as Spanish always does.
            text = _ES_CONTRACTION.sub(r"\1l empleado", text)
        elif employee is None and self.base_language == "pt":
            # "de o colaborador" / "a o colaborador" contract, as Portuguese always does.
            text = _PT_CONTRACTION.sub(_pt_contracted, text)
        elif employee is None:
            text = text.replace(_NAME_IN_BRACKETS, "")
        return (text.replace(EMPLOYEE_DATIVE_PLACEHOLDER, employee or dative)
                .replace(EMPLOYEE_ACCUSATIVE_PLACEHOLDER, employee or accusative)
                .replace(EMPLOYEE_PLACEHOLDER, employee or unnamed))

    def step_text(self, step: str) -> str:
        """The recommendation of a step (the default one for an unknown step)."""
        return self.steps.get(step, self.recommendation)

    def answer_parts(self, topic: AdviceTopic, step: str = DEFAULT_STEP) -> tuple[str, ...]:
        """What the playbook says about a follow-up `topic` once `step` was recommended, with
        `{employee}` still in it: the step's numbered items tagged with it, then the If it
        continues text and the cautions when tagged with it; () when nothing is."""
        items = numbered_items(self.step_text(step))
        tags = self.item_topics.get(step if step in self.steps else DEFAULT_STEP, ())
        parts = [item for item, topics in zip(items, tags, strict=False) if topic in topics]
        if topic in self.follow_up_topics and self.follow_up:
            parts.append(self.follow_up)
        parts.extend(caution for caution, topics
                     in zip(self.cautions, self.caution_topics, strict=False) if topic in topics)
        return tuple(parts)

    def action_of(self, step: str) -> str:
        """The flow a step's recommendation offers ("call", "email", "hr", "none"), or "" when the
        file does not say."""
        return self.step_actions.get(step, "")

    def decide(self, facts: SituationFacts) -> str:
        """The next step for these facts: the first decision rule that holds (`default`
        without a decision guide or when none holds)."""
        for rule in self.rules:
            if rule.holds(facts):
                return rule.step
        return DEFAULT_STEP

    @property
    def facts_used(self) -> frozenset[Fact]:
        """Every fact the decision guide looks at."""
        return frozenset(fact for rule in self.rules for fact, _, _ in rule.conditions)

    def open_questions(self, facts: SituationFacts) -> tuple[int, ...]:
        """The indexes of the clarifying questions not yet answered by the facts (a question
        without tags is never answered beforehand)."""
        if not self.question_facts:
            return tuple(range(len(self.questions)))
        return tuple(
            index for index, tags in enumerate(self.question_facts)
            if not tags or any(facts.value(fact) is None for fact in tags)
        )

    def missing_decisive(self, facts: SituationFacts) -> tuple[int, ...]:
        """The indexes of the questions asking for a decisive fact that is still unknown and
        would change the decision (a wellbeing step does not wait for "spoken to?")."""
        return tuple(
            index for index, tags in enumerate(self.question_facts)
            if any(fact in self.decisive and facts.value(fact) is None
                   and self._depends_on(facts, fact) for fact in tags)
        )

    def _depends_on(self, facts: SituationFacts, fact: Fact) -> bool:
        if fact is Fact.OCCURRENCES:
            return True
        outcomes = {self.decide(facts.with_fact(fact, value)) for value in (True, False)}
        return len(outcomes) > 1

    def asked_facts(self, indexes: tuple[int, ...]) -> tuple[Fact, ...]:
        """The facts the questions at `indexes` ask about, in order."""
        if not self.question_facts:
            return ()
        return tuple(fact for index in indexes for fact in self.question_facts[index])

    def stage_of(self, text: str) -> PlaybookStage | None:
        """Which of this playbook's replies `text` is, whatever employee name it was rendered
        with (a clarifying turn: any of its questions as a bullet); None when it is none."""
        for stage in PlaybookStage:
            if _template_pattern(self.template(stage)).fullmatch(text.strip()):
                return stage
        for step in self.steps:
            if _template_pattern(self.template(PlaybookStage.RECOMMEND, step)).fullmatch(
                text.strip()
            ):
                return PlaybookStage.RECOMMEND
        lines = [line[2:] for line in text.strip().split("\n") if line.startswith("- ")]
        if any(_template_pattern(question).fullmatch(line)
               for question in self.questions for line in lines):
            return PlaybookStage.CLARIFY
        return None


def _pt_contracted(found: re.Match[str]) -> str:
    word = found.group(1)
    contracted = _PT_CONTRACTED[word.lower()]
    if word[0].isupper():
        contracted = contracted.capitalize()
    return f"{contracted} colaborador"


_ANY_EMPLOYEE = re.compile(r"( \(\{employee\}\)|\{employee(?:_dative)?\})")


def _template_pattern(template: str) -> re.Pattern[str]:
    if not template:
        return re.compile(r"(?!)")
    parts = _ANY_EMPLOYEE.split(template.strip())
    pattern = "".join(
        re.escape(part) if index % 2 == 0
        else r"(?: \(.+?\))?" if part == _NAME_IN_BRACKETS else r".+?"
        for index, part in enumerate(parts)
    )
    return re.compile(pattern, re.DOTALL)


def parse_playbook(text: str, *, source: str) -> Playbook:
    """Parse a playbook file's text; `source` (the file name) goes into error messages.

    Raises ValueError saying what is missing or malformed.
    """
    front, body = _front_matter(text, source)
    sections, steps = _sections(body, source)
    try:
        item_topics: dict[str, tuple[Topics, ...]] = {}
        for step, (step_text, action) in list(steps.items()):
            step_text, item_topics[step] = _topic_items(step_text)
            steps[step] = (step_text, action)
        default_text, item_topics[DEFAULT_STEP] = _topic_items(
            sections.get(PlaybookSection.RECOMMENDATION, ""))
        follow_up_topics, follow_up = _topic_tags(
            sections.get(PlaybookSection.IF_IT_CONTINUES, "").strip())
        cautions, caution_topics = _tagged_cautions(
            _bullets(sections.get(PlaybookSection.CAUTIONS, "")))
        questions, tags, decisive = _tagged_questions(
            _bullets(sections.get(PlaybookSection.CLARIFYING_QUESTIONS, ""))
        )
        return Playbook(
            id=front.get("id", ""),
            title=front.get("title", ""),
            keywords=_keywords(sections.get(PlaybookSection.KEYWORDS, ""), source),
            acknowledgement=_paragraphs(sections.get(PlaybookSection.ACKNOWLEDGEMENT, "")),
            questions=questions,
            recommendation=_paragraphs(default_text),
            policy_answer=_paragraphs(sections.get(PlaybookSection.POLICY_ANSWER, "")),
            follow_up=_paragraphs(follow_up),
            cautions=cautions,
            question_facts=tags if any(tags) else (),
            decisive=decisive,
            steps={step: _paragraphs(text) for step, (text, _) in steps.items()
                   if step != DEFAULT_STEP},
            step_actions={step: action for step, (_, action) in steps.items() if action},
            rules=_rules(sections.get(PlaybookSection.DECISION_GUIDE, "")),
            item_topics={step: topics for step, topics in item_topics.items() if any(topics)},
            caution_topics=caution_topics if any(caution_topics) else (),
            follow_up_topics=follow_up_topics,
        )
    except ValueError as error:
        raise ValueError(f"{source}: {error}") from error


def parse_translation(
    text: str, base: Playbook, *, source: str, fallback: Playbook | None = None
) -> Playbook:
    """A playbook's texts in another language (front matter `id`, `language`), with the
    keywords, question tags, steps and decision guide of `base`.

    With `fallback` (the playbook's translation in the language, "pt"), the file is a regional
    variant ("language: pt-BR") that holds only the sections whose regional form differs: the
    title, each section and each step recommendation it leaves out are the fallback's. So is a
    file with a `variant` (`PlaybookVariant`), over the texts of its own language (`fallback`,
    the English playbook itself for English).

    Raises ValueError when the file does not match `base` (another id, another number of
    questions, a step missing or unknown, a section a translation may not have).
    """
    front, body = _front_matter(text, source)
    sections, steps = _sections(body, source)
    language = front.get("language", "")
    if front.get("id") != base.id:
        raise ValueError(f"{source}: the id must be {base.id!r}")
    variant = front.get("variant", "")
    if variant:
        if fallback is None or language != fallback.language:
            raise ValueError(f"{source}: a variant is read over the texts of its own language: "
                             f"'language' must be {getattr(fallback, 'language', '')!r}")
    elif fallback is not None:
        if not _REGIONAL.match(language) or language.split("-")[0] != fallback.language:
            raise ValueError(f"{source}: 'language' must be a region of {fallback.language!r} "
                             f"such as '{fallback.language}-BR'")
    elif not _LANGUAGE.match(language) or language == ENGLISH:
        raise ValueError(f"{source}: 'language' must be a two-letter code other than en")
    for own in (PlaybookSection.KEYWORDS, PlaybookSection.DECISION_GUIDE):
        if own in sections:
            raise ValueError(f"{source}: a translation has no {own!s} section")
    steps.pop(DEFAULT_STEP, None)
    if fallback is None and set(steps) != set(base.steps):
        raise ValueError(f"{source}: the recommendations must be those of {base.id}.md: "
                         f"{', '.join(sorted(base.steps)) or 'the default one only'}")
    if fallback is not None and not set(steps) <= set(base.steps):
        raise ValueError(f"{source}: the recommendations must be among those of {base.id}.md: "
                         f"{', '.join(sorted(base.steps)) or 'the default one only'}")
    questions = fallback.questions if fallback else ()
    if PlaybookSection.CLARIFYING_QUESTIONS in sections:
        questions, _, _ = _tagged_questions(
            _bullets(sections[PlaybookSection.CLARIFYING_QUESTIONS]))
    if len(questions) != len(base.questions):
        raise ValueError(f"{source}: {len(base.questions)} clarifying questions expected")

    def text_of(section: PlaybookSection, kept: str) -> str:
        # A full translation says every text it has; a regional variant keeps the rest.
        if section in sections:
            return _paragraphs(sections[section])
        return kept if fallback else ""

    kept = fallback or base
    try:
        return Playbook(
            id=base.id, title=front.get("title") or kept.title, keywords=base.keywords,
            acknowledgement=text_of(PlaybookSection.ACKNOWLEDGEMENT, kept.acknowledgement),
            questions=questions,
            recommendation=text_of(PlaybookSection.RECOMMENDATION, kept.recommendation),
            policy_answer=text_of(PlaybookSection.POLICY_ANSWER, kept.policy_answer),
            follow_up=text_of(PlaybookSection.IF_IT_CONTINUES, kept.follow_up),
            cautions=(fallback.cautions if fallback and PlaybookSection.CAUTIONS not in sections
                      else _bullets(sections.get(PlaybookSection.CAUTIONS, ""))),
            question_facts=base.question_facts, decisive=base.decisive,
            steps={**(fallback.steps if fallback else {}),
                   **{step: _paragraphs(text) for step, (text, _) in steps.items()}},
            step_actions=base.step_actions, rules=base.rules, language=language,
            item_topics=base.item_topics, caution_topics=base.caution_topics,
            follow_up_topics=base.follow_up_topics, variant=variant,
        )
    except ValueError as error:
        raise ValueError(f"{source}: {error}") from error


def _tagged_questions(
    items: tuple[str, ...],
) -> tuple[tuple[str, ...], tuple[tuple[Fact, ...], ...], frozenset[Fact]]:
    """Questions without their `[fact, fact!]` tags; the tags; the decisive facts."""
    questions: list[str] = []
    tags: list[tuple[Fact, ...]] = []
    decisive: set[Fact] = set()
    for item in items:
        found = _TAGS.match(item)
        facts: list[Fact] = []
        if found:
            for name in (n.strip() for n in found.group("tags").split(",") if n.strip()):
                fact = _fact(name.rstrip("!"))
                facts.append(fact)
                if name.endswith("!"):
                    decisive.add(fact)
            item = item[found.end():]
        questions.append(item)
        tags.append(tuple(facts))
    return tuple(questions), tuple(tags), frozenset(decisive)


def numbered_items(text: str) -> tuple[str, ...]:
    """The numbered items of a recommendation ("1. Write down ..."), without their numbers."""
    return tuple(_NUMBERED.sub("", line) for line in text.split("\n") if _NUMBERED.match(line))


def _topic_tags(text: str) -> tuple[Topics, str]:
    """The `[topic, topic]` tags a text opens with, and the text without them."""
    found = _TOPIC_TAGS.match(text)
    if not found:
        return frozenset(), text
    topics = set()
    for name in (n.strip() for n in found.group("tags").split(",") if n.strip()):
        try:
            topics.add(AdviceTopic(name))
        except ValueError:
            known = ", ".join(str(topic) for topic in AdviceTopic)
            raise ValueError(f"unknown follow-up topic {name!r} (known: {known})") from None
    return frozenset(topics), text[found.end():]


def _topic_items(text: str) -> tuple[str, tuple[Topics, ...]]:
    """A recommendation without the tags of its numbered items; each item's topics."""
    lines: list[str] = []
    topics: list[Topics] = []
    for line in text.split("\n"):
        number = _NUMBERED.match(line.strip())
        if number:
            tags, rest = _topic_tags(line.strip()[number.end():])
            topics.append(tags)
            line = f"{number.group()}{rest}"
        lines.append(line)
    return "\n".join(lines), tuple(topics)


def _tagged_cautions(items: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[Topics, ...]]:
    """The cautions without their tags, and each one's topics."""
    tagged = [_topic_tags(item) for item in items]
    return tuple(text for _, text in tagged), tuple(topics for topics, _ in tagged)


def _fact(name: str) -> Fact:
    try:
        return Fact(name)
    except ValueError:
        known = ", ".join(str(fact) for fact in Fact)
        raise ValueError(f"unknown fact {name!r} (known: {known})") from None


def _rules(text: str) -> tuple[DecisionRule, ...]:
    rules: list[DecisionRule] = []
    for item in _bullets(text):
        line = item.strip().lower()
        if line.startswith("otherwise"):
            rules.append(DecisionRule((), line.partition(":")[2].strip() or DEFAULT_STEP))
            continue
        found = _RULE.match(line)
        if not found:
            raise ValueError(f"decision guide line {item!r} is not 'if <fact>=<yes|no>: <step>'")
        conditions: list[tuple[Fact, bool, bool]] = []
        for part in re.split(r"\s+and\s+", found.group("conditions")):
            condition = _CONDITION.match(part.strip())
            if not condition:
                raise ValueError(f"decision guide condition {part!r} is not <fact>=<yes|no>")
            conditions.append((_fact(condition.group("fact")), condition.group("value") == "yes",
                               condition.group("op") == "="))
        rules.append(DecisionRule(tuple(conditions), found.group("step")))
    return tuple(rules)


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


def _sections(
    body: str, source: str
) -> tuple[dict[PlaybookSection, str], dict[str, tuple[str, str]]]:
    """The sections by kind, and the step recommendations as step -> (text, action)."""
    sections: dict[PlaybookSection, str] = {}
    steps: dict[str, tuple[str, str]] = {}
    current: PlaybookSection | str | None = None
    action = ""
    collected: list[str] = []

    def close() -> None:
        if isinstance(current, PlaybookSection):
            sections[current] = "\n".join(collected).strip()
        elif current is not None:
            steps[current] = ("\n".join(collected).strip(), action)

    for line in body.split("\n"):
        if line.startswith("## "):
            close()
            heading = line[3:].strip().lower()
            step = _STEP_HEADING.match(heading)
            if step and step.group("step") is None:
                heading = str(PlaybookSection.RECOMMENDATION)
                if step.group("action"):
                    steps[DEFAULT_STEP] = ("", step.group("action"))
                step = None
            if step:
                current, action = step.group("step"), step.group("action") or ""
                if current in steps or current == DEFAULT_STEP:
                    raise ValueError(f"{source}: recommendation {current!r} appears twice")
            else:
                try:
                    current = PlaybookSection(heading)
                except ValueError:
                    raise ValueError(f"{source}: unknown section {line[3:].strip()!r}") from None
                if current in sections:
                    raise ValueError(f"{source}: section {heading!r} appears twice")
            collected = []
        elif current is not None:
            collected.append(line)
    close()
    return sections, steps


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
