"""The advice conversation through the real bot, as Maria (a store manager): offline on the
playbooks and in LLM mode against a local OpenAI-compatible server. Clarifying questions never
trigger an action; the recommendation after the answers does (email before calendar); a
question no playbook covers is an honest knowledge gap; `!improve` is stored and exported."""

from __future__ import annotations

import logging
import re
from datetime import timedelta
from pathlib import Path

import pytest

from config import Settings
from core.time_window import TimeWindow
from dialogs.advice_dialog import GAP_QUESTION
from language.catalogue import say
from services.llm_advisor import read_master_prompt
from services.org_database import OrgDatabase
from services.playbook_advisor import NO_GUIDANCE
from state.feedback_store import AdviceExchange, FeedbackStore
from state.person_state import PersonState, person_state_in_use
from tests.bot_harness import BotHarness, Reply, joined, shown
from tests.conftest import FIXED_NOW
from tests.fakes.openai_server import FakeOpenAIServer, openai_server
from tools.export_feedback import read_feedback

__all__ = ["openai_server"]

LLM_CLARIFYING = (
    "Got it, three days without a word needs attention. Have you tried reaching Bob yet, and "
    "were these shifts in a row?"
)
LLM_DRAFT = "Subject: Trying to reach you\n\nHi Bob, I tried to call you twice this week."
LLM_RECOMMENDATION = (
    "Thanks, that helps. Here's what I'd do:\n"
    "1. I can draft an email to Bob documenting your attempts to reach him.\n"
    "2. Then I recommend you schedule a call with the employee to hear his side. I can "
    "schedule that call for you."
)



def _conversation_key(bot: BotHarness) -> str:
    return f"{bot.channel_id}:{bot.conversation_id}"


async def _last_exchange(bot: BotHarness) -> AdviceExchange:
    """The exchange `!improve` would attach now: the one kept in Maria's state document."""
    with person_state_in_use(PersonState("", None, await bot.stored_state())):
        exchange = await FeedbackStore(bot.components.storage).last_exchange(
            _conversation_key(bot))
    assert exchange is not None
    return exchange


def _triggered(exchange: AdviceExchange) -> dict[str, bool]:
    return {d["detector"]: d["triggered"] for d in exchange.decisions}


def _titles(replies: list[Reply]) -> list[str]:
    return [title for reply in replies for title, _ in reply.buttons]


def _shared_runs(letter: str, said: list[str], length: int = 5) -> set[str]:
    """Runs of `length` words the letter shares with what the manager typed."""
    def runs(text: str) -> set[str]:
        words = re.findall(r"[\w']+", text.casefold())
        return {" ".join(words[i:i + length]) for i in range(len(words) - length + 1)}
    return runs(letter) & set().union(*(runs(message) for message in said))


async def _outbox(bot: BotHarness) -> list[dict[str, object]]:
    db = await OrgDatabase.open(bot.components.settings.data_dir / "org.sqlite3")
    try:
        return [dict(row) for row in await db.fetch_all("SELECT * FROM outbox ORDER BY rowid")]
    finally:
        await db.close()


async def test_not_spoken_to_yet_gets_an_informal_conversation_and_the_call_offer(
    bot: BotHarness,
) -> None:
    """The finding: "no i havent talked to him yet" got a formal written warning and its
    draft. The proportionate first step is an informal conversation, and ERA offers the call."""
    asked = joined(await bot.say(
        "my employee Bob Smith keeps coming in late, like 20 min every day this week"))
    assert "Have you already spoken to Bob about it" in asked
    advice = joined(await bot.say("no i havent talked to him yet"))
    assert "informal conversation, not a warning" in advice
    assert "I recommend you schedule a short one-to-one call with Bob" in advice
    assert "I can draft the written warning" not in advice and "Subject:" not in advice
    assert "Here are the free times" not in advice
    assert "Shall I find a time for that call with Bob Smith?" in advice
    exchange = await _last_exchange(bot)
    assert _triggered(exchange) == {"email": False, "calendar": True}
    assert exchange.launched == "calendar"
    assert "Here are the free times in the next 7 days" in joined(await bot.say("yes"))
    assert "Book a 30-minute call with Bob Smith" in joined(await bot.say("1"))
    assert "is booked" in joined(await bot.say("yes"))
    # Only the call's invitation went out: no warning letter.
    assert [m["subject"] for m in await _outbox(bot) if "arning" in str(m["subject"])] == []


@pytest.mark.parametrize(("locale", "opening", "thanks", "asked"), [
    ("en-US", "bob smith was late 3 times this week, what should i do?", "ok thanks",
     "Have you already spoken to Bob about it"),
    ("en-US", "bob smith was late 3 times this week, what should i do?", "👍",
     "Have you already spoken to Bob about it"),
    ("it-IT", "bob smith è arrivato in ritardo 3 volte questa settimana, cosa faccio?",
     "ok grazie", "Ne ha già parlato con"),
])
async def test_thanks_is_not_a_yes_to_whether_you_spoke_to_them(
    bot: BotHarness, locale: str, opening: str, thanks: str, asked: str
) -> None:
    """The finding: "ok thanks" at "Have you already spoken to Bob about it?" was read as a yes:
    the advice went on "as the lateness has continued after you spoke to Bob" and drafted a
    written warning saying "We already spoke about this". The question is asked again."""
    bot.as_person("maria").locale = locale
    assert asked in joined(await bot.say(opening))
    again = joined(await bot.say(thanks))
    assert asked in again, again
    assert "written warning" not in again and "richiamo scritto" not in again


