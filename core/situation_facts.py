"""The facts of a situation a manager describes, kept as typed fields of the advice conversation.

ERA's offline advice and its drafts depend on these facts, never on the manager's sentences:
how often it happened and over which period, whether the manager has already spoken to the
employee (or reached them, for an absence), whether a written warning was given before, whether
the reason is known, and whether health or safety is involved. `with_message` reads them from
one message deterministically, in English, French, Spanish, German, Italian, Portuguese, Dutch,
Polish, Japanese and Chinese: explicit statements ("no i havent talked to him yet", "je lui ai
déjà parlé", "ainda não falei com ele", "nie rozmawiałem z nim jeszcze", "まだ話していません",
"我还没跟他谈过") anywhere, and a bare
yes or no ("nope", "oui", "nein", "はい") as the answer to the yes/no question ERA asked last
(`asked`). A fact nobody mentioned stays None (unknown): the advisor asks, or decides
conservatively, and the drafter marks it as a placeholder.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from itertools import chain
from typing import Any

from core.name_matcher import written_unspaced
from core.question_id import QuestionId
from core.reply_interpreter import ReplyIntent, interpret_reply
from core.reply_lexicon import ACKNOWLEDGEMENTS, WORDS, WordKind
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
    RESIGNED = "resigned"  # the employee has resigned (no: only thinking or talking of leaving)


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
    Fact.SAFETY_OR_HEALTH, Fact.RESIGNED,
})


@dataclass(frozen=True)
class SituationFacts:
    """What is known about the situation; None means nobody said.

    topic: the playbook id the conversation follows. occurrences: how many times it happened;
    attempts: how many times the manager tried to reach the employee. every_shift: "every
    day", "each shift". weekdays: the days named (0 = Monday) of what happened. spoken_when:
    when the manager spoke to the employee, as a period; spoken_on: the weekday they spoke on
    ("I spoke to him on tuesday"), which is no day of what happened. reason: the kind of
    reason, when one was given. arrived_late / left_early: which of the two a lateness is, as
    the manager said it (a warning about leaving early must not list late arrivals). resigned:
    whether the employee has resigned, or (False) only thinks or talks of leaving ("bob said
    he might quit").
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
    spoken_on: int | None = None
    reached: bool | None = None
    prior_warnings: bool | None = None
    repeated: bool | None = None
    reason_known: bool | None = None
    reason: Reason | None = None
    safety_or_health: bool | None = None
    arrived_late: bool | None = None
    left_early: bool | None = None
    resigned: bool | None = None

    @property
    def leaves_early_only(self) -> bool:
        """Whether the manager spoke of leaving early and never of arriving late."""
        return bool(self.left_early) and not self.arrived_late

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
#
# Each pattern has Latin words (English, French, Spanish, German, Italian, Portuguese, Dutch,
# Polish, written folded and with "ł" as "l": "spoznil" for "spóźnił"), matched between word
# edges, and Chinese and Japanese words, matched anywhere: those scripts are written without
# spaces, so a word has no edge inside a sentence.


def _words(latin: str, cjk: str = "", *, stems: bool = False) -> re.Pattern[str]:
    """Latin words between word edges (`stems`: any ending after them), or CJK words anywhere."""
    edge = r"\w*" if stems else r"\b"
    return re.compile(rf"\b(?:{latin}){edge}" + (f"|{cjk}" if cjk else ""))


_CLAUSE = re.compile(
    r"[.;!?\n。、]+|,\s*|\s+(?:but|mais|pero|aber|though|however|sin embargo|and|et|y|und"
    r"|tuttavia|mas(?!\s+(?:de|que|tarde|temprano|veces)\b)|porem|maar|ale|lecz|jednak)\s+"
    # Italian "but", not French "my" ("ma fille"): what follows is a verb, adverb or pronoun.
    r"|\s+ma\s+(?=(?:non|continua\w*|lui|lei|ancora|poi|niente|nulla|sempre|e|ha|si|il|la|lo"
    r"|gli|le|da|senza|arriva|rimane|resta|tutto)\b)"
    # Japanese: が after a verb or adjective ("話しましたが", "ですが"), not after a noun
    # ("Bobが"); Chinese: but.
    r"|(?<=[たすだい])が|けれども|けれど|けど|しかし|但是|可是|不过|但"
)
# French "ne" negates; Italian "ne" before an auxiliary is "of it" ("ne abbiamo già parlato").
# Portuguese "no" before a noun is "in the" ("no mês passado", "no sábado"); Polish "no" opens
# a yes ("no tak", "no dobra"); Dutch "pas" before a time is "only" ("pas gisteren").
_NEGATION = re.compile(
    r"\b(?:no(?! (?:mes|dia|ano|sabado|domingo|fim|final d[eoa]|inicio|comeco|ultimo|passado"
    r"|proximo|primeiro|segundo|terceiro|mesmo|trabalho|turno|horario|caso|momento|entanto"
    r"|seu|meu|nosso|teu|escritorio|telefone|telemovel|celular|periodo|armazem|balcao|caixa"
    r"|tak|dobra|wiec|coz|jasne|pewnie|wlasnie|przeciez)\b)"
    r"|not|never|nope|havent|haven't|hasnt|hasn't|didnt|didn't|dont|don't|wasnt"
    r"|wasn't|cant|can't|couldnt|couldn't|yet to"
    r"|ne(?! (?:ho|hai|ha|abbiamo|avete|hanno|avevo|avevi|aveva|avevamo|avevate|avevano)\b)"
    r"|pas(?! (?:gisteren|eergisteren|vandaag|vorige|vorig|afgelopen|sinds|net|toen|nu)\b)"
    r"|jamais|non|nunca|todavia no|aun no"
    r"|nicht|nie|kein|keine|keinen|nein|noch nicht|nessun|nessuna|nessuno|niente|nulla"
    r"|nao|nem|nenhum|nie"
    r"|nenhuma|niet|nooit|geen|nee|nigdy|zaden|zadna|zadnego|zadnej)\b|n't\b"
)
# Chinese negates before the verb, with at most a "with him" between ("还没跟他谈过",
# "没有给过书面警告"); Japanese after it ("話していません", "話してない", "話さなかった"), up to
# a turn such as "even though" ("注意しても直らない" is a warning given).
_NEGATION_ZH = re.compile(
    r"(?:没有?|未曾?|不曾|尚未|不是|从不)"
    r"(?:(?:跟|和|与|同|对|给|向)[^,。;!?、]{1,12}?)?[^,。;!?、]{0,5}$"
)
_NEGATION_AFTER = re.compile(r"ない|ません|なかった|まだです|没有?(?:什么)?问题")
_TURN_JA = re.compile(r"ても|でも|のに|けど|から|ので|たら")
_SPOKEN = _words(
    r"spoke|spoken|talked|did (?:speak|talk)|told (?:him|her|them)|mentioned it"
    r"|raised it|discussed|had a word|had a chat|had a talk|had a conversation"
    r"|verbal warning|warned|a warning"
    r"|brought it up|pulled (?:him|her|them)"
    # "i havent had the chance to talk to him yet": the talk not yet held, by its negation.
    r"|(?:chance|time|opportunity|moment) to (?:talk|speak|have a word)"
    r"|parle|discute|averti|recadre|avertissement oral"
    r"|avertissement verbal|hablado|hable|dicho"
    r"|comentado|avisado|advertido|advertencia verbal|aviso verbal|gesprochen|geredet"
    r"|angesprochen|gesagt|ermahnt|mundliche verwarnung|verwarnt"
    r"|parlato|discusso|richiamat[oa]|rimproverat[oa]|ammonit[oa]|avvisat[oa]|avvertit[oa]"
    r"|fatto presente|fatto notare|richiamo verbale|ammonimento verbale"
    r"|(?:gli|le) ho (?:gia )?detto|gliel'?ho (?:gia )?detto"
    r"|falei|falado|falamos|conversei|conversado|conversamos|avisei|adverti|alertei"
    r"|chamei a atencao"
    r"|chamada de atencao|dei uma bronca|advertencia oral"
    r"|gesproken|aangesproken|besproken|(?:hem|haar) gezegd|(?:hem|haar) verteld"
    r"|gewaarschuwd|mondelinge waarschuwing|gesprek gehad|gesprek gevoerd|aangekaart"
    r"|rozmawial\w*|rozmawiam|porozmawial\w*|rozmow[aey]|powiedzial\w*|mowil\w*|upomnial\w*"
    r"|upomnienie ustne|ustne upomnienie|zwrocil\w* (?:mu |jej )?uwage|ostrzegl\w*|ostrzegal\w*",
    # 電話 (phone) and 世話 (care) are not a talk
    r"(?<![電世])話(?:し|さ|を)|注意(?:し|さ|を)|伝え|指導|面談|口頭|声をかけ|警告"
    r"|口头|谈|聊(?:过|了)|沟通|提醒|批评|说过|(?:跟|和|对)(?:他|她)说",
)
_WRITTEN_WARNING = _words(
    r"written warning|formal warning|final warning|warning letter|avertissement ecrit"
    r"|avertissement formel|blame|amonestacion|advertencia (?:por )?escrita"
    r"|aviso por escrito|abmahnung|schriftliche verwarnung"
    r"|richiamo scritto|richiamo formale|lettera di richiamo|ammonimento scritto"
    r"|avvertimento scritto|contestazione disciplinare|provvedimento disciplinare"
    r"|advertencia por escrito|advertencia formal|carta de advertencia"
    r"|schriftelijke waarschuwing|officiele waarschuwing|formele waarschuwing"
    r"|laatste waarschuwing|waarschuwingsbrief|berisping"
    r"|pisemn\w* upomnieni\w*|upomnieni\w* (?:na pismie|pisemn\w*)|nagan[aeyi]|kar\w* porzadkow\w*",
    r"書面|文書で|始末書|戒告|譴責|警告書|最終警告"
    r"|书面警告|警告信|警告书|正式警告|最后警告|处分",
)
# Asking whether to warn or talk ("should I give him a written warning?", "dois-je lui donner
# un avertissement écrit ?", "要不要给他书面警告？", "書面で警告すべきですか") says nothing about a
# warning given or a talk held before. The words that ask are each language's, in its lexicon.


@dataclass(frozen=True)
class QuestionWords:
    """The words that ask whether to do something, each language's from its lexicon
    (language/lexicons/<lang>/situations.toml `asks_whether` and `asks_whether_after`, gathered
    by language/situation_words.py), as patterns on folded text: `before` the words they govern
    ("should", "dois-je", "要不要"), or `after` them in a language that asks last ("書面で警告
    できますか", "给他书面警告可以吗", "eine Abmahnung, geht das?", "is a written warning ok?").
    Patterns in Latin letters match between word edges, the others anywhere (scripts written
    without spaces). Installed once at start (`use_question_words`): the facts of a message are
    read in many places, by core as well as by the dialogs."""

    before: tuple[str, ...] = ()
    after: tuple[str, ...] = ()
    _before: re.Pattern[str] = field(init=False, repr=False, compare=False)
    _after: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_before", _edged(self.before))
        object.__setattr__(self, "_after", _edged(self.after))

    def asked_whether(self, clause: str, found: re.Match[str] | None) -> bool:
        """Whether the words `found` are what the clause asks whether to do, not a fact."""
        return found is not None and bool(
            self._before.search(clause, 0, found.start())
            or self._after.search(clause, found.end())
        )


def _edged(patterns: tuple[str, ...]) -> re.Pattern[str]:
    """Latin-letter patterns between word edges, the others anywhere; nothing when empty."""
    spaced = "|".join(p for p in patterns if not written_unspaced(p))
    unspaced = "|".join(p for p in patterns if written_unspaced(p))
    return re.compile("|".join(part for part in (
        rf"\b(?:{spaced})\b" if spaced else "", unspaced) if part) or r"(?!)")


_question_words = QuestionWords()


def use_question_words(words: QuestionWords) -> None:
    """Read every message from now on with these words that ask whether to do something."""
    global _question_words
    _question_words = words
    _facts_of.cache_clear()


_NOT_REACHED = _words(
    r"no answer|didn't pick up|didnt pick up|not picking up|doesn't pick up|no reply"
    r"|didn't answer|didnt answer|not answering|isn't answering|doesn't answer|voicemail"
    r"|can't reach|cant reach|couldn't reach|couldnt reach|cannot reach|unreachable"
    r"|no response|ignoring|ghosted|haven't heard|havent heard|pas de reponse|ne repond pas"
    r"|injoignable|messagerie|pas reussi a (?:le|la) joindre|pas pu (?:le|la) joindre"
    r"|no contesta|no responde|no ha contestado|no me contesta|no he podido"
    r"|buzon|ilocalizable|nicht erreicht|geht nicht ran|keine antwort|nicht erreichbar"
    r"|mailbox|meldet sich nicht"
    r"|non risponde|non ha risposto|non mi ha risposto|nessuna risposta|irraggiungibile"
    r"|segreteria|non (?:sono riuscit[oa]|riesco) a (?:contattarl[oa]|raggiungerl[oa]"
    r"|sentirl[oa]|parlargli)|telefono spento"
    r"|nao atende|nao atendeu|nao responde|nao respondeu|nao me respondeu|nao retornou"
    r"|nao (?:consegui|consigo) (?:falar|contato|contatar|contactar)|caixa postal"
    r"|sem resposta|sem retorno|incomunicavel|telefone desligado"
    r"|neemt niet op|nam niet op|niet opgenomen|geen gehoor|niet bereikbaar|onbereikbaar"
    r"|niet bereikt|geen reactie|geen antwoord|reageert niet|belt niet terug"
    r"|niet teruggebeld|niet te pakken"
    r"|nie odbiera|nie odebral\w*|nie odpowiada|nie odpowiedzial\w*|nie oddzwoni\w*|nie odpisuje"
    r"|nie odpisal\w*|brak odpowiedzi|bez odpowiedzi|brak kontaktu|nie (?:moge|da) sie dodzwonic"
    r"|nie udalo (?:mi )?sie (?:z nim |z nia |do niego |do niej )?(?:dodzwonic|skontaktowac)"
    r"|poczta glosowa"
    r"|telefon wylaczony"
    r"|nie ma (?:z nim |z nia )?kontaktu",
    r"連絡が?(?:取れ|つか)(?:ない|なかった|ず)|連絡が?(?:取れ|つき)ません"
    r"|(?:^|電話に)出(?:ない|ません|なかった)|留守電|留守番電話|応答が?(?:ない|ありません)"
    r"|返事が(?:ない|ありません|来ない)|返信が(?:ない|ありません|来ない)|既読スルー|音信不通"
    r"|(?:つな|繋)がら(?:ない|なかった)|(?:つな|繋)がりません"
    r"|联系不上|联系不到|没有?联系上|没有?联系到|打不通|没人接|无人接听|不接|没有?接|没有?回(?!来|家)"
    r"|不回(?!来|家)|关机|语音信箱|失联|无法联系",
)
_REACHED = _words(
    r"reached (?:him|her|them)|got hold of|got through|(?:he|she|they) answered"
    r"|(?:he|she|they) replied|(?:he|she|they) picked up|called (?:me )?back|spoke to (?:him"
    r"|her|them)|talked to (?:him|her|them)|l'ai eu|ai pu (?:le|la) joindre|a repondu"
    r"|m'a rappele|contesto|respondio|he hablado con|me llamo|erreicht|hat geantwortet"
    r"|zuruckgerufen|mit (?:ihm|ihr) gesprochen"
    r"|l'ho sentit[oa]|ha risposto|mi ha richiamat[oa]|l'ho raggiunt[oa]"
    r"|(?:sono riuscit[oa]|riuscit[oa]) a (?:contattarl[oa]|raggiungerl[oa]|sentirl[oa]"
    r"|parlargli)|ho parlato con (?:lui|lei)"
    r"|consegui (?:falar|contato|contatar|contactar)|falei com (?:ele|ela)|(?:ele|ela) atendeu"
    r"|atendeu|me ligou de volta|retornou|respondeu"
    r"|bereikt|heeft opgenomen|nam op|teruggebeld|heeft gereageerd|(?:hem|haar) gesproken"
    r"|te pakken gekregen"
    r"|dodzwonil\w*|odebral\w*|oddzwonil\w*|odpisal\w*|odpowiedzial\w*"
    r"|udalo (?:mi )?sie (?:z nim |z nia |do niego |do niej )?(?:dodzwonic|skontaktowac"
    r"|porozmawiac)"
    r"|rozmawial\w* z (?:nim|nia)",
    r"連絡が(?:取れ|つき|つい)|連絡(?:取れ|つい)た|電話に出(?:た|ました|てくれ)|折り返し"
    r"|返事が(?:あり|来)|返信が(?:あり|来)|(?:つな|繋)がりました|(?:つな|繋)がった|話せました"
    r"|联系上|联系到|接了电话|接电话了|回电话|回了电话|回复了|打通了|回我",
)
_CONTACT = _words(
    r"call|called|calling|rang|ring|phoned|texted|text|messaged|emailed|tried|appele"
    r"|appel|telephone|essaye|ecrit|llame|llamado|escrito|intentado|angerufen|versucht"
    r"|geschrieben|chiam|telefon|provat|messagg|liguei|ligad|ligar|ligac|mensag|tentei"
    r"|tentad|escrevi|gebeld|belde|bellen|geappt|appje|berichtje|gemaild|geprobeerd|geschreven"
    r"|dzwoni|dzwonil|zadzwoni|telefonowal|pisal|napisal|wyslal|sms|probowal|wiadomos",
    r"電話|連絡|メール|メッセージ|ライン|打电话|电话|发消息|发信息|微信|短信|联系",
    stems=True,
)
_REPEATED = _words(
    r"again|keeps|keep|still|always|repeatedly|continues|continue|continua|sigue"
    r"|weiterhin|constantly|all the time|several times"
    r"|many times|often|every time|regularly|encore|toujours|souvent|plusieurs fois"
    r"|de nouveau|regulierement|otra vez|siempre|varias veces|a menudo|de nuevo"
    r"|constantemente|wieder|immer|standig|mehrmals|oft|schon wieder|regelmassig"
    r"|di nuovo|ancora una volta|un'altra volta|sempre|spesso|piu volte|molte volte"
    r"|ripetutamente|regolarmente|ogni volta|continuamente"
    r"|de novo|outra vez|novamente|com frequencia|frequentemente|muitas vezes|varias vezes"
    r"|toda vez|repetidamente"
    r"|blijft|weer|opnieuw|alweer|steeds|altijd|vaak|regelmatig|meerdere keren|herhaaldelijk"
    r"|telkens"
    r"|znowu|znow|ponownie|ciagle|wciaz|nadal|zawsze|czesto|regularnie|kilka razy|wiele razy"
    r"|po raz kolejny|kolejny raz|za kazdym razem|notorycznie|stale|bez przerwy"
    r"|powtarza sie|powtarzaja sie",
    r"また|再び|何度も|何回も|いつも|しょっちゅう|頻繁|繰り返し|毎回|度々|たびたび|相変わらず"
    r"|又|再次|经常|总是|老是|还是|一直|屡次|多次|反复|频繁|每次|常常",
)
_FIRST_TIME = _words(
    r"first time|never before|premiere fois|primera vez|erste mal|zum ersten mal"
    r"|prima volta|primeira vez|eerste keer|eerste maal|pierwszy raz|po raz pierwszy",
    r"初めて|はじめて|第一次|头一次|头一回|首次",
)
_NOT_FIRST_TIME = _words(
    r"not the first time|isn't the first time|isnt the first time|pas la premiere fois"
    r"|no es la primera vez|nicht das erste mal|non e la prima volta|nao e a primeira vez"
    r"|niet de eerste keer|niet voor het eerst|nie pierwszy raz|nie po raz pierwszy"
    r"|nie jest pierwszy raz",
    r"初めてでは(?:ない|ありません)|初めてじゃない|不是第一次|不是头一次",
)
_EVERY_SHIFT = _words(
    r"every day|everyday|every shift|each shift|each day|daily|every single day"
    r"|tous les jours|chaque jour|chaque service|todos los dias|cada dia|cada turno"
    r"|jeden tag|taglich|jede schicht"
    r"|ogni giorno|tutti i giorni|ogni turno|tutti i turni|quotidianamente"
    r"|todo dia|todos os dias|todo santo dia|todo turno|todos os turnos"
    r"|elke dag|iedere dag|elke dienst|iedere dienst|dagelijks"
    r"|codziennie|kazdego dnia|na kazdej zmianie|na kazda zmiane|kazdej zmiany",
    r"毎日|毎朝|毎シフト|出勤のたび|每天|天天|每一天|每次上班|每个班|每班",
)
_MINUTES = re.compile(
    r"\b(\d{1,3})\s*(?:min|mins|minutes|minute|minuten|minutos|minuto|minuti|minut|minuty)\b"
    # 十分 alone is "very" in Chinese: a numeral in characters needs 分钟
    r"|(?<!\d)(\d{1,3})\s*分|([一二两三四五六七八九十]{1,3})分钟"
)
_COUNT = re.compile(
    r"\b(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|deux|trois|quatre|cinq|six"
    r"|sept|huit|neuf|dix|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|zwei|drei|vier"
    r"|funf|sechs|sieben|acht|neun|zehn|due|tre|quattro|cinque|sei|sette|otto|nove|dieci"
    r"|dois|duas|quatro|sete|oito|dez|twee|vijf|zes|zeven|negen|tien|dwa|dwie|trzy|cztery|piec"
    r"|szesc|siedem|osiem|dziewiec|dziesiec)"
    r"\s*(?:times|time|fois|veces|vez|mal|days|jours|dias"
    r"|tage|tagen|shifts|services|turnos|schichten|occasions|volte|giorni|turni|vezes"
    r"|keer|keren|dagen|diensten|razy|dni|zmian|zmiany)\b"
    # "第一次" is the first time, "这一次" this time, "もう一回" once more, "一度も" never
    r"|(?<![\d第这那上下每有う])(\d{1,2}|[一二两三四五六七八九十]{1,3})\s*"
    r"(?:(?:次|回|度)(?!も)|天|日間|日連続|日も|个班|シフト)"
)
_COUNT_WORDS = {
    "once": 1, "twice": 2, "thrice": 3, "une fois": 1, "una vez": 1, "einmal": 1,
    "zweimal": 2, "dreimal": 3, "viermal": 4, "funfmal": 5, "una volta": 1, "uma vez": 1,
    "een keer": 1, "eenmaal": 1, "tweemaal": 2, "driemaal": 3, "jeden raz": 1, "dwukrotnie": 2,
    "trzykrotnie": 3, "czterokrotnie": 4,
}
_COUNT_WORD = re.compile(r"\b(?:" + "|".join(_COUNT_WORDS) + r")\b")
_NUMBERS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "sept": 7,
    "huit": 8, "neuf": 9, "dix": 10, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6,
    "siete": 7, "ocho": 8, "nueve": 9, "diez": 10, "zwei": 2, "drei": 3, "vier": 4,
    "funf": 5, "sechs": 6, "sieben": 7, "acht": 8, "neun": 9, "zehn": 10,
    "due": 2, "tre": 3, "quattro": 4, "cinque": 5, "sei": 6, "sette": 7, "otto": 8, "nove": 9,
    "dieci": 10, "dois": 2, "duas": 2, "quatro": 4, "sete": 7, "oito": 8, "dez": 10,
    "twee": 2, "vijf": 5, "zes": 6, "zeven": 7, "negen": 9, "tien": 10,
    "dwa": 2, "dwie": 2, "trzy": 3, "cztery": 4, "piec": 5, "szesc": 6, "siedem": 7, "osiem": 8,
    "dziewiec": 9, "dziesiec": 10,
}
_CJK_DIGITS = {
    "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
}
_PERIODS = (
    (Period.LAST_WEEK, r"last week|past week|semaine derniere|la semana pasada|letzte woche"
                       r"|letzten woche|vergangene woche|settimana scorsa|scorsa settimana"
                       r"|semana passada|ultima semana|vorige week|afgelopen week"
                       r"|w zeszlym tygodniu|w poprzednim tygodniu|w ubieglym tygodniu",
     r"先週|上周|上星期|上个星期|上礼拜"),
    (Period.THIS_WEEK, r"this week|cette semaine|esta semana|diese woche|dieser woche"
                       r"|questa settimana|essa semana|nesta semana|nessa semana|deze week"
                       r"|w tym tygodniu|od poczatku tygodnia",
     r"今週|这周|本周|这个星期|这星期|这礼拜"),
    (Period.LAST_MONTH, r"last month|past month|mois dernier|el mes pasado|letzten monat"
                        r"|letzter monat|vergangenen monat|mese scorso|scorso mese"
                        r"|mes passado|vorige maand|afgelopen maand"
                        r"|w zeszlym miesiacu|w poprzednim miesiacu|w ubieglym miesiacu",
     r"先月|上个月|上月"),
    (Period.THIS_MONTH, r"this month|ce mois|este mes|diesen monat|diesem monat"
                        r"|questo mese|esse mes|neste mes|nesse mes|deze maand|w tym miesiacu",
     r"今月|这个月|本月"),
    (Period.TODAY, r"today|this morning|aujourd'hui|ce matin|hoy|esta manana|heute"
                   r"|heute morgen|oggi|stamattina|stamani|questa mattina|hoje|esta manha"
                   r"|vandaag|vanochtend|vanmorgen|dzisiaj|dzis",
     r"今日|今朝|本日|今天|今早"),
)
_PERIOD_PATTERNS = tuple((period, _words(latin, cjk)) for period, latin, cjk in _PERIODS)


