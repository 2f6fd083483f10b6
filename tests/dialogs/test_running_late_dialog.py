"""A shift worker says they will be late: the shift is found, the manager is told once on yes
(email and chat, in the manager's language, audited), nobody on no; no shift, a manager saying
it, and a conversation in French."""

from __future__ import annotations

import pytest

from language.catalogue import say
from services.org_database import OrgDatabase
from services.stored_audit_log import StoredAuditLog
from tests.bot_harness import BotHarness, joined

MONDAY_MORNING = "Mon 23 Nov, Morning 09:00-15:00"



async def _outbox(bot: BotHarness) -> list[dict[str, object]]:
    db = await OrgDatabase.open(bot.components.settings.data_dir / "org.sqlite3")
    try:
        return [dict(row) for row in await db.fetch_all("SELECT * FROM outbox ORDER BY rowid")]
    finally:
        await db.close()


async def _audited(bot: BotHarness) -> list[tuple[str, str, str]]:
    records = await StoredAuditLog(bot.components.storage).recent(10)  # type: ignore[arg-type]
    return [(r.action, r.actor_id, r.target) for r in records if r.action == "shift.running_late"]


async def test_yes_tells_the_manager_once_by_email_and_chat(
    bot: BotHarness, chats: list[tuple[str, str]]
) -> None:
    bot.as_person("bob-smith")
    asked = await bot.say("I'll be 20 minutes late tomorrow")
    question = joined(asked)
    assert question == (
        f"Shall I tell Maria Lopez that you'll be late for your shift {MONDAY_MORNING}? "
        "I'll pass on your words: \"I'll be 20 minutes late tomorrow\"."
    )
    assert [title for reply in asked for title, _ in reply.buttons] == ["Yes", "No"]
    assert await _outbox(bot) == [] and chats == []

    done = joined(await bot.say("yes"))
    assert done.startswith(f"Done: I've let Maria Lopez know you'll be late for your shift "
                           f"{MONDAY_MORNING}.")
    mails = await _outbox(bot)
    assert len(mails) == 1
    assert "maria.lopez@contoso.example" in str(mails[0]["to_addresses"])
    assert "Bob Smith" in str(mails[0]["subject"]) and MONDAY_MORNING in str(mails[0]["subject"])
    assert "\"I'll be 20 minutes late tomorrow\"" in str(mails[0]["body"])
    assert chats == [("maria", f"Bob Smith will be late for their shift on {MONDAY_MORNING}. "
                               "Their words: \"I'll be 20 minutes late tomorrow\"")]
    assert [(action, actor) for action, actor, _ in await _audited(bot)] == [
        ("shift.running_late", "bob-smith")]


async def test_a_second_yes_tells_nobody_again(
    bot: BotHarness, chats: list[tuple[str, str]]
) -> None:
    bot.as_person("bob-smith")
    await bot.say("running late")
    assert "Done:" in joined(await bot.press("yes"))
    again = joined(await bot.press("yes"))
    third = joined(await bot.say("yes"))
    assert "Done:" not in again and "Done:" not in third
    assert len(await _outbox(bot)) == 1
    assert len(chats) == 1
    assert len(await _audited(bot)) == 1


async def test_no_tells_nobody(bot: BotHarness, chats: list[tuple[str, str]]) -> None:
    bot.as_person("bob-smith")
    await bot.say("stuck in traffic, will be late")
    assert joined(await bot.say("no")) == "OK, I haven't told anyone. Anything else?"
    assert await _outbox(bot) == [] and chats == [] and await _audited(bot) == []


async def test_with_no_shift_soon_there_is_nobody_to_tell(
    bot: BotHarness, chats: list[tuple[str, str]]
) -> None:
    bot.as_person("bob-smith")
    # Saturday 28 Nov, 16:00: Bob's Saturday shift is over and he works no Sunday.
    bot.clock.advance(days=6, hours=6)
    said = joined(await bot.say("I'm running late"))
    assert said == ("I can't find a shift of yours today or tomorrow, so there's nobody to tell."
                    "\nYour next shift: Mon 30 Nov, Morning 09:00-15:00 (sales associate).")
    on_sunday = joined(await bot.say("I'll be late on Sunday"))
    assert on_sunday.startswith("I can't find a shift of yours on Sun 29 Nov")
    assert await _outbox(bot) == [] and chats == []


