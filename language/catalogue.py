"""ERA's message catalogue: every sentence ERA says, by message id, in each language.

The catalogues are gettext .po files (`language/locales/<lang>/LC_MESSAGES/era.po`), read with
Babel once per process; no build step. A message id ("shift_cancel.ask_reason") maps to a text
with named placeholders in Python format syntax ("OK, I've stopped {title}"); a message that
depends on a count has plural forms (msgid_plural / msgstr[n]) chosen by the language's CLDR
plural rule. A lookup falls back from the most specific catalogue to the least: fr-CA -> fr -> en.
"""

from __future__ import annotations

import gettext
import re
import string
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

LOCALES_DIR = Path(__file__).resolve().parent / "locales"
SOURCE_LANGUAGE = "en"
DOMAIN = "era"
_FORMATTER = string.Formatter()
# Per language, the short words that change before a value opening with a vowel: French
# "de Alice" -> "d'Alice", "que Olivier" -> "qu'Olivier"; Italian "a Alice" -> "ad Alice". Each
# rule: the word ending the text before the value, what opens the value, the word's new form.
# A mute h is the rule in French names ("Hugo", "Hélène"); "y" opens with a consonant ("Yann").
_ELISIONS: dict[str, tuple[tuple[re.Pattern[str], re.Pattern[str], str], ...]] = {
    "fr": (
        (re.compile(r"(?<![\w'’])([Dd])e $"), re.compile(r"[aeiouhàâäéèêëîïôöùûüœæ]", re.I),
         r"\1'"),
        (re.compile(r"(?<![\w'’])([Qq]u)e $"), re.compile(r"[aeiouhàâäéèêëîïôöùûüœæ]", re.I),
         r"\1'"),
    ),
    "it": ((re.compile(r"(?<![\w'’])([Aa]) $"), re.compile(r"[aà]", re.I), r"\1d "),),
}


@dataclass(frozen=True, slots=True)
class Message:
    """One catalogue entry: its id and its text (one form, or one per plural category)."""

    msg_id: str
    forms: tuple[str, ...]
    plural: bool = False

    @property
    def placeholders(self) -> frozenset[str]:
        """The named placeholders its forms use ({count} included for plurals)."""
        return frozenset(
            name for form in self.forms for _, name, _, _ in _FORMATTER.parse(form) if name
        )


@dataclass(frozen=True)
class LanguageCatalogue:
    """The messages of one language, and how it picks a plural form for a count."""

    language: str
    messages: Mapping[str, Message]
    plural_index: Callable[[int], int]
    plural_count: int


def language_tag(directory_name: str) -> str:
    """"zh_Hans" (gettext directory) -> "zh-Hans" (BCP 47 tag)."""
    return directory_name.replace("_", "-")


def _load_po(path: Path, language: str) -> LanguageCatalogue:
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=language.replace("-", "_"), domain=DOMAIN)
    messages: dict[str, Message] = {}
    for entry in catalog:
        if not entry.id or entry.fuzzy:
            continue
        if isinstance(entry.id, tuple):
            forms = tuple(str(form) for form in entry.string)
            if all(forms):
                # Every language has the same ids: one shared copy of each, not one a language.
                msg_id = sys.intern(entry.id[0])
                messages[msg_id] = Message(msg_id, forms, plural=True)
        elif entry.string:
            msg_id = sys.intern(str(entry.id))
            messages[msg_id] = Message(msg_id, (str(entry.string),))
    return LanguageCatalogue(
        language=language,
        messages=messages,
        plural_index=gettext.c2py(catalog.plural_expr),
        plural_count=catalog.num_plurals,
    )


