"""The facts of a situation a manager describes, kept as typed fields of the advice conversation.

ERA's offline advice and its drafts depend on these facts, never on the manager's sentences:
how often it happened and over which period, whether the manager has already spoken to the
employee (or reached them, for an absence), whether a written warning was given before, whether
the reason is known, and whether health or safety is involved. `with_message` reads them from
one message deterministically, in English, French, Spanish and German (the situation kind
also in Italian, Portuguese, Dutch, Chinese and Japanese): explicit statements
("no i havent talked to him yet", "je lui ai déjà parlé", "ya le di una amonestación") anywhere,
and a bare yes or no ("nope", "oui", "nein") as the answer to the yes/no question ERA asked last
(`asked`). A fact nobody mentioned stays None (unknown): the advisor asks, or decides
conservatively, and the drafter marks it as a placeholder.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, fields, replace
from enum import StrEnum
from typing import Any

from core.question_id import QuestionId
from core.reply_interpreter import ReplyIntent, interpret_reply
from core.text_fold import fold_text


class Fact(StrEnum):
    """A yes/no fact the advisor can ask about and decide on."""

    SPOKEN_TO = "spoken_to"  # the manager has talked to the employee about it (or warned verbally)
    REACHED = "reached"  # the manager has been able to reach the employee (an absence)
    PRIOR_WARNINGS = "prior_warnings"  # a written or formal warning was given before
    REPEATED = "repeated"  # it happened more than once
    REASON_KNOWN = "reason_known"  # the manager knows why
    SAFETY_OR_HEALTH = "safety_or_health"  # someone's health or safety is involved
    OCCURRENCES = "occurrences"  # how many times (asked as an open question)


class Period(StrEnum):
    """When the incidents happened, as the manager put it."""

    TODAY = "today"
    THIS_WEEK = "this_week"
    LAST_WEEK = "last_week"
    THIS_MONTH = "this_month"
    LAST_MONTH = "last_month"


class Reason(StrEnum):
    """The kind of reason given for the behaviour."""

    TRANSPORT = "transport"
    CHILDCARE = "childcare"
    HEALTH = "health"
    FAMILY = "family"
    OTHER = "other"


_YES_NO_FACTS = frozenset({
    Fact.SPOKEN_TO, Fact.REACHED, Fact.PRIOR_WARNINGS, Fact.REPEATED, Fact.REASON_KNOWN,
    Fact.SAFETY_OR_HEALTH,
})


@dataclass(frozen=True)
class SituationFacts:
    """What is known about the situation; None means nobody said.

    topic: the playbook id the conversation follows. occurrences: how many times it happened;
    attempts: how many times the manager tried to reach the employee. every_shift: "every
    day", "each shift". weekdays: the days named (0 = Monday). spoken_when: when the manager
    spoke to the employee, as a period. reason: the kind of reason, when one was given.
    """

    topic: str | None = None
    employee_id: str | None = None
    occurrences: int | None = None
    attempts: int | None = None
    period: Period | None = None
    every_shift: bool = False
    minutes_late: int | None = None
    weekdays: tuple[int, ...] = ()
    spoken_to: bool | None = None
    spoken_when: Period | None = None
    reached: bool | None = None
    prior_warnings: bool | None = None
    repeated: bool | None = None
    reason_known: bool | None = None
    reason: Reason | None = None
    safety_or_health: bool | None = None

    def value(self, fact: Fact) -> bool | None:
        """A yes/no fact's value (repetition also follows from the count or "every day";
        occurrences is "known" when a count was given)."""
        if fact is Fact.REPEATED:
            if self.repeated is not None:
                return self.repeated
            if self.occurrences is not None:
                return self.occurrences >= 2
            return True if self.every_shift else None
        if fact is Fact.OCCURRENCES:
            return True if self.occurrences is not None or self.every_shift else None
        if fact is Fact.REASON_KNOWN and self.reason_known is None and self.reason is not None:
            return True
        value: bool | None = getattr(self, str(fact))
        return value

    def with_fact(self, fact: Fact, value: bool | None) -> SituationFacts:
        """The same facts with one yes/no fact set (OCCURRENCES cannot be set this way)."""
        if fact is Fact.OCCURRENCES:
            raise ValueError("occurrences is a count, not a yes/no fact")
        changed: dict[str, Any] = {str(fact): value}
        return replace(self, **changed)

    def with_message(
        self, text: str, *, asked: tuple[Fact, ...] = ()
    ) -> SituationFacts:
        """These facts updated with what `text` says; a bare yes or no answers the first
        yes/no fact of `asked` that the message does not settle itself."""
        found = read_facts(text)
        updates = {
            name: value for name, value in found.items()
            if value is not None and value != () and not (name == "every_shift" and not value)
            and not (name == "topic" and self.topic is not None)
        }
        merged = replace(self, **updates)
        answer = _bare_answer(text)
        if answer is not None:
            for fact in asked:
                if fact in _YES_NO_FACTS and str(fact) not in updates:
                    merged = merged.with_fact(fact, answer)
                    break
        return merged

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready form (dialog state, the email flow's context)."""
        data: dict[str, Any] = {}
        for item in fields(self):
            value = getattr(self, item.name)
            if isinstance(value, tuple):
                value = list(value)
            elif isinstance(value, StrEnum):
                value = str(value)
            data[item.name] = value
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> SituationFacts:
        """Rebuild from `to_dict` output (None or {}: nothing known); unknown keys ignored."""
        if not data:
            return cls()
        known = {item.name for item in fields(cls)}
        values = {key: value for key, value in data.items() if key in known}
        if isinstance(values.get("weekdays"), list):
            values["weekdays"] = tuple(int(day) for day in values["weekdays"])
        for key, kind in (("period", Period), ("spoken_when", Period), ("reason", Reason)):
            if values.get(key) is not None:
                values[key] = kind(values[key])
        return cls(**values)


