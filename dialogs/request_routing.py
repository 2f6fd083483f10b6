"""Where a request goes given who asks it: a shift worker cannot change the rota, so their
"can I swap my tuesday shift?", "move my shift to friday" or "can someone cover my shift on
friday?" is a question for their manager, which ERA offers to ask; a manager's "can someone
cover Bob's shift on friday?" asks who is free then. A worker's "show me the shifts" or "who is
working tomorrow?" gets the part of the schedule they may see: their own shifts, with who works
beside them on the days named. A manager's "are there extra shifts for Bob?" shows Bob's
shifts (with how to assign one). The same whether the request opens a conversation or comes in
the middle of another flow."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from core.intent import Intent
from core.person import PersonRole

ABOUT = "about"
ABOUT_SHIFT_CHANGE = "shift_change"
# The slot a request to have one's shift covered fills ("can someone cover my shift?").
COVER = "cover"
# A worker's change of the rota, their own shift or a colleague's ("give me Alice's shift"):
# their manager's to make, which ERA offers to ask.
_WORKER_ASKS_MANAGER = frozenset({Intent.SHIFT_SWAP, Intent.SHIFT_MOVE, Intent.SHIFT_REASSIGN})
# The option that tells the worker's own shifts to show who works beside them on the days named.
ALONGSIDE = "alongside"
# A store-schedule question that asks about someone else, or about the whole store's people
# (who is off, how many): a worker is still refused it.
_OTHERS_SLOTS = frozenset({"person", "with_person", "off", "count"})


@dataclass(frozen=True)
class Routed:
    """The flow a request goes to, and what that flow is told beside the words."""

    intent: Intent
    options: dict[str, str] = field(default_factory=dict)


def route_for(
    intent: Intent, slots: Mapping[str, str], role: PersonRole, *, names_team: bool = False
) -> Routed:
    """The flow that serves `intent` (with its `slots`) for a person of `role`;
    `names_team`: the request names one of the manager's people."""
    if intent is Intent.MORE_HOURS and role is PersonRole.MANAGER and names_team:
        # "are there extra shifts for Bob?", "ci sono turni extra per bob?": that person's
        # shifts, with how to assign more; not "asking for more hours is for shift workers".
        return Routed(Intent.STORE_SCHEDULE)
    covering = intent is Intent.SHIFT_SWAP and COVER in slots
    if role is PersonRole.EMPLOYEE and (intent in _WORKER_ASKS_MANAGER or covering):
        return Routed(Intent.ASK_MANAGER, {ABOUT: ABOUT_SHIFT_CHANGE})
    if (role is PersonRole.EMPLOYEE and intent is Intent.STORE_SCHEDULE
            and not _OTHERS_SLOTS & slots.keys()):
        return Routed(Intent.MY_SHIFTS, {ALONGSIDE: "1"})
    if covering and role is not PersonRole.EMPLOYEE:
        return Routed(Intent.WHO_IS_FREE)
    return Routed(intent)
