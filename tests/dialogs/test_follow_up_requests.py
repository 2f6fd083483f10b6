"""A reply that answers and then asks for something else ("yes, and also call him"): the answer
is acted on, and the request after it is served next (with "him" meaning the person the answer
was about), never dropped; a reply that takes its answer back, or says no to the request, does
neither."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from language.catalogue import default_catalogue
from services.demo_organisation import RIVERSIDE
from services.org_database import OrgDatabase
from tests.bot_harness import BotHarness, joined

LONDON = ZoneInfo("Europe/London")
THURSDAY = date(2026, 11, 26)


async def _chen_works_thursday(bot: BotHarness) -> bool:
    shifts = await bot.shifts.shifts_on(RIVERSIDE, THURSDAY, LONDON)
    return any(s.person_id == "chen" for s in shifts)


async def _sent_emails(bot: BotHarness) -> int:
    db = await OrgDatabase.open(bot.components.settings.data_dir / "org.sqlite3")
    try:
        rows = await db.fetch_all("SELECT * FROM outbox WHERE subject NOT LIKE 'Invitation:%'")
        return len(rows)
    finally:
        await db.close()


@pytest.mark.parametrize(
    ("reply", "locale"),
    [("yes, and also call him", "en-US"), ("yes please, then call him", "en-US"),
     ("yes call him", "en-US"), ("oui, et appelle-le aussi", "fr-FR"),
     ("ja, und ruf ihn auch an", "de-DE"), ("sí, y llama a él también", "es-ES"),
     ("好的，然后给他打电话", "zh-CN"), ("はい、それと彼に電話して", "ja-JP")],
)
async def test_the_change_is_made_and_then_the_call_is_offered_with_that_person(
    bot: BotHarness, reply: str, locale: str
) -> None:
    bot.as_person("maria")
    assert "Chen Wei off Thu 26 Nov" in joined(await bot.say("unassign chen from thursday"))
    answered = await bot.say(reply, locale=locale)
    assert len(answered) == 2, joined(answered)
    assert not await _chen_works_thursday(bot)
    # The call flow offers times with Chen, the person "him" meant, and books it with Chen.
    assert answered[1].buttons and "Chen Wei" in answered[1].text
    assert "Chen Wei" in joined(await bot.say("1", locale=locale))


async def test_no_and_a_request_instead_sends_nothing_and_serves_the_request(
    bot: BotHarness,
) -> None:
    bot.as_person("maria")
    assert "Shall I send it?" in joined(await bot.say("email Alice about her late arrivals"))
    answered = joined(await bot.say("no, book a call with her instead"))
    assert await _sent_emails(bot) == 0
    assert "free times" in answered
    assert "Alice Martin" in joined(await bot.say("1"))


@pytest.mark.parametrize(
    "reply",
    ["yes but not that one, call him", "yes, and don't call him", "yes, no wait, call him"],
)
async def test_a_taken_back_answer_or_a_refused_request_is_neither_done(
    bot: BotHarness, reply: str
) -> None:
    bot.as_person("maria")
    await bot.say("unassign chen from thursday")
    answered = joined(await bot.say(reply))
    # No call is lined up with Chen, and the shift is untouched: the reply is no clear yes.
    assert "free times" not in answered and "Done:" not in answered
    assert await _chen_works_thursday(bot)


async def test_the_answered_flows_own_request_is_the_answer_restated(bot: BotHarness) -> None:
    bot.as_person("maria")
    await bot.say("email Alice about her late arrivals")
    answered = await bot.say("yes, send the email to her")
    assert await _sent_emails(bot) == 1
    assert "Shall I send it?" not in joined(answered)


async def test_a_request_after_an_answer_on_top_of_another_flow_is_served_then_that_flow_offered(
    bot: BotHarness,
) -> None:
    bot.as_person("maria")
    await bot.say("email Alice about her late arrivals")
    # The unassignment interrupts the email; once it is done, the call asked for in so many
    # words comes first (it was "I haven't started “call Chen Wei” yet"), and the email after.
    assert "Preview" in joined(await bot.say("actually, unassign chen from thursday"))
    answered = joined(await bot.say("yes, and also call him"))
    assert not await _chen_works_thursday(bot)
    assert "haven't started" not in answered
    assert "free times" in answered and "Chen Wei" in answered
    after_call = joined(await bot.say("cancel"))
    assert "email" in after_call and await _sent_emails(bot) == 0


async def test_two_requests_in_one_message_are_served_one_after_the_other(
    bot: BotHarness,
) -> None:
    """The finding: "email bob smith about the new rota and book a call with him" booked the
    call and dropped the email without a word."""
    bot.as_person("maria")
    first = joined(await bot.say("email bob smith about the new rota and book a call with him"))
    assert "then “book a call with him”" in first, first
    assert "Dear Bob," in first and await _sent_emails(bot) == 0
    sent = joined(await bot.say("send"))
    assert await _sent_emails(bot) == 1
    # The second request, for the same Bob (not "which Bob?"): its times, nothing booked yet.
    assert "Now your other request: “book a call with him”." in sent, sent
    assert "free times in the next 7 days for you and Bob Smith" in sent, sent


async def test_the_second_request_is_asked_about_when_the_first_is_set_aside(
    bot: BotHarness,
) -> None:
    """The finding: cancelling the first request's preview started the second one anyway."""
    bot.as_person("maria")
    await bot.say("book a call with alice martin and email her about the schedule change")
    after = joined(await bot.say("cancel"))
    assert "Shall I still do it: “email her about the schedule change”?" in after, after
    assert "Dear Alice," not in after
    drafted = joined(await bot.say("yes"))
    assert "Dear Alice," in drafted and await _sent_emails(bot) == 0


