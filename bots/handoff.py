"""Hands a conversation over to a person in HR.

A hand-over does three things: it sends the Bot Framework `handoff.initiate` event (value: the
hand-over context — reason, category, failure history, user, last topic, the email the person
had drafted and not sent, if any; an attachment named
"Transcript" holding the conversation so far, as recorded by ERA's transcript recorder) for
an agent hub to pick up; it tells the configured HR escalation contact by email and, where ERA
can reach them, in chat; and it tells the user what happens next. It also turns the hub's
`handoff.status` events into messages for the user.
"""

from __future__ import annotations

import logging
import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from botbuilder.core import TurnContext
from botbuilder.schema import Activity, ActivityTypes, Attachment

from bots.transcript_recorder import turn_entries
from bots.turn_language import turn_language
from core.audit_log import AuditLog
from core.audit_record import AuditRecord
from core.directory import Directory
from core.email_draft import EmailDraft
from core.errors import BackendError, ValidationError
from core.failure_tracker import FailureTracker
from core.intent import Intent
from core.mail_service import MailService
from core.outgoing_email import OutgoingEmail
from core.person import Person
from core.person_notifier import PersonNotifier
from core.turn_memory import TurnMemory
from dialogs.kept_draft import keep_handed_over_draft
from dialogs.manager_notice import notice_language
from dialogs.rendering.markdown_text import quoted_words
from language.catalogue import say
from language.formatting import language_name
from language.intent_rules import classify_intent
from language.language_choice import language_for
from state.conversation_keys import conversation_digest
from state.person_state import MEMORY, current_person_state
from state.transcript_writer import TranscriptWriter

logger = logging.getLogger(__name__)

HANDOFF_INITIATE = "handoff.initiate"
HANDOFF_STATUS = "handoff.status"
TRANSCRIPT_ATTACHMENT = "Transcript"

_REASONS = frozenset(
    {"knowledge_gap", "user_requested", "user_insisted", "too_many_failures", "resignation",
     "advice_case"}
)
_NOT_A_REQUEST = frozenset(
    {Intent.TRANSFER, Intent.START_OVER, Intent.GREETING, Intent.THANKS, Intent.HELP}
)
_STATUSES = frozenset({"accepted", "failed", "completed"})

# HR could not be reached at all.
HR_UNREACHABLE = "handoff.hr_unreachable"
STILL_HANDED_OFF = "handoff.still_handed_off"


@dataclass(frozen=True)
class UnsentDraft:
    """The email the person was writing when they were handed over: never sent by the
    hand-over, shown to HR so that the person need not paste it, and named to the person."""

    recipient: Person
    draft: EmailDraft
    memory: dict[str, Any]  # the email flow's memory, kept for the person to come back to

    def to_dict(self) -> dict[str, str]:
        """Its part of the hand-over context, for an agent hub."""
        return {"to": self.recipient.email, "toName": self.recipient.name,
                "subject": self.draft.subject, "body": self.draft.body, "sent": "no"}


@dataclass(frozen=True)
class HandoffStatus:
    """A hub's status event: the state (accepted / failed / completed) and its message."""

    state: str
    message: str

    @property
    def ends_handoff(self) -> bool:
        """Whether ERA takes the conversation back (the hub failed or finished)."""
        return self.state in ("failed", "completed")

    @classmethod
    def of(cls, activity: Activity) -> HandoffStatus | None:
        """The status an event activity carries, or None if it is not a handoff.status."""
        if activity.type != ActivityTypes.event or activity.name != HANDOFF_STATUS:
            return None
        value = activity.value if isinstance(activity.value, dict) else {}
        return cls(str(value.get("state", "")).lower(), str(value.get("message", "")))