@pytest.mark.parametrize(("locale", "opening", "answer", "warn", "made"), [
    ("en-US", "Bob Smith was late 3 times this week, what should I do?", "no, first time",
     "send him a written warning", "Here's a draft of a formal written warning"),
    ("fr-FR", "Bob Smith est arrivé en retard 3 fois cette semaine, je fais quoi ?",
     "non c'est la premiere fois qu'on en parle", "ok envoie lui un avertissement écrit",
     "Voici un projet d'avertissement écrit"),
])
async def test_a_warning_asked_for_after_the_offer_of_a_talk_is_a_warning(
    bot: BotHarness, locale: str, opening: str, answer: str, warn: str, made: str
) -> None:
    """The finding: with the call's free times offered, "send him a written warning" drafted
    the advisor's "I would like to talk with you about your punctuality" instead."""
    bot.as_person("maria").locale = locale
    await bot.say(opening)
    await bot.say(answer)
    draft = joined(await bot.say(warn))
    if warn.startswith("ok "):
        # "ok" at "Shall I find a time for that call?", then the warning: ERA makes sure the
        # "ok" was no yes to the call; "no" leaves the call and drafts the warning.
        assert "Pour être sûr" in draft, draft
        draft = joined(await bot.say("non"))
    assert made in draft, draft
    assert "formal written warning" in draft
    assert "I would like to talk with you" not in draft


_LATE_THEN_NOT_YET = {
    "en-US": ("bob smith was late 3 times this week", "no not yet", "no thanks",
              "send him a written warning"),
    "fr-FR": ("bob smith est arrivé en retard 3 fois cette semaine", "non, pas encore",
              "non merci", "envoie-lui un avertissement écrit"),
    "es-ES": ("bob smith llegó tarde 3 veces esta semana", "no, todavía no", "no gracias",
              "mándale una advertencia por escrito"),
    "de-DE": ("bob smith kam diese Woche 3 mal zu spät", "nein, noch nicht", "nein danke",
              "schick ihm eine schriftliche Abmahnung"),
}


@pytest.mark.parametrize("at_offer", [True, False], ids=["at the offer", "at anything else"])
@pytest.mark.parametrize("locale", list(_LATE_THEN_NOT_YET))
async def test_a_written_warning_asked_for_after_advice_is_its_email_with_its_preview(
    bot: BotHarness, locale: str, at_offer: bool
) -> None:
    """The finding: "envoie-lui un avertissement écrit" at "anything else?" (or at the offered
    call) was read as an answer to the advisor (advice on a warning already given)."""
    opening, answer, no_thanks, warn = _LATE_THEN_NOT_YET[locale]
    bot.as_person("maria").locale = locale
    await bot.say(opening)
    await bot.say(answer)
    if not at_offer:
        await bot.say(no_thanks)
    draft = await bot.say(warn)
    # Bob reads English: his letter is the written warning, shown before anything is sent.
    assert "I am writing to give you a formal written warning" in joined(draft), joined(draft)
    assert draft[-1].buttons, "the preview, with Send / Edit / Cancel"
    assert await _outbox(bot) == []


@pytest.mark.parametrize(("opening", "answer", "said"), [
    # English lateness advice says "usually" in its cautions: naming Bob is what makes it real.
    ("Bob Smith keeps coming in late", "no, not yet", "Here are the free times"),
    ("Bob Smith kommt ständig zu spät", "nein, noch nicht", "Hier sind die freien Zeiten"),
])
async def test_naming_one_of_your_people_makes_it_a_real_case_in_every_language(
    bot: BotHarness, opening: str, answer: str, said: str
) -> None:
    """The finding: in English, "Bob Smith keeps coming in late" got the recommendation with
    "I can schedule that call with Bob for you." but no free times, and "yes, do that" then got
    "Glad that helps" (in German the same case offered the times)."""
    await bot.say(opening)
    advice = joined(await bot.say(answer))
    assert said not in advice and "Bob Smith" in advice
    assert (await _last_exchange(bot)).launched == "calendar"
    assert said in joined(await bot.say("yes" if "Bob Smith keeps" in opening else "ja"))


async def test_two_people_of_that_name_are_asked_about_not_read_from_eras_own_words(
    bot: BotHarness,
) -> None:
    """Two Bobs work in Maria's store: the call flow asks which one. It used to look for a name
    in ERA's own recommendation and answer 'I couldn't find "you" in your store'."""
    await bot.say("Bob keeps coming in late")
    offer = await bot.say("no, not yet")
    assert 'There are 2 people called "Bob"' not in joined(offer)
    which = await bot.say("yes")
    assert 'There are 2 people called "Bob"' in joined(which)
    assert "couldn't find" not in joined(which)
    assert "Here are the free times in the next 7 days for you and Bob Smith" in joined(
        await bot.say("2"))


