"""A manager gives one person's shift to another: "give Alice Bob's Friday shift", "move Bob's
Friday shift to Alice", "Alice will cover for Bob on Friday".

Whose shift it is, which day and which of their shifts, and who takes it are resolved once (two
Bobs: the one with a shift that day, or ERA asks). Without a taker ERA lists who could cover it
(qualified and free, or the limit that stops them) and offers them. The preview says who loses
the shift, who gets it, the day, the time and the role, after the same work-rule checks as an
assignment; on "yes" the shift changes holder in one backend operation (it is never left open
in between, and a refused taker leaves it with its holder), and both people are told.
"""

from __future__ import annotations

import re
from functools import cache

from botbuilder.dialogs import DialogContext, DialogTurnResult

from core.errors import ConflictError, ErrorCode
from core.intent import Intent
from core.name_matcher import polish_forms, spell_script_names, written_unspaced
from core.person import Person
from core.question_id import QuestionId
from core.shift import Shift
from core.shift_candidate import ShiftCandidate
from core.shift_change import ShiftChange, ShiftChangeKind
from core.text_fold import fold_text
from core.turn_memory import TurnMemory
from dialogs.era_turn import EraTurn
from dialogs.shift_change_dialog import (
    ChangeContext,
    Question,
    Refusal,
    ShiftChangeDialog,
    mention_groups,
    person_option,
)
from dialogs.shift_cover import CoverOption, ShiftCover
from dialogs.shift_options import shift_label
from language.catalogue import say
from language.catalogue_errors import fit_reason
from language.lexicon import alternatives, interrupt_fragments
from language.schedule_terms import schedule_term

# Words around a name that make it the shift's holder ("Bob's", "for Bob", "de Bob", "Bobの"),
# take that person out for another to go in ("replace Bob", "zamiast Alice": that holder, whatever
# the other name's words say), or make it the one who takes it ("to Alice", "à Alice", "Aliceに"):
# the lexicons' shift_* interrupts lists, read on folded text.
_HOLDER_BEFORE = "shift_holder_before"
_OUT_BEFORE = "shift_out_before"
_OUT_AFTER = "shift_out_after"
_TAKER_BEFORE = "shift_taker_before"
_HOLDER_AFTER = "shift_holder_after"
_TAKER_AFTER = "shift_taker_after"
_NAME_ENDING = "[a-ząćęłńóśźżäöüß]{0,4}"  # "Bobs", "Boba", "Alicji": a name with its ending
MAX_LISTED = 8  # people listed as able to cover, or not
# The entity naming who was just taken off the shift to cover (never offered to cover it).
TAKEN_OFF = "taken_off"
# Set when the shift is the one in the time a manager asked about ("who's free saturday
# afternoon?"), not someone's they named: the answer says so before who could take it.
ONLY_SHIFT = "only_shift"


@cache
def _around_a_name(key: str) -> re.Pattern[str]:
    """The words of interrupts list `key` where they stand: right before a name, an article
    allowed between ("de la Alice", "to the Bob"), or right after it ("Bob's", "Bobの")."""
    words = interrupt_fragments(key)
    if key in (_OUT_AFTER, _HOLDER_AFTER, _TAKER_AFTER):
        return re.compile(rf"^(?:{alternatives(words)})")
    spaced = alternatives([word for word in words if not written_unspaced(word)])
    unspaced = alternatives([word for word in words if written_unspaced(word)])
    articles = alternatives(interrupt_fragments("shift_name_articles"))
    return re.compile(rf"(?:\b(?:{spaced})|{unspaced})\s*(?:(?:{articles})\s+)?$")


