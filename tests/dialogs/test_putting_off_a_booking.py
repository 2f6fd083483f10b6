"""A manager puts a booking off ("not right now", "pas maintenant", "später", "あとで") at its
list of free times or at "Book a 30-minute meeting ...?": nothing is booked, nothing is
dropped, ERA says so and how to come back to it, and a later pick or yes still books it. The
finding: "not right now" at the booking question got "OK, I haven't booked or changed
anything" and the booking was gone; at the list it asked for another time instead. A change
of time said with a wait ("no wait, wednesday") is still a change of time."""

from __future__ import annotations

import pytest

from language.catalogue import default_catalogue, say
from tests.bot_harness import BotHarness, joined

REQUESTS = {
    "en-US": "book a meeting with alice on tuesday",
    "fr-FR": "organise une réunion avec alice mardi",
    "de-DE": "buche ein Meeting mit Alice am Dienstag",
    "es-ES": "reserva una reunión con alice el martes",
    "it-IT": "prenota una riunione con alice martedì",
    "nl-NL": "plan een vergadering met alice op dinsdag",
    "pl-PL": "umów spotkanie z alice we wtorek",
    "pt-BR": "marca uma reunião com a alice na terça",
    "ja-JP": "火曜日にアリスとの会議を予約して",
    "zh-CN": "周二和Alice约个会议",
}
YES = {"en-US": "yes", "fr-FR": "oui", "de-DE": "ja", "es-ES": "sí", "it-IT": "sì",
       "nl-NL": "ja", "pl-PL": "tak", "pt-BR": "sim", "ja-JP": "はい", "zh-CN": "是"}
PUT_OFF = [
    ("en-US", "not right now"), ("en-US", "later"), ("fr-FR", "pas maintenant"),
    ("de-DE", "später"), ("de-DE", "nicht jetzt"), ("es-ES", "ahora no"),
    ("it-IT", "non adesso"), ("nl-NL", "nu niet"), ("pl-PL", "nie teraz"),
    ("pt-BR", "agora não"), ("ja-JP", "あとで"), ("zh-CN", "以后再说"),
]


def _language(locale: str) -> str:
    return "pt-BR" if locale == "pt-BR" else locale[:2]


def _times(replies: list) -> list[str]:
    return [title for reply in replies for title, _ in reply.buttons if title[:1].isdigit()]


@pytest.mark.parametrize(("locale", "reply"), PUT_OFF)
async def test_putting_off_the_booking_question_keeps_it_for_a_yes(
    bot: BotHarness, locale: str, reply: str
) -> None:
    bot.as_person("maria").locale = locale
    language = _language(locale)
    assert _times(await bot.say(REQUESTS[locale]))
    catalogue = default_catalogue()
    booking = joined(await bot.say("2"))
    assert "meeting.booking_question" in catalogue.identify(booking, language), booking
    kept = joined(await bot.say(reply))
    assert say("prompt.kept_waiting", language) in kept, kept
    said = catalogue.identify(kept, language)
    assert "meeting.booking_question" in said and "meeting.booked" not in said
    done = joined(await bot.say(YES[locale]))
    assert "meeting.booked" in catalogue.identify(done, language), done


@pytest.mark.parametrize(("locale", "reply"), PUT_OFF)
async def test_putting_off_the_list_of_times_keeps_them(
    bot: BotHarness, locale: str, reply: str
) -> None:
    bot.as_person("maria").locale = locale
    language = _language(locale)
    listed = _times(await bot.say(REQUESTS[locale]))
    assert listed
    kept = await bot.say(reply)
    assert say("meeting.slots_kept_waiting", language) in joined(kept), joined(kept)
    assert _times(kept) == listed


@pytest.mark.parametrize(("locale", "change", "day"), [
    ("en-US", "no wait, wednesday", "Wed 25 Nov"),
    ("de-DE", "nein warte, lieber mittwoch", "Mi., 25. Nov."),
    ("fr-FR", "non attends, plutôt mercredi", "mer. 25 nov."),
])
async def test_a_wait_with_another_day_at_the_list_is_that_day(
    bot: BotHarness, locale: str, change: str, day: str
) -> None:
    bot.as_person("maria").locale = locale
    assert _times(await bot.say(REQUESTS[locale]))
    changed = joined(await bot.say(change))
    assert day in changed, changed
