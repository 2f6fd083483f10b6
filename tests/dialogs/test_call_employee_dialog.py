"""A manager books a call with an employee through the real bot: free slots shared by both,
spread over the working days and outside the employee's shifts; replies by number, by time and
by day part; the booked call is busy time afterwards and the employee is invited; two Bobs;
started by the advisor with the employee already known."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from core.time_window import TimeWindow
from language.catalogue import say
from services.org_database import OrgDatabase
from tests.bot_harness import BotHarness, Reply, joined, shown
from tests.conftest import FIXED_NOW

ALICE = "alice.martin@contoso.example"
MARIA = "maria.lopez@contoso.example"
WEEK = TimeWindow(FIXED_NOW, FIXED_NOW + timedelta(days=7))


async def _invitations(bot: BotHarness) -> list[dict[str, object]]:
    db = await OrgDatabase.open(bot.components.settings.data_dir / "org.sqlite3")
    try:
        rows = await db.fetch_all("SELECT * FROM outbox WHERE subject LIKE 'Invitation:%'")
        return [dict(row) for row in rows]
    finally:
        await db.close()


def _slots(replies: list[Reply]) -> list[str]:
    """The numbered option buttons, as titled."""
    return [title for reply in replies for title, _ in reply.buttons if title[0].isdigit()]


async def test_a_booked_call_is_busy_time_and_the_employee_is_invited(bot: BotHarness) -> None:
    offered = await bot.say("book a call with Alice")
    assert "Here are the free times in the next 7 days" in joined(offered)
    titles = _slots(offered)
    # Spread over the working days, two a day, never during Alice's Monday morning shift.
    assert titles[:3] == ["1. Mon 23 Nov, 15:00-15:30", "2. Mon 23 Nov, 15:30-16:00",
                          "3. Tue 24 Nov, 09:00-09:30"]
    calendar = bot.components.services.calendar
    before = await calendar.free_busy([ALICE, MARIA], WEEK)

    confirm = joined(await bot.say("3"))
    assert "Book a 30-minute call with Alice Martin on Tue 24 Nov, 09:00-09:30?" in confirm
    done = joined(await bot.say("yes"))
    assert "Your call with Alice Martin on Tue 24 Nov, 09:00-09:30 is booked" in done
    assert f"I've sent Alice an invitation ({ALICE})" in done

    after = await calendar.free_busy([ALICE, MARIA], WEEK)
    slot = (FIXED_NOW.replace(day=24, hour=9), FIXED_NOW.replace(day=24, hour=9, minute=30))
    for email in (ALICE, MARIA):
        assert not any(i.overlaps(*slot) for i in before[email])
        assert any(i.start <= slot[0] and slot[1] <= i.end for i in after[email])
    invitations = await _invitations(bot)
    assert [json.loads(str(m["to_addresses"])) for m in invitations] == [[ALICE]]

    again = _slots(await bot.say("book a call with Alice"))
    assert again and not any("Tue 24 Nov, 09:00-09:30" in title for title in again)


async def test_two_bobs_then_a_reply_by_time(bot: BotHarness) -> None:
    asked = joined(await bot.say("call bob"))
    assert 'There are 2 people called "Bob". Which one is the call with?' in asked
    offered = _slots(await bot.say("Bob Jones"))
    assert "8. Thu 26 Nov, 15:30-16:00" in offered
    confirm = joined(await bot.say("the 15:30 one"))
    assert "Book a 30-minute call with Bob Jones on Thu 26 Nov, 15:30-16:00?" in confirm
    assert "haven't booked" in joined(await bot.say("no"))
    assert await _invitations(bot) == []


async def test_a_day_part_reply_searches_that_part_of_the_day(bot: BotHarness) -> None:
    await bot.say("book a call with Bob Jones")
    narrowed = await bot.say("tomorrow morning")
    assert "Here are the free times on Mon 23 Nov between 09:00 and 12:00" in joined(narrowed)
    assert _slots(narrowed) == ["1. Mon 23 Nov, 10:00-10:30", "2. Mon 23 Nov, 10:30-11:00",
                                "3. Mon 23 Nov, 11:00-11:30", "4. Mon 23 Nov, 11:30-12:00"]


async def test_a_time_in_the_request_narrows_the_search(bot: BotHarness) -> None:
    offered = await bot.say("book a call with Alice on friday")
    assert "Here are the free times on Fri 27 Nov" in joined(offered)
    assert all("Fri 27 Nov" in title for title in _slots(offered))


async def test_the_advisor_starts_the_call_with_the_employee_it_knows(bot: BotHarness) -> None:
    await bot.say("My employee didn't show up for 3 days")
    launched = joined(await bot.say("I tried calling Bob Smith once but he didn't pick up"))
    assert "I can schedule that call with Bob for you now." in launched
    assert "Which one is" not in launched and "Who is the call with" not in launched
    assert "Shall I find a time for that call with Bob Smith?" in launched
    assert "Here are the free times in the next 7 days" in joined(await bot.say("yes"))
    confirm = joined(await bot.say("1"))
    assert "call with Bob Smith" in confirm
    done = joined(await bot.say("yes"))
    assert "Your call with Bob Smith" in done and "is booked" in done
    events = await bot.components.services.calendar.find_events(
        attendee_email="bob.smith@contoso.example", window=WEEK)
    # The invitation goes to Bob: it never quotes what the manager told ERA.
    assert len(events) == 1 and "didn't show up" not in events[0].body
    assert "pick up" not in events[0].body


async def test_employees_cannot_book_calls_with_colleagues(bot: BotHarness) -> None:
    bot.as_person("bob-smith")
    denied = joined(await bot.say("book a call with Alice"))
    assert "book a meeting" in denied
    assert await _invitations(bot) == []


async def test_a_call_with_someone_not_in_the_directory_says_so(bot: BotHarness) -> None:
    bot.as_person("maria")
    asked = joined(await bot.say("book a call with John Doe tomorrow at 3pm"))
    assert 'I couldn\'t find "John Doe" in your store. Who is the call with?' in asked


@pytest.mark.parametrize(
    ("locale", "reply", "asks_for_a_name"),
    [
        ("en-US", "no wait", "I need the person's name to go on. Who is the call with?"),
        ("en-US", "...", "I need the person's name to go on. Who is the call with?"),
        ("ja-JP", "バスが変わったからだと彼は言っていました", "続けるには、相手の方のお名前"),
    ],
)
async def test_a_reply_that_is_not_a_name_is_asked_again_for_a_name(
    bot: BotHarness, locale: str, reply: str, asks_for_a_name: str
) -> None:
    await bot.say("book a call")
    asked = joined(await bot.say(reply, locale=locale))
    assert asks_for_a_name in asked
    assert reply not in asked  # never "I couldn't find "thanks" in your store"
    offered = await bot.say("Alice")
    assert "Alice Martin" in joined(offered) and _slots(offered)


@pytest.mark.parametrize(("locale", "reply", "welcome", "language"), [
    ("en-US", "thanks", "You're welcome.", "en"),
    ("fr-FR", "merci", "Je vous en prie.", "fr"),
    ("ja-JP", "ありがとう", "どういたしまして。", "ja"),
    ("zh-CN", "谢谢", "不客气。", "zh-Hans"),
])
async def test_thanks_at_who_is_the_call_with_is_welcomed_and_asked_again(
    bot: BotHarness, locale: str, reply: str, welcome: str, language: str
) -> None:
    """... the question asked again in the language of the thanks, as the welcome is."""
    await bot.say("book a call")
    asked = joined(await bot.say(reply, locale=locale))
    assert asked.startswith(welcome) and say("employee.who.call", language) in asked, asked
    offered = await bot.say("Alice")
    assert "Alice Martin" in joined(offered) and _slots(offered)


@pytest.mark.parametrize("reply", ["book it with bob instead", "yes, with Bob instead",
                                   "no, actually book a call with bob"])
async def test_another_name_at_the_booking_question_books_nothing_with_the_first_person(
    bot: BotHarness, reply: str
) -> None:
    await bot.say("book a call with Alice")
    assert "Book a 30-minute call with Alice Martin" in joined(await bot.say("3"))
    moved = joined(await bot.say(reply))
    assert "haven't booked" in moved and 'There are 2 people called "Bob"' in moved
    assert await _invitations(bot) == []
    assert "for you and Bob Smith" in joined(await bot.say("Bob Smith"))
    assert "Book a 30-minute call with Bob Smith" in joined(await bot.say("1"))
    assert "Your call with Bob Smith" in joined(await bot.say("yes"))
    invitations = await _invitations(bot)
    assert [json.loads(str(m["to_addresses"])) for m in invitations] == [
        ["bob.smith@contoso.example"]]


async def test_the_same_name_at_the_booking_question_is_a_yes(bot: BotHarness) -> None:
    await bot.say("book a call with Alice")
    await bot.say("3")
    assert "Your call with Alice Martin" in joined(await bot.say("yes, book it with Alice"))


@pytest.mark.parametrize(
    ("locale", "asked_for", "reply", "reask"),
    [
        ("en-US", "book a call with Alice", "yse", 'Reply "yes" to book it'),
        ("en-US", "book a call with Alice", "ye", 'Reply "yes" to book it'),
        ("en-US", "book a call with Alice", "no wait", 'Reply "yes" to book it'),
        ("fr-FR", "organise un appel avec Alice", "oiu", "Répondez « oui » pour le réserver"),
        ("it-IT", "fissa una chiamata con Alice", "si ma", "Risponda «sì» per prenotarlo"),
        ("pl-PL", "umów rozmowę z Alicją", "tka", "Odpowiedz „tak”, żeby zarezerwować"),
        ("pl-PL", "umów rozmowę z Alicją", "nie, czekaj", "Odpowiedz „tak”, żeby zarezerwować"),
        ("de-DE", "plane einen Anruf mit Alice", "jaa doch nicht", "Antworten Sie „ja“"),
    ],
)
async def test_an_unclear_reply_at_the_booking_question_asks_it_again(
    bot: BotHarness, locale: str, asked_for: str, reply: str, reask: str
) -> None:
    bot.as_person("maria").locale = locale
    assert _slots(await bot.say(asked_for))
    asked = await bot.say("3")
    again = await bot.say(reply)
    assert reask in joined(again), joined(again)
    # The same question again (its buttons), not the time question or new times.
    assert [r.buttons for r in again][-1] == [r.buttons for r in asked][-1]
    assert await _invitations(bot) == []
    await bot.say("yes")
    assert len(await _invitations(bot)) == 1


async def test_a_clear_yes_with_a_typo_the_interpreter_knows_books(bot: BotHarness) -> None:
    await bot.say("book a call with Alice")
    await bot.say("3")
    assert "is booked" in joined(await bot.say("yess"))


async def test_a_new_time_at_the_booking_question_still_searches_it(bot: BotHarness) -> None:
    await bot.say("book a call with Alice")
    await bot.say("3")
    moved = joined(await bot.say("actually thursday afternoon"))
    assert "Here are the free times on Thu 26 Nov" in moved
    assert await _invitations(bot) == []


@pytest.mark.parametrize(
    ("locale", "asked_for", "reply", "searched"),
    [
        ("en-US", "book a call with Alice", "yes but thursday afternoon",
         "Here are the free times on Thu 26 Nov"),
        ("en-US", "book a call with Alice", "sure, at 4pm instead", "between 16:00 and 17:00"),
        ("de-DE", "plane einen Anruf mit Alice", "ja, aber um 16 Uhr", "zwischen 16:00 und 17:00"),
        ("es-ES", "programa una llamada con Alice", "sí, pero a las 4 de la tarde",
         "entre las 16:00 y las 17:00"),
        ("fr-FR", "planifie un appel avec Alice", "oui mais à 16h", "16:00"),
    ],
)
async def test_a_yes_with_another_time_at_the_booking_question_searches_it_and_books_nothing(
    bot: BotHarness, locale: str, asked_for: str, reply: str, searched: str
) -> None:
    bot.as_person("maria").locale = locale
    assert _slots(await bot.say(asked_for))
    await bot.say("3")
    moved = joined(await bot.say(reply))
    assert searched in moved, moved
    assert await _invitations(bot) == []


async def test_a_call_asked_for_by_pronoun_at_an_email_is_with_its_recipient(
    bot: BotHarness,
) -> None:
    await bot.say("email Alice about her lateness")
    offered = await bot.say("call her instead")
    assert "free times in the next 7 days for you and Alice Martin" in joined(offered)


async def test_a_greeting_at_the_list_of_times_keeps_the_list(bot: BotHarness) -> None:
    bot.as_person("maria")
    offered = await bot.say("book a call with Alice tomorrow")
    buttons = [title for reply in offered for title, _ in reply.buttons]
    again = await bot.say("hello")
    text = joined(again)
    assert "Which of these" in text and "preferred time" not in text
    assert [title for reply in again for title, _ in reply.buttons] == buttons
    asked = joined(await bot.say("2"))
    assert "Book a 30-minute call with Alice Martin" in asked


async def test_another_time_typed_at_the_list_asks_when(bot: BotHarness) -> None:
    bot.as_person("maria")
    await bot.say("book a call with Alice tomorrow")
    asked = joined(await bot.say("another time"))
    assert "preferred time" in asked and "Sorry" not in asked


@pytest.mark.parametrize(("locale", "request_text", "typed"), [
    ("nl-NL", "plan een gesprek met Alice morgen", "een ander tijdstip"),
    ("zh-CN", "明天和Alice约个电话", "换个时间"),
    ("de-DE", "Telefonat mit Alice morgen vereinbaren", "eine andere Uhrzeit bitte"),
    ("fr-FR", "planifie un appel avec Alice demain", "d'autres créneaux"),
    ("pl-PL", "umów rozmowę z Alice na jutro", "inny termin"),
    ("ja-JP", "明日アリスさんと電話を予約して", "別の時間"),
    ("en-GB", "book a call with Alice tomorrow", "none of these"),
    # Spanish "otra hora" is "another time", not a length of one hour ("una hora").
    ("es-ES", "reserva una llamada con Alice mañana", "otra hora"),
    # None of them suits: "keiner passt" and "nessuno va bene" got "Sorry, I couldn't tell
    # which time you meant".
    ("de-DE", "Telefonat mit Alice morgen vereinbaren", "keiner passt"),
    ("it-IT", "fissa una chiamata con Alice domani", "nessuno va bene"),
    ("en-US", "book a call with Alice tomorrow", "none of them work"),
    ("fr-FR", "planifie un appel avec Alice demain", "aucun ne me convient"),
    ("es-ES", "reserva una llamada con Alice mañana", "ninguno me viene bien"),
    ("nl-NL", "plan een gesprek met Alice morgen", "geen past"),
    ("pl-PL", "umów rozmowę z Alice na jutro", "żaden nie pasuje"),
    ("pt-PT", "marca uma chamada com a Alice amanhã", "nenhum me serve"),
    ("ja-JP", "明日アリスさんと電話を予約して", "どれも都合が悪い"),
    ("zh-CN", "明天和Alice约个电话", "都不合适"),
])
async def test_another_time_in_the_persons_own_words_asks_when_as_the_button_does(
    bot: BotHarness, locale: str, request_text: str, typed: str
) -> None:
    """The finding: "een ander tijdstip" and "换个时间" at the free times got "Sorry, I didn't
    understand which time" before the question: only the button's exact words were read."""
    bot.as_person("maria").locale = locale
    assert _slots(await bot.say(request_text))
    typed_reply = joined(await bot.say(typed))
    await bot.say("cancel")
    assert _slots(await bot.say(request_text))
    pressed = joined(await bot.press("another time"))  # the button
    assert typed_reply == pressed
