"""An action ERA offered after advice, which the manager did not ask for: the times of a call
with the employee, the preview of an email. Maria (a store manager) may turn it down, ask about
the advice, say more about the situation, or choose the other action; nothing is booked or
sent without its own yes, nothing she says is dropped, and a booking she asked for herself
keeps reading "no" as "none of these times"."""

from __future__ import annotations

from datetime import timedelta

import pytest

from core.time_window import TimeWindow
from language.catalogue import say
from tests.bot_harness import BotHarness, Reply, joined
from tests.conftest import FIXED_NOW

RUDE = "bob smith has been rude to customers twice this week"
RUDE_ANSWER = "yes I talked to him once last month"
LATE = "bob smith keeps coming in late, 5 times this month"
LATE_ANSWER = "yes he already had a verbal warning last month"
TIMES = "Here are the free times"
PREFERRED = "Do you have a preferred time?"

# A lateness nobody has spoken to Bob about yet: ERA recommends a call and offers its times.
CALL_OFFERS = {
    "en-US": ("Bob Smith keeps coming in late, every day this week", "no, not yet"),
    "fr-FR": ("Bob Smith arrive en retard tous les jours cette semaine", "non pas encore"),
    "es-ES": ("Bob Smith llega tarde todos los días esta semana", "no, todavía no"),
    "de-DE": ("Bob Smith kommt ständig zu spät, diese Woche jeden Tag", "nein, noch nicht"),
    "it-IT": ("Bob Smith arriva sempre in ritardo", "no, non ancora"),
    "pt-BR": ("Bob Smith chega sempre atrasado", "não, ainda não"),
    "nl-NL": ("Bob Smith komt steeds te laat", "nee, nog niet"),
    "pl-PL": ("Bob Smith spóźnia się codziennie w tym tygodniu", "nie, jeszcze nie"),
    "ja-JP": ("Bob Smithさんが今週毎日遅刻しています", "いいえ、まだ話していません"),
    "zh-CN": ("Bob Smith 总是迟到", "没有，还没有"),
}
YES = {"en-US": "yes", "fr-FR": "oui", "es-ES": "sí", "de-DE": "ja", "it-IT": "sì",
       "pt-BR": "sim", "nl-NL": "ja", "pl-PL": "tak", "ja-JP": "はい", "zh-CN": "好的"}
LANGUAGE = {"en-US": "en", "fr-FR": "fr", "es-ES": "es", "de-DE": "de", "it-IT": "it",
            "pt-BR": "pt-BR", "nl-NL": "nl", "pl-PL": "pl", "ja-JP": "ja", "zh-CN": "zh-Hans"}
DECLINES = {
    "en-US": ("not now", "no thanks", "later", "not yet", "I'll do it myself",
              "don't book anything", "no"),
    "fr-FR": ("pas maintenant", "non merci", "plus tard", "pas encore"),
    "es-ES": ("ahora no", "no gracias", "más tarde", "todavía no"),
    "de-DE": ("jetzt nicht", "nein danke", "später", "noch nicht"),
    "it-IT": ("non ora", "no grazie", "più tardi", "non ancora"),
    "pt-BR": ("agora não", "não obrigado", "mais tarde", "ainda não"),
    "nl-NL": ("nu niet", "nee bedankt", "later", "nog niet"),
    "pl-PL": ("nie teraz", "nie, dziękuję", "później", "jeszcze nie"),
    "ja-JP": ("今はいいです", "いいえ、結構です", "後で"),
    "zh-CN": ("现在不用", "不需要", "以后再说", "还没有"),
}


def _times(replies: list[Reply]) -> bool:
    """Whether the last message offers times to pick ("1. Mon 23 Nov, 15:00-15:30", ...)."""
    return bool(replies) and sum(reply == "1" or reply == "2" for _, reply
                                 in replies[-1].buttons) == 2


async def _asked_for_times(bot: BotHarness) -> list[Reply]:
    """The manager asks for the call herself, and gets its times."""
    times = await bot.say("book a call with Bob Smith")
    if not _times(times):
        times = await bot.say("any time")
    assert _times(times)
    return times


