"""Splitting "yes, and also call him" into the answer and the request after it, and naming the
person a pronoun stands for."""

from __future__ import annotations

import pytest

from core.intent import Intent
from core.reply_interpreter import ReplyIntent, interpret_reply
from language.follow_up import naming, split_follow_up, split_requests
from language.lexicon import load_lexicons
from language.time_from_now import lexicon_directory


def _split(text: str, locale: str = "en-US", referent: str = "Bob Smith"):
    def is_answer(part: str) -> bool:
        return interpret_reply(part, "confirm_unassign", (), locale).intent is not (
            ReplyIntent.UNKNOWN)

    return split_follow_up(text, locale, is_answer=is_answer, answered=Intent.SHIFT_UNASSIGN,
                           referent=referent)


@pytest.mark.parametrize(
    ("text", "locale", "answer", "asked", "intent"),
    [
        ("yes, and also call him", "en-US", "yes", "call Bob Smith", Intent.CALL_EMPLOYEE),
        ("yes please, then book a meeting with him", "en-US", "yes please",
         "book a meeting with Bob Smith", Intent.MEETING_BOOK),
        ("yes call him", "en-US", "yes", "call Bob Smith", Intent.CALL_EMPLOYEE),
        ("no, email him instead", "en-US", "no", "email Bob Smith instead", Intent.EMAIL),
        ("ok. what are my shifts next week?", "en-US", "ok", "what are my shifts next week?",
         Intent.MY_SHIFTS),
        ("yes, and who is working tomorrow?", "en-US", "yes", "who is working tomorrow?",
         Intent.STORE_SCHEDULE),
        ("oui, et appelle-le aussi", "fr-FR", "oui", "appelle Bob Smith aussi",
         Intent.CALL_EMPLOYEE),
        ("ja, und ruf ihn auch an", "de-DE", "ja", "ruf Bob Smith auch an",
         Intent.CALL_EMPLOYEE),
        ("sí, y envíale un correo a él", "es-ES", "sí", "envíale un correo a Bob Smith",
         Intent.EMAIL),
        ("sì, e chiama lui", "it-IT", "sì", "chiama Bob Smith", Intent.CALL_EMPLOYEE),
        ("no, chiamalo", "it-IT", "no", "chiama Bob Smith", Intent.CALL_EMPLOYEE),
        ("sí, y llámalo", "es-ES", "sí", "llama a Bob Smith", Intent.CALL_EMPLOYEE),
        ("nein, ruf sie lieber an", "de-DE", "nein", "ruf Bob Smith lieber an",
         Intent.CALL_EMPLOYEE),
        ("non, appelle-le plutôt", "fr-FR", "non", "appelle Bob Smith plutôt",
         Intent.CALL_EMPLOYEE),
        ("ja, en bel hem ook", "nl-NL", "ja", "bel Bob Smith ook", Intent.CALL_EMPLOYEE),
        ("好的，然后给他打电话", "zh-CN", "好的", "给Bob Smith打电话", Intent.CALL_EMPLOYEE),
        ("好的然后给他打电话", "zh-CN", "好的", "给Bob Smith打电话", Intent.CALL_EMPLOYEE),
        ("はい、それと彼に電話して", "ja-JP", "はい", "Bob Smithに電話して", Intent.CALL_EMPLOYEE),
    ],
)
def test_an_answer_and_a_request_are_told_apart(
    text: str, locale: str, answer: str, asked: str, intent: Intent
) -> None:
    split = _split(text, locale)
    assert split is not None
    assert (split.answer, split.request, split.intent) == (answer, asked, intent)


@pytest.mark.parametrize(
    "text",
    [
        "yes", "yes please", "2 and 3", "ok thanks",
        # Taken back, qualified, or the request refused: no request is kept.
        "yes but not that one, call him", "yes, and don't call him", "yes, but call him",
        # The answered flow's own request is the answer restated.
        "yes, unassign him", "ok, take Alice off her monday shift too",
        # Not an answer first.
        "maybe, call him", "call him",
        # The no holds its request back ("dont cancel 1" at "Do you want to cancel it?" was
        # taken for "dont" and a request to cancel shift 1).
        "dont cancel 1", "do not cancel it", "don't cancel the 2nd",
    ],
)
def test_no_request_is_split_off(text: str) -> None:
    assert _split(text) is None


