"""Parsing playbook files: every shipped playbook parses, renders with or without a name and is
recognised again; a malformed file is refused with a message saying what is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.advice_topic import AdviceTopic
from core.playbook import PlaybookStage, parse_playbook, parse_translation

PLAYBOOKS_DIR = Path(__file__).resolve().parents[2] / "prompts" / "playbooks"
# The playbooks themselves, not their variants ("lateness.left_early.md": tested with the
# library, which reads them over their language's texts).
SHIPPED = sorted(path for path in PLAYBOOKS_DIR.glob("*.md") if "." not in path.stem)

VALID = """---
id: sample
title: Sample situation
---

# Sample situation

Text for authors.

## Keywords

- en: sample, example
- fr: exemple

## Acknowledgement

Thanks for telling me about {employee}.

## Clarifying questions

- Has {employee} done this
  before?
- When did it start?

## Recommendation

Here is what I'd do:

1. Schedule a call with {employee}.
2. Keep notes.

## Policy answer

In general, talk to the person.

## Cautions

- Check with HR.
"""


def test_a_valid_file_parses_into_its_parts() -> None:
    playbook = parse_playbook(VALID, source="sample.md")
    assert playbook.id == "sample" and playbook.title == "Sample situation"
    assert playbook.keywords == {"en": ("sample", "example"), "fr": ("exemple",)}
    assert playbook.questions == ("Has {employee} done this before?", "When did it start?")
    assert playbook.recommendation == (
        "Here is what I'd do:\n\n1. Schedule a call with {employee}.\n2. Keep notes."
    )
    assert playbook.follow_up == "" and playbook.cautions == ("Check with HR.",)


def test_rendering_names_the_employee_and_adds_the_cautions() -> None:
    playbook = parse_playbook(VALID, source="sample.md")
    named = playbook.render(PlaybookStage.RECOMMEND, "Bob")
    assert "Schedule a call with Bob." in named
    assert named.endswith("Please keep in mind:\n- Check with HR.")
    unnamed = playbook.render(PlaybookStage.CLARIFY, None)
    assert unnamed.startswith("Thanks for telling me about the employee.")
    assert "- Has the employee done this before?" in unnamed
    assert playbook.render(PlaybookStage.FOLLOW_UP, "Bob") == ""


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_each_shipped_playbook_parses_and_recognises_its_own_replies(path: Path) -> None:
    playbook = parse_playbook(path.read_text(encoding="utf-8"), source=path.name)
    assert playbook.id == path.stem
    assert set(playbook.keywords) == {"en", "fr", "es", "de", "it", "pt", "nl", "pl", "ja", "zh"}
    for stage in (PlaybookStage.CLARIFY, PlaybookStage.RECOMMEND, PlaybookStage.POLICY):
        for name in ("Bob", "Maria José", None):
            text = playbook.render(stage, name)
            assert "{employee}" not in text
            assert playbook.stage_of(text) is stage
    assert playbook.stage_of("Something else entirely.") is None


@pytest.mark.parametrize(
    ("broken", "complaint"),
    [
        (VALID.replace("---\nid: sample", "id: sample", 1), "front matter"),
        (VALID.replace("id: sample", "id: Sample Case"), "lower_snake_case"),
        (VALID.replace("When did it start?", "Tell me when it started."), "not a question"),
        (VALID.replace("Keep notes.", "Keep notes, ok?"), "only the clarifying questions"),
        (VALID.replace("## Cautions", "## Remarks"), "unknown section"),
        (VALID.replace("- fr: exemple", "- French: exemple"), "not a language code"),
        (VALID.replace("In general, talk to the person.", ""), "policy answer"),
    ],
)
def test_a_malformed_file_is_refused_saying_why(broken: str, complaint: str) -> None:
    with pytest.raises(ValueError, match=complaint) as raised:
        parse_playbook(broken, source="broken.md")
    assert "broken.md" in str(raised.value)


def test_an_unnamed_employee_in_spanish_reads_as_spanish_is_written() -> None:
    english = parse_playbook((PLAYBOOKS_DIR / "no_show.md").read_text(encoding="utf-8"),
                             source="no_show.md")
    playbook = parse_translation(
        (PLAYBOOKS_DIR / "es" / "no_show.md").read_text(encoding="utf-8"), english,
        source="es/no_show.md")
    text = playbook.fill_employee("¿Ha podido localizar a {employee}? La carta de {employee}.",
                                  None)
    assert text == "¿Ha podido localizar al empleado? La carta del empleado."
    assert playbook.fill_employee("localizar a {employee}", "Bob") == "localizar a Bob"


TAGGED = VALID.replace("1. Schedule a call", "1. [say, timing] Schedule a call").replace(
    "2. Keep notes.", "2. [document] Keep notes.").replace(
    "- Check with HR.", "- [hr] Check with HR.").replace(
    "## Cautions", "## If it continues\n\n[hr, warning] If it goes on, involve HR.\n\n## Cautions")
TRANSLATED = """---
id: sample
language: fr
---