def _pt_weekday(name: str) -> str:
    """A Portuguese weekday that is also an ordinal: not "a segunda vez" (the second time),
    nor Spanish or Italian "la segunda", "la quarta" (the second, the fourth)."""
    return rf"(?<!\bla |\bel ){name}(?:-feira| feira|s)?(?!\s+(?:vez|vezes|semana|parte))"


# Chinese weekdays: "这周一直" is "all this week", "这周三次" "three times this week".
_ZH_DAY = r"(?:周|星期|礼拜)"
_NOT_ZH_COUNT = r"(?![直次回起共定般些个天遍])"
_WEEKDAYS = (
    (r"mon(?:day)?s?|lundi|lunes|montag|lunedi|" + _pt_weekday("segunda")
     + "|maandag|poniedzial(?:ek|ki|ku)",
     rf"月曜|{_ZH_DAY}一{_NOT_ZH_COUNT}"),
    (r"tue(?:s|sday)?s?|mardi|martes|dienstag|martedi|" + _pt_weekday("terca")
     + "|dinsdag|wtor(?:ek|ki|ku)",
     rf"火曜|{_ZH_DAY}二{_NOT_ZH_COUNT}"),
    (r"wed(?:nesday)?s?|mercredi|miercoles|mittwoch|mercoledi|" + _pt_weekday("quarta")
     + "|woensdag|sroda|srode|srody|srodzie", rf"水曜|{_ZH_DAY}三{_NOT_ZH_COUNT}"),
    (r"thu(?:rs|rsday)?s?|jeudi|jueves|donnerstag|giovedi|" + _pt_weekday("quinta")
     + "|donderdag|czwart(?:ek|ki|ku)", rf"木曜|{_ZH_DAY}四{_NOT_ZH_COUNT}"),
    (r"fri(?:day)?s?|vendredi|viernes|freitag|venerdi|" + _pt_weekday("sexta")
     + "|vrijdag|piat(?:ek|ki|ku)",
     rf"金曜|{_ZH_DAY}五{_NOT_ZH_COUNT}"),
    (r"sat(?:urday)?s?|samedi|sabado|samstag|sabato|zaterdag|sobot[aey]",
     rf"土曜|{_ZH_DAY}六{_NOT_ZH_COUNT}"),
    (r"sun(?:day)?s?|dimanche|domingo|sonntag|domenica|zondag|niedziel[aei]",
     rf"日曜|{_ZH_DAY}[日天]{_NOT_ZH_COUNT}"),
)
_WEEKDAY_PATTERNS = tuple(_words(latin, cjk) for latin, cjk in _WEEKDAYS)
_HEALTH = _words(
    r"ill|illness|sick|unwell|health|medical|doctor|hospital|depress\w*|anxiety|anxious"
    r"|stress|stressed|burnout|burn out|mental|injur\w*|hurt|pregnan\w*|malade|maladie|sante"
    r"|medecin|hopital|depression|enceinte|blesse\w*|enfermo|enferma|enfermedad|salud|medico"
    r"|ansiedad|estres|embarazada|herido|krank\w*|gesundheit\w*|arzt|krankenhaus|schwanger"
    r"|verletzt|malat[oaie]|malattia|salute|ospedale|ansia|incinta|ferit[oa]|infortun\w*"
    r"|sta male|stava male|doente|doenca|saude|ansiedade|estresse|gravida|ferid[oa]"
    r"|machucad[oa]|atestado|passando mal|passou mal|ziek\w*|gezondheid\w*|dokter|huisarts"
    r"|zwanger|gewond|burn-out|overspannen"
    r"|chory|chora|choroba|chorob\w*|choruje|zdrow\w*|lekarz\w*|szpital\w*|zwolnieni\w* lekarsk\w*"
    r"|depresj\w*|stres\w*|wypaleni\w*|ciaz\w*|uraz\w*|kontuzj\w*|psychicz\w*",
    r"病気|体調|具合|病院|医者|通院|入院|怪我|けが|ケガ|妊娠|うつ病|鬱|メンタル|ストレス|健康"
    r"|診断|生病|病了|身体|不舒服|医院|医生|看病|住院|受伤|怀孕|抑郁|焦虑|心理",
)
_SAFETY = _words(
    r"unsafe|safety|danger\w*|threat\w*|violen\w*|weapon|at risk|insult\w*|discriminat\w*"
    r"|racis\w*|securite|menace\w*|insulte\w*|discrimina\w*"
    r"|peligro\w*|seguridad|amenaz\w*|gefahr\w*|sicherheit|bedroh\w*|gewalt"
    r"|sicurezza|pericol\w*|minacc\w*|aggredit\w*|aggressiv[oa]|aggression[ei]|molestie"
    r"|razzis\w*|seguranca|perigo\w*|ameac\w*|agressao|agressoes|agressiv[oa]|agredi\w*|assedio"
    r"|veiligheid|gevaar\w*|bedreig\w*|geweld|agressie\w*|intimidatie|gescholden"
    r"|niebezpiecz\w*|bezpieczenstw\w*|grozi\w*|grozb\w*|przemoc\w*|pobil\w*|uderzyl\w*"
    r"|obraza\w*|obelg\w*|wyzywa\w*|dyskrymin\w*|rasis\w*|agresj\w*|agresywn\w*|molest\w*"
    r"|mobbing\w*|nekani\w*",
    r"安全|危険|危な|脅|暴力|暴言|差別|ハラスメント|パワハラ|セクハラ|殴|怒鳴|喧嘩|けんか"
    r"|危险|威胁|打人|动手|辱骂|骂|歧视|骚扰|打架",
)
_BECAUSE = _words(
    r"because|due to|(?:says|said) (?:it's|its|it is|it was)(?! not| nothing)|blames?|blamed"
    r"|parce que|a cause (?:de|du|des|d')|dit que c'(?:est|etait)|dit que ca vient"
    r"|porque|por culpa de|debido a|dice que (?:es|fue|ha sido)|weil|wegen|liegt (?:am|an)"
    r"|perche|a causa d\w*|per via d\w*|per colpa d\w*|colpa del\w*|dovuto a\w*"
    r"|dice che (?:e|era|e stato)|por causa d\w*|devido a\w*|diz que (?:e|foi)|culpa d[oa]s?"
    r"|omdat|vanwege|doordat|komt door|ligt aan|zegt dat het|zei dat het"
    r"|bo|poniewaz|dlatego|z powodu|przez to|mowi ze|twierdzi ze",
    # から is "because" after a verb or adjective ("遅れるから"), "from" after a noun ("9時から")
    r"(?<!も)ので|せいで|せいだ|のため|ためです|ためだ|ために|理由は|原因は|(?<=[いたるすだ])から"
    r"|因为|由于|原因是|说是",
)
_REASON_UNKNOWN = _words(
    # "idk", "dunno", "nwm" (nie wiem): texting's one-word "no idea", as "ni idea" is.
    r"no idea why|don't know why|dont know why|not sure why|no reason|sais pas pourquoi"
    r"|idk|dunno|no clue|nwm"
    r"|aucune idea|aucune idee|no se por que|ni idea|weiss nicht warum|keine ahnung"
    r"|non so perche|non so il motivo|non so come mai|non capisco perche|non ne ho idea"
    r"|nessuna idea|senza motivo|nessun motivo|nao sei por que|nao sei porque"
    r"|nao sei o motivo|nao faco ideia|nenhuma ideia|sem motivo|geen idee|weet niet waarom"
    r"|geen reden|zonder reden|nie wiem dlaczego|nie wiem czemu|nie znam powodu|bez powodu"
    r"|nie mam pojecia|nie wiadomo dlaczego",
    r"理由(?:は|が)?(?:分か|わか)ら(?:ない|なくて)|理由(?:は|が)?(?:分か|わか)りません|理由は不明"
    r"|原因は不明|なぜか(?:分か|わか)らない|理由もなく|理由なく"
    r"|不知道(?:为什么|原因|什么原因)|不清楚(?:为什么|原因)|原因不明|没说原因|没有理由|无故",
)
_REASONS = (
    (Reason.TRANSPORT, r"bus|buses|train|trains|traffic|car|transport|metro|tram|commute"
                       r"|trafic|voiture|tren|coche|trafico|zug|stau|auto|bahn|verkehr"
                       r"|autobus|treno|traffico|macchina|mezzi|onibus|trem|transito|carro"
                       r"|comboio|autocarro|trein|de file|verkeer|fiets|autobus\w*|pociag\w*"
                       r"|korek|korki|korkach|samochod\w*|dojazd\w*|tramwaj\w*|komunikacj\w*",
     r"電車|バス|渋滞|交通|車|地下鉄|遅延|公交|公车|地铁|堵车|火车|巴士"),
    (Reason.CHILDCARE, r"kids?|children|childcare|school|daycare|nursery|enfants?|ecole"
                       r"|creche|ninos|hijos|colegio|guarderia|kinder|kita|schule"
                       r"|figli[oa]?|bambin[oi]|scuola|asilo|filh[oa]s?|criancas?|escola"
                       r"|kinderen|kinderopvang|opvang|zoon|dochter|dzieck\w*|dzieci|przedszkol\w*"
                       r"|szkol\w*|zlob\w*|syn|syna|synem|corka|corke|corki",
     r"子供|子ども|こども|保育園|幼稚園|学校|託児|孩子|小孩|儿子|女儿|幼儿园|托儿|接送"),
    (Reason.FAMILY, r"family|mother|father|mum|mom|dad|famille|mere|pere|familia|madre"
                    r"|padre|familie|mutter|vater|famiglia|mamma|genitori|moglie|marito"
                    r"|mae|pai|esposa|marido|moeder|vader|gezin|rodzin\w*|matk\w*|mama|mamy"
                    r"|ojciec|ojca|tata|taty|rodzic\w*|zona|zony|maz|meza|babci\w*|dziadk\w*",
     r"家族|母|父|親|介護|妻|旦那|奥さん|家里|家人|家庭|妈妈|爸爸|老人|妻子|老婆|丈夫|老公"),
)
_REASON_PATTERNS = tuple((reason, _words(latin, cjk)) for reason, latin, cjk in _REASONS)


