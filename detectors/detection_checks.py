"""The outcome of each check behind one detection decision, for the structured log record."""

from __future__ import annotations

from dataclasses import dataclass, fields


@dataclass(frozen=True, slots=True)
class DetectionChecks:
    """True when a check passed, False when it failed, None when the mode does not run it.

    The legacy mode runs only `keywords`. `active_situation` is the hypothetical-versus-active
    check that sits between context gathering and keywords.
    """

    state_guard: bool | None = None
    no_clarifying_question: bool | None = None
    depth_ok: bool | None = None
    context_gathered: bool | None = None
    active_situation: bool | None = None
    keywords: bool | None = None

    def as_dict(self) -> dict[str, bool | None]:
        """Plain mapping of check name to outcome, ready for a log record or JSON."""
        # Not dataclasses.asdict: it deep-copies each bool (~50 us for two records a turn).
        return {name: getattr(self, name) for name in _CHECK_NAMES}


_CHECK_NAMES = tuple(check.name for check in fields(DetectionChecks))
