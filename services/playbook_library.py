"""Loads the offline playbooks (prompts/playbooks/*.md) and their translations
(prompts/playbooks/<lang>/*.md) once at start-up, and indexes them. A regional folder
(prompts/playbooks/pt_BR/) holds only what its region says otherwise: the sections of a
playbook that differ, read over the language's translation (pt/), which gives the rest.

A playbook or translation that cannot be parsed stops start-up with a ConfigError naming the
file, so a broken edit is found at deploy time rather than in the middle of a manager's
conversation. A playbook without a translation in a language is answered in English.

A variant (`<id>.<variant>.md`, at the top for English and in a language's folder) holds the
texts of a form of the situation (core.playbook.PlaybookVariant) in one language, read over that
language's texts; where a language has none, its plain texts are used.
"""

from __future__ import annotations

import logging
from pathlib import Path

from core.errors import ConfigError
from core.playbook import (
    ENGLISH,
    Playbook,
    PlaybookStage,
    PlaybookVariant,
    parse_playbook,
    parse_translation,
)
from core.playbook_index import PlaybookIndex
from language.situation_words import index_words
from services.prompt_files import PROMPTS_DIR

logger = logging.getLogger(__name__)

PLAYBOOKS_DIR = PROMPTS_DIR / "playbooks"


class PlaybookLibrary:
    """The parsed playbooks, by id, and the retrieval index over them."""

    def __init__(
        self, playbooks: list[Playbook], translations: list[Playbook] | None = None,
        variants: list[Playbook] | None = None,
    ) -> None:
        ids = [playbook.id for playbook in playbooks]
        duplicates = sorted({i for i in ids if ids.count(i) > 1})
        if duplicates:
            raise ConfigError(f"playbook ids must be unique; repeated: {', '.join(duplicates)}")
        self._by_id = {playbook.id: playbook for playbook in playbooks}
        self._translated = {(t.id, t.language): t for t in translations or ()}
        self._variants = {(v.id, v.language, v.variant): v for v in variants or ()}
        self._languages = frozenset({ENGLISH, *(language for _, language in self._translated)})
        self.index = PlaybookIndex(playbooks, words=index_words())

    @classmethod
    def load(cls, directory: Path = PLAYBOOKS_DIR) -> PlaybookLibrary:
        """Read and parse every *.md file in `directory` (sorted by name)."""
        files = sorted(path for path in directory.glob("*.md") if not _is_variant(path))
        if not files:
            raise ConfigError(f"no playbooks found in {directory}")
        playbooks = []
        for path in files:
            try:
                playbooks.append(parse_playbook(path.read_text(encoding="utf-8"),
                                                source=path.name))
            except (OSError, ValueError) as error:
                raise ConfigError(f"playbook {path}: {error}") from error
        by_id = {playbook.id: playbook for playbook in playbooks}
        translations: dict[tuple[str, str], Playbook] = {}
        # A language's own folder ("pt") before its regional variants ("pt_BR"), which keep
        # what they do not say from it.
        folders = sorted({path.parent for path in directory.glob("*/*.md")},
                         key=lambda folder: ("_" in folder.name, folder.name))
        for folder in folders:
            language = folder.name.replace("_", "-")
            for path in sorted(folder.glob("*.md")):
                if not _is_variant(path):
                    translated = _translation(path, by_id, translations, language)
                    translations[(translated.id, translated.language)] = translated
        variants = [
            _variant(path, directory, by_id, translations)
            for path in sorted((*directory.glob("*.md"), *directory.glob("*/*.md")))
            if _is_variant(path)
        ]
        logger.info("loaded %d playbooks, %d translations and %d variants from %s",
                    len(playbooks), len(translations), len(variants), directory)
        return cls(playbooks, list(translations.values()), variants)

    @property
    def playbooks(self) -> tuple[Playbook, ...]:
        """Every playbook, in file-name order."""
        return self.index.playbooks

    def get(self, playbook_id: str) -> Playbook | None:
        """A playbook by id."""
        return self._by_id.get(playbook_id)

    def in_language(
        self, playbook: Playbook, language: str, variant: PlaybookVariant | None = None
    ) -> Playbook | None:
        """The playbook's texts in `language` ("fr"; "pt-BR", else "pt"), or None when there
        is no translation (English is the playbook itself); with a `variant`, its texts in
        that language when there are some."""
        if language == ENGLISH:
            plain: Playbook | None = self._by_id.get(playbook.id, playbook)
        else:
            plain = self._translated.get((playbook.id, language)) or self._translated.get(
                (playbook.id, language.split("-")[0]))
        if plain is None or variant is None:
            return plain
        return self._variants.get((playbook.id, plain.language, str(variant)), plain)

    def languages(self) -> frozenset[str]:
        """Every language some playbook is written in."""
        return self._languages

    def recognise(self, text: str) -> tuple[Playbook, PlaybookStage] | None:
        """Which playbook reply `text` is (the offline advisor's own earlier turn), if any."""
        for playbook in (*self.playbooks, *self._translated.values(), *self._variants.values()):
            stage = playbook.stage_of(text)
            if stage is not None:
                return self._by_id[playbook.id], stage
        return None


def _translation(
    path: Path, by_id: dict[str, Playbook], translated: dict[tuple[str, str], Playbook],
    language: str,
) -> Playbook:
    """The translation in `path`, in the `language` its folder names; a regional variant
    ("pt-BR") over the translation in its language ("pt")."""
    base = by_id.get(path.stem)
    if base is None:
        raise ConfigError(f"translation {path}: there is no {path.stem}.md to translate")
    fallback = None
    if "-" in language:
        fallback = translated.get((base.id, language.split("-")[0]))
        if fallback is None:
            raise ConfigError(f"regional translation {path}: there is no "
                              f"{language.split('-')[0]}/{path.name} to vary")
    try:
        playbook = parse_translation(path.read_text(encoding="utf-8"), base,
                                     source=f"{path.parent.name}/{path.name}", fallback=fallback)
    except (OSError, ValueError) as error:
        raise ConfigError(f"playbook translation {path}: {error}") from error
    if playbook.language != language:
        raise ConfigError(f"{path}: its language is {playbook.language!r}, not "
                          f"{language!r} as the folder says")
    return playbook


def _is_variant(path: Path) -> bool:
    """Whether a playbook file is a variant ("lateness.left_early.md")."""
    return "." in path.stem


def _variant(
    path: Path, directory: Path, by_id: dict[str, Playbook],
    translated: dict[tuple[str, str], Playbook],
) -> Playbook:
    """The variant in `path`, read over the texts of its folder's language (English at the
    top of `directory`)."""
    playbook_id = path.stem.split(".")[0]
    base = by_id.get(playbook_id)
    if base is None:
        raise ConfigError(f"variant {path}: there is no {playbook_id}.md to vary")
    language = ENGLISH if path.parent == directory else path.parent.name.replace("_", "-")
    over = base if language == ENGLISH else translated.get((playbook_id, language))
    if over is None:
        raise ConfigError(f"variant {path}: there is no {path.parent.name}/{playbook_id}.md "
                          "to vary")
    try:
        playbook = parse_translation(path.read_text(encoding="utf-8"), base,
                                     source=f"{path.parent.name}/{path.name}", fallback=over)
    except (OSError, ValueError) as error:
        raise ConfigError(f"playbook variant {path}: {error}") from error
    if not playbook.variant or path.stem != f"{playbook_id}.{playbook.variant}":
        raise ConfigError(f"{path}: its variant is {playbook.variant!r}, not the one its "
                          "name says")
    return playbook