def read_facts(text: str) -> dict[str, Any]:
    """What one message states, as SituationFacts field values (None: not stated)."""
    return dict(_facts_of(text))


@functools.lru_cache(maxsize=256)
def _facts_of(text: str) -> tuple[tuple[str, Any], ...]:
    """`read_facts` of a text, kept: the advisor and the conversation both read the message
    (every value is immutable: None, bool, int, str, enum, tuple)."""
    return tuple(_read_facts(text).items())


def _read_facts(text: str) -> dict[str, Any]:
    # Polish "ł" has no accent for folding to strip: "spóźnił" and "spoznil" meet at "spoznil".
    folded = fold_text(text).replace("ł", "l")
    found: dict[str, Any] = {
        "topic": _topic(folded), "occurrences": None, "attempts": None, "period": None,
        "every_shift": False, "minutes_late": None, "weekdays": (), "spoken_to": None,
        "spoken_when": None, "spoken_on": None,
        "reached": None, "prior_warnings": None, "repeated": None, "reason_known": None,
        "reason": None, "safety_or_health": None,
        "arrived_late": True if _arrives_late(folded) else None,
        "left_early": True if _LEFT_EARLY.search(folded) or _LEFT_EARLY_CJK.search(folded)
        else None,
        # A resignation given wins over words of leaving said with it ("bob has resigned, he
        # wants to leave on friday"); those alone are a resignation only thought of.
        "resigned": True if _RESIGNED.search(folded)
        else False if _THINKING_OF_LEAVING.search(folded) else None,
    }
    days: list[int] = []
    for clause in (c.strip() for c in _CLAUSE.split(folded)):
        if clause:
            days.extend(_read_clause(clause, found))
    minutes = _MINUTES.search(folded)
    if minutes:
        found["minutes_late"] = _number(next(group for group in minutes.groups() if group))
    if _EVERY_SHIFT.search(folded):
        found["every_shift"] = True
    found["weekdays"] = tuple(sorted(set(days)))
    if _REASON_UNKNOWN.search(folded):
        found["reason_known"] = False
    return found


