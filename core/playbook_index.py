"""Finds the playbook a manager's message is about: BM25 over each playbook's keywords.

Text in any of the playbooks' languages is folded (case, accents, apostrophes; the Polish "ł",
which has no accent to strip, becomes "l", so "spóźnił" and "spoznil" meet), split into
words, stripped of stop words (function words and words every HR question shares, such as
"employee" or "policy"), and reduced to a crude stem: a few inflectional endings removed, then
the first seven letters ("harassment", "harassed" and "harassing" meet at "harass"; "absence"
and "absences" at "absenc"). Adjacent stems also form bigrams, so "didn't show up" weighs more than
"show". A playbook is one document made of its keyword phrases. The best playbook is returned
only when its score reaches a threshold: below it there is no match, which the advisor treats as
a knowledge gap rather than guessing.
"""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from core.playbook import Playbook
from core.text_fold import fold_text

# One distinctive keyword stem scores about 1.8; a stem shared by several playbooks about 0.9.
MIN_SCORE = 1.5
_K1 = 1.2
_B = 0.3  # keyword lists differ in length by language coverage, not by relevance
_STEM_LENGTH = 7
_MIN_STEM = 4
_WORD = re.compile(r"\w+")
# Han, kana and hangul: scripts written without spaces between words.
_CJK_RUN = re.compile("[\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u3400-\u4dbf\u4e00-\u9fff"
                      "\uac00-\ud7af\uf900-\ufaff]+")

_SUFFIXES = tuple(
    sorted(
        (
            # English
            "ations", "ation", "ments", "ment", "ness", "ings", "ing", "ities", "ity", "ied",
            "ies", "ed", "es", "s", "ly",
            # French
            "ements", "ement", "euses", "euse", "eurs", "eur", "ees", "ee", "er", "ez", "e",
            # Spanish and Italian
            "aciones", "acion", "azioni", "azione", "mente", "idades", "idad", "ados", "ado",
            "adas", "ada", "os", "as", "o", "a", "i",
            # German
            "ungen", "ung", "heiten", "heit", "keiten", "keit", "en",
        ),
        key=len,
        reverse=True,
    )
)

# Function words of the five languages, and words every HR question shares (people, time
# spans): they say nothing about which situation a message is about.
_STOP_WORD_TEXT = """
a an the and or but if of to in on at for with about from by as into than then so too very is
are was were be been being am has have had having do does did doing will would shall should can
could may might must i me my mine we us our you your he him his she her they them their it its
this that these those what which who whom whose when where why how there here also just really
please one some any all each other more most much many again still yet ever s t d ll m re ve get
got go going know think want need like say said tell told up out set back keep keeps kept time
times first last two three four five six seven eight nine ten day days week weeks month months
year years today yesterday tomorrow lately recently morning evening jour jours semaine semaines
mois dia dias
semana semanas mes tag tage tagen woche wochen monat giorno giorni settimana settimane mese
employee employees staff worker workers team member members colleague colleagues person people
manager managers company business store shop job boss someone somebody policy policies rule rules
question questions situation case advice help handle deal
le la les l de du des un une et ou en au aux est sont etait il elle ils elles je j me mon ma mes
nous notre nos vous votre vos ce cet cette ces qui que qu quoi pour par sur dans avec se son sa
ses leur leurs y c ca comment dois doit faire salarie salaries employe employes collaborateur
collaboratrice equipe politique regle
el los las del una y o al es son era que su sus mi mis lo le por para con como ha he hay este
esta estos estas eso esto empleado empleada empleados trabajador trabajadora equipo politica
regla debo hacer
der die das den dem des ein eine einen einem einer und oder ist sind war hat haben ich mein
meine meinen wir sie er es sich zu im am an auf mit von fur bei was wie soll sollte mitarbeiter
mitarbeiterin mitarbeitende kollege kollegin richtlinie regel
il lo gli di della dello degli delle uno e che si suo sua mio mia miei per come ho dipendente
dipendenti collaboratore collaboratrice squadra devo fare regola
o os um uma do dos das no na nos nas em com por ele ela eles elas eu meu minha seu sua
funcionario funcionaria funcionarios colaborador colaboradora equipe equipa devo fazer regra
sem mais muito todo toda todos sempre ao aos da pelo pela pelos pelas outra outro vez
zonder altijd steeds al heel erg tegen zich niet nu keer twee
het een en of zijn ik mijn hij zij ze wij we uw dat deze dit met voor van op aan bij
medewerker medewerkers werknemer werknemers collega moet doen regel
w we z ze na do od po za o u i a ja czy nie sie jest sa byl byla bylo jak co to ten ta tym
tego tej moj moja moje mojego mojej moim jego jej ich mnie mi mam ma juz jeszcze bardzo ktory
ktora pracownik pracownika pracownikiem pracownica pracownicy pracownikow zespol zespole
kierownik sklep sklepie dzien dni dnia tydzien tygodniu tygodnia miesiac miesiacu raz razy
zawsze znowu wczoraj dzisiaj dzis jutro robic zrobic powinienem powinnam moge zasady zasada
pytanie da pod dwa chce chca moga duzo robi temat
always toujours immer standig dauernd siempre sempre ciagle ciagiem
during pendant wahrend durante tijdens podczas
zur zum naar hem haar te fa
comporto periodo ieri gisteren ontem gestern fica dalla dal dallo dai dagli dalle
"""
_STOP_WORDS = frozenset(_STOP_WORD_TEXT.split())

