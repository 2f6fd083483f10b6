"""Whether a free-text reply is an answer at all, or words about the conversation itself.

At a question that takes words (the value of an email's "[date of our conversation]", the name
of the person a call is with) a person may still answer the conversation instead: "yes, draft
it", "ok", "thanks", "ありがとう", "no wait", "yes but tomorrow", "2?", "...", "👍". Those must
never be written into a letter or looked up as a name. `conversation_words` tells them apart in
every language the lexicons and the reply interpreter know; `blank_kind` and `fills_blank` say
what an email's placeholder takes (a date, a number, or text) and whether a value fits it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from enum import StrEnum
from functools import cache

from core.question_id import QuestionId
from core.reply_interpreter import ReplyIntent, interpret_reply
from core.reply_lexicon import CARDINALS, DAY_ORDINALS, WEEKDAYS
from core.situation_facts import is_acknowledgement
from core.text_fold import fold, fold_text
from language.intent_rules import MatchKind, intent_rules
from language.interrupts import interrupt_words
from language.lexicon import interrupt_fragments, load_lexicons, whole_words
from language.option_reference import without_another_time
from language.typo_correction import PLAIN_FRAGMENT
from language.understanding import understand

# Scripts written without spaces: the reply interpreter reads their runs whole, so "every
# word was a reply word" says nothing there.
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
_LETTER_OR_DIGIT = re.compile(r"[^\W_]")
_DIGIT = re.compile(r"\d")
_LETTER = re.compile(r"[^\W\d_]")
_CJK_NUMBER = re.compile(r"[一二两兩三四五六七八九十百]")
_QUESTION_END = re.compile(r"[?？]\W*$")
_SOCIAL = frozenset({"thanks", "greeting", "goodbye"})
_ALL_REPLY_WORDS = 5
# The interpreter's confidence in a yes whose every word has its place ("ok great").
_CLEAR_YES = 0.95

_DATE_WORDS = (
    "date",
    "dates",
    "datum",
    "daten",
    "fecha",
    "fechas",
    "data",
    "datas",
    "日付",
    "日期",
)
_COUNT_WORDS = (
    "number",
    "nombre",
    "número",
    "numero",
    "anzahl",
    "aantal",
    "liczba",
    "回数",
    "次数",
)


# The words a reply about when to meet is made of besides its day and time (which the time
# parser found): articles and prepositions, day parts, "next", and the words of a preference
# ("how about", "preferably", "would be great", "va bene", "najlepiej", "passt", "ça me va").
# A reply with any other word, four words long or more, tells something else ("the bus
# changes tomorrow", "il bus cambia domani").
_WHEN_WORDS_BY_LANGUAGE = {
    "en": (
        "on at in the a an this next coming after before around about from to until till "
        "between or and any anytime time sometime morning afternoon evening noon lunch "
        "lunchtime midday early later week weekend day today tomorrow how what maybe perhaps "
        "preferably ideally please pls ok okay yes let's lets say i i'd prefer would be works "
        "work is fine good great best suits suit for me us if possible could we can do then "
        "earliest latest free pm o'clock no make can some whenever during within end of start "
        "beginning middle half past quarter whatever none neither those these them instead "
        "rather other another different one ones anything something available slot slots"
    ),
    "it": (
        "il lo la i gli le l un una di del della dei alle alla al allo ai a da dal dalla dalle "
        "nel nella entro verso tra fra dopo prima o e oppure qualsiasi qualunque ora orario "
        "momento mattina mattinata pomeriggio sera serata mezzogiorno pranzo presto tardi "
        "settimana giorno oggi domani dopodomani prossimo prossima questo questa magari forse "
        "meglio preferibilmente preferisco per favore va bene andrebbe mi ci se possibile che "
        "ne dici dice diciamo facciamo sì si libero libera quando vuoi vuole quale"
    ),
    "pl": (
        "w we o od do po przed około między i lub albo czy na z ze rano południem południu "
        "wieczorem wieczór popołudniu tydzień tygodniu przyszły przyszłym następny następnym "
        "dzisiaj dziś jutro pojutrze ten tym może najlepiej wolę wolałbym wolałabym proszę "
        "pasuje mi by byłoby dobrze ok jak jeśli można godzina godzinie kiedykolwiek tak nie "
        "obojętnie kiedy wszystko jedno bez różnicy dowolny dowolnie dzień być będzie"
    ),
    "de": (
        "am um an im der die das den dem ab nach vor gegen zwischen bis von oder und irgendwann "
        "zeit uhr morgens vormittag vormittags nachmittag nachmittags abend abends mittag "
        "mittags früh spät später woche wochenende tag heute morgen übermorgen nächste nächsten "
        "nächster nächstes diese diesen dieser kommende kommenden vielleicht lieber besten "
        "bitte passt passen geht gut wäre ginge mir uns wenn möglich wie es mit ja gerne gern "
        "was ist sieht aus sieht's "
        "nein egal jederzeit wann beliebig keine keiner keins davon andere anderen anderer "
        "stattdessen"
    ),
    "fr": (
        "le les un une au aux à de du des en dans ce cette prochain prochaine après avant vers "
        "entre ou et n'importe quand heure heures h matin matinée après-midi soir soirée midi "
        "tôt tard semaine week-end jour aujourd'hui demain après-demain peut-être plutôt "
        "préférence idéalement s'il te vous plaît ça me va convient nous si oui pourquoi pas "
        "disons non quel quelle aucun aucune d'eux d'entre eux autre autres"
    ),
    "es": (
        "el los las al del este esta próximo próxima siguiente después antes hacia sobre "
        "cualquier hora mañana tarde noche mediodía temprano fin finde día hoy pasado quizás "
        "quizá tal vez mejor preferiblemente por me bien viene nos posible sí vale digamos "
        "cuando sea cualquiera ninguno ninguna de a esos esas estos estas otro otra en la las "
        "que semana puede ser"
    ),
    "nl": (
        "op om het een deze volgende na voor rond tussen tot van ochtend middag avond vandaag "
        "overmorgen misschien liever bij voorkeur graag alsjeblieft aub past mij ons goed als "
        "mogelijk maakt niet uit wanneer uur s ochtends middags avonds vanochtend vanmiddag "
        "vanavond morgenochtend morgenmiddag morgenavond week weekend dag ja prima hoor"
    ),
    "pt": (
        "o a os as um uma ao à às do da de no na em depois antes por volta manhã tarde noite "
        "meio-dia hoje amanhã talvez dá serve sim qualquer quando que vem próximo próxima "
        "semana hora horas h pode ser melhor prefiro pra para pro me fica bom ótimo tá"
    ),
}
_WHEN_WORDS = frozenset(
    fold_text(word) for words in _WHEN_WORDS_BY_LANGUAGE.values() for word in words.split()
)
_REPLY_WORD = re.compile(r"[^\W\d_]+(?:['-][^\W\d_]+)*")
_SHORT_WHEN = 3
# The words around a request in every lexicon also go around a time: "ok", "great", "perfetto",
# "super", "bitte", "dzięki".
_HEAD_KEYS = ("praise", "thanks", "fillers", "markers", "trailers")


@cache
def _when_words() -> frozenset[str]:
    """_WHEN_WORDS with the plain words of the lexicons' heads."""
    words = set(_WHEN_WORDS)
    for lexicon in load_lexicons():
        for key in _HEAD_KEYS:
            for fragment in lexicon.part("head", key):
                if PLAIN_FRAGMENT.fullmatch(fragment):
                    words.update(fragment.split())
    return frozenset(words)


