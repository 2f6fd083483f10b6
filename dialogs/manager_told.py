"""What a worker's manager was last told through ERA, kept for the questions that follow it
(and, for a manager, whom a shift change just applied was told of).

After "Your shift on Tue 1 Dec ... has been cancelled. I've let Maria Lopez know. Anything
else?" a worker asks "did maria get it?", "est-ce que maria est au courant ?", "si ma avvisa
maria per favore", "did it work?" or "undo that". Each is answered from this record: that the
manager was told (or could not be reached), or that it cannot be taken back and who can change
it. Nothing is sent again.

The record is kept in the person's state for `ASKED_WITHIN`: long enough for the questions
that follow at once, not so long that a later message naming the manager reaches back to it.
Its sentences are the flow's own catalogue messages, with their fields as said when it ended.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from core.person import Person
from dialogs.last_question import recent_flag
from dialogs.manager_notice import ManagerReach
from language.catalogue import say
from language.formatting import format_list
from state.person_state import current_person_state

MANAGER_TOLD = "manager_told"
PEOPLE_TOLD = "people_told"
ASKED_WITHIN = timedelta(minutes=30)


@dataclass(frozen=True)
class ToldManager:
    """What the manager was told: who they are, and the message ids that say so, or that they
    could not be reached (`status`), and that say it cannot be taken back (`undo`), with their
    fields."""

    manager_id: str
    status: str
    undo: str
    fields: dict[str, str]
    count: int | None = None
    recap: str = ""
    told: str = ""

    def recap_text(self, language: str) -> str | None:
        """What was done and whether the manager was told, for "wait what?"; None when the
        request kept no recap."""
        if not self.recap:
            return None
        return " ".join(filter(None, (self._said(self.recap, language),
                                      say(self.told, language, **self.fields)
                                      if self.told else "")))

    def status_text(self, language: str) -> str:
        """That the manager was told what (or could not be reached), in `language`."""
        return self._said(self.status, language)

    def undo_text(self, language: str) -> str:
        """That it cannot be taken back, and who can change it, in `language`."""
        return self._said(self.undo, language)

    def first_stands_text(self, language: str) -> str:
        """That what was done stays done while a new request starts, in `language`."""
        return self._said(f"{self.recap}_stands", language)

    def _said(self, message: str, language: str) -> str:
        if self.count is None:
            return say(message, language, **self.fields)
        return say(message, language, count=self.count, **self.fields)


def remember_told(
    manager_id: str, reach: ManagerReach, *, status: str, not_reached: str, undo: str,
    fields: dict[str, str], now: datetime, count: int | None = None,
    undo_not_reached: str | None = None, recap: str = "", told: str = "",
) -> None:
    """Keep what the manager was just told: `status` says it when they were reached (by email
    or in chat), `not_reached` when neither went; `undo` answers "undo that" (when they were
    not reached, `undo_not_reached` does, if given). `recap` says what was done, for "wait
    what?", followed by `told` when the manager was reached, by `not_reached` when not."""
    state = current_person_state()
    if state is None:
        return
    reached = reach is not ManagerReach.NOT_TOLD
    state.flags[MANAGER_TOLD] = {
        "at": now.isoformat(), "manager_id": manager_id,
        "status": status if reached else not_reached,
        "undo": undo if reached or undo_not_reached is None else undo_not_reached,
        "fields": dict(fields),
        "count": count,
        "recap": recap,
        "told": told if reached else not_reached,
    }


def told_lately(now: datetime) -> ToldManager | None:
    """What the manager was last told for this person, within `ASKED_WITHIN`; None when
    nothing was, it is older, or it cannot be read."""
    kept: Any = recent_flag(MANAGER_TOLD, now, ASKED_WITHIN)
    if kept is None:
        return None
    try:
        fields = {str(name): str(value) for name, value in dict(kept["fields"]).items()}
        count = kept.get("count")
        return ToldManager(
            manager_id=str(kept["manager_id"]), status=str(kept["status"]),
            undo=str(kept["undo"]), fields=fields,
            count=count if isinstance(count, int) else None,
            recap=str(kept.get("recap") or ""), told=str(kept.get("told") or ""))
    except (KeyError, TypeError, ValueError):
        return None


@dataclass(frozen=True)
class PeopleTold:
    """Whom a manager's shift change was told to, whether each was reached in chat, and the
    change as the manager was shown it ("Alice Martin → Wed 2 Dec, Evening 20:00-23:00")."""

    summary: str
    reached: tuple[tuple[str, str], ...]  # (person id, name)
    missed: tuple[tuple[str, str], ...]

    @property
    def ids(self) -> frozenset[str]:
        """Everyone the change was told to, or meant to be."""
        return frozenset(person_id for person_id, _ in self.reached + self.missed)

    def status_text(self, language: str) -> str:
        """Whom ERA told of the change, and whom it could not reach, in `language`."""
        lines = []
        if self.reached:
            lines.append(say("shift_change.people_told", language, summary=self.summary,
                             names=format_list([name for _, name in self.reached], language)))
        if self.missed:
            lines.append(say("shift_change.people_not_told", language, summary=self.summary,
                             names=format_list([name for _, name in self.missed], language)))
        return " ".join(lines)


def remember_person_told(person: Person, reached: bool, summary: str, now: datetime) -> None:
    """Keep that `person` was told (or could not be reached) of the change `summary` just
    applied; the people told of one change in one turn are kept together."""
    state = current_person_state()
    if state is None:
        return
    kept = state.flags.get(PEOPLE_TOLD)
    same = (isinstance(kept, dict) and kept.get("at") == now.isoformat()
            and kept.get("summary") == summary)
    people = list(kept.get("people") or ()) if same and isinstance(kept, dict) else []
    people.append([person.id, person.name, reached])
    state.flags[PEOPLE_TOLD] = {"at": now.isoformat(), "summary": summary, "people": people}


def people_told_lately(now: datetime) -> PeopleTold | None:
    """Whom the manager's last change was told to, within `ASKED_WITHIN`; None otherwise."""
    kept: Any = recent_flag(PEOPLE_TOLD, now, ASKED_WITHIN)
    if kept is None:
        return None
    try:
        people = [(str(i), str(name), bool(reached)) for i, name, reached in kept["people"]]
        return PeopleTold(
            summary=str(kept["summary"]),
            reached=tuple((i, name) for i, name, reached in people if reached),
            missed=tuple((i, name) for i, name, reached in people if not reached))
    except (KeyError, TypeError, ValueError):
        return None