# Words whose stem is a stop word of another language: French "bosser" (to work: "il a pas
# bossé hier") stems to the English "boss".
_NOT_STOP_WORDS = frozenset({"bosse", "bosser", "bosses"})

# Negations and words of "now": alone they say nothing about a situation ("not now", "pas
# maintenant", "nicht jetzt" decline an offer), but next to a word they do ("not performing",
# "pas venu"). They only count in the bigrams they form. So does French "déplacé": "remarques
# déplacées" is harassment, "déplace le premier à vendredi" (move) is not.
_PAIRED_ONLY_TEXT = """
not never no now pas jamais maintenant nicht kein keine keinen nie jetzt non mai ora adesso nao
agora ahora nunca niet nooit teraz
deplace deplacee deplacees deplaces deplacer deplacez
shift shifts turno turnos turni schicht schichten dienst diensten zmiana zmiany zmiane zmianie
service services kasa kasy kasie fruh fruher
comes came kommt kam gekommen komt kwam vient viene vem veio
presentato presentata
macht veut veulent vuole vogliono quiere quieren quer wil wilt willen
refuse refuses refused refusing refuser refusent rifiuta rifiutare rifiutato weigert weigern
weigerte weigeren weigerde niega recusa recusou odmawia odmowil
short wolny wolna contre contro contra gegen against
ne plus sin fin fim fine part weg werk till kasse kassa caja cassa caixa soldi
cambia cambio cambi arrive arrives arrived arriving arrivee arriva arrivato arrivata llega llego
llegar chega chegou chegar
meeting meetings reunion reunions reunione riunione riunioni reuniones reuniao reunioes
besprechung teammeeting teammeetings overleg vergadering spotkanie spotkania spotkan
prima primo prime primi antes avant eerder
lost verloren perdu perdue perso persa perdio perdeu perdido perdida stracil stracila zgubil
zgubila kwijt
another autre otro otra altro altra outro outra andere anderen ander inna inny
found gefunden trouve encontrado encontro trovato encontrou gevonden znalazl znalazla
"""
_PAIRED_ONLY = frozenset(_PAIRED_ONLY_TEXT.split())

# Phrases that say how often, not what happened: "se dispute sans arrêt" is no "arrêt"
# (maladie), "toda hora some dinheiro" no "hora" (extra). They are read as if not there.
_HOW_OFTEN = re.compile(r"\b(?:" + "|".join(re.escape(phrase) for phrase in (
    "sans arret", "tout le temps", "all the time", "todo el rato",
    "todo el tiempo", "cada dos por tres", "toda hora", "o tempo todo", "tutto il tempo",
    "de hele tijd", "la hele tijd", "die ganze zeit", "caly czas",
)) + r")\b")