@pytest.mark.parametrize("accept", [True, False])
async def test_still_late_after_being_spoken_to_gets_a_warning_written_from_facts(
    bot: BotHarness, accept: bool
) -> None:
    said = [
        "my employee Bob Smith keeps coming in late, like 20 min every day this week",
        "yes I spoke to him last month about it, he keeps doing it",
    ]
    await bot.say(said[0])
    advice = joined(await bot.say(said[1]))
    assert "the next step is usually to put it in writing" in advice
    assert "Shall I draft that email to Bob Smith for you to review?" in advice
    assert "To: Bob Smith" not in advice
    draft = await bot.say("yes")
    text = joined(draft)
    assert "To: Bob Smith (bob.smith@contoso.example)" in text
    # The dates come from the schedule and the time cards, not from the chat.
    assert ("Our time records show that you arrived late for your shifts on Mon 16 Nov (20 "
            "minutes late), Wed 18 Nov (15 minutes late) and Thu 19 Nov (25 minutes late).") in text
    assert "We already spoke about this on [date of our conversation]" in text
    assert "please fill in [date of our conversation]" in text
    assert "Send" not in _titles(draft)
    assert "can't send it yet" in joined(await bot.say("send"))
    filled = await bot.say("26 October")
    assert "We already spoke about this on 26 October" in joined(filled)
    assert "Shall I send it?" in joined(filled)
    sent = joined(await bot.say("send"))
    assert "Sent to Bob Smith" in sent
    assert "reminder in your calendar on Mon 7 Dec, 09:00-09:15" in sent

    mails = await _outbox(bot)
    assert len(mails) == 1
    letter = str(mails[0]["subject"]) + "\n" + str(mails[0]["body"])
    assert "[" not in letter
    assert _shared_runs(letter, said) == set()

    answer = joined(await bot.say("yes" if accept else "no thanks"))
    week = TimeWindow(FIXED_NOW + timedelta(days=14), FIXED_NOW + timedelta(days=16))
    events = await bot.components.services.calendar.find_events(
        attendee_email="maria.lopez@contoso.example", window=week)
    if accept:
        assert "Done: the reminder is in your calendar on Mon 7 Dec" in answer
        assert [e.subject for e in events] == ["Review: Bob Smith's written warning"]
    else:
        assert "OK, no reminder." in answer and events == []
    assert "anything else about this situation" in answer


async def test_offline_no_show_questions_then_answers_then_the_call_flow_starts(
    bot: BotHarness,
) -> None:
    asked = joined(await bot.say("My employee didn't show up for 3 days"))
    assert "Have you been able to reach the employee yet" in asked
    assert "Were these scheduled shifts in a row" in asked
    clarifying = await _last_exchange(bot)
    assert _triggered(clarifying) == {"email": False, "calendar": False}
    assert {d["reason"] for d in clarifying.decisions} == {"clarifying_question"}

    advice = joined(await bot.say("I tried calling Bob Smith once but he didn't pick up"))
    assert "I recommend you schedule a call with Bob" in advice
    assert "I can schedule that call with Bob for you now." in advice
    # The call is offered; its flow starts on top at the manager's yes.
    assert "Shall I find a time for that call with Bob Smith?" in advice
    assert ("Here are the free times in the next 7 days for you and Bob Smith. "
            "Which one suits you?") in joined(await bot.say("yes"))
    recommended = await _last_exchange(bot)
    assert recommended.playbook_id == "no_show" and not recommended.knowledge_gap
    assert _triggered(recommended) == {"email": False, "calendar": True}
    assert recommended.launched == "calendar"
    assert bot.components.detections.snapshot() == {
        "calendar": {"clarifying_question": 1, "triggered": 1},
        "email": {"clarifying_question": 1, "no_keywords": 1},
    }

    # The flow was told who the call is with: no "who with?" question.
    confirm = joined(await bot.say("1"))
    assert "Book a 30-minute call with Bob Smith" in confirm
    booked = joined(await bot.say("yes"))
    assert "Your call with Bob Smith" in booked and "is booked" in booked
    assert "anything else about this situation" in booked
    closing = joined(await bot.say("thanks"))
    assert "Glad that helps" in closing


async def test_the_next_situation_is_handed_on_without_the_previous_one(
    bot: BotHarness,
) -> None:
    await bot.say("My employee didn't show up for 3 days")
    await bot.say("I tried calling Bob Smith once but he didn't pick up")
    await bot.say("yes")
    await bot.say("1")
    await bot.say("yes")
    await bot.say("One of my cashiers, Alice, has been late 5 times this month")
    advice = joined(await bot.say("yes, I gave her a verbal warning last week"))
    assert "I can draft the written warning email for you" in advice
    draft = joined(await bot.say("yes"))
    assert "To: Alice Martin (alice.martin@contoso.example)" in draft
    assert "5 times this month" in draft
    assert "show up" not in draft.split("To: Alice Martin")[1]
    assert "shown up" not in draft.split("To: Alice Martin")[1]


async def test_a_bare_yes_answers_a_clarifying_question(bot: BotHarness) -> None:
    await bot.say("One of my cashiers has been late 5 times this month")
    advice = joined(await bot.say("yes"))
    assert "Please answer in a few words" not in advice
    assert "I can draft the written warning email for you" in advice
    exchange = await _last_exchange(bot)
    assert _triggered(exchange) == {"email": True, "calendar": False}
    assert exchange.launched == "email"


async def test_an_answer_after_ten_minutes_still_continues_the_conversation(
    bot: BotHarness,
) -> None:
    await bot.say("My employee didn't show up for 3 days")
    bot.clock.advance(minutes=25)
    advice = joined(await bot.say("I tried calling once but he didn't pick up"))
    assert "I recommend you schedule a call with the employee" in advice
    assert "expired" not in advice


