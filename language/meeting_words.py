"""Words of the meeting flows: "the earliest" when times are offered or asked for, and "add
Chen", "remove Alice", "just me and Bob" and "make it 45 minutes" at a meeting's preview, in the
ten languages ERA speaks.

`takes_earliest` is a reply that leaves the choice of time to ERA and asks for the first free
one ("first available", "the earliest", "as soon as possible", "le plus tôt possible",
"frühestmöglich", "いちばん早い時間"); at the list of times "any time" and "whenever" mean the
same (any of them will do, so the first). `adds_people` is a request to invite someone more to
the meeting being booked ("add Chen", "ajoutez Chen", "füge Chen hinzu", "チェンも追加して");
`people_change` one that removes people or keeps only those it names, `meeting_minutes` the
length a reply asks for and `requested_minutes` the length a request gives.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from enum import StrEnum
from functools import cache

from core.hanzi_names import has_hanzi
from core.kana_names import has_kana
from core.text_fold import fold, fold_text
from language.interrupts import interrupt_words
from language.lexicon import alternatives, gathered, load_lexicons
from language.time_from_now import (
    LENGTH_LANGUAGES,
    half_hour_length,
    meeting_length,
    without_meeting_length,
)
from language.typo_correction import typo_corrector

# Matched on folded text (lower case, accents kept as typed by fold_text's rules).
_EARLIEST = re.compile(
    r"^\W*(?:"
    # en
    r"(?:the\s+)?(?:first|earliest|soonest|next)(?:\s+(?:one|time|slot))?\s+(?:available|free)"
    r"(?:\s+(?:one|time|slot))?"
    r"|(?:the\s+)?earliest(?:\s+(?:one|time|slot|possible|you\s+can|available))?"
    r"|(?:the\s+)?soonest(?:\s+(?:one|time|slot|possible))?"
    r"|asap|as\s+soon\s+as\s+(?:possible|you\s+can)"
    # fr
    r"|(?:le|la)\s+plus\s+t[oô]t(?:\s+possible)?|d[eè]s\s+que\s+possible|au\s+plus\s+t[oô]t"
    r"|(?:le\s+)?premier\s+(?:cr[eé]neau\s+)?(?:libre|disponible)"
    r"|(?:la\s+)?premi[eè]re\s+(?:disponibilit[eé]|heure\s+libre|date\s+libre)"
    # de
    r"|fr[uü]hestm[oö]glich|so\s+fr[uü]h\s+wie\s+m[oö]glich|so\s+bald\s+wie\s+m[oö]glich"
    r"|m[oö]glichst\s+(?:fr[uü]h|bald)|(?:der|die|den)?\s*(?:fr[uü]h(?:e)?ste(?:n)?)"
    r"(?:\s+(?:freie(?:n)?\s+)?(?:termin|zeit|slot))?|(?:der|den)?\s*erste(?:n)?\s+freie(?:n)?"
    r"(?:\s+(?:termin|zeit|slot))?"
    # es
    r"|lo\s+(?:m[aá]s\s+pronto|antes)\s+posible|cuanto\s+antes"
    r"|(?:el|la)\s+(?:primer[ao]?)\s+(?:hora\s+|hueco\s+)?(?:libre|disponible)"
    r"|(?:el|la)\s+m[aá]s\s+tempran[oa]"
    # it
    r"|(?:il\s+)?prima\s+possibile|(?:il\s+|la\s+)?prim[oa]\s+(?:orario\s+)?(?:libero|libera"
    r"|disponibile)|(?:il|la)\s+pi[uù]\s+presto(?:\s+possibile)?"
    # pt
    r"|o\s+mais\s+(?:cedo|r[aá]pido)\s+poss[ií]vel|(?:o|a)\s+mais\s+cedo"
    r"|(?:o|a)\s+primeir[oa]\s+(?:hor[aá]rio\s+)?(?:livre|dispon[ií]vel)"
    # nl
    r"|zo\s+snel\s+mogelijk|zo\s+vroeg\s+mogelijk|(?:de\s+)?vroegste(?:\s+tijd)?"
    r"|(?:de\s+|het\s+)?eerste\s+(?:vrije(?:\s+tijd|\s+moment)?|beschikbare(?:\s+tijd)?)"
    # pl
    r"|jak\s+najszybciej|jak\s+najwcze[sś]niej|najwcze[sś]niejszy(?:\s+termin)?"
    r"|pierwszy\s+wolny(?:\s+termin)?"
    # ja
    r"|(?:いちばん|一番|最も)?早い(?:時間|日時|とき|ほう)?(?:で|が)?(?:いい|良い|お願いします)?"
    r"|最短(?:で)?|できるだけ早く|なるべく早く|空いている一番早い時間"
    # zh
    r"|最早(?:的)?(?:时间|那个|那個|時間)?|越快越好|尽快|儘快|第一个空闲(?:时间)?"
    r")\W*$",
)

_ADD = re.compile(
    r"^\W*(?:"
    r"(?:please\s+)?(?:also\s+)?(?:add|include|invite)\b"  # en
    r"|(?:ajoute[rz]?|ajoutez|inclu(?:ez|s|re)|invite[rz]?)\b"  # fr
    r"|(?:f[uü]g(?:e|en)?|lade|nimm|nehmen)\b.*\b(?:hinzu|dazu|ein|mit)\b"  # de
    r"|(?:a[nñ]ad[ea]|a[nñ]adir|agreg[ae]|agregar|incluy[ae]|invit[ae])\b"  # es
    r"|(?:aggiungi|aggiunga|includi|includa|invita)\b"  # it
    r"|(?:adicion[ae]|acrescent[ae]|inclu[ai]|convid[ae])\b"  # pt
    r"|(?:voeg|nodig)\b.*\b(?:toe|uit)\b"  # nl
    r"|(?:dodaj|dopisz|zapro[sś])\b"  # pl
    r")",
)
# Japanese and Chinese say "add" after the name or anywhere in the sentence.
_ADD_UNSPACED = re.compile(r"追加|加えて|も呼んで|も招待|加上|添加|也叫上|也邀请|也邀請")


def no_preference(text: str) -> bool:
    """Whether the reply leaves the time to ERA ("any time", "whenever works", "egal",
    "cuando sea", "随便"): the first free times. The words are each lexicon's
    `no_time_preference`."""
    return _no_preference().match(fold_text(text)) is not None


@cache
def _no_preference() -> re.Pattern[str]:
    """Every language's words for leaving the time to ERA, as the whole reply."""
    words = alternatives(gathered(load_lexicons(), "no_time_preference"))
    return re.compile(rf"^\s*(?:{words})\W*$")


