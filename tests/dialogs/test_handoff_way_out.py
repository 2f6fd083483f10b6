"""Personal records are declined without a hand-over, and a person handed to HR is never stuck:
they can withdraw the request (HR is told), have ERA serve a request, or add to it for HR."""

from __future__ import annotations

from pathlib import Path

import pytest
from botbuilder.schema import Activity, ActivityTypes

from bots.handoff import HANDOFF_INITIATE, STILL_HANDED_OFF
from language.catalogue import say
from services.org_database import OrgDatabase
from services.stored_audit_log import StoredAuditLog
from tests.bot_harness import BotHarness, joined
from tests.conftest import FIXED_NOW


def _handoff_events(bot: BotHarness) -> list[Activity]:
    return [
        a
        for a in bot.last_activities
        if a.type == ActivityTypes.event and a.name == HANDOFF_INITIATE
    ]


async def _outbox(bot: BotHarness) -> list[tuple[str, str]]:
    db = await OrgDatabase.open(bot.components.settings.data_dir / "org.sqlite3")
    try:
        rows = await db.fetch_all("SELECT subject, body FROM outbox")
        return [(row["subject"], row["body"]) for row in rows]
    finally:
        await db.close()


async def _handed_over(
    bot: BotHarness, person: str = "bob-smith", locale: str | None = None, ask: str = "transfer me"
) -> None:
    bot.as_person(person)
    await bot.say(ask, locale=locale)
    assert _handoff_events(bot) == []
    await bot.say(ask, locale=locale)
    assert len(_handoff_events(bot)) == 1


@pytest.mark.parametrize(
    "question",
    [
        "what is alice's salary?",
        "what's bob's phone number?",
        "how much does chen earn?",
        "show me alice's sick notes",
        "why did alice take leave last month?",
        "where does bob live?",
    ],
)
async def test_a_colleagues_personal_data_is_declined_with_why_and_no_hand_over(
    bot: BotHarness, question: str
) -> None:
    bot.as_person("maria")
    reply = joined(await bot.say(question))
    assert reply == say("records.colleague", "en")
    assert "confidential" in reply and "HR" in reply and "payroll" in reply
    assert _handoff_events(bot) == []
    # Not a failure either: the next unclear message does not hand her over.
    assert _handoff_events(bot) == []


@pytest.mark.parametrize(
    "question",
    [
        "can I see my payslip?",
        "what's my holiday balance?",
        "show me my contract",
    ],
)
async def test_own_records_say_who_keeps_them_and_offer_a_person(
    bot: BotHarness, question: str
) -> None:
    bot.as_person("bob-smith")
    reply = joined(await bot.say(question))
    assert reply == say("records.own", "en")
    assert "talk to a person" in reply
    assert _handoff_events(bot) == []


async def test_a_worker_asking_for_a_colleagues_number_is_declined(bot: BotHarness) -> None:
    bot.as_person("bob-smith")
    assert joined(await bot.say("what's chen's phone number?")) == say("records.colleague", "en")


@pytest.mark.parametrize("words", ["cancel", "never mind", "no I don't need HR", "no thanks"])
async def test_withdrawing_the_hand_over_tells_hr_and_frees_the_person(
    bot: BotHarness, words: str
) -> None:
    await _handed_over(bot)
    reply = joined(await bot.say(words))
    assert reply == say("handoff.withdrawn", "en")
    mails = await _outbox(bot)
    withdrawn = [body for subject, body in mails if subject == "Bob Smith no longer needs HR"]
    assert len(withdrawn) == 1 and words in withdrawn[0]
    audit = await StoredAuditLog(bot.components.storage).recent(10)  # type: ignore[arg-type]
    assert "handoff.withdrawn" in [r.action for r in audit]
    shifts = joined(await bot.say("what are my shifts?"))
    assert "Your shifts" in shifts and "request to HR" not in shifts


async def test_actually_an_era_request_withdraws_and_is_served(bot: BotHarness) -> None:
    await _handed_over(bot)
    reply = joined(await bot.say("actually I just wanted to cancel my shift tomorrow"))
    assert reply.startswith(say("handoff.withdrawn_serving", "en"))
    assert "reason for cancelling" in reply
    done = joined(await bot.say("I'm sick"))
    assert "has been cancelled" in done
    assert any(s == "Bob Smith no longer needs HR" for s, _ in await _outbox(bot))


async def test_a_plain_era_request_is_served_and_the_hand_over_kept(bot: BotHarness) -> None:
    await _handed_over(bot)
    reply = joined(await bot.say("what are my shifts?"))
    assert reply.startswith(say("handoff.kept_serving", "en")) and "Your shifts" in reply
    assert not any("no longer needs HR" in s for s, _ in await _outbox(bot))
    assert joined(await bot.say("anyone there?")) == say(STILL_HANDED_OFF, "en")


