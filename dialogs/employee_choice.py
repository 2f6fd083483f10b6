"""Which of a manager's employees a request is about, for the email and call flows.

The employee always comes from the directory: an id the advisor passed (checked to be in the
manager's store), a name in the request ("email Bob about ..."), or the manager's answer to
"who?". Two Bobs give a choice; a name from another store is refused; no name asks for one. An
answer that names nobody in the directory is told apart from one that is not a name at all (a
sentence such as "he's the new guy from the bakery"): the first says the name was not found,
the second asks for a name. Refusals ("no thanks, I'll ring him myself") never get here: the
flow ends on them first.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from core.choice_option import ChoiceOption
from core.directory import Directory
from core.hanzi_names import has_hanzi
from core.kana_names import has_kana
from core.name_matcher import find_names_in_text, look_alike, match_people, nickname_matches
from core.person import Person, PersonRole
from core.reply_interpreter import read_words
from core.text_fold import fold_text
from language import phrase
from language.catalogue import say
from language.intent_rules import intent_rules
from language.phrase import Formatted, Phrase
from language.reply_words import conversation_words

# A name is a few words ("Bob", "Alice Martin", "Jean-Luc de la Tour"), without sentence marks;
# in scripts written without spaces, a few characters ("王伟", "アリス・マーティン").
_NAME_WORDS = 4
# The words after a first name typed in lower case that may be its surname ("maria del carmen").
_SURNAME_WORDS = 2
_UNSPACED_NAME_CHARS = 10
_NOT_A_NAME = re.compile(r"[?!,;:？！，、。；：]|\d")
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


def looks_like_a_name(answer: str, *, locale: str | None = None) -> bool:
    """A few words with no sentence punctuation or digits that are not the words of a reply to
    the conversation ("thanks", "ok", "ありがとう", "no wait", "..."): something a person's
    name could be."""
    words = answer.split()
    if not 0 < len(words) <= _NAME_WORDS or _NOT_A_NAME.search(answer):
        return False
    if _UNSPACED.search(answer) and len("".join(words)) > _UNSPACED_NAME_CHARS:
        return False
    return not conversation_words(answer, locale)


@dataclass(frozen=True)
class EmployeeChoice:
    """The outcome: the person; or a question (with options when several people match); or
    a refusal saying why ERA cannot go on."""

    person: Person | None = None
    question: str | Phrase = ""
    options: tuple[ChoiceOption, ...] = ()
    refusal: str = ""
    labels: dict[str, Formatted] = field(default_factory=dict)  # the options', by option id


# "send it to Bob instead", "book it with Chen": longer, a text naming a colleague is a letter.
REDIRECT_WORDS = 8


async def store_employees(directory: Directory, manager: Person) -> list[Person]:
    """The employees of the manager's store, the manager left out."""
    return [p for p in await directory.list_people(role=PersonRole.EMPLOYEE)
            if p.store_id == manager.store_id and p.id != manager.id]


def names_someone_else(
    text: str, people: list[Person], current: object, language: str | None
) -> bool:
    """A short reply naming one of `people` other than `current` (the flow's employee id):
    "send it to Bob instead" while the email is for Alice."""
    if len(text.split()) > REDIRECT_WORDS:
        return False
    named = find_names_in_text(text, people, language=language)
    return (bool(named) and all(p.id != current for p in named)
            and not tells_about(text, named, language))


def tells_about(text: str, named: Sequence[Person], locale: str | None) -> bool:
    """Whether a short message naming `named` says something about them rather than asks for
    them instead ("Alice insulted a customer yesterday", "Alice was late again", "Alice heeft
    gisteren een klant uitgescholden" at the times of a call with Bob): it opens with the name
    (its subject, an article aside), and has two or more words of its own besides the names.
    "book it with Bob instead", "mejor con Chen", "schick sie lieber an Alice" do not.
    Japanese and Chinese, written without spaces, are not counted so."""
    if has_kana(text) or has_hanzi(text):
        return False
    names = {fold_text(part) for person in named for part in person.name.split()}
    words = fold_text(text).split()
    if not any(word.strip(",.:;!?") in names for word in words[:2]):
        # The name is no subject ("schick sie lieber an Alice"); it may follow an article
        # ("a Fatima faltou sem avisar hoje", "il Luca").
        return False
    own = [word for word in read_words(text, _REDIRECT_QUESTION, locale).own_words
           if word not in names]
    return len(own) >= 2


_REDIRECT_QUESTION = "select_person"


