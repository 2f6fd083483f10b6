"""The words the playbook index reads a manager's message with, from every language's
`situations.toml` (language/lexicons/<lang>/): inflectional endings, stop words, words that only
count in pairs, phrases of how often, the manager ending someone's employment, a call to book,
and the situations no playbook covers (core.playbook_index.IndexWords says what each is for);
the words that ask whether to do something (core.situation_facts.QuestionWords);
and the words of a pregnancy announced (`speaks_of_pregnancy`), of a pay rise asked for
(`speaks_of_a_pay_rise`), of pay said to be wrong (`speaks_of_a_pay_dispute`) and of a
request turned down (`tells_a_refusal`).
Every language's words are read in every message: a manager writes in one language, but the
index keeps one vocabulary for all of them.
"""

from __future__ import annotations

import re
from functools import cache

from core.name_matcher import spell_script_names, written_unspaced
from core.person import Person
from core.playbook_index import IndexWords
from core.situation_facts import QuestionWords
from core.text_fold import fold_text
from language.lexicon import load_lexicons
from language.literal_set import GatedPattern


@cache
def index_words() -> IndexWords:
    """The index's words from every lexicon, in tie-break order, each once (the phrases of
    the uncovered situations as every language says them: two languages' "moral" count
    twice, as two playbooks' keywords would)."""
    lexicons = load_lexicons()

    def every(key: str) -> tuple[str, ...]:
        return tuple(dict.fromkeys(
            item for lexicon in lexicons for item in lexicon.situations.get(key, ())))

    return IndexWords(
        suffixes=every("index_suffixes"),
        stop_words=frozenset(every("index_stop_words")),
        not_stop_words=frozenset(every("index_not_stop_words")),
        paired_only=frozenset(every("index_paired_only")),
        how_often=every("how_often"),
        ends_employment=every("ends_employment"),
        booking_requests=every("booking_requests"),
        sickness_not_reported=every("sickness_not_reported"),
        vague_worries=every("vague_worries"),
        uncovered=tuple(phrase for lexicon in lexicons
                        for phrase in lexicon.situations.get("uncovered", ())),
    )


@cache
def question_words() -> QuestionWords:
    """The words that ask whether to do something ("should I ...?", "dois-je ...",
    "...できますか"), every language's, for core.situation_facts (`use_question_words`)."""
    lexicons = load_lexicons()
    return QuestionWords(
        before=tuple(p for lexicon in lexicons for p in lexicon.situations.get("asks_whether", ())),
        after=tuple(p for lexicon in lexicons
                    for p in lexicon.situations.get("asks_whether_after", ())),
    )


@cache
def _phrases(key: str) -> GatedPattern:
    """Every language's phrases of a situations.toml list on folded text: whole words, except
    in a script written without spaces ("妊娠しました")."""
    phrases = [phrase for lexicon in load_lexicons()
               for phrase in lexicon.situations.get(key, ())]
    return GatedPattern([re.escape(phrase) if written_unspaced(phrase)
                         else rf"\b{re.escape(phrase)}\b" for phrase in phrases],
                        words=[(phrase,) for phrase in phrases])


def _says(key: str, text: str) -> bool:
    """Whether a message holds one of the phrases of situations.toml list `key` (read folded,
    Polish "ł" as "l", as the index reads it)."""
    return _phrases(key).found_in(fold_text(text).replace("ł", "l"))


@cache
def _only_whom() -> re.Pattern[str]:
    phrases = sorted({phrase for lexicon in load_lexicons()
                      for phrase in lexicon.situations.get("only_whom", ())}, key=len, reverse=True)
    return re.compile("|".join(re.escape(phrase) for phrase in phrases) or r"(?!)")


def without_only_whom(text: str) -> str:
    """A Chinese or Japanese message's words left once those that say only whom it is about
    ("关于", "的事", "のこと", "について") are taken out: "关于的事" leaves nothing, "哭了"
    ("鲍勃哭了" without the name) is left whole."""
    return _only_whom().sub("", fold_text(text))


def speaks_of_pregnancy(text: str) -> bool:
    """Whether a message speaks of a pregnancy ("Alice vertelde me dat ze zwanger is")."""
    return _says("pregnancy", text)


def tells_a_refusal(text: str) -> bool:
    """Whether a message says the manager turned a request down ("I refused his leave
    request", "j'ai refusé sa demande", "我拒绝了他的请假")."""
    return _says("refused", text)


def speaks_of_a_pay_rise(text: str) -> bool:
    """Whether a message speaks of a pay rise ("Bob wants a pay rise", "昇給を求めています")."""
    return _says("pay_rise", text)


def _asks_to_talk() -> GatedPattern:
    return _patterns("asks_to_talk")


def asks_whether_to_talk(text: str) -> bool:
    """Whether a message asks whether to talk with someone ("should I talk to him?", "¿tengo
    que hablar con él?", "soll ich mit ihm reden?"); not what to say ("what should I talk to
    him about?")."""
    return _asks_to_talk().found_in(fold_text(text).replace("ł", "l"))


def speaks_of_distress(text: str) -> bool:
    """Whether a message speaks of someone's distress ("alice often cries at work", "elle est
    très stressée", "压力很大") or of a vague worry about them ("alice seems off lately",
    "alice a l'air bizarre ces temps-ci", "様子がおかしい")."""
    return _says("distress", text) or _says("vague_worries", text)


