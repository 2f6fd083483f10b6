"""Whether a worker's message is a reason for cancelling their shift, and the reason a first
request already carries ("cancel my shift tomorrow, I'm sick").

A reason is the worker's own words: a message with none ("a", "my shift", "yes", "2"), words to
ERA rather than about the shift ("hi", "bonjour", "thanks"), one that refuses ("I told you I do
not want to cancel it", "keep it"), asks back ("which shift?") or makes a new request ("book a
meeting with Alice") is not one, so it can never be what cancels a shift. Nor is a day said
instead ("actually no, monday", "ach nee doch lieber Montag", "wait I meant monday", "el
lunes"): the worker means another shift, and `day_meant_instead` gives its day.
"""

from __future__ import annotations

import functools
import re
from enum import StrEnum

from core.intent import Intent
from core.question_id import QuestionId
from core.reply_interpreter import ReplyIntent, hedges_or_negates, negates, read_words
from core.short_answer import short_answer
from core.text_fold import fold, fold_text
from language.intent_rules import MONTHS, MatchKind, classify_intent, intent_rules, language_of
from language.interrupts import interrupt_words
from language.lexicon import interrupt_fragments, whole_words
from language.reply_words import names_a_weekday, weekday_spans, yes_then_no


class ReasonVerdict(StrEnum):
    """What a message given as a cancellation reason is."""

    REASON = "reason"
    REFUSAL = "refusal"  # do not cancel after all
    CONFIRMATION = "confirmation"  # a bare yes: no reason given
    CHOICE = "choice"  # "2", "the second one": an answer to another question
    QUESTION = "question"
    REQUEST = "request"  # another request ("what are my shifts?")
    NO_REASON = "no_reason"  # no words of its own ("a", "my shift")
    OTHER_DAY = "other_day"  # "actually no, monday": another day's shift is meant
    CONDITION = "condition"  # a yes with a condition ("yes but only the morning"): not a yes
    # A reason that also says "keep" ("mon fils est malade et je dois le garder": look after
    # him; "keep it, I'm better now"): neither cancelled nor kept without a clear yes or no.
    UNSURE = "unsure"


_QUESTION = str(QuestionId.CONFIRM_CANCEL)
_REQUEST_KINDS = frozenset({MatchKind.COMMAND, MatchKind.CONTROL})
_NOT_REQUESTS = frozenset(
    {Intent.UNKNOWN, Intent.GREETING, Intent.THANKS, Intent.GOODBYE, Intent.ADVICE}
)
_SOCIAL = frozenset({Intent.GREETING, Intent.THANKS, Intent.GOODBYE})
_MAX_REASON_CHARS = 500
# "I meant monday", "je voulais dire lundi", "quise decir el lunes", "ich meinte Montag".
_MEANT = re.compile(
    r"\b(?:i meant|meant|i mean|je voulais dire|je veux dire|quise decir|queria decir"
    r"|ich meinte|meinte ich|ich meine|meinte)\b"
)

# Japanese and Chinese run the words that say "I meant" into the words around them
# ("やっぱり木曜日のシフトにして", "算了，改成周四的班"): they have no word edges.
_UNSPACED_MEANT = re.compile(
    r"にして|に変更|に変えて|の方|のほう|の間違い|じゃなくて|ではなく|でした"
    r"|改成|换成|改为|改到|我是说|我说的是|应该是|不是.{0,8}?是"
)

# "nao, terca", "no, martedì": a no and a bare weekday, which the request rules only take with
# its preposition ("na terca") because alone it is also a number ("a segunda", the second).
_NO_THEN_DAY = re.compile(
    r"^\W*(?:no|nao|non|nein|nee|nie)\b[\s,.;:!-]*(?:(?:na|no|a|o|el|il|le|la|am|on)\s+)?"
    r"(?P<day>[^\W\d_]+(?:[- ]feira)?)\W*$"
)


@functools.cache
def _self_corrections() -> re.Pattern[str]:
    """Every language's words a request corrects itself with (`self_corrections`)."""
    return re.compile(whole_words(interrupt_fragments("self_corrections")))


# A calendar date is a day too, month name and all ("the 1st december", "3 de diciembre",
# "dec 3", "12月1日"): its month name is not words of the worker's own.
_DATE = re.compile(
    rf"\b\d{{1,2}}(?:st|nd|rd|th|er|o|\.)?\s+(?:of\s+|de\s+)?(?:{MONTHS})\b\.?"
    rf"|\b(?:{MONTHS})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?\b"
    r"|\d{1,2}\s*月\s*\d{1,2}\s*[日号號]"
)


