"""Rules-based, multilingual intent classification for the router and the interrupt check.

`classify_intent` maps a user's message to an `Intent` without any model: the text is folded
(case, accents, apostrophes, spaces), then tried against precompiled rules in a fixed order of
specificity: "!improve" feedback, whole-message control words (cancel, help, start over,
transfer, greetings), requests for an action (cancel a shift or a meeting, reschedule, swap,
unassign, book a call or a meeting, email, assign, my shifts), and last a manager's description
of a situation (advice). Every rule is tagged with its language (en, fr, es, de, it, pt, nl, plus
a few control words in other scripts); all languages are always active and the locale only breaks
ties between languages. The match also says how the intent was expressed (`MatchKind`): a bare
control word, a request opening the message, a mention inside a statement, or a description,
which is what the interrupt check needs to tell a request from an answer.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from dataclasses import dataclass, field
from enum import StrEnum

from core.intent import Intent

_MAX_TEXT = 2000  # longer messages are classified on their start; rules look at the request
_MAX_CONTROL = 120  # a control word with fillers is short; longer text is never one
_FOLD_CACHE_LIMIT = 8192


class MatchKind(StrEnum):
    """How the intent was expressed in the message."""

    CONTROL = "control"  # the whole message is a control word or a greeting ("cancel", "help")
    COMMAND = "command"  # the message opens with the request ("cancel my shift", "I want to ...")
    MENTION = "mention"  # the request sits inside a statement ("I need to cancel my shift")
    DESCRIPTION = "description"  # a situation or a question for advice
    NONE = "none"  # nothing recognised


@dataclass(frozen=True)
class IntentMatch:
    """The classifier's answer.

    slots holds what was cheap to pick out, in the user's own spelling: "feedback" (after
    "!improve"), "person" and "other_person" (a name after "assign", "email", "with", ...),
    "day" ("tomorrow", "vendredi"), "topic" (after "about"). language is the language of the
    rule that matched ("en", "fr", ...), None when no rule did or the rule has no language.
    rule names the rule that matched, for logs.
    """

    intent: Intent
    confidence: float
    kind: MatchKind
    language: str | None = None
    slots: dict[str, str] = field(default_factory=dict, hash=False)
    rule: str = ""

    def __post_init__(self) -> None:
        if not 0.0 <= self.confidence <= 1.0:
            raise ValueError(f"confidence must be within 0..1, got {self.confidence}")


# --- folding -------------------------------------------------------------------------------

_PUNCT_FOLD = {
    "\u2019": "'", "\u2018": "'", "\u02bc": "'", "\u00b4": "'", "`": "'",
    "\u201c": '"', "\u201d": '"', "\u201e": '"',
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": " ", "\u2014": " ",
}
_fold_cache: dict[str, str] = {}


def _fold_char(ch: str) -> str:
    cached = _fold_cache.get(ch)
    if cached is not None:
        return cached
    if ch in _PUNCT_FOLD:
        folded = _PUNCT_FOLD[ch]
    elif ch.isspace():
        folded = " "
    else:
        parts = []
        for c in unicodedata.normalize("NFKC", ch).casefold():
            base = unicodedata.normalize("NFD", c)[0]
            # Strip accents from Latin letters only: kana and other scripts keep their marks.
            parts.append(base if base.isascii() else c)
        folded = "".join(parts)
    if len(_fold_cache) < _FOLD_CACHE_LIMIT:
        _fold_cache[ch] = folded
    return folded


@dataclass(frozen=True)
class _Folded:
    """Folded text plus, for every folded character, the index of its original character."""

    text: str
    origin: tuple[int, ...]
    original: str

    def original_span(self, start: int, end: int) -> str:
        """The original characters behind folded[start:end], stripped."""
        if start >= end:
            return ""
        return self.original[self.origin[start] : self.origin[end - 1] + 1].strip(" ,.;:!?")


def _fold(text: str) -> _Folded:
    out: list[str] = []
    origin: list[int] = []
    for index, ch in enumerate(text):
        folded = _fold_char(ch)
        for piece in folded:
            if piece == " " and (not out or out[-1] == " "):
                continue
            out.append(piece)
            origin.append(index)
    while out and out[-1] == " ":
        out.pop()
        origin.pop()
    return _Folded("".join(out), tuple(origin), text)


def fold_text(text: str) -> str:
    """The form every rule matches on: casefolded, Latin accents stripped, apostrophes and
    quotes made plain, runs of whitespace collapsed. Other pure detectors reuse it."""
    return _fold(text).text


# --- shared lexicon ------------------------------------------------------------------------

_NAME = r"[^\W\d_][\w'.-]*"
_GAP = r"(?:\s+[\w'/:-]+){0,4}?\s+(?:[a-z]{1,3}')?"  # up to four words, then "l'", "un'"...
_GAP3 = r"(?:\s+[\w'/:-]+){0,3}?\s+(?:[a-z]{1,3}')?"
_DAY = (
    r"(?:(?:tue|tues|wed|thu|thur|thurs|fri)\b\.?"
    r"|(?:mon|tues|wednes|thurs|fri|satur|sun)days?"
    r"|today|tonight|tomorrow|tmrw|tmr|(?:this|next)\s+week(?:end)?|weekend"
    r"|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|aujourd'hui|apres-demain|demain"
    r"|ce\s+soir|ce\s+week-?end"
    r"|lunes|martes|miercoles|jueves|viernes|sabado|domingo|hoy|pasado\s+manana|manana"
    r"|esta\s+noche|fin\s+de\s+semana"
    r"|montags?|dienstags?|mittwochs?|donnerstags?|freitags?|samstags?|sonnabends?|sonntags?"
    r"|heute|ubermorgen|uebermorgen|morgen"
    r"|lunedi|martedi|mercoledi|giovedi|venerdi|domenica|oggi|dopodomani|domani|stasera"
    r"|(?:segunda|terca|quarta|quinta|sexta)(?:-feira|\s+feira)"
    r"|(?:na|nesta|proxima|esta|de|ate)\s+(?:segunda|terca|quarta|quinta|sexta)"
    r"|hoje|depois\s+de\s+amanha|amanha|fim\s+de\s+semana"
    r"|maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag|vandaag|overmorgen|vanavond"
    r"|\d{1,2}(?:st|nd|rd|th)|\d{1,2}[/.]\d{1,2}(?:[/.]\d{2,4})?)"
)
_DAY_RE = re.compile(rf"\b{_DAY}\b")


def _word_set(words: str) -> frozenset[str]:
    return frozenset(re.split(r"\s+", words.strip()))


# Words a name slot must not be: they follow "call"/"email"/"assign" without naming anyone.
_NOT_A_PERSON = _word_set(
    "in off it back out up about to for on with the a an this that all is was are be me my "
    "our your us sick there here today tomorrow shift shifts schedule meeting appointment hr "
    "moi nous le la les un une des du de au mon ma mes el los las lo uno una mi mis del al "
    "mich mir uns der die das den dem ein eine einen mein meine il gli i mio mia miei "
    "o os um uma meu minha meus ik mij het een mijn"
)
# Pronouns stand for the person in context: the request stands, but there is no name to fill.
_PRONOUNS = _word_set(
    "him her them his hers their someone somebody everyone everybody anyone lui elle eux "
    "leur quelqu'un ihn ihm ihr sie jemanden jemand ele ela eles elas lhe alguien alguem "
    "qualcuno lei loro hem haar ze zij iemand"
)

_LANG_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "SHIFT": r"(?:shifts?|rota\s+slots?)",
        "MEET": (
            r"(?:meetings?|appointments?|appts?|calls?|bookings?|reservations?|events?"
            r"|interviews?|sessions?|consultations?|1:1s?|one[- ]on[- ]ones?|1[- ]on[- ]1s?"
            r"|catch[- ]ups?|check[- ]ins?)"
        ),
        "CANCEL": r"(?:cancel|cancell?ing|call\s+off|drop|give\s+up)",
        "PREP": r"(?:to|with|for)",
        "AND": r"(?:and|&|with)",
        "ABOUT": r"(?:about|regarding|concerning|re:)",
    },
    "fr": {
        "SHIFT": r"(?:services?|postes?|quarts?|shifts?|vacations?)",
        "MEET": (
            r"(?:rendez-vous|rendez\s+vous|rdv|reunions?|appels?|entretiens?|reservations?"
            r"|consultations?|seances?|visios?|visioconferences?|rencontres?)"
        ),
        "CANCEL": (
            r"(?:annuler|annule|annulez|annulation|supprimer|supprime|supprimez|decommander"
            r"|decommande)"
        ),
        "PREP": r"(?:a|avec|pour)",
        "AND": r"(?:et|avec)",
        "ABOUT": r"(?:au\s+sujet\s+de|a\s+propos\s+de|concernant|sur)",
    },
    "es": {
        "SHIFT": r"(?:turnos?|guardias?|jornadas?)",
        "MEET": (
            r"(?:citas?|reunion|reuniones|llamadas?|reservas?|entrevistas?|consultas?|sesion"
            r"|videollamadas?)"
        ),
        "CANCEL": r"(?:cancelar|cancela|cancele|cancelen|cancelame|anular|anula|anule)",
        "PREP": r"(?:a|con|para)",
        "AND": r"(?:y|e|con)",
        "ABOUT": r"(?:sobre|acerca\s+de|respecto\s+a|por)",
    },
    "de": {
        "SHIFT": (
            r"(?:schicht|schichten|dienst|dienste|dienstes|arbeitsschicht|fruhschicht"
            r"|spatschicht|nachtschicht)"
        ),
        "MEET": (
            r"(?:termin|termine|termins|besprechung|besprechungen|meeting|meetings|anruf"
            r"|telefonat|buchung|gesprach|gespraech|reservierung|sitzung|videocall|call"
            r"|telefontermin)"
        ),
        "CANCEL": r"(?:absagen|abzusagen|stornieren|storniere|streichen|streiche|canceln)",
        "PREP": r"(?:an|mit|fur)",
        "AND": r"(?:und|mit)",
        "ABOUT": r"(?:wegen|uber|bezuglich)",
    },
    "it": {
        "SHIFT": r"(?:turno|turni)",
        "MEET": (
            r"(?:appuntamento|appuntamenti|riunione|riunioni|chiamata|chiamate|telefonata"
            r"|prenotazione|colloquio|incontro|meeting|call|videochiamata|visita)"
        ),
        "CANCEL": (
            r"(?:annullare|annulla|annullo|annullami|disdire|disdici|disdico|cancellare|cancella"
            r"|cancello|eliminare|elimina)"
        ),
        "PREP": r"(?:a|con|per)",
        "AND": r"(?:e|ed|con)",
        "ABOUT": r"(?:riguardo|circa|su|sul|sulla|per)",
    },
    "pt": {
        "SHIFT": r"(?:turnos?|plantao|plantoes|expediente)",
        "MEET": (
            r"(?:reuniao|reunioes|consultas?|compromissos?|chamadas?|ligacao|marcacao|agendamento"
            r"|reservas?|entrevistas?|sessao|videochamadas?|encontros?)"
        ),
        "CANCEL": r"(?:cancelar|cancela|cancele|cancelo|anular|anula|desmarcar|desmarca|desmarque)",
        "PREP": r"(?:para|pra|com|a)",
        "AND": r"(?:e|com)",
        "ABOUT": r"(?:sobre|a\s+respeito\s+de|acerca\s+de)",
    },
    "nl": {
        "SHIFT": r"(?:dienst|diensten|shift|shifts|werkdienst)",
        "MEET": (
            r"(?:afspraak|afspraken|vergadering|vergaderingen|meeting|meetings|gesprek|gesprekken"
            r"|boeking|reservering|belafspraak|overleg|call|telefoongesprek)"
        ),
        "CANCEL": r"(?:annuleren|annuleer|annuleert|afzeggen|afmelden|cancelen|schrappen|schrap)",
        "PREP": r"(?:aan|met|voor|naar)",
        "AND": r"(?:en|met)",
        "ABOUT": r"(?:over|betreffende|inzake)",
    },
    "xx": {},
}


def _expand(pattern: str, language: str) -> str:
    words = _LANG_WORDS[language]
    expanded = (
        pattern.replace("%DAY%", _DAY)
        .replace("%NAME%", _NAME)
        .replace("%GAP%", _GAP)
        .replace("%GAP3%", _GAP3)
    )
    for key, value in words.items():
        expanded = expanded.replace(f"%{key}%", value)
    if "%" in expanded:
        raise ValueError(f"unexpanded placeholder in rule for {language}: {pattern}")
    return expanded


# --- the head of a message: greetings, fillers, change-of-mind markers, request openers -----

_GREETINGS = (
    r"hi|hello|hey|hiya|howdy|yo|good\s+(?:morning|afternoon|evening|day)|greetings"
    r"|bonjour|bonsoir|salut|coucou|hola|buenos\s+dias|buenas\s+(?:tardes|noches)|buenas"
    r"|hallo|guten\s+(?:morgen|tag|abend)|moin|servus|gruss\s+gott|gruezi|ciao|buongiorno"
    r"|buonasera|salve|ola|oi|bom\s+dia|boa\s+(?:tarde|noite)|hoi|goedemorgen|goedemiddag"
    r"|goedenavond|hej|hei|halla|ahoj|czesc|merhaba|selam"
)
_FILLERS = (
    r"ok|okay|k|so|well|um+|uh+|erm?|oh|ah|alright|all\s+right|right|yes|yeah|yep|no|nope|nah"
    r"|hmm+|sorry|bon|alors|ben|euh|bah|oui|non|d'accord|vale|bueno|pues|oye|si|also|gut|na"
    r"|ja|nein|allora|ecco|senti|beh|va\s+bene|bem|entao|olha|nao|sim|pronto|nou|oke|dus|goed"
    r"|nee"
)
_MARKERS = (
    r"actually|instead|rather|on\s+second\s+thoughts?|wait|no\s+wait|hold\s+on|scratch\s+that"
    r"|change\s+of\s+plans?|en\s+fait|plutot|finalement|tout\s+compte\s+fait|attends|au\s+fait"
    r"|en\s+realidad|de\s+hecho|pensandolo\s+bien|mejor|espera|en\s+vez\s+de\s+eso|eigentlich"
    r"|lieber|doch|warte|moment|in\s+realta|anzi|piuttosto|invece|aspetta|a\s+pensarci\s+bene"
    r"|na\s+verdade|alias|pensando\s+bem|em\s+vez\s+disso|eigenlijk|liever|toch|wacht"
    r"|bij\s+nader\s+inzien"
)
_OPENERS = (
    r"please|pls|plz|kindly|can\s+you|could\s+you|would\s+you|will\s+you|can\s+u|could\s+u"
    r"|can\s+we|could\s+we|shall\s+we"
    r"|can\s+i|could\s+i|may\s+i|i\s+want\s+to|i\s+wanna|i\s+would\s+like\s+to|i'd\s+like\s+to"
    r"|id\s+like\s+to|i\s+wish\s+to|let's|lets|let\s+me|go\s+ahead\s+and|i\s+want\s+you\s+to"
    r"|i'd\s+like\s+you\s+to|i'm\s+trying\s+to|im\s+trying\s+to|i\s+am\s+trying\s+to"
    r"|i'd\s+love\s+to|is\s+it\s+possible\s+to|i'm\s+looking\s+to|i\s+am\s+looking\s+to"
    r"|i\s+want|i'd\s+like|i\s+would\s+like"
    r"|s'il\s+(?:te|vous)\s+plait|svp|stp|peux-tu|peux\s+tu|pouvez-vous|pouvez\s+vous"
    r"|tu\s+peux|vous\s+pouvez|est-ce\s+que\s+(?:tu\s+peux|vous\s+pouvez|je\s+peux)"
    r"|je\s+veux|je\s+voudrais|j'aimerais|je\s+souhaite|je\s+souhaiterais|on\s+peut|je\s+peux"
    r"|puis-je|merci\s+de|est-il\s+possible\s+de"
    r"|por\s+favor|puedes|podrias|me\s+puedes|me\s+podrias|me\s+puede|puede|podria|quiero"
    r"|quisiera|me\s+gustaria|deseo|vamos\s+a|puedo|se\s+puede"
    r"|bitte|kannst\s+du|konnen\s+sie|konntest\s+du|konnten\s+sie|ich\s+mochte|ich\s+will"
    r"|ich\s+wurde\s+gerne?|ich\s+hatte\s+gerne?|kann\s+ich|darf\s+ich|lass\s+uns|lasst\s+uns"
    r"|konnen\s+wir|ich\s+wollte"
    r"|per\s+favore|per\s+piacere|puoi|potresti|mi\s+puoi|mi\s+potresti|voglio|vorrei|desidero"
    r"|mi\s+piacerebbe|posso|possiamo"
    r"|voce\s+pode|vc\s+pode|pode|podes|poderia|podia|quero|queria|gostaria\s+de|desejo|vamos"
    r"|alsjeblieft|alstublieft|aub|graag|kun\s+je|kunt\s+u|kan\s+je|zou\s+je|zou\s+u|ik\s+wil"
    r"|ik\s+zou\s+graag|mag\s+ik|kan\s+ik|laten\s+we"
)
# Openers of obligation: "I need to cancel ..." reads as a statement, not as a command.
_NEED_OPENERS = (
    r"i\s+need\s+to|i\s+have\s+to|i\s+must|i've\s+got\s+to|i\s+gotta|i\s+got\s+to|need\s+to"
    r"|je\s+dois|il\s+faut\s+que\s+je|il\s+me\s+faut|tengo\s+que|necesito|debo|ich\s+muss"
    r"|devo|ho\s+bisogno\s+di|preciso(?:\s+de)?|tenho\s+que|tenho\s+de|ik\s+moet"
)
_HELP_OPENERS = (
    r"help\s+me(?:\s+to)?|aide-moi\s+a|aidez-moi\s+a|ayudame\s+a|hilf\s+mir|aiutami\s+a"
    r"|me\s+ajuda\s+a"
)
_LEAD_WORDS = (
    rf"(?:{_GREETINGS})(?:\s+(?:there|era|bot|team|all|everyone))?"
    rf"|{_FILLERS}|{_MARKERS}|{_OPENERS}|{_NEED_OPENERS}"
)
_LEAD = re.compile(rf"(?:[\W_]*\b(?:{_LEAD_WORDS})\b)*[\W_]*")
_HEAD = re.compile(rf"(?:[\W_]*\b(?:{_LEAD_WORDS}|{_HELP_OPENERS})\b)*[\W_]*")
_NEED_RE = re.compile(rf"\b(?:{_NEED_OPENERS})\b")
_TRAIL = re.compile(
    r"(?:[\W_]*\b(?:please|pls|plz|now|then|thanks|thank\s+you|thx|ty|svp|stp"
    r"|s'il\s+(?:te|vous)\s+plait|merci|por\s+favor|gracias|bitte|danke|per\s+favore|grazie"
    r"|obrigad[oa]|alsjeblieft|alstublieft|aub|dank\s+je(?:\s+wel)?|bedankt|era|bot|instead"
    r"|right\s+now|immediately|asap)\b)*[\W_]*$"
)
_GREETING_ONLY = re.compile(
    rf"[\W_]*(?:(?:{_GREETINGS})(?:\s+(?:there|era|bot|team|all|everyone))?"
    r"|\u3053\u3093\u306b\u3061\u306f|\u304a\u306f\u3088\u3046|\u3053\u3093\u3070\u3093\u306f"
    r"|\u4f60\u597d|\u60a8\u597d|\u0645\u0631\u062d\u0628\u0627|\u0627\u0647\u0644\u0627"
    r"|\u043f\u0440\u0438\u0432\u0435\u0442|\u0437\u0434\u0440\u0430\u0432\u0441\u0442\u0432"
    r"\u0443\u0439\u0442\u0435)"
    r"(?:[\W_]+(?:how\s+are\s+you|how's\s+it\s+going|ca\s+va|que\s+tal|wie\s+geht'?s"
    r"|come\s+stai|tudo\s+bem|hoe\s+gaat\s+het))?[\W_]*"
)
_FEEDBACK = re.compile(r"^\s*!\s*improve\b[\s:,-]*(?P<feedback>.*)$", re.IGNORECASE | re.DOTALL)


# --- rules ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Rule:
    """One precompiled pattern for an intent in a language."""

    intent: Intent
    language: str
    pattern: re.Pattern[str]
    confidence: float
    name: str
    head_only: bool  # counts only where the request opens the message ("call Bob")
    needs_name: bool  # the "person" group must hold a name, not "in" as in "call in sick"
    unless: re.Pattern[str] | None
    statement: bool = False  # a statement implying the request ("I can't make Friday")


_rule_numbers = itertools.count(1)


def _rules(
    intent: Intent,
    language: str,
    patterns: tuple[str, ...],
    confidence: float = 0.9,
    *,
    head_only: bool = False,
    needs_name: bool = False,
    unless: str | None = None,
    statement: bool = False,
) -> list[_Rule]:
    unless_re = re.compile(_expand(unless, language)) if unless else None
    return [
        _Rule(
            intent=intent,
            language=language,
            pattern=re.compile(_expand(pattern, language)),
            confidence=confidence,
            name=f"{intent}:{language}:{next(_rule_numbers)}",
            head_only=head_only,
            needs_name=needs_name,
            unless=unless_re,
            statement=statement,
        )
        for pattern in patterns
    ]


def _control_rules(intent: Intent, cores: dict[str, str]) -> list[_Rule]:
    return [
        _Rule(
            intent=intent,
            language=language,
            pattern=re.compile(rf"(?:{core})"),
            confidence=0.95,
            name=f"{intent}:{language}:control",
            head_only=False,
            needs_name=False,
            unless=None,
        )
        for language, core in cores.items()
    ]


_CONTROL_RULES: tuple[_Rule, ...] = tuple(
    _control_rules(
        Intent.CANCEL_FLOW,
        {
            "en": (
                r"cancel(?:\s+(?:it|this|that|that\s+one|everything|all|all\s+of\s+(?:it|this)"
                r"|the\s+whole\s+thing|the\s+request|this\s+request))?"
                r"|stop(?:\s+(?:it|this|that|everything))?|quit|exit|abort"
                r"|end(?:\s+(?:this|it|the\s+conversation))?|never\s*mind|nvm"
                r"|forget\s+(?:about\s+)?(?:it|that|this)|leave\s+it|don'?t\s+bother|enough"
                r"|that'?s\s+enough"
            ),
            "fr": (
                r"annul(?:er|e|ez)(?:\s+(?:ca|tout|cela))?|stop|arrete(?:\s+(?:ca|tout))?"
                r"|arretez|arreter|on\s+arrete|laissez?\s+tomber|oubliez?(?:\s+ca)?|tant\s+pis"
                r"|quitter|sortir|abandonner"
            ),
            "es": (
                r"cancelar|cancela(?:lo)?|anular|anula(?:lo)?|para|parar|detente|basta"
                r"|olvidalo|olvidate|dejalo|salir|terminar|no\s+importa|stop"
            ),
            "de": (
                r"abbrechen|abbruch|brich\s+ab|stopp|stop|halt|aufhoren|hor\s+auf|vergiss\s+es"
                r"|lass\s+es|lass\s+gut\s+sein|beenden|ende|schluss|stornieren|storno"
            ),
            "it": (
                r"annulla(?:re|lo)?|stop|basta|ferma(?:ti)?|fermo|smetti(?:la)?"
                r"|lascia\s+(?:perdere|stare)|lasciamo\s+perdere|esci|uscire|stoppa"
            ),
            "pt": (
                r"cancelar|cancela|cancele|anular|parar|para|pare|chega|basta|esquece|esqueca"
                r"|deixa\s+(?:pra|para)\s+la|sair|desistir|stop"
            ),
            "nl": (
                r"annuleer|annuleren|stop|stoppen|ophouden|hou\s+op|laat\s+maar(?:\s+zitten)?"
                r"|vergeet\s+het|afbreken|breek\s+af|stop\s+ermee"
            ),
            "xx": (
                "\u30ad\u30e3\u30f3\u30bb\u30eb|\u3084\u3081\u3066|\u3084\u3081\u308b|\u4e2d\u6b62"
                "|\u53d6\u308a\u6d88\u3057|\u53d6\u6d88|\u505c\u6b62|\u7b97\u4e86"
                "|\u0625\u0644\u063a\u0627\u0621|\u0627\u0644\u063a\u0627\u0621"
                "|\u062a\u0648\u0642\u0641|\u043e\u0442\u043c\u0435\u043d\u0430"
                "|\u043e\u0442\u043c\u0435\u043d\u0438\u0442\u044c|\u0441\u0442\u043e\u043f"
                "|iptal"
            ),
        },
    )
    + _control_rules(
        Intent.HELP,
        {
            "en": (
                r"help(?:\s+me)?|i\s+need\s+help|need\s+help|help\s+please"
                r"|can\s+you\s+help(?:\s+me)?|how\s+can\s+you\s+help(?:\s+me)?"
                r"|what\s+can\s+you\s+(?:do|help\s+with)(?:\s+for\s+me)?|what\s+do\s+you\s+do"
                r"|what\s+are\s+you|who\s+are\s+you|what\s+is\s+this|how\s+does\s+this\s+work"
                r"|how\s+do\s+(?:i|you)\s+use\s+(?:this|you|era|it)"
                r"|what\s+can\s+i\s+(?:do|ask|say)(?:\s+(?:here|you))?|commands|menu|options|info"
                r"|instructions|what\s+are\s+(?:my|the)\s+options"
            ),
            "fr": (
                r"aide|aidez-moi|aide-moi|a\s+l'aide|au\s+secours|j'ai\s+besoin\s+d'aide"
                r"|besoin\s+d'aide|que\s+(?:peux-tu|pouvez-vous|sais-tu|savez-vous)\s+faire"
                r"|qu'est-ce\s+que\s+(?:tu|vous)\s+(?:peux|pouvez|sais|savez)\s+faire"
                r"|tu\s+(?:peux|sais)\s+faire\s+quoi|comment\s+ca\s+(?:marche|fonctionne)"
                r"|tu\s+sers\s+a\s+quoi|qui\s+es-tu"
            ),
            "es": (
                r"ayuda|ayudame|ayudeme|necesito\s+ayuda|socorro"
                r"|que\s+(?:puedes|sabes|podes)\s+hacer|que\s+haces|como\s+funciona(?:\s+esto)?"
                r"|quien\s+eres"
            ),
            "de": (
                r"hilfe|hilf\s+mir|helfen\s+sie\s+mir|ich\s+brauche\s+hilfe|brauche\s+hilfe"
                r"|was\s+(?:kannst\s+du|konnen\s+sie)(?:\s+(?:tun|machen))?"
                r"|wie\s+funktioniert\s+(?:das|es)|wer\s+bist\s+du"
            ),
            "it": (
                r"aiuto|aiutami|aiutatemi|mi\s+aiuti|ho\s+bisogno\s+di\s+aiuto"
                r"|(?:che\s+)?cosa\s+(?:puoi|sai)\s+fare|cosa\s+fai|come\s+funziona|chi\s+sei"
            ),
            "pt": (
                r"ajuda|ajude-me|me\s+ajud[ae]|socorro|preciso\s+de\s+ajuda"
                r"|o\s+que\s+(?:voce|vc|tu)\s+(?:pode|sabe|podes|sabes)\s+fazer|como\s+funciona"
                r"|quem\s+e\s+voce"
            ),
            "nl": (
                r"help|hulp|help\s+me|ik\s+heb\s+hulp\s+nodig|hulp\s+nodig"
                r"|wat\s+(?:kun|kan)\s+je(?:\s+(?:doen|allemaal))?|wat\s+kunt\s+u(?:\s+doen)?"
                r"|hoe\s+werkt\s+(?:dit|het)|wie\s+ben\s+je"
            ),
            "xx": (
                "\u30d8\u30eb\u30d7|\u52a9\u3051\u3066|\u305f\u3059\u3051\u3066|\u5e2e\u52a9"
                "|\u5e2e\u5fd9|\u0645\u0633\u0627\u0639\u062f\u0629"
                "|\u043f\u043e\u043c\u043e\u0449\u044c|\u043f\u043e\u043c\u043e\u0433\u0438"
                "\u0442\u0435|yardim"
            ),
        },
    )
    + _control_rules(
        Intent.START_OVER,
        {
            "en": (
                r"start\s+(?:over|again|afresh|fresh|from\s+(?:the\s+)?(?:beginning|scratch|top))"
                r"|(?:restart|reset|clear)(?:\s+(?:the|this|our)\s+(?:conversation|chat))?"
                r"|begin\s+again|from\s+the\s+(?:top|beginning|start)"
                r"|(?:start\s+a\s+)?new\s+conversation"
                r"|(?:go\s+)?back\s+to\s+(?:the\s+)?(?:start|beginning|main\s+menu)|main\s+menu"
            ),
            "fr": (
                r"recommencer|recommence(?:ons)?|on\s+recommence"
                r"|reprendre\s+(?:depuis\s+le|du)\s+debut|repartir\s+de\s+zero|reinitialiser"
                r"|redemarrer|nouvelle\s+conversation|depuis\s+le\s+debut"
                r"|retour\s+au\s+(?:debut|menu\s+principal)|menu\s+principal|tout\s+reprendre"
            ),
            "es": (
                r"empezar\s+(?:de\s+nuevo|otra\s+vez|desde\s+cero)|volver\s+a\s+empezar"
                r"|comenzar\s+de\s+nuevo|empecemos\s+de\s+nuevo|reiniciar|reinicia"
                r"|desde\s+el\s+principio|desde\s+cero|nueva\s+conversacion|menu\s+principal"
            ),
            "de": (
                r"neu\s+starten|neustart|(?:nochmal\s+|noch\s+einmal\s+)?von\s+vorne"
                r"(?:\s+(?:anfangen|beginnen))?|neu\s+anfangen|neu\s+beginnen|zurucksetzen"
                r"|reset|neues\s+gesprach|hauptmenu"
            ),
            "it": (
                r"ricominciare|ricomincia(?:mo)?(?:\s+da\s+capo)?|da\s+capo|dall'inizio"
                r"|ripartire\s+da\s+zero|riavvia(?:re)?|resetta|nuova\s+conversazione"
                r"|menu\s+principale"
            ),
            "pt": (
                r"recomecar|recomeca|comecar\s+de\s+novo|comecar\s+do\s+zero|reiniciar|reinicia"
                r"|do\s+inicio|desde\s+o\s+inicio|nova\s+conversa|menu\s+principal"
            ),
            "nl": (
                r"opnieuw\s+beginnen|begin\s+opnieuw|opnieuw\s+starten|herstart(?:en)?|opnieuw"
                r"|van\s+voren\s+af\s+aan|vanaf\s+het\s+begin|reset|nieuw\s+gesprek|hoofdmenu"
            ),
            "xx": (
                "\u6700\u521d\u304b\u3089|\u3084\u308a\u76f4\u3057|\u30ea\u30bb\u30c3\u30c8"
                "|\u91cd\u65b0\u5f00\u59cb|\u4ece\u5934\u5f00\u59cb"
                "|\u0437\u0430\u043d\u043e\u0432\u043e|\u0441\u043d\u0430\u0447\u0430\u043b\u0430"
            ),
        },
    )
    + _control_rules(
        Intent.TRANSFER,
        {
            "en": (
                r"transfer(?:\s+me)?|escalate(?:\s+(?:this|me))?|agent|an\s+agent|operator"
                r"|an\s+operator|(?:a\s+)?human(?:\s+being)?|(?:a\s+)?(?:real|live)\s+"
                r"(?:person|human|agent)|(?:a\s+)?representative|customer\s+service"
                r"|(?:talk|speak|chat)\s+(?:to|with)\s+(?:someone|somebody|anyone|anybody"
                r"|a\s+person|hr|someone\s+(?:real|from\s+hr)|(?:a|an)\s+(?:human|agent"
                r"|operator|representative)|(?:a\s+)?(?:real|live)\s+(?:person|human|agent))"
            ),
            "fr": (
                r"(?:parler|discuter)\s+(?:a|avec)\s+(?:quelqu'un(?:\s+de\s+reel)?"
                r"|une?\s+(?:vraie?\s+)?(?:humain|personne|conseiller|conseillere|agent"
                r"|operateur|operatrice|etre\s+humain))"
                r"|transferez[\s-]*moi|transfere[\s-]*moi|(?:un\s+)?conseiller|operateur"
                r"|(?:un\s+)?humain|(?:un\s+)?agent|passez[\s-]*moi\s+quelqu'un"
            ),
            "es": (
                r"hablar\s+con\s+(?:alguien|una?\s+(?:persona(?:\s+real)?|humano|ser\s+humano"
                r"|agente|operador(?:a)?|asesor(?:a)?))|(?:un\s+)?agente|operador(?:a)?"
                r"|(?:un\s+)?humano|asesor|transfiereme|pasame\s+con\s+alguien"
            ),
            "de": (
                r"(?:mit\s+)?(?:jemandem|einem\s+(?:echten\s+)?(?:menschen|berater|agenten)"
                r"|einer\s+(?:echten\s+)?person)\s+(?:sprechen|reden)|(?:ein\s+)?mensch"
                r"|berater|weiterleiten|verbinden"
            ),
            "it": (
                r"(?:parlare|parlo)\s+con\s+(?:qualcuno|un(?:a|')?\s*(?:operatore|operatrice"
                r"|persona(?:\s+vera|\s+reale)?|umano|agente|consulente))"
                r"|passami\s+(?:qualcuno|un(?:a|')?\s*(?:operatore|operatrice|persona|umano"
                r"|agente))|(?:un\s+)?operatore|trasferiscimi|umano"
            ),
            "pt": (
                r"falar\s+com\s+(?:alguem|uma?\s+(?:atendente|pessoa(?:\s+real)?|humano"
                r"|agente|operador(?:a)?))|(?:um\s+)?atendente|(?:um\s+)?humano"
                r"|me\s+transfira|transfere-me"
            ),
            "nl": (
                r"(?:met\s+)?(?:iemand|een\s+(?:echt\s+)?(?:mens|persoon|agent|operator"
                r"|adviseur))\s+(?:spreken|praten)|(?:een\s+)?mens|doorverbinden"
            ),
            "xx": (
                "\u30aa\u30da\u30ec\u30fc\u30bf\u30fc|\u62c5\u5f53\u8005"
                "|\u4eba\u9593\u3068\u8a71\u3057\u305f\u3044|\u4eba\u5de5\u5ba2\u670d"
                "|\u8f6c\u4eba\u5de5|\u771f\u4eba|\u043e\u043f\u0435\u0440\u0430\u0442\u043e"
                "\u0440"
            ),
        },
    )
)

# The transfer nouns that make "talk to ..." a transfer request even inside a sentence.
_EN_HUMAN = (
    r"(?:(?:a|an|some)\s+(?:real\s+|live\s+|actual\s+)?(?:human(?:\s+being)?|person|agent"
    r"|operator|representative)|(?:the\s+)?(?:real|live|actual)\s+(?:person|human|agent)"
    r"|(?:a\s+|the\s+)?human|(?:a\s+|the\s+)?representative|customer\s+service"
    r"|(?:an?\s+|the\s+|(?:someone|somebody|a\s+person|a\s+manager|a\s+member\s+of\s+staff)"
    r"\s+(?:in|from|at)\s+)?hr(?:\s+(?:person|rep|representative|team|department))?)"
)

_REQUEST_RULES: tuple[_Rule, ...] = tuple(
    # Swap, unassign and cancellations first: their verbs are the most specific.
    _rules(
        Intent.SHIFT_SWAP,
        "en",
        (r"\b(?:swap|switch|trade|exchange|flip)\b(?=.*\b(?:and|&|with|shifts?)\b)",),
        unless=r"\b(?:%MEET%|e-?mails?|messages?|numbers?|places?\s+with\s+me)\b",
    )
    + _rules(
        Intent.SHIFT_SWAP,
        "fr",
        (r"\b(?:echanger|echange|echangez|intervertir|intervertis|permuter|permute|inverser"
         r"|inverse)\b(?=.*\b(?:et|avec|%SHIFT%)\b)",),
        unless=r"\b%MEET%\b",
    )
    + _rules(
        Intent.SHIFT_SWAP,
        "es",
        (r"\b(?:intercambiar|intercambia|intercambie|permutar|permuta|cambiar\s+(?:el\s+|los\s+)?"
         r"turnos?)\b(?=.*\b(?:y|e|con|%SHIFT%)\b)",),
        unless=r"\b%MEET%\b",
    )
    + _rules(
        Intent.SHIFT_SWAP,
        "de",
        (r"\b(?:tauschen|tausche|tausch|vertauschen|vertausche)\b",
         r"\b(?:schichtwechsel|schichttausch)\b"),
        unless=r"\b%MEET%\b",
    )
    + _rules(
        Intent.SHIFT_SWAP,
        "it",
        (r"\b(?:scambiare|scambia|scambiamo|scambio|invertire|inverti)\b"
         r"(?=.*\b(?:e|ed|con|%SHIFT%)\b)",),
        unless=r"\b%MEET%\b",
    )
    + _rules(
        Intent.SHIFT_SWAP,
        "pt",
        (r"\b(?:trocar|troca|troque|permutar|permuta|inverter|inverta)\b"
         r"(?=.*\b(?:e|com|%SHIFT%)\b)",),
        unless=r"\b(?:%MEET%|e-?mails?|mensage(?:m|ns))\b",
    )
    + _rules(
        Intent.SHIFT_SWAP,
        "nl",
        (r"\b(?:ruilen|ruil|omwisselen|verwisselen|verwissel|wisselen|wissel)\b",),
        unless=r"\b%MEET%\b",
    )
    + _rules(
        Intent.SHIFT_UNASSIGN,
        "en",
        (
            r"\b(?:unassign|un-assign|deassign|de-assign|unschedule|unroster|deschedule)\b"
            r"(?:\s+(?P<person>%NAME%))?",
            r"\b(?:take|pull|drop|remove|get|scratch|strike|bump)\s+(?P<person>%NAME%)\s+"
            r"(?:off|from|out\s+of)\b(?:\s+[\w'-]+){0,3}?\s*\b(?:%DAY%|%SHIFT%|schedule|rota"
            r"|roster|morning|afternoon|evening|night)\b",
            r"\b(?:take|pull)\s+(?P<person>%NAME%)\s+off\b",
        ),
        needs_name=True,
    )
    + _rules(
        Intent.SHIFT_UNASSIGN,
        "fr",
        (
            r"\b(?:desaffecter|desaffecte|desassigner|desassigne|desinscrire)\b",
            r"\b(?:retirer|retire|retirez|enlever|enleve|enlevez|supprimer|supprime|sortir|sors)"
            r"\s+(?P<person>%NAME%)\s+(?:du|de|des)\b(?:\s+[\w'-]+){0,3}?\s*\b(?:%DAY%|%SHIFT%"
            r"|planning)\b",
        ),
        needs_name=True,
    )
    + _rules(
        Intent.SHIFT_UNASSIGN,
        "es",
        (
            r"\b(?:desasignar|desasigna|desprogramar)\b",
            r"\b(?:quitar|quita|quite|sacar|saca|saque|eliminar|elimina|retirar|retira|borrar"
            r"|borra)\s+a\s+(?P<person>%NAME%)\s+(?:del|de)\b(?:\s+[\w'-]+){0,3}?\s*"
            r"\b(?:%DAY%|%SHIFT%|horario|cuadrante)\b",
        ),
        needs_name=True,
    )
    + _rules(
        Intent.SHIFT_UNASSIGN,
        "de",
        (
            r"\baustragen\b",
            r"\b(?:nimm|nehme|entferne|streiche)\s+(?P<person>%NAME%)\s+(?:aus|von)\b",
            r"\b(?:trag|trage)\s+(?P<person>%NAME%)\b.{0,40}?\baus\b",
            r"\b(?P<person>%NAME%)\s+(?:aus|von)\s+(?:der\s+|dem\s+|den\s+)?(?:%SHIFT%|dienstplan"
            r"|schichtplan|plan|%DAY%)\b.{0,30}?\b(?:nehmen|streichen|entfernen|austragen"
            r"|loschen)\b",
        ),
        0.85,
        needs_name=True,
    )
    + _rules(
        Intent.SHIFT_UNASSIGN,
        "it",
        (
            r"\bdisassegna(?:re)?\b",
            r"\b(?:togliere|togli|tolga|rimuovere|rimuovi|rimuova|levare|leva|escludere|escludi)"
            r"\s+(?P<person>%NAME%)\s+(?:dal|da|dalla|dai)\b(?:\s+[\w'-]+){0,3}?\s*\b(?:%DAY%"
            r"|%SHIFT%|orario|planning|calendario)\b",
        ),
        needs_name=True,
    )
    + _rules(
        Intent.SHIFT_UNASSIGN,
        "pt",
        (
            r"\b(?:desescalar|desatribuir)\b",
            r"\b(?:remover|remova|remove|tirar|tira|tire|retirar|retire|excluir|exclua)\s+"
            r"(?:o\s+|a\s+)?(?P<person>%NAME%)\s+(?:do|da|de|dos)\b(?:\s+[\w'-]+){0,3}?\s*"
            r"\b(?:%DAY%|%SHIFT%|escala|horario)\b",
        ),
        needs_name=True,
    )
    + _rules(
        Intent.SHIFT_UNASSIGN,
        "nl",
        (
            r"\buitroosteren\b",
            r"\b(?:haal|verwijder|schrap)\s+(?P<person>%NAME%)\b.{0,30}?\b(?:van|uit)\b",
            r"\brooster\s+(?P<person>%NAME%)\b.{0,30}?\buit\b",
        ),
        needs_name=True,
    )
    + _rules(
        Intent.MEETING_CANCEL,
        "en",
        (
            r"\b(?:cancel|cancell?ing|call\s+off|delete|remove|drop|scrap)\b%GAP%%MEET%\b",
        ),
    )
    + _rules(
        Intent.MEETING_CANCEL,
        "en",
        (
            r"\b(?:can't|cant|cannot|can\s+not|won't\s+be\s+able\s+to|unable\s+to)\s+"
            r"(?:make|attend|go\s+to|do)\s+(?:the|my|our|this|that|tomorrow's|today's)?\s*"
            r"(?:[\w'-]+\s+){0,2}?%MEET%\b",
        ),
        statement=True,
    )
    + _rules(
        Intent.MEETING_CANCEL,
        "en",
        (r"\b%MEET%\b.{0,40}?\bcancel(?:l?ed|ling)?\b",),
        0.8,
    )
    + _rules(Intent.MEETING_CANCEL, "fr", (r"\b%CANCEL%\b%GAP%%MEET%\b",))
    + _rules(Intent.MEETING_CANCEL, "es", (r"\b%CANCEL%\b%GAP%%MEET%\b",))
    + _rules(
        Intent.MEETING_CANCEL,
        "de",
        (
            r"(?:(?:meinen|meine|den|die|das|unseren|unsere)\s+)?%MEET%\b.{0,40}?"
            r"\b(?:%CANCEL%|sagen?\s+\w*\s*ab|ab)\b",
            r"\b(?:%CANCEL%|sag|sage)\b.{0,40}?\b%MEET%\b",
        ),
    )
    + _rules(Intent.MEETING_CANCEL, "it", (r"\b%CANCEL%\b%GAP%%MEET%\b",))
    + _rules(Intent.MEETING_CANCEL, "pt", (r"\b%CANCEL%\b%GAP%%MEET%\b",))
    + _rules(
        Intent.MEETING_CANCEL,
        "nl",
        (
            r"(?:(?:mijn|de|het|onze)\s+)?%MEET%\b.{0,40}?\b(?:%CANCEL%|af)\b",
            r"\b(?:annuleer|schrap|zeg)\b.{0,40}?\b%MEET%\b",
        ),
    )
    + _rules(
        Intent.SHIFT_CANCEL,
        "en",
        (
            r"\b%CANCEL%\b%GAP%%SHIFT%\b",
            r"\b(?:remove|delete)\s+my\s+(?:[\w'-]+\s+){0,2}?%SHIFT%\b",
        ),
    )
    + _rules(
        Intent.SHIFT_CANCEL,
        "en",
        (
            r"\bcall(?:ing)?\s+in\s+sick\b",
            r"\b(?:i|i'm|im|i\s+am)\b(?:[^.?!]{0,30}?\s)?(?:can't|cant|cannot|can\s+not"
            r"|won't\s+be\s+able\s+to|wont\s+be\s+able\s+to|will\s+not\s+be\s+able\s+to"
            r"|am\s+unable\s+to|'m\s+unable\s+to|unable\s+to|am\s+not\s+able\s+to"
            r"|'m\s+not\s+able\s+to|couldn't|won't|wont|will\s+not"
            r"|'m\s+not\s+going\s+to\s+be\s+able\s+to|am\s+not\s+going\s+to\s+be\s+able\s+to"
            r"|'m\s+not\s+going\s+to|am\s+not\s+going\s+to|'m\s+not\s+gonna|am\s+not\s+gonna)"
            r"\s*(?:make|come|work|do|attend|cover|go|be\s+(?:there|in|at\s+work))\b"
            r"(?:\s+[\w'-]+){0,5}?\s*\b(?:%DAY%|%SHIFT%)\b",
            r"\b(?:i|i'm|im|i\s+am|i'll|i\s+will)\b[^.?!]{0,20}?\bmiss\b(?:\s+[\w'-]+){0,4}?\s*"
            r"\b(?:%DAY%|%SHIFT%)\b",
            r"\b(?:need|want|take|get|have|request)\s+(?:the\s+day\s+off\s+)?(?:on\s+)?%DAY%"
            r"\s+off\b|\bday\s+off\b(?:\s+[\w'-]+){0,2}?\s*\b%DAY%\b",
        ),
        statement=True,
    )
    + _rules(
        Intent.SHIFT_CANCEL,
        "en",
        (
            r"\b(?:can't|cant|cannot|won't\s+be\s+able\s+to|unable\s+to)\s+(?:make|come|work"
            r"|do|attend|cover|go)\b(?:\s+[\w'-]+){0,5}?\s*\b(?:%DAY%|%SHIFT%)\b",
        ),
        head_only=True,
        statement=True,
    )
    + _rules(
        Intent.SHIFT_CANCEL,
        "en",
        (
            r"\b%SHIFT%\b.{0,40}?\bcancel(?:l?ed|ling)?\b",
            r"\b%CANCEL%(?:\s+(?:my|for|on|the|this|next|it))*\s+%DAY%",
        ),
        0.8,
    )
    + _rules(
        Intent.SHIFT_CANCEL,
        "fr",
        (r"\b%CANCEL%\b%GAP%%SHIFT%\b",),
    )
    + _rules(
        Intent.SHIFT_CANCEL,
        "fr",
        (
            r"\b(?:je|j')\s*(?:ne\s+|n')?(?:peux|pourrai|pourrais|vais|serai|peut)\s+pas\s+"
            r"(?:pouvoir\s+)?(?:venir|travailler|faire|assurer|etre\s+la|etre\s+presente?|aller"
            r"|me\s+rendre|la|presente?|disponible|dispo)\b(?:\s+[\w'-]+){0,5}?\s*"
            r"\b(?:%DAY%|%SHIFT%)\b",
            r"\bje\s+serai\s+absente?\b(?:\s+[\w'-]+){0,3}?\s*\b%DAY%\b",
        ),
        statement=True,
    )
    + _rules(
        Intent.SHIFT_CANCEL,
        "fr",
        (r"\b%CANCEL%(?:\s+(?:mon|ma|le|la|pour|de|du))*\s+%DAY%",),
        0.8,
    )
    + _rules(
        Intent.SHIFT_CANCEL,
        "es",
        (r"\b%CANCEL%\b%GAP%%SHIFT%\b",),
    )
    + _rules(
        Intent.SHIFT_CANCEL,
        "es",
        (
            r"\bno\s+(?:puedo|podre|podria|voy\s+a\s+poder|consigo)\s+(?:ir|venir|trabajar|hacer"
            r"|cubrir|asistir|estar|presentarme|llegar)\b(?:\s+[\w'-]+){0,5}?\s*"
            r"\b(?:%DAY%|%SHIFT%)\b",
        ),
        statement=True,
    )
    + _rules(
        Intent.SHIFT_CANCEL,
        "es",
        (r"\b%CANCEL%(?:\s+(?:mi|el|la|para|de|del))*\s+%DAY%",),
        0.8,
    )
    + _rules(
        Intent.SHIFT_CANCEL,
        "de",
        (
            r"(?:(?:meine|meinen|die|den|der)\s+)?%SHIFT%\b.{0,40}?\b(?:%CANCEL%|absagen|ab)\b",
            r"\b(?:%CANCEL%|sag|sage)\b.{0,40}?\b%SHIFT%\b",
        ),
    )
    + _rules(
        Intent.SHIFT_CANCEL,
        "de",
        (
            r"\bich\s+(?:kann|konnte|werde|schaffe(?:\s+es)?)\b(?=.*\b(?:%DAY%|%SHIFT%)\b)"
            r"(?:\s+[\w'-]+){0,4}?\s+nicht\b",
        ),
        statement=True,
    )
    + _rules(
        Intent.SHIFT_CANCEL,
        "it",
        (r"\b%CANCEL%\b%GAP%%SHIFT%\b",),
    )
    + _rules(
        Intent.SHIFT_CANCEL,
        "it",
        (
            r"\bnon\s+(?:posso|potro|riesco|riusciro|ce\s+la\s+faccio|ce\s+la\s+faro)\b"
            r"(?:\s+a)?(?:\s+(?:venire|lavorare|fare|esserci|andare|coprire|presentarmi"
            r"|essere\s+presente))?(?:\s+[\w'-]+){0,5}?\s*\b(?:%DAY%|%SHIFT%)\b",
        ),
        statement=True,
    )
    + _rules(
        Intent.SHIFT_CANCEL,
        "it",
        (r"\b%CANCEL%(?:\s+(?:il|di|per|del))*\s+%DAY%",),
        0.8,
    )
    + _rules(
        Intent.SHIFT_CANCEL,
        "pt",
        (r"\b%CANCEL%\b%GAP%%SHIFT%\b",),
    )
    + _rules(
        Intent.SHIFT_CANCEL,
        "pt",
        (
            r"\bnao\s+(?:posso|vou\s+poder|consigo|conseguirei|poderei|vou\s+conseguir)\s+"
            r"(?:ir|vir|trabalhar|fazer|comparecer|estar|cobrir|chegar)\b(?:\s+[\w'-]+){0,5}?"
            r"\s*\b(?:%DAY%|%SHIFT%)\b",
        ),
        statement=True,
    )
    + _rules(
        Intent.SHIFT_CANCEL,
        "nl",
        (
            r"(?:(?:mijn|de)\s+)?%SHIFT%\b.{0,40}?\b(?:%CANCEL%|af)\b",
            r"\b(?:annuleer|schrap|zeg)\b.{0,40}?\b%SHIFT%\b",
        ),
    )
    + _rules(
        Intent.SHIFT_CANCEL,
        "nl",
        (
            r"\bik\s+(?:kan|zal|ga)\b.{0,30}?\bniet\b(?=.*\b(?:%DAY%|%SHIFT%)\b)",
            r"\bik\s+(?:kan|zal|ga)\b(?=.*\b(?:%DAY%|%SHIFT%)\b).{0,30}?\bniet\b",
        ),
        statement=True,
    )
    + _rules(
        Intent.MEETING_RESCHEDULE,
        "en",
        (r"\b(?:reschedule|re-schedule|rebook|re-book|postpone|push\s+back)\b",),
        unless=r"\b%SHIFT%\b",
    )
    + _rules(
        Intent.MEETING_RESCHEDULE,
        "en",
        (r"\b(?:move|change|shift|push|bring\s+forward|update|switch)\b%GAP%%MEET%\b",),
        0.85,
    )
    + _rules(
        Intent.MEETING_RESCHEDULE,
        "fr",
        (
            r"\b(?:reporter|reporte|reportez|decaler|decale|decalez|reprogrammer|reprogramme"
            r"|replanifier)\b(?=\s+(?:mon|ma|mes|le|la|les|notre|votre|l'|ce|cette|a|au|d'|de"
            r"|un|une)\b|\s*[.!?]*$)",
            r"\b(?:deplacer|deplace|deplacez|changer|change|changez|modifier|modifie|modifiez)"
            r"\b%GAP%%MEET%\b",
        ),
        unless=r"\b%SHIFT%\b",
    )
    + _rules(
        Intent.MEETING_RESCHEDULE,
        "es",
        (
            r"\b(?:reprogramar|reprograma|reagendar|reagenda|aplazar|aplaza|posponer|pospon"
            r"|pospone)\b",
            r"\b(?:cambiar|cambia|mover|mueve|modificar|modifica|trasladar)\b%GAP%%MEET%\b",
        ),
        unless=r"\b%SHIFT%\b",
    )
    + _rules(
        Intent.MEETING_RESCHEDULE,
        "de",
        (
            r"\b(?:verschieben|verschiebe|verlegen|verlege|umbuchen|umplanen|umlegen)\b",
            r"\b%MEET%\b.{0,40}?\b(?:andern|aendern|anpassen)\b",
            r"\b(?:andere|aendere)\b.{0,30}?\b%MEET%\b",
        ),
        unless=r"\b%SHIFT%\b",
    )
    + _rules(
        Intent.MEETING_RESCHEDULE,
        "it",
        (
            r"\b(?:riprogrammare|riprogramma|rinviare|rinvia|rimandare|rimanda|posticipare"
            r"|posticipa|anticipare|anticipa)\b",
            r"\b(?:spostare|sposta|sposti|cambiare|cambia|modificare|modifica)\b%GAP%%MEET%\b",
        ),
        unless=r"\b%SHIFT%\b",
    )
    + _rules(
        Intent.MEETING_RESCHEDULE,
        "pt",
        (
            r"\b(?:reagendar|reagenda|reagende|remarcar|remarca|remarque|adiar|adia|postergar"
            r"|reprogramar)\b",
            r"\b(?:mudar|muda|mude|alterar|altera|trocar|troca|mover|move)\b%GAP%%MEET%\b",
        ),
        unless=r"\b%SHIFT%\b",
    )
    + _rules(
        Intent.MEETING_RESCHEDULE,
        "nl",
        (
            r"\b(?:verzetten|verzet|omboeken|uitstellen|verschuiven)\b",
            r"\b%MEET%\b.{0,40}?\b(?:verplaatsen|wijzigen|veranderen|aanpassen)\b",
            r"\b(?:verplaats|wijzig|verander)\b.{0,30}?\b%MEET%\b",
        ),
        unless=r"\b%SHIFT%\b",
    )
    + _rules(
        Intent.TRANSFER,
        "en",
        (
            rf"\b(?:i|me|we|us)\b[^.?!]{{0,30}}?\b(?:talk|speak|chat)\s+(?:to|with)\s+"
            rf"{_EN_HUMAN}\b",
            r"\btransfer\s+(?:me|us|this\s+chat|the\s+conversation)\b",
            rf"\b(?:connect|put|pass|switch|hand|forward|send|get)\s+(?:me|us)\s+(?:through\s+"
            rf"|over\s+|across\s+)?(?:to|with)\s+{_EN_HUMAN}\b",
            r"\bi\s+(?:want|need|would\s+like|'d\s+like)\s+(?:an?\s+)?(?:real\s+|live\s+)?"
            r"(?:human|agent|operator|representative)\b",
            r"\bget\s+me\s+(?:an?\s+)?(?:real\s+|live\s+)?(?:human|agent|person|operator"
            r"|representative)\b",
        ),
    )
    + _rules(
        Intent.TRANSFER,
        "en",
        (rf"\b(?:talk|speak|chat)\s+(?:to|with)\s+{_EN_HUMAN}\b",),
        head_only=True,
    )
    + _rules(
        Intent.TRANSFER,
        "fr",
        (
            r"\b(?:parler|discuter)\s+(?:a|avec)\s+(?:un|une)\s+(?:vraie?\s+)?(?:humain|personne"
            r"|conseiller|conseillere|agent|operateur|operatrice|etre\s+humain|interlocuteur)\b",
            r"\b(?:transferez|transfere)[\s-]*moi\b|\bme\s+transferer\b",
            r"\b(?:passez|passe)[\s-]*moi\s+(?:un|une|quelqu'un)\b",
        ),
    )
    + _rules(
        Intent.TRANSFER,
        "es",
        (
            r"\bhablar\s+con\s+(?:una?\s+)?(?:persona\s+real|humano|ser\s+humano|agente"
            r"|operador(?:a)?|asesor(?:a)?|representante)\b",
            r"\b(?:transfiereme|transferirme|pasame\s+con|paseme\s+con|comunicame\s+con)\b",
        ),
    )
    + _rules(
        Intent.TRANSFER,
        "de",
        (
            r"\b(?:mit\s+)?(?:einem|einer)\s+(?:echten\s+)?(?:menschen|person|berater|beraterin"
            r"|agenten|operator)\s+(?:sprechen|reden|verbinden)\b",
            r"\b(?:verbinden\s+sie\s+mich|verbinde\s+mich|weiterleiten|leite\s+mich\s+weiter"
            r"|weiterverbinden|durchstellen|stell\s+mich\s+durch)\b",
        ),
    )
    + _rules(
        Intent.TRANSFER,
        "it",
        (
            r"\bparlare\s+con\s+(?:un|una|un')\s*(?:operatore|operatrice|persona\s+vera"
            r"|persona\s+reale|umano|essere\s+umano|agente|consulente)\b",
            r"\b(?:passami|passatemi|mi\s+passi)\s+(?:un|una|un')\s*(?:operatore|operatrice"
            r"|persona|umano|agente|consulente)\b",
            r"\btrasferiscimi\b|\bmi\s+trasferisca\b",
        ),
    )
    + _rules(
        Intent.TRANSFER,
        "pt",
        (
            r"\bfalar\s+com\s+(?:um|uma)\s+(?:atendente|pessoa\s+real|humano|ser\s+humano"
            r"|agente|operador(?:a)?|consultor(?:a)?|representante)\b",
            r"\b(?:me\s+transfira|me\s+transfere|transfere-me|transfira-me|me\s+passa\s+para)\b",
        ),
    )
    + _rules(
        Intent.TRANSFER,
        "nl",
        (
            r"\b(?:met\s+)?(?:een\s+)?(?:echt\s+)?(?:mens|persoon|agent|operator|adviseur)\s+"
            r"(?:spreken|praten)\b",
            r"\b(?:doorverbinden|verbind\s+me\s+door|verbind\s+mij\s+door|doorschakelen)\b",
        ),
    )
    + _rules(
        Intent.MY_SHIFTS,
        "en",
        (
            r"\b(?:what|which|when)\b[^.?!]{0,20}\bmy\s+(?:shifts?|schedule|hours|rota|roster"
            r"|next\s+shift)\b",
            r"\b(?:show|list|see|check|view|display|give|tell)\b(?:\s+me)?(?:\s+[\w'-]+){0,2}?"
            r"\s+my\s+(?:shifts?|schedule|hours|rota|roster)\b",
            r"\bwhen\s+(?:do|am|will)\s+i\s+(?:work|working|on|scheduled|rostered|due\s+in)\b",
            r"\b(?:do|am)\s+i\s+(?:work|working|on\s+shift|scheduled)\b",
            r"\b(?:what|which)\s+(?:days|shifts|hours|times)\s+(?:do|am|will)\s+i\s+(?:work|working|have"
            r"|on|scheduled)\b",
        ),
    )
    + _rules(Intent.MY_SHIFTS, "en", (r"\bmy\s+(?:shifts|schedule|rota|roster)\b",), 0.75)
    + _rules(
        Intent.MY_SHIFTS,
        "fr",
        (
            r"\bmes\s+(?:services|postes|horaires|shifts|heures|creneaux)\b",
            r"\bmon\s+(?:planning|emploi\s+du\s+temps|horaire|prochain\s+service)\b",
            r"\bquand\s+(?:est-ce\s+que\s+je|je|dois-je|suis-je)\s+(?:travaille|bosse|suis\s+de"
            r"\s+service|commence|dois\s+travailler)",
            r"\bje\s+(?:travaille|bosse)\s+quand\b|\best-ce\s+que\s+je\s+travaille\b",
        ),
    )
    + _rules(
        Intent.MY_SHIFTS,
        "es",
        (
            r"\bmis\s+(?:turnos|horarios|guardias)\b",
            r"\bmi\s+(?:horario|cuadrante|proximo\s+turno)\b",
            r"\bcuando\s+(?:trabajo|me\s+toca(?:\s+trabajar)?|entro|tengo\s+turno)\b",
            r"\bque\s+(?:dias|turnos|horario)\s+(?:trabajo|tengo)\b",
        ),
    )
    + _rules(
        Intent.MY_SHIFTS,
        "de",
        (
            r"\bmeine\s+(?:schichten|dienste|arbeitszeiten|nachste\s+schicht)\b",
            r"\bmein\s+(?:dienstplan|schichtplan|arbeitsplan)\b",
            r"\bwann\s+(?:arbeite\s+ich|habe?\s+ich\s+(?:dienst|schicht)|muss\s+ich\s+arbeiten"
            r"|bin\s+ich\s+(?:eingeteilt|dran))\b",
            r"\barbeite\s+ich\b",
        ),
    )
    + _rules(
        Intent.MY_SHIFTS,
        "it",
        (
            r"\b(?:i\s+)?miei\s+turni\b",
            r"\bil\s+mio\s+(?:orario|prossimo\s+turno|calendario)\b",
            r"\bquando\s+(?:lavoro|sono\s+di\s+turno|devo\s+lavorare|attacco|inizio)\b",
            r"\bche\s+turni\s+(?:ho|faccio)\b",
        ),
    )
    + _rules(
        Intent.MY_SHIFTS,
        "pt",
        (
            r"\b(?:os\s+)?meus\s+(?:turnos|horarios|plantoes)\b",
            r"\bminha\s+escala\b|\bmeu\s+(?:horario|proximo\s+turno)\b",
            r"\bquando\s+(?:eu\s+)?(?:trabalho|estou\s+escalad[oa]|entro|tenho\s+turno)\b",
            r"\bque\s+dias\s+(?:eu\s+)?trabalho\b",
        ),
    )
    + _rules(
        Intent.MY_SHIFTS,
        "nl",
        (
            r"\bmijn\s+(?:diensten|rooster|dienstrooster|shifts|werktijden|volgende\s+dienst)\b",
            r"\bwanneer\s+(?:werk\s+ik|moet\s+ik\s+werken|heb\s+ik\s+dienst"
            r"|ben\s+ik\s+ingeroosterd)\b",
            r"\bwerk\s+ik\b",
        ),
    )
    # Questions asking for advice come before the manager's action verbs: "should I email
    # him?" asks for advice, "email him" asks for an email.
    + _rules(
        Intent.ADVICE,
        "en",
        (
            r"\b(?:should|shall)\s+(?:i|we)\b|\bdo\s+(?:i|we)\s+(?:need|have)\s+to\b"
            r"|\bis\s+it\s+(?:ok|okay|legal|fair|allowed|appropriate|reasonable|acceptable"
            r"|normal|wise|lawful)\b|\bwhat\s+(?:should|do|can|would|could)\s+(?:i|we)\s+"
            r"(?:do|say|tell)\b|\bhow\s+(?:do|should|can|would)\s+(?:i|we)\s+(?:handle|deal"
            r"|approach|manage|respond|address|talk|tell|react|proceed|document|fire"
            r"|discipline|support)\b|\bhow\s+to\s+(?:handle|deal|approach|manage|respond"
            r"|address|react)\b|\bcan\s+i\s+(?:legally\s+)?(?:fire|dismiss|terminate"
            r"|discipline|suspend|sack|refuse|deny|force|require)\b"
            r"|\b(?:am\s+i|are\s+we)\s+allowed\b|\bany\s+(?:advice|tips|suggestions)\b"
            r"|\bwhat\s+would\s+you\s+(?:do|recommend|suggest|advise)\b|\bwhat\s+if\b"
            r"|\bwhat\s+happens\s+if\b|\badvice\b|\badvise\b",
        ),
        0.85,
    )
    + _rules(
        Intent.ADVICE,
        "fr",
        (
            r"\b(?:dois-je|devrais-je)\b|\bque\s+(?:dois-je|devrais-je|faire|puis-je\s+faire)\b"
            r"|\bqu'est-ce\s+que\s+je\s+(?:dois|devrais|peux)\s+faire\b"
            r"|\bcomment\s+(?:gerer|faire\s+avec|reagir|traiter|aborder|dois-je|je\s+gere"
            r"|puis-je)\b|\best-ce\s+que\s+je\s+(?:dois|devrais)\b|\bai-je\s+le\s+droit\b"
            r"|\best-ce\s+(?:legal|normal|permis)\b|\b(?:un|des)\s+conseils?\b"
            r"|\bque\s+me\s+conseill",
        ),
        0.85,
    )
    + _rules(
        Intent.ADVICE,
        "es",
        (
            r"\bque\s+(?:debo|deberia|puedo|tengo\s+que)\s+hacer\b|\bque\s+hago\b"
            r"|\bcomo\s+(?:manejo|gestiono|lidio|trato|debo|deberia|abordo|actuo|manejar"
            r"|gestionar|lidiar|actuar)\b|\b(?:debo|deberia)\b[^?]*\?"
            r"|\bpuedo\s+(?:despedir|sancionar)\b|\bes\s+(?:legal|normal|correcto)\b"
            r"|\bun\s+consejo\b|\bconsejos\b|\bque\s+me\s+(?:recomiendas|aconsejas)\b",
        ),
        0.85,
    )
    + _rules(
        Intent.ADVICE,
        "de",
        (
            r"\b(?:soll|sollte)\s+ich\b|\bwas\s+(?:soll|sollte|kann|muss)\s+ich\s+(?:tun|machen)\b"
            r"|\bwie\s+(?:gehe|soll|sollte)\s+ich\b|\bist\s+(?:das|es)\s+(?:legal|erlaubt"
            r"|zulassig|rechtens|normal)\b|\bein(?:en)?\s+rat\b|\bratschlag\b|\btipps?\b",
        ),
        0.85,
    )
    + _rules(
        Intent.ADVICE,
        "it",
        (
            r"\b(?:che\s+)?cosa\s+(?:devo|dovrei|posso)\s+fare\b|\bche\s+faccio\b"
            r"|\bcome\s+(?:gestisco|gestire|devo|dovrei|mi\s+comporto|comportarmi|affronto"
            r"|affrontare)\b|\b(?:devo|dovrei)\b[^?]*\?|\be\s+(?:legale|normale|lecito)\b"
            r"|\bun\s+consiglio\b|\bconsigli\b|\bposso\s+licenziar\w*",
        ),
        0.85,
    )
    + _rules(
        Intent.ADVICE,
        "pt",
        (
            r"\bo\s+que\s+(?:eu\s+)?(?:devo|deveria|posso)\s+fazer\b|\bo\s+que\s+(?:eu\s+)?faco\b"
            r"|\bcomo\s+(?:lido|lidar|devo|deveria|agir|abordar|gerir|gerencio)\b"
            r"|\b(?:devo|deveria)\b[^?]*\?|\be\s+(?:legal|normal|permitido)\b"
            r"|\bum\s+conselho\b|\bconselhos\b|\bposso\s+demitir\w*",
        ),
        0.85,
    )
    + _rules(
        Intent.ADVICE,
        "nl",
        (
            r"\b(?:moet|zou)\s+ik\b|\bwat\s+(?:moet|kan|zou)\s+ik\b"
            r"|\bhoe\s+(?:ga\s+ik|moet\s+ik|kan\s+ik|pak\s+ik)\b"
            r"|\bmag\s+ik\s+(?:hem|haar|iemand)\s+(?:ontslaan|schorsen)\b"
            r"|\bis\s+(?:het|dat)\s+(?:legaal|toegestaan|normaal)\b|\badvies\b|\btips?\b",
        ),
        0.85,
    )
    + _rules(
        Intent.CALL_EMPLOYEE,
        "en",
        (
            r"\b(?:book|schedule|set\s+up|setup|arrange|organi[sz]e|plan|make|get|fix"
            r"|line\s+up|have)\b%GAP3%(?:call|phone\s+call|video\s+call|phone\s+conversation"
            r"|1:1|one[- ]on[- ]one|1[- ]on[- ]1|catch[- ]up|check[- ]in)\b",
            r"\bcall\s+with\s+(?P<person>%NAME%)",
            r"\bgive\s+(?P<person>%NAME%)\s+a\s+(?:call|ring|phone\s+call)\b",
        ),
    )
    + _rules(
        Intent.CALL_EMPLOYEE,
        "en",
        (r"\b(?:talk|speak|chat|meet)\s+(?:to|with)\s+(?P<person>%NAME%)\b",),
        0.8,
        needs_name=True,
    )
    + _rules(
        Intent.CALL_EMPLOYEE,
        "en",
        (r"\b(?:call|phone|ring|telephone)\s+(?P<person>%NAME%)\b(?!\s+(?:in|off|back)\b)",),
        head_only=True,
        needs_name=True,
    )
    + _rules(
        Intent.CALL_EMPLOYEE,
        "fr",
        (
            r"\b(?:planifier|planifie|programmer|programme|organiser|organise|prevoir|prevois"
            r"|fixer|fixe|caler|cale|reserver|reserve|prendre|passer|mettre\s+en\s+place)\b"
            r"%GAP3%(?:appel|appel\s+telephonique|coup\s+de\s+(?:fil|telephone)|visio|call"
            r"|point\s+telephonique)\b",
        ),
    )
    + _rules(
        Intent.CALL_EMPLOYEE,
        "fr",
        (r"\b(?:appeler|appelle|appelez|telephoner\s+a|telephone\s+a)\s+(?P<person>%NAME%)",),
        head_only=True,
        needs_name=True,
    )
    + _rules(
        Intent.CALL_EMPLOYEE,
        "es",
        (
            r"\b(?:programar|programa|agendar|agenda|organizar|organiza|concertar|reservar"
            r"|reserva|fijar|hacer|planear|planificar|montar|coordinar)\b%GAP3%(?:llamada"
            r"|videollamada|call)\b",
        ),
    )
    + _rules(
        Intent.CALL_EMPLOYEE,
        "es",
        (r"\b(?:llamar|llama|llame|llamale)\s+a\s+(?P<person>%NAME%)",),
        head_only=True,
        needs_name=True,
    )
    + _rules(
        Intent.CALL_EMPLOYEE,
        "de",
        (
            r"(?:(?:einen|ein)\s+)?(?:anruf|telefonat|call|videocall|telefontermin|ruckruf"
            r"|rueckruf)\b.{0,40}?\b(?:planen|vereinbaren|ansetzen|buchen|einrichten"
            r"|organisieren|ausmachen|einplanen)\b",
            r"\b(?:plane|vereinbare|buche|organisiere|setze)\b.{0,30}?\b(?:anruf|telefonat"
            r"|call)\b",
        ),
    )
    + _rules(
        Intent.CALL_EMPLOYEE,
        "de",
        (r"\b(?P<person>%NAME%)\s+anrufen\b", r"\b(?:ruf|rufe)\s+(?P<person>%NAME%)\s+an\b"),
        head_only=True,
        needs_name=True,
    )
    + _rules(
        Intent.CALL_EMPLOYEE,
        "it",
        (
            r"\b(?:fissare|fissa|organizzare|organizza|programmare|programma|pianificare"
            r"|pianifica|prenotare|prenota|fare|metti|mettere)\b%GAP3%(?:chiamata|telefonata"
            r"|call|videochiamata)\b",
        ),
    )
    + _rules(
        Intent.CALL_EMPLOYEE,
        "it",
        (r"\b(?:chiamare|chiama|chiami|telefonare\s+a|telefona\s+a)\s+(?P<person>%NAME%)",),
        head_only=True,
        needs_name=True,
    )
    + _rules(
        Intent.CALL_EMPLOYEE,
        "pt",
        (
            r"\b(?:agendar|agenda|marcar|marca|organizar|programar|fazer|faz|combinar)\b%GAP3%"
            r"(?:chamada|ligacao|call|videochamada|telefonema)\b",
        ),
    )
    + _rules(
        Intent.CALL_EMPLOYEE,
        "pt",
        (r"\b(?:ligar|liga|ligue)\s+(?:para|pro|pra)\s+(?:o\s+|a\s+)?(?P<person>%NAME%)",),
        head_only=True,
        needs_name=True,
    )
    + _rules(
        Intent.CALL_EMPLOYEE,
        "nl",
        (
            r"(?:een\s+)?(?:belafspraak|telefoongesprek|call|videogesprek|telefoontje)\b.{0,40}?"
            r"\b(?:inplannen|plannen|boeken|maken|regelen|organiseren|inroosteren)\b",
            r"\b(?:plan|boek|regel|organiseer)\b.{0,30}?\b(?:belafspraak|telefoongesprek|call"
            r"|videogesprek)\b",
        ),
    )
    + _rules(
        Intent.CALL_EMPLOYEE,
        "nl",
        (r"\bbel\s+(?P<person>%NAME%)\b", r"\b(?P<person>%NAME%)\s+(?:bellen|opbellen)\b"),
        head_only=True,
        needs_name=True,
    )
    + _rules(
        Intent.MEETING_BOOK,
        "en",
        (
            r"\b(?:book|schedule|set\s+up|setup|arrange|organi[sz]e|plan|make|create|get"
            r"|reserve|fix)\b%GAP3%(?:meeting|appointment|appt|slot|session|consultation"
            r"|visit)s?\b",
            r"\b(?:book|make|schedule|get)\s+(?:(?:me|us)\s+)?(?:(?:a|an)\s+)?(?:new|another"
            r"|different)\s+(?:one|1|time|slot|date|appointment|meeting)\b",
            r"\bbook\s+(?:me|us|new)\b",
            r"\bbook(?:ing)?\b(?=[\W_]*$)",
        ),
    )
    + _rules(
        Intent.MEETING_BOOK,
        "en",
        (
            r"\bnew\s+(?:meeting|appointment|booking)\b",
            r"\b(?:need|want|like)\s+(?:an?\s+)?(?:new\s+)?(?:meeting|appointment|appt)\b",
        ),
        0.8,
    )
    + _rules(
        Intent.MEETING_BOOK,
        "fr",
        (
            r"\b(?:prendre|prends|prenez|reserver|reserve|reservez|planifier|planifie"
            r"|programmer|organiser|organise|fixer|fixe|caler|creer|cree|avoir|obtenir"
            r"|booker)\b%GAP3%(?:rendez-vous|rendez\s+vous|rdv|reunion|creneau|consultation"
            r"|seance)\b",
            r"\ben\s+(?:prendre|reserver|reprendre|caler)\s+un\s+(?:nouveau|autre)\b",
        ),
    )
    + _rules(
        Intent.MEETING_BOOK,
        "fr",
        (r"\b(?:un|une)\s+(?:nouveau|nouvelle|autre)\s+(?:rendez-vous|rdv|reunion|creneau)\b",),
        0.8,
    )
    + _rules(
        Intent.MEETING_BOOK,
        "es",
        (
            r"\b(?:reservar|reserva|pedir|pide|agendar|agenda|programar|concertar|organizar"
            r"|fijar|hacer|crear|sacar|solicitar|coger|tomar)\b%GAP3%(?:cita|reunion|consulta"
            r"|hora)\b",
        ),
    )
    + _rules(
        Intent.MEETING_BOOK,
        "es",
        (r"\b(?:una\s+nueva|otra)\s+(?:cita|reunion)\b|\buna\s+nueva\b",),
        0.8,
    )
    + _rules(
        Intent.MEETING_BOOK,
        "de",
        (
            r"(?:(?:einen|ein|eine|neuen|neue)\s+)*(?:termin|besprechung|meeting|sitzung)\b"
            r".{0,40}?\b(?:buchen|vereinbaren|ausmachen|machen|planen|ansetzen|anlegen"
            r"|reservieren|einplanen|erstellen|organisieren)\b",
            r"\b(?:buche|vereinbare|plane|organisiere|erstelle|mach)\b.{0,30}?\b(?:termin"
            r"|besprechung|meeting)\b",
            r"\beinen\s+neuen\s+buchen\b",
        ),
    )
    + _rules(Intent.MEETING_BOOK, "de", (r"\bneuen\s+termin\b",), 0.8)
    + _rules(
        Intent.MEETING_BOOK,
        "it",
        (
            r"\b(?:prenotare|prenota|prenoti|fissare|fissa|organizzare|organizza|programmare"
            r"|programma|pianificare|pianifica|prendere|prendi|creare|crea|fare|fai)\b%GAP3%"
            r"(?:appuntamento|riunione|incontro|meeting|colloquio|visita)\b",
            r"\bprenotarne\s+(?:uno|una)\b",
            r"\bprenota(?:re)?\b(?=[\W_]*$)",
        ),
    )
    + _rules(
        Intent.MEETING_BOOK,
        "it",
        (r"\b(?:un|una)\s+(?:nuovo|nuova|altro|altra)\s+(?:appuntamento|riunione|incontro)\b",),
        0.8,
    )
    + _rules(
        Intent.MEETING_BOOK,
        "pt",
        (
            r"\b(?:marcar|marca|marque|agendar|agenda|agende|reservar|reserva|criar|cria|fazer"
            r"|faz|organizar|programar)\b%GAP3%(?:reuniao|consulta|compromisso|horario"
            r"|agendamento|encontro)\b",
            r"\b(?:marcar|agendar)\s+(?:um|uma)\s+(?:novo|nova|outro|outra)\b",
        ),
    )
    + _rules(
        Intent.MEETING_BOOK,
        "pt",
        (r"\b(?:um|uma)\s+(?:nova|novo|outra|outro)\s+(?:reuniao|consulta|horario"
         r"|agendamento)\b",),
        0.8,
    )
    + _rules(
        Intent.MEETING_BOOK,
        "nl",
        (
            r"(?:een\s+)?(?:nieuwe\s+)?(?:afspraak|vergadering|meeting|overleg|gesprek)\b.{0,40}?"
            r"\b(?:maken|boeken|plannen|inplannen|regelen|reserveren|organiseren|inroosteren)\b",
            r"\b(?:plan|boek|maak|regel|organiseer)\b.{0,30}?\b(?:afspraak|vergadering|meeting"
            r"|overleg)\b",
            r"\been\s+nieuwe\s+(?:boeken|maken|inplannen)\b",
        ),
    )
    + _rules(
        Intent.EMAIL,
        "en",
        (
            r"\b(?:send|write|draft|compose|prepare|write\s+up|type\s+up|put\s+together"
            r"|create)\b%GAP3%(?:e-?mails?|mails?|messages?|letters?|notes?|memos?|warnings?"
            r"|written\s+warnings?|warning\s+letters?|reprimands?|notices?)\b",
            r"\bwrite\s+(?:to\s+|up\s+)?(?P<person>%NAME%)\b",
        ),
    )
    + _rules(
        Intent.EMAIL,
        "en",
        (r"\b(?:e-?mail|mail|message|dm)\s+(?P<person>%NAME%)\b",),
        head_only=True,
        needs_name=True,
    )
    + _rules(
        Intent.EMAIL,
        "fr",
        (
            r"\b(?:envoyer|envoie|envoyez|ecrire|ecris|ecrivez|rediger|redige|redigez|preparer"
            r"|prepare|preparez|faire|composer)\b%GAP3%(?:e-?mails?|mails?|courriels?"
            r"|messages?|lettres?|avertissements?|blames?)\b",
        ),
    )
    + _rules(
        Intent.EMAIL,
        "fr",
        (r"\b(?:ecrire|ecris|ecrivez|mailer)\s+a\s+(?P<person>%NAME%)",),
        head_only=True,
        needs_name=True,
    )
    + _rules(
        Intent.EMAIL,
        "es",
        (
            r"\b(?:enviar|envia|envie|enviale|mandar|manda|mandale|escribir|escribe|escribele"
            r"|redactar|redacta|preparar|prepara|hacer)\b%GAP3%(?:correos?|e-?mails?|mails?"
            r"|mensajes?|cartas?|amonestacion|advertencia|aviso|apercibimiento)\b",
        ),
    )
    + _rules(
        Intent.EMAIL,
        "es",
        (r"\b(?:escribir|escribe|escribele|escribirle)\s+a\s+(?P<person>%NAME%)",),
        head_only=True,
        needs_name=True,
    )
    + _rules(
        Intent.EMAIL,
        "de",
        (
            r"(?:(?:eine|einen|ein)\s+)?(?:e-?mail|mail|nachricht|brief|abmahnung|verwarnung"
            r"|schriftliche\s+verwarnung)\b.{0,40}?\b(?:schreiben|schicken|senden|verfassen"
            r"|entwerfen|aufsetzen|formulieren|erstellen)\b",
            r"\b(?:schreib|schreibe|schick|schicke|sende|verfasse|entwirf|formuliere|erstelle)\b"
            r".{0,30}?\b(?:e-?mail|mail|nachricht|brief|abmahnung|verwarnung)\b",
        ),
    )
    + _rules(
        Intent.EMAIL,
        "de",
        (r"\b(?:schreib|schreibe|maile)\s+(?P<person>%NAME%)\b",),
        head_only=True,
        needs_name=True,
    )
    + _rules(
        Intent.EMAIL,
        "it",
        (
            r"\b(?:mandare|manda|mandi|inviare|invia|invii|scrivere|scrivi|scriva|redigere"
            r"|redigi|preparare|prepara|fare|fai)\b%GAP3%(?:e-?mails?|mails?|messaggio"
            r"|lettera|richiamo|ammonimento|avvertimento|contestazione)\b",
        ),
    )
    + _rules(
        Intent.EMAIL,
        "it",
        (r"\b(?:scrivere|scrivi|scriva|scrivigli)\s+a\s+(?P<person>%NAME%)",),
        head_only=True,
        needs_name=True,
    )
    + _rules(
        Intent.EMAIL,
        "pt",
        (
            r"\b(?:enviar|envia|envie|mandar|manda|mande|escrever|escreve|escreva|redigir"
            r"|redija|preparar|prepara|prepare|fazer)\b%GAP3%(?:e-?mails?|mails?|mensage(?:m|ns)"
            r"|cartas?|advertencia|aviso|notificacao)\b",
        ),
    )
    + _rules(
        Intent.EMAIL,
        "pt",
        (r"\b(?:escrever|escreve|escreva)\s+(?:para|pra|a)\s+(?:o\s+|a\s+)?(?P<person>%NAME%)",),
        head_only=True,
        needs_name=True,
    )
    + _rules(
        Intent.EMAIL,
        "nl",
        (
            r"(?:een\s+)?(?:e-?mail|mail|mailtje|bericht|brief|waarschuwing"
            r"|schriftelijke\s+waarschuwing|berisping)\b.{0,40}?\b(?:sturen|versturen|schrijven"
            r"|opstellen|maken)\b",
            r"\b(?:stuur|verstuur|schrijf|stel|maak)\b.{0,30}?\b(?:e-?mail|mail|mailtje|bericht"
            r"|brief|waarschuwing)\b",
        ),
    )
    + _rules(
        Intent.EMAIL,
        "nl",
        (r"\bmail\s+(?P<person>%NAME%)\b", r"\b(?P<person>%NAME%)\s+(?:mailen|e-mailen)\b"),
        head_only=True,
        needs_name=True,
    )
    + _rules(
        Intent.SHIFT_ASSIGN,
        "en",
        (
            r"\bassign(?:\s+(?P<person>%NAME%))?\b",
            r"\b(?:put|schedule|roster|book|add|slot|pencil)\s+(?P<person>%NAME%)\s+(?:in\s+)?"
            r"(?:on|for|to|in|into)\b(?:\s+[\w'-]+){0,3}?\s*\b(?:%DAY%|%SHIFT%|morning"
            r"|afternoon|evening|night|opening|closing|schedule|rota|roster)\b",
            r"\bgive\s+(?P<person>%NAME%)\s+(?:the\s+|a\s+)?(?:[\w'-]+\s+){0,2}%SHIFT%\b",
        ),
    )
    + _rules(
        Intent.SHIFT_ASSIGN,
        "en",
        (
            r"\b(?:need|want|have|get)\s+(?P<person>%NAME%)\s+(?:to\s+)?(?:work|cover|do|take)\b"
            r"(?:\s+[\w'-]+){0,3}?\s*\b(?:%DAY%|%SHIFT%)\b",
        ),
        0.8,
        needs_name=True,
    )
    + _rules(
        Intent.SHIFT_ASSIGN,
        "fr",
        (
            r"\b(?:affecter|affecte|affectez|assigner|assigne|assignez|attribuer|attribue)\b"
            r"(?:\s+(?P<person>%NAME%))?",
            r"\b(?:mettre|mets|mettez|planifier|planifie|programmer|programme|inscrire|inscris"
            r"|ajouter|ajoute|ajoutez|placer|place)\s+(?P<person>%NAME%)\s+(?:sur|au|a|le|en"
            r"|pour|dans)\b(?:\s+[\w'-]+){0,3}?\s*\b(?:%DAY%|%SHIFT%|planning|matin"
            r"|apres-midi|soir)\b",
        ),
    )
    + _rules(
        Intent.SHIFT_ASSIGN,
        "es",
        (
            r"\b(?:asignar|asigna|asigne|asignale)\b(?:\s+a\s+(?P<person>%NAME%))?",
            r"\b(?:poner|pon|ponga|programar|programa|agregar|agrega|anadir|anade|meter|mete"
            r"|incluir|incluye)\s+a\s+(?P<person>%NAME%)\s+(?:en|el|para|al)\b"
            r"(?:\s+[\w'-]+){0,3}?\s*\b(?:%DAY%|%SHIFT%|horario|manana|tarde|noche)\b",
        ),
    )
    + _rules(
        Intent.SHIFT_ASSIGN,
        "de",
        (
            r"\b(?:zuweisen|zuteilen|einteilen|einplanen|eintragen|einsetzen|zuordnen)\b",
            r"\b(?:teile|teil|plane|plan|trage|trag|setze|setz)\s+(?P<person>%NAME%)\b.{0,40}?"
            r"\b(?:ein|auf)\b",
        ),
    )
    + _rules(
        Intent.SHIFT_ASSIGN,
        "it",
        (
            r"\b(?:assegnare|assegna|assegni|assegnami)\b(?:\s+(?P<person>%NAME%))?",
            r"\b(?:mettere|metti|metta|programmare|programma|aggiungere|aggiungi|inserire"
            r"|inserisci)\s+(?P<person>%NAME%)\s+(?:al|sul|nel|in|il|di|per|alla)\b"
            r"(?:\s+[\w'-]+){0,3}?\s*\b(?:%DAY%|%SHIFT%|mattina|pomeriggio|sera)\b",
        ),
    )
    + _rules(
        Intent.SHIFT_ASSIGN,
        "pt",
        (
            r"\b(?:atribuir|atribua|designar|designe|escalar|escale)\b"
            r"(?:\s+(?:o\s+|a\s+)?(?P<person>%NAME%))?",
            r"\b(?:colocar|coloca|coloque|por|poe|ponha|adicionar|adiciona|adicione|incluir"
            r"|inclua|agendar)\s+(?:o\s+|a\s+)?(?P<person>%NAME%)\s+(?:no|na|em|para|ao)\b"
            r"(?:\s+[\w'-]+){0,3}?\s*\b(?:%DAY%|%SHIFT%|manha|tarde|noite)\b",
        ),
    )
    + _rules(
        Intent.SHIFT_ASSIGN,
        "nl",
        (
            r"\b(?:inroosteren|toewijzen|indelen|inplannen|roosteren)\b",
            r"\b(?:rooster|deel|plan|zet)\s+(?P<person>%NAME%)\b.{0,40}?\b(?:in|op)\b",
        ),
        needs_name=True,
    )
)

# A manager describing a situation: someone at work, and what happened.
_WORKER_NOUNS = re.compile(
    r"\b(?:employees?|staff(?:\s+members?)?|workers?|cashiers?|associates?|team\s+members?"
    r"|colleagues?|co-?workers?|direct\s+reports?|waiters?|waitress(?:es)?|baristas?|clerks?"
    r"|cooks?|chefs?|drivers?|nurses?|supervisors?|interns?|trainees?|new\s+hires?"
    r"|subordinates?|shift\s+leads?|stockers?|cleaners?"
    r"|employee?s?|salariee?s?|collaborat(?:eur|rice)s?|caissiere?s?|vendeu(?:r|se)s?"
    r"|equipiere?s?|stagiaires?|subordonnee?s?"
    r"|emplead[oa]s?|trabajador(?:a|es|as)?|cajer[oa]s?|colaborador(?:a|es|as)?"
    r"|companer[oa]s?|dependient[ea]s?|becari[oa]s?"
    r"|mitarbeiter(?:in|innen)?|angestellter?|kassierer(?:in)?|kolleg(?:e|in|en)"
    r"|verkaufer(?:in)?|azubis?|praktikant(?:in)?"
    r"|dipendent[ei]|collaborat(?:ore|rice|ori)|cassier[ea]|commess[oa]|colleghi|collega"
    r"|lavorat(?:ore|rice|ori)|stagista"
    r"|funcionari[oa]s?|empregad[oa]s?|colaborador(?:a|es|as)?|estagiari[oa]s?"
    r"|medewerkers?|werknemers?|werkneemster|personeelslid|collega's|kassamedewerker"
    r"|verko(?:per|opster)|stagiair)\b"
)
_SITUATION = re.compile(
    r"\b(?:no-?shows?|didn't\s+show|did\s+not\s+show|hasn't\s+shown|not\s+showing|absent"
    r"|absences?|absenteeism|late|lateness|tardy|tardiness|harass\w*|bully\w*|steal\w*"
    r"|theft|stole|misconduct|rude|insubordinat\w*|underperform\w*|performance|resign\w*"
    r"|quit|quitting|fire|fired|terminat\w*|dismiss\w*|disciplin\w*|warnings?|complain\w*"
    r"|conflict|fight\w*|argument|drunk|intoxicated|sick\s+leave|maternity|paternity"
    r"|grievance|discriminat\w*|injur\w*|accident"
    r"|absente?s?|retards?|harcel\w*|vol[ee]?|insolente?|demission\w*|licenci\w*|sanction\w*"
    r"|avertissement|plainte|conflit|dispute|bagarre|ivre|arret\s+maladie|pas\s+venue?"
    r"|ne\s+s'est\s+pas\s+presentee?|abandon\s+de\s+poste"
    r"|ausente|ausencias?|faltas?|falto|tarde|retrasos?|acoso|roba|robo|robando|groser[oa]"
    r"|irrespetuos[oa]|rendimiento|renuncia|renuncio|despedir|despido|amonestacion|queja"
    r"|conflicto|pelea|borrach[oa]|baja\s+medica|no\s+se\s+presento|no\s+vino"
    r"|abwesend|abwesenheit|fehlt|fehlzeiten|zu\s+spat|verspatung|verspatet|unpunktlich"
    r"|belastigung|mobbing|stiehlt|diebstahl|gestohlen|unhoflich|leistung|kundigung"
    r"|gekundigt|kundigen|abmahnung|beschwerde|konflikt|streit|betrunken|krankmeldung"
    r"|krankgeschrieben|nicht\s+erschienen|nicht\s+gekommen"
    r"|assente|assenz[ae]|ritard[oi]|in\s+ritardo|molestie|ruba|furto|rubato|maleducat[oa]"
    r"|scortese|rendimento|prestazioni|dimissioni|dimess[oa]|licenziare|licenziamento"
    r"|disciplinare|richiamo|lamentela|reclamo|conflitto|litigio|lite|ubriac[oa]"
    r"|non\s+si\s+e\s+presentat[oa]|non\s+e\s+venut[oa]"
    r"|ausencia|faltou|atrasos?|atrasad[oa]|assedio|rouba|roubo|roubou|grosseir[oa]"
    r"|desrespeito|desempenho|demissao|demitir|advertencia|reclamacao|queixa|conflito|briga"
    r"|bebad[oa]|atestado|nao\s+apareceu|nao\s+veio"
    r"|afwezig|afwezigheid|verzuim|te\s+laat|intimidatie|pesten|steelt|diefstal|gestolen"
    r"|onbeleefd|brutaal|prestaties?|ontslag|ontslaan|disciplinair|waarschuwing|klacht"
    r"|ruzie|dronken|ziekmelding|ziek\s+gemeld|niet\s+komen\s+opdagen|niet\s+verschenen"
    r"|kwam\s+niet\s+opdagen)\b"
)
_FIRST_PERSON_START = re.compile(
    r"(?:i|i'm|im|i'll|i\s+will|i\s+am|i've|je|j'|yo|ich|io|eu|ik)\b"
)
_THIRD_PERSON = re.compile(
    r"\b(?:he|she|they|him|her|them|his|their|someone|somebody|one\s+of|this\s+person|guy"
    r"|girl|people|everyone|nobody|il|elle|ils|elles|lui|leur|quelqu'un|el|ella|ellos|ellas"
    r"|alguien|er|sie|ihn|ihm|jemand|lei|loro|qualcuno|ele|ela|eles|elas|alguem|hij|zij|ze"
    r"|hem|haar|iemand)\b"
)
_POLICY = re.compile(
    r"\b(?:rules?\s+(?:on|about|for|regarding)|overtime|polic(?:y|ies)|politique|politica|richtlinie|beleid|regolamento|regulamento"
    r"|labou?r\s+law|employment\s+law|code\s+du\s+travail|arbeitsrecht|diritto\s+del\s+lavoro"
    r"|legislacion\s+laboral|legislacao\s+trabalhista|arbeidsrecht)\b"
)

# Intents a worker asks for about themselves; said about an employee, they describe a situation.
_WORKER_SIDE_INTENTS = frozenset(
    {
        Intent.SHIFT_CANCEL,
        Intent.SHIFT_SWAP,
        Intent.MY_SHIFTS,
        Intent.MEETING_CANCEL,
        Intent.MEETING_RESCHEDULE,
    }
)
_SLOT_DAY_INTENTS = frozenset(
    {
        Intent.SHIFT_CANCEL,
        Intent.SHIFT_ASSIGN,
        Intent.SHIFT_SWAP,
        Intent.SHIFT_UNASSIGN,
        Intent.MEETING_BOOK,
        Intent.MEETING_CANCEL,
        Intent.MEETING_RESCHEDULE,
        Intent.CALL_EMPLOYEE,
        Intent.MY_SHIFTS,
    }
)
_SLOT_PERSON_INTENTS = frozenset(
    {
        Intent.SHIFT_ASSIGN,
        Intent.SHIFT_SWAP,
        Intent.SHIFT_UNASSIGN,
        Intent.CALL_EMPLOYEE,
        Intent.EMAIL,
        Intent.MEETING_BOOK,
    }
)
_PERSON_AFTER = {
    language: re.compile(rf"\b{words['PREP']}\s+(?P<person>{_NAME})")
    for language, words in _LANG_WORDS.items()
    if "PREP" in words
}
_PAIR = {
    language: re.compile(rf"\b(?P<person>{_NAME})\s+{words['AND']}\s+(?P<other>{_NAME})\b")
    for language, words in _LANG_WORDS.items()
    if "AND" in words
}
_TOPIC = {
    language: re.compile(rf"\b{words['ABOUT']}\s+(?P<topic>\S.*)$")
    for language, words in _LANG_WORDS.items()
    if "ABOUT" in words
}


def _language_of(locale: str | None) -> str | None:
    if not locale:
        return None
    return locale.replace("_", "-").split("-")[0].casefold() or None


def _is_name(word: str) -> bool:
    return word not in _NOT_A_PERSON and word not in _PRONOUNS


def _first_match(
    rules: tuple[_Rule, ...], text: str, head_end: int, language: str | None
) -> tuple[_Rule, re.Match[str]] | None:
    """The first rule (in order) that matches; a rule in the locale's language wins a tie."""
    first: tuple[_Rule, re.Match[str]] | None = None
    for rule in rules:
        if first is not None and rule.language != language:
            continue
        found = rule.pattern.search(text)
        if found is None:
            continue
        if rule.head_only and found.start() > head_end:
            continue
        if rule.needs_name and "person" in rule.pattern.groupindex:
            person = found.group("person")
            if person is not None and person in _NOT_A_PERSON:
                continue
        if rule.unless is not None and rule.unless.search(text):
            continue
        if first is None:
            first = (rule, found)
            if language is None or rule.language == language:
                return first
        else:
            return (rule, found)
    return first


