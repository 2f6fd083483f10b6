"""Who a worker suggests should take the shift they cancel: "cancel my shift on friday and give
it to alice", "annule mon service de vendredi, alice peut le prendre", "cancela mi turno del
viernes, alice puede cubrirlo", "sag meine Schicht am Freitag ab, Alice kann sie übernehmen".

A worker cannot give their shift away: who takes it is for their manager to decide. The
suggestion is told apart from a request about the colleague's own shift ("cancel Alice's
shift"), and the request is given back without it, so that the rest (the day, the reason) is
read as before.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# `{name}` stands for the colleague's name as written (first name or full name).
_HANDOVERS: dict[str, tuple[str, ...]] = {
    "en": (
        r"(?:give|pass|hand|offer|swap|switch)(?: (?:it|this|that|them|the shift|my shift"
        r"|the shifts|my shifts))?(?: over)? (?:to|with) {name}",
        r"{name} (?:(?:can|could|will|would|may|might|wants to|is going to|is happy to"
        r"|said (?:she|he|they) (?:can|could|would|will)) )?(?:take|cover|do|have|work|pick up"
        r"|takes|covers|does|works|picks up)(?: (?:it|this|that|them|over|for me|my shift))?",
        r"(?:let|ask|have|get) {name} (?:to )?(?:take|cover|do|have|work|pick up)",
    ),
    "fr": (
        r"(?:donne|donnez|donner|passe|passez|passer|laisse|laissez|laisser|refile|confie"
        r"|confiez)(?:[- ](?:le|la|les))? (?:a|à) {name}",
        r"{name} (?:(?:peut|pourrait|pourra|va|veut|voudrait|est d'accord pour) )?"
        r"(?:le |la |les |me )?(?:prendre|faire|remplacer|couvrir|assurer|reprendre|prend"
        r"|prendra|fait|fera|remplace|remplacera|reprend|reprendra|assure|assurera)",
    ),
    "es": (
        r"(?:da|dale|dáselo|daselo|dásela|dasela|pasa|pásale|pasale|pásaselo|pasaselo|deja"
        r"|déjaselo|dejaselo)(?: (?:el turno|mi turno|lo|la))? a {name}",
        r"{name} (?:(?:me |lo |la )?(?:puede|podría|podria|va a|quiere) )?(?:cubrir|tomar|hacer"
        r"|coger|sustituir|cubre|cubrirá|cubrira|toma|hace|sustituye|me cubre|lo cubre"
        r"|lo toma|lo hace|me sustituye)(?:lo|la|me)?",
    ),
    "de": (
        r"(?:gib|gebt|geben sie|überlass|uberlass|überlasse|uberlasse|übergib|ubergib)"
        r"(?: (?:sie|ihn|es|die schicht|meine schicht))? (?:an )?{name}",
        r"{name} (?:(?:kann|könnte|konnte|wird|will|möchte|mochte|würde|wurde) )?"
        r"(?:sie |die schicht |es |für mich |fur mich )?(?:übernehmen|ubernehmen|machen"
        r"|einspringen|nehmen|übernimmt|ubernimmt|springt ein|macht)",
    ),
}
# What joins the suggestion to the request; taken off with it.
_JOIN = r"(?:\s*[,;]\s*|\s+)(?:(?:and|then|et|puis|y|und|dann)\s+)?"


@dataclass(frozen=True)
class CoverSuggestion:
    """The colleague suggested (as named in `names`, by index) and the request without the
    suggestion."""

    index: int
    rest: str


def cover_suggestion(
    text: str, names: list[tuple[str, ...]], language: str | None
) -> CoverSuggestion | None:
    """The colleague `text` suggests should take the worker's shift, among `names` (each
    colleague's names: full name, first name), and the request without the suggestion; None
    when no colleague is suggested so."""
    code = (language or "en").split("-")[0].lower()
    patterns = _HANDOVERS.get(code, ()) + (_HANDOVERS["en"] if code != "en" else ())
    for index, spellings in enumerate(names):
        written = "|".join(re.escape(s) for s in sorted(filter(None, spellings), key=len,
                                                         reverse=True))
        if not written:
            continue
        for pattern in patterns:
            found = re.search(
                r"(?:^|" + _JOIN + r")\b(?:" + pattern.format(name=rf"(?:{written})")
                + r")\b[.!]?", text, re.IGNORECASE)
            if found is not None:
                rest = (text[:found.start()] + " " + text[found.end():]).strip(" ,;")
                if rest:
                    return CoverSuggestion(index, " ".join(rest.split()))
    return None