class Catalogue:
    """All languages' messages; `say` renders one in a language, falling back to English."""

    def __init__(self, languages: Mapping[str, LanguageCatalogue]) -> None:
        if SOURCE_LANGUAGE not in languages:
            raise ValueError("the catalogue needs the English source messages")
        self._languages = dict(languages)
        self._chain = lru_cache(maxsize=256)(self._fallback_chain)
        self._template = lru_cache(maxsize=8192)(self._find_template)
        self._resolve = lru_cache(maxsize=256)(self._resolve_uncached)
        self._effective = lru_cache(maxsize=64)(self._effective_uncached)

    @classmethod
    def load(cls, directory: Path = LOCALES_DIR) -> Catalogue:
        """Read every `<lang>/LC_MESSAGES/era.po` under `directory`."""
        languages = {}
        for path in sorted(directory.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
            language = language_tag(path.parent.parent.name)
            languages[language] = _load_po(path, language)
        return cls(languages)

    @property
    def languages(self) -> tuple[str, ...]:
        """The languages with a catalogue, as BCP 47 tags ("en", "fr", "zh-Hans")."""
        return tuple(self._languages)

    def language(self, tag: str) -> LanguageCatalogue:
        """One language's catalogue (KeyError when there is none)."""
        return self._languages[tag]

    def resolve(self, tag: str | None) -> str | None:
        """The most specific catalogue language for a BCP 47 tag, or None when it has none:
        "fr-CA" -> "fr" (or "fr-CA" once that catalogue exists), "zh-CN" -> "zh-Hans"."""
        return self._resolve(tag or "")

    def _resolve_uncached(self, tag: str) -> str | None:
        return next((c for c in _candidates(tag) if c in self._languages), None)

    def messages_of(self, language: str) -> Mapping[str, Message]:
        """Every message as `language` says it: a regional overlay's own ("pt-BR"), the rest
        from its language's catalogue ("pt"), then English."""
        return self._effective(language)

    def _effective_uncached(self, language: str) -> Mapping[str, Message]:
        merged: dict[str, Message] = {}
        for tag in reversed(self._chain(language)):
            merged.update(self._languages[tag].messages)
        return merged

    def say(self, msg_id: str, language: str | None, /, **params: Any) -> str:
        """Message `msg_id` in `language` (falling back towards English), placeholders filled.
        A plural message chooses its form by `count`."""
        template = self._template(msg_id, language or SOURCE_LANGUAGE, _count_of(params))
        if not params:
            return template
        rules = _ELISIONS.get((self.resolve(language) or "").split("-")[0], ())
        return _fill(template, params, elisions=rules if _may_elide(template, rules) else ())

    def in_every_language(self, msg_id: str) -> tuple[str, ...]:
        """Message `msg_id` as each language writes it (a message without placeholders, such
        as a label), each text once: what to recognise when a person types it back."""
        return tuple(dict.fromkeys(self.say(msg_id, language) for language in self._languages))

    def languages_writing(self, text: str, msg_id: str) -> frozenset[str]:
        """The languages whose message `msg_id`, placeholders filled with anything, is the
        whole of `text`: which language's block of a text written once per language it is."""
        text = text.strip()
        return frozenset(
            language for language in self._languages
            if (message := self.messages_of(language).get(msg_id)) is not None
            and any(pattern.fullmatch(text) for pattern, _ in _patterns(message)))

    def read_back(self, text: str, msg_id: str) -> dict[str, str] | None:
        """The values of the placeholders when `text` is the whole of message `msg_id` in one
        of the languages ("Call: Maria Lopez and Bob Smith" gives manager "Maria Lopez" and
        employee "Bob Smith"), to say it again in another; None when it is not."""
        text = text.strip()
        for language in self._languages:
            message = self._languages[language].messages.get(msg_id)
            for form in message.forms if message is not None else ():
                found = _capturing(form).fullmatch(text)
                if found is not None:
                    return {name: value.strip() for name, value in found.groupdict().items()}
        return None

    def _find_template(self, msg_id: str, language: str, count: int | None) -> str:
        for tag in self._chain(language):
            catalogue = self._languages[tag]
            message = catalogue.messages.get(msg_id)
            if message is None:
                continue
            if not message.plural:
                return message.forms[0]
            if count is None:
                raise KeyError(f"message {msg_id} needs a count")
            index = catalogue.plural_index(count)
            return message.forms[min(index, len(message.forms) - 1)]
        raise KeyError(f"no message {msg_id}")

    def _fallback_chain(self, tag: str) -> tuple[str, ...]:
        chain = [candidate for candidate in _candidates(tag) if candidate in self._languages]
        if SOURCE_LANGUAGE not in chain:
            chain.append(SOURCE_LANGUAGE)
        return tuple(dict.fromkeys(chain))

    def identify(self, text: str, language: str | None = None) -> list[str]:
        """The ids of the messages whose rendering appears in `text` (in `language`, or any),
        longest match first: how tests check what ERA said without pinning the wording."""
        found: list[tuple[int, str]] = []
        for tag in [language] if language else self.languages:
            messages = self.messages_of(tag) if language else self._languages[tag].messages
            for message in messages.values():
                for pattern, weight in _patterns(message):
                    if weight and pattern.search(text):
                        found.append((weight, message.msg_id))
                        break
        return [msg_id for _, msg_id in sorted(found, key=lambda item: -item[0])]


def _fill(
    template: str, params: Mapping[str, Any], *,
    elisions: tuple[tuple[re.Pattern[str], re.Pattern[str], str], ...] = (),
) -> str:
    """`template` with its placeholders filled; a sentence's full stop right after a value that
    already ends with one (an abbreviated date: "Di., 24. Nov.", "mar. 24 nov.") is not
    doubled; the language's `elisions` change the word before a value as its readers expect
    of any name ("le poste d'Alice", "en même temps qu'Olivier", "un invito ad Alice")."""
    if "}." not in template and not elisions:
        return template.format_map(params)
    pieces: list[str] = []
    for literal, name, spec, conversion in _parsed(template):
        if literal.startswith(".") and pieces and pieces[-1].endswith("."):
            literal = literal[1:]
        pieces.append(literal)
        if name is not None:
            value, _ = _FORMATTER.get_field(name, (), params)
            value = _FORMATTER.convert_field(value, conversion)
            text = _FORMATTER.format_field(value, spec or "")
            if elisions:
                pieces[-1] = _elided(pieces[-1], text, elisions)
            pieces.append(text)
    return "".join(pieces)


def _elided(
    literal: str, value: str, elisions: tuple[tuple[re.Pattern[str], re.Pattern[str], str], ...]
) -> str:
    """`literal` with its last word changed by the first of `elisions` that fits it and the
    `value` after it ("de " + "Alice" -> "d'"); unchanged otherwise ("de " + "Bob")."""
    for ending, opening, replacement in elisions:
        if opening.match(value):
            changed, count = ending.subn(replacement, literal)
            if count:
                return changed
    return literal


@lru_cache(maxsize=4096)
def _may_elide(
    template: str, elisions: tuple[tuple[re.Pattern[str], re.Pattern[str], str], ...]
) -> bool:
    """Whether a word one of `elisions` changes stands right before a value in `template`
    (most messages have none: they are filled at once)."""
    return any(name is not None and ending.search(literal)
               for literal, name, _, _ in _parsed(template) for ending, _, _ in elisions)


@lru_cache(maxsize=1024)
def _parsed(template: str) -> tuple[tuple[str, str | None, str | None, str | None], ...]:
    return tuple(_FORMATTER.parse(template))


def _count_of(params: Mapping[str, Any]) -> int | None:
    count = params.get("count")
    return int(count) if isinstance(count, int | float) else None


_HANT_REGIONS = {"TW", "HK", "MO"}


def _candidates(tag: str) -> Iterable[str]:
    """fr-CA -> fr-CA, fr; zh-CN -> zh-Hans-CN, zh-Hans, zh; zh-TW -> zh-Hant, zh-Hans."""
    parts = [part for part in tag.replace("_", "-").split("-") if part]
    if not parts:
        return []
    language = parts[0].lower()
    script = next((p.title() for p in parts[1:] if len(p) == 4 and p.isalpha()), None)
    region = next((p.upper() for p in parts[1:] if len(p) in (2, 3) and p != script), None)
    if language == "zh" and script is None:
        script = "Hant" if region in _HANT_REGIONS else "Hans"
    out = []
    if script and region:
        out.append(f"{language}-{script}-{region}")
    if script:
        out.append(f"{language}-{script}")
    if region:
        out.append(f"{language}-{region}")
    if language == "zh":
        # Someone who reads Traditional characters reads Simplified far better than English.
        out.append("zh-Hans")
    out.append(language)
    return out


@cache
def _capturing(form: str) -> re.Pattern[str]:
    """A message's form as a regex whose named groups take its placeholders' values (a
    placeholder written twice matches the same value again)."""
    pieces: list[str] = []
    seen: set[str] = set()
    for literal, name, _, _ in _FORMATTER.parse(form.strip()):
        pieces.append(r"\s+".join(re.escape(part) for part in re.split(r"\s+", literal)))
        if name:
            pieces.append(f"(?P={name})" if name in seen else f"(?P<{name}>.+?)")
            seen.add(name)
    return re.compile("".join(pieces))


@cache
def _patterns(message: Message) -> tuple[tuple[re.Pattern[str], int], ...]:
    """Each form as a regex (placeholders match anything; a run of white space matches any run,
    as a channel may lay paragraphs out differently), with its literal length as weight (an
    ideograph or kana counts as two letters)."""
    out = []
    for form in message.forms:
        pieces, weight = [], 0
        for literal, name, _, _ in _FORMATTER.parse(form.strip()):
            written = [literal]
            if name is not None:
                # The word before a value as a name may have changed it ("d'Alice").
                written += [elided for rules in _ELISIONS.values()
                            for ending, _, replacement in rules
                            if (elided := ending.sub(replacement, literal)) != literal]
            pieces.append("(?:" + "|".join(
                r"\s+".join(re.escape(part) for part in re.split(r"\s+", each))
                for each in written) + ")")
            weight += sum(2 if ord(ch) >= 0x2E80 else 1 for ch in literal.strip())
            if name is not None:
                pieces.append(r"(?s:.+?)")
        pattern = "".join(pieces)
        # A word at either end must be a whole word ("Cancel" is not in "Cancelar").
        if re.match(r"\w", form.strip()):
            pattern = r"(?<!\w)" + pattern
        if re.search(r"\w$", form.strip()):
            pattern += r"(?!\w)"
        out.append((re.compile(pattern), weight if weight >= 5 else 0))
    return tuple(out)


@cache
def default_catalogue() -> Catalogue:
    """The catalogue shipped with ERA, read once per process."""
    return Catalogue.load()


def say(msg_id: str, language: str | None, /, **params: Any) -> str:
    """Message `msg_id` in `language` from ERA's catalogue, e.g.
    say("shift_cancel.done", "fr", title=...)."""
    return default_catalogue().say(msg_id, language, **params)


def in_every_language(msg_id: str) -> tuple[str, ...]:
    """Message `msg_id` in every language of ERA's catalogue (for labels typed back)."""
    return default_catalogue().in_every_language(msg_id)


def read_back(text: str, msg_id: str) -> dict[str, str] | None:
    """The placeholders' values when `text` is message `msg_id` in some language, else None."""
    return default_catalogue().read_back(text, msg_id)
