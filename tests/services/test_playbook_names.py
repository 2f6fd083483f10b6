"""The advice names the person in every language where it does in English.

When the manager named someone, the English questions and recommendations say the name ("how
much notice did Alice give?"). A translation that says "your employee" or "cette demande"
instead speaks past the person the manager just named. Every stage and next step of every
playbook is rendered with a name, in each language the library has, and a text that names the
person in English must name them in the translation too.
"""

from __future__ import annotations

import pytest

from core.playbook import PlaybookStage
from services.playbook_library import PlaybookLibrary

LIBRARY = PlaybookLibrary.load()
LANGUAGES = ("fr", "de", "es", "it", "nl", "pl", "pt", "ja", "zh")
NAME = "Zed"


def _named_in_english() -> list[tuple[str, PlaybookStage, str | None, str]]:
    """Each text that names the person in English, in each language that translates it."""
    cases: list[tuple[str, PlaybookStage, str | None, str]] = []
    for playbook in LIBRARY.playbooks:
        stages = [(PlaybookStage.CLARIFY, None)]
        stages += [(PlaybookStage.RECOMMEND, step) for step in (None, *playbook.steps)]
        for stage, step in stages:
            if NAME not in playbook.render(stage, NAME, step):
                continue
            cases += [(playbook.id, stage, step, language) for language in LANGUAGES
                      if LIBRARY.in_language(playbook, language, None) is not None]
    return cases


@pytest.mark.parametrize(("playbook_id", "stage", "step", "language"), _named_in_english())
def test_a_text_that_names_the_person_in_english_names_them_in_every_language(
    playbook_id: str, stage: PlaybookStage, step: str | None, language: str,
) -> None:
    english = LIBRARY.get(playbook_id)
    assert english is not None
    local = LIBRARY.in_language(english, language, None)
    assert local is not None
    assert NAME in local.render(stage, NAME, step), (playbook_id, stage, step, language)
