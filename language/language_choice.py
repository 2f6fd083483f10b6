"""Which language ERA speaks in a turn.

The language of the person's message when it is clear (someone who switches language is
answered in the new one); otherwise the language already kept for the conversation; otherwise
the activity's locale (the client's language); otherwise the person's preferred language from
the directory; otherwise English. Only languages with a catalogue are chosen. A message that
fits the language already spoken is no switch, though it looks like another: "yes" or "ok" in a
French conversation, kanji alone ("明日") in a Japanese one, and a yes or a no in any language
("oui", "ja", "はい" in an English conversation) unless it is in the client's own language. A
message tells the language, not the region: a Portuguese message from a client set to pt-BR is
answered from the pt-BR catalogue, so the client's locale (then the kept language, then the
directory's) picks the regional catalogue of the language chosen; when none of them speaks that
language, CLDR's likely region for it does (Portuguese -> Brazil, the region of most of its
speakers, as CLDR and Babel read a bare "pt"). A pt-PT locale, or a conversation kept in "pt",
keeps the European catalogue.
"""

from __future__ import annotations

from babel.core import get_global

from language.catalogue import SOURCE_LANGUAGE, default_catalogue
from language.message_language import is_yes_or_no, keeps_language


def choose_language(
    message_language: str | None,
    activity_locale: str | None,
    preferred_language: str | None,
    previous: str | None,
    *,
    folded: str = "",
) -> str:
    """The catalogue language for this turn (a BCP 47 tag such as "fr" or "zh-Hans");
    `folded` is the message, folded, when `message_language` was guessed from it."""
    catalogue = default_catalogue()
    if message_language and folded:
        spoken = next((resolved for resolved in map(catalogue.resolve, (
            previous, activity_locale, preferred_language)) if resolved), None)
        # A yes or a no answers in the language spoken ("oui" in English), unless it is the
        # client's own language coming back ("はい" in Teams in Japanese).
        home = catalogue.resolve(activity_locale) if activity_locale else None
        if (spoken and spoken != message_language and keeps_language(folded, spoken)
                and not (home and home.split("-")[0] == message_language.split("-")[0]
                         and is_yes_or_no(folded))):
            message_language = None
    for candidate in (message_language, previous, activity_locale, preferred_language):
        if candidate:
            resolved = catalogue.resolve(candidate)
            if resolved is not None:
                return _regional(resolved, (activity_locale, previous, preferred_language))
    return SOURCE_LANGUAGE


def _regional(language: str, context: tuple[str | None, ...]) -> str:
    """The catalogue of `language` ("pt" or "pt-BR") that the first of the locales in `context`
    speaking it resolves to ("pt-BR" -> "pt-BR"; "pt-PT", with no catalogue of its own, -> "pt");
    when none speaks it, the catalogue of the language's likely region (CLDR: "pt" -> pt-BR,
    "fr" -> fr-FR, which is "fr")."""
    catalogue = default_catalogue()
    likely = get_global("likely_subtags").get(language.replace("-", "_"))
    for tag in (*context, likely):
        resolved = catalogue.resolve(tag) if tag else None
        if resolved is not None and resolved.split("-")[0] == language.split("-")[0]:
            return resolved
    return language


def language_for(person_language: str | None) -> str:
    """The language to write to someone who is not in the conversation (an email, a notice):
    their preferred language when ERA has it, else English."""
    return choose_language(None, None, person_language, None)