def _control(folded: str, language: str | None) -> _Rule | None:
    """The control rule the whole message matches once greetings, fillers, openers and
    trailing politeness are set aside; a rule in the locale's language wins a tie."""
    lead = _LEAD.match(folded)
    start = lead.end() if lead else 0
    trail = _TRAIL.search(folded, start)
    end = trail.start() if trail else len(folded)
    core = folded[start:end]
    if not core:
        return None
    first: _Rule | None = None
    for rule in _CONTROL_RULES:
        if rule.pattern.fullmatch(core):
            if language is None or rule.language == language:
                return rule
            first = first or rule
    return first


def _slots(rule: _Rule, found: re.Match[str], folded: _Folded) -> dict[str, str]:
    slots: dict[str, str] = {}
    text = folded.text
    for group, slot in (("person", "person"), ("other", "other_person")):
        value = found.group(group) if group in rule.pattern.groupindex else None
        if value is not None and _is_name(value):
            slots[slot] = folded.original_span(found.start(group), found.end(group))
    if rule.intent == Intent.SHIFT_SWAP and rule.language in _PAIR:
        pair = _PAIR[rule.language].search(text, found.end())
        if pair and _is_name(pair.group("person")) and _is_name(pair.group("other")):
            slots["person"] = folded.original_span(pair.start("person"), pair.end("person"))
            slots["other_person"] = folded.original_span(pair.start("other"), pair.end("other"))
    if (
        rule.intent in _SLOT_PERSON_INTENTS
        and "person" not in slots
        and rule.language in _PERSON_AFTER
    ):
        for after in _PERSON_AFTER[rule.language].finditer(text, found.start()):
            if _is_name(after.group("person")) and not _DAY_RE.fullmatch(after.group("person")):
                slots["person"] = folded.original_span(after.start("person"), after.end("person"))
                break
    if rule.intent in _SLOT_DAY_INTENTS:
        day = _DAY_RE.search(text)
        if day:
            slots["day"] = folded.original_span(day.start(), day.end())
    if rule.intent == Intent.EMAIL and rule.language in _TOPIC:
        topic = _TOPIC[rule.language].search(text, found.start())
        if topic:
            slots["topic"] = folded.original_span(topic.start("topic"), topic.end("topic"))
    return slots


