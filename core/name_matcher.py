"""Find the people a name in a message refers to ("bob", "Bob S.", "alice martin", "fatma").

Exact full names win; then a unique first or last name; then close spellings. "bob" with two
Bobs returns both, so the dialog asks which one. Pure and deterministic.

Polish declines names: "umów spotkanie z Bobem Smithem", "odwołaj zmianę Bobowi Smithowi",
"wyślij maila do Alicji". When the message is Polish (`language="pl"`), a word also matches a
name part when it is one of the case forms Polish gives that part (`polish_forms`). The forms
are made from each person's own name, never by cutting endings off the words of the message,
so a declined word finds only the people whose name declines to it.

Japanese writes foreign names in kana: "アリスさんに電話して", "ボブ・スミス". A kana word that
sounds like a part of someone's name, as Japanese says it, is read as that part
(`kana_names.spell_kana_names`) before the matching above; other kana are left alone.
Chinese writes them in characters: "给鲍勃打电话", "爱丽丝", "陈伟" (`hanzi_names`), read the same
way. Japanese names are written in kanji ("田中さん", "佐藤優子"): a kanji name standing as a
name is read as the directory's part written so, or read so in romaji (`kanji_names`).

A word that mixes Latin letters with Cyrillic or Greek ones drawn the same ("Аlice", "Вob") is
read as the Latin word it shows (`confusables`), in the message and in the directory alike: two
people whose names look the same both match, so the dialog asks which one and shows their email.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import replace
from difflib import SequenceMatcher
from functools import cache, lru_cache

from core.confusables import unconfuse
from core.hanzi_names import has_hanzi, spell_hanzi_names
from core.kana_names import HONORIFICS, has_kana, spell_kana_names
from core.kanji_names import spell_kanji_names
from core.person import Person

_CLOSE_ENOUGH = 0.8
_POSSESSIVE = re.compile(r"['’]s\b")
_NON_WORD = re.compile(r"[^\w@-]+")
# Chinese, Japanese and Korean write no spaces: "和Alice开个会" names Alice all the same.
_CJK = "\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"
_SCRIPT_EDGE = re.compile(rf"(?<=[{_CJK}])(?=[^{_CJK}])|(?<=[^{_CJK}])(?=[{_CJK}])")
_UNSPACED_LETTER = re.compile(rf"[{_CJK}]")


def _fold(text: str) -> str:
    """`text` case-folded without its accents; a short one (a name, an e-mail address, a word)
    is folded once while among the last 4,096: every search folds each person's name again."""
    if len(text) <= _REMEMBERED_FOLD_CHARS:
        return _fold_remembered(text)
    return _fold_now(text)


_REMEMBERED_FOLD_CHARS = 64


def _fold_now(text: str) -> str:
    # "Аlice" typed with a Cyrillic А is Alice, on both sides of every comparison.
    decomposed = unicodedata.normalize("NFKD", unconfuse(text).casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).strip()


_fold_remembered = lru_cache(maxsize=4096)(_fold_now)


# Polish feminine adjectival surnames ("Kowalska") decline as adjectives: "Kowalskiej".
_POLISH_ADJECTIVAL_FEMININE = ("ska", "cka", "dzka")
# Dative and locative of a feminine name in -a, by the stem's last letter: "Marta" -> "Marcie".
_POLISH_SOFTENED = {"k": "ce", "g": "dze", "r": "rze", "t": "cie", "d": "dzie", "ł": "le",
                    "ch": "sze"}
_POLISH_SOFT_STEM = ("j", "i", "l", "k", "g")
# Words of ordinary Polish that a name's case form can spell ("Ala" -> "ale", "Ida" -> "ide"):
# never read as a name.
_POLISH_WORDS = frozenset({
    "ale", "ide", "ile", "ani", "ma", "mam", "mu", "go", "ja", "ty", "to", "co", "na", "do",
    "po", "od", "za", "ze", "we", "nie", "tak", "jak", "czy", "lub", "juz", "tez", "tego",
    "temu", "tym", "tej", "ten", "ta", "te", "mnie", "nim", "niej", "nich", "sie", "jest",
})