async def _events(bot: BotHarness) -> list[object]:
    week = TimeWindow(FIXED_NOW, FIXED_NOW + timedelta(days=30))
    return list(await bot.components.services.calendar.find_events(
        attendee_email="bob.smith@contoso.example", window=week))


async def _offered(bot: BotHarness, locale: str = "en-US") -> None:
    """The advice recommends a call and ERA offers it (nothing said to the offer yet)."""
    bot.locale = locale
    opening, answer = CALL_OFFERS[locale]
    await bot.say(opening)
    offer = await bot.say(answer)
    assert not _times(offer), "nothing is listed before the manager says yes"
    assert _yes_no(offer), "the call is offered"


async def _offered_call(bot: BotHarness, locale: str = "en-US") -> None:
    """The advice recommends a call, ERA offers it, and the manager takes the offer up."""
    await _offered(bot, locale)
    assert _times(await bot.say(YES[locale])), "the times of the call"


def _yes_no(replies: list[Reply]) -> bool:
    """Whether the last message asks yes or no (the offer of an action)."""
    return bool(replies) and [reply for _, reply in replies[-1].buttons] == ["yes", "no"]


async def _taken_up(bot: BotHarness, *said: str) -> list[Reply]:
    """The manager tells the situation, gets the advice and its offer, and says yes."""
    for text in said:
        offer = await bot.say(text)
    assert _yes_no(offer), joined(offer)
    return await bot.say("yes")


@pytest.mark.parametrize(("locale", "reply"), [
    (locale, reply) for locale, replies in DECLINES.items() for reply in replies
])
async def test_not_now_at_the_times_ends_the_offer_politely_in_every_language(
    bot: BotHarness, locale: str, reply: str
) -> None:
    """The finding: "not now" at the times got "Do you have a preferred time?"."""
    await _offered_call(bot, locale)
    language = LANGUAGE[locale]
    answer = joined(await bot.say(reply))
    assert say("call.kept", language) in answer
    assert say("call.offer_later", language, first_name="Bob") in answer
    assert say("advice.after_flow_question", language) in answer
    assert say("meeting.preference_question", language) not in answer
    assert await _events(bot) == []


async def test_cancel_at_the_times_of_an_offered_call_sets_it_aside_too(bot: BotHarness) -> None:
    await _offered_call(bot)
    answer = joined(await bot.say("cancel"))
    assert "I've stopped booking a call" in answer
    again = await bot.say("what if he is late again next week?")
    assert not _times(again)


async def test_the_offer_set_aside_is_not_made_again_unasked(bot: BotHarness) -> None:
    """After "not now", the advice conversation goes on about the same situation, and the
    times are not pushed again: ERA says how to ask for them."""
    await _offered_call(bot)
    await bot.say("not now")
    again = await bot.say("what if he is late again next week?")
    assert not _times(again)
    assert TIMES not in joined(again)
    assert "anything else about this situation" not in joined(again)
    # Asked for, the call is booked as usual.
    times = await bot.say("book a call with Bob Smith")
    assert PREFERRED in joined(times) or _times(times)


async def test_a_question_about_the_advice_is_answered_not_read_as_a_time(
    bot: BotHarness,
) -> None:
    """The finding: "what should I say in the meeting?" got "Sorry, I couldn't tell which
    time you meant." The advisor answers it; nothing is booked."""
    assert TIMES in joined(await _taken_up(bot, RUDE, RUDE_ANSWER))
    answer = joined(await bot.say("what should I say in the meeting?"))
    assert "I haven't booked anything." in answer
    assert "couldn't tell which time" not in answer and PREFERRED not in answer
    assert answer.strip() != "OK, I haven't booked anything."  # the advisor spoke too
    assert await _events(bot) == []


