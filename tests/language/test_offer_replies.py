"""How a manager answers an action ERA offered after advice (the times of a call, the preview
of an email), as people type it in each language ERA speaks: turning it down, choosing the
other action instead, and the requests ERA tells them to type to get it back later."""

from __future__ import annotations

import pytest

from core.intent import Intent
from core.question_id import QuestionId
from core.reply_interpreter import ReplyIntent, interpret_reply
from language.catalogue import say
from language.follow_up import naming
from language.interrupts import InterruptKind
from language.understanding import understand

LANGUAGES = ("en", "fr", "es", "de", "it", "pt", "nl", "pl", "ja", "zh-Hans")


@pytest.mark.parametrize(("text", "locale"), [
    ("no thanks", "en-US"), ("later", "en-US"), ("I'll do it myself", "en-US"),
    ("don't book anything", "en-US"), ("not now", "en-US"),
    ("pas maintenant", "fr-FR"), ("plus tard", "fr-FR"), ("je m'en occupe moi-même", "fr-FR"),
    ("ahora no", "es-ES"), ("más tarde", "es-ES"), ("yo me encargo", "es-ES"),
    ("jetzt nicht", "de-DE"), ("später", "de-DE"), ("ich mache das selbst", "de-DE"),
    ("non ora", "it-IT"), ("più tardi", "it-IT"), ("ci penso io", "it-IT"),
    ("agora não", "pt-BR"), ("mais tarde", "pt-BR"), ("deixa comigo", "pt-BR"),
    ("nu niet", "nl-NL"), ("later", "nl-NL"), ("ik doe het zelf", "nl-NL"),
    # Learned for this: Polish, Japanese and Chinese "not now" and "later".
    ("nie teraz", "pl-PL"), ("później", "pl-PL"), ("może później", "pl-PL"),
    ("今はいいです", "ja-JP"), ("後で", "ja-JP"), ("あとでいいです", "ja-JP"),
    ("现在不用", "zh-CN"), ("以后再说", "zh-CN"), ("先不用", "zh-CN"),
])
def test_not_now_turns_an_offer_down_in_every_language(text: str, locale: str) -> None:
    assert understand(text, locale=locale).is_decline


@pytest.mark.parametrize(("text", "locale"), [
    # A time or a request that only mentions "later" is no refusal of the whole offer.
    ("później w tym tygodniu", "pl-PL"), ("後で電話して", "ja-JP"),
])
def test_a_later_time_is_not_a_refusal(text: str, locale: str) -> None:
    assert not understand(text, locale=locale).is_decline


@pytest.mark.parametrize(("text", "locale"), [
    # "later" (or "no thanks") inside a longer sentence is one of its words, not the reply.
    ("ik bel hem later vandaag wel, maar kun je een mail sturen?", "nl-NL"),
    ("I'll ring him maybe later, but can you email him now?", "en-US"),
    ("Alice said no thanks to the new rota", "en-US"),
    ("je l'appellerai plus tard, mais pouvez-vous lui envoyer un e-mail ?", "fr-FR"),
    ("lo llamo más tarde, pero ¿puedes enviarle un correo?", "es-ES"),
    ("ich rufe ihn später an, aber kannst du ihm eine E-Mail schicken?", "de-DE"),
    ("lo chiamo più tardi, ma puoi mandargli una email?", "it-IT"),
    ("ligo para ele mais tarde, mas pode enviar-lhe um email?", "pt-BR"),
    ("我以后再说吧，不过你能给他发封邮件吗？", "zh-CN"),
])
def test_a_decline_word_inside_a_sentence_is_no_refusal(text: str, locale: str) -> None:
    assert not understand(text, locale=locale).is_decline


@pytest.mark.parametrize(("text", "locale"), [
    ("ok, nu niet", "nl-NL"), ("hmm later", "nl-NL"), ("nah I'll call her myself", "en-US"),
    ("ok no thanks", "en-US"), ("bon, plus tard", "fr-FR"),
    ("nee dank je, ik bel hem zelf", "nl-NL"),
])
def test_a_decline_after_an_opening_word_is_still_one(text: str, locale: str) -> None:
    assert understand(text, locale=locale).is_decline


