"""Saying "pass it to HR" in the middle of advice hands the case over with what the advice
conversation knows (the situation in the manager's words, the employee), confirmed to the
manager; it used to start the generic transfer ("tell me in a sentence what you need") in
English, and in French "transmets à la RH" was taken as an answer to the advisor's question."""

from __future__ import annotations

from datetime import timedelta

import pytest
from botbuilder.schema import Activity, ActivityTypes

from bots.handoff import HANDOFF_INITIATE, STILL_HANDED_OFF
from core.time_window import TimeWindow
from language.catalogue import say
from services.org_database import OrgDatabase
from tests.bot_harness import BotHarness, joined
from tests.conftest import FIXED_NOW


def _handoff_events(bot: BotHarness) -> list[Activity]:
    return [
        a
        for a in bot.last_activities
        if a.type == ActivityTypes.event and a.name == HANDOFF_INITIATE
    ]


async def _hr_mails(bot: BotHarness) -> list[str]:
    db = await OrgDatabase.open(bot.components.settings.data_dir / "org.sqlite3")
    try:
        rows = await db.fetch_all("SELECT subject, body FROM outbox")
        return [row["body"] for row in rows if row["subject"].startswith("ERA hand-over")]
    finally:
        await db.close()


@pytest.mark.parametrize(
    ("locale", "situation", "to_hr", "later"),
    [
        ("en-US", "alice was late 3 times this week", "pass it to HR", "she has no reason"),
        ("en-US", "alice was late 3 times this week", "escalate to HR", "she has no reason"),
        (
            "fr-FR",
            "alice est arrivée en retard 3 fois cette semaine",
            "transmets à la RH",
            "elle n'a pas d'excuse",
        ),
        (
            "fr-FR",
            "alice est arrivée en retard 3 fois cette semaine",
            "transmets ça aux RH",
            "elle n'a pas d'excuse",
        ),
    ],
)
async def test_passing_the_case_to_hr_hands_it_over_with_the_situation_and_the_employee(
    bot: BotHarness, locale: str, situation: str, to_hr: str, later: str
) -> None:
    language = locale[:2]
    bot.as_person("maria")
    asked = joined(await bot.say(situation, locale=locale))
    assert "?" in asked  # the advisor's clarifying questions

    reply = joined(await bot.say(to_hr, locale=locale))
    told = say("advice.to_hr", language, employee="Alice Martin", situation=f"{situation}.")
    assert reply.startswith(told)
    assert say("transfer.ask_need", language) not in reply
    assert len(_handoff_events(bot)) == 1
    event = _handoff_events(bot)[0]
    assert event.value["request"] == f"{situation}." and event.value["about"] == "Alice Martin"
    (mail,) = await _hr_mails(bot)
    assert situation in mail
    assert say("handoff.hr.about", "en", name="Alice Martin") in mail
    assert say("handoff.hr.reason.advice_case", "en") in mail

    # The next message is for HR: never an answer to the advisor's question, never a second
    # hand-over.
    assert joined(await bot.say(later, locale=locale)) == say(STILL_HANDED_OFF, language)
    assert _handoff_events(bot) == []


async def test_a_case_about_someone_not_known_is_handed_over_with_the_situation(
    bot: BotHarness,
) -> None:
    bot.as_person("maria")
    await bot.say("one of my employees was late 3 times this week")
    reply = joined(await bot.say("pass it to HR"))
    assert reply.startswith(
        say(
            "advice.to_hr_no_employee",
            "en",
            situation="one of my employees was late 3 times this week.",
        )
    )
    assert len(_handoff_events(bot)) == 1


async def test_asking_for_hr_before_any_situation_still_asks_what_is_needed(
    bot: BotHarness,
) -> None:
    bot.as_person("maria")
    assert joined(await bot.say("pass it to HR")) == say("transfer.ask_need", "en")
    assert _handoff_events(bot) == []


@pytest.mark.parametrize(
    ("locale", "situation", "answer", "to_hr"),
    [
        ("en-US", "Bob Smith keeps coming in late, every day this week", "no, not yet",
         "pass it to HR"),
        ("es-ES", "Bob Smith llega tarde todos los días esta semana", "no, todavía no",
         "pásalo a RRHH"),
    ],
)
async def test_passing_the_case_to_hr_at_the_times_of_the_offered_call_hands_it_over(
    bot: BotHarness, locale: str, situation: str, answer: str, to_hr: str
) -> None:
    """The finding: once the advice was given and the times of a call with Bob offered, "pass
    it to HR" started the generic transfer ("tell me in a sentence what you need"), which
    knew nothing of the case; "sí" to it was then the need. The case goes to HR as during the
    advice, and nothing is booked."""
    language = locale[:2]
    bot.as_person("maria")
    await bot.say(situation, locale=locale)
    offered = await bot.say(answer, locale=locale)
    assert offered[-1].buttons, "the free times of a call with Bob"
    reply = joined(await bot.say(to_hr, locale=locale))
    assert say("transfer.ask_need", language) not in reply
    assert reply.startswith(say("advice.to_hr", language, employee="Bob Smith",
                                situation=f"{situation}. {answer}."))
    assert len(_handoff_events(bot)) == 1
    assert _handoff_events(bot)[0].value["about"] == "Bob Smith"
    await bot.say("ok", locale=locale)
    assert _handoff_events(bot) == [], "handed over once"
    week = TimeWindow(FIXED_NOW, FIXED_NOW + timedelta(days=30))
    assert not await bot.components.services.calendar.find_events(
        attendee_email="bob.smith@contoso.example", window=week), "nothing booked"