async def test_the_manager_still_answering_an_earlier_question_is_heard(
    bot: BotHarness,
) -> None:
    """The finding: "no written warning yet" got "Do you have a preferred time?" and "I
    haven't started “written warning yet” yet"."""
    await _taken_up(bot, RUDE, RUDE_ANSWER)
    answer = joined(await bot.say("no written warning yet"))
    assert "haven't started" not in answer
    assert PREFERRED not in answer
    assert "I haven't booked anything." in answer
    assert await _events(bot) == []


@pytest.mark.parametrize("reply", [
    "actually I'd rather email him first", "email him instead", "can you write to him?",
    "no, email him instead",
])
async def test_the_email_instead_drops_the_times_and_drafts_the_email_to_bob(
    bot: BotHarness, reply: str
) -> None:
    """The finding: "actually I'd rather email him first" got "Sorry, I couldn't tell which
    time you meant." The booking is dropped and the email is drafted from the advice (a
    letter asking to talk, not a summary of a talk that has not happened), to Send or not."""
    await _taken_up(bot, RUDE, RUDE_ANSWER)
    answer = await bot.say(reply)
    said = joined(answer)
    assert "I haven't booked anything." in said
    assert "Dear Bob," in said and "I would like to talk with you about" in said
    assert "Thank you for talking with me" not in said
    assert "couldn't tell which time" not in said and "haven't started" not in said
    assert "Send" in [title for title, _ in answer[-1].buttons]
    assert await _events(bot) == []
    # The call is not waiting behind the email to be resumed.
    assert "go back" not in joined(await bot.say("cancel")).casefold()


@pytest.mark.parametrize(("locale", "reply"), [
    ("en-US", "email him instead"),
    ("fr-FR", "envoie-lui plutôt un email"),
    ("es-ES", "mándale un correo mejor"),
    ("de-DE", "schreib ihm lieber eine E-Mail"),
    ("it-IT", "mandagli una email invece"),
    ("nl-NL", "ik mail hem liever eerst"),
    ("pl-PL", "napisz do niego maila zamiast tego"),
    ("ja-JP", "代わりに彼にメールして"),
    ("zh-CN", "还是给他发邮件吧"),
    # Asked for as a draft for the manager herself ("draft me an email"), Bob left implied.
    ("fr-FR", "rédige-moi plutôt un mail"),
    ("es-ES", "redáctame un correo"),
    ("it-IT", "preparami una mail"),
    ("pt-BR", "manda-lhe antes um email"),
    ("ja-JP", "メールの下書きをお願い"),
])
async def test_the_email_instead_in_other_languages(
    bot: BotHarness, locale: str, reply: str
) -> None:
    await _offered_call(bot, locale)
    answer = await bot.say(reply)
    assert say("call.kept", LANGUAGE[locale]) in joined(answer)
    assert answer[-1].buttons, "the email's preview, with Send / Edit / Cancel"
    # Bob reads English: a letter asking to talk, never the warning the advice ruled out
    # ("un échange informel, pas un avertissement").
    assert "I would like to talk with you about" in joined(answer)
    assert "warning" not in joined(answer).casefold()
    assert await _events(bot) == []


async def test_call_him_at_the_times_of_his_call_says_what_they_are_and_the_way_out(
    bot: BotHarness,
) -> None:
    await _offered_call(bot)
    answer = await bot.say("call him instead")
    assert say("call.offer_times", "en", first_name="Bob") in joined(answer)
    assert _times(answer), "the same times, still offered"
    assert "I haven't booked anything." in joined(await bot.say("no thanks"))


async def test_i_will_do_it_myself_never_books(bot: BotHarness) -> None:
    """At "Book a 30-minute call ...?", "I'll do it myself" read as a yes ("do it")."""
    await _asked_for_times(bot)
    confirm = joined(await bot.say("1"))
    assert "Book a 30-minute call with Bob Smith" in confirm
    answer = joined(await bot.say("I'll do it myself"))
    assert "is booked" not in answer and "haven't booked" in answer
    assert await _events(bot) == []