async def test_a_shift_tomorrow_more_than_a_day_away_is_the_one_late_for(
    bot: BotHarness, chats: list[tuple[str, str]]
) -> None:
    """Sunday 08:30, Bob's next shift Monday 09:00: "running late" got "I can't find a shift of
    yours today or tomorrow" and then "Your next shift: Mon 30 Nov, Morning 09:00-15:00"; the
    search stopped 24 hours on. It is asked about; nothing is sent before the yes."""
    bot.as_person("bob-smith")
    bot.clock.advance(days=6, hours=22.5)
    asked = joined(await bot.say("I'm running late"))
    assert asked.startswith("Shall I tell Maria Lopez that you'll be late for your shift "
                            "Mon 30 Nov, Morning 09:00-15:00?"), asked
    assert await _outbox(bot) == [] and chats == []


async def test_a_shift_in_progress_is_the_one_late_for(
    bot: BotHarness, chats: list[tuple[str, str]]
) -> None:
    bot.as_person("bob-smith")
    bot.clock.advance(days=1, hours=0.5)  # Monday 10:30, during the 09:00-15:00 shift
    asked = joined(await bot.say("my bus is late"))
    assert MONDAY_MORNING in asked


@pytest.mark.parametrize("text", [
    "stuck in traffic, be there asap", "running late, there in 10 min",
])
async def test_when_the_worker_arrives_is_no_day_to_search(bot: BotHarness, text: str) -> None:
    """The finding: "be there asap" searched only the next hour and said there was no shift
    to be late for, though one started later that day."""
    bot.as_person("bob-smith")
    asked = joined(await bot.say(text))
    assert f"late for your shift {MONDAY_MORNING}?" in asked, asked


async def test_a_manager_is_told_this_is_for_shift_workers(
    bot: BotHarness, chats: list[tuple[str, str]]
) -> None:
    bot.as_person("maria")
    said = joined(await bot.say("I'll be late tomorrow"))
    assert said.startswith("Letting a manager know you'll be late is for shift workers")
    assert await _outbox(bot) == [] and chats == []


async def test_a_manager_describing_a_late_worker_gets_advice_not_this(
    bot: BotHarness, chats: list[tuple[str, str]]
) -> None:
    bot.as_person("maria")
    said = joined(await bot.say("Bob keeps coming in late"))
    assert "for shift workers" not in said
    assert chats == []


@pytest.mark.parametrize("text", [
    # Folded, "llegó" (he arrived late) is "llego" (I'm arriving late): it was the worker's
    # running-late, refused to the manager as "for shift workers".
    "bob smith llegó tarde otra vez, ¿qué hago?",
    "chen llego tarde hoy",
])
async def test_a_manager_naming_a_late_worker_in_spanish_gets_advice(
    bot: BotHarness, chats: list[tuple[str, str]], text: str
) -> None:
    bot.as_person("maria")
    bot.locale = "es-ES"
    said = joined(await bot.say(text))
    assert "llegue tarde" in said, said  # the lateness advice
    assert "personal por turnos" not in said
    assert chats == []


async def test_a_conversation_in_french(bot: BotHarness, chats: list[tuple[str, str]]) -> None:
    bot.as_person("bob-smith")
    bot.locale = "fr-FR"
    asked = joined(await bot.say("je serai en retard demain"))
    assert asked.startswith("Dois-je prévenir Maria Lopez que vous serez en retard pour votre "
                            "poste du lun. 23 nov.")
    assert "« je serai en retard demain »" in asked
    done = joined(await bot.say("oui"))
    assert done.startswith("C'est fait : j'ai prévenu Maria Lopez")
    # Maria reads English: her email and chat message are in her language, not Bob's.
    mails = await _outbox(bot)
    assert len(mails) == 1 and str(mails[0]["subject"]).startswith("Running late: Bob Smith")
    assert chats and chats[0][1].startswith("Bob Smith will be late")


@pytest.mark.parametrize(
    ("locale", "cancel", "late", "yes", "asked", "resume"),
    [("en-US", "cancel one of my shifts", "I'll be late tomorrow", "yes",
      "Shall I tell Maria Lopez that you'll be late", "get back to cancelling your shift"),
     ("fr-FR", "annuler un de mes postes", "je serai en retard demain", "oui",
      "Dois-je prévenir Maria Lopez que vous serez en retard",
      "reprendre l'annulation de votre poste")],
)
async def test_running_late_at_the_list_of_shifts_to_cancel_is_served_and_cancels_nothing(
    bot: BotHarness, chats: list[tuple[str, str]], locale: str, cancel: str, late: str,
    yes: str, asked: str, resume: str,
) -> None:
    bot.as_person("bob-smith")
    bot.locale = locale
    before = await bot.shifts.upcoming_shifts("bob-smith", now=bot.clock.now)
    listed = await bot.say(cancel)
    assert len(listed[-1].buttons) > 1, joined(listed)
    switched = joined(await bot.say(late))
    assert switched.startswith(asked), switched
    done = joined(await bot.say(yes))
    # Maria is told once; then the cancellation is offered back, and nothing was cancelled.
    assert len(await _outbox(bot)) == 1 and len(chats) == 1
    assert resume in done, done
    assert await bot.shifts.upcoming_shifts("bob-smith", now=bot.clock.now) == before


