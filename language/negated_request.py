"""A request said in the negative: "don't cancel 1", "do not cancel the first one", "n'annule
pas le 1", "no canceles el 1", "storniere nicht die 1", "キャンセルしないで", "不要取消".

The words of the request still match its rule (a cancellation), but the person asks for the
opposite: the request must not start. Only a negation that governs the verb counts, so it has to
open the message ("don't …", "ne … pas", "no …" without a comma after it) or stand next to the
action verb ("… nicht stornieren"); "no, cancel 1" (a no to something else, then the request)
and "cancel my Friday shift, not Saturday" are requests.
"""

from __future__ import annotations

import re

from core.text_fold import fold_text
from language.intent_rules import language_of

# The action verbs a request starts with, by language (folded: no accents).
_EN = (r"(?:cancel|delete|remove|drop|assign|unassign|swap|switch|book|send|email|mail|call|ring"
       r"|move|give|take|reschedule|schedule|put|change|do)\b")
_FR = (r"(?:annul|supprim|retir|enlev|envoi|envoy|ecri|reserv|assign|affect|met|echang|permut"
       r"|deplac|donn|appel|programm|planifi|fai)\w*")
_ES = (r"(?:cancel|anul|borr|elimin|quit|asign|pon|pong|cambi|intercambi|envi|mand|escrib"
       r"|reserv|agend|program|llam|muev|mov)\w*")
_IT = (r"(?:cancell|annull|elimin|togli|assegn|scambi|invi|mand|scriv|prenot|fiss|chiam|spost"
       r"|metti|dai)\w*")
_PT = (r"(?:cancel|anul|remov|tir|atribu|troc|envi|mand|escrev|reserv|marc|agend|lig|mov"
       r"|pass|coloc)\w*")
_NL = r"(?:annuleer|annuleren|verwijder|stuur|sturen|boek|boeken|bel|bellen|ruil|ruilen)\b"
_PL = r"(?:odwo|anuluj|usun|przypisz|zamien|wysl|napisz|zarezerwuj|umow|zadzwon|przenie)\w*"
_DE = r"(?:storn|losch|loesch|streich|cancel|annull|schick|send|buch|tausch|trag|verschieb)\w*"
# What opens a second clause: "…, call him", "… but call him", "… mais appelle-le".
_CLAUSES = re.compile(
    r"[,;]|\b(?:but|instead|rather|mais|plutot|pero|sino|aber|sondern|ma|mas|maar|ale)\b")
_VERBS = {code: re.compile(rf"(?:(?:please|just|then)\s+)*{verbs}") for code, verbs in (
    ("en", _EN), ("fr", _FR), ("es", _ES), ("it", _IT), ("pt", _PT), ("nl", _NL), ("pl", _PL),
    ("de", _DE))}
_OBJECT_FR = r"(?:(?:l'|le\s+|la\s+|les\s+|lui\s+|leur\s+))?"
_BY_LANGUAGE: dict[str, re.Pattern[str]] = {
    "en": re.compile(
        r"^(?:(?:please|but|and|oh|ok|okay|wait|actually|no)\s+)*(?:i\s+)?"
        rf"(?:don'?t|do\s+not|never)\s+(?:(?:want|need)\s+(?:you\s+)?to\s+)?{_EN}"
    ),
    "fr": re.compile(
        r"^(?:(?:mais|et|non|s'il te plait|s'il vous plait|stp|svp)\s+)*(?:je\s+)?"
        rf"(?:(?:ne|n')\s*{_OBJECT_FR}{_FR}\s+(?:\w+\s+)?pas\b"
        rf"|(?:ne\s+)?(?:veux\s+|voudrais\s+)?pas\s+{_OBJECT_FR}{_FR}"
        rf"|ne\s+(?:veux|voudrais)\s+pas\s+{_OBJECT_FR}{_FR})"
    ),
    "es": re.compile(
        r"^(?:(?:pero|y|por favor)\s+)*(?:yo\s+)?no\s+(?:(?:me|lo|la|le|les|los|las)\s+)?"
        rf"(?:(?:quiero|quisiera|hace\s+falta)\s+)?{_ES}"
    ),
    "it": re.compile(
        rf"^(?:(?:ma|e|per favore)\s+)*non\s+(?:(?:lo|la|le|gli)\s+)?(?:voglio\s+)?{_IT}"
    ),
    "pt": re.compile(
        r"^(?:(?:mas|e|por favor)\s+)*(?:eu\s+)?nao\s+(?:(?:o|a|os|as|me)\s+)?"
        rf"(?:quero\s+)?{_PT}"
    ),
    "nl": re.compile(rf"^(?:(?:maar|en)\s+)*niet\s+(?:\w+\s+){{0,2}}?{_NL}"
                     rf"|\b{_NL}\s+(?:\w+\s+){{0,2}}?niet\b"),
    "pl": re.compile(rf"^(?:(?:ale|i|prosze)\s+)*nie\s+(?:chce\s+)?{_PL}"),
    "de": re.compile(
        rf"\b{_DE}\s+(?:\w+\s+){{0,2}}?nicht\b|\bnicht\s+(?:\w+\s+){{0,2}}?(?:{_DE}|absag\w*)"
        r"|\bsag\w*\s+(?:\w+\s+){0,3}?nicht\s+(?:\w+\s+){0,2}?ab\b"
    ),
    "ja": re.compile(r"しないで|しなくて(?:いい|大丈夫)|取り消さないで|送らないで|入れないで"),
    "zh": re.compile(r"(?:不要|别|不用|不必|不)(?:帮我)?(?:取消|删除|删掉|安排|发|调|换|预约|订)"),
}