async def choose_employee(
    directory: Directory,
    manager: Person,
    *,
    what: str,
    employee_id: str | None = None,
    request: str = "",
    answer: str | None = None,
    named: str = "",
    group: bool = False,
    language: str = "en",
    locale: str | None = None,
) -> EmployeeChoice:
    """Resolve the employee from an id, from the manager's answer to "who?", or from the
    request text, in that order. `what` names the flow's "Who ...?" questions ("email" asks
    "Who should I email?", "call" asks "Who is the call with?"). `named` is the name the
    request gives ("book a call with John Doe" names "John"): when it is nobody in the store,
    ERA says so, offering close spellings as options, and never picks one by itself. `group`
    says the request or the answer named a group ("all staff"): with no one named, the question
    says plainly that the flow is for one person at a time. `locale` is the manager's, for
    telling a reply ("ありがとう") from a name."""
    everyone = await directory.list_people(role=PersonRole.EMPLOYEE)
    mine = [p for p in everyone if p.store_id == manager.store_id and p.id != manager.id]
    others = [p for p in everyone if p.store_id != manager.store_id]
    if employee_id:
        found = next((p for p in mine if p.id == employee_id), None)
        if found is not None:
            return EmployeeChoice(person=found)
        elsewhere = next((p for p in others if p.id == employee_id), None)
        if elsewhere is not None:
            return EmployeeChoice(refusal=say("employee.elsewhere", language,
                                              name=elsewhere.name))
        return EmployeeChoice(question=Phrase.of(f"employee.not_found.{what}"))
    who = Phrase.of(f"employee.who.{what}")
    if group:
        who = Phrase.of(f"employee.one_at_a_time.{what}", question=who)
    if answer is not None:
        matches = match_people(answer, mine, language=language)
        elsewhere = [] if matches else match_people(answer, others, language=language)
        if elsewhere:
            return EmployeeChoice(refusal=say("employee.elsewhere", language,
                                              name=elsewhere[0].name))
        if group and not matches:
            return EmployeeChoice(question=who)
        if looks_like_a_name(answer, locale=locale):
            missing = Phrase.of(f"employee.answer_not_found.{what}", answer=answer)
        else:
            missing = Phrase.of(f"employee.not_a_name.{what}")
        return _from_matches(matches, answer, what, language, missing=missing)
    found = find_names_in_text(request, mine, language=language)
    if not found:
        elsewhere_named = find_names_in_text(request, others, language=language)
        if elsewhere_named:
            return EmployeeChoice(refusal=say("employee.elsewhere", language,
                                              name=elsewhere_named[0].name))
        if named:
            written = full_name(request, named)
            # "call sofi", "a meeting with chenny": one colleague a pet name fits is the one
            # meant (the preview says the full name); several are asked about.
            nicknamed = nickname_matches(written, mine) or nickname_matches(named, mine)
            if nicknamed:
                return _from_matches(nicknamed, "", what, language, missing=who)
            return EmployeeChoice(
                question=Phrase.of(f"employee.answer_not_found.{what}", answer=written),
                **_people_choice(match_people(written, mine, language=language)
                                 or match_people(named, mine, language=language), language),
            )
    query = found[0].first_name if found else ""
    return _from_matches(found, query, what, language, missing=who)


def _from_matches(
    matches: list[Person], query: str, what: str, language: str, *, missing: Phrase
) -> EmployeeChoice:
    if len(matches) == 1:
        return EmployeeChoice(person=matches[0])
    if matches:
        same_name = len({p.first_name.casefold() for p in matches}) == 1
        question = (
            Phrase.of(f"employee.which_same_name.{what}", count=len(matches), query=query)
            if same_name and query else Phrase.of(f"employee.which_named.{what}")
        )
        return EmployeeChoice(question=question, **_people_choice(matches, language))
    return EmployeeChoice(question=missing)


def people_options(people: list[Person], language: str | None) -> tuple[ChoiceOption, ...]:
    """People as options to choose from, each labelled with their roles (and their email when
    another's name looks the same)."""
    labels = people_labels(people)
    return tuple(
        ChoiceOption(option_id=f"opt_{i + 1}", index=i,
                     label=labels[f"opt_{i + 1}"].said(language), value=p.id)
        for i, p in enumerate(people)
    )


def people_labels(people: list[Person]) -> dict[str, Formatted]:
    """The labels of `people_options`, in any language, by option id."""
    alike = look_alike(people)
    return {f"opt_{i + 1}": phrase.person_label(p.name, p.job_roles,
                                                p.email if p.id in alike else "")
            for i, p in enumerate(people)}


def _people_choice(people: list[Person], language: str) -> dict[str, Any]:
    """The options and labels of a choice among `people`."""
    return {"options": people_options(people, language), "labels": people_labels(people)}


def full_name(request: str, named: str, *, before: bool = False) -> str:
    """The name as the request writes it: `named` and the capitalised words right after it
    ("John" in "with John Doe tomorrow" is "John Doe"); with `before`, those right before it
    too ("Doe" in "swap John Doe and alice"), but never the request's first word, which is
    the verb as often as a name ("Swap John Doe ..."). A name typed in lower case takes the
    words after it that no request is made of ("john doe" in "email john doe about the
    rota", not "about"), and is said back capitalised ("John Doe")."""
    lead = r"(?<=\s)(?:[A-Z][\w'-]*\s+){0,2}?" if before else ""
    found = re.search(lead + re.escape(named) + r"(?:\s+[A-Z][\w'-]*){0,2}", request)
    if found is None and before:
        return full_name(request, named)
    written = found.group(0) if found else named
    if written != named or not named.islower():
        return written
    return _lower_case_full_name(request, named, before=before)


def _lower_case_full_name(request: str, named: str, *, before: bool) -> str:
    """`named` and up to two lower-case words after it (with `before`, or before it, never
    the request's first word) that are not request words, capitalised ("jean dupont" ->
    "Jean Dupont", "o'brien" -> "O'Brien")."""
    at = re.search(rf"(?<![\w'-]){re.escape(named)}(?![\w'-])", request)
    if at is None:
        return named
    ahead = _name_words(request[at.end():].split()[:_SURNAME_WORDS])
    behind = _name_words(request[:at.start()].split()[1:][::-1][:_SURNAME_WORDS]) \
        if before and not ahead else []
    words = [*behind[::-1], named, *ahead]
    return " ".join(re.sub(r"(^|['-])(\w)", lambda m: m.group(1) + m.group(2).upper(), word)
                    for word in words)


def _name_words(words: list[str]) -> list[str]:
    """The leading `words` that may be part of a name: lower-case words no request is made
    of."""
    taken: list[str] = []
    for word in words:
        if not re.fullmatch(r"[^\W\d_][\w'-]*", word) or not word.islower() \
                or fold_text(word) in intent_rules().request_words:
            break
        taken.append(word)
    return taken
