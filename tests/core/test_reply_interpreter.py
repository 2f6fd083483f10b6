"""Reading short replies ("2", "la deuxième", "9am", "はい", "nein") at the question asked."""

from __future__ import annotations

import pytest

from core.choice_option import ChoiceOption
from core.question_id import QuestionId
from core.reply_interpreter import (
    AcceptedReplies,
    InterpretedReply,
    ReplyIntent,
    describe_accepted,
    interpret_reply,
)

SELECT, CONFIRM, REJECT, UNKNOWN = (
    ReplyIntent.SELECT, ReplyIntent.CONFIRM, ReplyIntent.REJECT, ReplyIntent.UNKNOWN,
)  # fmt: skip

THREE_SHIFTS = (
    ChoiceOption("opt_1", 0, "Morning (09:00-15:00)", "shift_a", start="09:00", end="15:00"),
    ChoiceOption("opt_2", 1, "Afternoon (15:00-20:00)", "shift_b", start="15:00", end="20:00"),
    ChoiceOption("opt_3", 2, "Evening (20:00-23:00)", "shift_c", start="20:00", end="23:00"),
)
TWO_MORNINGS = (
    ChoiceOption("opt_1", 0, "Early (07:00-11:00)", start="07:00", end="11:00"),
    ChoiceOption("opt_2", 1, "Late morning (10:00-14:00)", start="10:00", end="14:00"),
    ChoiceOption("opt_3", 2, "Evening (18:00-22:00)", start="18:00", end="22:00"),
)
PEOPLE = (
    ChoiceOption("opt_1", 0, "Bob Smith (Sales)", "emp_17"),
    ChoiceOption("opt_2", 1, "Bob Jones (Stock)", "emp_23"),
    ChoiceOption("opt_3", 2, "Alice Martin (Sales)", "emp_31"),
)
ONE_SHIFT = (ChoiceOption("opt_1", 0, "Morning (08:00-14:00)", start="08:00", end="14:00"),)


def _select(text: str, options: tuple[ChoiceOption, ...] = THREE_SHIFTS,
            locale: str | None = None, question: str = QuestionId.SELECT_SHIFT) -> InterpretedReply:
    return interpret_reply(text, question, options, locale)


@pytest.mark.parametrize(
    ("text", "locale", "option_id"),
    [
        ("2", "en-US", "opt_2"),
        ("#3", None, "opt_3"),
        ("option 1", "en-US", "opt_1"),
        ("2.", None, "opt_2"),
        ("  3  ", None, "opt_3"),
        ("2️⃣", None, "opt_2"),
        ("٢", "ar-SA", "opt_2"),
        ("２", "ja-JP", "opt_2"),
        ("two", "en-US", "opt_2"),
        ("deux", "fr-FR", "opt_2"),
        ("zwei", "de-DE", "opt_2"),
        ("два", "ru-RU", "opt_2"),
        ("1st", "en-US", "opt_1"),
        ("the second one", "en-US", "opt_2"),
        ("le 2e", "fr-FR", "opt_2"),
        ("la deuxième", "fr-FR", "opt_2"),
        ("la segunda", "es-ES", "opt_2"),
        ("die zweite", "de-DE", "opt_2"),
        ("la seconda", "it-IT", "opt_2"),
        ("a segunda", "pt-BR", "opt_2"),
        ("de tweede", "nl-NL", "opt_2"),
        ("den andra", "sv-SE", "opt_2"),
        ("andre", "nb-NO", "opt_2"),
        ("anden", "da-DK", "opt_2"),
        ("вторую", "ru-RU", "opt_2"),
        ("ikinci", "tr-TR", "opt_2"),
        ("二番目", "ja-JP", "opt_2"),
        ("2番目", "ja-JP", "opt_2"),
        ("第二个", "zh-CN", "opt_2"),
        ("الثاني", "ar-SA", "opt_2"),
        ("drugie", "pl-PL", "opt_2"),
        ("wybieram trzecią", "pl-PL", "opt_3"),
        ("last", "en-US", "opt_3"),
        ("la dernière", "fr-FR", "opt_3"),
        ("el último", "es-ES", "opt_3"),
        ("最後", "ja-JP", "opt_3"),
        ("最后一个", "zh-CN", "opt_3"),
        ("the middle one", "en-US", "opt_2"),
    ],
)
def test_numbers_and_ordinals_select_by_position(
    text: str, locale: str | None, option_id: str
) -> None:
    reply = _select(text, locale=locale)
    assert (reply.intent, reply.option_id) == (SELECT, option_id), reply.reasoning


@pytest.mark.parametrize(("text", "option_id"), [
    ("numer dwa", "opt_2"), ("dwa", "opt_2"), ("trzy", "opt_3"), ("jedynka", "opt_1"),
])
def test_polish_numbers_in_words_select(text: str, option_id: str) -> None:
    """Polish had no number words: 'numer dwa' was not understood."""
    reply = _select(text, locale="pl-PL")
    assert (reply.intent, reply.option_id) == (SELECT, option_id), reply.reasoning


@pytest.mark.parametrize(("text", "locale"), [
    ("can you change it first", "en-US"),
    ("change it first", "en-US"),
    ("let me check first", "en-US"),
    ("first let me check with alice", "en-US"),
    ("cámbialo primero", "es-ES"),
    ("primero cámbialo", "es-ES"),
    ("cambialo prima", "it-IT"),
    ("muda primeiro", "pt-PT"),
    ("verander het eerst", "nl-NL"),
])
def test_first_saying_when_picks_no_option(text: str, locale: str) -> None:
    """'can you change it first' at a list of times picked the first time by its 'first'."""
    reply = _select(text, locale=locale)
    assert reply.option_id is None, reply.reasoning


@pytest.mark.parametrize(("text", "locale"), [
    ("first", "en-US"), ("the first one", "en-US"), ("i'll take the first", "en-US"),
    ("first one pls", "en-US"), ("quiero el primero", "es-ES"), ("primero", "es-ES"),
    ("voglio la prima", "it-IT"), ("quero o primeiro", "pt-PT"), ("de eerste", "nl-NL"),
])
def test_first_as_the_ordinal_still_picks_the_first_option(text: str, locale: str) -> None:
    reply = _select(text, locale=locale)
    assert (reply.intent, reply.option_id) == (SELECT, "opt_1"), reply.reasoning


@pytest.mark.parametrize(("text", "locale"), [
    ("book first", "en-US"), ("ok book first", "en-US"), ("book first pls", "en-US"),
    ("reserve first", "en-GB"), ("reserva primero", "es-ES"), ("marca primeiro", "pt-BR"),
    ("boek eerst", "nl-NL"),
])
def test_first_right_after_a_verb_of_booking_picks_the_first_option(
    text: str, locale: str
) -> None:
    """'book first' at a list of times was "Sorry, I couldn't tell which time you meant.":
    the 'first' was read as "before that", as in 'change it first'."""
    reply = _select(text, locale=locale)
    assert (reply.intent, reply.option_id) == (SELECT, "opt_1"), reply.reasoning


@pytest.mark.parametrize(("text", "locale"), [
    ("no, it is the first time", "en-US"),
    ("first time", "en-US"),
    ("the last time it was fine", "en-US"),
    ("non, c'est la première fois", "fr-FR"),
    ("nein, das ist das erste Mal", "de-DE"),
    ("nee, het is de eerste keer", "nl-NL"),
    ("no, es la primera vez", "es-ES"),
    ("no, è la prima volta", "it-IT"),
    ("não, é a primeira vez", "pt-PT"),
    ("nie, to pierwszy raz", "pl-PL"),
    ("不，这是第一次", "zh-CN"),
])
def test_an_ordinal_that_counts_times_picks_no_option(text: str, locale: str) -> None:
    """'no, it's the first time' at a list (a manager telling ERA about an employee) picked
    the first option by its 'first'."""
    reply = _select(text, locale=locale)
    assert reply.option_id is None, reply.reasoning