async def test_a_booking_the_manager_asked_for_still_reads_no_as_none_of_these_times(
    bot: BotHarness,
) -> None:
    await _asked_for_times(bot)
    assert PREFERRED in joined(await bot.say("no"))


async def test_at_the_email_preview_not_now_discards_it_and_says_how_to_ask_again(
    bot: BotHarness,
) -> None:
    assert "Dear Bob," in joined(await _taken_up(bot, LATE, LATE_ANSWER))
    answer = joined(await bot.say("not now"))
    assert "I haven't sent it." in answer
    assert say("email.offer_later", "en", first_name="Bob") in answer
    nothing_more = joined(await bot.say("is there anything else?"))
    assert nothing_more.strip(), "the advice conversation goes on"
    assert "Dear Bob," not in nothing_more


async def test_at_the_email_preview_a_question_about_the_warning_goes_to_the_advisor(
    bot: BotHarness,
) -> None:
    """It used to be taken as the value of a blank in the letter."""
    await _taken_up(bot, LATE, LATE_ANSWER)
    answer = joined(await bot.say("what should the warning say?"))
    assert "I haven't put that in the email" not in answer
    assert "I haven't sent it." in answer
    assert answer.strip() != say("email.discarded", "en")


async def test_at_the_email_preview_the_call_instead_drops_the_email_and_offers_the_times(
    bot: BotHarness,
) -> None:
    """It used to stack the call on the email, which then asked to be resumed."""
    await _taken_up(bot, LATE, LATE_ANSWER)
    answer = await bot.say("call him instead")
    assert "I haven't sent it." in joined(answer)
    assert _times(answer), "the call's times"
    booked = joined(await bot.say("1"))
    assert "Book a 30-minute call with Bob Smith" in booked
    assert "is booked" in joined(await bot.say("yes"))
    after = joined(await bot.say("thanks"))
    assert "go back" not in after.casefold() and "Dear Bob" not in after


@pytest.mark.parametrize(("locale", "question"), [
    ("ja-JP", "面談で何を言えばいいですか？"),
    ("en-US", "what should I say in the meeting?"),
])
async def test_the_answer_to_a_question_at_an_offer_starts_nothing_unasked(
    bot: BotHarness, locale: str, question: str
) -> None:
    """The answer to a question asked at the times is all ERA gives: no draft or times are
    pushed on top of it (in Japanese the answer recommended a warning and its draft opened)."""
    await _offered_call(bot, locale)
    answer = await bot.say(question)
    assert say("call.kept", LANGUAGE[locale]) in joined(answer)
    assert not _times(answer)
    assert all(title != "Send" for reply in answer for title, _ in reply.buttons)


# Two Bobs work for Maria: after advice about "Bob", the offered call or email asks which one.
TWO_BOBS_CALL = ("bob keeps coming in late, every day this week", "no, not yet")
TWO_BOBS_EMAIL = ("bob keeps coming in late, 4 times this month",
                  "yes I already spoke to him about it last week")


@pytest.mark.parametrize(("situation", "kept"), [
    (TWO_BOBS_CALL, "I haven't booked anything."),
    (TWO_BOBS_EMAIL, "I haven't drafted anything."),
])
async def test_a_question_at_which_bob_of_the_offer_goes_to_the_advisor(
    bot: BotHarness, situation: tuple[str, str], kept: str
) -> None:
    """The finding: "what should I say to him?" at "There are 2 people called Bob" got
    "Sorry, I didn't understand" (the call) or lost the list (the email)."""
    asked = joined(await _taken_up(bot, *situation))
    assert 'There are 2 people called "Bob"' in asked, asked
    answer = joined(await bot.say("what should I say to him?"))
    assert kept in answer, answer
    assert "Here is what my guidance" in answer, answer
    assert await _events(bot) == []