def day_meant_instead(text: str, *, locale: str | None = None) -> str | None:
    """The day a message at the reason question names instead of the shift asked about, in
    the worker's words ("monday" in "actually no, monday instead", "el lunes" in "mejor el
    domingo no, el lunes"); None when it names no day, or names one with a reason ("I'm sick on
    Monday", "Zahnarzt am Montag")."""
    folded = fold((text or "")[:_MAX_REASON_CHARS])
    days = [*intent_rules().day_re.finditer(folded.text), *_DATE.finditer(folded.text)]
    no_then_day = _NO_THEN_DAY.match(folded.text)
    if not days and no_then_day is not None and names_a_weekday(no_then_day.group("day")):
        return folded.original_span(no_then_day.start("day"), no_then_day.end("day"))
    if not days:
        return None
    # The change-of-mind words are no words of the worker's own either: "in realtà quello di
    # martedì" (actually the Tuesday one) names a day, and was the reason that cancelled
    # Saturday's shift.
    rest = interrupt_words().marker.sub(" ", _UNSPACED_MEANT.sub(" ", _MEANT.sub(
        " ", intent_rules().day_re.sub(" ", _DATE.sub(" ", folded.text)))))
    # The words a correction is said with ("scusa", "perdon", "sorry") are no reason either:
    # "scusa, martedì" was the reason that cancelled Monday's shift.
    rest = _self_corrections().sub(" ", rest)
    meant = _MEANT.search(folded.text) or _UNSPACED_MEANT.search(folded.text)
    corrected = interrupt_words().marker.search(folded.text) is not None or meant is not None
    if read_words(rest, _QUESTION, locale).own_words and not (
        corrected and hedges_or_negates(rest, locale)
    ) and meant is None:
        return None
    last = max(days, key=lambda m: (m.end(), m.end() - m.start()))
    return folded.original_span(last.start(), last.end())
# What turns a yes into a condition: "yes but only the morning", "yes, if nobody minds", "oui
# mais seulement le matin", "ja, aber nur vormittags", "sí, pero solo por la mañana".
_CONDITION = re.compile(
    r"^[\s,;:.!-]*(?:(?:but|mais|aber|pero)\s+(?:not|pas|nicht|no)\b|(?:(?:but|mais|aber"
    r"|pero)\s+)?(?:if|only|unless|just|provided|si|seulement|sauf|juste|wenn|falls|nur|außer"
    r"|ausser|solo|sólo|salvo)\b)",
    re.IGNORECASE,
)
# How late: a number and its unit ("20 minutes", "20分", "20分钟", "half an hour" has none).
_LATENESS_AMOUNT = re.compile(r"\d+\s*[^\W\d_]*")
_YES_WORDS = 3
_CLAUSE_BREAK = re.compile(r"[,;:.!?，、。；！？]+")
_NO_HEAD_WORDS = 2  # "no,", "oh no,", "non merci,": a no opening the reply
_KEEP_ALONE_WORDS = 4  # "keep it", "je le garde", "non, garde-le": a keep and nothing more