@pytest.mark.parametrize(
    ("text", "options", "option_id"),
    [
        ("morning", THREE_SHIFTS, "opt_1"),
        ("matin", THREE_SHIFTS, "opt_1"),
        ("por la tarde", THREE_SHIFTS, "opt_2"),
        ("nachmittags", THREE_SHIFTS, "opt_2"),
        ("'s avonds", THREE_SHIFTS, "opt_3"),
        ("вечером", THREE_SHIFTS, "opt_3"),
        ("akşam", THREE_SHIFTS, "opt_3"),
        ("午後", THREE_SHIFTS, "opt_2"),
        ("晚上", THREE_SHIFTS, "opt_3"),
        ("المساء", THREE_SHIFTS, "opt_3"),
        ("the evening shift please", THREE_SHIFTS, "opt_3"),
        ("evening", TWO_MORNINGS, "opt_3"),
        ("late morning", TWO_MORNINGS, "opt_2"),
        ("the early one", TWO_MORNINGS, "opt_1"),
    ],
)
def test_parts_of_the_day_select_when_one_option_matches(
    text: str, options: tuple[ChoiceOption, ...], option_id: str
) -> None:
    reply = _select(text, options)
    assert (reply.intent, reply.option_id) == (SELECT, option_id), reply.reasoning


@pytest.mark.parametrize("text", ["morning", "matin", "mañana", "午前", "утром", "in the morning"])
def test_two_morning_options_make_a_morning_reply_ambiguous(text: str) -> None:
    reply = _select(text, TWO_MORNINGS)
    assert reply.intent is UNKNOWN
    assert reply.option_id is None
    assert "ambiguous" in reply.reasoning


@pytest.mark.parametrize(
    ("text", "options", "option_id"),
    [
        ("09:00", THREE_SHIFTS, "opt_1"),
        ("9:00", THREE_SHIFTS, "opt_1"),
        ("9am", THREE_SHIFTS, "opt_1"),
        ("3 pm", THREE_SHIFTS, "opt_2"),
        ("8 p.m.", THREE_SHIFTS, "opt_3"),
        ("15h", THREE_SHIFTS, "opt_2"),
        ("à 15h", THREE_SHIFTS, "opt_2"),
        ("15 Uhr", THREE_SHIFTS, "opt_2"),
        ("a las 3 de la tarde", THREE_SHIFTS, "opt_2"),
        ("3 in the afternoon", THREE_SHIFTS, "opt_2"),
        ("at 9", THREE_SHIFTS, "opt_1"),
        ("kl. 20", THREE_SHIFTS, "opt_3"),
        ("в 8 вечера", THREE_SHIFTS, "opt_3"),
        ("9時", THREE_SHIFTS, "opt_1"),
        ("午後3時", THREE_SHIFTS, "opt_2"),
        ("下午3点", THREE_SHIFTS, "opt_2"),
        ("晚上八点", THREE_SHIFTS, "opt_3"),
        ("09:00-15:00", THREE_SHIFTS, "opt_1"),
        ("7am", TWO_MORNINGS, "opt_1"),
        ("10:00", TWO_MORNINGS, "opt_2"),
    ],
)
def test_clock_times_match_the_option_start(
    text: str, options: tuple[ChoiceOption, ...], option_id: str
) -> None:
    reply = _select(text, options)
    assert (reply.intent, reply.option_id) == (SELECT, option_id), reply.reasoning


@pytest.mark.parametrize(
    ("text", "options", "option_id"),
    [
        ("the earliest", THREE_SHIFTS, "opt_1"),
        ("the latest one", TWO_MORNINGS, "opt_3"),
        ("the shortest", THREE_SHIFTS, "opt_3"),
        ("die früheste", THREE_SHIFTS, "opt_1"),
        ("最晚的", THREE_SHIFTS, "opt_3"),
        ("nine am", THREE_SHIFTS, "opt_1"),
        ("a las nueve", THREE_SHIFTS, "opt_1"),
        ("в восемь вечера", THREE_SHIFTS, "opt_3"),
        ("9 to 3", THREE_SHIFTS, "opt_1"),
        ("von 9 bis 15 Uhr", THREE_SHIFTS, "opt_1"),
        ("un soir", THREE_SHIFTS, "opt_3"),
        ("the one at 3", THREE_SHIFTS, "opt_2"),
    ],
)
def test_superlatives_spelled_hours_and_ranges_select(
    text: str, options: tuple[ChoiceOption, ...], option_id: str
) -> None:
    reply = _select(text, options)
    assert (reply.intent, reply.option_id) == (SELECT, option_id), reply.reasoning


def _dated(*labels: str) -> tuple[ChoiceOption, ...]:
    """Shifts as the cancel flow lists them: a short weekday and date first."""
    return tuple(ChoiceOption(f"opt_{i + 1}", i, label) for i, label in enumerate(labels))


# Six shifts, Monday to Saturday: the fourth is a Thursday, the fifth a Friday.
DATED = {
    "it": _dated("lun 30 nov, Morning 09:00-15:00", "mar 1 dic, Evening 20:00-23:00",
                 "mer 2 dic, Morning 09:00-15:00", "gio 3 dic, Evening 20:00-23:00",
                 "ven 4 dic, Afternoon 15:00-20:00", "sab 5 dic, Morning 09:00-15:00"),
    "pt": _dated("seg., 30 de nov., Morning 09:00-15:00", "ter., 1 de dez., Evening 20:00-23:00",
                 "qua., 2 de dez., Morning 09:00-15:00", "qui., 3 de dez., Evening 20:00-23:00",
                 "sex., 4 de dez., Afternoon 15:00-20:00", "sáb., 5 de dez., Morning 09:00-15:00"),
    "nl": _dated("ma 30 nov., Morning 09:00-15:00", "di 1 dec., Evening 20:00-23:00",
                 "wo 2 dec., Morning 09:00-15:00", "do 3 dec., Evening 20:00-23:00",
                 "vr 4 dec., Afternoon 15:00-20:00", "za 5 dec., Morning 09:00-15:00"),
    "pl": _dated("pon., 30 lis, Morning 09:00-15:00", "wt., 1 gru, Evening 20:00-23:00",
                 "śr., 2 gru, Morning 09:00-15:00", "czw., 3 gru, Evening 20:00-23:00",
                 "pt., 4 gru, Afternoon 15:00-20:00", "sob., 5 gru, Morning 09:00-15:00"),
}


# Spanish, French and German labels as the cancel flow writes them.
LISTED_DATES = {
    "es": _dated("lun., 30 nov., Mañana 09:00-15:00", "mar., 1 dic., Noche 20:00-23:00",
                 "mié., 2 dic., Mañana 09:00-15:00", "jue., 3 dic., Noche 20:00-23:00"),
    "fr": _dated("lun. 30 nov., Matin 09:00-15:00", "mar. 1 déc., Soir 20:00-23:00",
                 "mer. 2 déc., Matin 09:00-15:00", "jeu. 3 déc., Soir 20:00-23:00"),
    "de": _dated("Mo., 30. Nov., Vormittag 09:00-15:00", "Di., 1. Dez., Abend 20:00-23:00",
                 "Mi., 2. Dez., Vormittag 09:00-15:00", "Do., 3. Dez., Abend 20:00-23:00"),
}