@pytest.mark.parametrize("situation", [TWO_BOBS_CALL, TWO_BOBS_EMAIL])
async def test_an_unclear_reply_at_which_bob_of_the_offer_keeps_the_list(
    bot: BotHarness, situation: tuple[str, str]
) -> None:
    await _taken_up(bot, *situation)
    again = await bot.say("hmm")
    assert "Sorry, I didn't understand that." in joined(again)
    assert 'There are 2 people called "Bob"' in joined(again)
    chosen = joined(await bot.say("2"))
    assert "Bob Smith" in chosen or "Dear Bob," in chosen, chosen


@pytest.mark.parametrize(("situation", "reply"), [
    (TWO_BOBS_EMAIL, "ok draft something to him"),
    (TWO_BOBS_EMAIL, "yes, write him a warning"),
    (TWO_BOBS_CALL, "sure, call him please"),
])
async def test_taking_up_the_offer_at_which_bob_asks_again_which_bob(
    bot: BotHarness, situation: tuple[str, str], reply: str
) -> None:
    """The finding: "ok draft something to him" at "which Bob?" of the email ERA offered was
    taken for a remark to the advisor: "OK, I haven't drafted anything", then "Glad that
    helps", and the email was gone. Taking the offer up keeps it, and asks which Bob again."""
    await _taken_up(bot, *situation)
    again = joined(await bot.say(reply))
    assert 'There are 2 people called "Bob"' in again, again
    assert "haven't" not in again and "Glad that helps" not in again, again
    chosen = joined(await bot.say("Bob Smith"))
    assert "Bob Smith" in chosen or "Dear Bob," in chosen, chosen


@pytest.mark.parametrize(("locale", "question"), [
    ("en-US", "should I give him a written warning?"),
    ("en-US", "what if he keeps doing it?"),
    ("fr-FR", "et si ça continue ?"),
    ("fr-FR", "dois-je lui donner un avertissement écrit ?"),
    ("de-DE", "und wenn er nicht kommt?"),
    ("es-ES", "¿y si sigue así?"),
    ("it-IT", "e se continua?"),
    ("pt-BR", "e se continuar?"),
    ("nl-NL", "en als het doorgaat?"),
    ("pl-PL", "a jeśli to się powtórzy?"),
    ("ja-JP", "それでも続いたら？"),
    ("zh-CN", "如果还继续呢？"),
])
async def test_a_question_about_the_next_step_at_the_times_is_advised_from_the_playbook(
    bot: BotHarness, locale: str, question: str
) -> None:
    """The finding: "should I give him a written warning?" at the times of the call ERA
    offered after lateness advice started a new advice conversation that knew nothing of
    Bob's lateness: "I don't have guidance on that" and a hand-over to HR; "et si ça
    continue ?" got the times again. The lateness guidance answers it; nothing is booked."""
    await _offered_call(bot, locale)
    language = LANGUAGE[locale]
    replies = await bot.say(question)
    answer = joined(replies)
    assert say("call.kept", language) in answer
    assert say("advice.no_guidance", language) not in answer
    assert "HR" not in answer.split(say("call.kept", language))[0]
    assert not _times(replies)
    assert answer.strip() != say("call.kept", language)  # the advisor answered too
    assert await _events(bot) == []


@pytest.mark.parametrize(("locale", "talk", "question"), [
    ("pt-PT", ("o luca tem chegado atrasado quase todos os dias",
               "sim, já falei com ele na semana passada"), "e se continuar?"),
    ("fr-FR", ("luca arrive en retard presque tous les jours",
               "oui, je lui en ai déjà parlé la semaine dernière"), "et si ça continue ?"),
    ("nl-NL", ("luca komt bijna elke dag te laat", "ja, ik heb vorige week met hem gesproken"),
     "en als het doorgaat?"),
])
async def test_what_if_it_continues_at_the_offered_warning_is_advised_not_put_in_it(
    bot: BotHarness, locale: str, talk: tuple[str, str], question: str
) -> None:
    """The finding: at the written warning ERA drafted after lateness advice, "e se
    continuar?" was read as the date its blank waits for ("Não coloquei isso no e-mail")."""
    bot.locale = locale
    await bot.say(talk[0])
    assert _yes_no(await bot.say(talk[1]))
    offer = joined(await bot.say("sim" if locale == "pt-PT" else "oui" if locale == "fr-FR"
                                 else "ja"))
    assert "luca.rossi@contoso.example" in offer, offer
    language = LANGUAGE.get(locale, locale.split("-")[0])
    answer = joined(await bot.say(question))
    assert say("email.discarded", language) in answer, answer
    assert answer.strip() != say("email.discarded", language)  # the advisor answered too
    assert "luca.rossi@contoso.example" not in answer


