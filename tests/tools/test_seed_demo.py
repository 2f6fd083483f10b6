"""`make seed` seeds the demo organisation, except when people come from Entra ID."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools import seed_demo


async def test_nothing_is_seeded_when_people_come_from_entra_id(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name, value in {"ERA_DATA_DIR": str(tmp_path), "ERA_DIRECTORY_BACKEND": "graph",
                        "GRAPH_TENANT_ID": "t", "GRAPH_CLIENT_ID": "c",
                        "GRAPH_CLIENT_SECRET": "s"}.items():
        monkeypatch.setenv(name, value)

    assert await seed_demo._main() == 0
    assert not (tmp_path / "org.sqlite3").exists()
    assert "not seeded" in capsys.readouterr().out