async def test_a_correction_of_the_person_asks_the_last_request_again_for_them(
    bot: BotHarness,
) -> None:
    """The finding: "no, chen not alice" after a refused "give bob smith's saturday shift to
    alice" handed Maria to HR (a knowledge gap)."""
    bot.as_person("maria")
    refused = joined(await bot.say("give bob smith's saturday shift to alice"))
    assert "Alice Martin can't take Bob Smith's shift Sat 28 Nov" in refused, refused
    again = joined(await bot.say("no, chen not alice"))
    assert "Chen Wei can't take Bob Smith's shift Sat 28 Nov" in again, again
    assert "HR" not in again


@pytest.mark.parametrize("correction", ["no, chen", "chen instead", "not alice, chen"])
async def test_a_correction_after_a_request_set_aside_previews_again_and_sends_nothing(
    bot: BotHarness, correction: str
) -> None:
    bot.as_person("maria")
    await bot.say("email alice martin about the new rota")
    await bot.say("cancel")
    draft = joined(await bot.say(correction))
    assert "Chen Wei，您好" in draft, draft
    assert await _sent_emails(bot) == 0


async def test_a_correction_with_no_request_before_it_is_no_request(bot: BotHarness) -> None:
    bot.as_person("maria")
    said = joined(await bot.say("no, chen not alice"))
    assert "Chen Wei" not in said and "Dear" not in said


async def test_a_correction_at_the_email_preview_readdresses_it_and_sends_nothing(
    bot: BotHarness,
) -> None:
    """It became the email's new text ("no, chen not alice"), which "send" sent to Alice."""
    bot.as_person("maria")
    await bot.say("email alice martin about the new rota")
    moved = joined(await bot.say("no, chen not alice"))
    assert "I haven't sent anything to Alice Martin" in moved and "Chen Wei，您好" in moved
    assert await _sent_emails(bot) == 0


async def test_a_correction_after_a_question_in_between_is_no_correction(
    bot: BotHarness,
) -> None:
    bot.as_person("maria")
    await bot.say("give bob smith's saturday shift to alice")
    await bot.say("what meetings do I have this week?")
    said = joined(await bot.say("no, chen not alice"))
    assert "Chen Wei can't take" not in said and "Chen Wei" not in said.split("I can")[0]


@pytest.mark.parametrize("text", ["and saturday?", "what about next week?", "et samedi ?"])
async def test_a_follow_up_with_nothing_before_it_never_reaches_hr(
    bot: BotHarness, text: str
) -> None:
    bot.as_person("maria")
    said = joined(await bot.say(text))
    assert "HR" not in said and "handing you over" not in said, said


async def test_a_correction_naming_the_recipient_by_a_shared_first_name_readdresses_it(
    bot: BotHarness,
) -> None:
    """Found in a Teams channel: "no, chen not bob" became the email's text, because "bob"
    also names Bob Jones."""
    bot.as_person("maria")
    await bot.say("email bob smith about the new rota")
    moved = joined(await bot.say("no, chen not bob"))
    assert "I haven't sent anything to Bob Smith" in moved and "Chen Wei，您好" in moved
    assert await _sent_emails(bot) == 0