@pytest.mark.parametrize(
    ("locale", "text", "option_id"),
    [
        # The date with its month is the option on that date (it was not understood in
        # Spanish, and the second option in German).
        ("es-ES", "cancela el 2 de diciembre", "opt_3"),
        ("es-ES", "el 2 de diciembre", "opt_3"),
        ("fr-FR", "annule le 2 décembre", "opt_3"),
        ("de-DE", "storniere den 2. Dezember", "opt_3"),
        ("de-DE", "den 2. Dez", "opt_3"),
        # A number alone, an ordinal or a weekday reads as before.
        ("es-ES", "el segundo", "opt_2"),
        ("es-ES", "2", "opt_2"),
        ("es-ES", "el jueves", "opt_4"),
        ("de-DE", "die zweite", "opt_2"),
        ("de-DE", "Donnerstag", "opt_4"),
    ],
)
def test_a_date_with_its_month_picks_the_option_on_that_date_in_every_label_language(
    locale: str, text: str, option_id: str
) -> None:
    assert _select(text, LISTED_DATES[locale[:2]], locale).option_id == option_id


@pytest.mark.parametrize(
    ("locale", "text", "option_id"),
    [
        ("it-IT", "quello di venerdi", "opt_5"),
        ("it-IT", "giovedì", "opt_4"),
        ("it-IT", "il secondo", "opt_2"),
        ("nl-NL", "die van vrijdag", "opt_5"),
        ("nl-NL", "donderdag", "opt_4"),
        ("nl-NL", "de tweede", "opt_2"),
        ("pl-PL", "ta w czwartek", "opt_4"),
        ("pl-PL", "tę w piątek", "opt_5"),
        ("pl-PL", "w sobote", "opt_6"),
        ("pl-PL", "ostatnia", "opt_6"),
        ("pl-PL", "druga", "opt_2"),
        # Portuguese Monday, Thursday and Friday are also "the second", "the fifth" and "the
        # sixth": with the days on the list, the day is meant.
        ("pt-BR", "o de sexta", "opt_5"),
        ("pt-BR", "na sexta", "opt_5"),
        ("pt-BR", "sexta", "opt_5"),
        ("pt-BR", "sexta-feira", "opt_5"),
        ("pt-BR", "a de quinta", "opt_4"),
        ("pt-BR", "quinta", "opt_4"),
        ("pt-BR", "a de segunda", "opt_1"),
        ("pt-BR", "o sexto", "opt_6"),
        ("pt-BR", "o segundo", "opt_2"),
        ("pt-BR", "a terceira", "opt_3"),
    ],
)
def test_a_weekday_picks_the_listed_shift_on_that_day(
    locale: str, text: str, option_id: str
) -> None:
    options = DATED[locale[:2]]
    assert _select(text, options, locale).option_id == option_id


@pytest.mark.parametrize(
    ("locale", "text", "option_id"),
    [
        # The fourth option is dated the 3rd, the fifth the 4th: "del 3" is a date.
        ("it-IT", "quello del 3", "opt_4"),
        ("it-IT", "anzi no, quello del 4", "opt_5"),
        ("pt-BR", "o do dia 3", "opt_4"),
        ("nl-NL", "die van de 4e", "opt_5"),
        ("pl-PL", "ta z 3 grudnia", "opt_4"),
        # A number with a month name is a date too, the month before or after it.
        ("it-IT", "annulla il 3 dicembre", "opt_4"),
        ("it-IT", "quello del 3 dic", "opt_4"),
        ("pt-PT", "o de 3 de dezembro", "opt_4"),
        ("nl-NL", "4 december", "opt_5"),
        ("nl-NL", "dec 4", "opt_5"),
        # Polish months as dated ("2 grudnia" picked the second option, Monday 30th).
        ("pl-PL", "2 grudnia", "opt_3"),
        ("pl-PL", "odwołaj 4 grudnia", "opt_5"),
        # Without the word before it, a number is still the option's number.
        ("it-IT", "il 3", "opt_3"),
        ("pt-BR", "o 3", "opt_3"),
    ],
)
def test_a_day_of_the_month_picks_the_option_on_that_date(
    locale: str, text: str, option_id: str
) -> None:
    assert _select(text, DATED[locale[:2]], locale).option_id == option_id


# Japanese and Chinese labels as the cancel flow writes them: the month and day first.
CJK_DATED = {
    "ja": _dated("11月27日(金) 午後 15:00-20:00（レジ）", "12月4日(金) 午後 15:00-20:00（レジ）",
                 "12月5日(土) 夜 20:00-23:00（レジ）"),
    "zh": _dated("11月29日周日 下午班 15:00-20:00（销售）", "12月1日周二 早班 09:00-15:00（销售）",
                 "12月3日周四 下午班 15:00-20:00（销售）"),
}


@pytest.mark.parametrize(
    ("locale", "text", "option_id"),
    [
        # "12月1日" at the list was not understood: it is the option dated the 1st.
        ("zh-CN", "12月1日", "opt_2"),
        ("zh-CN", "取消12月3日的班", "opt_3"),
        ("ja-JP", "12月4日", "opt_2"),
        ("ja-JP", "12月5日のシフト", "opt_3"),
        ("zh-CN", "2", "opt_2"),
    ],
)
def test_a_japanese_or_chinese_date_picks_the_option_on_that_date(
    locale: str, text: str, option_id: str
) -> None:
    assert _select(text, CJK_DATED[locale[:2]], locale).option_id == option_id


@pytest.mark.parametrize(
    ("locale", "text", "option_id"),
    [
        ("nl-NL", "nee wacht, woensdag", "opt_3"),
        ("it-IT", "no aspetta, mercoledì", "opt_3"),
        ("pl-PL", "nie czekaj, w środę", "opt_3"),
        ("pt-BR", "espera, a de quarta", "opt_3"),
    ],
)
def test_a_wait_before_a_choice_corrects_it(locale: str, text: str, option_id: str) -> None:
    assert _select(text, DATED[locale[:2]], locale).option_id == option_id


@pytest.mark.parametrize(("locale", "text"), [("nl-NL", "wacht"), ("it-IT", "aspetta, forse")])
def test_a_wait_alone_still_hesitates(locale: str, text: str) -> None:
    assert _select(text, DATED[locale[:2]], locale).intent is UNKNOWN


def test_a_day_of_the_month_no_option_is_on_is_not_guessed() -> None:
    assert _select("quello del 9", DATED["it"], "it-IT").intent is UNKNOWN


def test_a_portuguese_day_ordinal_counts_when_no_option_is_on_that_day() -> None:
    """"a quinta" is the fifth when none of the options is on a Thursday."""
    no_thursday = _dated("sáb., 28 de nov.", "seg., 30 de nov.", "ter., 1 de dez.",
                         "qua., 2 de dez.", "sáb., 5 de dez.")
    assert _select("a quinta", no_thursday, "pt-BR").option_id == "opt_5"


@pytest.mark.parametrize("text", ["one or two", "uno o dos", "1 to 2", "ok, not the first"])
def test_two_positions_in_one_reply_are_not_guessed(text: str) -> None:
    assert _select(text).intent is UNKNOWN


@pytest.mark.parametrize(
    ("text", "option_id"),
    [
        ("Bob Smith", "opt_1"),
        ("bob jones", "opt_2"),
        ("alice", "opt_3"),
        ("martin please", "opt_3"),
        ("the stock one", "opt_2"),
        ("Alice Martin (Sales)", "opt_3"),
        ("opt_2", "opt_2"),
    ],
)
def test_a_name_in_the_label_selects_the_person(text: str, option_id: str) -> None:
    reply = _select(text, PEOPLE, question=QuestionId.SELECT_EMPLOYEE)
    assert (reply.intent, reply.option_id) == (SELECT, option_id), reply.reasoning


