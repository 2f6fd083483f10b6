"""What a manager's follow-up question about ERA's advice asks about.

After a recommendation a manager asks about the advice itself: what to say in the meeting, how
to document it, whether to give a written warning, whether they can dismiss, what if the
employee denies it, how long to wait, what HR needs. The offline advisor answers each from the
parts of the situation's playbook tagged with that topic (core.playbook), and says plainly that
it has no guidance when none is tagged. language.advice_topics reads the topic from a message.
"""

from __future__ import annotations

from enum import StrEnum


class AdviceTopic(StrEnum):
    """One kind of follow-up question about the advice; also a playbook tag (`[say, hr]`)."""

    SAY = "say"  # what to say or ask in the conversation or meeting, and how to run it
    DOCUMENT = "document"  # what to write down, keep, or collect as evidence
    WARNING = "warning"  # whether and when to give a (written) warning
    DISMISSAL = "dismissal"  # dismissal, suspension, or any sanction beyond a warning
    DISPUTE = "dispute"  # the employee denies it, disagrees, or contests the decision
    TIMING = "timing"  # how soon to act, how long to wait, when to review
    HR = "hr"  # when to involve HR and what to bring them