async def test_a_correction_after_a_question_about_someones_shifts_asks_it_for_the_other(
    bot: BotHarness,
) -> None:
    """"no, chen not alice" after "what shifts does alice have this week?" handed Maria to
    HR (a knowledge gap)."""
    bot.as_person("maria")
    await bot.say("what shifts does alice have this week?")
    said = joined(await bot.say("no, chen not alice"))
    assert "Chen Wei's shifts between" in said, said
    assert "HR" not in said


@pytest.mark.parametrize("correction", ["no, alice's not mine", "nope, wrong person",
                                        "no chen not alice"])
async def test_a_correction_with_nothing_to_correct_never_reaches_hr(
    bot: BotHarness, correction: str
) -> None:
    bot.as_person("maria")
    await bot.say("who is working on saturday?")
    said = joined(await bot.say(correction))
    assert "HR" not in said and "handing you over" not in said, said


async def test_a_situation_that_opens_with_no_still_gets_advice(bot: BotHarness) -> None:
    bot.as_person("maria")
    said = joined(await bot.say("no one showed up for the shift today"))
    assert "Unreported absence" in said, said


@pytest.mark.parametrize(
    ("asked", "topic", "reply", "locale", "kept"),
    [("manda una mail a bob smith", "Di cosa", "sui ritardi e poi togli alice da sabato",
      "it-IT", "«togli alice da sabato»"),
     ("schreib eine email an bob smith", "Worum", "wegen seiner Verspätungen und nimm alice "
      "am samstag raus", "de-DE", "„nimm alice am samstag raus“"),
     ("email bob smith", "What should", "his late arrivals, and take alice off saturday",
      "en-US", "“take alice off saturday”")],
)
async def test_a_request_after_an_emails_topic_is_named_not_dropped(
    bot: BotHarness, asked: str, topic: str, reply: str, locale: str, kept: str
) -> None:
    """The finding: 'sui ritardi e poi togli alice da sabato' drafted the email and dropped the
    unassignment without a word."""
    bot.as_person("maria")
    assert topic in joined(await bot.say(asked, locale=locale))
    answered = joined(await bot.say(reply, locale=locale))
    assert "[what this is about]" not in answered and "punctuality" in answered, answered
    assert kept in answered, answered


@pytest.mark.parametrize(
    ("reply", "locale", "listed"),
    [("je suis malade, et montre mes postes", "fr-FR", "Vos postes"),
     ("estoy enfermo y muéstrame mis turnos", "es-ES", "Sus turnos")],
)
async def test_a_request_after_the_reason_is_served_once_the_shift_is_cancelled(
    bot: BotHarness, reply: str, locale: str, listed: str
) -> None:
    bot.as_person("bob-smith")
    await bot.say("cancel my shift on monday", locale=locale)
    answered = joined(await bot.say(reply, locale=locale))
    assert "Maria Lopez" in answered and listed in answered, answered


@pytest.mark.parametrize(
    ("reply", "locale", "first"),
    [("ok draft an email to him", "en-US", "Just to be sure"),
     ("okay, email him", "en-US", "Just to be sure"),
     ("d'accord, envoie plutôt un mail à Chen", "fr-FR", "Pour être sûr"),
     ("ok und buch einen Termin mit Alice", "de-DE", "Nur zur Sicherheit"),
     ("gut, ruf ihn an", "de-DE", "Nur zur Sicherheit"),
     ("vale, llámalo", "es-ES", "Para estar seguro"),
     ("va bene, chiamalo", "it-IT", "Per sicurezza"),
     ("tá, liga para ele", "pt-BR", "Só para confirmar"),
     ("oké, bel hem", "nl-NL", "Even voor de zekerheid"),
     ("はい、彼に電話して", "ja-JP", "念のため確認です"),
     ("好，给他打电话", "zh-CN", "为确保无误")],
)
async def test_an_ok_before_another_request_is_no_yes_to_the_preview(
    bot: BotHarness, reply: str, locale: str, first: str
) -> None:
    """The finding: "ok draft an email to him" at "Shall I apply this change?" took Chen off
    Thursday: an "ok" that moves on to another request may not be agreeing. ERA asks about the
    preview first, in the person's language, and keeps the request for after the answer."""
    bot.as_person("maria")
    await bot.say("unassign chen from thursday", locale=locale)
    asked = joined(await bot.say(reply, locale=locale))
    assert first in asked, asked
    # The preview is asked again (in the language of the reply when it tells one).
    assert "shift_change.preview" in default_catalogue().identify(asked), asked
    assert await _chen_works_thursday(bot)