def title_nouns(folded: str) -> list[str]:
    """The meeting nouns of the folded text that are part of a meeting's title ("review" in
    "cancel the rota review"; each lexicon's `meeting_title_nouns`)."""
    return [found.group(0) for found in _noun_list("meeting_title_nouns").finditer(folded)]


def kind_nouns(words: str) -> list[str]:
    """The kinds of meeting a title may name in words one space apart ("check in" in "cancel
    the check-in"; each lexicon's `meeting_kind_nouns`), without a plural "s"."""
    return [found.group(0).removesuffix("s")
            for found in _noun_list("meeting_kind_nouns").finditer(words)]


@cache
def _noun_list(key: str) -> re.Pattern[str]:
    """Every lexicon's words under `key` as whole words of folded text."""
    words = alternatives(gathered(load_lexicons(), key))
    return re.compile(rf"(?<!\w)(?:{words})(?!\w)")


def title_qualifiers(text: str, names: Iterable[str]) -> list[tuple[str, str]]:
    """The words of a request that tell one meeting from another by its title, written right
    against a meeting noun ("budget" in "cancel the budget review", "dentist" in "move my
    dentist appointment"), each with the words it was said in ("budget review"). Only words no
    lexicon knows count (not "my", "next", "tomorrow's", "zoom"), not a known word mistyped
    ("tomorow"), not the word the request opens with, not a short word after the noun, and no
    person's name (`names`, folded): those pick meetings by the people in them. Words written
    without spaces (Japanese, Chinese) are not split here. The words come folded, the phrase
    as typed."""
    corrector = typo_corrector()
    known = corrector.known
    said = fold(text)
    folded = said.text
    skipped = set(names)
    found: list[tuple[str, str]] = []
    for noun in _meeting_nouns().finditer(folded):
        before = _WORD_BEFORE.search(folded, 0, noun.start())
        after = _WORD_AFTER.match(folded, noun.end())
        for near, span in ((before, (before.start(1), noun.end()) if before else (0, 0)),
                           (after, (noun.start(), after.end(1)) if after else (0, 0))):
            if near is None:
                continue
            word = near.group(1)
            # After the noun a short word is more often a little word mistyped ("call wiht
            # bob") than a title ("réunion budget").
            shortest = _QUALIFIER_LENGTH if near is before else _QUALIFIER_AFTER_LENGTH
            if len(word) < shortest or word in known or word in skipped \
                    or has_hanzi(word) or has_kana(word) or word.rstrip("s") in known \
                    or near.start(1) == 0 or corrector.candidates(word):
                # The word a request opens with is its verb, whichever way the lexicons write
                # it ("odwołaj spotkanie"); a known word mistyped ("meeting tomorow") is that
                # word, no title.
                continue
            found.append((word, said.original_span(*span)))
    return found


