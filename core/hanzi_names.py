"""Names written in Chinese characters, read as the directory's names ("鲍勃" is Bob).

A Chinese manager writes a colleague's Western name the way Chinese writes it: the standard
rendering of a common given name ("爱丽丝" Alice, "玛丽亚" Maria, "大卫" David), or a sound-by-
sound transliteration in the characters Xinhua's transliteration tables use ("史密斯" Smith,
"马丁" Martin, "卢卡" Luca). A Chinese colleague's name is written in its own characters
("陈伟" Chen Wei, "小陈", "陈经理").

Three readings, each against the directory's name parts only, so ordinary words name nobody:
- the standard renderings of common Western names (`_RENDERINGS`), read exactly;
- a run of two or more transliteration characters whose consonants (two at least), as
  Chinese hears them, are a name part's (Smith s-m-s and 史密斯 shi-mi-si; l/r, p/b, t/d,
  k/g, n/ng and s/sh/x/z are not told apart, and an r after a vowel may be silent or 尔);
- characters whose pinyin is a Chinese name in the directory: the whole name ("陈伟" chen wei),
  or the surname alone where Chinese uses it to name someone ("小陈", "老陈", "陈经理",
  "把周四的陈换成alice").

The pinyin table covers those characters only (the transliteration set, the common surnames
and given-name characters), so it needs no dictionary package: a text with no Chinese
character costs one regular-expression search.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

_HANZI = re.compile(r"[\u4e00-\u9fff]")
_HANZI_RUN = re.compile(r"[\u4e00-\u9fff]+")
_LONGEST_NAME = 6
_NAME_DOT = re.compile(r"(?<=[a-z]) *[·•・･.] *(?=[a-z])")

# Standard renderings of common Western names, as Chinese media and Xinhua write them.
_RENDERINGS = {
    "alice": "爱丽丝 艾丽斯 艾丽丝 爱丽斯 艾莉丝 爱莉丝",
    "bob": "鲍勃 鲍伯 包勃 鲍博",
    "maria": "玛丽亚 玛利亚 马利亚 玛莉亚",
    "mary": "玛丽 玛莉",
    "marie": "玛丽 玛莉",
    "martin": "马丁",
    "smith": "史密斯",
    "jones": "琼斯",
    "john": "约翰",
    "james": "詹姆斯",
    "david": "大卫 戴维",
    "michael": "迈克尔 麦克尔",
    "mike": "迈克 麦克",
    "peter": "彼得",
    "paul": "保罗",
    "thomas": "托马斯",
    "tom": "汤姆",
    "george": "乔治",
    "william": "威廉",
    "richard": "理查德",
    "robert": "罗伯特",
    "charles": "查尔斯",
    "daniel": "丹尼尔",
    "mark": "马克",
    "jack": "杰克",
    "anna": "安娜",
    "emma": "艾玛 爱玛",
    "sophie": "索菲 苏菲",
    "sophia": "索菲亚 苏菲亚",
    "lucy": "露西",
    "sarah": "萨拉 莎拉",
    "laura": "劳拉",
    "elizabeth": "伊丽莎白",
    "kate": "凯特",
    "luca": "卢卡",
    "omar": "奥马尔",
    "fatima": "法蒂玛",
    "pedro": "佩德罗",
    "ingrid": "英格丽德 英格丽",
    "khan": "卡恩",
    "lopez": "洛佩斯 洛佩兹",
    "dubois": "杜波依斯 杜布瓦",
    "schmidt": "施密特",
    "yuki": "由纪 由紀 优希 尤基 由希",
}
_RENDERED = {
    rendering: name for name, renderings in _RENDERINGS.items() for rendering in renderings.split()
}

# fmt: off
# The characters Xinhua's transliteration tables write foreign names with, by pinyin.
_TRANSLITERATION = {
    "a": "阿", "ai": "埃艾爱", "an": "安", "ang": "昂", "ao": "奥", "ba": "巴芭", "bai": "拜",
    "ban": "班", "bang": "邦", "bao": "鲍葆", "bei": "贝蓓", "ben": "本", "bi": "比彼碧",
    "bin": "宾", "bo": "波伯勃博", "bu": "布卜", "cha": "查", "che": "彻", "chu": "楚",
    "ci": "茨", "cui": "崔", "da": "达妲", "dai": "戴黛", "dan": "丹", "dao": "道", "de": "德",
    "deng": "登", "di": "迪蒂笛", "ding": "丁", "dong": "东", "du": "杜", "dun": "顿敦",
    "duo": "多朵", "e": "厄", "en": "恩", "er": "尔", "fa": "法", "fan": "凡范", "fei": "菲斐费",
    "fen": "芬", "feng": "丰", "fu": "弗福伏富芙甫", "gai": "盖", "gan": "甘", "gang": "冈",
    "ge": "戈格葛", "gen": "根", "gong": "贡", "gu": "古", "gui": "圭", "ha": "哈", "hai": "海",
    "han": "汉翰", "hao": "豪", "he": "赫", "hei": "黑", "heng": "亨", "hu": "胡", "hua": "华",
    "huai": "怀", "hui": "惠", "huo": "霍", "ji": "基吉姬", "jia": "加贾嘉", "jie": "杰捷洁",
    "jin": "金津", "ka": "卡", "kai": "凯恺", "kan": "坎", "kang": "康", "kao": "考",
    "ke": "柯科克", "ken": "肯", "kong": "孔", "ku": "库", "kua": "夸", "kui": "奎",
    "kun": "昆", "la": "拉", "lai": "莱", "lan": "兰", "lang": "朗", "lao": "劳", "le": "勒",
    "lei": "雷蕾", "li": "里丽利莉理", "lian": "连", "lin": "林琳", "ling": "玲", "long": "龙",
    "lu": "卢鲁路露璐", "lun": "伦", "luo": "罗洛萝", "ma": "马玛", "mai": "迈麦", "man": "曼",
    "mao": "毛", "mei": "梅", "men": "门", "meng": "蒙", "mi": "米密", "min": "敏",
    "mo": "莫默", "mu": "姆穆慕", "na": "纳娜", "nai": "奈", "nan": "南", "nei": "内",
    "ni": "尼妮", "ning": "宁", "niu": "纽", "nu": "努", "nuo": "诺", "ou": "欧", "pa": "帕",
    "pai": "派", "pan": "潘", "pang": "庞", "pei": "佩", "peng": "彭", "pi": "皮", "po": "珀",
    "pu": "普", "qi": "齐奇琪", "qiao": "乔", "qin": "琴", "qiong": "琼", "qiu": "丘",
    "rui": "瑞蕊", "ruo": "若", "sa": "萨", "sai": "赛塞", "sang": "桑", "se": "瑟",
    "sen": "森", "sha": "沙莎", "shan": "珊", "shang": "尚", "shao": "绍", "she": "舍",
    "shi": "施史什", "shu": "舒", "si": "斯丝", "song": "松", "su": "苏", "suo": "索",
    "ta": "塔", "tai": "泰", "tan": "坦", "tang": "汤唐", "tao": "陶", "te": "特", "teng": "滕",
    "ti": "提缇", "ting": "廷汀婷", "tong": "通", "tu": "图", "tuo": "托", "wa": "瓦娃",
    "wan": "万", "wang": "旺", "wei": "威韦维薇", "wen": "温文雯", "wo": "沃", "wu": "乌伍",
    "xi": "西希锡茜", "xia": "夏霞", "xiao": "肖", "xie": "谢", "xin": "辛欣", "xiu": "休修",
    "xun": "逊", "ya": "雅亚娅", "yang": "扬", "ye": "耶叶", "yi": "伊依", "yin": "因茵",
    "ying": "英莹", "you": "尤", "yu": "于", "yue": "约", "za": "扎", "ze": "泽", "zhan": "詹",
    "zhen": "珍", "zhuo": "卓", "zi": "兹", "zu": "祖", "zuo": "佐",
}
# The common Chinese surnames, by pinyin.
_SURNAMES = {
    "chen": "陈", "li": "李黎", "wang": "王汪", "zhang": "张", "liu": "刘", "yang": "杨",
    "huang": "黄", "zhao": "赵", "wu": "吴武", "zhou": "周", "xu": "徐许", "sun": "孙",
    "ma": "马", "zhu": "朱", "hu": "胡", "guo": "郭", "he": "何贺", "lin": "林", "luo": "罗",
    "gao": "高", "liang": "梁", "zheng": "郑", "xie": "谢", "song": "宋", "tang": "唐汤",
    "han": "韩", "feng": "冯", "deng": "邓", "cao": "曹", "peng": "彭", "zeng": "曾",
    "xiao": "肖", "tian": "田", "dong": "董", "pan": "潘", "yuan": "袁", "cai": "蔡",
    "jiang": "蒋姜江", "yu": "余于", "du": "杜", "ye": "叶", "cheng": "程", "wei": "魏韦",
    "su": "苏", "lu": "卢陆", "ding": "丁", "ren": "任", "yao": "姚", "shen": "沈",
    "zhong": "钟", "cui": "崔", "tan": "谭", "fan": "范", "liao": "廖", "shi": "石史",
    "jin": "金", "jia": "贾", "xia": "夏", "fu": "付", "fang": "方", "zou": "邹", "xiong": "熊",
    "bai": "白", "meng": "孟", "qin": "秦", "qiu": "邱", "hou": "侯", "yin": "尹",
    "xue": "薛", "yan": "严闫", "duan": "段", "lei": "雷", "long": "龙", "tao": "陶",
    "mao": "毛", "hao": "郝", "gu": "顾", "gong": "龚", "shao": "邵", "wan": "万",
    "qian": "钱", "dai": "戴", "mo": "莫", "kong": "孔", "xiang": "向", "chang": "常",
    "kang": "康", "qiao": "乔", "lai": "赖", "wen": "文", "hong": "洪",
}
# Characters common in Chinese given names, by pinyin.
_GIVEN = {
    "wei": "伟威维卫玮炜薇", "fang": "芳", "na": "娜", "min": "敏", "jing": "静晶", "li": "丽莉",
    "qiang": "强", "lei": "磊蕾", "jun": "军俊", "yang": "洋阳", "yong": "勇", "yan": "艳燕",
    "jie": "杰洁", "juan": "娟", "tao": "涛", "ming": "明", "chao": "超", "xiu": "秀",
    "xia": "霞", "ping": "平萍", "gang": "刚", "gui": "桂", "ying": "英颖莹", "hua": "华",
    "yu": "玉宇雨", "lan": "兰", "hong": "红宏", "mei": "梅", "peng": "鹏", "hui": "辉慧",
    "jian": "建健", "guo": "国", "wen": "文雯", "bin": "斌", "hao": "浩昊", "kai": "凯",
    "ting": "婷", "xue": "雪", "lin": "琳林", "chen": "晨", "xin": "欣鑫", "yue": "悦",
    "jia": "佳嘉", "yi": "怡", "si": "思", "zi": "子", "han": "涵", "xuan": "轩", "bo": "博波",
    "ning": "宁", "liang": "亮", "feng": "峰", "fei": "飞", "ran": "然", "zhi": "志",
    "xiao": "晓", "hai": "海", "qian": "倩", "qi": "琪", "dong": "东", "cheng": "成",
    "long": "龙", "fan": "帆", "chun": "春", "dan": "丹", "lu": "露璐", "yun": "云",
    "wan": "婉", "shu": "淑", "zhen": "珍",
}
# fmt: on


def _by_character(table: dict[str, str]) -> dict[str, str]:
    return {ch: pinyin for pinyin, chars in table.items() for ch in chars}


_TRANSLITERATION_PINYIN = _by_character(_TRANSLITERATION)
_SURNAME_PINYIN = _by_character(_SURNAMES)
_PINYIN = {**_by_character(_GIVEN), **_SURNAME_PINYIN, **_TRANSLITERATION_PINYIN}
# How Chinese names someone by the surname alone: "小陈", "老陈", "陈经理", "陈先生".
_FAMILIAR = ("小", "老")
_TITLES = ("经理", "先生", "女士", "小姐", "老师", "师傅", "主管", "店长", "同事", "总")
# ... or bare among the people a request lists: "和爱丽丝还有陈开会", "跟陈周五下午见面",
# "给爱丽丝和陈发邮件".
_LISTED_AFTER = ("和", "跟", "与", "同", "还有", "以及", "及")
_LISTED_BEFORE = ("和", "跟", "与", "还有", "以及", "开", "见", "聊", "谈", "通话", "打电话",
                  "一起", "周", "星期", "礼拜", "今天", "明天", "后天", "上午", "下午", "晚上",
                  "发邮件", "发消息", "发信息", "发个", "发一封", "写邮件", "写信", "写封",
                  "写一封")
# ... or bare as the one a note is about: opening it ("陈这周迟到了三次", "陈又没来上班") or
# after a verb that names whom it is for ("给陈发邮件", "让陈明天早点来", "邀请陈参加周五的会议"),
# when the next words say what that person did or when (so "陈列", "陈述" stay words).
# A manager arranging the person's shift names them the same way ("周五下午给陈排班",
# "安排陈周五上班"; "安排陈列" stays a display).
_NAMED_BY = ("给", "让", "叫", "对", "找", "替", "帮", "问", "请", "约", "排")
_SAID_OF = ("这", "今天", "昨天", "前天", "上周", "本周", "这周", "最近", "又", "总", "经常",
            "老是", "一直", "已经", "没", "不", "在", "把", "说", "对", "迟到", "缺勤", "旷工",
            "请假", "生病", "病", "哭", "骂", "吼", "冲", "偷", "打", "发", "是", "的", "打电话",
            "开会", "见面", "明天", "后天", "周", "星期", "上班", "工作", "表现", "态度", "跟",
            "和", "排", "参加", "参会", "出席", "加入", "来",
            "值班", "顶班", "代班", "替班", "上早班", "上晚班", "上午", "下午", "晚上")
# ... or bare as the one a shift change is about, after the day it names or "把" ("把周四的陈
# 换成alice", "周四陈的班给alice", "把陈调到周五"), when the next words change it or say whose
# shift (so "周四的陈列" stays a display), or add them somewhere ("把陈加到周五的会议里").
_SHIFT_OF = re.compile(r"(?:把|(?:周|星期|礼拜)[一二三四五六日天]|[今明后]天|上午|下午|晚上)的?$")
_ALSO = ("也", "都")
_SHIFT_CHANGE = ("换", "调", "改", "替", "顶", "让给", "给", "的班", "的", "和", "跟", "从", "移",
                 "挪", "去", "下", "撤", "删", "取消", "加", "拉", "叫", "请")

# Latin spellings as Chinese hears them, applied in order (as in Xinhua's tables).
_SPELLING = (
    (re.compile(r"sch"), "sh"),
    (re.compile(r"tch"), "ch"),
    (re.compile(r"ph"), "f"),
    (re.compile(r"th"), "s"),
    (re.compile(r"[ck]h"), "k"),
    (re.compile(r"ck"), "k"),
    (re.compile(r"qu"), "kw"),
    (re.compile(r"c(?=[eiy])"), "s"),
    (re.compile(r"c(?!h)"), "k"),
    (re.compile(r"x"), "ks"),
    (re.compile(r"dt\b"), "t"),
    (re.compile(r"(?<=[^aeiouycs])h"), ""),
    (re.compile(r"(?<=[aeiouy][^aeiouy])e\b"), ""),
)
_SILENT_R = re.compile(r"(?<=[aeiou])r(?![aeiouy])")
# Pinyin initials and Latin consonants, as one class each where Chinese does not tell them apart.
# fmt: off
_CONSONANT_CLASSES = (
    ("zh", "j"), ("ch", "j"), ("sh", "s"), ("ng", "n"),
    ("b", "b"), ("p", "b"), ("d", "d"), ("t", "d"), ("g", "g"), ("k", "g"), ("j", "j"),
    ("q", "j"), ("x", "s"), ("s", "s"), ("z", "s"), ("c", "s"), ("l", "l"), ("r", "l"),
    ("m", "m"), ("n", "n"), ("f", "f"), ("v", "w"), ("w", "w"), ("h", "h"),
)
# fmt: on
_CONSONANT = re.compile("|".join(sorted((c for c, _ in _CONSONANT_CLASSES), key=len, reverse=True)))
_CLASS = dict(_CONSONANT_CLASSES)
_VOWELS = "aeiouy"


def has_hanzi(text: str) -> bool:
    """Whether the text holds Chinese characters (hanzi, or kanji in Japanese)."""
    return _HANZI.search(text) is not None


def _skeleton(sound: str) -> str:
    """The consonant classes of a sound in order, doubles made one, with "_" first when it
    opens with a vowel: "shimisi" -> "sms", "aylisi" -> "_ls"."""
    classes = [_CLASS[m.group(0)] for m in _CONSONANT.finditer(sound)]
    out = "_" if sound[:1] in _VOWELS else ""
    for cls in classes:
        if not out.endswith(cls):
            out += cls
    return out


@lru_cache(maxsize=4096)
def _latin_sounds(part: str) -> frozenset[str]:
    """The consonant skeletons of a folded Latin name part as Chinese may write it."""
    sound = "".join(ch for ch in part if "a" <= ch <= "z")
    for pattern, replacement in _SPELLING:
        sound = pattern.sub(replacement, sound)
    return frozenset(_skeleton(said) for said in (sound, _SILENT_R.sub("", sound)))


def _pinyin_skeleton(syllables: Iterable[str]) -> str:
    # 尔 (er) writes an l or r; a y or w opening a syllable is its vowel ("ya" for -ia).
    said = "".join("l" if s == "er" else s for s in syllables)
    said = re.sub(r"y(?=[aeiou])", "", said)
    return _skeleton(said)


def _transliterates(word: str, part: str) -> bool:
    """Whether transliteration characters write this Latin name part, as Chinese hears it."""
    if len(word) < 2 or any(ch not in _TRANSLITERATION_PINYIN for ch in word):
        return False
    heard = _pinyin_skeleton(_TRANSLITERATION_PINYIN[ch] for ch in word)
    # One consonant is too little to tell a name from a word ("巴巴" is not Bob).
    return len(heard.lstrip("_")) >= 2 and heard in _latin_sounds(part)


def _spells_chinese_name(word: str, parts: tuple[str, ...]) -> str:
    """The directory's Chinese name parts the characters' pinyin spells whole ("陈伟" ->
    "chen wei"), "" when they spell none."""
    if any(ch not in _PINYIN for ch in word):
        return ""
    syllables = [_PINYIN[ch] for ch in word]
    spelled = []
    start = 0
    for end in range(1, len(syllables) + 1):
        if "".join(syllables[start:end]) in parts:
            spelled.append("".join(syllables[start:end]))
            start = end
    return " ".join(spelled) if start == len(syllables) and len(spelled) >= 2 else ""


@lru_cache(maxsize=4096)
def _spelling(word: str, parts: tuple[str, ...]) -> str:
    """The name parts a run of characters writes, as the directory spells them; "" for none."""
    rendered = _RENDERED.get(word)
    if rendered in parts:
        return rendered
    chinese = _spells_chinese_name(word, parts)
    if chinese:
        return chinese
    return " ".join(part for part in parts if _transliterates(word, part))


def _surname_alone(run: str, start: int, parts: tuple[str, ...]) -> str:
    """The surname part a character names when Chinese uses it for a person ("小陈", "陈经理",
    "和爱丽丝还有陈开会", "陈这周迟到了三次", "给陈发邮件")."""
    pinyin = _SURNAME_PINYIN.get(run[start], "")
    if pinyin not in parts:
        return ""
    familiar = start > 0 and run[start - 1] in _FAMILIAR
    titled = run.startswith(_TITLES, start + 1)
    # "请陈也参加", "把陈也拉进会议": an "also" after the name leaves what follows to say the rest.
    after = start + 1 + run.startswith(_ALSO, start + 1)
    listed = run[:start].endswith(_LISTED_AFTER) and (
        after == len(run) or run.startswith(_LISTED_BEFORE, after))
    subject = (start == 0 or run[:start].endswith(_NAMED_BY)) and (
        after == len(run) or run.startswith(_SAID_OF, after))
    shift = _SHIFT_OF.search(run[:start]) is not None and run.startswith(_SHIFT_CHANGE, after)
    return pinyin if familiar or titled or listed or subject or shift else ""


def _spell_run(run: str, parts: tuple[str, ...]) -> str:
    out: list[str] = []
    i = 0
    while i < len(run):
        for size in range(min(_LONGEST_NAME, len(run) - i), 0, -1):
            word = run[i : i + size]
            spelled = _spelling(word, parts) if size > 1 else _surname_alone(run, i, parts)
            if spelled:
                out.append(" " + spelled + " ")
                i += size
                break
        else:
            out.append(run[i])
            i += 1
    return "".join(out)


def spell_hanzi_names(text: str, parts: Iterable[str]) -> str:
    """The text with each run of Chinese characters that writes one of the name parts (folded,
    as the directory spells them) written as that part: "给鲍勃打电话" -> "给 bob 打电话",
    "陈伟周三的班" -> " chen wei 周三的班", "鲍勃·史密斯" -> " bob smith ". Characters that
    write no name are left as they are."""
    if not has_hanzi(text):
        return text
    parts = tuple(dict.fromkeys(parts))
    spelled = _HANZI_RUN.sub(lambda m: _spell_run(m.group(0), parts), text)
    # "鲍勃·史密斯": the dot between a given name and a surname joins one name.
    return _NAME_DOT.sub(" ", spelled) if spelled != text else text
