"""What a user's message asks ERA to do; the router and the interrupt check both speak it."""

from __future__ import annotations

from enum import StrEnum


class Intent(StrEnum):
    """A capability (or a control word) a message asks for."""

    ADVICE = "advice"  # a manager describes a situation or asks a policy question
    SHIFT_CANCEL = "shift_cancel"  # a worker cancels one of their own shifts
    SHIFT_ASSIGN = "shift_assign"
    SHIFT_SWAP = "shift_swap"
    SHIFT_UNASSIGN = "shift_unassign"
    ABSENCE_REPORT = "absence_report"  # a manager: "Bob can't come in on Friday"
    SHIFT_REASSIGN = "shift_reassign"  # a manager: "give Alice Bob's Friday shift"
    SHIFT_MOVE = "shift_move"  # a manager: "move Bob from Saturday to Sunday"
    WHO_IS_FREE = "who_is_free"  # a manager: "who's free Friday afternoon?", "who could cover Bob?"
    MY_SHIFTS = "my_shifts"  # "what are my shifts this week?"
    MY_MEETINGS = "my_meetings"  # "what meetings do I have this week?"
    STORE_SCHEDULE = "store_schedule"  # a manager: "who is working tomorrow?"
    MY_MANAGER = "my_manager"  # "who is my manager?"
    # "what is alice's salary?", "my payslip": personal records ERA neither holds nor shares
    PERSONAL_RECORDS = "personal_records"
    RUNNING_LATE = "running_late"  # "I'll be 20 minutes late": a worker's manager is told
    MORE_HOURS = "more_hours"  # a worker: "can I get more hours?": their manager decides
    # a worker: "can I leave early tomorrow?", "can I start later?": their manager agrees or not
    ASK_MANAGER = "ask_manager"
    RESIGNATION = "resignation"  # "I want to resign", "I quit": handed to a person in HR
    EMAIL = "email"  # "email Bob about ..."
    CALL_EMPLOYEE = "call_employee"  # "book a call with Bob"
    MEETING_BOOK = "meeting_book"
    MEETING_CANCEL = "meeting_cancel"
    MEETING_RESCHEDULE = "meeting_reschedule"
    # "invite chen to the rota review", "add alice to my meeting with bob on thursday"
    MEETING_INVITE = "meeting_invite"
    # "take chen off the rota review", "enlève chen de la réunion de vendredi"
    MEETING_UNINVITE = "meeting_uninvite"
    HELP = "help"
    CANCEL_FLOW = "cancel_flow"  # "cancel", "stop": end the current flow
    TRANSFER = "transfer"  # "transfer me", "talk to a human"
    START_OVER = "start_over"
    SIGN_OUT = "sign_out"  # "sign out": forget the account linked by a sign-in
    UNDO = "undo"  # "undo", "rückgängig": take back what is already done (ERA cannot)
    GREETING = "greeting"
    THANKS = "thanks"  # "thanks!", "merci beaucoup", "ok great thanks"
    GOODBYE = "goodbye"  # "bye", "have a good day", "bis morgen"
    FEEDBACK = "feedback"  # "!improve <feedback>"
    UNKNOWN = "unknown"