def before_meeting_noun(text: str) -> str | None:
    """The words of `text` before its first word for a meeting or a call, any language's ("add
    chen" in "add chen to my meeting with bob", "agrega a sofi a la " before "reu"); None when
    it has none written apart from the words around it (Japanese and Chinese run into them)."""
    said = fold(text)
    noun = _meeting_nouns().search(said.text)
    if noun is None:
        return None
    return text[:said.origin[noun.start()]] if noun.start() > 0 else ""


_QUALIFIER_LENGTH = 3
_QUALIFIER_AFTER_LENGTH = 5
_WORD_BEFORE = re.compile(r"([^\W\d_]+)\s+$")
_WORD_AFTER = re.compile(r"\s+([^\W\d_]+)")


@cache
def _meeting_nouns() -> re.Pattern[str]:
    """Any language's word for a meeting or a call (each lexicon's MEET words), spaced."""
    words = alternatives(word for lexicon in load_lexicons()
                         for word in lexicon.words.get("MEET", ()))
    return re.compile(rf"(?<!\w)(?:{words})(?!\w)")


def takes_earliest(text: str) -> bool:
    """A reply asking for the first free time ("first available", "the earliest", "asap")."""
    return bool(_EARLIEST.match(fold_text(text).strip()))


def adds_people(text: str) -> bool:
    """A request to invite someone more to the meeting ("add Chen", "invite Alice too")."""
    folded = fold_text(text).strip()
    return bool(_ADD.match(folded) or _ADD_UNSPACED.search(folded))


class PeopleChange(StrEnum):
    """What a reply at a meeting's preview does to the people invited."""

    REMOVE = "remove"  # "remove alice", "not chen", "sans chen", "ohne Chen", "チェンを外して"
    ONLY = "only"  # "just me and bob", "only bob", "juste moi et bob", "私とボブだけ"