## Acknowledgement

Merci.

## Clarifying questions

- Est-ce déjà arrivé ?
- Depuis quand ?

## Recommendation

Voici ce que je ferais :

1. Planifiez un appel avec {employee}.
2. Prenez des notes.

## Policy answer

En général, parlez-en.

## If it continues

Si cela continue, impliquez les RH.

## Cautions

- Vérifiez avec les RH.
"""


def test_a_follow_up_topic_gets_the_parts_tagged_with_it_untagged_as_sent() -> None:
    playbook = parse_playbook(TAGGED, source="sample.md")
    assert "[" not in playbook.render(PlaybookStage.RECOMMEND, "Bob")
    assert playbook.answer_parts(AdviceTopic.SAY) == ("Schedule a call with {employee}.",)
    assert playbook.answer_parts(AdviceTopic.DOCUMENT) == ("Keep notes.",)
    assert playbook.answer_parts(AdviceTopic.HR) == ("If it goes on, involve HR.",
                                                     "Check with HR.")
    assert playbook.answer_parts(AdviceTopic.DISMISSAL) == ()


def test_a_translation_answers_with_its_own_text_of_the_tagged_parts() -> None:
    french = parse_translation(TRANSLATED, parse_playbook(TAGGED, source="sample.md"),
                               source="fr/sample.md")
    assert french.answer_parts(AdviceTopic.SAY) == ("Planifiez un appel avec {employee}.",)
    assert french.answer_parts(AdviceTopic.HR) == ("Si cela continue, impliquez les RH.",
                                                   "Vérifiez avec les RH.")


@pytest.mark.parametrize(
    ("broken", "complaint"),
    [
        (TRANSLATED.replace("2. Prenez des notes.\n", ""), "numbered items"),
        (TRANSLATED.replace("- Vérifiez avec les RH.", "- Vérifiez.\n- Notez."), "cautions"),
    ],
)
def test_a_translation_out_of_step_with_the_tags_is_refused(broken: str, complaint: str) -> None:
    with pytest.raises(ValueError, match=complaint):
        parse_translation(broken, parse_playbook(TAGGED, source="sample.md"),
                          source="fr/sample.md")


def test_an_unknown_follow_up_topic_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown follow-up topic 'weather'"):
        parse_playbook(TAGGED.replace("[document]", "[weather]"), source="sample.md")


CANADIAN = """---
id: sample
language: fr-CA
---

## Recommendation

Voici ce que je ferais :

1. Planifiez un appel avec {employee}.
2. Prenez des notes en dossier.
"""


def test_a_regional_variant_says_only_what_differs_and_keeps_the_rest() -> None:
    base = parse_playbook(TAGGED, source="sample.md")
    french = parse_translation(TRANSLATED, base, source="fr/sample.md")
    canadian = parse_translation(CANADIAN, base, source="fr_CA/sample.md", fallback=french)
    assert canadian.language == "fr-CA" and canadian.base_language == "fr"
    assert canadian.answer_parts(AdviceTopic.DOCUMENT) == ("Prenez des notes en dossier.",)
    assert canadian.questions == french.questions and canadian.cautions == french.cautions
    assert canadian.policy_answer == french.policy_answer and canadian.title == french.title
    assert canadian.answer_parts(AdviceTopic.HR) == french.answer_parts(AdviceTopic.HR)


@pytest.mark.parametrize(
    ("broken", "complaint"),
    [
        (CANADIAN.replace("fr-CA", "fr"), "a region of 'fr'"),
        (CANADIAN.replace("fr-CA", "es-MX"), "a region of 'fr'"),
        (CANADIAN + "\n## Recommendation: extra (call)\n\nPlus.\n", "among those"),
        (CANADIAN.replace("2. Prenez des notes en dossier.\n", ""), "numbered items"),
    ],
)
def test_a_regional_variant_out_of_step_with_its_language_is_refused(
    broken: str, complaint: str
) -> None:
    base = parse_playbook(TAGGED, source="sample.md")
    french = parse_translation(TRANSLATED, base, source="fr/sample.md")
    with pytest.raises(ValueError, match=complaint):
        parse_translation(broken, base, source="fr_CA/sample.md", fallback=french)