# First names and the forms other languages give the same name ("zadzwoń do Zofii" is Sophie;
# "llama a Sofía"): read as the directory's name when no one is called so. Only true
# equivalents; a nickname or a name that merely sounds alike is no one's.
_NAME_EQUIVALENTS: dict[str, tuple[str, ...]] = {
    "sophie": ("zofia", "sofia", "sophia", "sofie"),
    "alice": ("alicja", "alicia", "alicie"),
    # Not French "marie": folded, it is also "marié" (married).
    "maria": ("marija", "mary"),
    "daniel": ("daniele", "daniil"),
}


def _is_equivalent(word: str, part: str, language: str | None) -> bool:
    """Whether a folded word of a message is another language's form of this first name (or,
    in Polish, a case of it: "zofii")."""
    return any(_is_part(word, other, language) for other in _NAME_EQUIVALENTS.get(part, ()))


def _declines(language: str | None) -> bool:
    """Whether names decline in the language of the message (Polish)."""
    return bool(language) and str(language).replace("_", "-").split("-")[0].lower() == "pl"


@cache
def polish_forms(part: str) -> frozenset[str]:
    """The forms a folded name part takes in Polish, itself included: "bob" -> "boba",
    "bobowi", "bobem", "bobie", "bobu"; "alicja" -> "alicji", "alicje", "alicjo";
    "kowalski" -> "kowalskiego", "kowalskiemu", "kowalskim"; "kowalska" -> "kowalskiej".
    Folded as messages are ("Alicję" -> "alicje", "Alicją" -> "alicja"). A foreign name in -ice
    is written the Polish way too ("Alice" -> "Alicja", "Alicji")."""
    forms = {part}
    if len(part) < 2 or not part.isalpha():
        return frozenset(forms)
    if part.endswith("ice"):
        part = part[:-1] + "ja"
        forms.add(part)
    if part.endswith(_POLISH_ADJECTIVAL_FEMININE):
        forms.add(part[:-1] + "iej")
    elif part.endswith("ca") and len(part) > 3 and part[-3] in "aeiouy":
        # "Luca", "Monica": the c is a k, and Polish spells their cases with one ("Luki",
        # "Lukę", "Luką", "Luce", "Moniki", "Monice").
        stem = part[:-2] + "k"
        forms.update({stem + "i", stem + "e", stem + "a", stem + "o", part[:-1] + "e"})
    elif part.endswith("a") and not part.endswith("ca"):
        # ("Rebecca": the c is a k, and Polish spells its cases with one.)
        stem = part[:-1]
        soft = stem.endswith(_POLISH_SOFT_STEM)
        forms.update({stem + "e", stem + "o", stem + ("i" if soft else "y")})
        if stem.endswith(("j", "i", "l")):
            pass  # "Alicji", "Marii", "Oli": the dative is the genitive
        else:
            ending = next((e for e in sorted(_POLISH_SOFTENED, key=len, reverse=True)
                           if stem.endswith(e)), None)
            forms.add(stem[: -len(ending)] + _POLISH_SOFTENED[ending] if ending else stem + "ie")
    elif part.endswith(("ski", "cki", "dzki", "i", "y")) and len(part) > 3:
        stem = part[:-1]
        soft = part.endswith("i")
        forms.update({stem + ("iego" if soft else "ego"), stem + ("iemu" if soft else "emu"),
                      stem + ("im" if soft else "ym")})
    elif part[-1] not in "aeiouy":
        # A vowel that drops when the name declines: "Marek" -> "Marka", "Paweł" -> "Pawła".
        stem = part[:-2] + part[-1] if part.endswith(("ek", "eł")) and len(part) > 3 else part
        velar = stem.endswith(("k", "g"))
        forms.update({stem + "a", stem + "owi", stem + ("iem" if velar else "em"),
                      stem + "ie", stem + "u"})
    elif part.endswith("o"):
        stem = part[:-1]
        forms.update({stem + "a", stem + "owi", stem + "em"})
    return frozenset(form for form in forms if form == part or form not in _POLISH_WORDS)