def facts_summary(facts: SituationFacts) -> str:
    """The known facts as one line of `name: value` pairs (for a model's prompt and logs;
    no words of the manager's), "" when nothing is known."""
    parts = []
    for item in fields(facts):
        value = getattr(facts, item.name)
        if value is None or value == () or (value is False and item.name == "every_shift"):
            continue
        if isinstance(value, bool):
            value = "yes" if value else "no"
        elif isinstance(value, tuple):
            value = ", ".join(_DAY_NAMES[day] for day in value)
        parts.append(f"{item.name}: {value}")
    return "; ".join(parts)


_DAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


# --- reading one message ------------------------------------------------------------------

_CLAUSE = re.compile(
    r"[.;!?\n]+|,\s*|\s+(?:but|mais|pero|aber|though|however|sin embargo|and|et|y|und)\s+"
)
_NEGATION = re.compile(
    r"\b(?:no|not|never|nope|havent|haven't|hasnt|hasn't|didnt|didn't|dont|don't|wasnt"
    r"|wasn't|cant|can't|couldnt|couldn't|yet to|ne|pas|jamais|non|nunca|todavia no|aun no"
    r"|nicht|nie|kein|keine|keinen|nein|noch nicht)\b|n't\b"
)
_SPOKEN = re.compile(
    r"\b(?:spoke|spoken|talked|did (?:speak|talk)|told (?:him|her|them)|mentioned it"
    r"|raised it|discussed|had a word|had a chat|had a talk|had a conversation"
    r"|verbal warning|warned|a warning"
    r"|brought it up|pulled (?:him|her|them)|parle|discute|averti|recadre|avertissement oral"
    r"|avertissement verbal|hablado|hable|dicho"
    r"|comentado|avisado|advertido|advertencia verbal|aviso verbal|gesprochen|geredet"
    r"|angesprochen|gesagt|ermahnt|mundliche verwarnung|verwarnt)\b"
)
_WRITTEN_WARNING = re.compile(
    r"\b(?:written warning|formal warning|final warning|warning letter|avertissement ecrit"
    r"|avertissement formel|blame|amonestacion|advertencia (?:por )?escrita"
    r"|aviso por escrito|abmahnung|schriftliche verwarnung)\b"
)
_NOT_REACHED = re.compile(
    r"\b(?:no answer|didn't pick up|didnt pick up|not picking up|doesn't pick up|no reply"
    r"|didn't answer|didnt answer|not answering|isn't answering|doesn't answer|voicemail"
    r"|can't reach|cant reach|couldn't reach|couldnt reach|cannot reach|unreachable"
    r"|no response|ignoring|ghosted|haven't heard|havent heard|pas de reponse|ne repond pas"
    r"|injoignable|messagerie|pas reussi a (?:le|la) joindre|pas pu (?:le|la) joindre"
    r"|no contesta|no responde|no ha contestado|no me contesta|no he podido"
    r"|buzon|ilocalizable|nicht erreicht|geht nicht ran|keine antwort|nicht erreichbar"
    r"|mailbox|meldet sich nicht)\b"
)
_REACHED = re.compile(
    r"\b(?:reached (?:him|her|them)|got hold of|got through|(?:he|she|they) answered"
    r"|(?:he|she|they) replied|(?:he|she|they) picked up|called (?:me )?back|spoke to (?:him"
    r"|her|them)|talked to (?:him|her|them)|l'ai eu|ai pu (?:le|la) joindre|a repondu"
    r"|m'a rappele|contesto|respondio|he hablado con|me llamo|erreicht|hat geantwortet"
    r"|zuruckgerufen|mit (?:ihm|ihr) gesprochen)\b"
)
_CONTACT = re.compile(
    r"\b(?:call|called|calling|rang|ring|phoned|texted|text|messaged|emailed|tried|appele"
    r"|appel|telephone|essaye|ecrit|llame|llamado|escrito|intentado|angerufen|versucht"
    r"|geschrieben)\w*"
)
_REPEATED = re.compile(
    r"\b(?:again|keeps|keep|still|always|repeatedly|continues|continue|continua|sigue"
    r"|weiterhin|constantly|all the time|several times"
    r"|many times|often|every time|regularly|encore|toujours|souvent|plusieurs fois"
    r"|de nouveau|regulierement|otra vez|siempre|varias veces|a menudo|de nuevo"
    r"|constantemente|wieder|immer|standig|mehrmals|oft|schon wieder|regelmassig)\b"
)
_FIRST_TIME = re.compile(
    r"\b(?:first time|never before|premiere fois|primera vez|erste mal|zum ersten mal)\b"
)
_EVERY_SHIFT = re.compile(
    r"\b(?:every day|everyday|every shift|each shift|each day|daily|every single day"
    r"|tous les jours|chaque jour|chaque service|todos los dias|cada dia|cada turno"
    r"|jeden tag|taglich|jede schicht)\b"
)
_MINUTES = re.compile(r"\b(\d{1,3})\s*(?:min|mins|minutes|minute|minuten|minutos|minuto)\b")
_COUNT = re.compile(
    r"\b(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|deux|trois|quatre|cinq|six"
    r"|sept|huit|neuf|dix|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|zwei|drei|vier"
    r"|funf|sechs|sieben|acht|neun|zehn)\s*(?:times|time|fois|veces|vez|mal|days|jours|dias"
    r"|tage|tagen|shifts|services|turnos|schichten|occasions)\b"
)
_COUNT_WORDS = {
    "once": 1, "twice": 2, "thrice": 3, "une fois": 1, "una vez": 1, "einmal": 1,
    "zweimal": 2, "dreimal": 3, "viermal": 4, "funfmal": 5,
}
_COUNT_WORD = re.compile(r"\b(?:" + "|".join(_COUNT_WORDS) + r")\b")
_NUMBERS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "sept": 7,
    "huit": 8, "neuf": 9, "dix": 10, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6,
    "siete": 7, "ocho": 8, "nueve": 9, "diez": 10, "zwei": 2, "drei": 3, "vier": 4,
    "funf": 5, "sechs": 6, "sieben": 7, "acht": 8, "neun": 9, "zehn": 10,
}
_PERIODS = (
    (Period.LAST_WEEK, r"last week|past week|semaine derniere|la semana pasada|letzte woche"
                       r"|letzten woche|vergangene woche"),
    (Period.THIS_WEEK, r"this week|cette semaine|esta semana|diese woche|dieser woche"),
    (Period.LAST_MONTH, r"last month|past month|mois dernier|el mes pasado|letzten monat"
                        r"|letzter monat|vergangenen monat"),
    (Period.THIS_MONTH, r"this month|ce mois|este mes|diesen monat|diesem monat"),
    (Period.TODAY, r"today|this morning|aujourd'hui|ce matin|hoy|esta manana|heute"
                   r"|heute morgen"),
)
_WEEKDAYS = (
    r"mon(?:day)?s?|lundi|lunes|montag",
    r"tue(?:s|sday)?s?|mardi|martes|dienstag",
    r"wed(?:nesday)?s?|mercredi|miercoles|mittwoch",
    r"thu(?:rs|rsday)?s?|jeudi|jueves|donnerstag",
    r"fri(?:day)?s?|vendredi|viernes|freitag",
    r"sat(?:urday)?s?|samedi|sabado|samstag",
    r"sun(?:day)?s?|dimanche|domingo|sonntag",
)
_WEEKDAY_PATTERNS = tuple(re.compile(rf"\b(?:{names})\b") for names in _WEEKDAYS)
_HEALTH = re.compile(
    r"\b(?:ill|illness|sick|unwell|health|medical|doctor|hospital|depress\w*|anxiety|anxious"
    r"|stress|stressed|burnout|burn out|mental|injur\w*|hurt|pregnan\w*|malade|maladie|sante"
    r"|medecin|hopital|depression|enceinte|blesse\w*|enfermo|enferma|enfermedad|salud|medico"
    r"|ansiedad|estres|embarazada|herido|krank\w*|gesundheit\w*|arzt|krankenhaus|schwanger"
    r"|verletzt)\b"
)
_SAFETY = re.compile(
    r"\b(?:unsafe|safety|danger\w*|threat\w*|violen\w*|weapon|at risk|insult\w*|discriminat\w*"
    r"|racis\w*|securite|menace\w*|insulte\w*|discrimina\w*"
    r"|peligro\w*|seguridad|amenaz\w*|gefahr\w*|sicherheit|bedroh\w*|gewalt)\b"
)
_BECAUSE = re.compile(
    r"\b(?:because|due to|says (?:it's|its)|said (?:it's|its|it was)|parce que|a cause de"
    r"|porque|por culpa de|debido a|weil|wegen)\b"
)
_REASON_UNKNOWN = re.compile(
    r"\b(?:no idea why|don't know why|dont know why|not sure why|no reason|sais pas pourquoi"
    r"|aucune idea|aucune idee|no se por que|ni idea|weiss nicht warum|keine ahnung)\b"
)
_REASONS = (
    (Reason.TRANSPORT, r"bus|buses|train|trains|traffic|car|transport|metro|tram|commute"
                       r"|trafic|voiture|tren|coche|trafico|zug|stau|auto|bahn|verkehr"),
    (Reason.CHILDCARE, r"kids?|children|childcare|school|daycare|nursery|enfants?|ecole"
                       r"|creche|ninos|hijos|colegio|guarderia|kinder|kita|schule"),
    (Reason.FAMILY, r"family|mother|father|mum|mom|dad|famille|mere|pere|familia|madre"
                    r"|padre|familie|mutter|vater"),
)


