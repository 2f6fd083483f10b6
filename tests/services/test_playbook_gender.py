"""The playbooks speak of a named employee correctly whoever the person is.

ERA's directory has no gender, and a manager's employee may be a woman or a man. When the
manager named someone ("Alice"), every advice text must read right with that name: no
participle, adjective or pronoun agreed as if the person were a man ("Alice a-t-il reçu…",
"en avez-vous parlé avec lui"), nor as if a woman. Each language has a small list of the
gendered shapes that once stood next to `{employee}`; every stage and every next step of every
playbook is rendered with a woman's and a man's name, and no sentence naming the person may
show one of them.
"""

from __future__ import annotations

import re

import pytest

from core.playbook import Playbook, PlaybookStage
from services.playbook_library import PlaybookLibrary

LIBRARY = PlaybookLibrary.load()
NAMES = ("Alice", "Bob")
# Shapes that give the named person a grammatical gender, per base language ({name}: the name).
GENDERED: dict[str, tuple[str, ...]] = {
    "fr": (r"\b{name}\b[^.?!,]*-(?:t-)?il\b", r"\b(?:avec|pour|chez|sans|à) lui\b",
           r"\b(?:qu|s)'il (?:a|va|vous|part|viendra|envisageait)\b",
           r"\bil (?:part|va|vous|a été)\b", r"\ble (?:garder|remercier)\b",
           r"\b(?:informée?|prévenue?|notifiée?)\b"),
    "es": (r"\bcon (?:él|ella)\b", r"\bretener(?:le|lo|la)\b",
           r"\b(?:informad|avisad|notificad)[oa]\b"),
    "it": (r"\bcon (?:lui|lei)\b", r"\b(?:informat|avvisat|notificat)o\b"),
    "pt": (r"\bcom (?:ele|ela)\b", r"\b(?:notificad|avisad|informad)[oa]\b"),
    "de": (r"\b(?:er|ihn|ihm|seine|seinen|seinem|seiner)\b", r"\bihr oder ihm\b"),
    "nl": (r"\b(?:hij|hem)\b",),
    "pl": (r"\b(?:on|ona|jego|mu|go|niego|nim|jej)\b",),
    "ja": (r"彼女?",),
    "zh": (r"(?<!其)[他她](?!们)",),
}
_SENTENCE_END = re.compile(r"(?<=[.?!:;。？！：；])\s*|\n")


def _rendered_texts(playbook: Playbook, name: str) -> list[str]:
    """Every reply the playbook can give about `name`: each stage, each next step."""
    texts = [playbook.render(stage, name) for stage in PlaybookStage
             if stage is not PlaybookStage.RECOMMEND]
    steps = ("default", *playbook.steps)
    texts += [playbook.render(PlaybookStage.RECOMMEND, name, step) for step in steps]
    return texts


def _gendered_sentences(playbook: Playbook, name: str) -> list[str]:
    """The sentences of the replies naming `name` that show a gendered shape of the playbook's
    language (the whole reply: a pronoun often refers back to a name in an earlier sentence)."""
    shapes = [re.compile(shape.replace("{name}", re.escape(name)))
              for shape in GENDERED.get(playbook.base_language, ())]
    found = []
    for text in _rendered_texts(playbook, name):
        if name not in text:
            continue
        for sentence in _SENTENCE_END.split(text):
            if any(shape.search(sentence) for shape in shapes):
                found.append(sentence.strip())
    return found


TRANSLATIONS = [
    translated
    for playbook in LIBRARY.playbooks
    for language in sorted(LIBRARY.languages())
    if (translated := LIBRARY.in_language(playbook, language)) is not None
    and translated.base_language in GENDERED
]


def test_every_translated_language_is_checked() -> None:
    """Each language with playbooks has its list of gendered shapes (English's "they" needs
    none), so a new translation cannot slip past this check."""
    bases = {language.split("-")[0] for language in LIBRARY.languages()} - {"en"}
    assert bases <= set(GENDERED)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("playbook", TRANSLATIONS, ids=lambda p: f"{p.language}-{p.id}")
def test_a_named_employee_is_spoken_of_without_a_gender(playbook: Playbook, name: str) -> None:
    """Alice's manager never reads "Alice a-t-il reçu…" nor "parlé avec lui"."""
    assert _gendered_sentences(playbook, name) == []


# Shapes that give the manager reading the advice a grammatical gender, per base language: an
# adjective or participle agreed with "vous" / "usted" / "Lei" / "você", or a Polish past tense
# or "sam" said to "ty". The manager may be a woman or a man; ERA's own voice ("Je suis désolé",
# "Żebym mogła") is not the manager's.
MANAGER_GENDERED: dict[str, tuple[str, ...]] = {
    "fr": (r"\bvous (?:êtes|serez|soyez) (?:désolée?|sûre?|prête?|seule?)\b",
           r"\b(?:engager|traiter|traité|enquêter|agir|décider|gérer) seule?\b"),
    "es": (r"\b(?:está|esté) (?:usted )?(?:segur|preparad|sol)[oa]\b",
           r"\b(?:actuar|decidir|investigar|dar(?:lo)?) sol[oa]\b"),
    "it": (r"\bL[ae] (?:terrà|terrò|terremo|terranno) (?:informat|aggiornat)[oa]\b",
           r"\bda sol[oa]\b"),
    "pt": (r"\bsozinh[oa]\b",),
    "pl": (r"\b\w+(?:łeś|łaś)\b", r"\b(?:sam|sama)\b", r"\bpowinie(?:neś|naś)\b"),
}


@pytest.mark.parametrize("playbook", [t for t in TRANSLATIONS
                                      if t.base_language in MANAGER_GENDERED],
                         ids=lambda p: f"{p.language}-{p.id}")
def test_the_manager_is_spoken_to_without_a_gender(playbook: Playbook) -> None:
    """The finding: a French manager read that the formal procedure is one "qu'il ne faut pas
    engager seul", an Italian one that Bob "La terrà informata": advice agreed as if the
    manager were a man, or a woman."""
    shapes = [re.compile(shape) for shape in MANAGER_GENDERED[playbook.base_language]]
    found = [
        sentence.strip()
        for text in _rendered_texts(playbook, "Alice")
        for sentence in _SENTENCE_END.split(text)
        if any(shape.search(sentence) for shape in shapes)
    ]
    assert found == []