def _forms(part: str, language: str | None) -> frozenset[str]:
    return polish_forms(part) if _declines(language) else frozenset((part,))


def _is_part(word: str, part: str, language: str | None) -> bool:
    """Whether a folded word of a message is this name part (or, in Polish, a case of it)."""
    return word == part or (_declines(language) and word in polish_forms(part))


def spell_script_names(text: str, people: Sequence[Person]) -> str:
    """The text with the kana words, the kanji and the Chinese characters that are names
    written as the directory spells them."""
    if not (has_kana(text) or has_hanzi(text)):
        return text
    parts = [part for p in people for part in _fold(p.name).split()]
    # "田中 由紀" kept beside the display name "Yuki Tanaka": 田中 and 由紀 are Yuki Tanaka.
    written = [(part, _fold(p.name)) for p in people for other in p.other_names
               for part in _fold(other).split()]
    text = spell_kanji_names(text, parts, written)
    return spell_hanzi_names(spell_kana_names(text, parts), parts)


def match_people(
    query: str, people: Sequence[Person], *, language: str | None = None
) -> list[Person]:
    """People whose name matches the query, best matches only (ties all returned); in a
    Polish message, declined names match too ("Bobem Smithem", "Alicji"); in kana, names
    said as Japanese says them ("ボブさん", "アリス・マーティン")."""
    if has_kana(query) or has_hanzi(query):
        # The honorific and particles around a name written in kana or characters are not
        # part of it; a name the directory writes in kanji ("田中 健一") is a word of its own.
        kanji_parts = {part for p in people for part in _fold(p.name).split() if has_hanzi(part)}
        named = [word for word in spell_script_names(query, people).split()
                 if word.isascii() or word in kanji_parts]
        # A kanji name the directory both writes so and reads so ("田中" for "田中 健一" and
        # for "Yuki Tanaka") is spelled both ways: either person.
        if named and not (kanji_parts.intersection(named) and any(w.isascii() for w in named)):
            return _match_query(" ".join(named), people, language)
        if named:
            either = [p for word in named for p in _match_query(word, people, language)]
            return list({p.id: p for p in either}.values())
    return _match_query(query, people, language)


def _match_query(query: str, people: Sequence[Person], language: str | None) -> list[Person]:
    """match_people for a query in Latin letters (or as the directory writes names)."""
    raw = _fold(query)
    wanted = " ".join(raw.replace(".", " ").split())
    if not wanted:
        return []
    words = wanted.split()
    exact = [p for p in people if _fold(p.name) == wanted or _fold(p.email) == raw] or [
        p for p in people
        if _declines(language) and _is_named(words, _fold(p.name).split(), language)
    ]
    if exact:
        return exact
    by_parts: list[Person] = []
    for person in people:
        parts = _fold(person.name).split()
        if all(
            any(part.startswith(word) or _is_part(word, part, language) for part in parts)
            for word in words
        ) and any(_is_part(word, part, language) for word in words for part in parts):
            by_parts.append(person)
    if by_parts:
        return by_parts
    equivalent = [person for person in people
                  if (parts := _fold(person.name).split()) and all(
                      any(_is_part(word, part, language) or _is_equivalent(word, part, language)
                          for part in parts) for word in words)
                  and any(_is_equivalent(word, parts[0], language) for word in words)]
    if equivalent:
        return equivalent
    nicknamed = nickname_matches(wanted, people)
    if nicknamed:
        return nicknamed
    scored: list[tuple[float, Person]] = []
    for person in people:
        parts = _fold(person.name).split()
        candidates = [*parts, " ".join(parts)]
        best = max(SequenceMatcher(None, wanted, part).ratio() for part in candidates)
        if best >= _CLOSE_ENOUGH:
            scored.append((best, person))
    if not scored:
        return []
    top = max(score for score, _ in scored)
    return [person for score, person in scored if score == top]