_REMOVE = re.compile(
    r"^\W*(?:please\s+)?(?:"
    r"remove|drop|exclude|uninvite|take\s+(?:off|out)|leave\s+out|not|no|without|minus|except"
    r"|but\s+not"  # en
    r"|enleve[rz]?|retire[rz]?|supprime[rz]?|sans|pas|sauf|exclu(?:s|ez|re)?"  # fr
    r"|entfern(?:e|en)?|streich(?:e|en)?|ohne|nicht|ausser|lade|nimm"  # de
    r"|quita(?:r|le)?|saca(?:r)?|elimina(?:r)?|sin|no|excepto|menos"  # es
    r"|togli|rimuovi|senza|non|tranne"  # it
    r"|tira|tire|remove|sem|nao|exceto"  # pt
    r"|verwijder|zonder|niet|behalve"  # nl
    r"|usun|bez|nie|oprocz"  # pl
    r")\b",
)
# "lade Alice aus", "nimm Chen raus": the German verb's particle comes last.
_GERMAN_VERB = re.compile(r"^\W*(?:lade|nimm)\b")
_GERMAN_PARTICLE = re.compile(r"\b(?:aus|raus|heraus|weg)\W*$")
_REMOVE_UNSPACED = re.compile(r"外して|外す|抜き|抜いて|なしで|なし$|除いて|削除|去掉|删除|不要")
_ONLY = re.compile(
    r"^\W*(?:"
    r"(?:just|only)\b"  # en
    r"|(?:juste|seulement|uniquement)\b"  # fr
    r"|(?:nur|bloss|blos)\b"  # de
    r"|(?:solo|solamente|unicamente)\b"  # es, it
    r"|(?:so|apenas|somente)\b"  # pt
    r"|alleen\b"  # nl
    r"|tylko\b"  # pl
    r")"
    r"|\b(?:only|seulement|uniquement|nur|solamente|alleen|tylko|apenas)\W*$",
)
_ONLY_UNSPACED = re.compile(r"だけ|のみ|只有|只要")


def people_change(text: str) -> PeopleChange | None:
    """Whether a reply removes people from the meeting ("remove alice", "not chen") or keeps
    only the ones it names ("just me and bob"); the names are read from it by the caller."""
    folded = fold_text(text).strip()
    if _ONLY.search(folded) or _ONLY_UNSPACED.search(folded):
        return PeopleChange.ONLY
    if _GERMAN_VERB.match(folded) and not _GERMAN_PARTICLE.search(folded):
        return None
    if _REMOVE.match(folded) or _REMOVE_UNSPACED.search(folded):
        return PeopleChange.REMOVE
    return None


# "no, Chen not Alice", "Chen, pas Alice", "Chen statt Alice", "chen en vez de alice": the one
# meant, then the one they replace (folded text; "instead of" is the lexicons' `instead_of`).
_NOT = r"(?:not|pas|nicht|no|non|niet|nie|nao)"
_INSTEAD: re.Pattern[str] | None = None


def _instead() -> re.Pattern[str]:
    global _INSTEAD
    if _INSTEAD is None:
        _INSTEAD = re.compile(
            rf"^\W*(?:(?:no|non|nein|nee|nie|nao)\b\W*)?(?P<wanted>\w.*?)\W+"
            rf"(?:{_NOT}|{interrupt_words().instead_of.pattern})\W*(?P<replaced>\w.*)$"
        )
    return _INSTEAD


# Said the other way round, what is replaced first: Japanese "アリスさんではなくチェンさんで"
# (the lexicon's `replaced_before`), Chinese "不是Alice，是Chen".
_NOT_BUT_CHINESE = re.compile(r"^\W*不是(?P<replaced>.+?)[，,、\s]*(?:而)?是(?P<wanted>.+)$")


def _replaced_first(folded: str) -> tuple[str, str] | None:
    found = _NOT_BUT_CHINESE.match(folded)
    if found is None:
        found = re.match(rf"^\W*(?P<replaced>.+?)(?:{interrupt_words().replaced_before.pattern})"
                         rf"\W*(?P<wanted>.+)$", folded)
    if found is None or _REMOVE.match(found.group("wanted")):
        return None
    return found.group("wanted"), found.group("replaced")


# "not thursday, friday", "pas jeudi, vendredi", "nicht Donnerstag, sondern Freitag": what is
# taken back first, then what is meant.
_NOT_THEN_MEANT = re.compile(
    r"^\W*(?:not|pas|nicht|no|non|nao|niet|nie)\s+(?P<replaced>[^,;]+?)\s*[,;]\s*"
    r"(?:(?:but|mais|sondern|sino|ma|maar|ale|mas|a)\s+)?(?P<wanted>\w.*)$")