# The manager ending someone's employment ("wir müssen Bob kündigen", "on doit licencier Bob",
# "we need to let Bob go"): what they mean to do, not what happened, so read as if not there.
# Alone it is a knowledge gap (ERA asks what happened); beside a situation ("always late, can
# I fire him?") the situation finds its playbook. Said of the employee ("Bob will kündigen",
# "si è licenziato", "chce się zwolnić") it stays the resignation it is.
_ENDS_EMPLOYMENT = re.compile(r"\b(?:" + "|".join((
    # English
    r"fire(?! (?:alarm|exit|door|drill|safety))", r"fired", r"firing", r"sack", r"sacked",
    r"sacking", r"dismiss", r"dismissed", r"dismissing", r"dismissal", r"terminate",
    r"terminated", r"terminating", r"lay off", r"laid off", r"get rid of",
    r"let(?:ting)? (?:\w+ ){1,2}go\b(?! (?:early|home))",
    # French
    r"licencier", r"licencie", r"licenciee", r"licencies", r"licenciement", r"virer", r"vire",
    r"viree", r"renvoyer", r"mettre a la porte", r"rupture conventionnelle",
    # Spanish
    r"despedir(?:lo|la|le|los|las)?", r"despido", r"despedido", r"despedida(?! de)",
    r"echarlo", r"echarla", r"echarle",
    # Italian (not "licenziarsi", "si licenzia", "si è licenziato", "mi licenzio")
    r"(?<!si )(?<!si e )(?<!mi )licenzi(?:are|arlo|arla|amento|ato|ata|amo)",
    r"mandarlo via", r"mandarla via", r"cacciarlo", r"cacciarla",
    # German: "kündigen" only with the manager as the one who does it
    r"entlassen", r"entlassung", r"rausschmeissen", r"rauswerfen", r"rausgeschmissen",
    r"rausgeworfen", r"feuern", r"gefeuert", r"(?:ihm|ihr|ihn) kundigen",
    r"(?:ich|wir) (?:muss|mussen|will|wollen|mochte|mochten|sollte|sollten|sollen|werde|werden"
    r"|kann|konnen|darf|durfen) (?:\w+ ){1,2}kundigen",
    r"(?:muss|mussen|soll|sollen|kann|konnen|darf|durfen) (?:ich|wir) (?:\w+ ){1,2}kundigen",
    r"(?:ich|wir) (?:habe|hab|haben) (?:\w+ ){1,2}gekundigt", r"wurde gekundigt",
    # Dutch (not "ontslag nemen")
    r"ontslaan", r"ontsla", r"ontslagen", r"eruit gooien", r"eruit zetten", r"de laan uit",
    # Portuguese (not "se demitir", "me demitir", "pedir demissão")
    r"(?<!se )(?<!me )demitir", r"demiti-lo", r"demiti-la", r"demitido", r"demitida",
    r"mandar (?:\w+ ){0,2}embora", r"dispensar",
    # Polish (not "zwolnić się", "się zwolni")
    r"(?<!sie )zwolnic(?! sie)", r"zwolnimy", r"zwolnie(?! sie)", r"zwolnilem", r"zwolnilam",
    r"zwolnilismy", r"zwolniony", r"zwolniona", r"wyrzucic", r"wyrzucimy", r"wywalic",
)) + r")\b")

