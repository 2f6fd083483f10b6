"""The advisor port: a manager's conversation in, ERA's next reply out.

Two implementations live in services/: the offline playbook advisor (the embedded default) and
the LLM advisor. Both answer with an `AdviceReply` that says, besides the text, whether the reply
is a knowledge gap (ERA does not know, and said so), which playbook it drew on, and which of the
manager's people the conversation is about, so the dialog can hand the email or calendar flow an
employee id. `people_named` and `the_one` are how both find that person, `each_named` the people
a situation between several of them is about (each talked to alone), and `set_aside` how both
tell another person's situation told at a question about the first one's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from core.advice_conversation import AdviceConversation
from core.conversation_turn import ConversationTurn, Role
from core.name_matcher import find_names_in_text, fully_named
from core.person import Person
from core.playbook_index import PlaybookIndex
from core.situation_facts import Fact, read_facts

# What a message must not say to be a question instead of an answer: the facts the clarifying
# questions ask (a reason or a repetition is also read in questions: "if he says it's not true").
ANSWERING_FACTS = ("spoken_to", "prior_warnings", "reached", "occurrences", "safety_or_health")

# The stage of a conversation whose opening remark no playbook covered: the advice dialog
# asked the manager once what happened, and the advisor reads the answer with the remark.
GAP_QUESTION_STAGE = "gap_question"


@dataclass(frozen=True)
class AdviceReply:
    """ERA's reply: its text; `knowledge_gap` when ERA has no sound advice to give (it says so
    in the text); the playbook it followed, if any; the employee the manager is talking about,
    if one of their people was named unambiguously, and whether the manager named any of
    their people at all (two Bobs still means a real case, not a policy question). The offline
    advisor also says which stage
    of its playbook the reply is (clarify, recommend, ...), the next step it recommended, the
    facts its questions ask about, whether it told the manager once that it answers in
    English for want of a translation, and whether the reply asks its clarifying questions
    again (`reasked`: the message answered none of them, so it adds no facts and no round),
    and whether it opens a new topic although it follows the same playbook (`fresh`: the
    message told of someone else's situation at a clarifying question about the first), and
    whether it only notes more about the situation, the advice standing (`noted`: "he says
    it's the bus" after the advice). `people`: the people the situation is between, when it
    names several, each of them alone ("Chen and Sophie keep arguing"; never two Bobs): a call
    recommended is one with each. `offers_hand_over`: the reply offers to put the manager
    through to HR ('say "talk to a person"'), so a plain yes next takes that offer.
    `closes`: the reply closes the topic ("Glad that helps ..."), the manager's message read as
    an acknowledgement of the advice (the chat-model advisor does not tell it yet)."""

    text: str
    knowledge_gap: bool = False
    playbook_id: str | None = None
    employee: Person | None = None
    names_someone: bool = False
    stage: str | None = None
    step: str | None = None
    asked: tuple[Fact, ...] = ()
    language_noted: bool = False
    reasked: bool = False
    fresh: bool = False
    noted: bool = False
    people: tuple[Person, ...] = ()
    offers_hand_over: bool = False
    closes: bool = False

    def __post_init__(self) -> None:
        if not self.text.strip():
            raise ValueError("an advice reply needs text")


class Advisor(Protocol):
    """Gives ERA's next reply in an advice conversation.

    `history` is the conversation so far, oldest first, ending with the manager's newest
    message; `conversation`, when given, is the advice dialog's state with the facts gathered
    (including the newest message's). Implementations raise core.errors.BackendError when an
    outside system they need fails; they never invent advice they do not have.
    """

    async def advise(
        self,
        history: Sequence[ConversationTurn],
        *,
        manager: Person,
        locale: str | None,
        conversation: AdviceConversation | None = None,
    ) -> AdviceReply:
        """ERA's reply to the newest message."""
        ...


def people_named(
    history: Sequence[ConversationTurn], people: Sequence[Person], manager: Person
) -> tuple[Person, ...]:
    """The people of `people` (the manager's store) that the newest of the manager's messages
    naming anyone names; the manager is never one of them."""
    candidates = [person for person in people if person.id != manager.id]
    for turn in reversed(history):
        if turn.role is not Role.USER:
            continue
        named = {person.id: person for person in find_names_in_text(turn.content, candidates)}
        if named:
            return tuple(named.values())
    return ()


def each_named(
    history: Sequence[ConversationTurn], people: Sequence[Person], manager: Person, *,
    reported_by: Callable[[str, Person], bool] | None = None,
) -> tuple[Person, ...]:
    """The people the newest of the manager's messages naming anyone names, in its order, when
    they are several and each name is one person ("chen and sophie keep arguing"); () when
    one person is named, or a name is several people's ("bob", two Bobs): whom is asked.
    Whoever the message says reported it (`reported_by`: "chen says sophie shouts at him")
    comes last: the call that matters first is with the one it is about."""
    candidates = [person for person in people if person.id != manager.id]
    for turn in reversed(history):
        if turn.role is not Role.USER:
            continue
        named = find_names_in_text(turn.content, candidates)
        if not named:
            continue
        full = {person.id for person in fully_named(turn.content, candidates)}
        groups: dict[str, list[Person]] = {}
        for person in named:
            key = person.id if person.id in full else person.first_name.casefold()
            groups.setdefault(key, []).append(person)
        if len(groups) < 2 or any(len(group) > 1 for group in groups.values()):
            return ()
        each = [group[0] for group in groups.values()]
        if reported_by is not None:
            content = turn.content
            each.sort(key=lambda person: reported_by(content, person))
        return tuple(each)
    return ()


def the_one(named: Sequence[Person]) -> Person | None:
    """The employee a conversation is about: the one person named, or nobody in particular
    when two are (two Bobs, or Bob and Alice)."""
    return named[0] if len(named) == 1 else None


@dataclass(frozen=True)
class SetAside:
    """The situation ERA was asking about, set aside for another person's: the first name of
    whom it was about (None when nobody was named)."""

    previous: str | None


def set_aside(
    latest: str, *, latest_named: Sequence[Person], earlier_named: Sequence[Person],
    people: Sequence[Person], conversation: AdviceConversation, asking: bool,
    index: PlaybookIndex,
) -> SetAside | None:
    """Whether the newest message, while ERA is `asking` its questions about a situation, tells
    of another person's ("also Alice was rude to a customer yesterday" at the questions about
    Bob's lateness): that one starts afresh, the first set aside. An answer that names someone
    else ("Alice told me he was late 4 times") is no such message; with nobody named before, a
    name under the same playbook is the one the situation is about ("my employee didn't show
    up" ... "I called Bob Smith")."""
    if not asking or not conversation.playbook_id or not latest_named:
        return None
    earlier = {person.id for person in earlier_named}
    if any(person.id in earlier for person in latest_named) or answers_a_question(latest):
        return None
    other = index.best(latest)
    if other is None or not (earlier_named or conversation.facts.employee_id
                             or other.playbook.id != conversation.playbook_id):
        return None
    previous = next((person.first_name for person in people
                     if person.id == conversation.facts.employee_id), None)
    return SetAside(previous or shared_first_name(earlier_named))


def answers_a_question(text: str) -> bool:
    """Whether a message says one of the facts the clarifying questions ask ("no, I haven't
    spoken to him, why?"): it is an answer, whatever question follows it."""
    found = read_facts(text)
    return any(found.get(name) is not None for name in ANSWERING_FACTS)


def shared_first_name(people: Sequence[Person]) -> str | None:
    """The first name all of `people` share ("Bob" for Bob Smith and Bob Jones), if any."""
    names = {person.first_name for person in people}
    return names.pop() if len(names) == 1 else None