def test_without_a_referent_the_pronoun_stays_for_the_flow_to_ask_about() -> None:
    split = _split("yes, and also call him", referent="")
    assert split is not None and split.request == "call him"


@pytest.mark.parametrize(
    ("said", "language", "named"),
    [
        ("call him tomorrow", "en", "call Alice Martin tomorrow"),
        ("email her", "en", "email Alice Martin"),
        ("appelle-la", "fr", "appelle Alice Martin"),
        ("schreib ihm eine E-Mail", "de", "schreib Alice Martin eine E-Mail"),
        ("réserve un appel avec elle", "fr", "réserve un appel avec Alice Martin"),
        ("buch einen Termin mit ihr", "de", "buch einen Termin mit Alice Martin"),
        ("reserva una llamada con ella", "es", "reserva una llamada con Alice Martin"),
        ("给她发邮件", "zh", "给Alice Martin发邮件"),
        ("其他人", "zh", None),
        ("call the team", "en", None),
    ],
)
def test_a_pronoun_is_replaced_by_the_name(said: str, language: str, named: str | None) -> None:
    assert naming(said, "Alice Martin", language) == named


@pytest.mark.parametrize(
    ("said", "language", "named"),
    [
        ("despues llamalo", "es", "despues llama a Alice Martin"),
        ("llamala mañana", "es", "llama a Alice Martin mañana"),
        ("mandale un correo", "es", "manda a Alice Martin un correo"),
        ("enviale un correo", "es", "envia a Alice Martin un correo"),
        ("escribele", "es", "escribe a Alice Martin"),
        ("mandagli una mail", "it", "manda a Alice Martin una mail"),
        ("inviale una mail", "it", "invia a Alice Martin una mail"),
    ],
)
def test_a_pronoun_on_a_verb_typed_without_its_accent_is_replaced_by_the_name(
    said: str, language: str, named: str
) -> None:
    """ "si, despues llamalo" asked who the call was with, where "llámalo" called him."""
    assert naming(said, "Alice Martin", language) == named


@pytest.mark.parametrize(
    ("text", "locale"),
    [
        # The manager still answering ERA's earlier question ("has he had a written warning?"):
        # what has not happened yet is no request for it.
        ("no written warning yet", "en-US"),
        ("no email yet", "en-US"),
        ("nope, no warning letter so far", "en-US"),
        ("non, pas encore d'avertissement écrit", "fr-FR"),
        ("no, todavía ninguna advertencia escrita", "es-ES"),
        ("nein, bisher keine Abmahnung", "de-DE"),
        ("no, ancora nessun richiamo scritto", "it-IT"),
        ("não, ainda nenhuma advertência escrita", "pt-BR"),
        ("nee, nog geen schriftelijke waarschuwing", "nl-NL"),
        ("nie, jeszcze bez pisemnego upomnienia", "pl-PL"),
        ("いいえ、まだ書面の警告は出していません", "ja-JP"),
        ("没有，还没有书面警告", "zh-CN"),
    ],
)
def test_what_has_not_happened_yet_is_no_request(text: str, locale: str) -> None:
    assert _split(text, locale) is None


@pytest.mark.parametrize(("text", "locale", "first", "said", "intent"), [
    ("email bob smith about the new rota and book a call with him", "en-US",
     "email bob smith about the new rota", "book a call with him", Intent.CALL_EMPLOYEE),
    ("book a call with alice and email her about the schedule change", "en-US",
     "book a call with alice", "email her about the schedule change", Intent.EMAIL),
    ("envoie un mail à bob smith sur le planning et appelle-le", "fr-FR",
     "envoie un mail à bob smith sur le planning", "appelle-le", Intent.CALL_EMPLOYEE),
    ("schreib bob smith eine mail wegen des dienstplans und ruf ihn an", "de-DE",
     "schreib bob smith eine mail wegen des dienstplans", "ruf ihn an", Intent.CALL_EMPLOYEE),
])
def test_two_requests_in_one_message_are_both_kept(
    text: str, locale: str, first: str, said: str, intent: Intent
) -> None:
    two = split_requests(text, locale)
    assert two is not None
    assert (two.first, two.said, two.intent) == (first, said, intent)


