"""Reads prompt templates from prompts/ (read once, at start-up)."""

from __future__ import annotations

from pathlib import Path

from core.errors import ConfigError

PROMPTS_DIR = Path(__file__).resolve().parents[1] / "prompts"


def read_prompt(name: str, directory: Path = PROMPTS_DIR) -> str:
    """A prompt file's text; a missing or empty file is a ConfigError."""
    path = directory / name
    try:
        text = path.read_text(encoding="utf-8").strip()
    except OSError as error:
        raise ConfigError(f"cannot read the prompt {path}: {error}") from error
    if not text:
        raise ConfigError(f"the prompt {path} is empty")
    return text