# -- the offer itself: nothing is started before the manager's yes -------------------------

@pytest.mark.parametrize("locale", list(CALL_OFFERS))
async def test_after_the_advice_the_call_is_offered_not_started(
    bot: BotHarness, locale: str
) -> None:
    """The finding: right after the advice ERA listed the times of a call nobody had asked
    for ("Here are the free times ... Which one suits you?"). It now asks whether to."""
    bot.locale = locale
    opening, answer = CALL_OFFERS[locale]
    await bot.say(opening)
    offer = await bot.say(answer)
    assert say("advice.offer_call", LANGUAGE[locale], employee="Bob Smith") in joined(offer)
    assert _yes_no(offer) and not _times(offer)
    assert await _events(bot) == []


@pytest.mark.parametrize(("locale", "reply"), [
    (locale, reply) for locale, replies in DECLINES.items() for reply in replies[:2]
])
async def test_no_at_the_offer_lists_nothing_and_says_how_to_ask_later(
    bot: BotHarness, locale: str, reply: str
) -> None:
    bot.locale = locale
    opening, answer = CALL_OFFERS[locale]
    await bot.say(opening)
    await bot.say(answer)
    said = await bot.say(reply)
    language = LANGUAGE[locale]
    assert say("call.kept", language) in joined(said)
    assert say("call.offer_later", language, first_name="Bob") in joined(said)
    assert not _times(said)
    assert await _events(bot) == []


async def test_two_bobs_are_not_asked_about_before_the_offer_is_taken_up(
    bot: BotHarness,
) -> None:
    """The finding: after advice about "bob", ERA asked "There are 2 people called Bob.
    Which one should I email?" about an email nobody had asked for."""
    await bot.say(TWO_BOBS_EMAIL[0])
    offer = await bot.say(TWO_BOBS_EMAIL[1])
    assert 'There are 2 people called "Bob"' not in joined(offer)
    assert say("advice.offer_email_unnamed", "en") in joined(offer)
    assert 'There are 2 people called "Bob"' in joined(await bot.say("yes"))


async def test_a_question_at_the_offer_is_answered_and_nothing_is_started(
    bot: BotHarness,
) -> None:
    await bot.say(RUDE)
    await bot.say(RUDE_ANSWER)
    answer = await bot.say("what should I say in the meeting?")
    said = joined(answer)
    assert "Here is what my guidance on misconduct says about that:" in said
    assert not _times(answer) and not _yes_no(answer)
    assert say("call.offer_later", "en", first_name="Bob") in said
    assert await _events(bot) == []


async def test_the_email_after_the_call_is_offered_too(bot: BotHarness) -> None:
    """A recommendation of both: the email is offered; once it is sent, the call is offered
    in turn, never listed unasked."""
    await bot.say("Luca didn't show up for 3 days")
    offer = await bot.say("I called him twice and texted, no answer at all")
    assert _yes_no(offer), joined(offer)
    assert not _times(offer)


@pytest.mark.parametrize(("locale", "yes", "shown"), [
    ("en-US", "yes, tomorrow afternoon", "Mon 23 Nov between 12:00 and 17:00"),
    ("en-US", "yes please, on wednesday", "Wed 25 Nov"),
    ("fr-FR", "oui, mardi matin", "mar. 24 nov. entre 09:00 et 12:00"),
    ("de-DE", "ja, morgen Nachmittag", "Mo., 23. Nov. zwischen 12:00 und 17:00"),
    ("es-ES", "sí, el miércoles", "mié., 25 nov."),
])
async def test_a_yes_that_says_when_looks_for_the_call_then(
    bot: BotHarness, locale: str, yes: str, shown: str
) -> None:
    """The finding: "yes, tomorrow afternoon" at "Shall I find a time for that call?" listed
    the free times of the next 7 days, the time said with the yes dropped."""
    await _offered(bot, locale)
    times = await bot.say(yes)
    assert _times(times)
    assert shown in times[-1].text, times[-1].text
    assert await _events(bot) == []


