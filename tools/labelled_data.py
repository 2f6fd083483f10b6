"""Where the shared labelled cases live: the workplace's `../shared/data/` when this checkout sits
beside it, otherwise the byte-identical copy kept in `tests/data/shared/` (so a clone anywhere,
CI's included, scores the same files)."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
ORIGINAL_DIR = REPO.parent / "shared" / "data"
COPY_DIR = REPO / "tests" / "data" / "shared"


def shared_data_file(name: str) -> Path:
    """The shared labelled file `name` ("replies.json", "detector_cases.json")."""
    original = ORIGINAL_DIR / name
    return original if original.is_file() else COPY_DIR / name