def judge_reason(text: str, *, locale: str | None = None) -> ReasonVerdict:
    """Read `text`, sent at the reason question, as a reason or as what else it is."""
    text = (text or "").strip()
    if day_meant_instead(text, locale=locale) is not None:
        return ReasonVerdict.OTHER_DAY
    short = short_answer(text, locale=locale, questions=(_QUESTION,))
    if short is ReplyIntent.REJECT:
        return ReasonVerdict.REFUSAL
    head = re.split(r"[,;，、]", text, maxsplit=1)
    if len(head) == 2 and len(head[0].split()) <= _NO_HEAD_WORDS and short_answer(
            head[0], locale=locale, questions=(_QUESTION,)) is ReplyIntent.REJECT:
        # "no, Alice not Bob", "non, c'est pas moi": a no first is never the reason why.
        return ReasonVerdict.REFUSAL
    dropped = _words_before_never_mind(text, locale)
    if dropped is not None:
        # "ach egal, vergiss es", "oh well, never mind": dropped, never the reason why (it
        # cancelled the shift). With words before it ("my kid is sick, never mind") it is
        # neither: only a plain yes cancels with them.
        return ReasonVerdict.REFUSAL if dropped <= _NO_HEAD_WORDS else ReasonVerdict.UNSURE
    if _no_after_second_thoughts(text, locale):
        # "pensando bem, não", "on second thought no", "toch maar niet": a no, taken back to.
        return ReasonVerdict.REFUSAL
    if yes_then_no(text, _QUESTION, locale):
        # "sí por favor no lo hagas", "yes, no wait": a yes taken back is no reason.
        return ReasonVerdict.NO_REASON
    if _yes_with_condition(text, locale):
        return ReasonVerdict.CONDITION
    words = read_words(text, _QUESTION, locale)
    if words.refuses_action:
        if (words.own_words and len(text.split()) > _KEEP_ALONE_WORDS
                and not negates(text, locale)):
            return ReasonVerdict.UNSURE
        return ReasonVerdict.REFUSAL
    if words.asks:
        return ReasonVerdict.QUESTION
    if _asks_instead().match(fold_text(text)):
        # "can you move it instead", "tu peux le déplacer plutôt": asked of ERA, never the
        # reason (taken as one, it cancelled the shift).
        return ReasonVerdict.REQUEST
    match = classify_intent(text, locale=locale)
    if match.kind in _REQUEST_KINDS and match.intent not in _NOT_REQUESTS:
        return ReasonVerdict.REQUEST
    if _late_and_nothing_more(text, match.intent, match.slots, locale):
        # "I'll be 20 minutes late", "20分遅れます": the worker is coming after all, late;
        # taken for the reason, it cancelled the shift.
        return ReasonVerdict.REQUEST
    if match.intent in _SOCIAL:
        # "hi", "hello", "bonjour", "thanks": words to ERA, not why the shift goes.
        return ReasonVerdict.NO_REASON
    if words.own_words:
        return ReasonVerdict.REASON
    if short is ReplyIntent.CONFIRM:
        return ReasonVerdict.CONFIRMATION
    if words.names_a_position:
        return ReasonVerdict.CHOICE
    return ReasonVerdict.NO_REASON


def _late_and_nothing_more(text: str, intent: Intent, slots: dict[str, str],
                           locale: str | None) -> bool:
    """Whether `text` says only that the worker will be late, by how much at most ("sorry,
    I'll be late", "遅れます", "je serai en retard de 20 minutes"); a reason said with it ("I'll
    be late, my car broke down") is still the reason."""
    lateness = slots.get("lateness")
    if intent is not Intent.RUNNING_LATE or not lateness:
        return False
    rest = _LATENESS_AMOUNT.sub(" ", text.replace(lateness, " "))
    return not read_words(rest, _QUESTION, locale).own_words


def _words_before_never_mind(text: str, locale: str | None) -> int | None:
    """How many words come before the "never mind" ("vergiss es", "laisse tomber", "算了") the
    text ends with as a clause of its own; None when it ends with none."""
    clauses = [c for c in _CLAUSE_BREAK.split(text) if c.strip()]
    if len(clauses) < 2:
        return None  # a "never mind" alone is read as the flow's stop before this
    match = classify_intent(clauses[-1], locale=locale)
    if match.kind is not MatchKind.CONTROL or match.intent is not Intent.CANCEL_FLOW:
        return None
    if short_answer(clauses[-1], locale=locale, questions=(_QUESTION,)) is not ReplyIntent.REJECT:
        # "I'm sick, cancel it", "malade, annule": the stop words that, asked why the shift
        # goes, say to cancel it; the words before are the reason.
        return None
    return sum(len(clause.split()) for clause in clauses[:-1])


def _no_after_second_thoughts(text: str, locale: str | None) -> bool:
    """Whether `text` is a no once its change-of-mind words are set aside ("on second thought
    no", "bij nader inzien niet"): the words around the no are no reason of the worker's."""
    folded = fold_text(text)
    rest = interrupt_words().marker.sub(" ", folded)
    if rest == folded:
        return False
    return short_answer(rest, locale=locale, questions=(_QUESTION,)) is ReplyIntent.REJECT


def _yes_with_condition(text: str, locale: str | None) -> bool:
    """A yes and then a condition on it ("yes but only the morning", "ok if nobody minds")."""
    words = text.split()
    for size in range(1, min(_YES_WORDS, len(words) - 1) + 1):
        head = " ".join(words[:size]).rstrip(",;:.!-")
        if short_answer(
            head, locale=locale, questions=(_QUESTION,)
        ) is ReplyIntent.CONFIRM and _CONDITION.match(" ".join(words[size:])):
            return True
    return False