@pytest.mark.parametrize("text", ["bob", "the sales one", "carol"])
def test_a_name_that_fits_several_or_no_people_is_not_guessed(text: str) -> None:
    assert _select(text, PEOPLE, question=QuestionId.SELECT_EMPLOYEE).intent is UNKNOWN


@pytest.mark.parametrize(
    ("text", "option_id"),
    [("ボブ・スミス", "opt_1"), ("ジョーンズさん", "opt_2"), ("アリスさんで", "opt_3"),
     ("ｽﾐｽ", "opt_1")],
)
def test_a_name_in_the_label_written_in_kana_selects_the_person(text: str, option_id: str) -> None:
    reply = _select(text, PEOPLE, locale="ja-JP", question=QuestionId.SELECT_EMPLOYEE)
    assert (reply.intent, reply.option_id) == (SELECT, option_id), reply.reasoning


@pytest.mark.parametrize("text", ["ボブ", "ボブさん", "ジョブ", "シフト"])
def test_kana_that_fits_several_or_no_people_is_not_guessed(text: str) -> None:
    reply = _select(text, PEOPLE, locale="ja-JP", question=QuestionId.SELECT_EMPLOYEE)
    assert reply.intent is UNKNOWN


@pytest.mark.parametrize(
    "text",
    [
        "4", "0", "the fifth one", "le quatrième", "第五个", "option 7", "10am", "9:30", "21:00",
        "9",  # a bare 9 is an option number, and there is no ninth option
        "1 or 2", "the first and the second", "both", "any", "whichever", "the other one",
        "tomorrow", "morgen", "maybe the first", "what?", "which one is shorter?", "hmm", "asdf",
        "", " ", "...", "yes",  # a plain yes at a question with three options
    ],
)
def test_out_of_range_conflicting_or_vague_replies_are_unknown(text: str) -> None:
    reply = _select(text)
    assert reply.intent is UNKNOWN
    assert reply.option_id is None
    assert reply.confidence == 0.0


@pytest.mark.parametrize(
    ("text", "option_id"),
    [
        ("no, the second one", "opt_2"),
        ("yes, the second", "opt_2"),
        ("non, le premier", "opt_1"),
        ("いいえ、2番目", "opt_2"),
        ("the morning one, not the evening", "opt_1"),
    ],
)
def test_a_reply_that_picks_and_says_yes_or_no_is_a_selection(text: str, option_id: str) -> None:
    reply = _select(text)
    assert (reply.intent, reply.option_id) == (SELECT, option_id), reply.reasoning


def test_not_the_first_one_of_three_is_not_guessed() -> None:
    assert _select("not the first one").intent is UNKNOWN


@pytest.mark.parametrize(("text", "intent"), [("yes", SELECT), ("oui", SELECT), ("1", SELECT),
                                              ("no", REJECT), ("2", UNKNOWN)])


def test_a_single_option_is_chosen_by_a_plain_yes(text: str, intent: ReplyIntent) -> None:
    reply = _select(text, ONE_SHIFT)
    assert reply.intent is intent
    assert reply.option_id == ("opt_1" if intent is SELECT else None)


@pytest.mark.parametrize("text", ["none of them", "cancel", "aucun", "ninguno", "都不要"])
def test_declining_every_option_rejects(text: str) -> None:
    assert _select(text).intent is REJECT


@pytest.mark.parametrize(
    ("text", "locale"),
    [
        ("yes", "en-US"), ("Yes!", "en-US"), ("OK.", None), ("sounds good", "en-US"),
        ("go ahead", "en-US"), ("👍", None), ("👍🏽", None), ("no problem", "en-US"),
        ("oui", "fr-FR"), ("d'accord", "fr-FR"), ("sí", "es-ES"), ("si", None), ("vale", "es-ES"),
        ("ja", "de-DE"), ("passt", "de-DE"), ("va bene", "it-IT"), ("sim", "pt-BR"),
        ("oké", "nl-NL"), ("okej", "sv-SE"), ("greit", "nb-NO"), ("fint", "da-DK"),
        ("да", "ru-RU"), ("evet", "tr-TR"), ("はい", "ja-JP"), ("好的", "zh-CN"),
        ("نعم", "ar-SA"), ("حسناً", "ar-SA"), ("YESSS", None), ("はい、お願いします", "ja-JP"),
        ("да, конечно", None), ("kein Problem", "de-DE"), ("没问题", None),
        # Polish "no jasne" (of course) read as a no; "spoko", "tuurlijk", "venga" unknown.
        ("no jasne", "pl-PL"), ("no pewnie", "pl-PL"), ("spoko", "pl-PL"),
        ("tuurlijk", "nl-NL"), ("venga", "es-ES"), ("joa", "de-DE"),
    ],
)
def test_affirmatives_confirm(text: str, locale: str | None) -> None:
    reply = interpret_reply(text, QuestionId.CONFIRM_PREVIEW, [], locale)
    assert reply.intent is CONFIRM, reply.reasoning
    assert reply.option_id is None


@pytest.mark.parametrize(
    ("text", "locale"),
    [
        ("no", "en-US"), ("nope", None), ("no thanks", "en-US"), ("never mind", "en-US"),
        ("not now", "en-US"), ("don't", "en-US"), ("👎", None), ("cancel", "en-US"),
        ("non", "fr-FR"), ("pas d'accord", "fr-FR"), ("no está bien", "es-ES"),
        ("nein", "de-DE"), ("nicht gut", "de-DE"), ("non va bene", "it-IT"), ("não", "pt-BR"),
        ("nao", None), ("nee", "nl-NL"), ("nej", "sv-SE"), ("nei", "nb-NO"), ("нет", "ru-RU"),
        ("не хорошо", "ru-RU"), ("hayır", "tr-TR"), ("tamam değil", "tr-TR"), ("いいえ", "ja-JP"),
        ("不要", "zh-CN"), ("不好", "zh-CN"), ("لا", "ar-SA"), ("no, that's fine", "en-US"),
        ("das stimmt nicht", "de-DE"), ("det passer ikke", "da-DK"), ("dat klopt niet", "nl-NL"),
        ("claro que no", "es-ES"), ("I changed my mind", "en-US"),
        ("lass mal", "de-DE"), ("lass mal lieber", "de-DE"),
        # A change of mind as people type it: these asked again "Reply yes or no".
        ("scratch that", "en-US"), ("nieważne", "pl-PL"), ("deixa quieto", "pt-BR"),
        ("やっぱりいいです", "ja-JP"),
    ],
)
def test_negatives_reject(text: str, locale: str | None) -> None:
    reply = interpret_reply(text, QuestionId.CONFIRM_PREVIEW, [], locale)
    assert reply.intent is REJECT, reply.reasoning


@pytest.mark.parametrize(
    ("text", "locale"),
    [
        ("yes, at 4 instead", "en"), ("yes friday", "en"), ("ok, 3pm", "en"),
        ("yes in the morning", "en"), ("oui, ce matin", "fr"), ("oui jeudi", "fr"),
        ("ja, um 10", "de"), ("ja freitag", "de"), ("sí, mañana", "es"),
        ("sí, envíalo mañana", "es"), ("sí, el segundo", "es"),
    ],
)
@pytest.mark.parametrize(
    "question", [QuestionId.CONFIRM_BOOKING, QuestionId.CONFIRM_SEND, QuestionId.CONFIRM_PREVIEW]
)
def test_a_yes_with_a_time_or_a_choice_is_not_a_plain_yes(
    text: str, locale: str, question: QuestionId
) -> None:
    assert interpret_reply(text, question, [], locale).intent is UNKNOWN