async def test_after_an_idle_hour_a_message_starts_a_fresh_conversation(
    bot: BotHarness,
) -> None:
    await bot.say("My employee didn't show up for 3 days")
    bot.clock.advance(hours=2)
    fresh = joined(await bot.say("Luca handed in his resignation today"))
    # The resignation's own questions (whether it is formal is told: handed in).
    assert "Do you know why they are leaving" in fresh
    assert "schedule a call" not in fresh


async def test_help_says_what_the_advice_conversation_accepts(bot: BotHarness) -> None:
    await bot.say("My employee didn't show up for 3 days")
    helped = joined(await bot.say("help"))
    assert "Right now I'm advising you on this situation" in helped
    assert "!improve" in helped


@pytest.mark.parametrize(
    ("text", "locale"),
    [("nobody wants to work weekends", "en-US"), ("my team keeps refusing overtime", "en-US"),
     ("personne ne veut travailler le week-end", "fr-FR"),
     ("niemand will am Wochenende arbeiten", "de-DE")],
)
async def test_a_team_refusing_weekends_or_overtime_gets_the_general_policy_questions(
    bot: BotHarness, text: str, locale: str
) -> None:
    replies = joined(await bot.say(text, locale=locale))
    # The general policy playbook asks about the case and the contract; nobody is handed over.
    assert "handing you over" not in replies and say(NO_GUIDANCE, "en") not in replies
    assert any(question in replies for question in (
        "Which country or region is the store in", "Dans quel pays", "In welchem Land"
    )), replies


async def test_low_morale_is_handed_to_hr_honestly_not_advised_as_performance(
    bot: BotHarness,
) -> None:
    asked = joined(await bot.say("staff morale is low"))
    assert asked == say(GAP_QUESTION, "en")
    replies = joined(await bot.say("everyone is just tired and fed up"))
    assert "falling short" not in asked + replies
    assert say(NO_GUIDANCE, "en") in replies
    assert "can look at your situation with you" in replies
    assert "handing you over to a person in our HR team" in replies


@pytest.mark.parametrize(
    ("text", "answer", "locale"),
    [
        ("el ánimo del equipo está muy bajo", "no sé, todos están cansados", "es-ES"),
        ("a moral da equipa está muito baixa", "não sei, andam todos cansados", "pt-PT"),
        ("Die Stimmung im Team ist schlecht", "ich weiß es nicht", "de-DE"),
    ],
)
async def test_low_morale_in_any_language_is_an_honest_knowledge_gap(
    bot: BotHarness, text: str, answer: str, locale: str
) -> None:
    assert joined(await bot.say(text, locale=locale)) == say(GAP_QUESTION, locale[:2])
    replies = joined(await bot.say(answer, locale=locale))
    assert say(NO_GUIDANCE, locale[:2]) in replies
    exchange = await _last_exchange(bot)
    assert exchange.knowledge_gap and exchange.playbook_id is None


@pytest.mark.parametrize(("text", "locale", "answer", "playbook_id"), [
    ("elle pleure dans la réserve", "fr-FR", "son père est décédé la semaine dernière",
     "bereavement"),
    ("Sophie weint seit Tagen im Pausenraum", "de-DE",
     "sie ist seit Montag dreimal zu spät gekommen", "lateness"),
    ("the new guy cried in the stockroom", "en-US", "he has missed his last three shifts",
     "no_show"),
    ("chen is in tears in the stockroom", "en-GB", "she said she is sick and has no sick days",
     "sickness"),
    ("陳さんが店で泣いていました", "ja-JP", "お父様が先週亡くなったそうです", "bereavement"),
    ("她今天在仓库里哭", "zh-CN", "她说她父亲上周去世了", "bereavement"),
])
async def test_a_remark_no_playbook_covers_is_asked_about_before_hr(
    bot: BotHarness, text: str, locale: str, answer: str, playbook_id: str
) -> None:
    """The finding: "elle pleure dans la réserve" got "je n'ai pas de recommandation" and an
    HR ticket at once. ERA now asks once, in the manager's language, what happened, and reads
    the answer with the remark."""
    asked = joined(await bot.say(text, locale=locale))
    assert asked == say(GAP_QUESTION, locale[:2])
    advised = joined(await bot.say(answer, locale=locale))
    assert say(NO_GUIDANCE, locale[:2]) not in advised
    exchange = await _last_exchange(bot)
    assert exchange.playbook_id == playbook_id and not exchange.knowledge_gap


async def test_a_remark_asked_about_is_kept_for_hr_when_the_answer_tells_nothing(
    bot: BotHarness,
) -> None:
    bot.as_person("maria").locale = "fr-FR"
    await bot.say("elle pleure dans la réserve")
    replies = joined(await bot.say("je ne sais pas"))
    assert say(NO_GUIDANCE, "fr") in replies
    exchange = await _last_exchange(bot)
    assert exchange.knowledge_gap and exchange.playbook_id is None


async def test_a_policy_question_no_playbook_covers_is_an_honest_knowledge_gap(
    bot: BotHarness,
) -> None:
    replies = joined(await bot.say("What's our policy on bringing dogs to the office?"))
    assert say(NO_GUIDANCE, "en") in replies
    # The failure tracker hands a knowledge gap over to HR at once.
    assert "handing you over to a person in our HR team" in replies
    exchange = await _last_exchange(bot)
    assert exchange.knowledge_gap and exchange.playbook_id is None
    assert _triggered(exchange) == {"email": False, "calendar": False}