@pytest.mark.parametrize(("text", "locale", "said"), [
    ("email bob smith about the rota and give his saturday shift to chen", "en-US",
     "give his saturday shift to chen"),
    ("email alice martin about the rota and give her saturday shift to chen", "en-US",
     "give her saturday shift to chen"),
    ("envoie un mail à bob smith sur le planning et donne son service de samedi à chen",
     "fr-FR", "donne son service de samedi à chen"),
    ("escribe a bob smith sobre el horario y dale su turno del sábado a chen", "es-ES",
     "dale su turno del sábado a chen"),
    ("schreib bob smith eine mail wegen des dienstplans und gib seine Schicht am Samstag an "
     "Chen", "de-DE", "gib seine Schicht am Samstag an Chen"),
    ("envia um email ao bob sobre o horário e dá o turno de sábado dele à alice", "pt-PT",
     "dá o turno de sábado dele à alice"),
    ("manda una email a bob sull'orario e dai il suo turno di sabato ad alice", "it-IT",
     "dai il suo turno di sabato ad alice"),
    ("stuur een email naar bob over het rooster en geef zijn zaterdagdienst aan alice", "nl-NL",
     "geef zijn zaterdagdienst aan alice"),
    ("wyślij maila do boba o grafiku i daj jego sobotnią zmianę alicji", "pl-PL",
     "daj jego sobotnią zmianę alicji"),
])
def test_a_possessive_in_the_second_request_names_the_first_ones_person(
    text: str, locale: str, said: str
) -> None:
    # "his saturday shift" is the emailed person's shift given to Chen, not a new one for Chen.
    two = split_requests(text, locale)
    assert two is not None
    assert (two.said, two.intent) == (said, Intent.SHIFT_REASSIGN)
    assert two.request != said


@pytest.mark.parametrize("text", [
    "take bob off saturday and give it to chen",  # one reassignment
    "cancel fri and sat",  # one cancellation of two days
    "book a call with alice and chen",
    "email bob about the rota and the holidays",
    "bob has been late and rude this week",
    "email bob smith and don't call him",
])
def test_one_request_with_an_and_is_not_split(text: str) -> None:
    assert split_requests(text, "en-US") is None


@pytest.mark.parametrize(("text", "locale", "read"), [
    ("envia um email ao bob sobre o horário e dá o turno de sábado dele à alice", "pt-PT",
     "dá o turno de sábado de bob à alice"),
    ("stuur een email naar bob over het rooster en geef zijn zaterdagdienst aan alice", "nl-NL",
     "geef de zaterdagdienst van bob aan alice"),
    ("wyślij maila do boba o grafiku i zadzwoń do niego", "pl-PL", "zadzwoń do boba"),
])
def test_the_second_request_is_read_with_the_first_ones_person(
    text: str, locale: str, read: str
) -> None:
    two = split_requests(text, locale)
    assert two is not None
    assert two.request == read


@pytest.mark.parametrize(("text", "locale"), [
    # The Polish "i" ("and") inside an Italian topic: the email's topic is "i turni del
    # weekend", not a second request to show the weekend's schedule.
    ("scrivi un'email a Alice riguardo i turni del weekend", "it-IT"),
    ("scrivi un'email a Alice riguardo i turni di venerdì", "it-IT"),
    # The Italian/Portuguese "e" inside a French topic.
    ("envoie un mail à alice sur e planning de vendredi", "fr-FR"),
])
def test_another_languages_and_does_not_split_a_message(text: str, locale: str) -> None:
    assert split_requests(text, locale) is None