@pytest.mark.parametrize(
    ("text", "locale"),
    [
        ("no wait, cancel", "en-US"), ("wait no", "en-US"), ("no aspetta, annulla", "it-IT"),
        ("non attends, annule", "fr-FR"), ("attends, non", "fr-FR"),
        ("no espera, cancela", "es-ES"), ("nein warte, abbrechen", "de-DE"),
        ("não espera, cancela", "pt-BR"),
    ],
)
@pytest.mark.parametrize("question", [QuestionId.CONFIRM_PREVIEW, QuestionId.CONFIRM_BOOKING])
def test_a_wait_closed_by_a_refusal_is_a_no(text: str, locale: str, question: QuestionId) -> None:
    """The finding: "no aspetta, annulla" at a swap's preview was "I didn't understand"."""
    assert interpret_reply(text, question, [], locale).intent is ReplyIntent.REJECT


@pytest.mark.parametrize(
    ("text", "locale"),
    [("no wait", "en-US"), ("attends", "fr-FR"), ("warte", "de-DE"), ("wait, yes", "en-US"),
     ("aspetta, sì no", "it-IT")],
)
def test_a_wait_said_last_or_with_a_yes_stays_a_hesitation(text: str, locale: str) -> None:
    assert interpret_reply(text, QuestionId.CONFIRM_PREVIEW, [], locale).intent is UNKNOWN


@pytest.mark.parametrize(
    "text",
    [
        "maybe", "later", "what do you mean", "what?", "not sure", "peut-être", "vielleicht",
        "quizás", "может быть", "たぶん", "也许", "ربما", "yes and no", "yes but tomorrow",
        "ok?", "2", "morning", "thanks", "asdf", "",
    ],
)
def test_hedges_questions_and_noise_at_a_yes_no_question_are_unknown(text: str) -> None:
    assert interpret_reply(text, QuestionId.CONFIRM_PREVIEW, []).intent is UNKNOWN


@pytest.mark.parametrize(
    ("text", "locale"),
    [
        ("da igual", "es-ES"), ("me da igual", "es-ES"), ("como quieras", "es-ES"),
        ("peu importe", "fr-FR"), ("si tu veux", "fr-FR"), ("comme vous voulez", "fr-FR"),
        ("ist mir egal", "de-DE"), ("meinetwegen", "de-DE"), ("wurscht", "de-DE"),
        ("fa lo stesso", "it-IT"), ("come vuoi", "it-IT"), ("vabbè", "it-IT"),
    ],
)
@pytest.mark.parametrize("question", [QuestionId.CONFIRM_PREVIEW, QuestionId.CONFIRM_SEND])
def test_indifference_confirms_nothing(text: str, locale: str, question: QuestionId) -> None:
    """'Da igual' (whatever) at 'shall I apply this change?' took Chen off her shift: the
    Russian 'da' in it read as a yes."""
    assert interpret_reply(text, question, [], locale).intent is UNKNOWN


@pytest.mark.parametrize(
    ("text", "locale"),
    [
        ("oui si Chen est d'accord", "fr-FR"), ("ok si tu le dis", "fr-FR"),
        ("si quieres", "es-ES"), ("sí, si Chen está de acuerdo", "es-ES"),
        ("sí si quieres", "es-ES"), ("yes, if you want", "en-US"), ("ok if you want", "en-US"),
        ("ok if it's before 5", "en-US"), ("yes unless Chen objects", "en-US"),
        ("ja, falls Chen zustimmt", "de-DE"), ("はい、もしチェンさんがよければ", "ja-JP"),
        ("いいよ、チェンさんが良ければ", "ja-JP"), ("はい、チェンさんがOKだったら", "ja-JP"),
    ],
)
@pytest.mark.parametrize("question", [QuestionId.CONFIRM_PREVIEW, QuestionId.CONFIRM_SEND])
def test_a_yes_with_a_condition_confirms_nothing(
    text: str, locale: str, question: QuestionId
) -> None:
    """"oui si Chen est d'accord" (yes if Chen agrees) and "si quieres" (if you want) at
    "shall I apply this change?" took people off their shifts: "si" is also if."""
    assert interpret_reply(text, question, [], locale).intent is UNKNOWN


@pytest.mark.parametrize(
    "text",
    ["はい、それならお願いします", "それならOKです", "はい、それでしたらお願いします",
     "はい、でしたらお願いします", "うん、それなら大丈夫", "だったらお願いします"],
)
def test_a_japanese_yes_in_that_case_confirms(text: str) -> None:
    """"それなら" (in that case) takes what ERA said as its condition: a yes. Since
    "なら" and "たら" made a yes conditional, "はい、それならお願いします" was asked again."""
    assert interpret_reply(text, QuestionId.CONFIRM_PREVIEW, [], "ja-JP").intent is CONFIRM


@pytest.mark.parametrize(
    ("text", "locale"),
    [
        ("si", "es-ES"), ("si si", "es-ES"), ("sí, sí", "es-ES"), ("si claro", "es-ES"),
        ("si, vale", "es-ES"), ("si porfa", "es-ES"), ("sí, hazlo", "es-ES"), ("si", "fr-FR"),
        ("vale, sí", "es-ES"), ("vale si", "es-ES"), ("ok, sí", "es-ES"), ("bueno sí", "es-ES"),
        ("sí, cámbialo", "es-ES"), ("si, aplícalo", "es-ES"), ("sí aplícalo", "es-ES"),
        ("si si", "fr-FR"), ("oui d'accord", "fr-FR"), ("va bene, sì", "it-IT"),
        ("はい、お願いします", "ja-JP"),
    ],
)
def test_a_plain_si_still_confirms(text: str, locale: str) -> None:
    """A "sí" after another yes ("vale, sí"), before a comma or typed with its accent is the
    yes: "vale, sí" and "sí, cámbialo" were asked again as if they were conditions."""
    assert interpret_reply(text, QuestionId.CONFIRM_PREVIEW, [], locale).intent is CONFIRM


@pytest.mark.parametrize(
    ("text", "locale"),
    [
        ("no yes", "en-US"), ("no, yes", "en-US"), ("no 👍", "en-US"), ("non oui", "fr-FR"),
        ("nein ja", "de-DE"), ("no sí", "es-ES"), ("いいえ はい", "ja-JP"), ("não sim", "pt-BR"),
    ],
)
def test_a_no_then_a_yes_is_unclear_not_a_no(text: str, locale: str) -> None:
    assert interpret_reply(text, QuestionId.CONFIRM_PREVIEW, [], locale).intent is UNKNOWN


@pytest.mark.parametrize(
    ("text", "locale"),
    [
        ("all of them", "en-US"), ("each of them", "en-US"), ("both of them", "en-US"),
        ("toutes", "fr-FR"), ("tous les deux", "fr-FR"), ("beides", "de-DE"),
        ("die beiden", "de-DE"), ("los dos", "es-ES"), ("todas", "es-ES"), ("ambas", "es-ES"),
        ("os dois", "pt-BR"), ("全部", "ja-JP"), ("両方", "ja-JP"), ("どちらも", "ja-JP"),
        # "两个都取消" (cancel both) chose the second shift; "都取消" said no.
        ("两个都取消", "zh-CN"), ("两个都", "zh-CN"), ("都取消", "zh-CN"), ("全部取消", "zh-CN"),
        ("obie", "pl-PL"), ("wszystkie", "pl-PL"),
    ],
)
def test_every_option_at_once_selects_none(text: str, locale: str) -> None:
    # "los dos" is both shifts, never the second one.
    reply = _select(text, locale=locale)
    assert reply.intent is UNKNOWN and reply.option_id is None