# A request to book a call or a meeting ("book a call with Bob tomorrow", "agenda una llamada
# con Bob"): an action, never a situation to advise on, though "call" and "llamada" are words
# of a no-show ("didn't call in", "no llamó"). Read as if not there.
_BOOKING_REQUEST = re.compile(r"\b(?:" + "|".join((
    r"(?:book|schedule|arrange|set up|setup|organi[sz]e|plan|put in) (?:a |an |the |me )?"
    r"(?:quick |short )?(?:call|phone call|meeting|catch up|one to one|chat)",
    r"(?:reserve|reserver|planifie|planifier|organise|organiser|cale|caler|fixe|fixer"
    r"|programme|programmer) (?:un |une |le |la )?(?:appel|reunion|rendez vous|entretien|point)",
    r"(?:agenda|agendar|agendame|reserva|reservar|programa|programar|organiza|organizar|fija"
    r"|fijar|pon|ponme|monta|concierta|concertar) (?:una |un |la |el )?(?:llamada|reunion|cita)",
    r"(?:prenota|prenotare|prenotami|fissa|fissare|organizza|organizzare|programma|pianifica)"
    r" (?:una |un |la |il )?(?:chiamata|riunione|telefonata|incontro|colloquio|call)",
    r"(?:buch|buche|buchen|plane|planen|vereinbare|vereinbaren|mach|organisiere)"
    r" (?:einen |ein |eine |den |das |die )?(?:anruf|termin|gesprach|telefonat|meeting|call)",
    r"(?:plan|plannen|boek|boeken|regel|regelen|maak|inplannen) (?:een |het )?"
    r"(?:gesprek|afspraak|belletje|call|overleg|vergadering)",
    r"(?:marca|marcar|agenda|agendar|reserva|reservar|organiza|organizar) (?:uma |um |a |o )?"
    r"(?:ligacao|chamada|reuniao|conversa|call)",
    r"(?:umow|umowic|zaplanuj|zaplanowac|zarezerwuj|ustaw) (?:rozmowe|spotkanie|telefon|call)",
)) + r")\b")

# Situations no playbook covers, one phrase list per language (comma-separated, as in a
# playbook's keywords). They are indexed as one more document: a message that is most like
# them ("el ánimo del equipo está muy bajo", "Die Stimmung im Team ist schlecht") is a
# knowledge gap, although it shares a word ("bajo", "schlecht") with a playbook.
_UNCOVERED_PHRASES = (
    # A lost thing (a phone, keys, a badge): "verloren", "perdu", "perso" alone are a loss
    # in the family only next to the person lost ("hat ihre Mutter verloren").
    "lost his phone, lost her phone, lost the phone, lost his keys, lost her keys, lost his"
    " badge, lost her badge, lost his wallet, lost the keys",
    "perdu son téléphone, perdu son portable, perdu ses clés, perdu son badge, perdu les clés",
    "perdió su móvil, perdió el móvil, perdió su teléfono, perdió las llaves, perdió su tarjeta",
    "handy verloren, telefon verloren, schlüssel verloren, ausweis verloren",
    "perso il telefono, perso il cellulare, perso le chiavi, perso il badge",
    "perdeu o celular, perdeu o telemóvel, perdeu as chaves, perdeu o crachá",
    "telefoon kwijt, telefoon verloren, sleutels kwijt, sleutels verloren, pasje kwijt",
    "zgubił telefon, zgubiła telefon, zgubił klucze, zgubiła klucze, zgubił kartę",
    # Low team morale: a team's mood, not a dispute between colleagues or one person's work.
    "morale, low morale, team morale, morale is low, morale is down, demotivated, demoralised,"
    " demoralized, unmotivated, no motivation, mood in the team",
    "moral, moral de l'équipe, moral bas, moral au plus bas, démotivé, démotivés, démotivation,"
    " manque de motivation, ambiance morose",
    "moral, moral baja, moral por los suelos, ánimo, ánimo bajo, ánimo del equipo, desánimo,"
    " desmotivado, desmotivados, desmotivación, sin motivación, poca motivación",
    "stimmung, stimmung im team, stimmung ist schlecht, schlechte stimmung im team, moral,"
    " demotiviert, demotivation, keine motivation, motivation ist weg",
    "morale, morale basso, morale a terra, morale della squadra, demotivato, demotivati,"
    " demotivazione, poca motivazione, umore del team",
    "moral, moral baixa, moral em baixo, moral da equipa, moral da equipe, ânimo, desânimo,"
    " ambiente na equipa, ambiente na equipe, ambiente péssimo, desmotivado, desmotivação",
    "moreel, laag moreel, moreel is laag, gedemotiveerd, demotivatie, geen motivatie,"
    " stemming, stemming in het team, sfeer in het team, sfeer is slecht",
    "morale, niskie morale, morale w zespole, morale spadło, demotywacja, zdemotywowany,"
    " zdemotywowani, brak motywacji, nastroje w zespole, złe nastroje",
    "士気, 士気が低い, 士気が下がっ, やる気がない, やる気が出ない, モチベーションが低い",
    "士气, 士气低落, 士气低, 没有干劲, 积极性不高, 没有动力",
    # Someone's mental health with nothing else (in tears, anxious, burnt out): no playbook
    # covers it, and "de laatste tijd" (lately; "niet op tijd" is late) must not make it
    # lateness. "Stressed" stays out: "underperforming and seems stressed" is performance.
    "anxious, anxiety, depressed, depression, mental health, burnout,"
    " burned out, burnt out, cried, crying, in tears, overwhelmed, panic attack, not coping",
    "anxieuse, anxieux, anxiété, angoisse, déprimé, déprimée, dépression,"
    " santé mentale, épuisement, a pleuré, pleure, en larmes, crise d'angoisse",
    "ansiedad, ansioso, ansiosa, deprimido, deprimida, depresión,"
    " salud mental, quemado, quemada, lloró, llorando, crisis de ansiedad, ataque de pánico",
    "ängstlich, depressiv, depression, psychische gesundheit, burnout, ausgebrannt,"
    " hat geweint, weint, in tränen, panikattacke",
    "ansia, depresso, depressa, depressione, salute mentale,"
    " esaurimento, ha pianto, piange, in lacrime, attacco di panico",
    "ansiedade, deprimido, deprimida, depressão,"
    " saúde mental, esgotamento, chorou, chorando, em lágrimas, ataque de pânico",
    "gestrest, angstig, depressief, depressie, mentale gezondheid, burn-out, overspannen,"
    " huilde, huilen, in tranen, paniekaanval",
    "lęk, przygnębiony, przygnębiona, depresja, zdrowie psychiczne,"
    " wypalenie, wypalony, wypalona, płakała, płakał, płacze, atak paniki",
    "不安, うつ, メンタル, 泣いて, 泣いた, 精神的",
    "焦虑, 抑郁, 心理健康, 哭了, 崩溃",
)


