"""Which language ERA speaks in a turn.

The language of the person's message when it is clear (someone who switches language is
answered in the new one); otherwise the language already kept for the conversation; otherwise
the activity's locale (the client's language); otherwise the person's preferred language from
the directory; otherwise English. Only languages with a catalogue are chosen.
"""

from __future__ import annotations

from language.catalogue import SOURCE_LANGUAGE, default_catalogue


def choose_language(
    message_language: str | None,
    activity_locale: str | None,
    preferred_language: str | None,
    previous: str | None,
) -> str:
    """The catalogue language for this turn (a BCP 47 tag such as "fr" or "zh-Hans")."""
    catalogue = default_catalogue()
    for candidate in (message_language, previous, activity_locale, preferred_language):
        if candidate:
            resolved = catalogue.resolve(candidate)
            if resolved is not None:
                return resolved
    return SOURCE_LANGUAGE


def language_for(person_language: str | None) -> str:
    """The language to write to someone who is not in the conversation (an email, a notice):
    their preferred language when ERA has it, else English."""
    return choose_language(None, None, person_language, None)