# The endings a first name takes as a pet name ("bobby", "chenny", "sofi", "dani", "juanito",
# "marietje"): taken off, with the consonant a pet name doubles ("bobb", "chenn").
_PET_ENDINGS = ("ito", "ita", "ino", "ina", "tje", "je", "ie", "ey", "y", "i")
# A pet name cut from a first name has at least this many letters ("soph", "dan", "ali"):
# two ("so", "al") are too many other words and too many people.
_PET_MIN_LETTERS = 3


def _pet_stems(word: str) -> set[str]:
    """The word, and what is left of it without a pet name's ending: "bobby" -> "bobby",
    "bobb", "bob"; "sofi" -> "sofi", "sof"."""
    stems = {word}
    for ending in _PET_ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= _PET_MIN_LETTERS:
            stem = word[: -len(ending)]
            stems.add(stem)
            if len(stem) > _PET_MIN_LETTERS and stem[-1] == stem[-2]:
                stems.add(stem[:-1])
    return stems


def _is_pet_name(word: str, first: str) -> bool:
    """Whether a folded word is a pet name of this folded first name or of another language's
    form of it: its start ("soph", "dan"), or the name with a pet name's ending ("bobby",
    "chenny", "sofi" of Sofia, that is Sophie)."""
    if word == first or not word.isalpha():
        return False
    return any(len(stem) >= _PET_MIN_LETTERS and name.startswith(stem)
               for stem in _pet_stems(word) for name in (first, *_NAME_EQUIVALENTS.get(first, ())))


def nickname_matches(query: str, people: Sequence[Person]) -> list[Person]:
    """The people a pet name or a shortened first name may stand for ("sofi", "chenny",
    "bobby smith", "dan"): the first word is a pet name of their first name, and any words
    after it are their other name parts. Several people when it fits several: the caller asks
    which one, and says the full name before anything is done."""
    words = _fold(query).replace(".", " ").split()
    if not words:
        return []
    found = []
    for person in people:
        first, *rest = _fold(person.name).split() or [""]
        if _is_pet_name(words[0], first) and all(
                any(part.startswith(word) for part in rest) for word in words[1:]):
            found.append(person)
    return found


def look_alike(people: Sequence[Person]) -> set[str]:
    """The ids of the people whose name looks the same as another's ("Alice Martin" and
    "Аlice Martin" written with a Cyrillic А): a choice between them must show more than the
    name, or the lookalike could be picked for the person it copies."""
    seen: dict[str, list[str]] = {}
    for person in people:
        seen.setdefault(_fold(person.name), []).append(person.id)
    return {pid for ids in seen.values() if len(ids) > 1 for pid in ids}


def _sentence(text: str) -> str:
    """The folded words of a sentence, space-delimited at both ends; "alice's", "Bob," and
    "(Chen)" name people too, so possessives and punctuation go."""
    words = _POSSESSIVE.sub(" ", _SCRIPT_EDGE.sub(" ", _fold(text)))
    return " " + " ".join(_NON_WORD.sub(" ", words).split()) + " "


def written_unspaced(text: str) -> bool:
    """Whether the text is in a script where a name runs into the words around it (Chinese,
    Japanese, Korean particles), so request rules cannot tell where a name ends."""
    return _UNSPACED_LETTER.search(text) is not None


def _is_named(words: Sequence[str], parts: Sequence[str], language: str | None) -> bool:
    """Whether the words are the name's parts, each in some case ("bobem smithem")."""
    return len(words) == len(parts) and all(
        _is_part(word, part, language) for word, part in zip(words, parts, strict=True))


