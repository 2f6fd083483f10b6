"""Names written in Japanese kana, read as the directory's names ("アリス" is Alice).

A Japanese manager writes a colleague's Western name in katakana ("アリスさんに電話して",
"ボブ・スミス"), sometimes in hiragana ("ありすさん") or half-width katakana ("ｱﾘｽ"). The kana
are romanised (Hepburn, with the extended kana Japanese uses for foreign sounds: ティ ti,
チェ che, ファ fa, ウェ we) and compared with each directory name as Japanese would say it:
no l/r or v/b distinction, th as s, an r after a vowel silent, a vowel after a consonant that
ends a syllable (Smith -> sumisu, Bob -> bobu, Schmidt -> shumitto). Only the directory's names
are candidates, so a loanword ("シフト", "メール") names nobody.

The kana table is the closed set of the script, so this needs no dictionary: a text with no kana
costs one regular-expression search.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from difflib import SequenceMatcher
from functools import lru_cache

# A kana word this close to a name, as Japanese says it, is that name ("ジョーンズ" for Jones).
_SOUNDS_ALIKE = 0.85
# Shorter sounds must be exact: one letter apart they are other words ("aisu", ice, is not
# "arisu"; "jobu" is not "bobu").
_FUZZY_LENGTH = 5
_HIRAGANA_TO_KATAKANA = 0x60

_KANA = re.compile(r"[\u3041-\u3096\u30a1-\u30fa\u30fc\uff66-\uff9f]")
_KATAKANA_WORD = re.compile(r"[\u30a1-\u30fa\u30fc]+(?:[・＝=\u30fb\s][\u30a1-\u30fa\u30fc]+)*")
_HIRAGANA_RUN = re.compile(r"[\u3041-\u3096\u30fc]+")
_WORD_SEPARATOR = re.compile(r"[・＝=\u30fb\s]+")
# A name in hiragana runs into the particles around it; it is the word before an honorific.
HONORIFICS = ("さん", "くん", "ちゃん", "さま", "様", "氏", "君")
_LONGEST_HIRAGANA_NAME = 8

# The kana table by rows: a consonant and its kana for a, i, u, e, o ("_" where there is none).
_ROWS = {
    "": "アイウエオ",
    "k": "カキクケコ",
    "g": "ガギグゲゴ",
    "s": "サシスセソ",
    "z": "ザジズゼゾ",
    "t": "タチツテト",
    "d": "ダヂヅデド",
    "n": "ナニヌネノ",
    "h": "ハヒフヘホ",
    "b": "バビブベボ",
    "p": "パピプペポ",
    "m": "マミムメモ",
    "y": "ヤ_ユ_ヨ",
    "r": "ラリルレロ",
    "w": "ワ___ヲ",
}
_SYLLABLES = {
    **{
        kana: consonant + vowel
        for consonant, row in _ROWS.items()
        for kana, vowel in zip(row, "aiueo", strict=True)
        if kana != "_"
    },
    **{"シ": "shi", "チ": "chi", "ツ": "tsu", "フ": "fu", "ジ": "ji", "ヂ": "ji", "ヅ": "zu"},
    **{"ヲ": "o", "ヰ": "i", "ヱ": "e", "ン": "n", "ヴ": "vu", "ヮ": "wa", "ヵ": "ka", "ヶ": "ke"},
    **{"ァ": "a", "ィ": "i", "ゥ": "u", "ェ": "e", "ォ": "o", "ャ": "ya", "ュ": "yu", "ョ": "yo"},
}
# A syllable and the small kana after it that change its vowel: キャ kya, ティ ti, ファ fa.
_Y_VOWELS = (("ャ", "a"), ("ュ", "u"), ("ョ", "o"), ("ェ", "e"))
_SMALL_VOWELS = (("ァ", "a"), ("ィ", "i"), ("ェ", "e"), ("ォ", "o"))
_Y_ROWS = {
    "キ": "ky",
    "ギ": "gy",
    "ニ": "ny",
    "ヒ": "hy",
    "ビ": "by",
    "ピ": "py",
    "ミ": "my",
    "リ": "ry",
    "シ": "sh",
    "チ": "ch",
    "ジ": "j",
    "ヂ": "j",
}
_FOREIGN_ROWS = {"フ": "f", "ヴ": "v", "ツ": "ts", "ウ": "w", "ク": "kw", "グ": "gw"}
_DIGRAPHS = {
    **{k + s: c + v for k, c in _Y_ROWS.items() for s, v in _Y_VOWELS},
    **{k + s: c + v for k, c in _FOREIGN_ROWS.items() for s, v in _SMALL_VOWELS},
    **{"ティ": "ti", "ディ": "di", "トゥ": "tu", "ドゥ": "du", "テュ": "tyu", "デュ": "dyu"},
    **{"スィ": "si", "ズィ": "zi", "イェ": "ye", "フュ": "fyu", "ヴュ": "vyu", "ウォ": "wo"},
}

# English and European spellings as Japanese hears them, applied in order.
_SPELLING = (
    (re.compile(r"sch"), "sh"),
    (re.compile(r"tch"), "ch"),
    (re.compile(r"ph"), "f"),
    (re.compile(r"th"), "s"),
    (re.compile(r"ck"), "k"),
    (re.compile(r"qu"), "kw"),
    (re.compile(r"c(?=[eiy])"), "s"),
    (re.compile(r"c(?!h)"), "k"),
    (re.compile(r"q"), "k"),
    (re.compile(r"x"), "ks"),
    (re.compile(r"dt\b"), "t"),
    (re.compile(r"(?<=[^aeiouycs])h"), ""),
    (re.compile(r"(?<=[aeiou])h(?![aeiou])"), ""),
    # A final -ie is a long i ("Sophie" ソフィー, "Marie" マリー, "Julie" ジュリー).
    (re.compile(r"ie\b"), "i"),
    # A silent final e ("Alice", "Mike").
    (re.compile(r"(?<=[aeiouy][^aeiouy])e\b"), ""),
    (re.compile(r"(?<=[^aeiou])y(?![aeiou])"), "i"),
    (re.compile(r"([a-z])\1+"), r"\1"),
)
# An r after a vowel that no vowel follows is silent in English ("Martin" マーティン) and said
# in other languages ("Omar" オマール, "Larsen" ラーセン or ラルセン): both are heard. A final
# -er or -or is an a in English ("Victor" ヴィクター, "Peter" ピーター).
_SILENT_R = re.compile(r"(?<=[aeiou])r(?![aeiouy])")
_FINAL_ER = re.compile(r"[eo]r\b")
# Consonants Japanese closes with a vowel: "o" after t and d, "i" after ch and j, "u" after the
# others; n and a vowel need none.
_CLOSING_VOWEL = re.compile(r"(ch|sh|ts|s(?!h)|t(?!s)|[bdfgjklmpqrvwxz])(?![aeiouy])")
# What both spellings come to: the sounds Japanese does not tell apart made one.
_MERGED = (
    (re.compile(r"(?<=[bcdfghjkmnprstvwz])y(?=u)"), ""),
    (re.compile(r"l"), "r"),
    (re.compile(r"v"), "b"),
    (re.compile(r"z"), "s"),
    (re.compile(r"sh(?=[iu])"), "s"),
    (re.compile(r"ts(?=u)"), "t"),
    (re.compile(r"ei"), "e"),
    (re.compile(r"ou"), "o"),
    (re.compile(r"([a-z])\1+"), r"\1"),
)


def has_kana(text: str) -> bool:
    """Whether the text holds kana (hiragana, katakana or half-width katakana)."""
    return _KANA.search(text) is not None


def romanise(kana: str) -> str:
    """The kana in Latin letters: "マーティン" -> "maatin", "チェン" -> "chen", "ッ" doubles
    the consonant after it and "ー" the vowel before it. Anything not kana is left out."""
    text = "".join(
        chr(ord(ch) + _HIRAGANA_TO_KATAKANA) if "\u3041" <= ch <= "\u3096" else ch
        for ch in unicodedata.normalize("NFKC", kana)
    )
    out: list[str] = []
    double = False
    i = 0
    while i < len(text):
        pair, ch = text[i : i + 2], text[i]
        i += 1
        if ch == "ッ":
            double = True
            continue
        if ch == "ー":
            if out and out[-1][-1:] in "aeiou":
                out.append(out[-1][-1])
            continue
        syllable = _DIGRAPHS.get(pair)
        if syllable:
            i += 1
        else:
            syllable = _SYLLABLES.get(ch, "")
        if double and syllable and syllable[0] not in "aeiou":
            syllable = syllable[0] + syllable
        double = False
        out.append(syllable)
    return "".join(out)


def _merged(sound: str) -> str:
    for pattern, replacement in _MERGED:
        sound = pattern.sub(replacement, sound)
    return sound


def _closing(match: re.Match[str]) -> str:
    consonant = match.group(1)
    if consonant in ("t", "d"):
        return consonant + "o"
    return consonant + ("i" if consonant in ("ch", "j") else "u")


@lru_cache(maxsize=4096)
def spoken_in_japanese(name_part: str) -> frozenset[str]:
    """A folded Latin name part as Japanese says it, in the form kana words are compared in:
    "smith" -> "sumisu", "alice" -> "arisu", "bob" -> "bobu", "martin" -> "matin" and
    "marutin"."""
    sound = "".join(ch for ch in name_part if "a" <= ch <= "z")
    for pattern, replacement in _SPELLING:
        sound = pattern.sub(replacement, sound)
    return frozenset(
        _merged(_CLOSING_VOWEL.sub(_closing, said))
        for said in (_SILENT_R.sub("", sound), sound, _SILENT_R.sub("", _FINAL_ER.sub("a", sound)))
    )


@lru_cache(maxsize=4096)  # the words of messages: bounded
def _kana_sound(word: str) -> str:
    return _merged(romanise(word))


def _sounds_like(word: str, part: str) -> float:
    """How close a kana word is to a folded name part, 0-1, as Japanese says the part."""
    heard = _kana_sound(word)
    sayings = spoken_in_japanese(part)
    if heard in sayings:
        return 1.0
    # Japanese keeps a name's first sound ("risu" is not "arisu").
    return max(
        (
            SequenceMatcher(None, heard, said).ratio()
            for said in sayings
            if min(len(heard), len(said)) >= _FUZZY_LENGTH and heard[0] == said[0]
        ),
        default=0.0,
    )


@lru_cache(maxsize=4096)
def _spelling(word: str, parts: tuple[str, ...]) -> str:
    """The name parts a kana word is (the closest, all of them when several are as close),
    as the directory spells them; "" when it is none."""
    scored = [(_sounds_like(word, part), part) for part in parts]
    best = max((score for score, _ in scored), default=0.0)
    if best < _SOUNDS_ALIKE:
        return ""
    return " ".join(part for score, part in scored if score == best)


def _spell_hiragana(run: str, after: str, parts: tuple[str, ...]) -> str:
    """A hiragana run with the name before its honorific written as the name part it is
    ("あしたありすさんに" -> "あした alice さんに"); the run as it is when there is none."""
    cuts = [run.find(h) for h in HONORIFICS if h in run]
    if cuts:
        cut = min(cuts)
    elif after.startswith(HONORIFICS):
        cut = len(run)
    else:
        return run
    for size in range(min(cut, _LONGEST_HIRAGANA_NAME), 1, -1):
        spelling = _spelling(run[cut - size : cut], parts)
        if spelling:
            return run[: cut - size] + " " + spelling + " " + run[cut:]
    return run


def spell_kana_names(text: str, parts: Iterable[str]) -> str:
    """The text with each kana word that is one of the name parts (folded, as the directory
    spells them) written as that part: "アリスさんに電話して" -> " alice さんに電話して",
    "ボブ・スミス" -> " bob smith ". Words that are no name are left as they are."""
    if not has_kana(text):
        return text
    parts = tuple(dict.fromkeys(parts))
    text = unicodedata.normalize("NFKC", text)

    def katakana(match: re.Match[str]) -> str:
        words = [w for w in _WORD_SEPARATOR.split(match.group(0)) if w]
        spelled = [_spelling(word, parts) for word in words]
        if not any(spelled):
            return match.group(0)
        return " " + " ".join(s or w for s, w in zip(spelled, words, strict=True)) + " "

    text = _KATAKANA_WORD.sub(katakana, text)

    def hiragana(match: re.Match[str]) -> str:
        return _spell_hiragana(match.group(0), text[match.end() :], parts)

    return _HIRAGANA_RUN.sub(hiragana, text)