@pytest.mark.parametrize(("text", "locale"), [
    ("is bob in on friday?", "en-US"),
    ("bob est-il de service vendredi ?", "fr-FR"),
    ("is bob vrijdag ingeroosterd?", "nl-NL"),
])
async def test_a_schedule_question_no_playbook_covers_gets_the_schedule_not_hr(
    bot: BotHarness, text: str, locale: str
) -> None:
    """A manager's question about who works, which no rule reads, reached the advisor, found
    no playbook and handed Maria to HR at once. It gets the schedule: here, which Bob. (No rule
    reads these phrasings; the ones that do go to the schedule directly.)"""
    replies = shown(await bot.say(text, locale=locale))
    assert say(NO_GUIDANCE, locale[:2]) not in replies
    assert "HR" not in replies
    assert "Bob Jones" in replies and "Bob Smith" in replies  # "which one?"
    replies = joined(await bot.say("Bob Smith", locale=locale))
    assert "Bob Smith" in replies.splitlines()[0]


@pytest.mark.parametrize(("text", "locale"), [
    ("can you order pizza for the team?", "en-US"),
    ("could you buy a birthday cake for the team?", "en-US"),
    # A question back with nothing asked: ERA says what it can do; HR gets no empty ticket.
    ("why do you need that?", "en-US"),
    ("why r u asking", "en-GB"),
    ("peux-tu envoyer un SMS à toute l'équipe ?", "fr-FR"),
    ("kannst du der ganzen Mannschaft eine SMS schicken?", "de-DE"),
])
async def test_a_question_about_what_era_can_do_gets_the_capabilities_not_hr(
    bot: BotHarness, text: str, locale: str
) -> None:
    replies = joined(await bot.say(text, locale=locale))
    language = locale[:2]
    assert say(NO_GUIDANCE, language) not in replies
    assert say("main.capability.store_schedule", language) in replies, replies
    assert "hr-desk@" not in replies


async def test_a_general_question_gets_a_general_answer_and_no_action(bot: BotHarness) -> None:
    replies = joined(await bot.say("What should I do if an employee doesn't show up?"))
    assert "In general, when someone doesn't show up" in replies
    assert _triggered(await _last_exchange(bot)) == {"email": False, "calendar": False}


async def test_llm_mode_clarifies_then_recommends_email_before_the_call(
    llm_bot: BotHarness, openai_server: FakeOpenAIServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="detectors")
    openai_server.queue_text(LLM_CLARIFYING)
    openai_server.queue_text(LLM_RECOMMENDATION)
    openai_server.queue_text(LLM_DRAFT)

    asked = joined(await llm_bot.say("Bob Smith didn't show up for 3 days"))
    assert LLM_CLARIFYING in asked
    assert _triggered(await _last_exchange(llm_bot)) == {"email": False, "calendar": False}

    advice = joined(await llm_bot.say("I called him twice, no answer, three shifts in a row"))
    assert "I can draft an email to Bob" in advice
    exchange = await _last_exchange(llm_bot)
    assert _triggered(exchange) == {"email": True, "calendar": True}
    # Email first: it is offered, and the draft to Bob previewed at the manager's yes; the
    # call is offered in turn once it is sent, its times listed at her yes.
    assert exchange.launched == "email"
    assert "Shall I draft that email to Bob Smith for you to review?" in advice
    assert "To: Bob Smith" not in advice and "Which one suits you?" not in advice
    assert "To: Bob Smith (bob.smith@contoso.example)" in joined(await llm_bot.say("yes"))
    sent = joined(await llm_bot.say("send"))
    assert "Sent to Bob Smith" in sent
    assert "Shall I find a time for that call with Bob Smith?" in sent
    assert "Which one suits you?" not in sent
    assert "Which one suits you?" in joined(await llm_bot.say("yes"))
    assert "Book a 30-minute call with Bob Smith" in joined(await llm_bot.say("1"))

    first, second = openai_server.chat_requests[:2]
    master_prompt = read_master_prompt()
    assert first.messages[0] == {"role": "system", "content": master_prompt}
    assert [m["role"] for m in second.messages] == [
        "system", "system", "user", "assistant", "user",
    ]
    assert second.messages[3]["content"] == LLM_CLARIFYING

    records = [r.detection for r in caplog.records if hasattr(r, "detection")]
    assert [(r["detector"], r["triggered"], r["reason"]) for r in records] == [
        ("email", False, "clarifying_question"),
        ("calendar", False, "clarifying_question"),
        ("email", True, "triggered"),
        ("calendar", True, "triggered"),
    ]
    assert set(records[-1]["checks"]) == {
        "state_guard", "no_clarifying_question", "depth_ok", "context_gathered",
        "active_situation", "keywords",
    }


async def test_llm_failure_is_said_honestly_and_the_message_can_be_sent_again(
    llm_bot: BotHarness, openai_server: FakeOpenAIServer
) -> None:
    openai_server.queue_error(503)
    openai_server.queue_error(503)
    failed = joined(await llm_bot.say("My employee didn't show up for 3 days"))
    assert "couldn't reach my advice service" in failed
    assert "handing you over" not in failed

    openai_server.queue_text(LLM_CLARIFYING)
    asked = joined(await llm_bot.say("My employee didn't show up for 3 days"))
    assert LLM_CLARIFYING in asked
    retried = openai_server.chat_requests[-1].messages
    assert [m["role"] for m in retried] == ["system", "system", "user"]