def said_instead(text: str) -> str | None:
    """The words of what a correction means, where it takes something back ("no, friday
    instead" -> "friday instead"; "not thursday, friday" -> "friday"; "不是周四，是周五" ->
    "周五"; "木曜日ではなく金曜日で" -> "金曜日で"), or None when it corrects nothing."""
    pair = people_instead(text)
    if pair is not None:
        return pair[0]
    folded = fold_text(text).strip()
    found = _NOT_THEN_MEANT.match(folded)
    if found is not None:
        return found.group("wanted")
    lead = re.match(r"^\W*(?:no|non|nein|nee|nie|nao|niet)\b[\s,;:.!-]*(?P<rest>\w.*)$", folded)
    words = interrupt_words()
    if lead is not None and (words.instead_of.search(lead.group("rest"))
                             or words.marker.search(lead.group("rest"))):
        return lead.group("rest")
    return None


def people_instead(text: str) -> tuple[str, str] | None:
    """The words naming who is meant and whom they replace in a correction ("no, chen not
    alice" -> ("chen", "alice"); "アリスさんではなくチェンさんで", "不是Alice，是Chen" ->
    Chen meant, Alice replaced), or None; a removal ("remove alice, not chen") is none."""
    folded = fold_text(text).strip()
    if has_kana(folded) or has_hanzi(folded):
        first = _replaced_first(folded)
        if first is not None:
            return first
    found = _instead().match(folded)
    if found is None or _REMOVE.match(found.group("wanted")) or _ONLY.match(found.group("wanted")):
        return None
    return found.group("wanted"), found.group("replaced")


_MINUTES = re.compile(
    r"(?<![\d:.])(\d{1,3})\s*(?:min(?:ute)?s?|minuten|minutos|minuti|minuty|minut|分(?:钟|鐘|間)?)"
)
# A word for one is a word of its own: "ahora no" (not now) holds "a hora", no hour.
_HOURS = re.compile(
    r"(?<![a-z\d:.])(?:(\d)\s*|(an?|one|une|eine|una|un)\s+)"
    r"(?:hours?|heures?|stunden?|horas?|ore|ora|時間|小时|小時|个小时)(?![a-z])"
)
_HALF_HOUR = re.compile(r"half\s+an\s+hour|demi-?\s*heure|halbe\s+stunde|media\s+hora|30分|半小时")
_HOUR_WORDS = {"an": 1, "a": 1, "one": 1, "une": 1, "eine": 1, "una": 1, "un": 1}
# Longer than a working day is no meeting length ERA books.
MAX_MEETING_MINUTES = 8 * 60


def meeting_minutes(text: str, *languages: str | None) -> int | None:
    """The length a reply asks the meeting to be ("make it 30 minutes", "45 min", "an hour",
    "une heure", "eine halbe Stunde", "1時間", "anderthalb Stunden", "una hora y media"), or
    None. A length with a half hour in it is read in `languages` first, then in all ten."""
    with_half = half_hour_length(text, *languages, *LENGTH_LANGUAGES)
    if with_half is not None:
        return with_half if with_half <= MAX_MEETING_MINUTES else None
    folded = fold_text(text).strip()
    if _HALF_HOUR.search(folded):
        return 30
    found = _MINUTES.search(folded)
    if found:
        minutes = int(found.group(1))
    else:
        hours = _HOURS.search(folded)
        if hours is None:
            return None
        word = hours.group(1) or hours.group(2)
        minutes = 60 * (int(word) if word.isdigit() else _HOUR_WORDS[word])
    return minutes if 5 <= minutes <= MAX_MEETING_MINUTES else None


def requested_minutes(text: str, *languages: str | None) -> int | None:
    """The length a request gives its call or meeting ("book a 90-minute call with Alice",
    "planifie un appel d'une heure", "für 2 Stunden", "1時間の面談"), or None: a length about
    something else ("bob was 2 hours late", "call bob in 2 hours") leaves the usual one."""
    minutes = meeting_length(text, *languages)
    return minutes if minutes is not None and 5 <= minutes <= MAX_MEETING_MINUTES else None


