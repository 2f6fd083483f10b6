"""Replies at ERA's questions the way people type them: an acknowledgement with a request after
it ("ok and send an email to alice"), a yes with a change, an answer when nothing waits. The
request is served or asked about, never dropped, and nothing is applied without a clear yes."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from language.catalogue import default_catalogue, say
from services.demo_organisation import RIVERSIDE
from services.org_database import OrgDatabase
from tests.bot_harness import BotHarness, joined

LONDON = ZoneInfo("Europe/London")
THURSDAY = date(2026, 11, 26)
LUCA_LATE = ("my employee luca was late 3 times this week", "no first time")


@pytest.mark.parametrize(
    ("reply", "locale"),
    [("ok and send an email to alice", "en-US"),
     ("d'accord et envoie un mail à alice", "fr-FR"),
     ("vale y escribe un correo a alice", "es-ES"),
     ("ok und schreib alice eine mail", "de-DE"),
     ("ok e scrivi una mail ad alice", "it-IT"),
     ("dobra i napisz maila do alicji", "pl-PL")],
)
async def test_a_request_after_ok_and_at_a_list_of_times_is_served(
    bot: BotHarness, reply: str, locale: str
) -> None:
    """The finding: at the call times offered after advice, "ok and send an email to alice"
    was read as a change of person and offered call times with Alice; the email was lost."""
    bot.as_person("maria")
    await bot.say(LUCA_LATE[0])
    await bot.say(LUCA_LATE[1])
    assert "Luca Rossi" in joined(await bot.say("yes"))
    answered = joined(await bot.say(reply, locale=locale))
    assert say("email.ask_topic", _language(locale), name="Alice") in answered


async def _chen_works_thursday(bot: BotHarness) -> bool:
    shifts = await bot.shifts.shifts_on(RIVERSIDE, THURSDAY, LONDON)
    return any(s.person_id == "chen" for s in shifts)


@pytest.mark.parametrize(
    ("reply", "locale", "yes"),
    [("dobra, zadzwoń do niego", "pl-PL", "tak"),
     ("spoko, zadzwoń do niego", "pl-PL", "tak"),
     ("entendido, llámalo", "es-ES", "sí"),
     ("capito, chiamalo", "it-IT", "sì"),
     ("わかった、彼に電話して", "ja-JP", "はい"),
     ("知道了，给他打电话", "zh-CN", "是")],
)
async def test_every_languages_ok_before_a_request_asks_about_the_preview_first(
    bot: BotHarness, reply: str, locale: str, yes: str
) -> None:
    """The finding: "dobra, zadzwoń do niego" (ok, call him) at "Shall I apply this change?"
    dropped the preview and asked whom to call; "entendido", "capito", "わかった" and "知道了"
    before a request got "Reply yes or no" and the request was lost."""
    bot.as_person("maria")
    await bot.say("unassign chen from thursday")
    held = await bot.say(reply, locale=locale)
    # The preview is asked again (in the language of the reply when it tells one).
    assert "Chen Wei" in held[0].text
    assert "shift_change.preview" in default_catalogue().identify(held[-1].text)
    assert await _chen_works_thursday(bot)
    answered = await bot.say(yes, locale=locale)
    assert not await _chen_works_thursday(bot)
    assert answered[-1].buttons and "Chen Wei" in answered[-1].text


@pytest.mark.parametrize(
    ("reply", "locale"),
    [("yes for bob no for alice", "en-US"), ("oui pour bob, non pour alice", "fr-FR"),
     ("sí para bob, no para alice", "es-ES"), ("ja für bob, nein für alice", "de-DE"),
     ("tak dla boba, nie dla alicji", "pl-PL"), ("sim para o bob, não para a alice", "pt-BR")],
)
async def test_answers_with_nothing_waiting_are_told_so_not_handed_to_hr(
    bot: BotHarness, reply: str, locale: str
) -> None:
    """The finding: "yes for bob no for alice" with no question open was read as a situation
    about Bob, and the advisor's knowledge gap handed the manager over to HR."""
    bot.as_person("maria")
    answered = joined(await bot.say(reply, locale=locale))
    assert answered == say("main.stray_reply", _language(locale))


