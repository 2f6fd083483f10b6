"""The languages a meeting invitation is written in.

Microsoft Graph books one event with one subject and one body for every attendee (the
invitation email each of them gets is that body), so ERA cannot give each attendee their own
text. It writes the body once per language its readers need: each attendee's (the one they last
chatted with ERA in, else their directory's preferred language) and, for an attendee whose
language ERA does not know, the organiser's. The subject, mostly names, is in the attendees'
language when they share one, else in the organiser's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from core.person import Person
from core.person_notifier import PersonNotifier
from language.language_choice import language_for


async def invitation_languages(
    notifier: PersonNotifier, attendees: Sequence[Person | None], organiser_language: str
) -> tuple[str, ...]:
    """The invitation's languages, the subject's first, each once; None stands for an attendee
    who is not in the directory (an HR address)."""
    languages: list[str] = []
    for person in attendees:
        known = None if person is None else (
            await notifier.language_of(person.id) or person.preferred_language)
        language = language_for(known) if known else organiser_language
        if language not in languages:
            languages.append(language)
    if len(languages) > 1:
        # Readers of several languages: the organiser's first, for the subject.
        languages = [organiser_language, *(x for x in languages if x != organiser_language)]
    return tuple(languages) or (organiser_language,)


def in_each(languages: Sequence[str], write: Callable[[str], str]) -> str:
    """The text `write(language)` gives, once per language, in that order (blocks apart)."""
    return "\n\n".join(write(language) for language in languages)
