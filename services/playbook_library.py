"""Loads the offline playbooks (prompts/playbooks/*.md) and their translations
(prompts/playbooks/<lang>/*.md) once at start-up, and indexes them.

A playbook or translation that cannot be parsed stops start-up with a ConfigError naming the
file, so a broken edit is found at deploy time rather than in the middle of a manager's
conversation. A playbook without a translation in a language is answered in English.
"""

from __future__ import annotations

import logging
from pathlib import Path

from core.errors import ConfigError
from core.playbook import ENGLISH, Playbook, PlaybookStage, parse_playbook, parse_translation
from core.playbook_index import PlaybookIndex
from services.prompt_files import PROMPTS_DIR

logger = logging.getLogger(__name__)

PLAYBOOKS_DIR = PROMPTS_DIR / "playbooks"


class PlaybookLibrary:
    """The parsed playbooks, by id, and the retrieval index over them."""

    def __init__(
        self, playbooks: list[Playbook], translations: list[Playbook] | None = None
    ) -> None:
        ids = [playbook.id for playbook in playbooks]
        duplicates = sorted({i for i in ids if ids.count(i) > 1})
        if duplicates:
            raise ConfigError(f"playbook ids must be unique; repeated: {', '.join(duplicates)}")
        self._by_id = {playbook.id: playbook for playbook in playbooks}
        self._translated = {(t.id, t.language): t for t in translations or ()}
        self.index = PlaybookIndex(playbooks)

    @classmethod
    def load(cls, directory: Path = PLAYBOOKS_DIR) -> PlaybookLibrary:
        """Read and parse every *.md file in `directory` (sorted by name)."""
        files = sorted(directory.glob("*.md"))
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
        translations = []
        for path in sorted(directory.glob("*/*.md")):
            base = by_id.get(path.stem)
            if base is None:
                raise ConfigError(f"translation {path}: there is no {path.stem}.md to translate")
            try:
                translated = parse_translation(path.read_text(encoding="utf-8"), base,
                                               source=f"{path.parent.name}/{path.name}")
            except (OSError, ValueError) as error:
                raise ConfigError(f"playbook translation {path}: {error}") from error
            if translated.language != path.parent.name:
                raise ConfigError(f"{path}: its language is {translated.language!r}, not "
                                  f"{path.parent.name!r} as the folder says")
            translations.append(translated)
        logger.info("loaded %d playbooks and %d translations from %s", len(playbooks),
                    len(translations), directory)
        return cls(playbooks, translations)

    @property
    def playbooks(self) -> tuple[Playbook, ...]:
        """Every playbook, in file-name order."""
        return self.index.playbooks

    def get(self, playbook_id: str) -> Playbook | None:
        """A playbook by id."""
        return self._by_id.get(playbook_id)

    def in_language(self, playbook: Playbook, language: str) -> Playbook | None:
        """The playbook's texts in `language` ("fr"), or None when there is no translation
        (English is the playbook itself)."""
        if language == ENGLISH:
            return self._by_id.get(playbook.id, playbook)
        return self._translated.get((playbook.id, language))

    def languages(self) -> frozenset[str]:
        """Every language some playbook is written in."""
        return frozenset({ENGLISH, *(language for _, language in self._translated)})

    def recognise(self, text: str) -> tuple[Playbook, PlaybookStage] | None:
        """Which playbook reply `text` is (the offline advisor's own earlier turn), if any."""
        for playbook in (*self.playbooks, *self._translated.values()):
            stage = playbook.stage_of(text)
            if stage is not None:
                return self._by_id[playbook.id], stage
        return None