def _read_clause(clause: str, found: dict[str, Any]) -> list[int]:
    """Read one clause into `found`; the weekdays it names of what happened (a day the
    manager spoke to the employee on is kept as `spoken_on` instead)."""
    days = [index for index, pattern in enumerate(_WEEKDAY_PATTERNS) if pattern.search(clause)]
    negated = _NEGATION.search(clause) is not None
    spoken = _SPOKEN.search(clause)
    warning = _WRITTEN_WARNING.search(clause)
    if _question_words.asked_whether(clause, warning):
        warning = None
    if _question_words.asked_whether(clause, spoken):
        spoken = None
    contact = _CONTACT.search(clause) is not None
    reached = _REACHED.search(clause)
    period = _period(clause)
    if warning:
        found["prior_warnings"] = not _negated(clause, warning)
        if found["prior_warnings"] and found["spoken_to"] is None:
            found["spoken_to"] = True
    elif spoken:
        said = not _negated(clause, spoken)
        if found["spoken_to"] is None or said:
            found["spoken_to"] = said
        if said and period is not None:
            found["spoken_when"] = period
            period = None
        if said and len(days) == 1 and not _REPEATED_INCIDENT.search(clause):
            found["spoken_on"] = days[0]
            days = []
    if _NOT_REACHED.search(clause):
        found["reached"] = False
    elif reached and not negated and not _negated(clause, reached):
        found["reached"] = True
    count = _count(clause)
    if count is not None:
        incident = _REPEATED_INCIDENT.search(clause) is not None
        if contact and not incident:
            found["attempts"] = count
        elif incident or not (spoken or warning):
            # Not "talked to him once", "说过一次了": how often the manager spoke to them is
            # no count of what happened (a written warning said "you have been late 1 time").
            found["occurrences"] = count
    if period is not None and found["period"] is None:
        found["period"] = period
    if _NOT_FIRST_TIME.search(clause):
        found["repeated"] = True
    elif _FIRST_TIME.search(clause):
        found["repeated"] = False
    elif _REPEATED.search(clause) and not (spoken or contact):
        found["repeated"] = True
    health = _HEALTH.search(clause) or _SAFETY.search(clause)
    if health:
        found["safety_or_health"] = not _negated(clause, health)
    if _BECAUSE.search(clause) and not _REASON_UNKNOWN.search(clause):
        found["reason_known"] = True
        found["reason"] = _reason(clause, bool(_HEALTH.search(clause)))
    return days