def _advice(text: str, head_end: int) -> IntentMatch | None:
    if _WORKER_NOUNS.search(text):
        return IntentMatch(Intent.ADVICE, 0.75, MatchKind.DESCRIPTION, rule="advice:worker")
    if _SITUATION.search(text):
        if _THIRD_PERSON.search(text):
            return IntentMatch(Intent.ADVICE, 0.7, MatchKind.DESCRIPTION, rule="advice:situation")
        # "Bob has been absent for a week" tells of someone else; "I'll be late" does not.
        if len(text.split()) >= 5 and not _FIRST_PERSON_START.match(text, head_end):
            return IntentMatch(Intent.ADVICE, 0.6, MatchKind.DESCRIPTION, rule="advice:event")
    if _POLICY.search(text):
        return IntentMatch(Intent.ADVICE, 0.65, MatchKind.DESCRIPTION, rule="advice:policy")
    return None


def classify_intent(text: str, *, locale: str | None = None) -> IntentMatch:
    """What the message asks ERA to do; UNKNOWN (confidence 0) when no rule recognises it.

    locale ("fr-FR", "pt_BR", ...) only breaks ties between languages; without it every
    language still works.
    """
    if not text or not text.strip():
        return IntentMatch(Intent.UNKNOWN, 0.0, MatchKind.NONE, rule="empty")
    text = text[:_MAX_TEXT]
    feedback = _FEEDBACK.match(text)
    if feedback:
        slots = {"feedback": feedback.group("feedback").strip()}
        return IntentMatch(Intent.FEEDBACK, 1.0, MatchKind.COMMAND, slots=slots, rule="feedback")
    language = _language_of(locale)
    folded = _fold(text)
    plain = folded.text
    if len(plain) <= _MAX_CONTROL:
        if _GREETING_ONLY.fullmatch(plain):
            return IntentMatch(Intent.GREETING, 0.9, MatchKind.CONTROL, rule="greeting")
        control = _control(plain, language)
        if control is not None:
            return IntentMatch(
                control.intent,
                control.confidence,
                MatchKind.CONTROL,
                None if control.language == "xx" else control.language,
                rule=control.name,
            )
    head = _HEAD.match(plain)
    head_end = head.end() if head else 0
    request = _first_match(_REQUEST_RULES, plain, head_end, language)
    if request is not None:
        rule, found = request
        if rule.intent == Intent.ADVICE:
            kind = MatchKind.DESCRIPTION
            confidence = rule.confidence
        elif (
            not rule.statement
            and found.start() <= head_end
            and not _NEED_RE.search(plain, 0, head_end)
        ):
            kind = MatchKind.COMMAND
            confidence = rule.confidence
        elif rule.intent in _WORKER_SIDE_INTENTS and (
            _WORKER_NOUNS.search(plain, 0, found.start())
            or _THIRD_PERSON.search(plain, 0, found.start())
        ):
            # "my employee keeps cancelling his shifts" is a manager's situation, not a request.
            return IntentMatch(Intent.ADVICE, 0.7, MatchKind.DESCRIPTION, rule="advice:reported")
        else:
            kind = MatchKind.MENTION
            confidence = round(rule.confidence - 0.1, 2)
        return IntentMatch(
            rule.intent,
            confidence,
            kind,
            None if rule.language == "xx" else rule.language,
            _slots(rule, found, folded),
            rule.name,
        )
    advice = _advice(plain, head_end)
    if advice is not None:
        return advice
    return IntentMatch(Intent.UNKNOWN, 0.0, MatchKind.NONE, rule="no_rule")
