"""Failure tracking and the hand-over to a person (design note 004, cases A-E), interrupts that
never trap the user, and no false interrupts."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from botbuilder.schema import Activity, ActivityTypes

from bots.handoff import HANDOFF_INITIATE, STILL_HANDED_OFF
from language.catalogue import say
from services.demo_organisation import RIVERSIDE
from services.org_database import OrgDatabase
from services.stored_audit_log import StoredAuditLog
from tests.bot_harness import BotHarness, joined
from tests.conftest import FIXED_NOW
from tests.fakes.graph_server import FakeGraphServer, FixedTokenSource

SHIFTS_OWNER = "0000aaaa-1111-4222-8333-444455556666"


@pytest.fixture
async def graph() -> AsyncIterator[FakeGraphServer]:
    async with FakeGraphServer() as server:
        yield server


@pytest.fixture
async def graph_bot(tmp_path: Path, graph: FakeGraphServer) -> AsyncIterator[BotHarness]:
    """The bot with Teams Shifts through Graph, Graph being the local fake (an empty team that
    ERA acts on as its owner)."""
    graph.team("team-riverside").add_owner(SHIFTS_OWNER)
    harness = await BotHarness.start(
        tmp_path, FIXED_NOW, graph_token_source=FixedTokenSource(),
        ERA_SHIFTS_BACKEND="graph", GRAPH_TENANT_ID="tenant", GRAPH_CLIENT_ID="client",
        GRAPH_CLIENT_SECRET="secret", GRAPH_TEAM_ID="team-riverside",
        GRAPH_STORE_ID=RIVERSIDE, GRAPH_BASE_URL=graph.base_url,
        ERA_GRAPH_SHIFTS_OWNER_ID=SHIFTS_OWNER,
    )
    yield harness
    await harness.close()


def _handoff_events(bot: BotHarness) -> list[Activity]:
    return [a for a in bot.last_activities
            if a.type == ActivityTypes.event and a.name == HANDOFF_INITIATE]


async def _outbox_subjects(bot: BotHarness) -> list[str]:
    db = await OrgDatabase.open(bot.components.settings.data_dir / "org.sqlite3")
    try:
        return [row["subject"] for row in await db.fetch_all("SELECT subject FROM outbox")]
    finally:
        await db.close()


async def test_case_a_transfer_me_asks_what_is_needed(bot: BotHarness) -> None:
    bot.as_person("bob-smith")
    asked = joined(await bot.say("transfer me"))
    assert "tell me in a sentence what you need" in asked
    assert _handoff_events(bot) == []


async def test_case_c_three_technical_failures_transfer(
    graph_bot: BotHarness, graph: FakeGraphServer
) -> None:
    graph.fail(503, times=100)
    graph_bot.as_person("bob-smith")
    for attempt in (1, 2):
        failed = joined(await graph_bot.say("cancel my shift tomorrow"))
        assert "couldn't reach" in failed and "reference" in failed, attempt
        assert _handoff_events(graph_bot) == []
    third = joined(await graph_bot.say("cancel my shift tomorrow"))
    assert "handing you over to a person in our HR team" in third
    event = _handoff_events(graph_bot)[0]
    assert event.value["reason"] == "too_many_failures"
    assert event.value["category"] == "technical"
    assert len(event.value["failureHistory"]) == 3
    assert event.value["user"]["email"] == "bob.smith@contoso.example"
    assert event.value["lastTopic"] == "cancel my shift tomorrow"
    transcript = event.attachments[0]
    assert transcript.name == "Transcript"
    texts = [a.get("text") for a in transcript.content["activities"]]
    assert texts.count("cancel my shift tomorrow") == 3
    assert any("couldn't reach" in (t or "") for t in texts)
    assert any("ERA hand-over" in s for s in await _outbox_subjects(graph_bot))

    assert joined(await graph_bot.say("anyone there?")) == say(STILL_HANDED_OFF, "en")
    back = joined(await graph_bot.say("start over"))
    assert back == say("handoff.start_over_ask", "en")


async def test_case_d_transfer_requested_then_one_failure_transfers(
    graph_bot: BotHarness, graph: FakeGraphServer
) -> None:
    graph_bot.as_person("bob-smith")
    await graph_bot.say("I want to talk to a human")
    graph.fail(503, times=100)
    handed = joined(await graph_bot.say("cancel my shift tomorrow"))
    assert "handing you over" in handed
    assert _handoff_events(graph_bot)[0].value["reason"] == "user_requested"


async def test_case_d_an_unhelpable_request_after_asking_for_a_person_transfers(
    bot: BotHarness,
) -> None:
    bot.as_person("bob-smith")
    await bot.say("talk to a person")
    handed = joined(await bot.say("my payslip is wrong"))
    assert "handing you over" in handed


@pytest.mark.parametrize(("locale", "asked", "need"), [
    ("pl-PL", "chce rozmawiac z kims z hr", "chodzi o wyplate"),
    ("ja-JP", "人事の人と話したい", "給料のことです"),
    ("zh-CN", "我要找人事", "工资的问题"),
])
async def test_what_is_needed_after_asking_for_hr_is_handed_over_without_a_not_understood(
    bot: BotHarness, locale: str, asked: str, need: str
) -> None:
    """The need ERA asked for got "Sorry, I'm not sure what you'd like me to do. I can: ..."
    with its list of examples, and then the hand-over."""
    bot.as_person("maria").locale = locale
    await bot.say(asked)
    replies = await bot.say(need)
    assert len(replies) == 1, joined(replies)  # the hand-over alone
    assert _handoff_events(bot)


@pytest.mark.parametrize(("locale", "asked", "nothing"), [
    ("en-US", "I want to talk to a human", "nothing, it's fine"),
    ("de-DE", "kann ich mit einer echten Person sprechen?", "nein, schon gut"),
    ("fr-FR", "je veux parler à un humain", "non c'est bon"),
    ("es-ES", "quiero hablar con una persona", "no, da igual"),
    ("nl-NL", "ik wil met een mens praten", "nee hoor, laat maar"),
    ("ja-JP", "人事の人と話したい", "いいえ、大丈夫です"),
    ("zh-CN", "我要找人事", "没事了，谢谢"),
])
async def test_nothing_needed_after_all_ends_the_request_for_a_person(
    bot: BotHarness, locale: str, asked: str, nothing: str
) -> None:
    """The finding: "nein, schon gut" at "tell me in a sentence what you need" was routed as
    a request and got "Nothing is waiting for your answer right now": wrong, as the question had
    just been asked. Nothing is needed: ERA stops, in the person's language, and nobody is
    handed over or emailed."""
    bot.as_person("bob-smith").locale = locale
    await bot.say(asked)
    closed = joined(await bot.say(nothing))
    assert say("flow.transfer.stopped", locale) in closed, closed
    assert say("main.stray_reply", locale) not in closed
    assert _handoff_events(bot) == []
    assert await _outbox_subjects(bot) == []


async def test_asking_twice_transfers_at_once(bot: BotHarness) -> None:
    bot.as_person("bob-smith")
    await bot.say("transfer me")
    handed = joined(await bot.say("transfer me"))
    assert "handing you over" in handed
    assert _handoff_events(bot)[0].value["reason"] == "user_insisted"
    audit = await StoredAuditLog(bot.components.storage).recent(10)  # type: ignore[arg-type]
    assert [(r.action, r.actor_id, r.details["reason"]) for r in audit] == [
        ("handoff", "bob-smith", "user_insisted")]


async def test_case_e_a_success_resets_the_count(
    graph_bot: BotHarness, graph: FakeGraphServer
) -> None:
    graph_bot.as_person("bob-smith")
    graph.fail(503, times=3, retry_after="0")  # the first attempt and its two retries
    assert "couldn't reach" in joined(await graph_bot.say("cancel my shift tomorrow"))
    ok = joined(await graph_bot.say("cancel my shift tomorrow"))  # the fake works again
    assert "couldn't reach" not in ok
    graph.fail(503, times=100)
    for _ in range(2):
        assert "couldn't reach" in joined(await graph_bot.say("cancel my shift tomorrow"))
        assert _handoff_events(graph_bot) == []
    assert "handing you over" in joined(await graph_bot.say("cancel my shift tomorrow"))


async def test_a_successful_request_after_asking_for_a_person_ends_the_attempt(
    bot: BotHarness,
) -> None:
    bot.as_person("bob-smith")
    await bot.say("transfer me")
    helped = joined(await bot.say("what are my shifts?"))
    assert "Your shifts" in helped
    assert "not sure" in joined(await bot.say("blorp"))
    assert _handoff_events(bot) == []


async def test_handoff_status_events_are_turned_into_messages(bot: BotHarness) -> None:
    bot.as_person("bob-smith")
    await bot.say("transfer me")
    await bot.say("transfer me")
    accepted = await bot.send(Activity(type=ActivityTypes.event, name="handoff.status",
                                       value={"state": "accepted"}))
    assert "picked up your conversation" in joined(accepted)
    assert joined(await bot.say("anyone there?")) == say(STILL_HANDED_OFF, "en")
    done = await bot.send(Activity(type=ActivityTypes.event, name="handoff.status",
                                   value={"state": "completed", "message": "Case closed."}))
    assert "has ended" in joined(done) and "Case closed." in joined(done)
    assert "Your shifts" in joined(await bot.say("what are my shifts?"))


async def test_an_interrupt_then_a_resume(bot: BotHarness) -> None:
    bot.as_person("maria")
    await bot.say("assign bob jones on wed sales associate")
    digression = joined(await bot.say("actually unassign chen from thursday"))
    assert "Preview: Chen Wei off Thu 26 Nov" in digression
    after = joined(await bot.say("yes"))
    assert "Done: Chen Wei off" in after
    assert "Shall we get back to assigning a shift?" in after
    again = joined(await bot.say("yes"))
    assert "which shift?" in again
    assert "Preview: Bob Jones → Wed 25 Nov, Morning" in joined(await bot.say("1"))


async def test_declining_to_resume_drops_the_flow(bot: BotHarness) -> None:
    bot.as_person("maria")
    await bot.say("assign bob jones on wed sales associate")
    await bot.say("actually unassign chen from thursday")
    await bot.say("no")
    assert "Shall we get back" in joined(bot.transcript[-2:])
    assert "dropped assigning a shift" in joined(await bot.say("no"))


async def test_help_explains_the_current_question_and_cancel_ends_the_flow(
    bot: BotHarness,
) -> None:
    bot.as_person("bob-smith")
    await bot.say("cancel one of my shifts")
    helped = joined(await bot.say("help"))
    assert "Right now I'm cancelling your shift" in helped
    assert "number from 1 to" in helped
    stopped = joined(await bot.say("cancel"))
    assert "stopped cancelling your shift" in stopped and "Nothing was changed" in stopped


@pytest.mark.parametrize("reason", ["I need to help my mother", "help the children at school",
                                    "I have to stop by the hospital"])
async def test_no_false_interrupts_in_an_answer(bot: BotHarness, reason: str) -> None:
    bot.as_person("bob-smith")
    await bot.say("cancel my shift tomorrow")
    done = joined(await bot.say(reason))
    assert "has been cancelled" in done


async def test_start_over_clears_everything(bot: BotHarness) -> None:
    bot.as_person("maria")
    await bot.say("assign bob jones on wed sales associate")
    assert "let's start over" in joined(await bot.say("start over"))
    assert "waiting for your answer" in joined(await bot.say("1"))


@pytest.mark.parametrize(("text", "answer"), [("blorp", "what can I do for you"),
                                              ("send", "waiting for your answer"),
                                              ("ok", "waiting for your answer")])
async def test_a_stray_word_from_a_manager_is_not_a_knowledge_gap(
    bot: BotHarness, text: str, answer: str
) -> None:
    bot.as_person("maria")
    assert answer in joined(await bot.say(text))
    assert _handoff_events(bot) == []


async def test_a_real_question_without_guidance_is_a_knowledge_gap_and_transfers_at_once(
    bot: BotHarness,
) -> None:
    bot.as_person("maria")
    replies = joined(await bot.say("Can employees bring their dogs to the office?"))
    assert "handing you over" in replies
    assert _handoff_events(bot)[0].value["reason"] == "knowledge_gap"


async def _at_the_resume_question(bot: BotHarness) -> None:
    bot.as_person("maria")
    await bot.say("assign bob jones on wed sales associate")
    await bot.say("actually unassign chen from thursday")
    assert "Shall we get back" in joined(await bot.say("yes"))


async def test_start_over_and_transfer_work_at_the_resume_question(bot: BotHarness) -> None:
    await _at_the_resume_question(bot)
    assert "Fresh start" in joined(await bot.say("start over"))
    await bot.say("assign bob jones on wed sales associate")
    await bot.say("actually unassign fatima from monday")
    assert "Shall we get back" in joined(await bot.say("yes"))
    assert "what you need" in joined(await bot.say("talk to a person"))


async def test_the_resume_question_does_not_outlive_its_ten_minutes(bot: BotHarness) -> None:
    await _at_the_resume_question(bot)
    bot.clock.advance(minutes=11)
    later = joined(await bot.say("unassign fatima from monday"))
    assert "Preview: Fatima Khan off" in later


async def test_a_late_yes_at_the_resume_question_resumes_nothing(bot: BotHarness) -> None:
    await _at_the_resume_question(bot)
    bot.clock.advance(hours=2)
    late = joined(await bot.say("yes"))
    assert "which shift?" not in late and "waiting for your answer" in late


async def test_a_new_request_after_a_question_expired_is_served(bot: BotHarness) -> None:
    bot.as_person("bob-smith")
    await bot.say("cancel one of my shifts")
    bot.clock.advance(minutes=11)
    replies = joined(await bot.say("what are my shifts?"))
    assert "expired" in replies and "Your shifts" in replies


async def test_a_handover_nobody_ends_releases_the_conversation_after_a_day(
    bot: BotHarness,
) -> None:
    bot.as_person("bob-smith")
    await bot.say("transfer me")
    await bot.say("transfer me")
    assert joined(await bot.say("anyone there?")) == say(STILL_HANDED_OFF, "en")
    bot.clock.advance(hours=25)
    assert "Your shifts" in joined(await bot.say("what are my shifts?"))


async def test_a_hand_over_that_reaches_nobody_says_so_instead_of_promising_a_reply(
    tmp_path: Path,
) -> None:
    import socket

    with socket.socket() as probe:  # a port nobody listens on: the mail server is down
        probe.bind(("127.0.0.1", 0))
        closed_port = probe.getsockname()[1]
    bot = await BotHarness.start(tmp_path, FIXED_NOW, ERA_MAIL_BACKEND="smtp",
                                 SMTP_HOST="127.0.0.1", SMTP_PORT=str(closed_port),
                                 SMTP_STARTTLS="false")
    try:
        bot.as_person("maria")
        replies = joined(await bot.say("Can employees bring their dogs to the office?"))
        assert "couldn't reach them just now" in replies
        assert "hr-desk@contoso.example" in replies
        assert "within one working day" not in replies
    finally:
        await bot.close()


@pytest.mark.parametrize(("text", "locale", "answer"), [
    ("thanks!", "en-US", "You're welcome, Bob!"),
    ("great, thank you so much", "en-US", "You're welcome, Bob!"),
    ("merci beaucoup !", "fr-FR", "Avec plaisir, Bob !"),
    ("vielen Dank", "de-DE", "Gern geschehen, Bob!"),
    ("ありがとうございます", "ja-JP", "どういたしまして、Bobさん。"),
    ("bye, see you tomorrow", "en-US", "Bye Bob, have a good day!"),
    ("hasta luego", "es-ES", "¡Hasta luego, Bob"),
])
async def test_thanks_and_goodbyes_get_a_kind_answer_and_count_as_no_failure(
    bot: BotHarness, text: str, locale: str, answer: str
) -> None:
    """The finding: "thanks" got "Sorry, I'm not sure what you'd like me to do" and counted
    as a request ERA could not help with; three of them could hand the person to HR."""
    bot.as_person("bob-smith")
    for _ in range(3):
        said = joined(await bot.say(text, locale=locale))
        assert answer in said
        assert "not sure" not in said and "pas sûr" not in said
    assert _handoff_events(bot) == []


async def test_thanks_at_a_question_keeps_the_question(bot: BotHarness) -> None:
    """A "thanks" while ERA waits for a reason does not end the cancellation, nor answer it."""
    bot.as_person("bob-smith")
    assert "What's the reason" in joined(await bot.say("cancel my shift on friday"))
    assert "reason" in joined(await bot.say("thanks"))
    assert "has been cancelled" in joined(await bot.say("I'm sick"))


@pytest.mark.parametrize("text", ["what?", "huh?", "???", "is it legal?", "why?", "这合法吗？"])
async def test_a_question_with_nothing_to_go_on_is_not_handed_to_hr(
    bot: BotHarness, text: str
) -> None:
    """The finding: a manager's "what?" or "is it legal?" with nothing before it was a
    knowledge gap, and ERA handed Maria over to HR at once, sending HR a question with nothing
    to go on."""
    bot.as_person("maria")
    said = joined(await bot.say(text))
    assert _handoff_events(bot) == []
    assert "HR team" not in said and "人力资源" not in said
    more = joined(await bot.say("Bob Smith didn't show up for 3 days"))
    assert "Bob" in more and _handoff_events(bot) == []


async def test_a_yes_or_a_no_after_anything_else_answers_that_question(bot: BotHarness) -> None:
    """The finding: after "... has been cancelled. Anything else?", a "yes" got "There's no
    open question right now". It answers ERA's question now; a yes with nothing asked still
    gets the plain answer."""
    bot.as_person("bob-smith")
    await bot.say("cancel my shift on friday")
    assert "Anything else?" in joined(await bot.say("I have a dentist appointment"))
    yes = joined(await bot.say("yes"))
    assert "what would you like to do?" in yes and "waiting for your answer" not in yes
    assert "waiting for your answer" in joined(await bot.say("yes"))
    await bot.say("annule mon shift de samedi", locale="fr-FR")
    assert "autre chose" in joined(await bot.say("non", locale="fr-FR"))
    assert "D'accord, Bob" in joined(await bot.say("non", locale="fr-FR"))


@pytest.mark.parametrize(
    ("locale", "cancel", "reason", "no_thanks", "anything_else", "ok"),
    [
        ("en-US", "cancel my shift on friday", "I have a dentist appointment", "no thanks",
         "Anything else?", "OK, Bob!"),
        ("fr-FR", "annule mon shift de samedi", "rendez-vous chez le dentiste", "non merci",
         "autre chose", "D'accord, Bob"),
        ("de-DE", "storniere meine Schicht am Freitag", "Zahnarzttermin", "nein danke",
         "sonst noch etwas", "Alles klar, Bob"),
        ("es-ES", "cancela mi turno del viernes", "tengo cita con el dentista", "no gracias",
         "Algo más", "De acuerdo, Bob"),
        ("nl-NL", "annuleer mijn dienst op vrijdag", "ik moet naar de tandarts", "nee dank je",
         "nog iets", "Prima, Bob"),
        ("ja-JP", "金曜日のシフトをキャンセルして", "歯医者の予約があります", "いいえ、結構です",
         "ほかに", "承知しました、Bobさん"),
    ],
)
async def test_no_thanks_declines_anything_else_and_is_no_thank_you(
    bot: BotHarness, locale: str, cancel: str, reason: str, no_thanks: str,
    anything_else: str, ok: str,
) -> None:
    """The finding: "no thanks" after "Anything else?" (and with nothing asked) got "You're
    welcome". It is a no: it answers the question, and alone it gets a polite OK."""
    bot.as_person("bob-smith")
    await bot.say(cancel, locale=locale)
    assert anything_else in joined(await bot.say(reason, locale=locale))
    declined = joined(await bot.say(no_thanks, locale=locale))
    assert ok in declined, declined
    assert declined == joined(await bot.say(no_thanks, locale=locale))