async def test_a_name_in_katakana_books_the_call_with_that_employee(bot: BotHarness) -> None:
    bot.as_person("maria").locale = "ja-JP"
    offered = await bot.say("アリスさんに電話して")
    assert "Alice Martin" in joined(offered) and _slots(offered)
    confirm = joined(await bot.say("1"))
    assert "Alice Martin" in confirm
    done = joined(await bot.say("はい"))
    assert "Alice Martin" in done and ALICE in done
    invitations = await _invitations(bot)
    assert [json.loads(str(m["to_addresses"])) for m in invitations] == [[ALICE]]


async def test_two_bobs_in_katakana_ask_which_and_a_surname_in_katakana_answers(
    bot: BotHarness,
) -> None:
    bot.as_person("maria").locale = "ja-JP"
    asked = await bot.say("ボブさんに電話して")
    assert "Bob Jones" in shown(asked) and "Bob Smith" in shown(asked)
    offered = await bot.say("ボブ・スミスさん")
    assert "Bob Smith" in joined(offered) and _slots(offered)


@pytest.mark.parametrize(("locale", "request_text", "situation", "first_time"), [
    ("en-US", "book a call with Bob Smith", "Alice insulted a customer yesterday",
     "no, it is the first time"),
    ("nl-NL", "plan morgen een gesprek met Bob Smith",
     "Alice heeft gisteren een klant uitgescholden",
     "nee, het is de eerste keer"),
    ("fr-FR", "réserve un appel avec Bob Smith", "Alice a insulté un client hier",
     "non, c'est la première fois"),
    ("pt-BR", "marca uma chamada com o Bob Smith", "a Alice faltou sem avisar hoje",
     "não, é a primeira vez"),
])
async def test_a_remark_about_someone_else_at_the_times_books_nothing_for_them(
    bot: BotHarness, locale: str, request_text: str, situation: str, first_time: str
) -> None:
    """At the times of a call with Bob, 'Alice insulted a customer yesterday' was taken as
    'with Alice instead' (her times were offered), and 'no, it's the first time' then picked
    the first time ('first') for a call with Alice."""
    bot.locale = locale
    offered = await bot.say(request_text)
    assert _slots(offered)
    remark = joined(await bot.say(situation))
    assert "Alice Martin" not in remark
    answered = joined(await bot.say(first_time))
    assert "Alice Martin" not in answered and "Bob Smith" not in answered  # no booking asked
    assert await _invitations(bot) == []