async def test_late_words_are_not_read_as_a_time_of_day(
    bot: BotHarness, chats: list[tuple[str, str]]
) -> None:
    """"tarde" is "late" here, not "this afternoon"; "明天" stays the day named."""
    bot.as_person("bob-smith")
    bot.locale = "es-ES"
    asked = joined(await bot.say("voy a llegar tarde"))
    assert "lun., 23 nov., Mañana 09:00-15:00" in asked
    await bot.say("no")
    bot.locale = "zh-CN"
    bot.clock.advance(days=1, hours=6)  # Monday 16:00: the next shift is Tuesday evening
    asked = joined(await bot.say("我明天会晚20分钟到"))
    assert "晚班 20:00-23:00" in asked and "“我明天会晚20分钟到”" in asked


async def test_the_workers_words_cannot_format_the_managers_message(
    bot: BotHarness, chats: list[tuple[str, str]]
) -> None:
    bot.as_person("bob-smith")
    await bot.say("I'll be late tomorrow, see [the rota](http://evil.example/login) **now**")
    await bot.say("yes")
    [(to, text)] = chats
    # The link shows where it goes and nothing renders as bold: ERA relays, it does not format.
    assert to == "maria" and "the rota (http://evil.example/login)" in text
    assert "](" not in text and "**" not in text


@pytest.mark.parametrize(
    ("locale", "late", "more", "yes"),
    [
        ("en-US", "running late", "like 15 mins", "yes"),
        ("es-ES", "voy tarde", "unos 20 min, hay un atasco", "sí"),
        ("de-DE", "bin spät dran", "so 20 Minuten, Stau auf der A3", "ja"),
    ],
)
async def test_more_words_instead_of_a_yes_are_passed_on_too(
    bot: BotHarness, chats: list[tuple[str, str]], locale: str, late: str, more: str, yes: str
) -> None:
    bot.as_person("bob-smith")
    await bot.say(late, locale=locale)
    asked_again = joined(await bot.say(more, locale=locale))
    assert f"{late} {more}" in asked_again
    assert await _outbox(bot) == []

    await bot.say(yes, locale=locale)
    mails = await _outbox(bot)
    assert len(mails) == 1 and more in str(mails[0]["body"])


async def test_a_reply_with_no_words_of_its_own_is_asked_again_saying_what_is_accepted(
    bot: BotHarness, chats: list[tuple[str, str]]
) -> None:
    bot.as_person("bob-smith")
    await bot.say("running late")
    again = joined(await bot.say("hmm"))
    assert 'Reply "yes" or "no"' in again and '"running late"' in again
    assert await _outbox(bot) == []


@pytest.mark.parametrize(
    ("locale", "late", "aside"),
    [
        # A question to ERA was added to the words passed on ("... stau auf der a3 was kostet
        # ein kaffee in der kantine?"), and a thank-you in Polish too.
        ("de-DE", "ich komme morgen 20 min später", "was kostet ein kaffee in der kantine?"),
        ("pl-PL", "jutro spóźnię się jakieś pół godziny", "dzięki"),
    ],
)
async def test_a_question_or_thanks_at_the_question_is_not_passed_on(
    bot: BotHarness, chats: list[tuple[str, str]], locale: str, late: str, aside: str
) -> None:
    bot.as_person("bob-smith")
    await bot.say(late, locale=locale)
    again = joined(await bot.say(aside, locale=locale))
    assert aside not in again and late in again
    assert await _outbox(bot) == []


async def test_words_with_line_breaks_reach_the_manager_on_one_line(
    bot: BotHarness, chats: list[tuple[str, str]]
) -> None:
    """A line break in the worker's words made what followed a line of its own in the
    manager's email, where it could pass for ERA's ("ERA: approved, no need to reply")."""
    bot.as_person("bob-smith")
    await bot.say("I'll be 20 minutes late tomorrow\n\nERA: approved, no need to reply")
    assert "Done:" in joined(await bot.say("yes"))
    (mail,) = await _outbox(bot)
    body = str(mail["body"])
    assert "late tomorrow ERA: approved, no need to reply" in body
    assert not any(line.startswith("ERA: approved") for line in body.splitlines())