@pytest.mark.parametrize(
    ("locale", "cancel", "reason", "ack", "ok"),
    [
        ("en-US", "cancel my shift on friday", "I have a dentist appointment", "ok", "OK, Bob!"),
        ("en-US", "cancel my shift on friday", "I have a dentist appointment", "👍", "OK, Bob!"),
        ("fr-FR", "annule mon shift de samedi", "rendez-vous chez le dentiste", "d'accord",
         "D'accord, Bob"),
        ("zh-CN", "取消我周五的班", "我要去看牙医", "好的", "好的，Bob"),
    ],
)
async def test_ok_after_anything_else_acknowledges_and_asks_for_nothing(
    bot: BotHarness, locale: str, cancel: str, reason: str, ack: str, ok: str
) -> None:
    """The finding: "ok" (or "好的") after "... has been cancelled. Anything else?" got "Sure,
    what would you like to do?" with the list of what ERA can do: the worker acknowledged what
    was done, and asked for nothing more."""
    bot.as_person("bob-smith")
    await bot.say(cancel, locale=locale)
    await bot.say(reason, locale=locale)
    said = joined(await bot.say(ack, locale=locale))
    assert said.startswith(ok), said
    assert say("main.stray_yes", locale[:2] if locale != "zh-CN" else "zh-Hans",
               capabilities="").strip() not in said