def answers_when(text: str, time_words: Sequence[str]) -> bool:
    """Whether a reply in which the time parser found a time (its words: `time_words`) is
    about when to meet: it is short ("tomorrow", "friday at 10"), or all its other words are
    those of a time preference ("how about next tuesday after 3pm?", "domani mattina va
    bene", "najlepiej w piątek"). A longer statement that mentions a day ("the bus changes
    tomorrow", "il bus cambia domani") is not. Scripts written without spaces are not
    split into words: their replies count as answers."""
    if _UNSPACED.search(text):
        return True
    # "actually", "invece", "stattdessen": a change of mind opens a time as well.
    if len(text.split()) <= _SHORT_WHEN:
        return True
    # "none of those work, anything on wednesday?": turning the times down goes with a time.
    folded = interrupt_words().marker.sub(" ", without_another_time(fold_text(text)))
    said = {word for phrase in time_words for word in _REPLY_WORD.findall(fold_text(phrase))}
    return all(
        word in said or word in _when_words() or _has_word(word, "weekdays")
        for word in _REPLY_WORD.findall(folded)
    )


class BlankKind(StrEnum):
    """What an email's placeholder asks for."""

    DATE = "date"
    COUNT = "count"
    TEXT = "text"


def blank_kind(placeholder: str) -> BlankKind:
    """ "[date of our conversation]", "[Daten der Fehltage]", "[面談の日付]" take a date;
    "[number of times]", "[aantal]", "[联系次数]" a number; anything else text."""
    folded = fold_text(placeholder.strip("[]"))
    if _names_any(folded, _DATE_WORDS):
        return BlankKind.DATE
    if _names_any(folded, _COUNT_WORDS):
        return BlankKind.COUNT
    return BlankKind.TEXT


