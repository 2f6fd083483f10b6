"""A botbuilder StatePropertyAccessor over one section of the turn's person state document, so
that botbuilder's DialogSet keeps its dialog stack there instead of in ConversationState."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from botbuilder.core import StatePropertyAccessor, TurnContext

from state.person_state import current_person_state


class PersonStateProperty(StatePropertyAccessor):  # type: ignore[misc]
    """get / set / delete one section of the current turn's document."""

    def __init__(self, section: str) -> None:
        self._section = section

    async def get(
        self, turn_context: TurnContext, default_value_or_factory: Callable[[], Any] | Any = None
    ) -> Any:
        """The section's value, created from the default when missing."""
        state = _state()
        if self._section not in state.sections and default_value_or_factory is not None:
            default = (default_value_or_factory() if callable(default_value_or_factory)
                       else default_value_or_factory)
            state.sections[self._section] = default
        return state.sections.get(self._section)

    async def set(self, turn_context: TurnContext, value: Any) -> None:
        """Replace the section."""
        _state().sections[self._section] = value

    async def delete(self, turn_context: TurnContext) -> None:
        """Remove the section (missing is fine)."""
        _state().sections.pop(self._section, None)


def _state() -> Any:
    state = current_person_state()
    if state is None:
        raise RuntimeError("dialog state used outside a turn (no person state in use)")
    return state