async def test_a_yes_that_says_how_long_books_that_long(bot: BotHarness) -> None:
    await _offered(bot)
    times = await bot.say("yes, a 15 minute call on wednesday")
    assert "Wed 25 Nov" in times[-1].text
    first = times[-1].buttons[0][0]
    start, end = first.split(", ")[-1].split("-")
    minutes = [int(t[:2]) * 60 + int(t[3:]) for t in (start, end)]
    assert minutes[1] - minutes[0] == 15, first


# More about the situation told after the advice: noted, the step stands, the offer asked again
# (the finding: each got "Glad that helps", as thanks does, and the offer was dropped).
TOLD = {
    "en-US": ("he says it's the bus", "he says it is the traffic", "actually it was 6 times",
              "he said it was his kids"),
    "fr-FR": ("il dit que c'est le bus", "c'est à cause du train"),
    "es-ES": ("dice que es por el autobús",),
    "de-DE": ("er sagt, es liegt am Bus",),
    "it-IT": ("dice che è colpa del treno",),
    "pt-BR": ("ele diz que é o ônibus",),
    "nl-NL": ("hij zegt dat het door de trein komt",),
}


@pytest.mark.parametrize(("locale", "told"), [
    (locale, told) for locale, said in TOLD.items() for told in said
])
async def test_more_told_at_the_offer_is_noted_and_the_offer_stands(
    bot: BotHarness, locale: str, told: str
) -> None:
    await _offered(bot, locale)
    language = LANGUAGE[locale]
    answer = await bot.say(told)
    said = joined(answer)
    assert say("advice.noted_after_advice", language) in said
    assert say("advice.closing", language) not in said
    assert _yes_no(answer), "the call is offered again"
    assert not _times(answer), "nothing is listed before a yes"
    assert _times(await bot.say(YES[locale])), "the yes takes the offer up"


async def test_more_told_after_the_offer_was_declined_is_noted_not_thanked(
    bot: BotHarness,
) -> None:
    await _offered(bot, "en-US")
    await bot.say("no thanks")
    answer = joined(await bot.say("he says it is the traffic"))
    assert say("advice.noted_after_advice", "en") in answer
    assert say("advice.closing", "en") not in answer
    assert "Here are the free times" not in answer


async def test_thanks_after_the_advice_still_closes(bot: BotHarness) -> None:
    await _offered(bot, "en-US")
    await bot.say("no thanks")
    answer = joined(await bot.say("ok thanks"))
    assert say("advice.noted_after_advice", "en") not in answer


async def test_a_fact_that_changes_the_step_changes_the_advice(bot: BotHarness) -> None:
    """A verbal warning already given: the written warning, not "noted"."""
    await _offered(bot, "en-US")
    answer = joined(await bot.say("actually he already had a verbal warning last month"))
    assert say("advice.noted_after_advice", "en") not in answer
    assert "put it in writing" in answer


@pytest.mark.parametrize(("locale", "again"), [
    ("en-US", "Bob Smith keeps coming in late"),
    ("zh-CN", "Bob Smith 总是迟到"),
])
async def test_the_situation_said_again_at_the_offer_is_not_taken_for_thanks(
    bot: BotHarness, locale: str, again: str
) -> None:
    """The finding: "Bob Smith 总是迟到" said again at the offer got "很高兴能帮上忙" (glad that
    helps), the Chinese keyword not found in words run together; the offer was dropped."""
    bot.locale = locale
    await bot.say(again)
    assert _yes_no(await bot.say(CALL_OFFERS[locale][1]))
    answer = await bot.say(again)
    assert say("advice.closing", LANGUAGE[locale]) not in joined(answer)
    assert _yes_no(answer), "the call is offered again"