@pytest.mark.parametrize(
    ("text", "question", "intent"),
    [
        ("yes cancel it", QuestionId.CONFIRM_CANCEL, CONFIRM),
        ("cancel it", QuestionId.CONFIRM_CANCEL, CONFIRM),
        ("oui, annule", QuestionId.CONFIRM_CANCEL, CONFIRM),
        ("はい、キャンセルして", QuestionId.CONFIRM_CANCEL, CONFIRM),
        ("don't cancel", QuestionId.CONFIRM_CANCEL, REJECT),
        ("no, keep it", QuestionId.CONFIRM_CANCEL, REJECT),
        ("不要取消", QuestionId.CONFIRM_CANCEL, REJECT),
        ("cancel it", QuestionId.CONFIRM_PREVIEW, REJECT),
        ("send it", QuestionId.CONFIRM_SEND, CONFIRM),
        ("envoie-le", QuestionId.CONFIRM_SEND, CONFIRM),
        # German's separable "abschicken": "schick sie ab" was read as an edit instruction.
        ("schick sie ab", QuestionId.CONFIRM_SEND, CONFIRM),
        ("schick es ab", QuestionId.CONFIRM_SEND, CONFIRM),
        ("ja, schick sie los", QuestionId.CONFIRM_SEND, CONFIRM),
        ("schicken Sie sie ab", QuestionId.CONFIRM_SEND, CONFIRM),
        ("schick es nicht ab", QuestionId.CONFIRM_SEND, REJECT),
        ("don't send", QuestionId.CONFIRM_SEND, REJECT),
        ("cancel", QuestionId.CONFIRM_SEND, REJECT),
        ("send it", QuestionId.CONFIRM_PREVIEW, UNKNOWN),
        ("book it", QuestionId.CONFIRM_BOOKING, CONFIRM),
        ("cancel", "confirm_cancel_meeting", CONFIRM),
        ("yes, tell her", QuestionId.CONFIRM_LATE, CONFIRM),
        ("oui, prévenez-la", QuestionId.CONFIRM_LATE, CONFIRM),
        ("はい、伝えてください", QuestionId.CONFIRM_LATE, CONFIRM),
        ("no, don't tell her", QuestionId.CONFIRM_LATE, REJECT),
        ("yes, tell her", QuestionId.CONFIRM_PREVIEW, UNKNOWN),
        ("odwołaj ją", QuestionId.CONFIRM_CANCEL, CONFIRM),
        ("zostaw ją", QuestionId.CONFIRM_CANCEL, REJECT),
        ("wyślij", QuestionId.CONFIRM_SEND, CONFIRM),
        ("nie wysyłaj", QuestionId.CONFIRM_SEND, REJECT),
        ("umów", QuestionId.CONFIRM_BOOKING, CONFIRM),
        ("powiadom ją", QuestionId.CONFIRM_LATE, CONFIRM),
        ("daj jej znać", QuestionId.CONFIRM_LATE, CONFIRM),
    ],
)
def test_the_question_decides_what_an_action_word_means(
    text: str, question: str, intent: ReplyIntent
) -> None:
    assert interpret_reply(text, question, []).intent is intent


@pytest.mark.parametrize(
    ("text", "locale", "intent"),
    [
        ("ne", "de-DE", REJECT),
        ("ne", "cs-CZ", REJECT),
        ("ne", "tr-TR", UNKNOWN),  # Turkish "what"
        ("tak", "pl-PL", CONFIRM),
        ("tak", "da-DK", UNKNOWN),  # Danish "thanks"
        ("tak", None, CONFIRM),
        ("prima", "nl-NL", CONFIRM),
    ],
)
def test_the_locale_breaks_ties_between_languages(
    text: str, locale: str | None, intent: ReplyIntent
) -> None:
    assert interpret_reply(text, QuestionId.CONFIRM_PREVIEW, [], locale).intent is intent


@pytest.mark.parametrize(
    ("text", "locale", "intent", "option_id"),
    [
        ("morgen", "nb-NO", SELECT, "opt_1"),  # Norwegian "morning"
        ("morgen", "de-DE", UNKNOWN, None),  # German "tomorrow"
        ("to", "nb-NO", SELECT, "opt_2"),  # Norwegian "two"
        ("la prima", "it-IT", SELECT, "opt_1"),
    ],
)
def test_the_locale_decides_what_a_shared_word_selects(
    text: str, locale: str, intent: ReplyIntent, option_id: str | None
) -> None:
    reply = _select(text, locale=locale)
    assert (reply.intent, reply.option_id) == (intent, option_id)


@pytest.mark.parametrize("locale", [None, "", "en-US", "xx-YY", "ja", "zh-Hant-TW", "nb_NO"])
def test_any_locale_or_none_still_reads_the_reply(locale: str | None) -> None:
    assert interpret_reply("oui", QuestionId.CONFIRM_PREVIEW, [], locale).intent is CONFIRM
    assert _select("2", locale=locale).option_id == "opt_2"


def test_a_very_long_message_is_not_read_as_a_short_reply() -> None:
    assert interpret_reply("yes " * 100, QuestionId.CONFIRM_PREVIEW, []).intent is UNKNOWN


def test_a_time_of_day_comes_from_the_label_when_the_option_has_no_times() -> None:
    options = (ChoiceOption("a", 0, "Morning shift"), ChoiceOption("b", 1, "Night shift"))
    assert _select("le matin", options).option_id == "a"
    assert _select("夜", options).option_id == "b"


def test_options_given_in_any_order_are_read_by_their_index() -> None:
    assert _select("first", tuple(reversed(THREE_SHIFTS))).option_id == "opt_1"


def test_a_label_shared_by_two_options_names_neither() -> None:
    options = (ChoiceOption("a", 0, "Morning"), ChoiceOption("b", 1, "Morning"))
    assert _select("Morning", options).intent is UNKNOWN


def test_confidence_is_lower_when_a_word_is_not_understood() -> None:
    clear = _select("the second one")
    with_unknown_word = _select("the second one obviously")
    assert with_unknown_word.option_id == clear.option_id == "opt_2"
    assert with_unknown_word.confidence < clear.confidence


@pytest.mark.parametrize(
    ("question", "options", "accepted"),
    [
        (QuestionId.CONFIRM_PREVIEW, (), AcceptedReplies("reply.accepted.yes_no")),
        (QuestionId.CONFIRM_CANCEL, (), AcceptedReplies("reply.accepted.yes_no")),
        (QuestionId.SELECT_SHIFT, THREE_SHIFTS, AcceptedReplies(
            "reply.accepted.number_or_time", {"first": 1, "last": 3, "hour": 9, "minute": 0})),
        (QuestionId.SELECT_SHIFT, TWO_MORNINGS, AcceptedReplies(
            "reply.accepted.number_or_time", {"first": 1, "last": 3, "hour": 7, "minute": 0})),
        # Two options read "1 or 2", not "a number from 1 to 2".
        (QuestionId.SELECT_SHIFT, TWO_MORNINGS[1:], AcceptedReplies(
            "reply.accepted.two_or_time", {"first": 2, "last": 3, "hour": 10, "minute": 0})),
        (QuestionId.SELECT_EMPLOYEE, PEOPLE,
         AcceptedReplies("reply.accepted.number_or_name", {"first": 1, "last": 3})),
        (QuestionId.SELECT_EMPLOYEE, PEOPLE[:2],
         AcceptedReplies("reply.accepted.two_or_name", {"first": 1, "last": 2})),
        (QuestionId.SELECT_SHIFT, ONE_SHIFT, AcceptedReplies("reply.accepted.choose_one")),
    ],
)
def test_describe_accepted_says_what_a_reply_may_be(
    question: str, options: tuple[ChoiceOption, ...], accepted: AcceptedReplies
) -> None:
    assert describe_accepted(question, options) == accepted


