"""Identifiers of the questions ERA asks, stored in turn memory and given to the interpreter."""

from __future__ import annotations

from enum import StrEnum


class QuestionId(StrEnum):
    """What the bot last asked; the reply interpreter reads a reply in the light of it.

    `SELECT_*` questions offer options; `CONFIRM_*` questions expect yes or no, and the action
    word in their name (cancel, send, ...) is part of a yes ("yes cancel it") at that question.
    """

    SELECT_SHIFT = "select_shift"
    SELECT_EMPLOYEE = "select_employee"
    SELECT_SLOT = "select_slot"
    SELECT_MEETING = "select_meeting"
    CONFIRM_PREVIEW = "confirm_preview"
    CONFIRM_CANCEL = "confirm_cancel"
    CONFIRM_SEND = "confirm_send"
    CONFIRM_BOOKING = "confirm_booking"
    CONFIRM_MEETING = "confirm_meeting"
    CONFIRM_RESUME = "confirm_resume"
    CONFIRM_ACTION = "confirm_action"
    CONFIRM_LATE = "confirm_late"  # "Shall I tell Maria you'll be late for ...?"
    CONFIRM_PASS_ON = "confirm_pass_on"  # "Shall I pass your request on to Maria?"