@pytest.mark.parametrize(("text", "locale", "intent"), [
    ("actually I'd rather email him first", "en-US", Intent.EMAIL),
    ("I'd rather call him", "en-US", Intent.CALL_EMPLOYEE),
    ("envoie-lui plutôt un email", "fr-FR", Intent.EMAIL),
    ("en fait je préfère lui écrire d'abord", "fr-FR", Intent.EMAIL),
    ("écris-lui plutôt", "fr-FR", Intent.EMAIL),
    ("appelle-le plutôt", "fr-FR", Intent.CALL_EMPLOYEE),
    ("en fait je préfère l'appeler", "fr-FR", Intent.CALL_EMPLOYEE),
    ("llámalo mejor", "es-ES", Intent.CALL_EMPLOYEE),
    ("mejor llámala", "es-ES", Intent.CALL_EMPLOYEE),
    ("chiamalo invece", "it-IT", Intent.CALL_EMPLOYEE),
    ("preferisco chiamarla", "it-IT", Intent.CALL_EMPLOYEE),
    ("ik mail hem liever eerst", "nl-NL", Intent.EMAIL),
])
def test_the_other_action_instead_is_a_request(text: str, locale: str, intent: Intent) -> None:
    """At the times of the call (or the email's preview) ERA offered, these switch actions:
    they were not understood at all before."""
    other = Intent.CALL_EMPLOYEE if intent is Intent.EMAIL else Intent.EMAIL
    question = QuestionId.SELECT_SLOT if other is Intent.CALL_EMPLOYEE else QuestionId.CONFIRM_SEND
    interrupt = understand(text, locale=locale).interrupt(active_flow=other,
                                                          question=str(question))
    assert interrupt is not None
    assert (interrupt.kind, interrupt.intent) == (InterruptKind.SWITCH, intent)


@pytest.mark.parametrize(("text", "locale", "intent"), [
    ("mándale un correo mejor", "es-ES", Intent.EMAIL),
    ("schreib ihm lieber eine E-Mail", "de-DE", Intent.EMAIL),
    ("mandagli una email invece", "it-IT", Intent.EMAIL),
    ("manda um email para ele em vez disso", "pt-BR", Intent.EMAIL),
    ("napisz do niego maila zamiast tego", "pl-PL", Intent.EMAIL),
    ("代わりに彼にメールして", "ja-JP", Intent.EMAIL),
    ("还是给他发邮件吧", "zh-CN", Intent.EMAIL),
])
def test_the_email_instead_is_already_a_request(text: str, locale: str, intent: Intent) -> None:
    """Guards: what these languages already understood stays a switch."""
    interrupt = understand(text, locale=locale).interrupt(
        active_flow=Intent.CALL_EMPLOYEE, question=str(QuestionId.SELECT_SLOT))
    assert interrupt is not None and interrupt.intent is intent


def test_i_will_do_it_myself_reads_as_a_yes_to_the_words_alone() -> None:
    """Why the flows check a refusal before a yes: "do it" alone is a yes."""
    assert interpret_reply("I'll do it myself", str(QuestionId.CONFIRM_BOOKING), (),
                           "en-US").intent is ReplyIntent.CONFIRM
    assert understand("I'll do it myself", locale="en-US").is_decline


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_way_back_that_era_gives_is_understood(language: str) -> None:
    """ "When you want it, say “book a call with Bob”": the quoted request, typed as given,
    starts that action in the same language."""
    for message, intents in (("call.offer_later", {Intent.CALL_EMPLOYEE, Intent.MEETING_BOOK}),
                             ("email.offer_later", {Intent.EMAIL})):
        text = say(message, language, first_name="Bob")
        quoted = _quoted(text)
        assert understand(quoted, locale=language).intent in intents, (language, quoted)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_way_out_of_the_times_that_era_gives_turns_the_offer_down(language: str) -> None:
    """ "If you'd rather not book it now, say “not now”": typed as given, it declines."""
    text = say("call.offer_times", language, first_name="Bob")
    assert understand(_quoted(text), locale=language).is_decline, language


def _quoted(text: str) -> str:
    for opening, closing in (("“", "”"), ("«", "»"), ("„", "“"), ("„", "”"), ("「", "」")):
        start = text.rfind(opening)
        if start >= 0:
            end = text.find(closing, start + 1)
            if end > start:
                return text[start + 1:end].strip()
    raise AssertionError(f"nothing quoted in {text!r}")


def test_a_pronoun_in_the_switch_names_the_person_the_offer_was_about() -> None:
    assert naming("llámalo mejor", "Bob Smith", "es") == "llama a Bob Smith mejor"