async def test_llm_saying_it_does_not_know_is_a_knowledge_gap(
    llm_bot: BotHarness, openai_server: FakeOpenAIServer
) -> None:
    openai_server.queue_text("I don't know. That depends on your company's own policy.")
    replies = joined(await llm_bot.say("Can I pay my staff's gym membership?"))
    assert "I don't know." in replies
    assert "handing you over to a person in our HR team" in replies
    assert (await _last_exchange(llm_bot)).knowledge_gap


async def test_improve_inside_the_advice_is_stored_and_exported(
    bot: BotHarness, tmp_path: Path
) -> None:
    await bot.say("My employee didn't show up for 3 days")
    thanks = joined(await bot.say("!improve ask whether he is ill first"))
    assert "recorded your feedback together with my last answer" in thanks
    # The conversation goes on: the next message still answers the clarifying questions.
    advice = joined(await bot.say("I tried calling once but he didn't pick up"))
    assert "I recommend you schedule a call" in advice
    inside_flow = joined(await bot.say("!improve the call offer came too early"))
    assert "recorded your feedback" in inside_flow

    records = await read_feedback(Settings.from_env({"ERA_DATA_DIR": str(tmp_path)}))
    assert [r.feedback for r in records] == [
        "ask whether he is ill first", "the call offer came too early",
    ]
    first, second = (record.to_dict() for record in records)
    assert first["person_id"] == "maria"
    assert first["exchange"]["user"] == "My employee didn't show up for 3 days"
    assert [(d["detector"], d["reason"]) for d in first["exchange"]["decisions"]] == [
        ("email", "clarifying_question"), ("calendar", "clarifying_question"),
    ]
    assert second["exchange"]["user"] == "I tried calling once but he didn't pick up"
    assert second["exchange"]["launched"] == "calendar"
    assert [(d["detector"], d["triggered"]) for d in second["exchange"]["decisions"]] == [
        ("email", False), ("calendar", True),
    ]


async def test_improve_from_the_router_is_stored_too(bot: BotHarness, tmp_path: Path) -> None:
    await bot.say("Luca handed in his resignation today")
    assert "stopped advising you" in joined(await bot.say("cancel"))
    thanks = joined(await bot.say("!improve the questions were good"))
    assert "recorded your feedback" in thanks
    assert "usage" not in thanks.lower()
    empty = joined(await bot.say("!improve"))
    assert 'right after "!improve"' in empty
    records = await read_feedback(Settings.from_env({"ERA_DATA_DIR": str(tmp_path)}))
    assert [r.feedback for r in records] == ["the questions were good"]
    assert records[0].exchange is not None
    assert records[0].exchange.playbook_id == "resignation"


async def test_advice_is_for_managers(bot: BotHarness) -> None:
    bot.as_person("bob-smith")
    replies = joined(await bot.say("My colleague keeps shouting at customers"))
    assert "I advise managers" in replies


async def test_a_runaway_answer_with_tags_markup_and_links_is_cleaned(
    llm_bot: BotHarness, openai_server: FakeOpenAIServer
) -> None:
    sentence = "Speak to the employee privately and note what they say. "
    openai_server.queue_text(
        "First, ask why. <GETSHIFTS>tomorrow\n<script>alert('x')</script>"
        "See [the form](https://evil.example/phish) and https://evil.example/more. "
        + sentence * 9_000
    )
    replies = joined(await llm_bot.say("My employee keeps arriving late, what do I do?"))
    assert "First, ask why." in replies and "the form" in replies
    for unwanted in ("<GETSHIFTS>", "tomorrow", "<script", "alert", "evil.example", "https://"):
        assert unwanted not in replies, unwanted
    assert len(replies) < 4_000
@pytest.mark.parametrize(("locale", "opening", "asked", "answer", "advised"), [
    ("de-DE", "Bob Smith kommt ständig zu spät, diese Woche jeden Tag",
     "Haben Sie mit Bob schon darüber gesprochen", "nein, noch nicht",
     "ein informelles Gespräch, keine Abmahnung"),
    ("es-ES", "Bob Smith llega tarde todos los días esta semana",
     "¿Ha hablado ya con Bob sobre ello", "no, todavía no",
     "una conversación informal, no una amonestación"),
    ("fr-FR", "Bob Smith arrive en retard tous les jours cette semaine",
     "En avez-vous déjà parlé avec Bob", "non pas encore",
     "un échange informel, pas un avertissement"),
    ("ja-JP", "Bob Smithさんが今週毎日遅刻しています",
     "この件について、Bobさんとすでに話をしたり", "いいえ、まだ話していません",
     "警告ではなく、非公式な話し合いが適切です"),
    ("pl-PL", "Bob Smith spóźnia się codziennie w tym tygodniu",
     "Czy była już rozmowa z pracownikiem (Bob) na ten temat", "nie, jeszcze nie",
     "nieformalna rozmowa, a nie upomnienie"),
])
async def test_the_finding_in_other_languages(
    bot: BotHarness, locale: str, opening: str, asked: str, answer: str, advised: str
) -> None:
    bot.locale = locale
    assert asked in joined(await bot.say(opening))
    advice = joined(await bot.say(answer))
    assert advised in advice
    exchange = await _last_exchange(bot)
    assert _triggered(exchange) == {"email": False, "calendar": True}
    assert exchange.launched == "calendar"


