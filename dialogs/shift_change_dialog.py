"""The shared shape of a manager's schedule change (assign, swap, unassign).

1. Resolve the entities once (people, day, role, shift) from the request; ask for whatever is
   missing or ambiguous, one question at a time, and lock each answer in turn memory.
2. Build a preview with the shift backend (who, which shift, why it fits) and ask to apply it.
3. On "yes", apply it exactly once: the ledger and the backend both refuse a second apply, so a
   double click, a second "yes" or a redelivered activity change nothing more.
"""

from __future__ import annotations

import logging
import re
from abc import ABCMeta, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from botbuilder.dialogs import (
    DialogContext,
    DialogTurnResult,
    DialogTurnStatus,
    WaterfallStepContext,
)

from core.choice_option import ChoiceOption
from core.errors import (
    BackendError,
    ConflictError,
    ErrorCode,
    NotFoundError,
    PermissionDeniedError,
    ValidationError,
)
from core.name_matcher import find_names_in_text, look_alike, match_people, spell_script_names
from core.person import Person, PersonRole
from core.question_id import QuestionId
from core.reply_interpreter import ReplyIntent, describe_accepted
from core.shift_candidate import ShiftCandidate
from core.shift_change import ShiftChange
from core.short_answer import short_answer
from core.turn_memory import TurnMemory
from dialogs.employee_choice import full_name, people_labels
from dialogs.era_turn import EraTurn
from dialogs.flow_dialog import FlowDialog, FlowOutcome
from dialogs.flow_services import FlowServices
from dialogs.manager_notice import notice_language
from dialogs.manager_told import people_told_lately, remember_person_told
from dialogs.reply_prompt import AnswerStatus, ReplyAnswer
from dialogs.shift_options import shift_option
from dialogs.shift_undo import remember_change
from language.catalogue import say
from language.catalogue_errors import error_text, fit_reason
from language.catalogue_schedule import change_shift_label, change_summary
from language.day_correction import meant_days
from language.formatting import format_accepted, format_list, format_long_day, format_on_day
from language.intent_rules import MatchKind, names_everyone
from language.option_reference import says_both, says_other_one
from language.person_correction import correction_starts, only_names_corrected
from language.phrase import Phrase, Sayable
from language.phrase import change_summary as summary_phrase
from language.reply_words import may_name_a_day, names_a_weekday
from language.same_for import same_for_name
from language.schedule_terms import schedule_term, schedule_terms
from language.understanding import Understanding
from services.time_phrase_parser import weekday_date
from state.action_ledger import ActionInProgressError

logger = logging.getLogger(__name__)

# A window no longer than this names one day (a week or a weekend names several).
_ONE_DAY = timedelta(days=1)
_TWO_WEEKS = timedelta(days=14)
_LAST_APPLY_STEP = 4  # the index of the waterfall's retry step


# What a request settles for its day, settled again when the day is corrected at the preview.
_DAY_BOUND = frozenset({"shift", "shift_a", "shift_b", "candidate", "from", "until",
                        "shift_offered", "shift_a_offered", "shift_b_offered",
                        "candidate_offered"})
# The slots that hold a shift picked from a list; `<slot>_offered` keeps the two offered when
# there were two, for "the other one" at the next question.
_SHIFT_SLOTS = ("shift", "shift_a", "shift_b", "candidate")
# What the same change for another person keeps ("same for alice"): its day, role and times.
_SAME_FOR_KEPT = ("day", "role", "from", "until")
# Turn memory data: the person whose same change is previewed once this preview is answered.
_SAME_FOR = "same_for"
# The person slots of a change, and what was settled for the person each holds (their shift,
# the candidate shift picked for them), settled again when another person takes the slot.
_PERSON_SLOTS = ("person", "person_a", "person_b")
_PERSON_BOUND = {"person": frozenset({"person", "shift", "candidate", "shift_offered",
                                       "candidate_offered"}),
                 "person_a": frozenset({"person_a", "shift_a", "shift_a_offered"}),
                 "person_b": frozenset({"person_b", "shift_b", "shift_b_offered"})}

def _shift_picked_from_two(entities: dict[str, str]) -> str | None:
    """The one slot holding a shift picked from two offered, if exactly one does."""
    picked = [slot for slot in _SHIFT_SLOTS if slot in entities
              and len(entities.get(f"{slot}_offered", "").split(",")) == 2]
    return picked[0] if len(picked) == 1 else None


def _apply_buttons() -> tuple[tuple[Phrase, str], ...]:
    return ((Phrase.of("shift_change.button_apply"), "yes"),
            (Phrase.of("shift_change.button_cancel"), "no"))


# Role words managers use, mapped to the store's role names.
_ROLE_SYNONYMS = {
    "sales associate": ("sales associate", "sales", "associate", "vendeur", "vendeuse", "vente",
                        "vendedor", "vendedora", "dependiente", "dependienta", "ventas",
                        "verkäufer", "verkaufer", "verkäuferin", "verkauferin", "verkauf",
                        "commesso", "commessa", "vendita", "vendas", "verkoop", "verkoper",
                        "sprzedaż", "sprzedawca", "販売", "销售", "addetto vendite",
                        "addetta vendite", "atendente", "verkoopster", "verkoopmedewerker",
                        "sprzedawczyni", "sprzedawcy", "sprzedawcę", "sprzedawce"),
    "cashier": ("cashier", "cashiers", "till", "checkout", "caissier", "caissière", "caissiere",
                "caisse", "cajero", "cajera", "caja", "kassierer", "kassiererin", "kasse",
                "cassiere", "cassa", "caixa", "kassa", "kassière", "kasa", "kasjer", "kasjerka",
                "レジ", "收银", "cassiera", "operador de caixa", "operadora de caixa",
                "kassamedewerker", "kassiere", "kasjera", "kasjerki", "kasjerkę", "kasjerke",
                "kasę", "kase", "kasie", "caissiers", "caissieres", "caissières", "cajeros",
                "cajeras", "cassieri", "caixas", "kassamedewerkers", "kasjerów", "kasjerow",
                "kasjerek"),
    "stock clerk": ("stock clerk", "stock", "stocker", "warehouse", "magasinier", "réserve",
                    "reponedor", "reponedora", "almacén", "almacen", "lagerist", "lageristin",
                    "lager", "magazziniere", "magazzino", "armazém", "armazem", "magazijn",
                    "magazyn", "magazynier", "品出し", "理货", "magazziniera", "repositor",
                    "repositora", "estoquista", "estoque", "vakkenvuller", "magazijnmedewerker",
                    "magazyniera", "magazynie"),
    "supervisor": ("supervisor", "superviseur", "supervision", "supervisor de turno",
                   "supervisión", "aufsicht", "schichtleitung", "supervisione", "supervisão",
                   "leiding", "nadzór", "監督", "主管", "supervisore", "supervisora",
                   "kierownik zmiany"),
}


