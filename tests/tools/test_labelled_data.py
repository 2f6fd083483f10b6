"""The copies of the shared labelled files are the shared files, byte for byte."""

from __future__ import annotations

import pytest

from tools.labelled_data import COPY_DIR, ORIGINAL_DIR, shared_data_file

NAMES = ["replies.json", "detector_cases.json"]


@pytest.mark.parametrize("name", NAMES)
def test_the_copy_exists_and_matches_the_original_when_it_is_here(name: str) -> None:
    copy = COPY_DIR / name
    assert copy.is_file()
    original = ORIGINAL_DIR / name
    if original.is_file():
        assert copy.read_bytes() == original.read_bytes(), f"refresh tests/data/shared/{name}"
    assert shared_data_file(name).read_bytes() == copy.read_bytes()