def test_the_example_time_is_the_first_timed_option() -> None:
    options = (
        ChoiceOption("a", 0, "A", start="15:30"), ChoiceOption("b", 1, "B", start="16:00"),
    )
    assert describe_accepted(QuestionId.SELECT_SLOT, options).params == {
        "first": 1, "last": 2, "hour": 15, "minute": 30}


def test_interpreted_reply_keeps_its_fields_consistent() -> None:
    with pytest.raises(ValueError):
        InterpretedReply(ReplyIntent.SELECT, 0.9, None, "select without an option")
    with pytest.raises(ValueError):
        InterpretedReply(ReplyIntent.CONFIRM, 0.9, "opt_1", "confirm with an option")
    with pytest.raises(ValueError):
        InterpretedReply(ReplyIntent.UNKNOWN, 1.5, None, "confidence above 1")



def test_numbers_are_the_ones_shown_and_ordinals_count_positions() -> None:
    shown_1_and_3 = (THREE_SHIFTS[0], THREE_SHIFTS[2])  # indices 0 and 2: shown as 1. and 3.
    assert _select("3", shown_1_and_3).option_id == "opt_3"
    assert _select("2", shown_1_and_3).intent is UNKNOWN
    assert _select("the second", shown_1_and_3).option_id == "opt_3"
    accepted = describe_accepted(QuestionId.SELECT_SHIFT, shown_1_and_3)
    assert (accepted.params["first"], accepted.params["last"]) == (1, 3)


def test_a_card_submit_without_text_is_unknown() -> None:
    assert interpret_reply(None, QuestionId.CONFIRM_PREVIEW, []).intent is UNKNOWN  # type: ignore[arg-type]


SLOTS = (
    ChoiceOption("opt_1", 0, "Tuesday 10:00-10:30", start="10:00", end="10:30"),
    ChoiceOption("opt_2", 1, "Tuesday 14:30-15:00", start="14:30", end="15:00"),
    ChoiceOption("opt_3", 2, "Wed 09:00-09:30", start="09:00", end="09:30"),
)
@pytest.mark.parametrize(
    ("text", "intent", "option_id"),
    [
        ("wednesday", SELECT, "opt_3"),
        ("mercredi", SELECT, "opt_3"),
        ("в среду", SELECT, "opt_3"),
        ("水曜日", SELECT, "opt_3"),
        ("martes por la tarde", SELECT, "opt_2"),
        ("Dienstag um 10", SELECT, "opt_1"),
        ("tuesday", UNKNOWN, None),
        ("friday", UNKNOWN, None),
    ],
)
def test_a_day_named_in_any_language_matches_the_day_in_the_label(
    text: str, intent: ReplyIntent, option_id: str | None
) -> None:
    reply = _select(text, SLOTS, question=QuestionId.SELECT_SLOT)
    assert (reply.intent, reply.option_id) == (intent, option_id), reply.reasoning


@pytest.mark.parametrize(
    ("text", "locale"),
    [
        ("don't cancel 1", "en-US"),
        ("never 3", "en-US"),
        ("not the first one", "en-US"),
        ("no 2", "en-US"),
        ("pas le 2", "fr-FR"),
        ("nicht die erste", "de-DE"),
        ("no el 1", "es-ES"),
        ("hmm 2?", "en-US"),
        ("2?", "en-US"),
        ("-1", None),
        ("0", None),
    ],
)
def test_a_negated_hedged_questioning_or_impossible_choice_selects_nothing(
    text: str, locale: str | None
) -> None:
    for options in (THREE_SHIFTS, THREE_SHIFTS[:2]):
        reply = _select(text, options, locale)
        assert reply.intent is UNKNOWN, (text, len(options), reply.reasoning)


@pytest.mark.parametrize(
    ("text", "locale", "option_id"),
    [
        ("no, 2", "en-US", "opt_2"),
        ("nein, die zweite", "de-DE", "opt_2"),
        ("non plutôt le soir", "fr-FR", "opt_3"),
        ("cancel 2", "en-US", "opt_2"),
        ("the morning one, not the evening", "en-US", "opt_1"),
        ("no wait, the evening", "en-US", "opt_3"),
        ("oh wait 2", "en-US", "opt_2"),
    ],
)
def test_a_correction_or_the_flows_own_verb_still_chooses(
    text: str, locale: str, option_id: str
) -> None:
    reply = _select(text, THREE_SHIFTS, locale)
    assert (reply.intent, reply.option_id) == (SELECT, option_id), reply.reasoning


@pytest.mark.parametrize(("text", "locale"), [("morning", "en-US"), ("matin", "fr-FR"),
                                              ("le matin", "fr-FR"), ("mañana", "es-ES")])


def test_a_reply_matching_several_options_narrows_to_them(text: str, locale: str) -> None:
    reply = _select(text, TWO_MORNINGS, locale)
    assert reply.intent is UNKNOWN
    assert reply.narrowed_to == ("opt_1", "opt_2")


def test_a_reply_matching_every_option_or_ruling_some_out_does_not_narrow() -> None:
    assert _select("tuesday", SLOTS[:2], question=QuestionId.SELECT_SLOT).narrowed_to == ()
    assert _select("not the first one", THREE_SHIFTS).narrowed_to == ()
    assert _select("1 or 2", THREE_SHIFTS).narrowed_to == ()


@pytest.mark.parametrize(("text", "locale"), [
    ("good morning", "en-US"), ("good evening", "en-US"), ("good night", "en-US"),
    ("have a good day", "en-US"), ("下午好", "zh-CN"), ("晚上好", "zh-CN"),
])
def test_a_greeting_is_no_yes(text: str, locale: str) -> None:
    # "good morning" at "Send it?" holds "good", and "下午好" holds "好": neither agrees.
    reply = interpret_reply(text, str(QuestionId.CONFIRM_ACTION), (), locale)
    assert reply.intent is ReplyIntent.UNKNOWN


@pytest.mark.parametrize(("text", "locale"), [
    ("good", "en-US"), ("good morning, yes", "en-US"), ("好的", "zh-CN"),
])
def test_a_yes_beside_a_greeting_is_still_a_yes(text: str, locale: str) -> None:
    reply = interpret_reply(text, str(QuestionId.CONFIRM_ACTION), (), locale)
    assert reply.intent is ReplyIntent.CONFIRM


# Free times on several days, each at 09:00: the earliest is the first day's, the latest the
# last day's (their clock times alone would tie).
SLOTS_ON_DAYS = tuple(
    ChoiceOption(option_id=f"opt_{i + 1}", index=i, label=label, start="09:00", end="09:30",
                 value=f"2026-11-{day}T09:00:00+00:00/2026-11-{day}T09:30:00+00:00")
    for i, (label, day) in enumerate((("Fri 27 Nov, 09:00-09:30", 27),
                                      ("Mon 30 Nov, 09:00-09:30", 30),
                                      ("Sat 28 Nov, 09:00-09:30", 28)))
)
@pytest.mark.parametrize(("text", "option_id"), [
    ("the earliest", "opt_1"), ("the latest", "opt_2"), ("le plus tôt", "opt_1"),
])
def test_the_earliest_of_times_on_several_days_is_the_first_moment(
    text: str, option_id: str
) -> None:
    reply = interpret_reply(text, str(QuestionId.SELECT_SLOT), SLOTS_ON_DAYS, "en-US")
    assert reply.option_id == option_id