def name_roles(text: str, groups: list[list[Person]]) -> tuple[int | None, int | None]:
    """Which of the named groups of people holds the shift and which takes it (indexes into
    `groups`, by the words around each name); a name taken out ("replace Bob with Alice",
    "Alice instead of Bob", "take Bob off Friday") holds it whatever the other's words say;
    unmarked names take what is left, the first one named taking the shift ("Alice will cover
    Bob")."""
    folded = fold_text(text)
    holder: int | None = None
    taker: int | None = None
    found_at: dict[int, tuple[re.Match[str], int]] = {}
    for index, group in enumerate(groups):
        person = group[0]
        spelled = person.name if len(group) == 1 and person.name.casefold() in folded else (
            person.first_name)
        key = fold_text(spelled)
        found = re.search(rf"(?<![a-z]){re.escape(key)}{_NAME_ENDING}", folded)
        if found is None and " " not in key:
            # A name declined in Polish ("zastąp Lucę Bobem", "zamiast Luki"): one of its
            # cases, its ending what the case adds to the letters it shares with the name.
            forms = [re.escape(form) for form in
                     sorted(polish_forms(key) - {key}, key=len, reverse=True)]
            found = re.search(rf"(?<![a-z])(?:{alternatives(forms)})(?![a-z])", folded)
            if found is not None:
                form = found.group(0)
                shared = next((i for i, (a, b) in enumerate(zip(key, form, strict=False))
                               if a != b), min(len(key), len(form)))
                spelled = key[:shared]
        if found is not None:
            found_at[index] = (found, len(spelled))
    out = [index for index, (found, _) in found_at.items()
           if _around_a_name(_OUT_BEFORE).search(folded[:found.start()])
           or _around_a_name(_OUT_AFTER).match(folded[found.end():])]
    if out:
        holder = out[0]
    for index, (found, length) in found_at.items():
        if index == holder:
            continue
        before, after = folded[:found.start()], folded[found.end():]
        ending = found.group(0)[length:]
        taker_before = _around_a_name(_TAKER_BEFORE).search(before)
        if (_around_a_name(_HOLDER_BEFORE).search(before)
                or _around_a_name(_HOLDER_AFTER).match(after) or ending == "s"
                or (ending and not taker_before)):
            holder = index if holder is None else holder
        elif taker_before or _around_a_name(_TAKER_AFTER).match(after):
            taker = index if taker is None else taker
    rest = [i for i in range(len(groups)) if i not in (holder, taker)]
    if taker is None and rest and (holder is not None or len(groups) > 1):
        taker = rest.pop(0)
    if holder is None and rest:
        holder = rest.pop(0)
    return holder, taker


