"""Two per-turn costs of botbuilder-dialogs 4.17.1 (its final release) removed.

- Every DialogContext (one per dialog level, and one more per waterfall step) builds a
  DialogStateManager with its memory scopes and path resolvers at once; only the SDK's memory
  snapshot (DialogExtensions, which ERA does not run) and declarative dialogs read it. Here it is
  built when first read.
- WaterfallDialog names each run with `uuid.uuid1()`, which asks libuuid for a time-based id
  (a clock file guarded by a file lock: blocking I/O on the event loop, ~30 us). A random
  `uuid4()` is as unique for an id that only tells telemetry events apart.

`apply()` is idempotent; the dialogs package applies it on import.
"""

from __future__ import annotations

import types
import uuid
from typing import Any

from botbuilder.dialogs import DialogContext, waterfall_dialog
from botbuilder.dialogs.memory import DialogStateManager

_APPLIED = "_era_lazy_state"


def _init(self: Any, dialog_set: Any, turn_context: Any, state: Any) -> None:
    # What DialogContext.__init__ does, except building the state manager.
    if dialog_set is None:
        raise TypeError("DialogContext(): dialog_set cannot be None.")
    if turn_context is None:
        raise TypeError("DialogContext(): turn_context cannot be None.")
    self._turn_context = turn_context
    self._dialogs = dialog_set
    self._stack = state.dialog_stack
    self.services = {}
    self.parent = None
    self._era_state_manager = None


def _state(self: Any) -> DialogStateManager:
    manager = self.__dict__.get("_era_state_manager")
    if manager is None:
        manager = self._era_state_manager = DialogStateManager(self)
    return manager


def apply() -> None:
    """Patch DialogContext and WaterfallDialog (once)."""
    if getattr(DialogContext, _APPLIED, False):
        return
    DialogContext.__init__ = _init
    DialogContext.state = property(_state)
    setattr(DialogContext, _APPLIED, True)
    waterfall_dialog.uuid = types.SimpleNamespace(uuid1=uuid.uuid4)  # type: ignore[attr-defined]
