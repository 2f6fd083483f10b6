"""ERA's exception hierarchy: one root, a few subclasses that callers can act on.

An error a person may see carries a code (`ErrorCode`) and the data to say it with (a shift, a
name); the dialogs turn it into a message in the person's language (message id
"error.<code>"). The exception's own text is for logs only. An error raised with a plain text
instead of a code gets its class's generic code.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, ClassVar


class ErrorCode(StrEnum):
    """What went wrong, as the catalogue knows it."""

    # generic, one per class
    UNEXPECTED = "unexpected"
    CONFIG = "config"
    BACKEND = "backend"
    NOT_FOUND = "not_found"
    PERMISSION_DENIED = "permission_denied"
    INVALID = "invalid"
    CONFLICT = "conflict"
    # shifts
    SHIFT_NOT_FOUND = "shift_not_found"
    SHIFT_NO_LONGER_EXISTS = "shift_no_longer_exists"
    NOT_YOUR_SHIFT = "not_your_shift"
    SHIFT_NO_LONGER_YOURS = "shift_no_longer_yours"
    SHIFT_STARTED_CANNOT_CANCEL = "shift_started_cannot_cancel"
    REASON_REQUIRED = "reason_required"
    ROLE_REQUIRED = "role_required"
    NOT_A_MANAGER = "not_a_manager"
    NOT_THIS_STORES_MANAGER = "not_this_stores_manager"
    CHANGE_NOT_YOURS = "change_not_yours"
    SWAP_SAME_SHIFT = "swap_same_shift"
    SWAP_ACROSS_STORES = "swap_across_stores"
    TEMPLATE_GONE = "template_gone"
    SHIFT_AT_ANOTHER_STORE = "shift_at_another_store"
    SHIFT_TAKEN = "shift_taken"
    OPEN_SHIFT_OTHER_ROLE = "open_shift_other_role"
    SHIFT_DOES_NOT_FIT = "shift_does_not_fit"
    SWAP_OPEN_SHIFT = "swap_open_shift"
    SWAP_SAME_PERSON = "swap_same_person"
    SWAP_DOES_NOT_WORK = "swap_does_not_work"
    HOLDER_NOT_IN_DIRECTORY = "holder_not_in_directory"
    SWAP_STARTED = "swap_started"
    SHIFT_ALREADY_OPEN = "shift_already_open"
    UNASSIGN_STARTED = "unassign_started"
    REASSIGN_SAME_PERSON = "reassign_same_person"
    REASSIGN_DOES_NOT_FIT = "reassign_does_not_fit"
    MOVE_SAME_SHIFT = "move_same_shift"
    PERSON_NOT_ON_SCHEDULE = "person_not_on_schedule"
    NO_ENTRA_ACCOUNT = "no_entra_account"
    NO_ROLE_GROUP = "no_role_group"
    SCHEDULE_CHANGED = "schedule_changed"
    SHIFT_CHANGED_WHILE_CANCELLING = "shift_changed_while_cancelling"
    SHIFT_JUST_CANCELLED = "shift_just_cancelled"
    SHIFTS_CHANGED_HANDS = "shifts_changed_hands"
    SHIFT_CHANGED_HANDS = "shift_changed_hands"
    CHANGE_IN_PROGRESS = "change_in_progress"
    STORE_NOT_FOUND = "store_not_found"
    # people, email, meetings
    EMPLOYEE_GONE = "employee_gone"
    NOT_AN_EMAIL_ADDRESS = "not_an_email_address"
    MEETING_NOT_FOUND = "meeting_not_found"
    NOT_THE_ORGANIZER = "not_the_organizer"
    NOT_YOUR_MEETING = "not_your_meeting"
    ONLY_ORGANISER_CANCELS = "only_organiser_cancels"
    DUPLICATE_BOOKING_REQUEST = "duplicate_booking_request"
    OPEN_SHIFT_JUST_TAKEN = "open_shift_just_taken"
    ONLY_MANAGERS_SEND_EMAIL = "only_managers_send_email"
    RECIPIENT_NOT_IN_YOUR_STORE = "recipient_not_in_your_store"
    PLACEHOLDERS_UNFILLED = "placeholders_unfilled"


class EraError(Exception):
    """Root of every error ERA raises on purpose.

    `EraError(ErrorCode.X, name=...)` carries a code and its data; `EraError("text")` (for
    errors no person is shown) gets the class's generic code and keeps the text for logs.
    """

    default_code: ClassVar[ErrorCode] = ErrorCode.UNEXPECTED

    def __init__(self, detail: str | ErrorCode = "", /, **data: Any) -> None:
        if isinstance(detail, ErrorCode):
            self.code = detail
            text = str(detail) + (f" {data}" if data else "")
        else:
            self.code = self.default_code
            text = detail
        super().__init__(text)
        self.data: dict[str, Any] = data


class ConfigError(EraError):
    """A setting is missing or invalid; the message names the variable and what it accepts."""

    default_code = ErrorCode.CONFIG


class BackendError(EraError):
    """An outside system (LLM, Graph, Cosmos DB, SMTP, ...) failed or timed out.

    `service` names the backend for logs and the failure tracker; the message is safe to log but
    is not shown to users verbatim.
    """

    default_code = ErrorCode.BACKEND

    def __init__(self, service: str, message: str) -> None:
        super().__init__(f"{service}: {message}")
        self.service = service


class DirectoryUnavailableError(BackendError):
    """The directory (Entra ID through Graph) could not be read in time, so ERA cannot tell who
    is writing, who manages whom or who works where. Said as an outage ("I couldn't reach the
    company directory"), never as "your account isn't set up"."""

    def __init__(self, message: str) -> None:
        super().__init__("directory", message)


class NotFoundError(EraError):
    """A thing the user named does not exist (an unknown employee, shift or meeting)."""

    default_code = ErrorCode.NOT_FOUND


class PermissionDeniedError(EraError):
    """The person may not do this (a worker cancelling someone else's shift, a manager of
    another store)."""

    default_code = ErrorCode.PERMISSION_DENIED


class ValidationError(EraError):
    """The user's input cannot be used as given; the code says what is accepted."""

    default_code = ErrorCode.INVALID


class ConflictError(EraError):
    """A write lost an optimistic-concurrency race (stale ETag, or a first write that lost)."""

    default_code = ErrorCode.CONFLICT