# Leaving only thought or talked of, or a resignation not (yet) given: a conversation about
# staying, not a resignation to process.
_THINKING_OF_LEAVING = _words(
    r"(?:might|may|could|will maybe) (?:quit|leave|resign)|thinking (?:of|about) (?:quitting"
    r"|leaving|resigning)|talk(?:s|ed|ing)? (?:of|about) (?:quitting|leaving)"
    r"|consider(?:s|ing)? (?:quitting|leaving|resigning)|wants? to (?:quit|leave)"
    r"|not (?:yet )?(?:resigned|formally|official)|(?:hasnt|has not|has n.t|didnt|did not"
    r"|didn.t) (?:resign|resigned|hand(?:ed)? in)|only (?:said|talk|thinking|mentioned)"
    r"|just (?:thinking|talk|said)"
    r"|(?:parle|pense|envisage|songe|parlait) (?:de |a )?(?:partir|demissionner|s.en aller)"
    r"|pourrait (?:partir|demissionner)|veut (?:peut.etre )?(?:partir|demissionner)"
    r"|a pas (?:encore )?demissionne|pas (?:encore )?de demission"
    r"|(?:juste|seulement) (?:une intention|parle|dit)"
    r"|uberlegt\w* (?:zu )?(?:kundigen|gehen|aufzuhoren)|denkt (?:ans|an) (?:kundigen"
    r"|aufhoren|gehen)|spielt mit dem gedanken|will vielleicht (?:kundigen|gehen)"
    r"|konnte kundigen|nicht gekundigt|keine kundigung"
    r"|pensando en (?:irse|renunciar|dejar)|piensa (?:en )?(?:irse|renunciar|dejar)"
    r"|habla de (?:irse|renunciar)|quiere (?:irse|renunciar)|no ha renunciado"
    r"|(?:pensando|pensa|parla) di (?:andarsene|licenziarsi|dimettersi)"
    r"|vuole (?:andarsene|licenziarsi)|non (?:si e|ha) (?:ancora )?(?:dimess\w*"
    r"|dato le dimissioni)"
    r"|denkt erover\w*|overweegt (?:ontslag|te stoppen|weg te gaan)|praat over (?:weggaan"
    r"|stoppen)|wil (?:misschien )?weg|geen ontslag"
    r"|mysli o odejsciu|zastanawia sie nad odejsciem|mowi o odejsciu|rozwaza odejscie"
    r"|chce odejsc|nie zlozyl\w* wypowiedzenia"
    r"|(?:pensar|pensando|pensa|fala|falou) (?:em|de) sair|quer sair|nao pediu (?:a )?demissao"
    r"|nao se demitiu",
    r"辞めるかも|辞めようか|辞めたいと|辞めたいって|退職を考え|転職を考え|退職を迷|可能要辞职"
    r"|可能会辞职|想辞职|考虑辞职|考虑离职|打算辞职|可能要走|还没辞职|没有正式辞职|没辞职",
)
# A resignation given: in writing, notice handed in.
_RESIGNED = _words(
    r"handed in (?:his |her |their )?(?:notice|resignation)|gave (?:his |her |their )?notice"
    r"|has resigned|resigned (?:yesterday|today|formally|in writing)|resignation letter"
    r"|in writing|formally|a demissionne|lettre de demission|par ecrit|hat gekundigt"
    r"|schriftlich|ha renunciado|renuncio|por escrito|si e dimess\w*|ha dato le dimissioni"
    r"|per iscritto|heeft ontslag genomen|schriftelijk|zlozyl\w* wypowiedzenie|na pismie"
    r"|pediu demissao|se demitiu",
    r"辞表を出|退職届を出|退職届を提出|提出了辞职|递交了辞职|已经辞职|书面",
)