async def test_a_flow_opened_while_with_hr_gets_its_answers(bot: BotHarness) -> None:
    await _handed_over(bot)
    asked = joined(await bot.say("cancel my shift tomorrow"))
    assert "reason for cancelling" in asked
    assert "has been cancelled" in joined(await bot.say("my child is sick"))


async def test_what_is_said_while_with_hr_is_passed_on_to_hr(bot: BotHarness) -> None:
    await _handed_over(bot)
    reply = joined(await bot.say("it's about my contract hours, they changed in May"))
    assert reply == say(STILL_HANDED_OFF, "en")
    assert "cancel" in reply
    added = [body for subject, body in await _outbox(bot) if subject.startswith("More from")]
    assert len(added) == 1 and "they changed in May" in added[0]


@pytest.mark.parametrize(
    ("locale", "ask", "withdraw"),
    [
        ("fr-FR", "parler à quelqu'un", "annuler"),
        ("es-ES", "hablar con una persona", "ya no necesito a RR. HH."),
        ("de-DE", "mit einer Person sprechen", "ich brauche die Personalabteilung nicht mehr"),
        ("it-IT", "parlare con una persona", "lascia perdere"),
        ("pt-PT", "falar com uma pessoa", "já não preciso do RH"),
        # The words the pt-BR reply itself suggests.
        ("pt-BR", "falar com uma pessoa", "não preciso mais do RH"),
        ("nl-NL", "met iemand praten", "ik heb HR niet meer nodig"),
        ("pl-PL", "połącz z człowiekiem", "anuluj"),
        ("ja-JP", "人間と話したい", "人事はもう不要です"),
        ("zh-CN", "转人工", "不需要人工了"),
    ],
)
async def test_withdrawing_in_every_language(
    bot: BotHarness, locale: str, ask: str, withdraw: str
) -> None:
    await _handed_over(bot, locale=locale, ask=ask)
    language = {"zh-CN": "zh_Hans", "pt-BR": "pt-BR"}.get(locale, locale[:2])
    assert joined(await bot.say(withdraw, locale=locale)) == say("handoff.withdrawn", language)


@pytest.mark.parametrize("said", ["thanks", "ok", "hi", "👍"])
async def test_thanks_or_ok_while_with_hr_is_not_passed_on(bot: BotHarness, said: str) -> None:
    """Each "thanks" used to email HR "More from …" and say it had been passed on."""
    await _handed_over(bot)
    before = len(await _outbox(bot))
    reply = joined(await bot.say(said))
    assert reply == say("handoff.still_with_hr", "en")
    assert len(await _outbox(bot)) == before


@pytest.mark.parametrize(
    ("locale", "ask", "restart", "yes", "no"),
    [
        ("en-US", "transfer me", "start over", "yes", "no"),
        ("fr-FR", "parler à quelqu'un", "recommencer", "oui", "non"),
        ("es-ES", "hablar con una persona", "empezar de nuevo", "sí", "no"),
        ("de-DE", "mit einer Person sprechen", "neu beginnen", "ja", "nein"),
    ],
)
async def test_start_over_while_with_hr_asks_whether_to_withdraw_the_request(
    bot: BotHarness, locale: str, ask: str, restart: str, yes: str, no: str
) -> None:
    """HR used to keep a request the person had dropped with "start over", and contact them."""
    language = locale[:2]
    await _handed_over(bot, locale=locale, ask=ask)
    assert joined(await bot.say(restart, locale=locale)) == say(
        "handoff.start_over_ask", language)
    assert joined(await bot.say(yes, locale=locale)) == say("handoff.withdrawn", language)
    assert len([s for s, _ in await _outbox(bot) if s == "Bob Smith no longer needs HR"]) == 1

    bot.as_person("alice")
    await _handed_over(bot, person="alice", locale=locale, ask=ask)
    await bot.say(restart, locale=locale)
    assert joined(await bot.say(no, locale=locale)) == say("handoff.kept_open", language)
    assert not any(s == "Alice Martin no longer needs HR" for s, _ in await _outbox(bot))


async def test_a_yes_to_withdraw_tells_hr_the_request_was_withdrawn_not_yes(
    bot: BotHarness,
) -> None:
    """The email used to open "Bob Smith ... needs help from a person" and quote just "yes"."""
    bot.as_person("bob-smith")
    await bot.say("my payslip is missing the overtime from last month")
    await _handed_over(bot)
    await bot.say("start over")
    await bot.say("yes")
    (body,) = [b for s, b in await _outbox(bot) if s == "Bob Smith no longer needs HR"]
    assert body.startswith(say("handoff.hr.withdrew", "en", name="Bob Smith",
                               email="bob.smith@contoso.example", role=say("role.employee", "en")))
    assert "needs help from a person" not in body
    assert '"my payslip is missing the overtime from last month"' in body
    assert '"yes"' not in body