class ShiftReassignDialog(ShiftChangeDialog):
    """Whose shift, which day, which shift, who takes it; preview; apply; tell both."""

    intent = Intent.SHIFT_REASSIGN

    async def on_continue_dialog(self, inner_dc: DialogContext) -> DialogTurnResult:
        """"who else is free?", "¿quién más está libre?" at the preview of Bob Jones taking
        Chen's shift: who could cover that shift is listed instead of the preview (nothing is
        applied; a pick is previewed for its own yes); else as any shift change."""
        entities = self._cover_asked(inner_dc)
        if entities is not None:
            await inner_dc.cancel_all_dialogs()
            return await inner_dc.begin_dialog(self.initial_dialog_id,
                                               {"entities": entities, "parsed": True})
        return await super().on_continue_dialog(inner_dc)

    def _cover_asked(self, inner_dc: DialogContext) -> dict[str, str] | None:
        """The previewed change's entities without its taker, when the reply at the preview
        asks who is free and names no other day or person; else None."""
        text = inner_dc.context.activity.text or ""
        if not text or self.current_question(inner_dc) != QuestionId.CONFIRM_PREVIEW:
            return None
        understood = EraTurn.of(inner_dc.context).understood(text)
        if understood.intent is not Intent.WHO_IS_FREE \
                or any(understood.slots.get(key) for key in ("day", "person", "time")):
            return None
        entities = self._previewed_entities(inner_dc)
        if not all(entities.get(key) for key in ("holder", "day", "shift", "person")):
            return None
        return {key: value for key, value in entities.items()
                if key != "person" and not key.startswith("person_")}

    async def parse_request(
        self, text: str, ctx: ChangeContext, turn: EraTurn
    ) -> dict[str, str] | Refusal:
        """Whose shift it is, who takes it, and the day."""
        # Names written in kana or Chinese characters, spelled as the directory does, so the
        # words around each name tell whose shift it is ("把鲍勃·史密斯周五的班给爱丽丝").
        text = spell_script_names(text, ctx.employees)
        mine, elsewhere = await self.people_in_request(text, ctx)
        groups = mention_groups(text, mine)
        if len(groups) < 2 and elsewhere:
            return Refusal(say("shift_change.not_in_your_store", ctx.language,
                               name=elsewhere[0].name))
        entities: dict[str, str] = {}
        holder, taker = name_roles(text, groups)
        for slot, index in (("holder", holder), ("person", taker)):
            if index is not None:
                found = self.people_entities(slot, groups[index], [], ctx)
                if isinstance(found, dict):
                    entities.update(found)
        day = await self.day_in_request(text, turn, ctx.tz)
        if day is not None:
            entities["day"] = day.isoformat()
        return entities

    async def next_question(
        self, entities: dict[str, str], ctx: ChangeContext, turn: EraTurn
    ) -> Question | Refusal | None:
        """Whose shift, the day, which of their shifts, then who takes it."""
        if "shift" not in entities:
            question = await self._ask_holders_shift(entities, ctx, turn)
            if question is not None:
                return question
        return await self._ask_taker(entities, ctx, turn)

    async def _ask_holders_shift(
        self, entities: dict[str, str], ctx: ChangeContext, turn: EraTurn
    ) -> Question | Refusal | None:
        """Settle whose shift it is, the day and the shift (`entities["shift"]`)."""
        # "Give Alice Bob's Friday shift" with two Bobs: the Bob who works on Friday.
        await self.settle_namesake_on_day(entities, "holder", ctx, turn)
        question = self.ask_person("holder", entities, ctx, "reassign_from")
        if question:
            return question
        holder = self.person(entities, "holder", ctx)
        question = await self.ask_day(entities, ctx, turn, "unassign", holder.first_name)
        if question:
            return question
        return await self.ask_their_shift(entities, ctx, turn, holder, "shift_unassign.no_shift")

    async def _ask_taker(
        self, entities: dict[str, str], ctx: ChangeContext, turn: EraTurn
    ) -> Question | Refusal | None:
        """Who takes the shift: named, typed, or picked from those who could cover it."""
        shift = await self._shift(entities)
        if "person" in entities and entities["person"] == shift.person_id:
            entities.pop("person")  # "give Bob's shift to Bob": ask who else
        if "person" in entities or "person_answer" in entities or "person_choices" in entities:
            return self.ask_person("person", entities, ctx, "reassign_to")
        cover = ShiftCover(shifts=self.services.shifts, directory=self.services.directory)
        options = [option for option in await cover.options(shift, now=turn.now)
                   if option.person.id != entities.get(TAKEN_OFF)]
        return self.cover_question(shift, options, ctx, only=ONLY_SHIFT in entities)

    def cover_question(
        self, shift: Shift, options: list[CoverOption], ctx: ChangeContext, *,
        only: bool = False,
    ) -> Question | Refusal:
        """Who could cover the shift, each with why they fit or what stops them, and the offer
        to give it to one of those who fit (a refusal when nobody fits). `only`: the shift is
        the one in the time asked about, and the answer says so."""
        language = ctx.language
        holder = next((p.name for p in ctx.employees if p.id == shift.person_id), "")
        label = say("shift.label_with_role", language,
                    shift=shift_label(shift, ctx.tz, language),
                    role=schedule_term(shift.role, language))
        held, open_ = (("shift_cover.intro_only_held", "shift_cover.intro_only_open") if only
                       else ("shift_cover.intro_held", "shift_cover.intro_open"))
        head = (say(held, language, shift=label, name=holder) if holder
                else say(open_, language, shift=label))
        lines = [head]
        role = schedule_term(shift.role, language)
        for option in options[:MAX_LISTED]:
            why = (say("shift_cover.fits", language, role=role) if option.fit.fits
                   else say("shift_cover.limit", language,
                            reason=fit_reason(option.fit.fit_details, language)))
            lines.append("- " + say("shift_cover.line", language, name=option.person.name,
                                    why=why))
        free = [o.person for o in options if o.fit.fits]
        if not free:
            lines.append(say("shift_cover.nobody_free", language))
            return Refusal("\n".join(lines))
        lines.append(say("shift_cover.offer", language))
        return Question(
            "person", str(QuestionId.SELECT_EMPLOYEE), "\n".join(lines),
            options=tuple(person_option(p, i, language) for i, p in enumerate(free)),
        )

    async def preview(
        self, entities: dict[str, str], ctx: ChangeContext, turn: EraTurn, memory: TurnMemory
    ) -> ShiftChange:
        """The shift changing holder (or, when it is open, the assignment), checked."""
        shift = await self._shift(entities)
        person = self.person(entities, "person", ctx)
        if shift.is_open:
            candidate = ShiftCandidate(shift.id, shift.template_id, shift.label, shift.role,
                                       shift.starts_at, shift.ends_at)
            return await self.services.shifts.preview_assign(
                actor=turn.person, person=person, candidate=candidate, role=shift.role,
                now=turn.now)
        return await self.services.shifts.preview_reassign(
            actor=turn.person, shift=shift, person=person, now=turn.now)

    async def notify_applied(self, change: ShiftChange, turn: EraTurn) -> None:
        """Tell the one who lost the shift and the one who got it, each in their language."""
        if change.kind is not ShiftChangeKind.REASSIGN:
            return
        holder_id, taker_id = change.person_ids
        names = {"holder": str(change.facts.get("holder", "")),
                 "person": str(change.facts.get("person", ""))}
        await self.tell(holder_id, "shift_reassign.notice_holder", change, turn, **names)
        await self.tell(taker_id, "shift_reassign.notice_taker", change, turn, **names)

    async def _shift(self, entities: dict[str, str]) -> Shift:
        shift = await self.services.shifts.get_shift(entities["shift"])
        if shift is None:
            raise ConflictError(ErrorCode.SHIFT_NO_LONGER_EXISTS)
        return shift