def read_facts(text: str) -> dict[str, Any]:
    """What one message states, as SituationFacts field values (None: not stated)."""
    return dict(_facts_of(text))


@functools.lru_cache(maxsize=256)
def _facts_of(text: str) -> tuple[tuple[str, Any], ...]:
    """`read_facts` of a text, kept: the advisor and the conversation both read the message
    (every value is immutable: None, bool, int, str, enum, tuple)."""
    return tuple(_read_facts(text).items())


def _read_facts(text: str) -> dict[str, Any]:
    folded = fold_text(text)
    found: dict[str, Any] = {
        "topic": _topic(folded), "occurrences": None, "attempts": None, "period": None,
        "every_shift": False, "minutes_late": None, "weekdays": (), "spoken_to": None,
        "spoken_when": None,
        "reached": None, "prior_warnings": None, "repeated": None, "reason_known": None,
        "reason": None, "safety_or_health": None,
    }
    for clause in (c.strip() for c in _CLAUSE.split(folded)):
        if clause:
            _read_clause(clause, found)
    minutes = _MINUTES.search(folded)
    if minutes:
        found["minutes_late"] = int(minutes.group(1))
    if _EVERY_SHIFT.search(folded):
        found["every_shift"] = True
    days = tuple(index for index, pattern in enumerate(_WEEKDAY_PATTERNS)
                 if pattern.search(folded))
    found["weekdays"] = days
    if _REASON_UNKNOWN.search(folded):
        found["reason_known"] = False
    return found