async def test_a_japanese_no_show_after_a_talk_drafts_the_written_warning_in_japanese(
    bot: BotHarness,
) -> None:
    bot.locale = "ja-JP"
    asked = joined(await bot.say("Yukiさんが3日間無断欠勤しています"))
    assert "Yukiさんとはもう連絡が取れましたか" in asked
    draft = joined(await bot.say(
        "はい、電話で連絡が取れました。以前にも無断欠勤があり、そのときに本人と話しました"))
    assert "書面による警告メールの下書きは私が作成できます" in draft
    assert "英語" not in draft  # no "the guidance / the letter is in English" note
    assert "Yuki Tanakaさんへのメールの下書きを作成しましょうか？" in draft
    assert "件名：" not in draft
    draft = joined(await bot.say("はい"))
    assert "件名：書面による警告：無断欠勤" in draft
    assert "本メールをもちまして、無断欠勤について、書面による警告をお伝えいたします。" in draft
    exchange = await _last_exchange(bot)
    assert _triggered(exchange) == {"email": True, "calendar": False}
    assert exchange.launched == "email"


async def test_a_polish_manager_goes_from_the_situation_to_the_call_in_polish(
    bot: BotHarness,
) -> None:
    """A Polish no-show (typed without diacritics) gets Polish questions, Polish advice that
    names Bob without declining the name, the call offer, and the call is booked."""
    bot.locale = "pl-PL"
    asked = joined(await bot.say("Bob Smith nie przyszedl do pracy od 3 dni"))
    assert "Czy udało się już skontaktować z pracownikiem (Bob) telefonicznie" in asked
    advice = joined(await bot.say(
        "dzwonilam dwa razy, nie odbiera. wczesniej mu sie to nie zdarzalo"))
    assert "Mogę od razu umówić dla Ciebie tę rozmowę z pracownikiem (Bob)." in advice
    assert "angiel" not in advice and "I can" not in advice and "Here are" not in advice
    assert "Czy mam znaleźć termin tej rozmowy (Bob Smith)?" in advice
    exchange = await _last_exchange(bot)
    assert _triggered(exchange) == {"email": False, "calendar": True}
    assert exchange.launched == "calendar"
    await bot.say("tak")
    booked = joined(await bot.say("1"))
    assert "Bob Smith" in booked
    assert "Book" not in booked


async def test_after_the_call_is_booked_questions_about_the_advice_stay_on_the_situation(
    bot: BotHarness,
) -> None:
    """The finding: once the call was booked, "what should I say in the meeting?" started
    the performance playbook's questions ("meeting" is one of its keywords)."""
    await bot.say("Bob Smith has been rude to customers twice this week")
    await bot.say("yes I talked to him once last month")
    await bot.say("yes")
    await bot.say("1")
    assert "is booked" in joined(await bot.say("yes"))
    said = joined(await bot.say("what should I say in the meeting?"))
    assert "Here is what my guidance on misconduct says about that:" in said
    assert "hear their side of the story" in said and "with Bob" in said
    assert "free times" not in said  # the call is booked: it is not offered again
    answer = await _last_exchange(bot)
    assert answer.playbook_id == "misconduct" and not answer.knowledge_gap
    denied = joined(await bot.say("what if he denies it?"))
    assert "Separate facts from assumptions" in denied
    # Someone else's situation is a new one, and its call is offered again.
    await bot.say("Alice Martin was rude to a customer too")
    offer = joined(await bot.say("it's the first time, a customer complained"))
    assert "Shall I find a time for that call with Alice Martin?" in offer


async def test_a_question_at_the_call_offer_is_answered_from_the_situation(
    bot: BotHarness,
) -> None:
    await bot.say("Bob Smith has been rude to customers twice this week")
    await bot.say("yes I talked to him once last month")
    said = joined(await bot.say("what should I say in the meeting?"))
    # Nothing was started: the answer, and how to ask for the call later.
    assert "When you want that call with Bob, just say “book a call with Bob”." in said
    assert "Here is what my guidance on misconduct says about that:" in said
    assert "What exactly is falling short" not in said


@pytest.mark.parametrize(("locale", "opening", "said"), [
    ("es-ES", "tengo un problema con una empleada que me ha faltado al respeto delante de clientes",
     "Parece grave"),
    ("pt-PT", "uma funcionária faltou ao respeito a um cliente", "Isso parece sério"),
])
async def test_disrespect_is_misconduct_not_an_absence(
    bot: BotHarness, locale: str, opening: str, said: str
) -> None:
    """The finding: "me ha faltado al respeto" (disrespected me) got the advice for an absence
    ("Una ausencia sin aviso ..."), "faltar" alone being to be absent."""
    bot.as_person("maria").locale = locale
    asked = joined(await bot.say(opening))
    assert "ausencia" not in asked and "falta não comunicada" not in asked, asked
    assert said in asked