def _position(words: Sequence[str], parts: Sequence[str], language: str | None) -> int:
    """Where the name's parts first stand together among the words, declined or not; -1."""
    return next((i for i in range(len(words) - len(parts) + 1)
                 if _is_named(words[i:i + len(parts)], parts, language)), -1)


def fully_named(
    text: str, people: Sequence[Person], *, language: str | None = None
) -> list[Person]:
    """The people whose full name the sentence writes ("cancel Bob Jones's shift"); in a
    Polish message, in any case ("odwołaj zmianę Bobowi Jonesowi")."""
    folded = _sentence(spell_script_names(text, people))
    if _declines(language):
        words = folded.split()
        return [p for p in people if _position(words, _fold(p.name).split(), language) >= 0]
    return [person for person in people if " " + _fold(person.name) + " " in folded]


# The words that put a name after a verb of telling ("ask to Maria", "demande à Maria",
# "pregúntale a María", "chiedi a Maria", "vraag het aan Maria", "frag bei Maria").
_BEFORE_A_NAME = ("to", "a", "à", "al", "alla", "aan", "an", "bei")
# Japanese honorifics after a name ("アリスさん").
_HONORIFIC = "(?:" + "|".join(map(re.escape, HONORIFICS)) + ")"


def without_name(
    text: str, person: Person, *, language: str | None = None, after: Sequence[str] = (),
    before: Sequence[str] = (),
) -> str | None:
    """The folded text without the person's name (full, first, in Polish any case of it) and
    the word that leads to it, where the name comes right after one of the words `after`
    (anywhere when `after` is empty): "ok can you ask maria then" -> "ok can you ask then",
    "oui demande à Maria" -> "oui demande", "tak, zapytaj Marię" -> "tak, zapytaj". With
    `before`, the name comes first, with its honorific and particle, then one of those words
    ("アリスさんに伝えて" -> "伝えて"). None when the name is not there ("i will talk to maria"
    with `after` ("ask", "tell"))."""
    folded = _fold(text)
    name = _fold(person.name)
    spellings = {name, *(f for part in name.split()[:1] for f in _forms(part, language))}
    names = "|".join(re.escape(s) for s in sorted(spellings, key=len, reverse=True))
    lead = "|".join(re.escape(_fold(w)) for w in _BEFORE_A_NAME)
    verbs = "|".join(re.escape(_fold(w)) for w in sorted(after, key=len, reverse=True))
    ending = "|".join(re.escape(_fold(w)) for w in sorted(before, key=len, reverse=True))
    if ending:
        # Japanese puts the name first: "アリスさんに伝えて", "アリスにも聞いて".
        unnamed, count = re.subn(
            rf"(?<!\w)(?:{names})\s*{_HONORIFIC}?\s*(?:に|へ)も?\s*(?=(?:{ending}))", " ",
            folded)
        return " ".join(unnamed.split()) if count else None
    if verbs:
        # The verb stays: "ask maria" -> "ask".
        unnamed, count = re.subn(
            rf"(?<!\w)({verbs})\s+(?:(?:{lead})\s+)?(?:{names})(?!\w)", r"\1 ", folded)
    else:
        unnamed, count = re.subn(rf"(?:(?<!\w)(?:{lead})\s+)?(?<!\w)(?:{names})(?!\w)", " ",
                                 folded)
    return " ".join(unnamed.split()) if count else None


def find_names_in_text(
    text: str, people: Sequence[Person], *, language: str | None = None
) -> list[Person]:
    """People named anywhere in a sentence ("assign bob on wed"), in order of appearance.

    A full name counts once; a first name shared by several people returns all of them, so
    the caller can ask which one is meant. In a Polish message names match in any case
    ("z Bobem Smithem"). Names in kana are found as Japanese says them ("アリスさん"). In
    Japanese and Chinese a colleague is named by their surname ("田中さん", "スミスさん"), so
    there any one part of a name finds the person. Another language's form of a first name
    finds its person too ("zadzwoń do Zofii", "chiama Sofia": Sophie), after those named.
    """
    found = _names_in_text(text, people, language)
    if has_kana(text) or has_hanzi(text):
        return found  # the forms below are written in Latin letters
    aliases = [(replace(people[index], name=alias), people[index])
               for index, alias in _alias_names(tuple(person.name for person in people))]
    if not aliases:
        return found
    by_alias = {id(alias): person for alias, person in aliases}
    named = [by_alias[id(alias)] for alias in _names_in_text(
        text, [alias for alias, _ in aliases], language)]
    return list({person.id: person for person in [*found, *named]}.values())