def without_requested_length(text: str, *languages: str | None) -> str:
    """The request with its length taken out, for the time readers: "una llamada de una hora
    el viernes" is on Friday, not at 13:00."""
    return without_meeting_length(text, *languages)


_MOVE_OPENER = re.compile(
    r"^\W*(?:(?:can|could)\s+you\s+|please\s+)?(?:"
    r"(?:move|change|shift|push|put|make)(?:\s+(?:it|that|the\s+meeting|the\s+call))?"
    r"(?:\s+(?:to|at|for|on|until))?"  # en
    r"|(?:deplace[rz]?|decale[rz]?|mets|mettez|change[rz]?|passe[rz]?)(?:-la|-le|\s+la|\s+le)?"
    r"(?:\s+(?:a|au|pour|vers))?"  # fr
    r"|(?:verschieb(?:e|en)?|leg(?:e|en)?|mach(?:e|en)?|ander(?:e|n)?)"
    r"(?:\s+(?:es|ihn|sie|den\s+termin|das\s+meeting))?(?:\s+(?:auf|um|zu|nach|am))?"  # de
    r"|(?:muevel[ao]|mueve|cambia(?:l[ao])?|ponl[ao]|pon|pasal[ao]|pasa)"
    r"(?:\s+(?:a|para|al|el|la))?"  # es
    r")\s+",
)
_MOVE_CLOSER = re.compile(r"\s+(?:verschieben|verlegen|legen|andern|bitte)\W*$")


def without_move_words(text: str) -> str:
    """A reply moving the meeting with its verb taken off ("move it to 3pm" -> "3pm",
    "déplace-la à 15h" -> "15h", "auf 15 Uhr verschieben" -> "auf 15 uhr"), so that what is
    left is read as the time asked for; other replies come back folded."""
    folded = fold_text(text).strip()
    return _MOVE_CLOSER.sub("", _MOVE_OPENER.sub("", folded, count=1))


# Store roles as people say them, in the plural a meeting with them takes ("the cashiers",
# "les caissiers", "allen Kassierern", "los cajeros", "レジ係"), by the role's directory name.
_ROLE_WORDS: dict[str, str] = {
    "cashier": r"cashiers?|caissier(?:e)?s?|kassierer(?:in(?:nen)?|n)?|cajer[oa]s?|cassier[ei]"
               r"|operador(?:es|as)? de caixa|(?:os|as) caixas|kassamedewerkers?"
               r"|kasjer(?:ki|zy|ow|ka|ek)?"
               r"|レジ係|レジ担当|收银员",
    "sales associate": r"sales associates?|associates?|salespeople|vendeu(?:r|se)s?"
                       r"|verkaufer(?:in(?:nen)?|n)?|vendedor(?:es|as?)?|dependient[ea]s?"
                       r"|commess[ei]|verkopers?|sprzedawc(?:y|a|ow)|販売員|販売スタッフ|销售员|店员",
    "stock clerk": r"stock clerks?|stockers?|magasinier(?:e)?s?|lagerist(?:en|in(?:nen)?)?"
                   r"|reponedor(?:es|as?)?|repositor(?:es|as?)?|magazzinier[ei]|品出し担当|在庫係"
                   r"|理货员",
    "supervisor": r"supervisors?|superviseu(?:r|se)s?|supervisor(?:en|es|as?|in(?:nen)?)?"
                  r"|スーパーバイザー|主管",
    "shift lead": r"shift leads?|shift leaders?|team leads?|team leaders?|chefs? d'equipe"
                  r"|schichtleiter(?:in(?:nen)?|n)?|jef(?:e|es|a|as) de turno|リーダー|班长",
}