@pytest.mark.parametrize(("locale", "ask", "which", "found"), [
    ("es-ES", "qué turnos tengo esta semana?", "cancela el del jueves", "He encontrado su turno"),
    ("pt-BR", "quais são meus turnos essa semana?", "cancela o de quinta", "Encontrei seu turno"),
    ("fr-FR", "quels sont mes services cette semaine ?", "annule celui de jeudi",
     "J'ai trouvé votre poste"),
    ("it-IT", "quali sono i miei turni questa settimana?", "cancella quello di giovedì",
     "Ho trovato il Suo turno"),
])
async def test_a_cancel_with_a_day_at_the_resume_question_is_that_request(
    bot: BotHarness, locale: str, ask: str, which: str, found: str
) -> None:
    """'cancela el del jueves' at 'Shall we get back to cancelling your shift?' asks for
    Thursday's shift: it was read as a no, and the flow was dropped with nothing done."""
    bot.as_person("bob-smith")
    bot.locale = locale
    await bot.say("cancel one of my shifts")
    assert say("flow.shift_cancel.resume", locale[:2]) in joined(await bot.say(ask))
    replies = joined(await bot.say(which))
    assert found in replies and "26" in replies


@pytest.mark.parametrize(("locale", "start", "ask", "which"), [
    ("pl-PL", "chcę odwołać zmianę", "jakie mam zmiany w tym tygodniu", "odwołaj środę"),
    ("ja-JP", "シフトをキャンセルしたい", "今週のシフトは？", "水曜日をキャンセル"),
    ("de-DE", "ich möchte eine Schicht absagen", "welche Schichten habe ich diese Woche?",
     "Mittwoch absagen"),
    ("zh-CN", "我想取消一个班", "我这周有哪些班？", "取消周三的"),
    ("nl-NL", "ik wil een dienst afzeggen", "welke diensten heb ik deze week?",
     "woensdag afzeggen"),
])
async def test_a_shift_named_at_the_resume_question_goes_on_with_it(
    bot: BotHarness, locale: str, start: str, ask: str, which: str
) -> None:
    """After the list of shifts and a look at the week, 'odwołaj środę' at 'Shall we get back
    to cancelling your shift?' names Wednesday's shift: it was met with the resume question
    asked again, or dropped the flow."""
    bot.as_person("bob-smith")
    bot.locale = locale
    await bot.say(start)
    assert say("flow.shift_cancel.resume", locale[:2]) in joined(await bot.say(ask))
    replies = joined(await bot.say(which))
    assert "25" in replies and say("flow.shift_cancel.resume", locale[:2]) not in replies
    assert say("flow.shift_cancel.dropped", locale[:2]) not in replies