@lru_cache(maxsize=32)
def _alias_names(names: tuple[str, ...]) -> tuple[tuple[int, str], ...]:
    """Another language's forms of the names' first names, each with the index of the name it
    stands for ("zofia dubois" for "Sophie Dubois"). A form someone in the directory is called
    by is theirs alone ("Sofia" with a Sofia Rossi). Cached by the names: a store's directory
    is the same turn after turn, and folding it for every message was most of the lookup."""
    taken = {part for name in names for part in _fold(name).split()}
    aliases: list[tuple[int, str]] = []
    for index, name in enumerate(names):
        first, *rest = _fold(name).split() or [""]
        aliases += [(index, " ".join([other, *rest]))
                    for other in _NAME_EQUIVALENTS.get(first, ()) if other not in taken]
    return tuple(aliases)


def _names_in_text(text: str, people: Sequence[Person], language: str | None) -> list[Person]:
    """find_names_in_text by the names as the directory writes them."""
    by_any_part = written_unspaced(text)
    text = spell_script_names(text, people)
    if _declines(language):
        return _find_declined_names(text, people, language)
    folded = _sentence(text)
    found: list[tuple[int, Person]] = []
    for person in people:
        name = _fold(person.name)
        first = name.split()[0]
        # "bobs friday shift": the possessive typed without its apostrophe names Bob too.
        position = -1
        for spelled in (name, first, name + "s", first + "s"):
            position = folded.find(" " + spelled + " ")
            if position >= 0:
                break
        if position < 0 and by_any_part:
            position = min((at for part in name.split()[1:]
                            if (at := folded.find(" " + part + " ")) >= 0), default=-1)
        if position >= 0:
            found.append((position, person))
    found.sort(key=lambda item: item[0])
    full_hits = {p.id for pos, p in found
                 if f" {_fold(p.name)} " in folded or f" {_fold(p.name)}s " in folded}
    if full_hits:
        # "Bob Smith and Alice": keep the full-name hit, drop the other Bob matched by first name.
        first_names_fully_named = {_fold(p.name).split()[0] for p in people if p.id in full_hits}
        found = [
            (pos, p) for pos, p in found
            if p.id in full_hits or _fold(p.name).split()[0] not in first_names_fully_named
        ]
    return [person for _, person in found]


def _find_declined_names(
    text: str, people: Sequence[Person], language: str | None
) -> list[Person]:
    """find_names_in_text for a language that declines names, word by word."""
    words = _sentence(text).split()
    found: list[tuple[int, Person]] = []
    full_hits: set[str] = set()
    # The words a full name covers name nobody else: "Jana Kowalskiego" is Jan, not Jana.
    covered: set[int] = set()
    for person in people:
        parts = _fold(person.name).split()
        position = _position(words, parts, language)
        if position >= 0:
            full_hits.add(person.id)
            covered.update(range(position, position + len(parts)))
        else:
            position = _position(words, parts[:1], language)
        if position >= 0:
            found.append((position, person))
    found.sort(key=lambda item: item[0])
    if full_hits:
        first_names_fully_named = {_fold(p.name).split()[0] for p in people if p.id in full_hits}
        found = [
            (pos, p) for pos, p in found
            if p.id in full_hits or (
                pos not in covered and _fold(p.name).split()[0] not in first_names_fully_named)
        ]
    return [person for _, person in found]