class PlaybookMatch(NamedTuple):
    """The best playbook for a query and its BM25 score."""

    playbook: Playbook
    score: float


def stem(word: str) -> str:
    """The crude multilingual stem of one folded word. A Chinese or Japanese run is kept
    whole: cut to seven characters, "ミーティングを欠席" (missed the meeting) would be any
    "ミーティングを" (book the meeting)."""
    if len(word) <= _MIN_STEM or word.isdigit() or _CJK_RUN.match(word):
        return word
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= _MIN_STEM:
            word = word[: -len(suffix)]
            break
    return word[:_STEM_LENGTH]


def terms(text: str) -> list[str]:
    """The index terms of a text: stems of its non-stop words, then their adjacent bigrams.
    Chinese and Japanese runs (no spaces, no inflection to strip) are whole terms: a keyword
    is one term, and a message holds it when it contains it (`PlaybookIndex` looks for every
    keyword run inside the message)."""
    # "didn't" and "didnt" are one word: people leave the apostrophe out as often as not.
    folded = fold_text(text).replace("ł", "l").replace("n't", "nt").replace("n\u2019t", "nt")
    folded = _HOW_OFTEN.sub(" ", _CJK_RUN.sub(lambda run: f" {run.group()} ", folded))
    folded = _BOOKING_REQUEST.sub(" ", _ENDS_EMPLOYMENT.sub(" ", folded))
    kept = [
        (word, stemmed)
        for word in _WORD.findall(folded)
        if word not in _STOP_WORDS
        and ((stemmed := stem(word)) not in _STOP_WORDS or word in _NOT_STOP_WORDS)
    ]
    stems = [stemmed for word, stemmed in kept if word not in _PAIRED_ONLY]
    latin = [stemmed for _, stemmed in kept if not _CJK_RUN.match(stemmed)]
    return stems + [
        f"{first}_{second}" for first, second in itertools.pairwise(latin)
    ]


