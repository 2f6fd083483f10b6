"""The dependency rules of ARCHITECTURE.md: core/ and detectors/ use the standard library only
(and core), so they outlive the Bot Framework SDK."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ALLOWED_FIRST_PARTY = {"core": {"core"}, "detectors": {"core", "detectors"}}
# Pure computation from outside the standard library that a package may use: RE2 gives the
# detectors a linear-time first look at a text (and they work without it: see quick_scan);
# httptools (llhttp) parses the HTTP answers of core/keepalive_http.py, the client of the
# turn's calls that the connector replies (bots/) and the Cosmos DB point calls (state/) share.
ALLOWED_LIBRARIES: dict[str, set[str]] = {"core": {"httptools"}, "detectors": {"re2"}}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("package", sorted(ALLOWED_FIRST_PARTY))
def test_pure_packages_import_only_the_standard_library(package: str) -> None:
    files = sorted((ROOT / package).rglob("*.py"))
    assert files, f"{package}/ has no modules"
    offenders = []
    for path in files:
        for name in _imports(path):
            if name == "__future__" or name in sys.stdlib_module_names:
                continue
            if name in ALLOWED_FIRST_PARTY[package] | ALLOWED_LIBRARIES[package]:
                continue
            offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    assert offenders == []


def test_the_rule_catches_an_sdk_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import json\nfrom botbuilder.core import TurnContext\nimport openai\n")
    found = _imports(sample) - set(sys.stdlib_module_names)
    assert found == {"botbuilder", "openai"}


# The layers above may use those below, never the reverse: app -> bots -> dialogs ->
# {services, state} -> {language, detectors, core}; language uses core only (plus Babel and
# its data). (services may use detectors: both are below dialogs
# and detectors is pure.)
LAYER_BANS = {
    "language": {"app", "bots", "dialogs", "services", "state"},
    "dialogs": {"app", "bots"},
    "services": {"app", "bots", "dialogs", "state"},
    "state": {"app", "bots", "dialogs", "services"},
    "detectors": {"app", "bots", "dialogs", "services", "state"},
    "core": {"app", "bots", "dialogs", "services", "state", "detectors"},
}


@pytest.mark.parametrize("package", sorted(LAYER_BANS))
def test_no_layer_imports_a_layer_above_it(package: str) -> None:
    offenders = [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in sorted((ROOT / package).rglob("*.py"))
        for name in _imports(path)
        if name in LAYER_BANS[package]
    ]
    assert offenders == []
