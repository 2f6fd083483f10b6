"""Catalogue messages that name a colleague read right whoever the person is.

The directory has no gender: "Alice pourrait le remplacer (qualifié pour le rôle et libre…)",
"Quel jour Alice ne peut-il pas venir ?" or "qualifié(e)" spoke of a woman as a man or with a
slash. The messages now describe what the person has ("a la qualification requise", "est
disponible") instead of agreeing an adjective with the name.
"""

from __future__ import annotations

import re

import pytest

from language.catalogue import say
from tests.services.test_playbook_gender import GENDERED

MESSAGES = {
    "absence_report.offer_cover_one": {"names": "Alice"},
    "shift_change.which_day.absence": {"name": "Alice"},
    "fit.not_qualified": {"name": "Alice", "role": "cashier"},
    # Who could cover a shift, listed as "Alice: free then, qualified as cashier, ...".
    "shift_cover.fits": {"role": "cashier"},
}
# Beyond the playbook shapes: adjectives the shift messages agreed with the named person.
AGREED = {
    "fr": ("qualifié", "libre à", "(e)"),
    "es": ("cualificado", "/a"),
    "it": ("qualificato", "libero", "/a"),
    "pt": ("qualificado", "livre"),
    "pl": ("wolny/wolna", "wolny/a"),
}


@pytest.mark.parametrize("language", ["fr", "es", "it", "pt", "pt-BR", "pl", "de", "nl"])
@pytest.mark.parametrize(("msg_id", "params"), MESSAGES.items())
def test_a_named_colleague_is_not_given_a_gender(
    msg_id: str, params: dict[str, str], language: str
) -> None:
    """A French manager whose cashier Alice is off reads "Alice pourrait prendre ce poste (a la
    qualification requise et est disponible à ce moment-là)"."""
    text = say(msg_id, language, **params)
    base = language.split("-")[0]
    shapes = [shape.replace("{name}", "Alice") for shape in GENDERED[base]]
    assert not [shape for shape in shapes if re.search(shape, text)], text
    assert not [word for word in AGREED.get(base, ()) if word in text], text


# Shapes that give the person ERA talks to a grammatical gender in a catalogue message: an
# adjective agreed with "vous" / "usted" / "Lei" / "você" / "ty" ("quand vous serez prêt",
# "vous seul", "cuando esté listo", "quando è pronto", "quando estiver pronto", "gdy będziesz
# gotowy"), a slash form ("connecté(e)"), or a thanks said in their name ("Não, obrigado").
PERSON_GENDERED: dict[str, tuple[str, ...]] = {
    "fr": (r"\bvous (?:êtes|serez|soyez) (?:sûre?|prête?|seule?|connectée?|déconnectée?)\b",
           r"\bvous seule?\b", r"\w\(e\)"),
    "es": (r"\b(?:está|esté|estés) (?:usted )?(?:segur|list|preparad)[oa]\b",),
    "it": (r"\b(?:è|sia|sarà) (?:sicur|pront)[oa]\b",),
    "pt": (r"\b(?:estiver|está|estar) (?:pront|cert|preocupad)[oa]\b", r"\bNão, obrigad[oa]\b",
           # The reader as a masculine object: "aconselhá-lo", "passo-o aos RH", "o ajudar".
           r"\b(?:aconselhá|encaminhá|ajudá|reconhecê|considerá|pô)-l[oa]\b",
           r"\b(?:encaminho|ajudo|reconheço|passo|convidou|põe)-n?[oa]\b(?! a limpo)",
           r"\b[oa] (?:ajudar|aconselhar|contactará)\b", r"-o/a\b"),
    "pl": (r"\b(?:będziesz|jesteś) (?:gotow[ya]|pewien|pewna|sam|sama)\b",),
}
# ERA's own voice, which must be one in each language: the first shape is the one it speaks
# with (the most common in the catalogue and the playbooks), the others must not appear.
ERA_VOICE: dict[str, tuple[str, ...]] = {
    "fr": (r"\b[Dd]ésolée\b", r"\bje ne suis pas sûre\b"),
    "es": (r"\bno estoy segura\b", r"\b(?:estoy|soy) (?:encantad|segur)[oa]\b"),
    "it": (r"\bnon sono sicur[oa]\b", r"\bda sol[oa]\b"),
    "pt": (r"\bsozinh[oa]\b",),
    "pl": (r"\bnie mogę sam\b", r"\b\w+łem\b(?<!działem)"),
}


def _catalogue_lines(language: str) -> list[tuple[str, str]]:
    """Every form of every message of the language, with its id."""
    from language.catalogue import default_catalogue

    return [(msg_id, form) for msg_id, message
            in default_catalogue().messages_of(language).items() for form in message.forms]


@pytest.mark.parametrize("language", ["fr", "es", "it", "pt", "pt-BR", "pl"])
def test_the_person_era_talks_to_is_not_given_a_gender(language: str) -> None:
    """The finding: a French manager read "redemandez-moi quand vous serez prêt" and "où vous
    seul pouvez le voir"; Spanish, Italian, Portuguese and Polish managers were told to say
    "send" when they were "listo", "pronto", "pronto", "gotowy"."""
    shapes = [re.compile(shape) for shape in PERSON_GENDERED[language.split("-")[0]]]
    found = [(msg_id, form) for msg_id, form in _catalogue_lines(language)
             if any(shape.search(form) for shape in shapes)]
    assert found == []


@pytest.mark.parametrize("language", ["fr", "es", "it", "pt", "pt-BR", "pl"])
def test_era_speaks_of_itself_in_one_voice(language: str) -> None:
    """The finding: French ERA was "Désolé" in most messages and "Désolée… pas sûre" in the
    advice ones; Italian ERA was "sicura" in one message and "da solo" in another; Polish ERA
    "nie mogę sam" beside "nie znalazłam" everywhere else."""
    shapes = [re.compile(shape) for shape in ERA_VOICE[language.split("-")[0]]]
    found = [(msg_id, form) for msg_id, form in _catalogue_lines(language)
             if any(shape.search(form) for shape in shapes)]
    assert found == []


@pytest.mark.parametrize("folder", ["pt", "pt_BR", "fr", "es", "it", "pl"])
def test_the_playbooks_do_not_give_the_manager_a_gender(folder: str) -> None:
    """The finding: the European Portuguese bereavement advice told the manager "Se estiver
    preocupado" and "ajudo-o no passo seguinte"."""
    from pathlib import Path

    shapes = [re.compile(shape) for shape in PERSON_GENDERED[folder.split("_")[0]]]
    playbooks = Path(__file__).resolve().parents[2] / "prompts" / "playbooks" / folder
    found = [(path.name, line) for path in sorted(playbooks.glob("*.md"))
             for line in path.read_text(encoding="utf-8").splitlines()
             if any(shape.search(line) for shape in shapes)]
    assert found == []
