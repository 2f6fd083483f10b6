"""The collaborators flows use, built once in app.py and handed to every flow dialog."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from core.calendar_service import CalendarService
from core.directory import Directory
from core.llm_client import LlmClient
from core.mail_service import MailService
from core.person_notifier import PersonNotifier
from core.shift_backend import ShiftBackend
from dialogs.reply_prompt import ReplyFallback
from services.time_phrase_parser import TimePhraseParser
from state.action_ledger import ActionLedger
from state.turn_memory_store import TurnMemoryStore


@dataclass(frozen=True)
class FlowServices:
    """Storage-backed helpers (turn memory, the once-only ledger) and the outside systems."""

    turn_memory: TurnMemoryStore
    ledger: ActionLedger
    directory: Directory
    shifts: ShiftBackend
    time_parser: TimePhraseParser
    mail: MailService
    calendar: CalendarService
    notifier: PersonNotifier
    clock: Callable[[], datetime]
    reply_fallback: ReplyFallback | None = None
    llm: LlmClient | None = None  # None: offline (templates, rules and playbooks only)