@pytest.mark.parametrize(("locale", "text", "join"), [
    ("en-US", "email Bob Smith about the rota and then book a call with him", "and then"),
    ("fr-FR", "écris un e-mail à Bob au sujet du planning et puis planifie un appel avec lui",
     "et puis"),
    ("es-ES", "manda un correo a Bob sobre los turnos y luego agenda una llamada con él",
     "y luego"),
    ("de-DE", "schreib Bob eine E-Mail wegen des Dienstplans und dann plane einen Anruf mit ihm",
     "und dann"),
    ("it-IT", "scrivi una email a Bob sui turni e poi fissa una chiamata con lui", "e poi"),
    ("pt-BR", "manda um e-mail ao Bob sobre a escala e depois marca uma ligação com ele",
     "e depois"),
    ("nl-NL", "stuur Bob een e-mail over het rooster en dan plan een gesprek met hem", "en dan"),
    ("pl-PL", "wyślij Bobowi e-mail w sprawie grafiku i potem umów rozmowę z nim", "i potem"),
    ("ja-JP", "Bobさんにシフトについてメールして、それからBobさんとの電話を予約して", "それから"),
    ("zh-CN", "给Bob发邮件说排班的事然后和Bob约个电话", "然后"),
])
def test_the_words_joining_two_requests_are_each_language_s_lexicon(
    locale: str, text: str, join: str
) -> None:
    """The joining words live in each language's interrupts.toml (`request_joins`), not in
    Python, and a message in that language is split at them."""
    language = lexicon_directory(locale)
    (lexicon,) = [lx for lx in load_lexicons() if lx.language == language]
    assert join in lexicon.interrupts.get("request_joins", ())
    two = split_requests(text, locale)
    assert two is not None
    assert text[len(two.first):].lstrip(" ,、").startswith(join)


@pytest.mark.parametrize(("locale", "contrast", "not_yet"), [
    ("en-US", "but", "yet"), ("fr-FR", "mais", "pas encore"), ("de-DE", "aber", "bisher"),
    ("es-ES", "pero", "a[uu]n"), ("it-IT", "ma", "ancora"), ("pt-BR", "mas", "ainda"),
    ("nl-NL", "maar", "tot nu toe"), ("pl-PL", "ale", "jeszcze"), ("ja-JP", "でも", "まだ"),
    ("zh-CN", "但是", "还没"),
])
def test_the_words_that_keep_an_answer_whole_are_each_language_s_lexicon(
    locale: str, contrast: str, not_yet: str
) -> None:
    """The words after an answer that qualify it ("yes but") or say what has not happened
    ("no warning yet") live in each language's interrupts.toml, not in Python."""
    language = lexicon_directory(locale)
    (lexicon,) = [lx for lx in load_lexicons() if lx.language == language]
    assert contrast in lexicon.interrupts.get("answer_contrasts", ())
    assert not_yet in lexicon.interrupts.get("not_yet", ())


@pytest.mark.parametrize(("text", "locale", "answer", "asked"), [
    # Typed without accents: the joining word is taken off the request as with them.
    ("oui, apres ca appelle-le", "fr-FR", "oui", "appelle Bob Smith"),
    ("si, despues llámalo", "es-ES", "si", "llama a Bob Smith"),
    ("sim, alem disso liga para ele", "pt-BR", "sim", "liga para Bob Smith"),
    ("tak, takze zadzwon do niego", "pl-PL", "tak", "zadzwon do Bob Smith"),
    ("ja, ausserdem ruf ihn an", "de-DE", "ja", "ruf Bob Smith an"),
    ("はい、そして彼に電話して", "ja-JP", "はい", "Bob Smithに電話して"),
    ("好的，另外给他打电话", "zh-CN", "好的", "给Bob Smith打电话"),
])
def test_the_joining_word_of_each_language_is_taken_off_the_request(
    text: str, locale: str, answer: str, asked: str
) -> None:
    """The joining words were an English-only literal list matched as typed: "apres ca",
    "despues" or "alem disso" without their accents stayed at the front of the request."""
    split = _split(text, locale)
    assert split is not None
    assert (split.answer, split.request) == (answer, asked)
