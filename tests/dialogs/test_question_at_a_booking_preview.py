"""A question asked back at "Book a 30-minute call with Chen Wei on Mon …, 15:00-15:30?"
("what time was it again?", "c'est pour quand ?", "wann war das nochmal?", "何時でしたっけ？")
is answered with the booking's details and the same question; nothing is booked until a yes.
The finding: it got "I haven't booked anything yet. Reply "yes" to book it, "no" to leave it,
or say another day or time. You can also change who comes …", as if it made no sense."""

from __future__ import annotations

from datetime import timedelta

import pytest

from core.time_window import TimeWindow
from language.catalogue import say
from tests.bot_harness import BotHarness, joined
from tests.conftest import FIXED_NOW

WEEK = TimeWindow(FIXED_NOW, FIXED_NOW + timedelta(days=7))
CALLS = {
    "en-US": "book a call with Alice tomorrow at 4pm",
    "fr-FR": "réserve un appel avec alice demain à 16h",
    "de-DE": "buch einen Anruf mit Alice morgen um 16 Uhr",
    "ja-JP": "明日16時にアリスさんと通話を予約して",
    "es-ES": "programa una llamada con alice mañana a las 4 de la tarde",
}


@pytest.mark.parametrize(("locale", "question"), [
    ("en-US", "what time was it again?"), ("en-US", "who is it with"),
    ("en-US", "when is it?"), ("fr-FR", "c'est pour quand ?"),
    ("de-DE", "wann war das nochmal?"), ("ja-JP", "何時でしたっけ？"),
    ("es-ES", "¿a qué hora era?"),
])
async def test_a_question_at_the_booking_preview_is_answered_and_books_nothing(
    bot: BotHarness, locale: str, question: str
) -> None:
    bot.as_person("maria").locale = locale
    language = locale[:2]
    await bot.say(CALLS[locale])
    preview = (await bot.say("1"))[-1].text
    answered = joined(await bot.say(question))
    assert say("meeting.booking_again", language) in answered, answered
    assert say("meeting.booking_reask", language) not in answered
    assert preview in answered  # its day, time, length and people
    calendar = bot.components.services.calendar
    events = await calendar.find_events(attendee_email="alice.martin@contoso.example",
                                        window=WEEK)
    assert events == []
    await bot.say(say("button.yes", language))
    events = await calendar.find_events(attendee_email="alice.martin@contoso.example",
                                        window=WEEK)
    assert len(events) == 1