class Handoff:
    """Performs hand-overs and reports their status to the user."""

    def __init__(
        self,
        *,
        transcripts: TranscriptWriter,
        mail: MailService,
        notifier: PersonNotifier,
        directory: Directory,
        escalation_email: str,
        audit: AuditLog | None = None,
    ) -> None:
        self._audit = audit
        self._transcripts = transcripts
        self._mail = mail
        self._notifier = notifier
        self._directory = directory
        self._escalation_email = escalation_email
        self._audit = audit

    async def initiate(
        self,
        context: TurnContext,
        *,
        tracker: FailureTracker,
        reason: str,
        person: Person | None,
        now: datetime,
        request: str = "",
        about: str = "",
    ) -> Activity:
        """Hand the conversation over; returns the handoff.initiate event that was sent.
        `request` (what the person needs) and `about` (whom it concerns) are what the flow that
        handed over knows; without them HR is told the person's last request."""
        activities = await self._transcript(context)
        bot_id = context.activity.recipient.id if context.activity.recipient else None
        said = [a.text for a in activities
                if a.type == ActivityTypes.message and a.text and _from_user(a, bot_id)]
        last_topic = said[-1] if said else ""
        hr_language = await self._hr_language()
        language = turn_language(context)
        unsent = await self._unsent_draft(now)
        handoff_context = {
            "reason": reason,
            "reasonText": _reason_text(reason, hr_language),
            "category": tracker.history[-1].category.value if tracker.history else None,
            "failureHistory": [record.to_dict() for record in tracker.history[-10:]],
            "user": _user(context, person),
            "lastTopic": last_topic,
            "request": request or _request(said, context.activity.locale),
            "about": about,
            "language": language,
            "conversationId": context.activity.conversation.id,
            "channelId": context.activity.channel_id,
            "at": now.isoformat(),
        }
        if unsent is not None:
            handoff_context["unsentDraft"] = unsent.to_dict()
        event = self.initiation_event(context, handoff_context, activities)
        try:
            await context.send_activity(event)
        except Exception as error:  # a channel may not accept events; the hand-over goes on
            logger.warning("handoff.initiate not accepted by %s: %r",
                           context.activity.channel_id, error)
        reached = await self._tell_hr(context, handoff_context, person, activities, now,
                                      hr_language, unsent)
        if not reached:
            told = say(HR_UNREACHABLE, language, hr=self._escalation_email)
        elif person is not None:
            told = say("handoff.user_message", language, email=person.email,
                       hr=self._escalation_email)
        else:
            told = say("handoff.user_message_no_email", language, hr=self._escalation_email)
        if unsent is not None:
            # The person must not wonder whether the hand-over sent their email; the draft
            # stays theirs, to send, edit or drop after a fresh look.
            told = (say("handoff.draft_not_sent" if reached else "handoff.draft_not_sent_kept",
                        language, name=unsent.recipient.name)
                    + " " + say("handoff.draft_kept", language) + "\n\n" + told)
            keep_handed_over_draft(unsent.memory, now)
        await context.send_activity(told)
        logger.info("conversation handed over to HR (%s); HR told: %s", reason, reached)
        await self._record(context, person, reason, reached, now)
        return event

    async def person(self, person_id: str) -> Person | None:
        """The person with this id in the directory, if any."""
        return await self._directory.get(person_id)

    async def withdraw(
        self, context: TurnContext, *, person: Person | None, text: str, now: datetime,
        request: str = "",
    ) -> bool:
        """The person no longer needs HR: tell HR so nobody replies to a closed request — that
        it was withdrawn, what it was (`request`, as handed over) and the person's own words
        when they said more than yes (`text`, empty for a yes to ERA's question) — and audit
        it; whether HR was reached."""
        language = await self._hr_language()
        if person is not None:
            opening = say("handoff.hr.withdrew", language, name=person.name, email=person.email,
                          role=say(f"role.{person.role}", language))
        else:
            opening = say("handoff.hr.withdrew_unknown", language)
        lines: list[str | _Said] = [opening]
        if request.strip():
            lines.append(_Said("handoff.hr.withdrawn_request", request[:2000]))
        if text.strip():
            lines.append(_Said("handoff.hr.withdrawn_words", text[:2000]))
        reached = await self._tell_hr_more(
            context, person, lines, now, subject="handoff.hr.withdrawn_subject",
            kind="withdrawn", language=language,
        )
        await self._record(context, person, "withdrawn", reached, now,
                           action="handoff.withdrawn")
        return reached

    async def pass_on(
        self, context: TurnContext, *, person: Person | None, text: str, now: datetime
    ) -> bool:
        """A message said while waiting for HR: HR gets it now, not only with a later
        transcript; whether HR was reached."""
        language = await self._hr_language()
        if person is not None:
            who = say("handoff.hr.who", language, name=person.name, email=person.email,
                      role=say(f"role.{person.role}", language))
        else:
            who = say("handoff.hr.who_unknown", language)
        return await self._tell_hr_more(
            context, person, [who, _Said("handoff.hr.added", text[:2000])],
            now, subject="handoff.hr.added_subject", kind="added", language=language,
        )

    async def _tell_hr_more(
        self, context: TurnContext, person: Person | None, lines: list[str | _Said],
        now: datetime, *, subject: str, kind: str, language: str,
    ) -> bool:
        name = person.name if person is not None else say("handoff.hr.speaker_user", language)
        reply_there = say("handoff.hr.reply_there", language, channel=context.activity.channel_id)
        summary = _Summary((*lines, "", reply_there), language)
        request_id = (f"handoff-{kind}-{conversation_digest(context.activity.conversation.id)}-"
                      f"{now.strftime('%Y%m%dT%H%M%S%f')}")
        return await self._deliver(
            request_id, say(subject, language, name=name), summary, person
        )

    async def _deliver(
        self, request_id: str, subject: str, summary: _Summary, person: Person | None
    ) -> bool:
        """Email the HR escalation contact and, where ERA can reach them, chat; whether either
        reached them."""
        emailed = True
        try:
            await self._mail.send(OutgoingEmail(
                request_id=request_id, to=(self._escalation_email,), subject=subject,
                body=summary.email(), reply_to=person.email if person else None,
            ))
        except (BackendError, ValidationError) as error:
            logger.warning("could not email the HR escalation contact: %s", type(error).__name__)
            emailed = False
        chatted = False
        contact = await self._directory.find_by_email(self._escalation_email)
        if contact is not None:
            chatted = await self._notifier.notify(contact.id, summary.chat())
        return emailed or chatted

    async def _record(
        self, context: TurnContext, person: Person | None, reason: str, reached: bool,
        now: datetime, *, action: str = "handoff",
    ) -> None:
        """Audit the hand-over (who, which conversation, why, whether HR was told)."""
        if self._audit is None:
            return
        sender = context.activity.from_property
        conversation = f"{context.activity.channel_id}:{context.activity.conversation.id}"
        try:
            await self._audit.record(AuditRecord(
                at=now, actor_id=person.id if person else (sender.id if sender else "unknown"),
                action=action, target=conversation_digest(conversation),
                details={"reason": reason, "hr_told": reached}, conversation_id=conversation,
            ))
        except Exception:
            logger.exception("hand-over done but not audited")

    @staticmethod
    def initiation_event(
        context: TurnContext, handoff_context: dict[str, Any], activities: list[Activity]
    ) -> Activity:
        """The handoff.initiate event, shaped as the other Bot Framework SDKs' EventFactory
        shapes it (Python's SDK has no EventFactory)."""
        incoming = context.activity
        return Activity(
            type=ActivityTypes.event,
            name=HANDOFF_INITIATE,
            id=str(uuid.uuid4()),
            value=handoff_context,
            from_property=incoming.from_property,
            conversation=incoming.conversation,
            relates_to=TurnContext.get_conversation_reference(incoming),
            reply_to_id=incoming.id,
            service_url=incoming.service_url,
            channel_id=incoming.channel_id,
            attachments=[Attachment(
                content_type="application/json",
                name=TRANSCRIPT_ATTACHMENT,
                content={"activities": [a.serialize() for a in activities]},
            )],
        )

    async def status_message(self, status: HandoffStatus, language: str = "en") -> str:
        """What to tell the user about a hub's status event (the hub's own message is passed
        on as the hub wrote it)."""
        if status.state not in _STATUSES:
            return say("handoff.status.other", language, status=status.message or status.state)
        base = say(f"handoff.status.{status.state}", language)
        return f"{base} {status.message}".strip() if status.message else base

    async def _unsent_draft(self, now: datetime) -> UnsentDraft | None:
        """The email draft open in this conversation, not sent (its flow forgets it once sent
        or dropped), with its recipient; None when there is none."""
        state = current_person_state()
        raw = state.section(MEMORY).get(str(Intent.EMAIL)) if state is not None else None
        if not isinstance(raw, dict):
            return None
        try:
            memory = TurnMemory.from_dict(raw)
            draft = memory.data.get("draft")
            if memory.is_expired(now) or not isinstance(draft, dict):
                return None
            email = EmailDraft.from_dict(draft)
        except (KeyError, TypeError, ValueError):
            logger.warning("an unreadable email draft was left out of the hand-over")
            return None
        recipient = await self._directory.get(email.employee_id)
        return UnsentDraft(recipient, email, raw) if recipient is not None else None

    async def _hr_language(self) -> str:
        """The language HR is written in: the one the HR contact last chatted with ERA in, else
        their directory's preferred language, else English (as every other notice)."""
        contact = await self._directory.find_by_email(self._escalation_email)
        if contact is None:
            return language_for(None)
        return await notice_language(self._notifier, contact)

    async def _transcript(self, context: TurnContext) -> list[Activity]:
        activity = context.activity
        stored = await self._transcripts.read(activity.channel_id or "", activity.conversation.id)
        # This turn is written when it ends; what it said so far belongs in the hand-over now.
        current = turn_entries(context) or [activity]
        return stored + current

    async def _tell_hr(
        self,
        context: TurnContext,
        handoff_context: dict[str, Any],
        person: Person | None,
        activities: list[Activity],
        now: datetime,
        language: str,
        unsent: UnsentDraft | None = None,
    ) -> bool:
        """Tell the HR escalation contact by email and, where ERA can reach them, in chat;
        whether either reached them. An email the person drafted and did not send is shown in
        full (the transcript has only "[card]" for its preview), marked as not sent."""
        if person is not None:
            who = say("handoff.hr.who", language, name=person.name, email=person.email,
                      role=say(f"role.{person.role}", language))
        else:
            who = say("handoff.hr.who_unknown", language)
        last_topic, request = handoff_context["lastTopic"], handoff_context["request"]
        lines: list[str | _Said] = [
            who,
            say("handoff.hr.why", language, reason=handoff_context["reasonText"]),
            _Said("handoff.hr.request", request) if request
            else _Said("handoff.hr.last_message", last_topic) if last_topic
            else say("handoff.hr.no_last_message", language),
            *([say("handoff.hr.about", language, name=handoff_context["about"])]
              if handoff_context.get("about") else []),
            say("handoff.hr.language", language,
                language=language_name(handoff_context["language"], language)),
            "",
            *(_draft_lines(unsent, language) if unsent is not None else ()),
            say("handoff.hr.recent", language),
        ]
        bot_id = context.activity.recipient.id if context.activity.recipient else None
        user, card = say("handoff.hr.speaker_user", language), say("handoff.hr.card", language)
        for activity in [a for a in activities if a.type == ActivityTypes.message][-12:]:
            if _from_user(activity, bot_id):
                lines.append(_Said("", (activity.text or card)[:400], speaker=user))
            else:
                lines.append(f"ERA: {(activity.text or card).strip()[:400]}")
        lines += ["", say("handoff.hr.reply_there", language,
                          channel=context.activity.channel_id)]
        summary = _Summary(tuple(lines), language)
        request_id = (f"handoff-{conversation_digest(context.activity.conversation.id)}-"
                      f"{now.strftime('%Y%m%dT%H%M%S')}")
        subject = (say("handoff.hr.subject", language, name=person.name) if person
                   else say("handoff.hr.subject_unknown", language))
        return await self._deliver(request_id, subject, summary, person)


