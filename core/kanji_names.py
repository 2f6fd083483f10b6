"""Japanese names written in kanji, read as the directory's names ("田中さん" is Yuki Tanaka).

A Japanese manager writes a Japanese colleague's name in kanji: "田中さんの金曜のシフト",
"佐藤優子さんに電話", "鈴木部長", "明日田中さんと面談". The directory writes it either in kanji
too ("田中 由紀", as many Japanese tenants' displayName does) or in romaji ("Yuki Tanaka",
"Satoh Yuko"). Two readings, each against the directory's name parts only:
- a name part the directory writes in kanji is found as it is written (a name written without
  a space, "田中由紀", is also found by its surname, "田中");
- a name part in romaji is found by the kanji of the common Japanese names that read so
  (`_SURNAMES`, `_GIVEN_NAMES`: Hepburn readings, with the long vowels and the "oh" of
  passport spellings folded, so "Sato", "Satou" and "Satoh" are all 佐藤).

Kanji also spell ordinary words ("原因" holds 原, Hara), so a name is read only where it stands
as one: followed by an honorific or a title ("さん", "様", "部長"), or making up, with other
names, the whole run of kanji ("田中由紀に"), or, two kanji at least, ending the run before
a particle ("明日田中に"). The tables cover common names only: a rarer name in romaji is found
when the manager writes it in kana or Latin letters. No dictionary package: a text with no kanji
costs one regular-expression search.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache

_KANJI = re.compile(r"[\u3005\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_KANJI_RUN = re.compile(r"[\u3005\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_LONGEST_NAME = 4

# What follows a name: honorifics in kana, and titles and honorifics in kanji.
_HONORIFICS = ("さん", "くん", "ちゃん", "さま", "せんぱい", "マネージャー", "店長")
_TITLES = ("様", "氏", "君", "殿", "部長", "課長", "店長", "副店長", "主任", "係長", "社長",
           "先輩", "先生")

# Common Japanese surnames and their Hepburn readings (several where the name is read several
# ways), from the most frequent down.
_SURNAMES = {
    "佐藤": "sato", "鈴木": "suzuki", "高橋": "takahashi", "田中": "tanaka", "伊藤": "ito",
    "渡辺": "watanabe", "渡邊": "watanabe", "渡邉": "watanabe", "渡部": "watanabe watabe",
    "山本": "yamamoto", "中村": "nakamura", "小林": "kobayashi", "加藤": "kato",
    "吉田": "yoshida", "山田": "yamada", "佐々木": "sasaki", "山口": "yamaguchi",
    "松本": "matsumoto", "井上": "inoue", "木村": "kimura", "林": "hayashi",
    "斎藤": "saito", "斉藤": "saito", "齋藤": "saito", "齊藤": "saito", "清水": "shimizu",
    "山崎": "yamazaki yamasaki", "森": "mori", "池田": "ikeda", "橋本": "hashimoto",
    "阿部": "abe", "石川": "ishikawa", "山下": "yamashita", "中島": "nakajima nakashima",
    "石井": "ishii", "小川": "ogawa", "前田": "maeda", "岡田": "okada", "長谷川": "hasegawa",
    "藤田": "fujita", "後藤": "goto", "近藤": "kondo", "村上": "murakami", "遠藤": "endo",
    "青木": "aoki", "坂本": "sakamoto", "福田": "fukuda", "太田": "ota", "西村": "nishimura",
    "藤井": "fujii", "金子": "kaneko", "岡本": "okamoto", "藤原": "fujiwara",
    "中野": "nakano", "三浦": "miura", "原田": "harada", "中川": "nakagawa",
    "松田": "matsuda", "竹内": "takeuchi", "小野": "ono", "田村": "tamura",
    "中山": "nakayama", "和田": "wada", "石田": "ishida", "森田": "morita", "上田": "ueda",
    "原": "hara", "内田": "uchida", "柴田": "shibata", "酒井": "sakai", "宮崎": "miyazaki",
    "横山": "yokoyama", "高木": "takagi", "安藤": "ando", "宮本": "miyamoto", "大野": "ono",
    "小島": "kojima", "谷口": "taniguchi", "今井": "imai", "工藤": "kudo", "高田": "takada",
    "増田": "masuda", "丸山": "maruyama", "杉山": "sugiyama", "村田": "murata",
    "大塚": "otsuka", "新井": "arai", "小山": "koyama", "平野": "hirano", "藤本": "fujimoto",
    "河野": "kono kawano", "上野": "ueno", "野口": "noguchi", "武田": "takeda",
    "松井": "matsui", "千葉": "chiba", "岩崎": "iwasaki", "菅原": "sugawara",
    "木下": "kinoshita", "久保": "kubo", "佐野": "sano", "野村": "nomura", "松尾": "matsuo",
    "市川": "ichikawa", "菊地": "kikuchi", "菊池": "kikuchi", "杉本": "sugimoto",
    "古川": "furukawa", "大西": "onishi", "島田": "shimada", "水野": "mizuno",
    "桜井": "sakurai", "高野": "takano", "吉川": "yoshikawa", "山内": "yamauchi",
    "西田": "nishida", "飯田": "iida", "菅野": "sugano kanno", "服部": "hattori",
    "秋山": "akiyama", "中田": "nakata", "田口": "taguchi", "大久保": "okubo",
    "石原": "ishihara", "松下": "matsushita", "小松": "komatsu", "本田": "honda",
    "北村": "kitamura", "宮田": "miyata", "中西": "nakanishi", "山中": "yamanaka",
    "吉村": "yoshimura", "大橋": "ohashi", "望月": "mochizuki", "荒木": "araki",
    "浅野": "asano", "永井": "nagai", "平田": "hirata", "松岡": "matsuoka", "田辺": "tanabe",
    "小池": "koike", "野田": "noda", "大川": "okawa", "片山": "katayama", "岡崎": "okazaki",
    "土屋": "tsuchiya", "桑原": "kuwabara", "関": "seki", "星野": "hoshino", "堀": "hori",
}
# Common given names and their readings.
_GIVEN_NAMES = {
    "由紀": "yuki", "由貴": "yuki", "有紀": "yuki", "優希": "yuki", "友紀": "yuki",
    "祐希": "yuki", "勇気": "yuki", "雪": "yuki", "優子": "yuko", "裕子": "yuko hiroko",
    "陽子": "yoko", "洋子": "yoko", "恵子": "keiko", "京子": "kyoko", "智子": "tomoko",
    "直美": "naomi", "真由美": "mayumi", "久美子": "kumiko", "美穂": "miho", "明美": "akemi",
    "香織": "kaori", "恵": "megumi", "愛": "ai", "美咲": "misaki", "結衣": "yui",
    "陽菜": "hina haruna", "花子": "hanako", "葵": "aoi",
    "太郎": "taro", "一郎": "ichiro", "健": "ken", "健一": "kenichi", "健太": "kenta",
    "翔太": "shota", "翔": "sho", "大輔": "daisuke", "拓也": "takuya", "直樹": "naoki",
    "和也": "kazuya", "浩": "hiroshi", "博": "hiroshi", "誠": "makoto", "隆": "takashi",
    "大樹": "daiki", "翼": "tsubasa", "悠斗": "yuto", "蓮": "ren", "大翔": "hiroto haruto",
    "学": "manabu", "剛": "tsuyoshi", "亮": "ryo", "涼": "ryo", "達也": "tatsuya",
    "雄一": "yuichi", "裕太": "yuta", "優太": "yuta", "亜美": "ami", "彩": "aya",
}
_NAMES = {**_GIVEN_NAMES, **_SURNAMES}

# Passport and Hepburn spellings of one name ("Satoh", "Satou", "Sato"; "Ohno", "Ono";
# "Homma", "Honma") made one.
_ROMAJI_FOLDS = (
    (re.compile(r"[^a-z]"), ""),
    (re.compile(r"oh(?![aeiou])"), "o"),
    (re.compile(r"ou"), "o"),
    (re.compile(r"m(?=[bpm])"), "n"),
    (re.compile(r"([aeiou])\1+"), r"\1"),
)


def has_kanji(text: str) -> bool:
    """Whether the text holds kanji (or Chinese characters: the same code points)."""
    return _KANJI.search(text) is not None


def romaji_key(name_part: str) -> str:
    """A folded Latin name part as its long vowels and passport "oh" are left out: "satoh",
    "satou" and "sato" -> "sato"."""
    key = name_part.lower()
    for pattern, replacement in _ROMAJI_FOLDS:
        key = pattern.sub(replacement, key)
    return key


@lru_cache(maxsize=256)  # one entry per directory (its name parts): bounded
def _kanji_spellings(
    parts: tuple[str, ...], written: tuple[tuple[str, str], ...] = ()
) -> dict[str, str]:
    """The kanji that stand for each name part: the part itself when the directory writes it
    in kanji (with the surname it starts with), the name it is written beside (`written`:
    (kanji part, name) pairs), else the common names that read as it."""
    spellings: dict[str, list[str]] = {}
    for kanji, name in written:
        spellings.setdefault(kanji, []).append(name)
    by_key: dict[str, list[str]] = {}
    for part in parts:
        if has_kanji(part):
            spellings.setdefault(part, []).append(part)
            for size in range(min(_LONGEST_NAME, len(part) - 1), 0, -1):
                if part[:size] in _SURNAMES:
                    spellings.setdefault(part[:size], []).append(part)
                    break
        elif part.isascii():
            by_key.setdefault(romaji_key(part), []).append(part)
    for kanji, readings in _NAMES.items():
        for reading in readings.split():
            spellings.setdefault(kanji, []).extend(by_key.get(romaji_key(reading), ()))
    return {kanji: " ".join(dict.fromkeys(named)) for kanji, named in spellings.items() if named}


def _names_in_run(run: str, spellings: dict[str, str]) -> list[tuple[int, int, str]]:
    """The names in a run of kanji, longest first from the left: (start, end, spelling)."""
    found: list[tuple[int, int, str]] = []
    i = 0
    while i < len(run):
        for size in range(min(_LONGEST_NAME, len(run) - i), 0, -1):
            spelling = spellings.get(run[i : i + size])
            if spelling:
                found.append((i, i + size, spelling))
                i += size
                break
        else:
            i += 1
    return found


def _chains(names: list[tuple[int, int, str]]) -> list[list[tuple[int, int, str]]]:
    """The names that follow one another, in runs."""
    chains: list[list[tuple[int, int, str]]] = []
    for name in names:
        if chains and chains[-1][-1][1] == name[0]:
            chains[-1].append(name)
        else:
            chains.append([name])
    return chains


def _stands_as_name(run: str, start: int, end: int, honoured: bool) -> bool:
    """Whether names from start to end of a run of kanji are a name and not part of a word:
    before a title or an honorific, the whole run, two kanji or more ending it, or two kanji
    or more opening it before an honorific ("佐藤美由紀さん": a given name not in the table)."""
    rest = run[end:]
    if rest in _TITLES or (not rest and honoured):
        return True
    if start == 0 and not rest:
        return True
    return end - start >= 2 and (not rest or (start == 0 and honoured))


def _spell_run(run: str, honoured: bool, spellings: dict[str, str]) -> str:
    """A run of kanji with the names that stand as names in it written as the directory spells
    them (`honoured`: an honorific follows the run); the run as it is when there is none."""
    for chain in _chains(_names_in_run(run, spellings)):
        start, end = chain[0][0], chain[-1][1]
        if _stands_as_name(run, start, end, honoured):
            spelled = " ".join(spelling for _, _, spelling in chain)
            return run[:start] + " " + spelled + " " + run[end:]
    return run


def spell_kanji_names(
    text: str, parts: Iterable[str], written: Iterable[tuple[str, str]] = ()
) -> str:
    """The text with each kanji name that is one of the name parts (folded, as the directory
    spells them) written as that part: "田中さんの金曜のシフト" -> " tanaka さんの金曜のシフト"
    when the directory has a Tanaka. `written`: (kanji, name) pairs, a name part the directory
    also writes in kanji beside a romaji name ("田中", "yuki tanaka"). Kanji that are no name
    are left as they are."""
    if not has_kanji(text):
        return text
    spellings = _kanji_spellings(tuple(dict.fromkeys(parts)), tuple(dict.fromkeys(written)))
    if not spellings:
        return text
    text = unicodedata.normalize("NFKC", text)

    def run(match: re.Match[str]) -> str:
        honoured = any(text.startswith(h, match.end()) for h in _HONORIFICS)
        return _spell_run(match.group(0), honoured, spellings)

    return _KANJI_RUN.sub(run, text)