WHEN_ONLY = {
    "en-US": ("tomorrow afternoon", "Mon 23 Nov"),
    "fr-FR": ("demain après-midi", "lun. 23 nov."),
    "de-DE": ("morgen nachmittag bitte", "Mo., 23. Nov."),
    "es-ES": ("mañana por la tarde", "lun., 23 nov."),
    "ja-JP": ("明日の午後", "11月23日"),
    "zh-CN": ("明天下午", "11月23日"),
}


@pytest.mark.parametrize("locale", WHEN_ONLY)
async def test_a_time_alone_at_the_offered_call_looks_for_it_then(
    bot: BotHarness, locale: str
) -> None:
    """The finding: "tomorrow afternoon" at "Shall I find a time for that call with Bob
    Smith?" got "Glad that helps" and the offer was gone. Saying when is taking it up: the
    times of that day are listed, and nothing is booked before a pick and its yes."""
    await _offered(bot, locale)
    when, day = WHEN_ONLY[locale]
    times = await bot.say(when)
    assert _times(times), joined(times)
    assert day in joined(times)
    assert await _events(bot) == []


@pytest.mark.parametrize("reply", ["hmm", "tomorrow morning", "whatever you think"])
async def test_an_unclear_reply_at_the_offered_email_asks_again(
    bot: BotHarness, reply: str
) -> None:
    """The finding: "tomorrow morning" or "hmm" at "Shall I draft that email to Bob Smith?"
    got "Glad that helps" and the offer was gone, as if the manager had said thanks. The offer
    is asked again with what it takes, and a yes then drafts the email."""
    await bot.say(LATE)
    offer = await bot.say(LATE_ANSWER)
    assert say("advice.offer_email", "en", employee="Bob Smith") in joined(offer)
    again = await bot.say(reply)
    said = joined(again)
    assert "Sorry, I didn't understand that." in said
    assert say("advice.offer_email", "en", employee="Bob Smith") in said
    assert say("advice.closing", "en") not in said
    assert _yes_no(again)
    assert "Dear Bob," in joined(await bot.say("yes"))


async def test_thanks_at_the_offer_still_closes_politely(bot: BotHarness) -> None:
    await bot.say(LATE)
    await bot.say(LATE_ANSWER)
    said = joined(await bot.say("thanks"))
    assert say("advice.closing", "en") in said
    assert "Sorry" not in said


TALK_ASKED = {
    "en-US": "should i talk to him?",
    "es-ES": "¿tengo que hablar con él?",
    "de-DE": "soll ich mit ihm reden?",
    "fr-FR": "je dois lui parler ?",
    "ja-JP": "彼と話すべきですか？",
    "zh-CN": "我要找他谈谈吗？",
}


@pytest.mark.parametrize("locale", TALK_ASKED)
async def test_asking_whether_to_talk_at_the_offered_call_is_told_it_is_the_step(
    bot: BotHarness, locale: str
) -> None:
    """The finding: "should I talk to him?" (¿tengo que hablar con él?) at "Shall I find a time
    for that call?" got "I don't have guidance on that question … HR", and a yes then handed
    the manager to HR, though the advice was to talk. It is the step suggested, and the offer
    stands; nothing is booked."""
    await _offered(bot, locale)
    said = await bot.say(TALK_ASKED[locale])
    assert say("advice.offer_is_the_step", LANGUAGE[locale]) in joined(said)
    assert _yes_no(said) and not _times(said)
    assert await _events(bot) == []


async def test_what_to_talk_about_at_the_offered_call_is_no_yes_no_question(
    bot: BotHarness,
) -> None:
    await _offered(bot)
    said = await bot.say("what should i talk to him about?")
    assert say("advice.offer_is_the_step", "en") not in joined(said)