def negates_request(text: str, locale: str | None = None) -> bool:
    """Whether the message asks for its request not to be done ("don't cancel 1")."""
    folded = fold_text(text or "").strip()
    if not folded:
        return False
    language = language_of(locale) or "en"
    codes = dict.fromkeys((language.split("-")[0], "en"))
    if not any(
        pattern.search(folded) is not None
        for code in codes if (pattern := _BY_LANGUAGE.get(code)) is not None
    ):
        return False
    # "don't email him, call him": the no is to the first request, and a second one follows.
    later = _CLAUSES.split(folded)[1:]
    return not any(
        verbs.match(clause.strip())
        for clause in later for code in codes if (verbs := _VERBS.get(code)) is not None
    )


# The negation words taken out to read what was asked not to be done, by language.
_NEGATION_WORDS: dict[str, re.Pattern[str]] = {
    "en": re.compile(r"\b(?:don'?t|do\s+not|never)\s+", re.IGNORECASE),
    "fr": re.compile(r"\bne\s+|\bn'|\s*\bpas\b", re.IGNORECASE),
    "es": re.compile(r"^\s*no\s+", re.IGNORECASE),
    "it": re.compile(r"^\s*non\s+", re.IGNORECASE),
    "pt": re.compile(r"^\s*n[aã]o\s+", re.IGNORECASE),
    "nl": re.compile(r"\s*\bniet\b", re.IGNORECASE),
    "pl": re.compile(r"^\s*nie\s+", re.IGNORECASE),
    "de": re.compile(r"\s*\bnicht\b", re.IGNORECASE),
    "ja": re.compile(r"しないで"),
    "zh": re.compile(r"不要|别|不用|不必"),
}
# A negative imperative in Spanish is a subjunctive: "no canceles" asks the "cancela" not done.
_ES_SUBJUNCTIVE = re.compile(r"^(\w+)(?:es|e)\b", re.IGNORECASE)


def affirmed(text: str, locale: str | None = None) -> str:
    """The request a negated message asks not to be done, with its negation taken out
    ("n'annule pas le 1" -> "annule le 1", "no canceles el 1" -> "cancela el 1")."""
    language = (language_of(locale) or "en").split("-")[0]
    pattern = _NEGATION_WORDS.get(language, _NEGATION_WORDS["en"])
    plain = " ".join(pattern.sub(" ", text).split())
    if language == "ja":
        plain = pattern.sub("して", text)
    elif language == "es":
        plain = _ES_SUBJUNCTIVE.sub(lambda m: m.group(1) + "a", plain, count=1)
    return plain


_CANCEL_VERB = re.compile(
    r"\b(?:cancel|annul|anul|storn|absag|cancell|odwo|annuleer|borr|elimin)\w*|取消|キャンセル",
    re.IGNORECASE)


def cancels(text: str) -> bool:
    """Whether the words ask to cancel something ("cancela el 1", "storniere die 1")."""
    return _CANCEL_VERB.search(fold_text(text)) is not None
