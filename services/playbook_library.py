"""Loads the offline playbooks (prompts/playbooks/*.md) once at start-up and indexes them.

A playbook that cannot be parsed stops start-up with a ConfigError naming the file, so a broken
edit is found at deploy time rather than in the middle of a manager's conversation.
"""

from __future__ import annotations

import logging
from pathlib import Path

from core.errors import ConfigError
from core.playbook import Playbook, PlaybookStage, parse_playbook
from core.playbook_index import PlaybookIndex
from services.prompt_files import PROMPTS_DIR

logger = logging.getLogger(__name__)

PLAYBOOKS_DIR = PROMPTS_DIR / "playbooks"


class PlaybookLibrary:
    """The parsed playbooks, by id, and the retrieval index over them."""

    def __init__(self, playbooks: list[Playbook]) -> None:
        ids = [playbook.id for playbook in playbooks]
        duplicates = sorted({i for i in ids if ids.count(i) > 1})
        if duplicates:
            raise ConfigError(f"playbook ids must be unique; repeated: {', '.join(duplicates)}")
        self._by_id = {playbook.id: playbook for playbook in playbooks}
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
        logger.info("loaded %d playbooks from %s", len(playbooks), directory)
        return cls(playbooks)

    @property
    def playbooks(self) -> tuple[Playbook, ...]:
        """Every playbook, in file-name order."""
        return self.index.playbooks

    def get(self, playbook_id: str) -> Playbook | None:
        """A playbook by id."""
        return self._by_id.get(playbook_id)

    def recognise(self, text: str) -> tuple[Playbook, PlaybookStage] | None:
        """Which playbook reply `text` is (the offline advisor's own earlier turn), if any."""
        for playbook in self.playbooks:
            stage = playbook.stage_of(text)
            if stage is not None:
                return playbook, stage
        return None
