"""Which language a manager asks a letter in: "write it in English", "en français plutôt",
"scrivila in italiano", "auf Deutsch bitte", "po polsku", "用中文写".

A short message that names one language (its name in any of ERA's languages, as CLDR writes
it, or the Polish adverb "po angielsku") after the word that says "in" it ("in", "en", "auf",
"em", "het", "po"; "用" before it or "で" after it where words are not spaced), or the name
alone, asks for the letter in that language. Longer text is never read this way, nor a name
used otherwise: "English lessons" may well be what a blank is filled with.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from babel import Locale

from core.text_fold import fold_text
from language.catalogue import default_catalogue

# "write it in English please instead": longer messages are an edit or a remark, not a request.
_MAX_WORDS = 6
# Unspaced messages ("请用英文写这封邮件") are read up to this many characters.
_MAX_UNSPACED_CHARS = 16
# Names people type that CLDR does not list as the language's name ("英文", "中文" for writing).
_EXTRA_NAMES = {"en": ("英文",), "zh": ("中文", "汉语", "漢語"), "fr": ("法文",), "de": ("德文",),
                "es": ("西班牙文",), "ja": ("日文",)}
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
# The words before a language's name that say "in" it (folded).
_IN = frozenset({"in", "en", "auf", "em", "het", "po", "na"})


@lru_cache(maxsize=1)
def _names() -> dict[str, str]:
    """Every folded name of a language ERA writes letters in, as written in each of ERA's
    languages, to the language's base tag ("anglais" -> "en", "英語" -> "en")."""
    spoken = {tag.split("-")[0] for tag in default_catalogue().languages}
    names: dict[str, str] = {}
    for in_language in spoken:
        locale = Locale.parse(in_language)
        for language in spoken:
            name = fold_text(str(locale.languages.get(language) or ""))
            if not name:
                continue
            names[name] = language
            if in_language == "pl" and name.endswith("i"):
                names[name[:-1] + "u"] = language  # "polski" -> "po polsku"
    for language, extra in _EXTRA_NAMES.items():
        for name in extra:
            names[name] = language
    return names


def asked_letter_language(text: str, languages: Iterable[str]) -> str | None:
    """The base tag of the one language (of `languages`, the letters' languages, "pt-BR"
    counting as "pt") a short message asks the letter in, or None."""
    folded = fold_text(text)
    words = re.findall(r"\w+", folded)
    unspaced = bool(_UNSPACED.search(folded))
    if not words or (len(folded) > _MAX_UNSPACED_CHARS if unspaced and len(words) <= 2
                     else len(words) > _MAX_WORDS):
        return None
    bases = {language.replace("_", "-").split("-")[0].lower() for language in languages}
    found: set[str] = set()
    for name, language in _names().items():
        if language not in bases:
            continue
        if _UNSPACED.search(name):
            alone = folded.strip("。！!. ") == name
            if alone or re.search(rf"用{name}|{name}(?:で|写|寫)", folded):
                found.add(language)
        elif (len(words) == 1 and words[0] == name) or any(
                word == name and index and words[index - 1] in _IN
                for index, word in enumerate(words)):
            found.add(language)
    return found.pop() if len(found) == 1 else None