def _names_any(folded: str, words: tuple[str, ...]) -> bool:
    spaced = folded.split()
    return any(
        fold_text(w) in spaced if w.isascii() or not _UNSPACED.search(w) else w in folded
        for w in words
    )


@cache
def _subject_nouns() -> re.Pattern[str]:
    return re.compile(whole_words(interrupt_fragments("subject_nouns")))


def conversation_words(text: str, locale: str | None) -> bool:
    """Whether a reply speaks to the conversation rather than answering with content: nothing
    but punctuation or emoji, a question back ("2?"), a yes or a no ("oui", "はい", "好的"),
    thanks or a greeting, a control word, or, in spaced scripts, only the words of such
    replies ("no wait", "yes but tomorrow", "hmm")."""
    stripped = text.strip()
    if not _LETTER_OR_DIGIT.search(stripped) or _QUESTION_END.search(stripped):
        return True
    understood = understand(stripped, locale=locale)
    if str(understood.intent) in _SOCIAL or understood.match.kind is MatchKind.CONTROL:
        return True
    reply = interpret_reply(stripped, str(QuestionId.CONFIRM_ACTION), (), locale)
    # A yes word among words that are no reply's ("her great work", "good stuff") says
    # something: it is content, not a yes.
    in_words = reply.intent is ReplyIntent.CONFIRM and reply.confidence < _CLEAR_YES
    if reply.intent in (ReplyIntent.CONFIRM, ReplyIntent.REJECT) and not in_words:
        return True
    if _UNSPACED.search(stripped):
        return False
    words = stripped.split()
    # Every word read as a reply word: only in a short reply, as a longer one may be cut short
    # by a word that is a question word elsewhere ("he was late..." is German "was", what).
    # A noun the reader passes over in a pick ("the meeting", "die Schicht") says what about.
    if not reply.unplaced and not in_words and len(words) <= _ALL_REPLY_WORDS:
        return not _subject_nouns().search(fold_text(stripped))
    # A yes opening a short reply ("yes but on the 3rd", "ok, the 3rd?") hedges; a no may
    # open a value ("no more late arrivals").
    opener = interpret_reply(words[0].strip(",.;:!"), str(QuestionId.CONFIRM_ACTION), (), locale)
    return len(words) <= 4 and opener.intent is ReplyIntent.CONFIRM


def fills_blank(text: str, kind: BlankKind, *, names_a_day: bool = False) -> bool:
    """Whether a reply (already known not to be conversation words) fits a blank of `kind`:
    a date has digits or names a day (`names_a_day`: the time parser found one), a number has
    digits or a number word, text is anything with letters."""
    if kind is BlankKind.DATE:
        return names_a_day or _DIGIT.search(text) is not None or _has_word(text, "weekdays")
    if kind is BlankKind.COUNT:
        return (
            _DIGIT.search(text) is not None
            or _CJK_NUMBER.search(text) is not None
            or _has_word(text, "cardinals")
        )
    return _LETTER.search(text) is not None


_TABLES = {"weekdays": WEEKDAYS, "cardinals": CARDINALS}


@cache
def _table_words(name: str) -> tuple[frozenset[str], tuple[str, ...]]:
    """A word table's spellings, folded once: the spaced ones as a set, the unspaced apart
    (found inside the text)."""
    spaced: set[str] = set()
    unspaced: list[str] = []
    for entries in _TABLES[name].values():
        for spellings in entries:
            for spelling in spellings:
                written = fold_text(spelling)
                if _UNSPACED.search(written):
                    unspaced.append(written)
                else:
                    spaced.add(written)
    return frozenset(spaced), tuple(unspaced)


def _has_word(text: str, table: str) -> bool:
    folded = fold_text(text)
    spaced, unspaced = _table_words(table)
    return not spaced.isdisjoint(re.findall(r"[^\W\d_]+", folded)) or any(
        written in folded for written in unspaced
    )


def names_a_weekday(text: str) -> bool:
    """Whether `text` names a day of the week ("friday", "vendredi", "金曜日"), in any language."""
    return _has_word(text, "weekdays")


