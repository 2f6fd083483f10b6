"""The README documents every variable ERA reads, exactly as config.py reads it."""

from __future__ import annotations

from pathlib import Path

from tools.env_table import BEGIN, END, env_table

README = Path(__file__).resolve().parents[2] / "README.md"


def test_readme_table_matches_config() -> None:
    text = README.read_text(encoding="utf-8")
    start, end = text.index(BEGIN), text.index(END) + len(END)
    assert text[start:end] == env_table(), "run: python -m tools.env_table, paste into README"


def test_readme_shows_the_two_commands() -> None:
    text = README.read_text(encoding="utf-8")
    assert "make run" in text and "make test" in text