@dataclass(frozen=True)
class _Said:
    """A person's own words in what HR is sent: in message `message_id` (as its `text`), or
    after `speaker` in the transcript."""

    message_id: str
    text: str
    speaker: str = ""

    def line(self, language: str, *, for_chat: bool) -> str:
        """The line, the words on one line (a line break in them cannot start a line that
        passes for ERA's, "ERA: identity checked"); in chat, unable to format it either."""
        words = " ".join(self.text.split())
        if for_chat:
            words = quoted_words(words)
        if self.message_id:
            return say(self.message_id, language, text=words)
        return f"{self.speaker}: {words}"


@dataclass(frozen=True)
class _Summary:
    """What HR is sent about a conversation: ERA's lines and the person's words."""

    lines: tuple[str | _Said, ...]
    language: str

    def email(self) -> str:
        """The plain-text email body."""
        return self._join(for_chat=False)

    def chat(self) -> str:
        """The chat message, which Teams renders as markdown."""
        return self._join(for_chat=True)

    def _join(self, *, for_chat: bool) -> str:
        return "\n".join(
            line.line(self.language, for_chat=for_chat) if isinstance(line, _Said) else line
            for line in self.lines
        )


def _draft_lines(unsent: UnsentDraft, language: str) -> tuple[str | _Said, ...]:
    """The unsent draft for HR: whom it is to, its subject, and its text with every line
    quoted ("> "), so that no line of it can pass for one of ERA's."""
    recipient, draft = unsent.recipient, unsent.draft
    return (
        say("handoff.hr.unsent_draft", language, name=recipient.name, email=recipient.email),
        _Said("handoff.hr.unsent_subject", draft.subject),
        *(f"> {line}".rstrip() for line in draft.body.splitlines()[:80]),
        "",
    )


def _reason_text(reason: str, language: str) -> str:
    """Why ERA handed over, for HR (a reason ERA has no words for is passed on as it is)."""
    return say(f"handoff.hr.reason.{reason}", language) if reason in _REASONS else reason


def _request(said: list[str], locale: str | None) -> str:
    """What the person needs help with: their last message that is not an ask for a person
    ("transfer me" twice hands over, but says nothing of the payslip they asked about)."""
    return next((text for text in reversed(said)
                 if classify_intent(text, locale=locale).intent not in _NOT_A_REQUEST), "")


def _from_user(activity: Activity, bot_id: str | None) -> bool:
    sender = activity.from_property
    if sender is None:
        return True
    if sender.role:
        return sender.role == "user"
    return sender.id != bot_id


def _user(context: TurnContext, person: Person | None) -> dict[str, Any]:
    sender = context.activity.from_property
    user: dict[str, Any] = {"channelUserId": sender.id if sender else None,
                            "name": sender.name if sender else None}
    if person is not None:
        user.update({"id": person.id, "name": person.name, "email": person.email,
                     "role": str(person.role), "storeId": person.store_id})
    return user
