"""Keeps the `emoji` package's tables out of memory where nothing can use them.

recognizers-text (imported under botbuilder-dialogs' prompts) imports `emoji` for one test,
`letter in UNICODE_EMOJI`. With the emoji release botbuilder-dialogs 4.17.1 pins (1.7.0) that
table is keyed by language ("en", "es", "pt", "it", "fr", "de"), so no character is ever in it
and the test is always false; loading the package still costs every instance ~5 MB of memory.
Imported before the SDK, this module puts in its place a module whose table has those keys and
nothing else (the same answer for every character); any other name asked of it loads the real
package and answers from it. Another emoji release, or emoji already loaded: nothing is done.
"""

from __future__ import annotations

import importlib
import sys
import types
from importlib import metadata
from typing import Any

_PACKAGE = "emoji"
_TABLE_KEYED_BY_LANGUAGE = "1.7.0"
_LANGUAGES = ("en", "es", "pt", "it", "fr", "de")
# What the import system itself asks a module; anything else ("__version__" too) is the real
# package's to answer.
_IMPORT_MACHINERY = frozenset({"__path__", "__spec__", "__loader__", "__file__", "__package__",
                               "__wrapped__", "__origin__"})


def _real_attribute(name: str) -> Any:
    """Any other name: the real package replaces the stand-in and answers. The import system's
    own questions (`__path__`, `__spec__`, ...) are the stand-in's to answer."""
    if name in _IMPORT_MACHINERY:
        raise AttributeError(name)
    if sys.modules.get(_PACKAGE) is _STAND_IN:
        del sys.modules[_PACKAGE]
    return getattr(importlib.import_module(_PACKAGE), name)


_STAND_IN = types.ModuleType(_PACKAGE, __doc__)
_STAND_IN.UNICODE_EMOJI = dict.fromkeys(_LANGUAGES)  # type: ignore[attr-defined]
_STAND_IN.__getattr__ = _real_attribute  # type: ignore[method-assign]


def _installed_version() -> str | None:
    try:
        return metadata.version(_PACKAGE)
    except metadata.PackageNotFoundError:
        return None


if _PACKAGE not in sys.modules and _installed_version() == _TABLE_KEYED_BY_LANGUAGE:
    sys.modules[_PACKAGE] = _STAND_IN