# Where a reason starts inside a request: after a clause break (Chinese and Japanese ones too:
# "明日のシフトをキャンセルしたいです。体調が悪いです"), a "because" word, or an "and" that opens
# the "I can't come" clause ("estou doente e não vou amanhã", "sono malata e domani non vengo").
# Japanese says "because" at the end of the reason, with no break after it ("熱があるので休ませて
# ください", "体調不良のため", "熱があるから"): the reason keeps it. After a noun, から is "from"
# ("シフトから", "明日から"), so only a verb or an adjective ending before it counts. A hyphen
# inside a word ("week-end", "après-demain") breaks nothing.
_CLAUSE_BREAK = re.compile(
    r"(?:[,;:.!?()–—。、，；：！？（）]|(?<!\w)-|-(?!\w))+\s*"
    r"|\s+(?:because|cause|cuz|since|coz|parce que|"
    r"parce qu'|puisque|weil|denn|porque|pues|ya que|perché|poiché|perche|omdat|eftersom|"
    r"för att|fordi|fordi at|потому что|так как|çünkü|zira|"
    # As typed in a chat: "pq", "pois", "xké", "xche", "bo", "ponieważ", "gdyż".
    r"pq|pois|xk[eé]|xch[eé]|bo|ponieważ|poniewaz|gdyż|gdyz)\s+|(?<=ので|ため)|(?<=[るいたす]から)|"
    # French "car" and Dutch "want" are English words too ("my car broke down", "I want to"):
    # they open a reason only before the subject of its clause ("car je suis malade", "want ik
    # ben ziek").
    r"\s+car\s+(?=(?:je|il|elle|on|nous|vous|ils|elles|ma|mon|mes|ce|le|la|les|notre|nos)\b"
    r"|[jcl]['’])|"
    r"\s+want\s+(?=(?:ik|je|jij|we|wij|mijn|m'n|het|er|de|hij|zij|ze)\b)|"
    r"因为|由于|所以|"
    # A reason given first, then "so": "my mum is in hospital so I need to cancel saturday",
    # "mijn auto is kapot dus ik kan zondag niet", "je suis malade donc annule lundi". English
    # "so" only before what follows it in a request ("I'm so sick" is no break).
    r"\s+(?:so|and\s+so)\s+(?=(?:i|i'm|i'll|i've|im|ill|can|could|please|pls|plz|cancel)\b)|"
    r"\s+(?:dus|donc|du coup|alors|así que|asi que|por eso|deshalb|daher|darum|quindi|perciò"
    r"|percio|então|entao|por isso|więc|wiec|dlatego)\s+|"
    r"\s+(?:and|y|e|et)\s+(?=(?:i\s+)?(?:can'?t|cannot|won'?t|no|não|nao|non|je ne|je n'|"
    r"tomorrow|today|mañana|hoy|domani|oggi|amanhã|hoje|demain|aujourd'hui)\b)",
    re.IGNORECASE,
)


# Days of one month in a list ("am 1., 3. und 5. Dezember", "on 1st, 3rd and 5th December"):
# their commas and dots join the days, they break no clause.
_DATE_LIST = re.compile(
    rf"\b\d{{1,2}}(?:st|nd|rd|th|er|o|\.)?(?:\s*(?:,|&|\s(?:and|und|et|y|e|en|i))\s*"
    rf"\d{{1,2}}(?:st|nd|rd|th|er|o|\.)?)+\s+(?:of\s+|de\s+)?(?:{MONTHS})\b",
    re.IGNORECASE,
)

# German and Polish write a day of the month with a dot ("am 4. nicht", "den 5.", "4.12."):
# that dot ends no clause ("ich kann am 4. nicht" gave "ich kann am 4" as the reason).
_ORDINAL_DOT_LANGUAGES = frozenset({"de", "pl"})
_ORDINAL_DOT = re.compile(r"(?<![\d.])(\d{1,2})\.(?=\s*[^\W_])")


