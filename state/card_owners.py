"""Whose each Slack card in a shared conversation is, by the tag its buttons' replies end with.

A Slack button sends its reply as the presser's own message ("Who is working tomorrow? #19b8…"),
with no value to carry whom the card was shown to, and in a channel everyone sees everyone's
cards. The tag ends with a short mark of the person the card is for, which tells a colleague's
press from the person's own without a read; to name whose the button is, each card ERA shows
in a shared Slack conversation leaves one small item naming its owner, written with the turn
that shows it. The item is kept among the person's documents and names them by id as those
do, so that an erasure of their data finds it.
"""

from __future__ import annotations

from state.owner_notes import OwnerNotes


class CardOwners(OwnerNotes):
    """Notes and finds whom a Slack card (and so each of its buttons) was shown to."""

    prefix = "person-state/card-owner/"