@pytest.mark.parametrize(
    ("request_", "change", "locale", "changed"),
    [("book a meeting with alice on tuesday at 10am", "yes but make it 10:30", "en-US",
      "Tue 24 Nov, 10:30-11:00"),
     ("reserva una reunión con alice el martes a las 10", "sí pero a las 10:30", "es-ES",
      "mar., 24 nov., 10:30-11:00"),
     ("book a call with bob smith", "yes but make it 4pm", "en-US", "Mon 23 Nov, 16:00-16:30"),
     ("réserve un appel avec bob smith", "oui mais plutôt à 16h", "fr-FR",
      "lun. 23 nov., 16:00-16:30")],
)
async def test_a_yes_with_a_change_shows_the_changed_time_for_a_fresh_yes(
    bot: BotHarness, request_: str, change: str, locale: str, changed: str
) -> None:
    """The finding: "yes but make it 10:30" at "Book a meeting ... 10:00-10:30?" listed times
    to choose from again, and "yes but make it 4pm" at a call on Monday searched today."""
    bot.as_person("maria")
    await bot.say(request_, locale=locale)
    await bot.say("1", locale=locale)
    shown = await bot.say(change, locale=locale)
    assert changed in shown[-1].text and not await _booked(bot)
    assert changed in joined(await bot.say("yes", locale=locale))
    assert await _booked(bot) == 1


async def _booked(bot: BotHarness) -> int:
    db = await OrgDatabase.open(bot.components.settings.data_dir / "org.sqlite3")
    try:
        return len(await db.fetch_all("SELECT id FROM calendar_events WHERE is_cancelled = 0"))
    finally:
        await db.close()


def _language(locale: str) -> str:
    """The catalogue language ERA answers a locale in (Brazilian Portuguese has its own)."""
    return locale if locale == "pt-BR" else locale.split("-")[0]


@pytest.mark.parametrize(
    ("first", "second", "answer", "locale"),
    [("ok draft an email to him", "ok, call alice", "yes", "en-US"),
     ("d'accord, écris-lui un mail", "d'accord, appelle alice", "oui", "fr-FR")],
)
async def test_a_second_request_while_one_waits_is_kept_with_it(
    bot: BotHarness, first: str, second: str, answer: str, locale: str
) -> None:
    """The finding: a second "ok <request>" while the first waited behind "shall I go ahead
    with the above first?" replaced the first, silently."""
    bot.as_person("maria")
    await bot.say("unassign chen from thursday")
    await bot.say(first, locale=locale)
    asked = (await bot.say(second, locale=locale))[0].text
    assert "Chen Wei" in asked and "alice" in asked
    assert await _chen_works_thursday(bot)
    topic = joined(await bot.say(answer, locale=locale))
    assert not await _chen_works_thursday(bot)
    assert say("email.ask_topic", _language(locale), name="Chen") in topic
    await bot.say("his lateness", locale=locale)
    sent = await bot.say(answer, locale=locale)
    assert "alice" in sent[-2].text and "Alice Martin" in sent[-1].text and sent[-1].buttons


@pytest.mark.parametrize(
    ("reply", "locale"),
    [("oui mais pas lundi", "fr-FR"), ("yes but not monday", "en-US"),
     ("sí pero no el lunes", "es-ES"), ("ja, aber nicht am montag", "de-DE")],
)
async def test_a_yes_with_a_day_not_to_take_books_nothing_and_asks_again(
    bot: BotHarness, reply: str, locale: str
) -> None:
    """Held out: "oui mais pas lundi" at a meeting on Tuesday searched Monday's free times."""
    bot.as_person("maria")
    await bot.say("book a meeting with alice on tuesday at 10am")
    await bot.say("1")
    answered = await bot.say(reply, locale=locale)
    assert answered[0].text.startswith(say("meeting.booking_reask", _language(locale)))
    assert "24" in answered[-1].text and "10:00-10:30" in answered[-1].text
    assert not await _booked(bot)


@pytest.mark.parametrize(
    ("reply", "locale", "yes"),
    [("vale, mándale un correo", "es-ES", "sí"),
     ("vale, envíale un email", "es-ES", "sí"),
     ("va bene, mandagli una mail", "it-IT", "sì")],
)
async def test_ok_and_an_email_to_him_at_a_preview_keeps_the_email(
    bot: BotHarness, reply: str, locale: str, yes: str
) -> None:
    """The finding: "vale, mándale un correo" at "¿Aplico este cambio?" got "Reply yes or
    no", and after the yes the email was never drafted: "manda a Chen Wei un correo" (the
    pronoun put back as the name) was no request, nor "invia a Chen Wei una mail"."""
    bot.as_person("maria")
    await bot.say("unassign chen from thursday")
    held = await bot.say(reply, locale=locale)
    assert "shift_change.preview" in default_catalogue().identify(held[-1].text)
    answered = await bot.say(yes, locale=locale)
    assert not await _chen_works_thursday(bot)
    assert default_catalogue().identify(answered[-1].text)[0] == "email.ask_topic", answered