_REPEATED_INCIDENT = _words(
    r"late|retard|tarde|spat|verspat\w*|absent\w*|missed|ritardo|tardi|atrasad[oa]s?|atraso"
    r"|laat|assent[ei]|afwezig|faltou|spozni\w*|nieobecn\w*|nie przyszl\w*|nie przyszedl"
    r"|opuscil\w*",
    r"遅刻|欠勤|迟到|缺勤|旷工|没来",
)


_LATENESS = re.compile(
    r"\b(?:late|lateness|tardy|punctual\w*|retard\w*|ponctualite|tarde|impuntual\w*"
    r"|puntualidad|retraso\w*|zu spat|verspat\w*|unpunktlich\w*|punktlichkeit"
    r"|ritard[oi]|tardi|puntualita|te laat|stiptheid|atraso\w*|atrasad[oa]s?|pontualidade"
    r"|spozni\w*|za pozno|niepunktualn\w*|punktualn\w*)\b"
)
_ABSENCE = re.compile(
    r"\b(?:no[- ]show|didn't show|did not show|hasn't shown|didn't turn up|didn't come in"
    r"|missed (?:a |his |her |their |my )?shifts?|absent\w*|absence\w*|absenteeism|awol"
    r"|ne s'est pas presente\w*|pas venue?|ausente|ausencia\w*|no se presento|no vino"
    r"|falta\w*(?! (?:al|el) respeto)|nicht erschienen|gefehlt|fehlt|fehlzeit\w*|abwesen\w*"
    r"|assent[ei]|assenz[ae]|non si e presentat[oa]|afwezig\w*|niet (?:komen )?opgedaagd"
    r"|niet komen opdagen|niet op komen dagen|niet verschenen|faltou|nao apareceu|nao compareceu"
    r"|nie przyszl\w*|nie przyszedl|nie przychodzi|nie pojawi\w*|nie pojawia|nie stawil\w*"
    r"|nie stawia|nieobecn\w*|opuscil\w* zmian\w*|absencj\w*|niestawiennictw\w*"
    r"|assenteismo|mancat[ae] presentazion[ei]|non e venut[oa])\b"
)

