"""Whose each email draft is, by its id.

A preview's Send button replies "send email draft-..." and names only the draft. In a shared
conversation a colleague may press it where the card carries no mark of whom it was shown to (a
card sent before buttons were marked, any Slack button): in their own state no such draft is
open, and they were told the draft had closed, which said nothing of whose it was. So each draft
shown with a Send button leaves one small item naming its owner, written with the turn that
shows it, and a press that carries no mark reads it. The item is kept among the person's
documents and names them by id as those do, so that an erasure of their data finds it.
"""

from __future__ import annotations

from state.owner_notes import OwnerNotes


class DraftOwners(OwnerNotes):
    """Notes and finds whom an email draft (and so its Send button) belongs to."""

    prefix = "person-state/draft-owner/"