def roles_named(text: str, titles: Iterable[str] = ()) -> list[str]:
    """The store roles a request names as people ("a meeting with the three cashiers", "book a
    call with all the shift leads", "réunion avec les caissiers"), by directory name, in the
    order written; `titles` are the team's own job titles, found as written (or plural)."""
    folded = fold_text(text)
    found: dict[str, int] = {}
    for role, words in _ROLE_WORDS.items():
        match = re.search(rf"(?<![a-z])(?:{words})(?![a-z])", folded)
        if match:
            found[role] = match.start()
    for title in titles:
        key = fold_text(title).strip()
        if key and key not in found:
            match = re.search(rf"(?<![a-z]){re.escape(key)}(?:s|es)?(?![a-z])", folded)
            if match:
                found[key] = match.start()
    return sorted(found, key=lambda role: found[role])


# What brings the day a meeting moves to, just before it: "to friday", "à vendredi", "auf
# Freitag", "al viernes", "改到周五" (and in Japanese, just after it: "金曜日に移して").
_TO_DAY_BEFORE = re.compile(
    r"(?:\b(?:to|until|till|for|into"  # en
    r"|a|au|pour|vers|jusqu'a"  # fr
    r"|auf|nach|zu|zum"  # de
    r"|al|para|hasta"  # es, pt
    r"|per|alle|ad"  # it
    r"|pra|ao|ate"  # pt
    r"|naar|tot"  # nl
    r"|na)\s+(?:(?:the|le|la|el|den|il|lo|o|de|het)\s+)?"  # pl
    r"|(?:到|改到|改成|换到|挪到|调到|移到|推到|至)\s*)$"  # zh
)
_TO_DAY_AFTER = re.compile(r"^\s*(?:に|へ|まで)(?!の)")  # ja


def moved_from_day(text: str, day_words: Sequence[str]) -> int | None:
    """Which of the days a move request names (`day_words`, in the order they come) is the
    day of the meeting to move: the first, when a day it moves to comes after it ("move my
    meeting with Alice on Thursday to Friday", "verschiebe mein Meeting von Donnerstag auf
    Freitag", "木曜日の会議を金曜日に移して"); None for fewer than two days or when the first
    is itself where the meeting goes ("move it to Friday or Saturday")."""
    if len(day_words) < 2:
        return None
    folded = fold_text(text)
    first = fold_text(day_words[0]).strip()
    place = folded.find(first)
    if place < 0:
        return None
    if _TO_DAY_BEFORE.search(folded[:place]) or _TO_DAY_AFTER.match(
        folded[place + len(first):]
    ):
        return None
    return 0


# What says a day is the one the meeting is on, just before it: "my meeting on Tuesday", "from
# Thursday", "ma réunion de mardi", "du mardi", "mein Meeting am Dienstag", "vom Dienstag", "mi
# reunión del martes", "la riunione di martedì", "mijn vergadering op dinsdag", "a reunião da
# terça", "spotkanie we wtorek" (and just after it: "火曜日の会議", "周二的会议").
_MEETING_DAY_BEFORE = re.compile(
    r"\b(?:on|from|of"  # en
    r"|de|du|d'"  # fr (es, pt)
    r"|am|vom|von"  # de
    r"|del"  # es, it
    r"|di|dal"  # it
    r"|van|op"  # nl
    r"|da|do"  # pt
    r"|w|we|z|ze)\s+(?:(?:the|le|la|el|den|dem|il|lo|o|het)\s+)?$"  # pl
)
_MEETING_DAY_AFTER = re.compile(r"^\s*(?:の|的)")  # ja, zh


def names_meeting_day(text: str, day_word: str) -> bool:
    """Whether the one day a move request names is the day of the meeting to move ("move my
    meeting on Tuesday", "déplace ma réunion de mardi", "verschieb mein Meeting am Dienstag",
    "火曜日の会議を移して"), not the day to move it to ("move my meeting to Tuesday")."""
    folded = fold_text(text)
    day = fold_text(day_word).strip()
    place = folded.find(day) if day else -1
    if place < 0:
        return False
    before, after = folded[:place], folded[place + len(day):]
    if _TO_DAY_BEFORE.search(before) or _TO_DAY_AFTER.match(after):
        return False
    return bool(_MEETING_DAY_BEFORE.search(before) or _MEETING_DAY_AFTER.match(after))