_PERFORMANCE = re.compile(
    r"\b(?:performance|underperform\w*|poor work|work quality|quality of (?:his|her|their|your)"
    r" work|productivity|rendement|qualite (?:de son|du) travail|rendimiento|desempe\w*"
    r"|arbeitsleistung\w*|leistung(?:en)?|rendiment[oi]|prestazion[ei]|produttivita"
    r"|functioneren|prestaties|wynik\w* (?:w )?prac\w*|wydajnos\w*|jakos\w* pracy"
    r"|efektywnos\w*)\b"
)
_CONDUCT = re.compile(
    r"\b(?:misconduct|conduct|behaviou?r\w*|rudeness|attitude|comportement\w*|conducta"
    r"|comportamiento|verhalten\w*|fehlverhalten|comportament[oi]|condotta|gedrag\w*"
    r"|comportamento|zachowani\w*|postaw\w*|falt\w* (?:al|el) respeto|falta de respeto"
    r"|irrespetuos\w*|grosero|grosera|maleducad[oa])\b"
)

# Leaving before the end of a shift: the lateness playbook's other half.
_LEFT_EARLY = re.compile(
    r"\b(?:(?:leav\w*|left|goes|going|went|gone|clock\w* out|clocked off|head\w* (?:home|off))"
    r" (?:\w+ ){0,2}(?:early|before (?:the end|closing|his shift|her shift|their shift))"
    r"|(?:part|partir|parti|partie|partis|quitte|quitter|s'en va|s'en aller|s'en est alle\w*)"
    r" (?:\w+ ){0,2}(?:plus tot|avant la fin|en avance)"
    r"|(?:se va|se marcha|sale|se fue|salio|se ha ido|se van|salen|irse|salir)"
    r" (?:\w+ ){0,2}(?:antes|temprano)"
    r"|(?:geht|gehen|ging|gegangen|verlasst|verlassen)(?: \w+){0,3} (?:fruher|vorzeitig)"
    r"|(?:fruher|vorzeitig) (?:\w+ ){0,2}(?:gehen|gegangen|nach hause|weg)"
    r"|(?:se ne va|se ne e andat\w*|esce|uscit[oa]|va via|andat[oa] via|andarsene|uscire)"
    r" (?:\w+ ){0,2}(?:prima|in anticipo)"
    r"|(?:sai|saiu|saindo|sair|vai embora|foi embora|ir embora) (?:\w+ ){0,2}(?:mais cedo|antes)"
    r"|(?:gaat|ging|vertrekt|vertrok|vertrokken|weggaan)(?: \w+){0,2} (?:eerder|vroeg)"
    r"|(?:eerder|vroeg) weg"
    r"|(?:wychodzi|wyszedl|wyszla|wychodzil\w*|urywa sie|wyjsc|wychodza)"
    r" (?:\w+ ){0,2}(?:wczesniej|przed koncem)"
    r"|wczesniej (?:wychodzi|wyszedl|wyszla))\b"
)
_LEFT_EARLY_CJK = re.compile(r"早退|早く帰|先に帰|提前走|提前下班|提早走|提前离开")