def _family_illness() -> GatedPattern:
    return _patterns("family_illness")


def tells_of_family_illness(text: str) -> bool:
    """Whether a message says a family member of the employee's is ill or in hospital ("her
    mum is in hospital", "sa mère est hospitalisée", "他妈妈住院了"): their difficulty, not
    their own sickness."""
    return _family_illness().found_in(fold_text(text).replace("ł", "l"))


def without_family_illness(text: str) -> str:
    """A message (folded) with what it says of a family member's illness taken out, so what is
    left shows whether it tells a situation besides ("late every day since his dad is in
    hospital" is lateness; "sa mère est hospitalisée" alone is none)."""
    return _family_illness().sub(" ", fold_text(text).replace("ł", "l"))


def says_they_cannot_work(text: str) -> bool:
    """Whether a message says the employee cannot work ("he can't do his shifts this week",
    "il peut pas venir", "er kann diese Woche nicht arbeiten", "上不了班")."""
    return _patterns("cannot_work").found_in(fold_text(text).replace("ł", "l"))


@cache
def _reports() -> str:
    phrases = [phrase for lexicon in load_lexicons()
               for phrase in lexicon.situations.get("reports", ())]
    spaced = "|".join(re.escape(p) for p in phrases if not written_unspaced(p))
    unspaced = "|".join(re.escape(p) for p in phrases if written_unspaced(p))
    return "|".join(part for part in (rf"(?:{spaced})\b" if spaced else "", unspaced) if part)


def reported_by(text: str, person: Person) -> bool:
    """Whether a message says `person` reported what it tells ("chen says sophie shouts at
    him", "chen dice que sophie le grita", "陈说苏菲对他大喊"): their name, then the words of
    a report."""
    reports = _reports()
    if not reports:
        return False
    folded = fold_text(spell_script_names(text, [person])).replace("ł", "l")
    first, *rest = fold_text(person.name).split()
    last = rf"(?:\s+{re.escape(' '.join(rest))})?" if rest else ""
    # "チェンさんによると": a Japanese name takes its honorific before the words.
    name = rf"(?<!\w){re.escape(first)}{last}(?:さん|君|くん)?"
    return re.search(rf"{name}\s*,?\s*(?:{reports})", folded) is not None


@cache
def _patterns(key: str) -> GatedPattern:
    return GatedPattern([pattern for lexicon in load_lexicons()
                         for pattern in lexicon.situations.get(key, ())])


def speaks_of_a_young_worker(text: str) -> bool:
    """Whether a message tells of a worker under 18 with their working hours ("Zosia is 16 and
    works until 11pm", "Lena ist 16 und arbeitet bis 23 Uhr", "Zosia ma 16 lat i pracuje do
    23"): their working time has legal limits of its own. An age alone ("he is 17 and keeps
    arriving late") is no such message."""
    folded = fold_text(text).replace("ł", "l")
    return _patterns("young_age").found_in(folded) \
        and _patterns("working_time").found_in(folded)


def speaks_of_a_pay_dispute(text: str) -> bool:
    """Whether a message tells of pay the employee says is wrong or missing ("bob says his pay
    was wrong", "o bob diz que o salário dele veio errado", "a alice reclama que não recebeu as
    horas extras", "残業代が払われていない"): for payroll to check, no pay rise."""
    return _patterns("pay_dispute").found_in(fold_text(text).replace("ł", "l"))


@cache
def _situation_joins() -> re.Pattern[str]:
    words = sorted({word for lexicon in load_lexicons()
                    for word in lexicon.situations.get("situation_joins", ())},
                   key=len, reverse=True)
    spaced = "|".join(re.escape(w) for w in words if not written_unspaced(w))
    unspaced = "|".join(re.escape(w) for w in words if written_unspaced(w))
    return re.compile("|".join(part for part in (
        r"\s*[,;.!?，、。；！？]\s*", rf"\s+(?:{spaced})\s+" if spaced else "",
        unspaced) if part))


@cache
def _opens_with_someone_unnamed() -> re.Pattern[str]:
    words = sorted({word for lexicon in load_lexicons()
                    for word in lexicon.part("advice", "third_person")}, key=len, reverse=True)
    spaced = "|".join(re.escape(w) for w in words if not written_unspaced(w))
    unspaced = "|".join(re.escape(w) for w in words if written_unspaced(w))
    return re.compile("|".join(part for part in (
        rf"^(?:\w+\s+)?(?:{spaced})\b" if spaced else "", rf"^(?:{unspaced})" if unspaced else "")
        if part) or r"(?!)")


def opens_with_someone_unnamed(part: str) -> bool:
    """Whether a part of a message (`told_parts`) opens with a person not named ("he shouted
    at chen", "il a crié sur chen", "他还骂了陈伟"): the one the part before named."""
    return _opens_with_someone_unnamed().search(fold_text(part)) is not None


def told_parts(text: str) -> list[str]:
    """The parts of a message that each may tell a situation of its own, split where a word of
    `situation_joins` or a stop joins them ("bob was late again and alice wants to quit")."""
    folded = fold_text(text).replace("ł", "l")
    return [part.strip() for part in _situation_joins().split(folded) if part.strip()]
