"""A schedule's own words (its shift names and store roles) in the reader's language.

A store's schedule names its shifts and roles in its own words ("Morning", "sales associate"):
a tenant's Teams Shifts holds them in the language its managers chose, and ERA shows them as
they are. The names ERA's demo schedule uses (and the usual ones of shops) have a rendering in
each catalogue (`schedule_term.<name>`), so a French manager reads "Matin" and "caisse" rather
than English in the middle of French; any other name stays the schedule's own.
"""

from __future__ import annotations

from functools import lru_cache

from language.catalogue import SOURCE_LANGUAGE, default_catalogue


def schedule_term(term: str, language: str | None) -> str:
    """`term` (a shift's name or a role) as the catalogue of `language` renders it, or `term`
    itself when the catalogue has no rendering of it."""
    if not term or not language or language == SOURCE_LANGUAGE:
        return term
    return _rendering(term, language)


@lru_cache(maxsize=1024)
def _rendering(term: str, language: str) -> str:
    msg_id = "schedule_term." + "_".join(term.casefold().split())
    catalogue = default_catalogue()
    if catalogue.resolve(language) in (None, SOURCE_LANGUAGE):
        return term
    message = catalogue.messages_of(language).get(msg_id)
    return message.forms[0] if message is not None else term


def schedule_terms(terms: tuple[str, ...] | list[str], language: str | None) -> list[str]:
    """Each of `terms` through `schedule_term`."""
    return [schedule_term(term, language) for term in terms]