@pytest.mark.parametrize(("text", "locale", "expected"), [
    # "long" was French (a French lexicon's "long arrêt"): the reply came in French.
    ("bob smith keeps taking long smoke breaks", "en-US", "Happy to help with that"),
    # "chora" was Polish (sick): the reply was Polish sickness advice. (The playbook index
    # still reads it as the Polish word: it knows no language.)
    ("a alice chora no armazém", "pt-PT", "As faltas por doença"),
    ("ユキさんが最近元気がありません", "ja-JP", say(GAP_QUESTION, "ja")),
])
async def test_a_held_out_remark_is_answered_in_the_managers_language(
    bot: BotHarness, text: str, locale: str, expected: str
) -> None:
    assert joined(await bot.say(text, locale=locale)).startswith(expected)


@pytest.mark.parametrize(("locale", "situation", "answer", "yes"), [
    ("en-US", "chen and sophie keep arguing on the shop floor",
     "no, first time i noticed it. no", "yes"),
    ("fr-FR", "chen et sophie se disputent sans arrêt en rayon",
     "ça dure depuis deux semaines, pas de menaces", "oui"),
    ("de-DE", "chen und sophie streiten ständig im Laden", "seit zwei Wochen, keine Drohungen",
     "ja"),
    ("ja-JP", "チェンさんとソフィーさんが売り場でいつも口論しています",
     "2週間前からです。脅しはありません",
     "はい"),
    ("zh-CN", "陈伟和苏菲总是在卖场吵架", "两个星期了，没有威胁", "好的"),
])
async def test_a_conflict_offers_the_call_with_each_of_them_one_after_the_other(
    bot: BotHarness, locale: str, situation: str, answer: str, yes: str,
) -> None:
    """The finding: the advice was a one-to-one with each of them, the offer "Shall I find a
    time for that call?", and its yes asked "Which one is the call with?". The offer now says
    which call comes first and that the other follows; its yes looks for that one's times."""
    bot.locale = locale
    language = locale[:2] if locale[:2] != "zh" else "zh-Hans"
    await bot.say(situation)
    offer = joined(await bot.say(answer))
    assert say("advice.offer_calls_each", language, first="Chen Wei",
               second="Sophie Dubois") in offer, offer
    times = joined(await bot.say(yes))
    assert "Chen Wei" in times and "Sophie" not in times, times
    assert say("employee.which_named.call", language) not in times


async def test_the_second_call_is_offered_once_the_first_is_booked(bot: BotHarness) -> None:
    await bot.say("chen and sophie keep arguing on the shop floor")
    await bot.say("no, first time i noticed it. no")
    await bot.say("yes")
    await bot.say("1")
    booked = joined(await bot.say("yes"))
    assert "Your call with Chen Wei" in booked and "is booked" in booked
    assert say("advice.offer_next_call", "en", employee="Sophie Dubois") in booked
    times = joined(await bot.say("yes"))
    assert "Sophie Dubois" in times and "Chen" not in times, times
    declined = joined(await bot.say("no"))
    assert "is booked" not in declined


@pytest.mark.parametrize(("locale", "situation", "answer", "no", "yes"), [
    ("en-US", "chen and sophie keep arguing on the shop floor",
     "no, first time i noticed it. no", "no", "yes"),
    ("fr-FR", "chen et sophie se disputent sans arrêt en rayon",
     "ça dure depuis deux semaines, pas de menaces", "non", "oui"),
    ("de-DE", "chen und sophie streiten ständig im Laden", "seit zwei Wochen, keine Drohungen",
     "nein", "ja"),
    ("zh-CN", "陈伟和苏菲总是在卖场吵架", "两个星期了，没有威胁", "不用", "好的"),
])
async def test_a_no_to_the_first_call_still_offers_the_second(
    bot: BotHarness, locale: str, situation: str, answer: str, no: str, yes: str,
) -> None:
    """The finding: after the advice to talk to each of two arguing colleagues, "no" to the
    call with the first one dropped the call with the second without a word. The second is
    still offered (its own yes), and nothing is booked for the first."""
    bot.locale = locale
    language = locale[:2] if locale[:2] != "zh" else "zh-Hans"
    await bot.say(situation)
    await bot.say(answer)
    declined = joined(await bot.say(no))
    assert say("advice.offer_next_call_after_no", language,
               employee="Sophie Dubois") in declined, declined
    times = joined(await bot.say(yes))
    assert "Sophie Dubois" in times and "Chen" not in times, times


async def test_leaving_the_first_calls_times_still_offers_the_second(bot: BotHarness) -> None:
    await bot.say("chen and sophie keep arguing on the shop floor")
    await bot.say("no, first time i noticed it. no")
    await bot.say("yes")
    left = joined(await bot.say("not now"))
    assert "is booked" not in left
    assert say("advice.offer_next_call_after_no", "en", employee="Sophie Dubois") in left, left


async def test_the_middle_of_three_calls_is_offered_as_the_next_one(bot: BotHarness) -> None:
    """Found at the re-read: with three people, the second call was offered with the words of
    the first ("You'd talk to each of them on their own … Sophie first? Then … Alice")."""
    await bot.say("chen, sophie and alice keep arguing on the shop floor")
    offer = joined(await bot.say("no, first time i noticed it. no"))
    assert say("advice.offer_calls_each", "en", first="Chen Wei",
               second="Sophie Dubois") in offer, offer
    await bot.say("yes")
    await bot.say("1")
    booked = joined(await bot.say("yes"))
    assert say("advice.offer_next_call", "en", employee="Sophie Dubois") in booked, booked
    assert say("advice.offer_calls_each", "en", first="Sophie Dubois",
               second="Alice Martin") not in booked