@pytest.mark.parametrize("locale", ["en-US", "en-GB", None])
@pytest.mark.parametrize(
    "text", ["is this legal", "show me the email", "show", "legal", "top", "sale", "bra", "vale"]
)
def test_another_languages_yes_that_is_an_english_word_confirms_nothing_in_english(
    text: str, locale: str | None
) -> None:
    # A Slack message has no locale: the ordinary English word is not taken for a yes there.
    reply = interpret_reply(text, str(QuestionId.CONFIRM_SEND), (), locale)
    assert reply.intent is ReplyIntent.UNKNOWN


@pytest.mark.parametrize(("text", "locale"), [
    ("show", "pt-BR"), ("legal", "pt-BR"), ("vale", "es-ES"), ("bra", "sv-SE"), ("top", "nl-NL"),
])
def test_the_same_word_is_a_yes_in_its_own_language(text: str, locale: str) -> None:
    reply = interpret_reply(text, str(QuestionId.CONFIRM_SEND), (), locale)
    assert reply.intent is ReplyIntent.CONFIRM


@pytest.mark.parametrize("text", ["谈过一次了", "说过两次了", "跟他谈过好几次"])
def test_how_often_is_no_choice(text: str) -> None:
    """"谈过一次了" (I've talked to him once), answering the advisor while the list of times
    was open, chose the first time: "一次" is "once", not "one"."""
    reply = _select(text, locale="zh-CN")
    assert reply.intent is UNKNOWN and reply.option_id is None


JAPANESE_DATED = tuple(
    ChoiceOption(option_id=f"opt_{i + 1}", index=i, label=label, value=f"shift-{i + 1}")
    for i, label in enumerate((
        "11月30日(月) 朝 09:00-15:00（レジ）", "12月1日(火) 午後 15:00-20:00（レジ）",
        "12月5日(土) 午後 15:00-20:00（レジ）",
    ))
)


@pytest.mark.parametrize(("reply", "locale", "option_id"), [
    ("土曜日の", "ja-JP", "opt_3"),
    ("火曜日のシフト", "ja-JP", "opt_2"),
    # Switched to Chinese or English at a Japanese list.
    ("我是说周六的", "ja-JP", "opt_3"),
    ("周一的", "zh-CN", "opt_1"),
    ("the saturday one", "en-US", "opt_3"),
])
def test_a_weekday_picks_a_japanese_dated_label(reply: str, locale: str, option_id: str) -> None:
    """The finding: a Japanese list's labels write the weekday in brackets ("12月5日(土)"), which
    named no day, so "土曜日の" (and "周六的" after switching to Chinese) was not understood."""
    read = interpret_reply(reply, str(QuestionId.SELECT_SHIFT), JAPANESE_DATED, locale)
    assert (read.intent, read.option_id) == (ReplyIntent.SELECT, option_id)


@pytest.mark.parametrize(("text", "locale", "intent"), [
    ("klaro", "de-DE", CONFIRM), ("ovvio", "it-IT", CONFIRM), ("sisi", "it-IT", CONFIRM),
    ("de una", "es-ES", CONFIRM), ("ni de broma", "es-ES", REJECT),
    ("ni hablar", "es-ES", REJECT),
])
def test_yes_and_no_as_people_text_them(text: str, locale: str, intent: ReplyIntent) -> None:
    """Held-out round: these were not read (the question was asked again)."""
    assert interpret_reply(text, QuestionId.CONFIRM_CANCEL, (), locale).intent is intent


@pytest.mark.parametrize(("text", "locale", "option"), [
    ("quello delle 15", "it-IT", "opt_2"), ("il turno dalle 15", "it-IT", "opt_2"),
    ("o das 15", "pt-PT", "opt_2"), ("a das 8", "pt-BR", "opt_3"),
    ("ta o 15", "pl-PL", "opt_2"), ("zmiana o 20", "pl-PL", "opt_3"),
])
def test_a_shift_by_its_hour_after_a_word_for_at(text: str, locale: str, option: str) -> None:
    """'quello delle 15' and 'ta o 15' were not read; 'a das 3' (the one at 3) was the third
    option on the list."""
    reading = interpret_reply(text, QuestionId.SELECT_SHIFT, THREE_SHIFTS, locale)
    assert (reading.intent, reading.option_id) == (SELECT, option)


@pytest.mark.parametrize(("text", "locale", "option"), [
    ("1 o 2", "es-ES", None), ("1 o 2", "it-IT", None), ("1 o 2", "pl-PL", None),
    ("das 3", "de-DE", "opt_3"),  # "das" is an article in German: the third
])
def test_or_and_articles_elsewhere_are_no_hour(text: str, locale: str, option: str | None
                                               ) -> None:
    reading = interpret_reply(text, QuestionId.SELECT_SHIFT, THREE_SHIFTS, locale)
    assert reading.option_id == option


MEETINGS = (
    ChoiceOption("opt_1", 0, "Thu 3 Dec, 10:00-10:30: 1:1 check-in with Bob Smith", "ev_1",
                 start="10:00", end="10:30"),
    ChoiceOption("opt_2", 1, "Fri 4 Dec, 11:00-11:30: Rota review with Alice Martin", "ev_2",
                 start="11:00", end="11:30"),
)


@pytest.mark.parametrize("text", ["the budget review", "budget review pls", "the weekly review"])
def test_a_word_no_option_has_against_a_label_word_names_something_else(text: str) -> None:
    """"the budget review" picked the "Rota review" (they share "review"): it names a meeting
    none of the options is, so the question is asked again."""
    reply = _select(text, MEETINGS, question=QuestionId.SELECT_MEETING)
    assert reply.intent is UNKNOWN, reply


@pytest.mark.parametrize(("text", "option_id"), [
    ("the rota review", "opt_2"), ("the review", "opt_2"), ("the check-in", "opt_1"),
    ("alice's", "opt_2"), ("bob's one", "opt_1"), ("alice martn", "opt_2"),
    ("the rota review thingy", "opt_2"), ("celle avec alice", "opt_2"),
])
def test_a_label_word_alone_or_with_short_pieces_still_picks_its_option(
    text: str, option_id: str
) -> None:
    reply = _select(text, MEETINGS, question=QuestionId.SELECT_MEETING)
    assert reply.intent is SELECT and reply.option_id == option_id, reply


@pytest.mark.parametrize(("text", "option_id"), [
    ("celle avec alice", "opt_3"), ("eigentlich alice", "opt_3"), ("alice martn", "opt_3"),
])
def test_at_a_list_of_people_a_word_before_a_name_still_picks_them(
    text: str, option_id: str
) -> None:
    """Only meetings are told apart by words of their titles; "celle avec alice" picks Alice."""
    reply = _select(text, PEOPLE, question=QuestionId.SELECT_EMPLOYEE)
    assert reply.intent is SELECT and reply.option_id == option_id, reply


@pytest.mark.parametrize(("text", "locale"), [
    ("laisse-moi voir", "fr-FR"), ("laisse moi vérifier", "fr-FR"), ("zostaw mi chwilę", "pl-PL"),
    ("lass mal sehen", "de-DE"), ("leave it with me", "en-US"), ("lass es so", "de-DE"),
    ("laat het zo", "nl-NL"), ("leave it as it is", "en-US"),
])
def test_asking_for_time_or_to_keep_it_as_it_is_is_no_no(text: str, locale: str) -> None:
    """"laisse-moi voir" ("let me see") at "Shall I send it?" was a no ("laisse"), and the
    draft was thrown away; it asks for time, so the question stays open."""
    reply = interpret_reply(text, QuestionId.CONFIRM_SEND, [], locale)
    assert reply.intent is UNKNOWN, reply
