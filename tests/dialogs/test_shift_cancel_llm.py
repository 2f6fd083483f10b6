"""The LLM command path of shift cancellation against a local OpenAI-compatible server with
scripted replies: the LLM proposes, the server disposes."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined
from tests.conftest import FIXED_NOW
from tests.fakes.openai_server import DEFAULT_API_KEY, FakeOpenAIServer


@pytest.fixture
async def llm() -> AsyncIterator[FakeOpenAIServer]:
    async with FakeOpenAIServer() as server:
        yield server


@pytest.fixture
async def bot(tmp_path: Path, llm: FakeOpenAIServer) -> AsyncIterator[BotHarness]:
    harness = await BotHarness.start(tmp_path, FIXED_NOW, OPENAI_BASE_URL=llm.base_url,
                                     OPENAI_API_KEY=DEFAULT_API_KEY)
    harness.as_person("bob-smith")
    yield harness
    await harness.close()


async def _bob_holds(bot: BotHarness, label_start: str) -> bool:
    from datetime import date
    from zoneinfo import ZoneInfo

    day = date.fromisoformat(label_start)
    shifts = await bot.shifts.shifts_on(RIVERSIDE, day, ZoneInfo("Europe/London"))
    return any(s.person_id == "bob-smith" for s in shifts)


def _system_notes(llm: FakeOpenAIServer, request: int) -> str:
    messages = llm.chat_requests[request].body["messages"]
    return "\n".join(m["content"] for m in messages if m["role"] == "system")


async def test_single_shift_chain_in_one_turn(bot: BotHarness, llm: FakeOpenAIServer) -> None:
    llm.queue_text("<GETSHIFTS>shift tomorrow")
    llm.queue_text("Found your shift on Monday morning. <CONFIRM_CANCEL>opt_1")
    llm.queue_text("Got it. Could you tell me the reason for cancelling?")
    replies = joined(await bot.say("Cancel my shift tomorrow"))
    assert replies.startswith("I found your shift: Mon 23 Nov, Morning 09:00-15:00")
    assert "Got it" not in replies and "reason" in replies
    assert len(llm.chat_requests) == 3
    assert "Found 1 shift(s) on Mon 23 Nov: opt_1: Mon 23 Nov, Morning" in _system_notes(llm, 1)
    assert "The worker chose opt_1" in _system_notes(llm, 2)

    done = joined(await bot.say("I'm sick"))
    assert "has been cancelled" in done
    assert len(llm.chat_requests) == 3  # the reason costs no LLM call
    assert not await _bob_holds(bot, "2026-11-23")


async def test_several_shifts_over_three_turns(bot: BotHarness, llm: FakeOpenAIServer) -> None:
    llm.queue_text("<GETSHIFTS>")
    llm.queue_text("I found 6 shifts in the coming week:\n1. Mon morning\n2. Tue evening\n"
                   "3. Wed morning\n4. Thu evening\n5. Fri afternoon\n6. Sat morning\n"
                   "Which one would you like to cancel?")
    listed = await bot.say("I want to cancel one of my shifts")
    assert "I found 6 upcoming shifts of yours" in joined(listed)
    assert "Mon morning" not in joined(listed)  # the server's words, not the model's
    assert len([b for r in listed for b in r.buttons]) == 7  # six shifts and "None of these"

    llm.queue_text("<CONFIRM_CANCEL>opt_2")
    llm.queue_text("Thanks. Please tell me the reason for cancelling.")
    asked = joined(await bot.say("the one where I close the shop on Tuesday"))
    assert "I found your shift: Tue 24 Nov, Evening 20:00-23:00" in asked
    assert "Please tell me the reason" not in asked
    done = joined(await bot.say("I have a doctor's appointment"))
    assert "Tue 24 Nov, Evening 20:00-23:00" in done and "has been cancelled" in done


async def test_a_reply_the_interpreter_reads_costs_no_llm_call(
    bot: BotHarness, llm: FakeOpenAIServer
) -> None:
    llm.queue_text("<GETSHIFTS>")
    llm.queue_text("Here are your shifts. Which one?")
    await bot.say("cancel one of my shifts")
    calls = len(llm.chat_requests)
    asked = joined(await bot.say("the second one"))
    assert "reason" in asked.lower()
    assert len(llm.chat_requests) == calls


async def test_a_made_up_id_is_not_executed(bot: BotHarness, llm: FakeOpenAIServer) -> None:
    llm.queue_text("<GETSHIFTS>tomorrow")
    llm.queue_text("Cancelling it now. <CONFIRM_CANCEL>shift-2026-11-25-riverside-morning")
    replies = await bot.say("cancel my shift tomorrow")
    text = joined(replies)
    assert "couldn't match that to one of your shifts" in text
    assert "shift-2026" not in text and "<" not in text
    assert await _bob_holds(bot, "2026-11-23")


async def test_a_tag_in_the_middle_of_prose_is_run_and_never_shown(
    bot: BotHarness, llm: FakeOpenAIServer
) -> None:
    llm.queue_text("Sure! <GETSHIFTS>tomorrow\nOne moment while I look.")
    llm.queue_text("I found your Monday morning shift. <CONFIRM_CANCEL>opt_1 Why can't you make "
                   "it?")
    llm.queue_text("What's the reason?")
    replies = joined(await bot.say("cancel tomorrow's shift please"))
    assert replies.startswith("I found your shift: Mon 23 Nov") and "<" not in replies
    assert "Why can't you make it" not in replies
    assert "Found 1 shift(s)" in _system_notes(llm, 1)


async def test_a_chain_longer_than_the_depth_limit_is_stopped(
    bot: BotHarness, llm: FakeOpenAIServer
) -> None:
    for _ in range(6):
        llm.queue_text("<GETSHIFTS>tomorrow")
    replies = await bot.say("cancel my shift tomorrow")
    assert len(llm.chat_requests) == 4
    text = joined(replies)
    assert "<" not in text and "I found 1 upcoming shift of yours" in text
    assert await _bob_holds(bot, "2026-11-23")


async def test_a_reason_the_worker_did_not_give_is_not_used(
    bot: BotHarness, llm: FakeOpenAIServer
) -> None:
    llm.queue_text("<GETSHIFTS>tomorrow")
    llm.queue_text("<CONFIRM_CANCEL>opt_1")
    llm.queue_text("<REASON>family emergency")
    await bot.say("cancel my shift tomorrow")
    assert await _bob_holds(bot, "2026-11-23")


async def test_a_reason_in_the_request_is_confirmed_in_a_later_message(
    bot: BotHarness, llm: FakeOpenAIServer
) -> None:
    llm.queue_text("<GETSHIFTS>tomorrow")
    llm.queue_text("<CONFIRM_CANCEL>opt_1")
    llm.queue_text("<REASON>I have the flu")
    asked = joined(await bot.say("Please cancel my shift tomorrow, I have the flu"))
    assert "has been cancelled" not in asked
    assert 'Cancel Mon 23 Nov, Morning 09:00-15:00 (sales associate)? Reason: "I have the flu"' \
        in asked
    assert await _bob_holds(bot, "2026-11-23")
    done = joined(await bot.say("yes"))
    assert "has been cancelled" in done
    assert not await _bob_holds(bot, "2026-11-23")


async def test_without_the_llm_the_flow_still_works(
    bot: BotHarness, llm: FakeOpenAIServer
) -> None:
    llm.queue_error(500)
    llm.queue_error(500)
    replies = joined(await bot.say("cancel my shift tomorrow"))
    assert "I found your shift: Mon 23 Nov" in replies and "reason" in replies.lower()


async def test_the_llm_cannot_choose_among_shifts_the_worker_has_not_seen(
    bot: BotHarness, llm: FakeOpenAIServer
) -> None:
    llm.queue_text("<GETSHIFTS>")
    llm.queue_text("<CONFIRM_CANCEL>opt_3")
    llm.queue_text("<REASON>I'm sick")
    replies = joined(await bot.say("I'm sick, cancel one of my shifts"))
    assert "I found 6 upcoming shifts" in replies and "has been cancelled" not in replies
    assert await _bob_holds(bot, "2026-11-25")


@pytest.mark.parametrize("reason", ["a", "my shift", "I'm sick"])
async def test_a_chain_to_the_reason_in_the_first_turn_never_cancels(
    bot: BotHarness, llm: FakeOpenAIServer, reason: str
) -> None:
    llm.queue_text("<GETSHIFTS>tuesday")
    llm.queue_text("<CONFIRM_CANCEL>opt_1")
    llm.queue_text(f"<REASON>{reason}")
    replies = joined(await bot.say("cancel my shift on Tuesday"))
    assert "I found your shift: Tue 24 Nov, Evening 20:00-23:00" in replies
    assert "has been cancelled" not in replies
    assert await _bob_holds(bot, "2026-11-24")


async def test_a_model_answering_hmm_with_a_cancel_is_not_followed(
    bot: BotHarness, llm: FakeOpenAIServer
) -> None:
    llm.queue_text("<GETSHIFTS>")
    llm.queue_text("Which one?")
    await bot.say("I want to cancel one of my shifts")
    llm.queue_text("<CONFIRM_CANCEL>opt_2 <REASON>hmm")
    llm.queue_text("<REASON>hmm")
    replies = joined(await bot.say("hmm"))
    assert "has been cancelled" not in replies
    assert "didn't understand" in replies.lower() or "Which one" in replies
    assert await _bob_holds(bot, "2026-11-24")


async def test_a_reason_written_after_the_shift_was_shown_cancels_once(
    bot: BotHarness, llm: FakeOpenAIServer
) -> None:
    llm.queue_text("<GETSHIFTS>")
    llm.queue_text("Which one?")
    await bot.say("I want to cancel one of my shifts")
    llm.queue_text("<CONFIRM_CANCEL>opt_2")
    llm.queue_text("<REASON>my kid is sick")
    asked = joined(await bot.say("the one where I close the shop on Tuesday"))
    assert "has been cancelled" not in asked and "Tue 24 Nov, Evening" in asked
    done = joined(await bot.say("my kid is sick"))
    assert "has been cancelled" in done
    again = joined(await bot.say("my kid is sick"))
    assert "has been cancelled" not in again


async def test_invalid_json_tool_arguments_fall_back_to_the_offline_path(
    bot: BotHarness, llm: FakeOpenAIServer
) -> None:
    llm.queue_tool_calls(("get_shifts", "{not json"))
    replies = joined(await bot.say("cancel my shift tomorrow"))
    assert "I found your shift: Mon 23 Nov" in replies
    assert await _bob_holds(bot, "2026-11-23")


async def test_an_unknown_tool_falls_back_to_the_offline_path(
    bot: BotHarness, llm: FakeOpenAIServer
) -> None:
    llm.queue_tool_calls(("delete_everything", {"all": True}))
    replies = joined(await bot.say("cancel my shift tomorrow"))
    assert "I found your shift: Mon 23 Nov" in replies


async def test_a_runaway_answer_is_never_shown(bot: BotHarness, llm: FakeOpenAIServer) -> None:
    llm.queue_text("<GETSHIFTS>tomorrow")
    llm.queue_text("blah " * 100_000)
    replies = await bot.say("cancel my shift tomorrow")
    text = joined(replies)
    assert "blah" not in text and len(text) < 1_000
    assert any("Mon 23 Nov, Morning 09:00-15:00" in t for r in replies for t, _ in r.buttons)


@pytest.mark.parametrize("garbage", ["<html>oops{", '{"choices": 5}', "null"])
async def test_an_unreadable_answer_is_a_backend_failure_and_the_offline_path_answers(
    bot: BotHarness, llm: FakeOpenAIServer, garbage: str
) -> None:
    llm.queue_raw(garbage)
    replies = joined(await bot.say("cancel my shift tomorrow"))
    assert "I found your shift: Mon 23 Nov" in replies
    assert "went wrong" not in replies.lower()
    assert await _bob_holds(bot, "2026-11-23")