async def test_after_an_ok_and_a_request_a_yes_applies_and_the_request_is_served(
    bot: BotHarness,
) -> None:
    bot.as_person("maria")
    await bot.say("unassign chen from thursday")
    await bot.say("ok call him")
    answered = await bot.say("yes")
    assert not await _chen_works_thursday(bot)
    assert "free times" in joined(answered) and "Chen Wei" in answered[-1].text


async def test_after_an_ok_and_a_request_a_no_keeps_the_shift_and_serves_the_request(
    bot: BotHarness,
) -> None:
    bot.as_person("maria")
    await bot.say("unassign chen from thursday")
    await bot.say("d'accord, appelle-le plutôt", locale="fr-FR")
    answered = joined(await bot.say("non", locale="fr-FR"))
    assert await _chen_works_thursday(bot)
    assert "Chen Wei" in answered and "C'est fait" not in answered, answered


@pytest.mark.parametrize(
    ("reply", "locale"),
    [("ok, and then call him", "en-US"), ("ok, call him too", "en-US"),
     ("d'accord, et ensuite appelle-le", "fr-FR")],
)
async def test_an_ok_with_a_request_said_to_come_in_addition_is_a_yes(
    bot: BotHarness, reply: str, locale: str
) -> None:
    bot.as_person("maria")
    await bot.say("unassign chen from thursday")
    await bot.say(reply, locale=locale)
    assert not await _chen_works_thursday(bot)


@pytest.mark.parametrize(("locale", "note", "change", "reply"), [
    ("en-US", "luca late again", "unassign chen from thursday",
     "yes, and also draft an email to him"),
    ("fr-FR", "luca encore en retard", "retire chen de jeudi", "oui, et écris-lui un mail aussi"),
])
async def test_a_follow_up_is_served_before_an_interrupted_flow_is_offered_again(
    bot: BotHarness, locale: str, note: str, change: str, reply: str
) -> None:
    """Made on top of advice, the change and its "and also email him" were followed by "Shall
    we get back to the advice?" and "I haven't started … yet": the email, asked for in so many
    words, waited behind a question about something else."""
    bot.as_person("maria")
    await bot.say(note, locale=locale)
    await bot.say(change, locale=locale)
    answered = joined(await bot.say(reply, locale=locale))
    assert not await _chen_works_thursday(bot)
    assert "Chen" in answered and ("email" in answered or "e-mail" in answered)
    assert "haven't started" not in answered and "pas encore commencé" not in answered
    assert "get back to" not in answered and "reprendre" not in answered.lower()
    assert await _sent_emails(bot) == 0


@pytest.mark.parametrize(("locale", "note", "decline", "email", "reply"), [
    ("fr-FR", "sophie est souvent malade le lundi", "non merci", "écris-lui un mail",
     "oui et appelle alice demain"),
    ("en-US", "sophie is often off sick on mondays", "no thanks", "email her",
     "yes and call alice tomorrow"),
])
async def test_a_request_after_yes_to_an_email_advice_led_to_is_served_at_once(
    bot: BotHarness, locale: str, note: str, decline: str, email: str, reply: str
) -> None:
    """The email advice led to was sent on "oui et appelle alice demain", then ERA asked
    "anything else about this situation?" and said "I haven't started “appelle alice demain”:
    ask me again once we are done here": the call, asked for in so many words, waited."""
    bot.as_person("maria")
    await bot.say(note, locale=locale)
    await bot.say(decline, locale=locale)
    assert await _sent_emails(bot) == 0
    await bot.say(email, locale=locale)
    answered = await bot.say(reply, locale=locale)
    said = joined(answered)
    assert await _sent_emails(bot) == 1
    assert "pas encore lancé" not in said and "haven't started" not in said
    # The call flow offers times with Alice right away.
    assert answered[-1].buttons and "Alice" in answered[-1].text, said