def reason_in_request(text: str, *, locale: str | None = None) -> str | None:
    """The reason a cancellation request already gives, in the worker's words, or None: the
    first clause, other than the one asking to cancel, that is a reason by `judge_reason`, or
    a statement that is its own reason ("I'm sick today": "I'm sick"). A link is no reason,
    nor the words it is under ("[click here](http://x) cancel my shift" reads "click here
    (http://x) cancel my shift"): they are the page's words, not the worker's."""
    text = _LINKED_WORDS.sub(" ", text or "")
    text = _DATE_LIST.sub(lambda dates: re.sub(r"[,.]", "", dates.group(0)), text)
    if language_of(locale) in _ORDINAL_DOT_LANGUAGES:
        text = _ORDINAL_DOT.sub(r"\1", text)
    clauses = [c.strip() for c in _CLAUSE_BREAK.split(text) if c and c.strip()]
    for clause in clauses:
        match = classify_intent(clause, locale=locale)
        if match.slots.get("reason"):
            # A statement that is its own reason: "I'm sick", "I have the flu".
            return match.slots["reason"][:_MAX_REASON_CHARS]
        # The request itself, a greeting ("bonjour, ...") or another request is no reason.
        if len(clauses) < 2 or match.intent is not Intent.UNKNOWN:
            continue
        if judge_reason(clause, locale=locale) is ReasonVerdict.REASON:
            return clause[:_MAX_REASON_CHARS]
    return None


# A web address with the words of its clause before it: a link's label as a message's text
# carries it ("click here (http://x)"), or words that point at it ("see https://x").
_LINKED_WORDS = re.compile(
    r"[^,;:.!?()\n]*(?:\(\s*(?:https?://|www\.)[^()\s]*\s*\)|(?:https?://|www\.)\S+)", re.I)


# A word between two days that makes them a choice, not a list: "fri or sat", "vendredi ou
# samedi", "freitag oder samstag", "viernes o sábado", "金曜日か土曜日", "周五还是周六".
_EITHER_WORDS = ("or", "ou", "o", "oder", "of", "lub", "albo", "czy")


def _either(words: tuple[str, ...]) -> re.Pattern[str]:
    """The pattern of a choice's "or": one of `words`, or its Japanese and Chinese forms."""
    return re.compile(r"\b(?:" + "|".join(words) + r")\b|か|还是|或")


_EITHER = _either(_EITHER_WORDS)
# A "cannot" before the days, on folded text: with it "or" joins days that are all off ("can't
# do thurs or fri", "je peux pas lundi ou mardi", "no puedo el lunes o el martes").
@functools.cache
def _cannot() -> re.Pattern[str]:
    return re.compile(whole_words(interrupt_fragments("inability")))


@functools.cache
def _asks_instead() -> re.Pattern[str]:
    """A message opening by asking ERA to do something ("can you …", "kannst du …")."""
    return re.compile(r"\W*(?:" + whole_words(interrupt_fragments("reason_asks")) + ")")


# In Portuguese "o" is "the": "o meu turno de sexta e o de sábado" lists both.
_EITHER_PT = _either(tuple(word for word in _EITHER_WORDS if word != "o"))


def days_as_a_choice(text: str, locale: str | None = None) -> bool:
    """Whether the days a request names are offered as a choice ("cancel fri or sat": one of
    them) rather than listed ("cancel fri and sat": both)."""
    folded = fold(text).text
    # The day words of the rules, and the weekdays of every language: "月曜日か火曜日" and
    # "周一或周二" have no word boundaries, "segunda ou terça" no "-feira".
    days = sorted({match.span() for match in intent_rules().day_re.finditer(folded)}
                  | set(weekday_spans(folded)))
    if not days:
        return False
    # "I can't do thurs or fri" is neither day: a list, as "thurs and fri" is.
    if _cannot().search(folded, 0, days[0][0]):
        return False
    # Not every short day is a day word ("sat" is a verb too): after the first, "or" is enough.
    end = days[-1][0] if len(days) > 1 else len(folded)
    either = (_EITHER_PT if language_of(locale) == "pt" else _EITHER).search(
        folded, days[0][1], end)
    # Unspaced weekdays are always found, and "か" also ends a question ("…できますか"): a
    # choice there needs its second day.
    return either is not None and (len(days) > 1 or either.group(0) not in _UNSPACED_EITHER)


_UNSPACED_EITHER = frozenset({"か", "还是", "或"})


@functools.cache
def _same_reason() -> re.Pattern[str]:
    """Every language's whole-message "same reason" (`same_reason`)."""
    return re.compile("|".join(f"(?:{f})" for f in interrupt_fragments("same_reason")) or "(?!)")


def same_reason_meant(text: str) -> bool:
    """Whether the whole of `text` says the reason is the one given just before ("same
    reason", "même raison", "aus dem gleichen Grund", "同じ理由です", "原因一样")."""
    folded = fold_text(text).strip(" .,!。！、~")
    return bool(folded) and _same_reason().fullmatch(folded) is not None