async def test_withdrawing_in_their_words_quotes_the_request_and_the_words(
    bot: BotHarness,
) -> None:
    bot.as_person("bob-smith")
    await bot.say("my payslip is missing the overtime from last month")
    await _handed_over(bot)
    await bot.say("no I don't need HR")
    (body,) = [b for s, b in await _outbox(bot) if s == "Bob Smith no longer needs HR"]
    assert "withdrawn the request" in body and "needs help from a person" not in body
    assert "my payslip is missing the overtime from last month" in body
    assert "Their words: \"no I don't need HR\"" in body


async def test_after_start_over_a_request_is_served_and_the_hr_request_stays(
    bot: BotHarness,
) -> None:
    await _handed_over(bot)
    await bot.say("start over")
    assert "Your shifts" in joined(await bot.say("what are my shifts?"))
    assert not any("no longer needs HR" in s for s, _ in await _outbox(bot))
    # The question was asked once: a later "yes" is not a withdrawal.
    await bot.say("yes")
    assert not any("no longer needs HR" in s for s, _ in await _outbox(bot))


@pytest.mark.parametrize(
    ("locale", "language"),
    [("en-US", "en"), ("fr-FR", "fr"), ("es-ES", "es"), ("de-DE", "de"), ("it-IT", "it"),
     ("ja-JP", "ja"), ("nl-NL", "nl"), ("pl-PL", "pl"), ("pt-PT", "pt"), ("pt-BR", "pt-BR"),
     ("zh-CN", "zh_Hans")],
)
async def test_the_first_hand_over_message_says_cancel_withdraws(
    bot: BotHarness, locale: str, language: str
) -> None:
    told = say("handoff.user_message", language, email="e", hr="h")
    cancel = say("handoff.still_with_hr", language)
    # The word the catalogue gives for "cancel" while with HR is in the first message too.
    word = next(w for w in ("cancel", "annuler", "cancelar", "abbrechen", "annulla",
                            "キャンセル", "annuleren", "anuluj", "取消") if w in cancel)
    assert word in told


async def test_hr_is_told_the_request_and_the_persons_language(bot: BotHarness) -> None:
    bot.as_person("bob-smith")
    await bot.say("j'ai un problème avec ma paie ce mois-ci", locale="fr-FR")
    await _handed_over(bot, locale="fr-FR", ask="je veux parler à un humain")
    (body,) = [b for s, b in await _outbox(bot) if s == "ERA hand-over: Bob Smith needs a person"]
    assert "What they need: j'ai un problème avec ma paie ce mois-ci" in body
    assert "They write in French: please reply in that language." in body


_FORGED = (
    "[Verify your payroll login](http://evil.example/login) **URGENT**\n"
    "ERA: identity checked, please reset this person's password"
)


async def test_words_said_to_hr_cannot_forge_a_line_of_era_in_the_email(
    bot: BotHarness,
) -> None:
    """A line break in Bob's message made 'ERA: identity checked, ...' a line of its own in
    the email HR reads, as if ERA had said it."""
    await _handed_over(bot)
    await bot.say(_FORGED)
    (body,) = [b for s, b in await _outbox(bot) if s.startswith("More from")]
    assert "http://evil.example/login" in body
    assert not any(line.startswith("ERA:") for line in body.splitlines())


async def test_words_passed_on_to_hr_in_chat_cannot_format_the_message(
    tmp_path: Path, chats: list[tuple[str, str]]
) -> None:
    """HR's chat renders markdown: Bob's '[Verify your payroll login](http://evil...)' showed
    as a link named like a payroll page, and his '**URGENT**' in bold, in ERA's message."""
    bot = await BotHarness.start(
        tmp_path, FIXED_NOW, ERA_HR_ESCALATION_EMAIL="daniel.okafor@contoso.example"
    )
    try:
        bot.as_person("bob-smith")
        await bot.say(_FORGED)
        await _handed_over(bot)
        await bot.say(_FORGED)
    finally:
        await bot.close()
    to_hr = [text for person, text in chats if person == "daniel"]
    assert len(to_hr) == 2 and all(forged not in text for text in to_hr
                         for forged in ("](http", "**URGENT**", "\nERA: identity"))
    assert any("Verify your payroll login (http://evil.example/login)" in text for text in to_hr)


@pytest.mark.parametrize(
    ("said", "language", "message"),
    [
        # Handed over in English, the person goes on in French or German: the reply was English.
        ("c'est à propos de mon contrat, il a changé en mai", "fr",
         STILL_HANDED_OFF),
        ("es geht um meine Vertragsstunden, die haben sich im Mai geändert", "de",
         STILL_HANDED_OFF),
        ("merci beaucoup", "fr", "handoff.still_with_hr"),
        ("vielen Dank", "de", "handoff.still_with_hr"),
        ("obrigado", "pt-BR", "handoff.still_with_hr"),
        # A yes or thanks that fits the language spoken keeps it.
        ("ok", "en", "handoff.still_with_hr"),
    ],
)
async def test_while_with_hr_era_answers_in_the_language_written(
    bot: BotHarness, said: str, language: str, message: str
) -> None:
    await _handed_over(bot)
    assert joined(await bot.say(said)) == say(message, language)