def weekday_spans(folded: str) -> list[tuple[int, int]]:
    """Where a folded text names a day of the week, in any language, ordinals that are days
    included ("segunda ou terça"): the words of unspaced scripts found inside the text
    ("月曜日か火曜日", "周一或周二"), the others as whole words."""
    spaced, unspaced = _table_words("weekdays")
    spans = [match.span() for match in re.finditer(r"[^\W\d_]+", folded)
             if match.group(0) in spaced or match.group(0) in _ORDINAL_DAYS]
    for written in unspaced:
        start = folded.find(written)
        while start >= 0:
            spans.append((start, start + len(written)))
            start = folded.find(written, start + len(written))
    return sorted(spans)


def may_name_a_day(text: str) -> bool:
    """Whether `text` may name a day: a day of the week, a word such as "tomorrow" or
    "demain", a month ("le 3 décembre"), "12月1日". A cheap first look (a number alone is
    not a day); the time parser decides."""
    return (names_a_weekday(text) or _CJK_DATE.search(text) is not None
            or intent_rules().day_re.search(fold(text).text) is not None
            or not _ORDINAL_DAYS.isdisjoint(re.findall(r"[^\W\d_]+", fold_text(text))))


_CJK_DATE = re.compile(r"\d{1,2}\s*月\s*\d{1,2}\s*[日号]|明日|明天|后天|明後日")
# Weekdays that are also ordinals ("quarta" is Wednesday and the fourth): not a weekday on
# their own for names_a_weekday, but they may name the day ("não, espera, quarta").
_ORDINAL_DAYS = frozenset(fold_text(word) for words in DAY_ORDINALS.values() for word in words)
# What joins a yes to what follows it: "yes but ...", "ok, and ...", "oui mais ...", "ja,
# aber ...", "sí pero ...", "yes, just ...".
_YES_JOINERS = re.compile(
    r"^(?:[,;:.!-]+\s*|(?:but|and|just|only|though|mais|et|juste|seulement|aber|und|nur|doch"
    r"|pero|y|solo|sólo|ma|e|mas|maar|en|ale|i)\b\s*)+",
    re.IGNORECASE,
)
_YES_WORDS = 3
# Words after "yes, send it" that add nothing to the yes: to the recipient, and now.
# ("schick sie sofort": "sie" is the email.)
_ADDS_NOTHING = re.compile(
    r"(?=\w)(?:(?:it|sie|es|le|la|lo|(?:(?:the|le|die|el)\s+|l')?(?:e-?mail|mail|letter"
    r"|message|nachricht|correo|mensaje))\b\s*)?"
    r"(?:(?:to|à|a|an)\s+(?:her|him|them|elle|lui|eux|sie"
    r"|ihn|ihr|ella|él|el)|right away|right now|now|asap|immediately|tout de suite|maintenant"
    r"|sofort|jetzt|gleich|ya|ahora)?[\s.!]*",
    re.IGNORECASE,
)
_SURE = 0.9  # a yes next to a word the interpreter could not place is less sure than this


def change_after_yes(text: str, question: str, locale: str | None) -> str | None:
    """The words after a yes that ask for more than the yes: "yes but change the subject to X"
    -> "change the subject to X", "ja, kürzer bitte" -> "kürzer bitte", "ok, but make it
    shorter" -> "make it shorter". None when the reply does not open with a yes, or is a yes
    and nothing else ("yes please send it", "ok go ahead")."""
    if _plain_yes(text, question, locale):
        return None
    words = text.split()
    opened = max(_yes_openings(words, question, locale), default=0)
    if not opened:
        return None
    rest = _YES_JOINERS.sub("", " ".join(words[opened:])).strip()
    if not rest or _only_yes(rest, question, locale):
        return None
    if interpret_reply(rest, question, (), locale).intent is ReplyIntent.REJECT:
        # "ok no", "yes no", "sí, no": a yes and a no is unclear, not a change to make.
        return None
    return rest


def opens_with_a_yes(text: str, question: str, locale: str | None) -> bool:
    """Whether the reply opens with a plain yes and goes on ("ok send the email about the
    rota", "oui, envoie le mail")."""
    return next(_yes_openings(text.split(), question, locale), None) is not None


def words_after_yes(text: str, question: str, locale: str | None) -> str | None:
    """The worker's own words after a yes that opens the reply, as typed: "yes, I have a
    doctor's appointment" -> "I have a doctor's appointment" (the shortest yes, so that "yes,
    I have..." keeps its "I have"), "ja bitte, ich habe einen Arzttermin" -> "ich habe einen
    Arzttermin". None when the reply does not open with a yes, or the rest adds nothing to it
    or takes it back."""
    words = text.split()
    for size in _yes_openings(words, question, locale):
        # Only punctuation goes: "yes, I have..." keeps its "I" (Polish "i", and).
        rest = " ".join(words[size:]).lstrip(",;:.!- ")
        rest = _ONLY_PLEASE.sub("", rest).strip()
        if (not rest or _only_yes(rest, question, locale)
                or interpret_reply(rest, question, (), locale).intent is ReplyIntent.REJECT
                or yes_then_no(text, question, locale)):
            return None
        return rest
    return None