@pytest.mark.parametrize(("locale", "late", "yes_and_more", "more", "yes"), [
    ("es-ES", "voy tarde", "sí, hay mucho tráfico", "hay mucho tráfico", "sí"),
    ("en-US", "running late", "yes, the bus broke down", "the bus broke down", "yes"),
])
async def test_a_yes_with_more_words_passes_on_the_words_not_the_yes(
    bot: BotHarness, chats: list[tuple[str, str]], locale: str, late: str, yes_and_more: str,
    more: str, yes: str,
) -> None:
    # "sí, hay mucho tráfico" was passed on as "voy tarde sí, hay mucho tráfico".
    bot.as_person("bob-smith")
    await bot.say(late, locale=locale)
    asked_again = joined(await bot.say(yes_and_more, locale=locale))
    assert f"{late} {more}" in asked_again, asked_again
    assert await _outbox(bot) == []
    await bot.say(yes, locale=locale)
    mails = await _outbox(bot)
    assert len(mails) == 1 and f"{late} {more}" in str(mails[0]["body"])


@pytest.mark.parametrize(("locale", "late", "send"), [
    ("en-US", "running late", "send it"),
    ("fr-FR", "je serai en retard demain", "envoie"),
    ("de-DE", "ich komme morgen zu spät", "schick es"),
    ("es-ES", "voy tarde", "mándalo"),
])
async def test_send_it_at_the_question_tells_the_manager(
    bot: BotHarness, chats: list[tuple[str, str]], locale: str, late: str, send: str
) -> None:
    """"send it" at "Shall I tell Maria Lopez that you'll be late?" was added to the words."""
    bot.as_person("bob-smith")
    await bot.say(late, locale=locale)
    await bot.say(send, locale=locale)
    (mail,) = await _outbox(bot)
    assert late in str(mail["body"]) and send not in str(mail["body"])


@pytest.mark.parametrize(("locale", "late", "correction", "meant"), [
    ("en-US", "I'll be 15 min late tomorrow", "no, 30 min", "I'll be 30 min late tomorrow"),
    ("en-US", "I'll be 15 min late tomorrow", "actually 45 minutes",
     "I'll be 45 minutes late tomorrow"),
    ("en-US", "I'll be 15 min late tomorrow", "no, 30", "I'll be 30 min late tomorrow"),
    ("fr-FR", "je serai en retard de 10 min demain", "non, plutôt 30 min",
     "je serai en retard de 30 min demain"),
    ("de-DE", "ich komme morgen 10 min zu spät", "nein, eher 30 Minuten",
     "ich komme morgen 30 Minuten zu spät"),
    ("es-ES", "llego 10 min tarde mañana", "no, mejor media hora",
     "llego media hora tarde mañana"),
    ("pl-PL", "jutro spóźnię się 10 minut", "nie, raczej pół godziny",
     "jutro spóźnię się pół godziny"),
    ("ja-JP", "明日10分遅れます", "いや、30分", "明日30分遅れます"),
    ("zh-CN", "我明天会晚20分钟到", "不是，30分钟", "我明天会晚30分钟到"),
])
async def test_a_corrected_delay_replaces_the_one_in_the_words(
    bot: BotHarness, chats: list[tuple[str, str]], locale: str, late: str, correction: str,
    meant: str,
) -> None:
    """"no, 30 min" was added after the words ("I'll be 15 min late tomorrow no, 30 min"), so
    the manager read two delays; "no, 30" was a no and told nobody. The delay is replaced, the
    question asked again, and only the yes tells the manager, with the one delay."""
    bot.as_person("bob-smith").locale = locale
    language = locale.split("-")[0].replace("zh", "zh_Hans")
    await bot.say(late)
    asked = joined(await bot.say(correction))
    assert say("manager_request.words_changed", language) in asked, asked
    assert meant in asked and correction not in asked, asked
    assert await _outbox(bot) == [] and chats == []
    await bot.say("ok")
    (mail,) = await _outbox(bot)
    assert meant in str(mail["body"]) and correction not in str(mail["body"])


async def test_more_words_with_a_delay_are_still_added(
    bot: BotHarness, chats: list[tuple[str, str]]
) -> None:
    bot.as_person("bob-smith")
    await bot.say("I'll be 15 min late tomorrow")
    asked = joined(await bot.say("the bus broke down, 30 min"))
    assert "I'll be 15 min late tomorrow the bus broke down, 30 min" in asked, asked
    assert await _outbox(bot) == []
