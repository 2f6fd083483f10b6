"""Ids of the questions whose answer is free text rather than an option or a yes/no."""

from __future__ import annotations

from enum import StrEnum


class FreeTextQuestion(StrEnum):
    """Questions whose answer is free text rather than an option or a yes/no."""

    CANCELLATION_REASON = "cancellation_reason"  # "why can't you make it?"
    EMAIL_EDIT = "email_edit"  # a replacement text or an instruction for the draft
    EMAIL_EDIT_KIND = "email_edit_kind"  # "is this the new text, or an instruction for me?"
    PERSON_NAME = "person_name"
    PERSON_EMAIL = "person_email"
    TIME_PREFERENCE = "time_preference"  # "when would you like to meet?"
    ADVICE_ANSWER = "advice_answer"  # the manager answers the advisor's clarifying question
    TRANSFER_NEED = "transfer_need"  # flow A: "tell me what you need; if I can't help ..."
    FREE_TEXT = "free_text"  # any other free text: a project name, a note, a subject