@dataclass(frozen=True)
class ChangeContext:
    """Who is asking and what they may schedule: the manager, their store's time zone and
    employees, and everyone else (to tell "not in your store" from "unknown")."""

    manager: Person
    tz: ZoneInfo
    employees: list[Person]
    others: list[Person]
    roles: tuple[str, ...]
    language: str = "en"


@dataclass(frozen=True)
class Question:
    """The next thing to ask: which entity slot it fills, the question and its options."""

    slot: str
    question_id: str
    text: str | Sayable
    options: tuple[ChoiceOption, ...] = ()
    labels: dict[str, Sayable] = field(default_factory=dict)  # the options', by option id
    free_text: bool = False
    data: dict[str, Any] = field(default_factory=dict)
    # An answer that is no option comes back to the flow (which says why it is none).
    return_unknown: bool = False
    # Said before the question this once ("Bob isn't qualified as cashier."), never kept with
    # it: the question asked again later (after "yes" to "shall we get back to it?") is the
    # question alone, in the language of that reply.
    preface: str = ""


@dataclass(frozen=True)
class Refusal:
    """The request cannot go on; the text says why (nothing was changed)."""

    text: str


def _declines(answer: ReplyAnswer, locale: str) -> bool:
    """Whether a typed answer to a question the flow reads itself (a day, a name) is a plain no
    ("no", "nein", "いいえ") that names no day ("no, monday" answers with Monday)."""
    return (answer.intent is ReplyIntent.UNKNOWN and bool(answer.text)
            and short_answer(answer.text, locale=locale) is ReplyIntent.REJECT
            and not may_name_a_day(answer.text))


def _says_word(word: str, folded: str) -> bool:
    """Whether `word` is in the folded text as a word of its own (Japanese and Chinese write
    no spaces: there the word is enough)."""
    if word[0] >= "\u3000":
        return word in folded
    return re.search(rf"\b{re.escape(word)}\b", folded) is not None


def find_role(text: str, roles: tuple[str, ...]) -> str | None:
    """The store role named in the text ("sales associate", "cashier"), if any."""
    folded = f" {text.casefold()} "
    for role, words in _ROLE_SYNONYMS.items():
        if role in roles and any(_says_word(w, folded) for w in words):
            return role
    for role in roles:
        if role.casefold() in folded:
            return role
    return None


def candidate_option(candidate: ShiftCandidate, index: int, ctx: ChangeContext) -> ChoiceOption:
    """A shift someone could be given, as an option: its name in the manager's language, and
    what stops it (when something does) said in that language too."""
    option = candidate.as_choice(index, ctx.tz)
    if candidate.label:
        option = replace(option, label=option.label.replace(
            candidate.label, schedule_term(candidate.label, ctx.language), 1))
    if not option.reason:
        return option
    why = (fit_reason(candidate.fit_details, ctx.language) if candidate.fit_details
           else candidate.reason)
    return replace(option, reason=why)


def person_option(
    person: Person, index: int, language: str | None = "en", *, with_email: bool = False
) -> ChoiceOption:
    """A person as an option ("Bob Smith (sales associate, cashier)"), roles in the language;
    `with_email` when another option's name looks the same."""
    roles = format_list(schedule_terms(person.job_roles, language), language, "plain")
    label = f"{person.name} ({roles})" if roles else person.name
    return ChoiceOption(
        option_id=f"opt_{index + 1}", index=index,
        label=f"{label}, {person.email}" if with_email else label, value=person.id,
    )


def mention_groups(text: str, people: list[Person]) -> list[list[Person]]:
    """The people named, grouped by mention: people sharing a first name came from one ("bob"),
    unless the full name is written."""
    folded = text.casefold()
    mentions: dict[str, list[Person]] = {}
    for person in people:
        key = person.first_name.casefold()
        if re.search(rf"(?<![a-z]){re.escape(person.name.casefold())}(?![a-z])", folded):
            key = person.name.casefold()  # "Bob Jones's": that Bob, not every Bob
        mentions.setdefault(key, []).append(person)
    return list(mentions.values())


def one_person_named(
    name: str | None, people: list[Person], language: str | None
) -> Person | None:
    """The one of `people` that `name` is the name of, written whole or as a first name
    ("alice", "alice martin", "アリス"), and nothing more; None otherwise ("alice is off
    sick", a first name two people share)."""
    if not name:
        return None
    named = find_names_in_text(name, people, language=language)
    if len(named) != 1:
        return None
    if name[0] >= "\u3000" and " " not in name:
        return named[0]  # a name in kana or hanzi: found in the words, which are nothing else
    spelled = set(named[0].name.casefold().split())
    return named[0] if set(name.split()) <= spelled else None


