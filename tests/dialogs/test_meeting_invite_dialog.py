"""Adding someone to a meeting already booked ("invite chen to the rota review", "ajoute chen à
la réunion de jeudi"): ERA cannot change a booked meeting's attendees yet, so it says so and
what it can do instead, in the person's language, from a manager or a worker, alone or in the
middle of another flow. The finding: Maria got the advisor's "Happy to help with that. So I can
answer for your case …", and "can you add sophie to tomorrow's call" asked which role Sophie
should work (one yes from giving her a shift)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from core.calendar_event import CalendarEvent
from core.time_window import TimeWindow
from language.catalogue import say
from tests.bot_harness import BotHarness, joined
from tests.conftest import FIXED_NOW

MARIA = "maria.lopez@contoso.example"
CHEN = "chen.wei@contoso.example"
SOPHIE = "sophie.dubois@contoso.example"
_WEEKS = TimeWindow(FIXED_NOW, FIXED_NOW + timedelta(days=14))


async def _meetings_of(bot: BotHarness, email: str) -> list[CalendarEvent]:
    return await bot.components.services.calendar.find_events(attendee_email=email,
                                                              window=_WEEKS)


async def _shift_count(bot: BotHarness) -> int:
    """The shifts of the people the requests name, over the next two weeks."""
    backend = bot.components.services.shifts
    end = FIXED_NOW + timedelta(days=14)
    return sum([len(await backend.shifts_between(person, start=FIXED_NOW, end=end))
                for person in ("alice", "chen", "sophie")])


@pytest.mark.parametrize(("person", "locale", "language", "request_text"), [
    ("maria", "en-US", "en", "invite chen to the rota review"),
    ("maria", "en-US", "en", "add alice to my meeting with bob on thursday"),
    ("maria", "en-US", "en", "can you add sophie to tomorrow's call"),
    ("maria", "en-US", "en", "pls add chen 2 fri mtg"),
    ("bob-smith", "en-US", "en", "can u add alice to my mtg w maria"),
    ("maria", "fr-FR", "fr", "ajoute chen à la réunion de jeudi"),
    ("bob-smith", "de-DE", "de", "lade chen zum rota review ein"),
    ("maria", "es-ES", "es", "añade a chen a la reunión del jueves"),
    ("maria", "it-IT", "it", "aggiungi chen alla riunione di venerdì"),
    ("maria", "pt-PT", "pt", "adiciona o chen à reunião de sexta"),
    ("maria", "nl-NL", "nl", "voeg chen toe aan de vergadering van vrijdag"),
    ("maria", "pl-PL", "pl", "dodaj chena do spotkania w piątek"),
    ("maria", "ja-JP", "ja", "チェンさんを金曜日の会議に追加して"),
    ("maria", "zh-CN", "zh-Hans", "把陈加到周五的会议里"),
])
async def test_adding_someone_to_a_booked_meeting_is_answered_plainly(
    meetings_bot: BotHarness, person: str, locale: str, language: str, request_text: str,
) -> None:
    bot = meetings_bot.as_person(person)
    bot.locale = locale
    before = [(m.id, m.attendee_emails) for m in await _meetings_of(bot, MARIA)]
    shifts = await _shift_count(bot)
    said = joined(await bot.say(request_text))
    assert say("meeting_invite.not_yet", language) in said, said
    # Nothing changed: no meeting gained anyone, no shift was given, nothing else was asked.
    assert [(m.id, m.attendee_emails) for m in await _meetings_of(bot, MARIA)] == before
    assert await _meetings_of(bot, CHEN) == [] and await _meetings_of(bot, SOPHIE) == []
    assert await _shift_count(bot) == shifts
    assert "?" not in said.replace(say("meeting_invite.not_yet", language), "")


async def test_asked_at_a_list_of_meetings_it_answers_and_cancels_nothing(
    meetings_bot: BotHarness,
) -> None:
    bot = meetings_bot
    before = await _meetings_of(bot, MARIA)
    await bot.say("cancel my meeting")
    said = joined(await bot.say("actually add chen to the rota review"))
    assert say("meeting_invite.not_yet", "en") in said, said
    assert [m.id for m in await _meetings_of(bot, MARIA)] == [m.id for m in before]


@pytest.mark.parametrize(("locale", "request_text", "yes"), [
    ("en-US", "invite chen to a meeting on friday", "yes"),
    ("fr-FR", "invite chen à une réunion vendredi", "oui"),
    ("de-DE", "lade chen zu einem meeting am freitag ein", "ja"),
    ("it-IT", "invita chen a una riunione venerdì", "sì"),
    ("nl-NL", "nodig chen uit voor een meeting op vrijdag", "ja"),
    ("pl-PL", "zaproś chena na spotkanie w piątek", "tak"),
])
async def test_inviting_someone_to_a_new_meeting_books_one_with_them(
    bot: BotHarness, locale: str, request_text: str, yes: str,
) -> None:
    """"Invite chen to a meeting" (not "the" meeting) books a new one with Chen: before, the
    French, German and Polish forms offered times with HR or Maria, and the English one was not
    understood."""
    bot.as_person("maria").locale = locale
    offered = joined(await bot.say(request_text))
    assert "Chen Wei" in offered, offered
    assert await _meetings_of(bot, CHEN) == []
    await bot.say("1")
    await bot.say(yes)
    [meeting] = await _meetings_of(bot, CHEN)
    assert meeting.organizer_email == MARIA and CHEN in meeting.attendee_emails
