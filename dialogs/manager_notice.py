"""Telling a worker's manager about something the worker did through ERA (a cancelled shift, a
shift they will be late for): by email and, where ERA can reach them, in chat. The flow writes
the words, in the manager's language; this sends them and says how far they got."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from enum import StrEnum

from core.errors import BackendError
from core.mail_service import MailService
from core.outgoing_email import OutgoingEmail
from core.person import Person
from core.person_notifier import PersonNotifier
from language.language_choice import language_for

logger = logging.getLogger(__name__)


async def notice_language(notifier: PersonNotifier, person: Person) -> str:
    """The language to write a notice to `person` in: the one they last chatted with ERA in
    (kept with their conversation reference), else their directory's preferred language, else
    English. A manager who speaks Dutch with ERA reads Dutch though the directory says en-GB."""
    return language_for(await notifier.language_of(person.id) or person.preferred_language)


def one_line(words: str) -> str:
    """A worker's words on one line, for the manager's email: a line break in them cannot
    start a line that passes for ERA's own ("ERA: approved, no cover needed")."""
    return " ".join(words.split())


class ManagerReach(StrEnum):
    """How the manager was told."""

    EMAILED = "emailed"  # the email went (the chat message too, where ERA could send it)
    CHATTED = "chatted"  # the email failed; the chat message went
    NOT_TOLD = "not_told"  # neither went


@dataclass(frozen=True)
class ManagerNotice:
    """What the manager receives: the email's subject and body and the chat message."""

    subject: str
    body: str
    chat: str

    def __post_init__(self) -> None:
        if not (self.subject and self.body and self.chat):
            raise ValueError("a manager notice needs a subject, a body and a chat message")

    async def send(
        self, manager: Person, *, request_id: str, mail: MailService, notifier: PersonNotifier
    ) -> ManagerReach:
        """Email the manager (once per request id) and message them in chat."""
        emailed = True
        try:
            await mail.send(OutgoingEmail(
                request_id=request_id, to=(manager.email,), subject=self.subject, body=self.body,
            ))
        except BackendError:
            logger.warning("manager notification email failed", exc_info=True)
            emailed = False
        chatted = await notifier.notify(manager.id, self.chat)
        if emailed:
            return ManagerReach.EMAILED
        return ManagerReach.CHATTED if chatted else ManagerReach.NOT_TOLD