# A please right after the yes ("ja bitte, ...", "oui s'il vous plaît, ...", "yes please, ...").
_ONLY_PLEASE = re.compile(
    r"^(?:please|pls|plz|bitte|s'il (?:te|vous) pla[iî]t|stp|svp|por favor|per favore"
    r"|alsjeblieft|graag|proszę|prosze)\b[\s,;:.!-]*", re.IGNORECASE)


def _yes_openings(words: list[str], question: str, locale: str | None) -> Iterator[int]:
    """The numbers of first words (up to three, shortest first, never all of them) that make
    a plain yes: "ja bitte, ich habe..." opens with 1 ("ja") and 2 ("ja bitte")."""
    for size in range(1, min(_YES_WORDS, len(words) - 1) + 1):
        if _plain_yes(" ".join(words[:size]).rstrip(",;:.!-"), question, locale):
            yield size


def _plain_yes(text: str, question: str, locale: str | None) -> bool:
    """A yes made only of words the interpreter knows ("yes please", "ok go ahead")."""
    reply = interpret_reply(text, question, (), locale)
    return reply.intent is ReplyIntent.CONFIRM and reply.confidence >= _SURE


def _only_yes(rest: str, question: str, locale: str | None) -> bool:
    """Whether the words after a yes add nothing to it ("please", "send it", "go ahead",
    "👍", "thanks")."""
    if not _LETTER_OR_DIGIT.search(rest) or _ADDS_NOTHING.fullmatch(rest):
        return True
    if _plain_yes(rest, question, locale):
        return True
    understood = understand(rest, locale=locale)
    return str(understood.intent) in _SOCIAL


# A no to the thing asked, said right after a yes: "don't do it", "no wait", "no lo hagas",
# "ne le fais pas", "mach das nicht", "non attends" (folded: no accents).
_TAKEN_BACK = re.compile(
    r"^(?:(?:please|por favor|s'il te plait|s'il vous plait|stp|bitte|per favore|alsjeblieft"
    r"|prosze)[\s,]+)?(?:"
    r"(?:don'?t|do not)(?: (?:do|send|book|apply|cancel) (?:it|that|this))?"
    r"|(?:no|nope|non|nein|nee|nie|nao)[\s,]+(?:wait|hold on|espera|esperate|attends|attendez"
    r"|warte|wart mal|moment|wacht|aspetta|czekaj)"
    r"|no (?:lo |la )?hag\w*(?: (?:eso|nada))?|ne (?:le |la )?fais pas(?: (?:ca|cela))?"
    r"|ne fais rien|(?:mach|tu) (?:das|es) nicht|nicht machen|non (?:lo |la )?fare|non farlo"
    r"|nao (?:o |a )?fa(?:ca|z|cas)(?: (?:isso|isto))?|niet doen|doe (?:het|dat) niet"
    r"|nie rob(?: tego)?"
    r")[\s.!]*$",
    re.IGNORECASE,
)


def yes_then_no(text: str, question: str, locale: str | None) -> bool:
    """A yes taken back at once ("yes, no wait", "sí por favor no lo hagas", "oui, non
    attends"): neither a yes nor a no, so it must be asked again, never acted on."""
    words = text.split()
    return any(_TAKEN_BACK.match(fold_text(" ".join(words[size:])).strip(" ,;:.!-"))
               for size in _yes_openings(words, question, locale))


@cache
def _praise_words() -> re.Pattern[str]:
    """Every lexicon's words of praise ("cool", "super", "parfait", "收到") as whole words."""
    praise = tuple(dict.fromkeys(fold_text(fragment) for lexicon in load_lexicons()
                                 for fragment in lexicon.part("head", "praise")))
    return re.compile(whole_words(praise))


def praises_only(text: str) -> bool:
    """Whether the message only praises or acknowledges what was done ("cool", "ok cool!",
    "super merci", "parfait 👍"): a yes to nothing, which asks for nothing more."""
    folded = fold_text(text)
    rest = _praise_words().sub(" ", folded)
    return rest != folded and all(map(is_acknowledgement, _REPLY_WORD.findall(rest)))