# Chinese and Japanese are written without spaces: their words match inside text, without \b.
_LATENESS_CJK = re.compile(
    r"迟到|晚到|不准时|准时|守时|遅刻|遅れて(?:来|き|出勤|出社)|時間(?:厳守|を守)"
)
_ABSENCE_CJK = re.compile(
    r"缺勤|旷工|缺班|没有?来上班|无故缺席|欠勤|無断欠勤|来なかった|出勤しなかった"
)
# Sickness: said before absence is tried, so "keeps calling in sick" is sickness, whose letter
# speaks of absences through illness, not of unreported absences.
_SICKNESS = re.compile(
    r"\b(?:sick\w*|illness|ill|malade\w*|maladie\w*|enferm[oa]s?|enfermedad\w*|de baja"
    r"|krank\w*|malat[oi]|malata|malattia|doente\w*|doenca\w*|ziek\w*|chor[ayz]|chorzy"
    r"|chorob\w*|l4)\b"
)
_SICKNESS_CJK = re.compile(r"病假|生病|病了|病欠|病気|体調不良")
_PERFORMANCE_CJK = re.compile(r"工作表现|业绩|绩效|勤務成績|業績|仕事ぶり")
_CONDUCT_CJK = re.compile(r"行为|态度|言動|態度|素行")


def _arrives_late(folded: str) -> bool:
    """Whether a message speaks of arriving late (not of leaving early alone)."""
    return bool(_LATENESS.search(folded) or _LATENESS_CJK.search(folded))


def _topic(folded: str) -> str | None:
    """The situation kind a message names, as the playbook ids for lateness, sickness,
    absence, performance and conduct."""
    if _LATENESS.search(folded) or _LATENESS_CJK.search(folded):
        return "lateness"
    if _SICKNESS.search(folded) or _SICKNESS_CJK.search(folded):
        return "sickness"
    if _ABSENCE.search(folded) or _ABSENCE_CJK.search(folded):
        return "no_show"
    if _PERFORMANCE.search(folded) or _PERFORMANCE_CJK.search(folded):
        return "performance"
    if _CONDUCT.search(folded) or _CONDUCT_CJK.search(folded):
        return "misconduct"
    return None


def _negated(clause: str, match: re.Match[str]) -> bool:
    """Whether the words `match` found are negated: a Latin negation within six words before
    them, a Chinese one just before, or a Japanese one just after (up to a turn of the
    sentence)."""
    before = clause[: match.start()]
    if _NEGATION.search(" ".join(before.split()[-6:])) or _NEGATION_ZH.search(before):
        return True
    after = _TURN_JA.split(clause[match.end() : match.end() + 12], maxsplit=1)[0]
    return _NEGATION_AFTER.search(after) is not None


def _period(clause: str) -> Period | None:
    for period, pattern in _PERIOD_PATTERNS:
        if pattern.search(clause):
            return period
    return None


def _count(clause: str) -> int | None:
    match = _COUNT.search(clause)
    if match:
        word = match.group(1) or match.group(2)
        return _NUMBERS.get(word) or _number(word)
    single = _COUNT_WORD.search(clause)
    return _COUNT_WORDS[single.group(0)] if single else None


def _number(numeral: str) -> int | None:
    """The value of digits or of a Chinese/Japanese numeral up to 99 ("四", "十五", "二十")."""
    if numeral.isdigit():
        return int(numeral)
    tens, ten, units = numeral.partition("十")
    if not ten:
        return _CJK_DIGITS.get(numeral)
    if (tens and tens not in _CJK_DIGITS) or (units and units not in _CJK_DIGITS):
        return None
    return _CJK_DIGITS.get(tens, 1) * 10 + _CJK_DIGITS.get(units, 0)


def _reason(clause: str, health: bool) -> Reason:
    if health:
        return Reason.HEALTH
    for reason, pattern in _REASON_PATTERNS:
        if pattern.search(clause):
            return reason
    return Reason.OTHER


# Words that acknowledge what ERA said without answering its question ("ok thanks", "👍").
_ACKNOWLEDGEMENTS = frozenset(
    fold_text(word)
    for word in (*WORDS["intl"][WordKind.AFFIRM], *chain.from_iterable(ACKNOWLEDGEMENTS.values()))
)


# Read for each message twice a turn (the conversation's facts, then the advisor's fresh ones),
# as `_facts_of` is.
@functools.lru_cache(maxsize=256)
def _bare_answer(text: str) -> bool | None:
    """True / False when the message opens with (or is) a plain yes or no; None for an
    acknowledgement ("ok", "ok thanks", "👍"), which is not an answer to a yes/no question."""
    words = [word for word in text.strip().split()
             if fold_text(word.strip(",.!;:")) not in _ACKNOWLEDGEMENTS]
    if not words or (len(words) < len(text.split()) and _thanks_only(words)):
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


def is_acknowledgement(text: str) -> bool:
    """Whether the message only acknowledges what was said ("ok", "👍", "d'accord", "好的"):
    after "Anything else?" it closes the conversation rather than asks for more."""
    words = [fold_text(word.strip(",.!;:")) for word in text.strip().split()]
    return bool(words) and all(word in _ACKNOWLEDGEMENTS for word in words)


def is_bare_answer(text: str) -> bool:
    """Whether the message opens with (or is) a plain yes or no."""
    return _bare_answer(text) is not None


def is_bare_yes(text: str) -> bool:
    """Whether the message opens with (or is) a plain yes ("yes", "oui merci", "はい")."""
    return _bare_answer(text) is True


def _thanks_only(words: list[str]) -> bool:
    """Whether what is left after an acknowledgement says neither yes nor no ("thanks",
    "merci", "grazie"): "ok thanks" acknowledges, "ok yes" answers."""
    intent = interpret_reply(" ".join(words), str(QuestionId.CONFIRM_ACTION), ()).intent
    return intent not in (ReplyIntent.CONFIRM, ReplyIntent.REJECT)