def _read_clause(clause: str, found: dict[str, Any]) -> None:
    negated = _NEGATION.search(clause) is not None
    spoken = _SPOKEN.search(clause)
    warning = _WRITTEN_WARNING.search(clause)
    contact = _CONTACT.search(clause) is not None
    period = _period(clause)
    if warning:
        found["prior_warnings"] = not _negated_before(clause, warning.start())
        if found["prior_warnings"] and found["spoken_to"] is None:
            found["spoken_to"] = True
    elif spoken:
        said = not _negated_before(clause, spoken.start())
        if found["spoken_to"] is None or said:
            found["spoken_to"] = said
        if said and period is not None:
            found["spoken_when"] = period
            period = None
    if _NOT_REACHED.search(clause):
        found["reached"] = False
    elif _REACHED.search(clause) and not negated:
        found["reached"] = True
    count = _count(clause)
    if count is not None:
        if contact and not _REPEATED_INCIDENT.search(clause):
            found["attempts"] = count
        else:
            found["occurrences"] = count
    if period is not None and found["period"] is None:
        found["period"] = period
    if _FIRST_TIME.search(clause):
        found["repeated"] = False
    elif _REPEATED.search(clause) and not (spoken or contact):
        found["repeated"] = True
    health = _HEALTH.search(clause) or _SAFETY.search(clause)
    if health:
        found["safety_or_health"] = not _negated_before(clause, health.start())
    if _BECAUSE.search(clause) and not _REASON_UNKNOWN.search(clause):
        found["reason_known"] = True
        found["reason"] = _reason(clause, bool(_HEALTH.search(clause)))