@pytest.mark.parametrize(("locale", "request_text", "yes"), [
    ("zh-CN", "帮我约鲍勃史密斯周四下午谈谈", "好"),
    ("zh-CN", "周四下午和爱丽丝谈一下", "好"),
    ("ja-JP", "木曜の午後にアリスと話したい", "はい"),
    ("pt-BR", "marca uma conversa com a alice na quinta à tarde", "sim"),
])
async def test_a_talk_to_set_up_with_someone_books_a_call_after_its_preview(
    bot: BotHarness, locale: str, request_text: str, yes: str
) -> None:
    """The finding: Maria's "帮我约鲍勃周四下午谈谈" (set up a talk with Bob on Thursday afternoon)
    got the advisor's "what happened?", and the name she gave next handed her to HR; the
    Japanese and Portuguese ones were not understood. A talk is a call: the free times that
    Thursday afternoon, a preview, and an invitation only after her yes."""
    bot.as_person("maria").locale = locale
    offered = await bot.say(request_text)
    slots = _slots(offered)
    assert slots and all("3" in slot for slot in slots), joined(offered)
    await bot.say("1")
    assert await _invitations(bot) == []
    await bot.say(yes)
    invited = [json.loads(str(m["to_addresses"])) for m in await _invitations(bot)]
    assert len(invited) == 1 and invited[0][0].startswith(("bob.smith", "alice.martin")), invited