class ShiftChangeDialog(FlowDialog, metaclass=ABCMeta):
    """Resolve, preview, confirm, apply once. Subclasses say what to ask and how to preview."""

    allowed_roles = frozenset({PersonRole.MANAGER})
    denied_text = "flow.shift_change.denied"
    # Whether a day named at the preview ("no wait, tuesday") moves the change to that day;
    # the entity slot that day goes in (a move's is the day it goes to), and what was settled
    # for the old day, settled again for the new one.
    day_corrections = True
    corrected_day_slot = "day"
    corrected_day_bound: frozenset[str] = _DAY_BOUND
    # Whether the request of the same kind naming only another person at the preview ("assign
    # alice instead") puts that person in the change, the day and the role kept.
    person_corrections = False
    # The entity slots that hold the people of the change (a swap has two).
    person_slots: tuple[str, ...] = ("person",)

    def __init__(self, *, services: FlowServices) -> None:
        super().__init__(
            # The second apply step reads the answer to "try again?" after a failed apply.
            [self._resolve_step, self._merge_step, self._preview_step, self._apply_step,
             self._apply_step],
            services=services,
        )

    async def on_continue_dialog(self, inner_dc: DialogContext) -> DialogTurnResult:
        """"assign alice instead" at Bob's preview: the same change for Alice, previewed for its
        own yes (the old card's buttons then answer nothing); else as any flow."""
        entities = (await self._person_instead(inner_dc) or await self._other_one(inner_dc)
                    or self._other_shift(inner_dc) or await self._both_in_turn(inner_dc))
        if entities is not None:
            await inner_dc.cancel_all_dialogs()
            return await inner_dc.begin_dialog(self.initial_dialog_id,
                                               {"entities": entities, "parsed": True})
        if await self._same_for_next(inner_dc):
            # This preview still waits for its answer; its card's buttons still answer it.
            return DialogTurnResult(DialogTurnStatus.Waiting)
        if await self._both_at_one_side(inner_dc):
            await inner_dc.reprompt_dialog()
            return DialogTurnResult(DialogTurnStatus.Waiting)
        return await super().on_continue_dialog(inner_dc)

    def _previewed_entities(self, inner_dc: DialogContext) -> dict[str, str]:
        """The entities of the change this flow's waterfall holds (previewed or being asked)."""
        waterfall = next((entry for entry in inner_dc.stack
                          if entry.id == self.initial_dialog_id), None)
        values = (waterfall.state.get("values") or {}) if waterfall is not None else {}
        return dict(values.get("entities") or {})

    async def _same_for_next(self, inner_dc: DialogContext) -> bool:
        """"same for alice", "pareil pour alice" at Bob's preview, or at a question still
        asked about Bob's change ("which of Bob's shifts?"): Alice's same change is kept for
        once Bob's preview is answered (so neither is applied without its own yes), and ERA
        says so; Bob's question stays the one to answer. False when the message is no such
        request."""
        text = inner_dc.context.activity.text or ""
        question = self.current_question(inner_dc)
        if not (self.person_corrections and text and question is not None):
            return False
        entities = self._previewed_entities(inner_dc)
        if "person" not in entities or "day" not in entities:
            return False
        turn = EraTurn.of(inner_dc.context)
        ctx = await self._context(turn)
        person = one_person_named(same_for_name(text), ctx.employees, ctx.language)
        lookup = await self.load_memory(inner_dc.context)
        if person is None or person.id == entities["person"] or lookup.memory is None:
            return False
        await self.save_memory(inner_dc.context, lookup.memory.with_data(**{_SAME_FOR: person.id}))
        current = self.person(entities, "person", ctx)
        said = ("shift_change.same_for_next" if question == QuestionId.CONFIRM_PREVIEW
                else "shift_change.same_for_after_question")
        await inner_dc.context.send_activity(say(
            said, turn.language, name=person.name, current=current.name))
        return True

    async def _other_one(self, inner_dc: DialogContext) -> dict[str, str] | None:
        """The flow's entities with the other of the two people a shared first name offered
        ("there are 2 Bobs": Bob Jones picked, then "no, the other one", "l'autre", "ten
        drugi", "もう一つの方"): Bob Smith, his day and role kept, his shift asked or previewed
        again for its own yes. None when the message says no such thing, or when it could mean
        either of two such choices (a swap of two Bobs): the question then says what it
        accepts."""
        text = inner_dc.context.activity.text or ""
        if not text or self.current_question(inner_dc) is None:
            return None
        entities = self._previewed_entities(inner_dc)
        picked = [slot for slot in _PERSON_SLOTS
                  if slot in entities and len(entities.get(f"{slot}_choices", "").split(",")) == 2]
        shared = tuple(entities.get(f"{slot}_query", "") for slot in picked)
        if len(picked) != 1 or _shift_picked_from_two(entities) \
                or not says_other_one(text, tuple(filter(None, shared))):
            return None
        slot = picked[0]
        other = next(i for i in entities[f"{slot}_choices"].split(",") if i != entities[slot])
        kept = {key: value for key, value in entities.items()
                if key not in _PERSON_BOUND[slot] and not key.endswith("_answer")}
        ctx = await self._context(EraTurn.of(inner_dc.context))
        person = next((p for p in ctx.employees if p.id == other), None)
        if person is None:
            return None
        if kept.get("role") and kept["role"] not in person.job_roles:
            kept.pop("role")  # asked again: the other one works other roles
        return {**kept, slot: other}

    def _other_shift(self, inner_dc: DialogContext) -> dict[str, str] | None:
        """The flow's entities with the other of the two shifts offered ("Bob has 2 shifts on
        Monday": the morning picked, then "the other one", "l'autre", "die andere"): the evening
        is previewed again for its own yes. None when the message says no such thing, or when
        it could mean another choice too (one of two Bobs was picked as well): the question
        then says what it accepts."""
        text = inner_dc.context.activity.text or ""
        if not text or self.current_question(inner_dc) is None:
            return None
        entities = self._previewed_entities(inner_dc)
        slot = _shift_picked_from_two(entities)
        people = [person for person in _PERSON_SLOTS if person in entities
                  and len(entities.get(f"{person}_choices", "").split(",")) == 2]
        if slot is None or people or not says_other_one(text):
            return None
        other = next(i for i in entities[f"{slot}_offered"].split(",") if i != entities[slot])
        kept = {key: value for key, value in entities.items() if not key.endswith("_answer")}
        return {**kept, slot: other}

    async def _both_in_turn(self, inner_dc: DialogContext) -> dict[str, str] | None:
        """"both", "les deux", "beide", "oboje", "両方" at "which Bob?": a change is one
        person's, so ERA says it takes them one at a time; the first's change goes on, and the
        second's same change follows once the first's preview is answered, each for its own
        yes. None when the message is no such answer."""
        text = inner_dc.context.activity.text or ""
        if not (self.person_corrections and text and says_both(text)
                and self.current_question(inner_dc) == QuestionId.SELECT_EMPLOYEE):
            return None
        entities = self._previewed_entities(inner_dc)
        choices = entities.get("person_choices", "").split(",")
        lookup = await self.load_memory(inner_dc.context)
        if "person" in entities or len(choices) != 2 or lookup.memory is None:
            return None
        turn = EraTurn.of(inner_dc.context)
        ctx = await self._context(turn)
        first, second = (self.person({"person": i}, "person", ctx) for i in choices)
        await self.save_memory(inner_dc.context,
                               lookup.memory.with_data(**{_SAME_FOR: second.id}))
        await inner_dc.context.send_activity(say(
            "shift_change.both_one_at_a_time", turn.language, first=first.name,
            second=second.name))
        return {**entities, "person": first.id}

    async def _both_at_one_side(self, inner_dc: DialogContext) -> bool:
        """"both", "les deux", "beide" at "which Bob?" of a change between two people (a swap
        of Bob and Alice, two Bobs): a swap is one pair, so neither Bob is picked; ERA says
        so, and that the other Bob's swap can be asked after. False when the message is no
        such answer (the flow then reads it as any)."""
        text = inner_dc.context.activity.text or ""
        if not (len(self.person_slots) == 2 and text and says_both(text)
                and self.current_question(inner_dc) == QuestionId.SELECT_EMPLOYEE):
            return False
        entities = self._previewed_entities(inner_dc)
        asked = [slot for slot in self.person_slots if slot not in entities
                 and len(entities.get(f"{slot}_choices", "").split(",")) > 1]
        if len(asked) != 1:
            return False
        language = EraTurn.of(inner_dc.context).language
        await inner_dc.context.send_activity(say(
            "shift_change.one_pair_at_a_time", language,
            name=entities.get(f"{asked[0]}_query", "")))
        return True

    async def _person_instead(self, inner_dc: DialogContext) -> dict[str, str] | None:
        """The previewed change's entities with another person in it: named by a same-kind
        request ("assign alice instead", "no, swap with alice instead", "asigna a alice
        mejor"), or with nothing but correction words ("not bob, chen", "pas chen, alice",
        "チェンさんじゃなくてアリスさん"). The one named out ("not bob") is the one replaced; with
        none named out, the last person of the change ("swap with alice": Bob's partner).
        None otherwise: the preview then reads the message as an answer."""
        text = inner_dc.context.activity.text or ""
        if not (text and self.current_question(inner_dc) == QuestionId.CONFIRM_PREVIEW):
            return None
        entities = self._previewed_entities(inner_dc)
        if any(slot not in entities for slot in (*self.person_slots, "day")):
            return None
        turn = EraTurn.of(inner_dc.context)
        ctx = await self._context(turn)
        named = spell_script_names(text, ctx.employees)
        mine, _ = await self.people_in_request(named, ctx)
        understood = turn.understood(text)
        asked_anew = (understood.intent is self.intent and "day" not in understood.slots
                      and "person" in understood.slots)
        if not (asked_anew or only_names_corrected(named, tuple(p.name for p in mine))):
            return None
        held = {entities[slot]: slot for slot in self.person_slots}
        named_out: list[str] = []
        named_in: list[list[Person]] = []
        for group in mention_groups(named, mine):
            slots = [held[p.id] for p in group if p.id in held]
            if slots:
                named_out.append(slots[0])
            else:
                named_in.append(group)
        if len(named_in) != 1 or len(named_out) > 1:
            return None
        slot = named_out[0] if named_out else self.person_slots[-1]
        kept = {key: value for key, value in entities.items()
                if key not in _PERSON_BOUND[slot] and not key.startswith(f"{slot}_")
                and not key.endswith("_answer")}
        found = self.people_entities(slot, named_in[0], [], ctx)
        if isinstance(found, Refusal):
            return None
        if len(named_in[0]) == 1 and kept.get("role") not in (None, *named_in[0][0].job_roles):
            kept.pop("role")  # asked again: the one put in works other roles
        return {**kept, **found}

    def starts_anew(self, understood: Understanding, question: str | None) -> bool:
        """At the preview, a request of this kind naming its person and day ("unassign alice
        from friday" at Chen's Thursday preview) is a new change, previewed for its own yes."""
        if question != QuestionId.CONFIRM_PREVIEW:
            return False
        return (understood.intent is self.intent and understood.match.kind is MatchKind.COMMAND
                and "person" in understood.slots and "day" in understood.slots)

    # What a worker asking for this change is told: moving and swapping by default.
    denied_message_id = "flow.shift_change.denied_ask_manager"

    async def denied_message(self, turn: EraTurn) -> str:
        """A worker who asks to move or swap a shift is told who can do it, their manager by
        name, and what ERA can do instead (cancel it)."""
        if turn.person.role is PersonRole.EMPLOYEE and turn.person.manager_id:
            manager = await self.services.directory.get(turn.person.manager_id)
            if manager is not None:
                return say(self.denied_message_id, turn.language,
                           manager=manager.name)
        return await super().denied_message(turn)

    # -- what subclasses provide ----------------------------------------------------------

    @abstractmethod
    async def parse_request(
        self, text: str, ctx: ChangeContext, turn: EraTurn
    ) -> dict[str, str] | Refusal:
        """The entities the request names (people, day, role)."""

    @abstractmethod
    async def next_question(
        self, entities: dict[str, str], ctx: ChangeContext, turn: EraTurn
    ) -> Question | Refusal | None:
        """What to ask next, a refusal, or None when everything is resolved."""

    @abstractmethod
    async def preview(
        self, entities: dict[str, str], ctx: ChangeContext, turn: EraTurn, memory: TurnMemory
    ) -> ShiftChange:
        """The change, checked by the backend (raises ValidationError and friends)."""

    async def preview_text(
        self, change: ShiftChange, entities: dict[str, str], ctx: ChangeContext, turn: EraTurn
    ) -> str | Sayable:
        """The question that shows the preview and asks to apply it (as a phrase, so that a
        reply in another language has it asked again in that language)."""
        return Phrase.of("shift_change.preview", summary=summary_phrase(change))

    async def notify_applied(self, change: ShiftChange, turn: EraTurn) -> None:
        """Tell whoever the change concerns, once it is applied (the first time only);
        nobody by default."""

    async def tell(
        self, person_id: str, msg_id: str, change: ShiftChange, turn: EraTurn, *,
        shifts: Mapping[str, str] | None = None, **params: str
    ) -> None:
        """Tell one person whom an applied change concerns, in their own language: message
        `msg_id` with the manager, the shift (and the `target` shift of a move) filled in.
        `shifts` names other shifts of the facts for the message's fields (a swap's
        {"shift": "shift_a", "target": "shift_b"})."""
        person = await self.services.directory.get(person_id)
        if person is None:
            return
        language = await notice_language(self.services.notifier, person)
        if shifts is None:
            shifts = {"shift": "shift", **({"target": "target"} if "target" in change.facts
                                           else {})}
        labels = {field: change_shift_label(change, language, key)
                  for field, key in shifts.items()}
        reached = await self.services.notifier.notify(person.id, say(
            msg_id, language, manager=turn.person.name, **labels, **params))
        remember_person_told(person, reached, change_summary(change, turn.language), turn.now)

    async def after_apply(
        self, step: WaterfallStepContext, change: ShiftChange, memory: TurnMemory
    ) -> DialogTurnResult:
        """What follows a change applied now (the "Done" is said): the flow ends."""
        return await self.finish(step, change_id=change.id)

    # -- shared helpers for subclasses ---------------------------------------------------

    async def settle_namesake_on_day(
        self, entities: dict[str, str], slot: str, ctx: ChangeContext, turn: EraTurn
    ) -> None:
        """Of the people a shared first name matched (`<slot>_choices`), the one who works on
        the day named, when only one does ("Move Bob from Saturday": the Bob on Saturday)."""
        choices_key = f"{slot}_choices"
        if slot in entities or choices_key not in entities or "day" not in entities:
            return
        day = date.fromisoformat(entities["day"])
        on_day = await self.services.shifts.shifts_on(ctx.manager.store_id, day, ctx.tz)
        working = {s.person_id for s in on_day if not s.has_started(turn.now)}
        choices = [i for i in entities[choices_key].split(",") if i in working]
        if len(choices) == 1:
            entities[slot] = choices[0]
            entities.pop(choices_key)

    async def ask_their_shift(
        self, entities: dict[str, str], ctx: ChangeContext, turn: EraTurn, person: Person,
        no_shift_text: str,
    ) -> Question | Refusal | None:
        """`person`'s shift on `entities["day"]` into `entities["shift"]`: their only one, or
        a question when they have several; a refusal (`no_shift_text`) when they have none."""
        day = date.fromisoformat(entities["day"])
        on_day = await self.services.shifts.shifts_on(ctx.manager.store_id, day, ctx.tz)
        theirs = [s for s in on_day if s.person_id == person.id and not s.has_started(turn.now)]
        if not theirs:
            return Refusal(say(no_shift_text, ctx.language, name=person.name,
                               day=format_long_day(day, ctx.language)))
        if len(theirs) == 1:
            entities["shift"] = theirs[0].id
            return None
        return Question(
            "shift", str(QuestionId.SELECT_SHIFT),
            say("shift_change.which_of_their_shifts", ctx.language, name=person.name,
                count=len(theirs), day=format_on_day(day, ctx.language)),
            options=tuple(shift_option(s, i, ctx.tz, ctx.language) for i, s in enumerate(theirs)),
        )

    async def people_in_request(
        self, text: str, ctx: ChangeContext
    ) -> tuple[list[Person], list[Person]]:
        """(employees of the manager's store named in the text, people of other stores named)."""
        mine = find_names_in_text(text, ctx.employees, language=ctx.language)
        elsewhere = [p for p in find_names_in_text(text, ctx.others, language=ctx.language)
                     if p not in mine]
        return mine, elsewhere

    @staticmethod
    def named_instead(text: str, ctx: ChangeContext) -> str:
        """The request as meant when it corrects its last name on the way: "give bob jones's
        thursday shift to alice no wait, sophie" is "give bob jones's thursday shift to Sophie
        Dubois", "take bob off tuesday, sorry, alice" is "take Alice Martin off tuesday". Only
        a name after the correction words counts ("…to alice, no a chen" keeps its words)."""
        for start in correction_starts(text):
            before = find_names_in_text(text[:start], ctx.employees, language=ctx.language)
            after = find_names_in_text(text[start:], ctx.employees, language=ctx.language)
            if not before or not after:
                continue
            if len(before) >= 2 and len({p.first_name for p in after}) == 2:
                # "swap alice and bob smith on saturday, sorry, sophie and bob smith": the
                # pair said again, each in the place of the one said there before.
                return _pair_instead(text, start, before[-2:], after) or text
            if (len({p.first_name for p in after}) > 1
                    or not only_names_corrected(text[start:], tuple(p.name for p in after))):
                return text
            replaced = before[-1]
            said = [found for spelled in (replaced.name, replaced.first_name)
                    for found in re.finditer(rf"(?<!\w){re.escape(spelled)}(?!\w)",
                                             text[:start], re.IGNORECASE)]
            if not said:
                return text
            last = max(said, key=lambda found: (found.start(), found.end()))
            meant = after[0].name if len(after) == 1 else after[0].first_name
            return f"{text[:last.start()]}{meant}{text[last.end():start]}".strip(" ,;:-")
        return text

    async def two_days_in_request(
        self, text: str, turn: EraTurn, tz: ZoneInfo
    ) -> tuple[date, date] | None:
        """The two different days the words name, in the order said ("Alice's shift on
        Tuesday with Chen's on Thursday"); None for one day, more than two, or a correction
        on the way ("wednesday, no sorry thursday" means Thursday alone)."""
        windows = await self.services.time_parser.parse(text, now=turn.now, locale=turn.locale)
        days = [window for window in windows if window.end - window.start <= _ONE_DAY]
        if len(days) != 2 or meant_days(text, [window.text for window in days]) is not None:
            return None
        first, second = (window.start.astimezone(tz).date() for window in days)
        return (first, second) if first != second else None

    async def days_in_request(
        self, text: str, turn: EraTurn, tz: ZoneInfo
    ) -> tuple[date, date] | None:
        """The first and last of the whole days the words name when they name several and
        nothing else ("this week", "next week", "from monday to wednesday"); None otherwise."""
        windows = await self.services.time_parser.parse(text, now=turn.now, locale=turn.locale)
        if len(windows) != 1 or not _ONE_DAY < windows[0].end - windows[0].start <= _TWO_WEEKS:
            return None
        start, end = (moment.astimezone(tz) for moment in (windows[0].start, windows[0].end))
        if start.time() != end.time() or start.hour:
            return None  # "tuesday 9am to thursday 5pm": hours, not days
        return start.date(), (end - _ONE_DAY).date()

    async def day_in_request(self, text: str, turn: EraTurn, tz: ZoneInfo) -> date | None:
        """The day the words name ("wed", "tomorrow", "vendredi", "25/11"); of two, the one a
        correction on the way means ("wednesday, no sorry thursday")."""
        windows = await self.services.time_parser.parse(text, now=turn.now, locale=turn.locale)
        days = [window for window in windows if window.end - window.start <= _ONE_DAY]
        if days:
            # "this week has been crazy, take alice off saturday": the week is what was told,
            # the day is what was asked.
            windows = days
        if windows:
            meant = meant_days(text, [window.text for window in windows]) or [0]
            return windows[meant[0]].start.astimezone(tz).date()
        today = turn.now.astimezone(tz).date()
        for word in re.findall(r"[^\W\d_]+\.?", text):
            found = weekday_date(word, today, locale=turn.locale)
            if found is not None:
                return found
        return None

    def person_question(
        self, slot: str, matches: list[Person], query: str, what: str, language: str = "en"
    ) -> Question:
        """Ask who is meant: a choice when the name is ambiguous, a name when none was given.
        `what` names the question ("assign", "unassign", "swap_first", "swap_second")."""
        if len(matches) > 1:
            alike = look_alike(matches)
            # Two different people named ("assign Luca and Bob Jones") are not "2 people
            # called Luca": one of them, at a time.
            text = (Phrase.of(f"shift_change.which_person.{what}", count=len(matches),
                              query=query)
                    if len({p.first_name.casefold() for p in matches}) == 1
                    else Phrase.of("shift_change.one_person_at_a_time",
                                   question=Phrase.of(f"shift_change.who.{what}")))
            return Question(
                slot, str(QuestionId.SELECT_EMPLOYEE), text,
                options=tuple(person_option(p, i, language, with_email=p.id in alike)
                              for i, p in enumerate(matches)),
                labels=people_labels(matches),
            )
        return Question(slot, "person_name", Phrase.of(f"shift_change.who.{what}"),
                        free_text=True)

    async def person_and_day(
        self, text: str, ctx: ChangeContext, turn: EraTurn
    ) -> dict[str, str] | Refusal:
        """The one person and the day a request names (for assign and unassign)."""
        mine, elsewhere = await self.people_in_request(text, ctx)
        entities = self.people_entities("person", mine, elsewhere, ctx)
        if isinstance(entities, Refusal):
            return entities
        slots = turn.understood(text).slots
        if not entities and slots.get("self"):
            # "put me down for fri morning": the manager herself, when she is on the schedule.
            if not any(p.id == ctx.manager.id for p in ctx.employees):
                return Refusal(say("shift_assign.self_not_on_schedule", ctx.language))
            entities["person"] = ctx.manager.id
        if not entities and slots.get("everyone"):
            entities["person_everyone"] = "yes"  # "get everyone off friday": ask for one
        elif not entities and slots.get("person"):
            # "unassign John Doe from monday": a name that is no one here is said back.
            entities["person_named"] = full_name(text, slots["person"])
        day = await self.day_in_request(text, turn, ctx.tz)
        if day is not None:
            entities["day"] = day.isoformat()
        return entities

    def people_entities(
        self, slot: str, mine: list[Person], elsewhere: list[Person], ctx: ChangeContext
    ) -> dict[str, str] | Refusal:
        """Entities for one person slot from the names found in a request."""
        if len(mine) == 1:
            return {slot: mine[0].id}
        if len(mine) > 1:
            return {f"{slot}_choices": ",".join(p.id for p in mine),
                    f"{slot}_query": mine[0].first_name}
        if elsewhere:
            return Refusal(say("shift_change.not_in_your_store", ctx.language,
                               name=elsewhere[0].name))
        return {}

    def ask_person(
        self, slot: str, entities: dict[str, str], ctx: ChangeContext, what: str
    ) -> Question | None:
        """Settle a person slot from a typed answer or a choice; the question still needed."""
        named = entities.pop(f"{slot}_named", None)
        if slot in entities:
            return None
        answer = entities.pop(f"{slot}_answer", None)
        everyone = entities.pop(f"{slot}_everyone", None)
        if everyone or (answer is not None and names_everyone(answer)):
            question = self.person_question(slot, [], "", what, ctx.language)
            return replace(question, text=Phrase.of("shift_change.one_person_at_a_time",
                                                    question=question.text))
        if answer is not None:
            matches = match_people(answer, ctx.employees, language=ctx.language)
            if len(matches) == 1:
                entities[slot] = matches[0].id
                return None
            if matches:
                return self.person_question(slot, matches, answer, what, ctx.language)
            return Question(slot, "person_name",
                            Phrase.of(f"shift_change.person_not_found.{what}", answer=answer),
                            free_text=True)
        choices = entities.get(f"{slot}_choices")
        if choices:
            by_id = {p.id: p for p in ctx.employees}
            matches = [by_id[i] for i in choices.split(",") if i in by_id]
            return self.person_question(slot, matches, entities.get(f"{slot}_query", ""), what,
                                        ctx.language)
        if named:
            return Question(slot, "person_name",
                            Phrase.of(f"shift_change.person_not_found.{what}", answer=named),
                            free_text=True)
        return self.person_question(slot, [], "", what, ctx.language)

    async def ask_day(
        self, entities: dict[str, str], ctx: ChangeContext, turn: EraTurn, what: str,
        name: str = "",
    ) -> Question | None:
        """Settle the day slot from a typed answer; the question still needed. `what` names
        the question ("assign", "unassign", "swap"); `name` is the person it is about."""
        if "day" in entities and not self._past(entities["day"], turn, ctx):
            return None
        if "day" in entities:
            # "assign alice last monday": a past day's shifts are done, nothing to change.
            entities.pop("day")
            return Question("day", "time_preference", Phrase.of(
                "shift_change.day_past",
                question=Phrase.of(f"shift_change.which_day.{what}", name=name)),
                free_text=True)
        answer = entities.pop("day_answer", None)
        if answer is not None:
            day = await self.day_in_request(answer, turn, ctx.tz)
            if day is not None:
                entities["day"] = day.isoformat()
                return await self.ask_day(entities, ctx, turn, what, name)
            return Question("day", "time_preference",
                            Phrase.of(f"shift_change.day_unclear.{what}", answer=answer,
                                      name=name),
                            free_text=True)
        return Question("day", "time_preference",
                        Phrase.of(f"shift_change.which_day.{what}", name=name),
                        free_text=True)

    @staticmethod
    def _past(day: str, turn: EraTurn, ctx: ChangeContext) -> bool:
        """Whether the day (ISO) is before today where the store is."""
        return date.fromisoformat(day) < turn.now.astimezone(ctx.tz).date()

    def person(self, entities: dict[str, str], slot: str, ctx: ChangeContext) -> Person:
        """The resolved person of a slot."""
        for person in ctx.employees:
            if person.id == entities[slot]:
                return person
        raise NotFoundError(ErrorCode.EMPLOYEE_GONE)

    # -- the steps -------------------------------------------------------------------------

    async def _context(self, turn: EraTurn) -> ChangeContext:
        manager = turn.person
        store = await self.services.directory.get_store(manager.store_id)
        everyone = await self.services.directory.list_people(role=PersonRole.EMPLOYEE)
        employees = [p for p in everyone if p.store_id == manager.store_id]
        others = [p for p in everyone if p.store_id != manager.store_id]
        roles = tuple(sorted({role for p in employees for role in p.job_roles}))
        return ChangeContext(manager, ZoneInfo(store.timezone if store else "UTC"),
                             employees, others, roles, turn.language)

    async def _resolve_step(self, step: WaterfallStepContext) -> DialogTurnResult:
        turn = EraTurn.of(step.context)
        ctx = await self._context(turn)
        options = dict(step.options or {})
        entities: dict[str, str] = dict(options.get("entities") or {})
        lookup = await self.load_memory(step.context)
        memory = lookup.memory or await self.new_memory(step.context)
        if not options.get("parsed"):
            parsed = await self.parse_request(
                self.named_instead(str(options.get("text", "")), ctx), ctx, turn)
            if isinstance(parsed, Refusal):
                await step.context.send_activity(parsed.text)
                return await self.finish(step, FlowOutcome.DONE)
            entities.update(parsed)
        try:
            question = await self.next_question(entities, ctx, turn)
        except (NotFoundError, ValidationError, PermissionDeniedError) as problem:
            question = Refusal(say("shift_change.refused", turn.language,
                                   problem=error_text(problem, turn.language)))
        if isinstance(question, Refusal):
            await step.context.send_activity(question.text)
            same_for = await self._same_for_kept(step, entities)
            if same_for is not None:
                # "both" at "which Bob?": the first could not be changed; the second still can.
                return await step.replace_dialog(self.initial_dialog_id, same_for)
            return await self.finish(step, FlowOutcome.DONE)
        memory = memory.with_entities(**entities)
        if question is None:
            await self.save_memory(step.context, memory)
            return await step.next({"entities": entities})
        step.values["slot"] = question.slot
        step.values["entities"] = entities
        # Only a question with options sends back an unclear reply unasked for: one that may
        # name a day ("actually thursday").
        step.values["reads_unclear"] = question.return_unknown or question.free_text
        memory = memory.with_data(**question.data)
        return await self.ask(
            step, memory, question.question_id, question.text,
            options=question.options, labels=question.labels, free_text=question.free_text,
            return_unknown=question.return_unknown, preface=question.preface,
            day_corrections=self.day_corrections and self.corrected_day_slot in entities,
        )

    async def _merge_step(self, step: WaterfallStepContext) -> DialogTurnResult:
        result: Any = step.result
        if not isinstance(result, ReplyAnswer):
            return await step.next(result)
        if result.status is AnswerStatus.EXPIRED:
            return await self.end_expired(step)
        if result.option is None and (result.intent is ReplyIntent.REJECT
                                      or _declines(result, EraTurn.of(step.context).locale)):
            # "no", "nein" at "which other day should it move to?": nothing is changed.
            await step.context.send_activity(
                say("shift_change.kept", EraTurn.of(step.context).language)
            )
            return await self.finish(step, FlowOutcome.CANCELLED)
        entities = dict(step.values["entities"])
        slot = str(step.values["slot"])
        if result.intent is ReplyIntent.UNKNOWN and result.option is None and slot != "day":
            # "actually thursday" at "which shift?" for Wednesday: the request moves to
            # Thursday and its questions are asked again for that day.
            corrected = await self._corrected_day(step, result)
            if corrected is not None:
                return await step.replace_dialog(
                    self.initial_dialog_id, {"entities": corrected, "parsed": True}
                )
            if not step.values.get("reads_unclear"):
                return await self._ask_again(step)
        if result.option is not None:
            entities[slot] = result.option.value
            offered = await self._two_offered(step) if slot in _SHIFT_SLOTS else None
            if offered is not None:
                entities[f"{slot}_offered"] = ",".join(offered)
        else:
            entities[f"{slot}_answer"] = result.text
        return await step.replace_dialog(
            self.initial_dialog_id, {"entities": entities, "parsed": True}
        )

    async def _two_offered(self, step: WaterfallStepContext) -> tuple[str, str] | None:
        """The values of the two options the question just answered offered, when it offered
        two: what "the other one" can mean later."""
        lookup = await self.load_memory(step.context)
        options = lookup.memory.options if lookup.memory is not None else ()
        if len(options) != 2:
            return None
        return options[0].value, options[1].value

    async def _preview_step(self, step: WaterfallStepContext) -> DialogTurnResult:
        turn = EraTurn.of(step.context)
        ctx = await self._context(turn)
        entities = dict(step.result["entities"])
        lookup = await self.load_memory(step.context)
        if lookup.memory is None:
            return await self.end_expired(step)
        try:
            change = await self.preview(entities, ctx, turn, lookup.memory)
        except (ValidationError, PermissionDeniedError, NotFoundError, ConflictError) as problem:
            await step.context.send_activity(say(
                "shift_change.refused", turn.language, problem=error_text(problem, turn.language)
            ))
            return await self.finish(step, FlowOutcome.DONE)
        memory = lookup.memory.with_preview(change.id).with_data(change=change.to_dict())
        step.values["entities"] = entities
        return await self.ask(
            step, memory, str(QuestionId.CONFIRM_PREVIEW),
            await self.preview_text(change, entities, ctx, turn),
            buttons=_apply_buttons(), day_corrections=self.day_corrections,
        )

    async def _corrected_day(
        self, step: WaterfallStepContext, answer: ReplyAnswer
    ) -> dict[str, str] | None:
        """The request's entities moved to the day a reply at the preview names instead of the
        previewed one ("no wait, tuesday", "non attends, mardi"): what was settled for the old
        day (its shift, the times) is settled again; None when no other day is named."""
        entities: dict[str, str] = dict(step.values.get("entities") or {})
        slot = self.corrected_day_slot
        if not self.day_corrections or slot not in entities or not may_name_a_day(answer.text):
            return None
        turn = EraTurn.of(step.context)
        ctx = await self._context(turn)
        day = await self.day_in_request(answer.text, turn, ctx.tz)
        old = date.fromisoformat(entities[slot])
        if day is not None and names_a_weekday(answer.text) and not re.search(r"\d", answer.text):
            # A weekday alone is the one nearest the day it corrects ("thursday 3 december?
            # no, friday": the 4th), never a day gone by.
            today = turn.now.astimezone(ctx.tz).date()
            near = [old + timedelta(days=k) for k in range(-6, 7)
                    if (old + timedelta(days=k)).weekday() == day.weekday()
                    and old + timedelta(days=k) >= today]
            day = min(near, key=lambda d: abs(d - old), default=day)
        if day is None or day == old:
            return None
        moved = {key: value for key, value in entities.items()
                 if key not in self.corrected_day_bound}
        for key in ("from", "until"):
            if key in entities:  # "assign bob wed 9-5", then "actually thursday": 9-5 then
                moved[key] = (datetime.fromisoformat(entities[key]) + (day - old)).isoformat()
        moved[slot] = day.isoformat()
        return moved

    async def _refused(
        self, step: WaterfallStepContext, entities: dict[str, str]
    ) -> Refusal | None:
        """Why the change cannot be made with `entities` (no shift on the day named, ...), or
        None when it can be asked about."""
        turn = EraTurn.of(step.context)
        ctx = await self._context(turn)
        try:
            question = await self.next_question(entities, ctx, turn)
        except (NotFoundError, ValidationError, PermissionDeniedError) as problem:
            return Refusal(say("shift_change.refused", turn.language,
                               problem=error_text(problem, turn.language)))
        return question if isinstance(question, Refusal) else None

    async def _ask_again(self, step: WaterfallStepContext) -> DialogTurnResult:
        """An unclear reply that seemed to name a day but named none the flow could use: say
        what is accepted and ask the question (or show the preview) again."""
        turn = EraTurn.of(step.context)
        lookup = await self.load_memory(step.context)
        asked = lookup.memory.last_question if lookup.memory else None
        question = asked.id if asked else str(QuestionId.CONFIRM_PREVIEW)
        options = lookup.memory.options if lookup.memory else ()
        accepted = format_accepted(describe_accepted(question, options), turn.language)
        await step.context.send_activity(say("prompt.not_understood", turn.language,
                                             accepted=accepted))
        return await step.replace_dialog(
            self.initial_dialog_id, {"entities": dict(step.values.get("entities") or {}),
                                     "parsed": True}
        )

    async def _apply_step(self, step: WaterfallStepContext) -> DialogTurnResult:
        answer: ReplyAnswer = step.result
        if answer.status is AnswerStatus.EXPIRED:
            return await self.end_expired(step)
        if answer.intent is not ReplyIntent.CONFIRM:
            corrected = await self._corrected_day(step, answer)
            refused = await self._refused(step, corrected) if corrected is not None else None
            if refused is not None:
                # "yes but tomorrow" with no shift tomorrow: that is said, and the change shown
                # is asked about again, never dropped unsaid.
                await step.context.send_activity(refused.text)
                return await step.replace_dialog(
                    self.initial_dialog_id,
                    {"entities": dict(step.values.get("entities") or {}), "parsed": True})
            if corrected is not None:
                # Nothing is applied: the change on the new day is previewed for its own yes.
                return await step.replace_dialog(
                    self.initial_dialog_id, {"entities": corrected, "parsed": True}
                )
            if answer.intent is ReplyIntent.UNKNOWN:
                # It looked like a day but named none the flow could use: asked again.
                return await self._ask_again(step)
            await step.context.send_activity(
                say("shift_change.kept", EraTurn.of(step.context).language)
            )
            same_for = await self._same_for_kept(step)
            if same_for is not None:
                return await step.replace_dialog(self.initial_dialog_id, same_for)
            return await self.finish(step, FlowOutcome.CANCELLED)
        lookup = await self.load_memory(step.context)
        memory = lookup.memory
        if memory is None or "change" not in memory.data:
            return await self.end_expired(step)
        turn = EraTurn.of(step.context)
        change = ShiftChange.from_dict(memory.data["change"])

        async def apply() -> dict[str, Any]:
            applied = await self.services.shifts.apply(
                change, actor=turn.person, conversation_id=turn.conversation_key, now=turn.now
            )
            return {"summary": applied.summary, "shift_ids": list(applied.shift_ids)}

        try:
            outcome = await self.services.ledger.run_once("shift-change", change.id, apply)
        except (ConflictError, PermissionDeniedError, ValidationError, NotFoundError) as refusal:
            # Checked again at the effect: the person confirming may not be the one allowed.
            await step.context.send_activity(say(
                "shift_change.refused", turn.language, problem=error_text(refusal, turn.language)
            ))
            return await self.finish(step, FlowOutcome.DONE)
        except ActionInProgressError:
            await step.context.send_activity(say("shift_change.in_progress", turn.language))
            return await self.finish(step, FlowOutcome.DONE)
        except BackendError:
            if step.index < _LAST_APPLY_STEP:
                # Nothing changed: the preview stays, and a yes retries the same change id.
                return await self.ask(
                    step, memory, str(QuestionId.CONFIRM_PREVIEW),
                    Phrase.of("shift_change.not_applied_yet", summary=summary_phrase(change)),
                    buttons=_apply_buttons(),
                )
            await step.context.send_activity(say("shift_change.backend_failed", turn.language))
            return await self.finish(step, FlowOutcome.FAILED)
        if outcome.replayed:
            await step.context.send_activity(say(
                "shift_change.already_applied", turn.language,
                summary=change_summary(change, turn.language),
            ))
            return await self.finish(step, change_id=change.id)
        remember_change(change, list(outcome.result.get("shift_ids") or ()), turn.now)
        await self.notify_applied(change, turn)
        await step.context.send_activity(self._done_text(change, turn))
        same_for = await self._same_for_kept(step)
        if same_for is not None:
            # "same for alice" was said at this preview: now Alice's, for its own yes.
            return await step.replace_dialog(self.initial_dialog_id, same_for)
        return await self.after_apply(step, change, memory)

    @staticmethod
    def _done_text(change: ShiftChange, turn: EraTurn) -> str:
        """ "Done: …", and whom the change concerns that ERA could not tell in chat (they never
        chatted with it), so the manager tells them herself instead of finding out later."""
        summary = change_summary(change, turn.language)
        done = say("shift_change.done", turn.language, summary=summary)
        told = people_told_lately(turn.now)
        if told is None or told.summary != summary or not told.missed:
            return done
        return "\n".join((done, say(
            "shift_change.done_not_told", turn.language,
            names=format_list([name for _, name in told.missed], turn.language))))

    async def _same_for_kept(
        self, step: WaterfallStepContext, entities: dict[str, str] | None = None
    ) -> dict[str, Any] | None:
        """The options that start the same change for the person "same for ..." named at the
        preview just answered (taken from turn memory, so it starts once); None if none was.
        `entities` are the change's, when the step holds none yet."""
        lookup = await self.load_memory(step.context)
        memory = lookup.memory
        person = memory.data.get(_SAME_FOR) if memory is not None else None
        if memory is None or not person:
            return None
        await self.save_memory(step.context, memory.with_data(**{_SAME_FOR: ""}))
        entities = dict(entities or step.values.get("entities") or {})
        kept = {key: value for key, value in entities.items() if key in _SAME_FOR_KEPT}
        return {"entities": {**kept, **self.same_times(entities, memory), "person": str(person)},
                "parsed": True}

    def same_times(self, entities: dict[str, str], memory: TurnMemory) -> dict[str, str]:
        """The times the same change for another person keeps, beyond those the request named
        ("from", "until"): none by default."""
        return {}


def _last_said(text: str, person: Person) -> re.Match[str] | None:
    """Where `text` last names the person, by their name or first name."""
    said = [found for spelled in (person.name, person.first_name)
            for found in re.finditer(rf"(?<!\w){re.escape(spelled)}(?!\w)", text, re.IGNORECASE)]
    return max(said, key=lambda found: (found.start(), found.end()), default=None)


def _pair_instead(text: str, start: int, before: list[Person], after: list[Person]) -> str | None:
    """The request before `start` with its two people replaced, in the order said, by the two
    said after it; None when the words after it say more than the two names."""
    if not only_names_corrected(text[start:], tuple(p.name for p in after), joined=True):
        return None
    places = [found for found in (_last_said(text[:start], p) for p in before) if found]
    again = [(found.start(), p) for found, p in ((_last_said(text[start:], p), p) for p in after)
             if found]
    if len(places) != 2 or len(again) != 2:
        return None
    places.sort(key=lambda found: found.start())
    meant_people = [p for _, p in sorted(again, key=lambda pair: pair[0])]
    meant = text[:start]
    for found, person in reversed(list(zip(places, meant_people, strict=True))):
        meant = f"{meant[:found.start()]}{person.name}{meant[found.end():]}"
    return meant.strip(" ,;:-")