_REPEATED_INCIDENT = re.compile(r"\b(?:late|retard|tarde|spat|verspat\w*|absent\w*|missed)\b")


_LATENESS = re.compile(
    r"\b(?:late|lateness|tardy|punctual\w*|retard\w*|ponctualite|tarde|impuntual\w*"
    r"|puntualidad|retraso\w*|zu spat|verspat\w*|unpunktlich\w*|punktlichkeit"
    r"|ritard[oi]|puntualita|te laat|stiptheid|atraso\w*|atrasad[oa]s?|pontualidade)\b"
)
_ABSENCE = re.compile(
    r"\b(?:no[- ]show|didn't show|did not show|hasn't shown|didn't turn up|didn't come in"
    r"|missed (?:a |his |her |their |my )?shifts?|absent\w*|absence\w*|absenteeism|awol"
    r"|ne s'est pas presente\w*|pas venue?|ausente|ausencia\w*|no se presento|no vino"
    r"|falta\w*|nicht erschienen|gefehlt|fehlt|fehlzeit\w*|abwesen\w*"
    r"|assent[ei]|assenz[ae]|non si e presentat[oa]|afwezig\w*|niet (?:komen )?opgedaagd"
    r"|niet verschenen|faltou|nao apareceu|nao compareceu)\b"
)

# Chinese and Japanese are written without spaces: their words match inside text, without \b.
_LATENESS_CJK = re.compile(
    r"迟到|晚到|不准时|准时|守时|遅刻|遅れて(?:来|出勤|出社)|時間(?:厳守|を守)"
)
_ABSENCE_CJK = re.compile(
    r"缺勤|旷工|缺班|没有?来上班|无故缺席|欠勤|無断欠勤|来なかった|出勤しなかった"
)


def _topic(folded: str) -> str | None:
    """The situation kind a message names, as the playbook ids for lateness and absence."""
    if _LATENESS.search(folded) or _LATENESS_CJK.search(folded):
        return "lateness"
    if _ABSENCE.search(folded) or _ABSENCE_CJK.search(folded):
        return "no_show"
    return None


def _negated_before(clause: str, position: int) -> bool:
    """Whether a negation comes before `position` in the clause, within six words."""
    before = clause[:position].split()[-6:]
    return _NEGATION.search(" ".join(before)) is not None


def _period(clause: str) -> Period | None:
    for period, pattern in _PERIODS:
        if re.search(rf"\b(?:{pattern})\b", clause):
            return period
    return None


def _count(clause: str) -> int | None:
    match = _COUNT.search(clause)
    if match:
        word = match.group(1)
        return int(word) if word.isdigit() else _NUMBERS.get(word)
    single = _COUNT_WORD.search(clause)
    return _COUNT_WORDS[single.group(0)] if single else None


def _reason(clause: str, health: bool) -> Reason:
    if health:
        return Reason.HEALTH
    for reason, pattern in _REASONS:
        if re.search(rf"\b(?:{pattern})\b", clause):
            return reason
    return Reason.OTHER


def _bare_answer(text: str) -> bool | None:
    """True / False when the message opens with (or is) a plain yes or no."""
    words = text.strip().split()
    if not words:
        return None
    candidates = [" ".join(words)] if len(words) <= 3 else []
    candidates.append(words[0].strip(",.!;:"))
    for candidate in candidates:
        intent = interpret_reply(candidate, str(QuestionId.CONFIRM_ACTION), ()).intent
        if intent is ReplyIntent.CONFIRM:
            return True
        if intent is ReplyIntent.REJECT:
            return False
    return None