class PlaybookIndex:
    """BM25 over the playbooks' keyword phrases; pure and built once."""

    def __init__(self, playbooks: Sequence[Playbook], *, min_score: float = MIN_SCORE) -> None:
        if not playbooks:
            raise ValueError("the playbook index needs at least one playbook")
        self._playbooks = tuple(playbooks)
        self._min_score = min_score
        self._documents: list[Counter[str]] = []
        for phrases in (*(p.keyword_phrases for p in self._playbooks), _uncovered_phrases()):
            document: Counter[str] = Counter()
            for phrase in phrases:
                document.update(terms(phrase))
            self._documents.append(document)
        self._cjk_terms = frozenset(
            term for document in self._documents for term in document if _CJK_RUN.match(term)
        )
        self._lengths = [sum(document.values()) for document in self._documents]
        self._average_length = sum(self._lengths) / len(self._lengths)
        frequency: Counter[str] = Counter()
        for document in self._documents:
            frequency.update(document.keys())
        total = len(self._documents)
        self._idf = {
            term: math.log(1 + (total - count + 0.5) / (count + 0.5))
            for term, count in frequency.items()
        }
        # Each term's documents with its count there: a query's few terms are looked up once
        # each, not in every document (12 documents x the query's terms, most not there).
        norms = [_K1 * (1 - _B + _B * length / self._average_length) for length in self._lengths]
        self._postings: dict[str, tuple[tuple[int, int, float], ...]] = {
            term: tuple((index, document[term], norms[index])
                        for index, document in enumerate(self._documents) if term in document)
            for term in frequency
        }

    @property
    def playbooks(self) -> tuple[Playbook, ...]:
        """The indexed playbooks, in the order given."""
        return self._playbooks

    def scores(self, query: str) -> list[PlaybookMatch]:
        """Every playbook with a positive score for `query`, best first (ties: given order)."""
        return self._ranked(self._scores(query))

    def best(self, query: str) -> PlaybookMatch | None:
        """The best playbook for `query`, or None when none scores `min_score` or the query is
        more like a situation no playbook covers (a knowledge gap either way)."""
        every_score = self._scores(query)  # scored once: the query's terms are the dear part
        ranked = self._ranked(every_score)
        if not ranked or ranked[0].score < self._min_score:
            return None
        if every_score[-1] >= ranked[0].score:
            return None
        return ranked[0]

    @staticmethod
    def ends_employment(query: str) -> bool:
        """Whether `query` speaks of the manager ending someone's employment ("dobbiamo
        licenziare Bob", "musimy Bob zwolnić"): no playbook's situation, yet one to talk
        about (ERA asks what happened)."""
        return _ENDS_EMPLOYMENT.search(fold_text(query).replace("ł", "l")) is not None

    def _ranked(self, every_score: list[float]) -> list[PlaybookMatch]:
        """The playbooks with a positive score among `every_score` (the playbooks' scores,
        then the uncovered situations'), best first (ties: given order)."""
        ranked = [
            PlaybookMatch(playbook, score)
            for playbook, score in zip(self._playbooks, every_score, strict=False)
            if score > 0
        ]
        ranked.sort(key=lambda match: -match.score)
        return ranked

    def _scores(self, query: str) -> list[float]:
        """The BM25 score of every document for `query`: the playbooks', then the uncovered
        situations'."""
        wanted = set(terms(query))
        if self._cjk_terms and _CJK_RUN.search(query):
            folded = fold_text(query)
            wanted.update(term for term in self._cjk_terms if term in folded)
        # Each document's terms are added in the order of `wanted`, as when each document was
        # scored in turn: the same sums to the last bit.
        scores = [0.0] * len(self._documents)
        for term in wanted:
            for index, count, norm in self._postings.get(term, ()):
                scores[index] += self._idf[term] * count * (_K1 + 1) / (count + norm)
        return scores


def _uncovered_phrases() -> tuple[str, ...]:
    """The phrases of the situations no playbook covers, one by one."""
    return tuple(
        phrase.strip() for line in _UNCOVERED_PHRASES for phrase in line.split(",")
        if phrase.strip()
    )

