"""Taking someone off a meeting already booked ("take sophie off the rota review", "enlève
sophie de la réunion de vendredi", "nimm sophie aus dem meeting am freitag raus"): the meeting
is found by the day, the title and the people named (who must be in it), the preview names who
is taken off which meeting and waits for a yes; a yes takes them off once (the calendar no
longer shows them, they alone get a cancellation in their language, an audit record says who
did it), a no changes nothing. Only the organiser can, and a calendar that fails is said so,
with nothing changed. Before, "take chen off the rota review" asked "Which day is Chen's
shift?", and "remove chen from friday's meeting" said Chen had no shift on Friday."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from core.calendar_event import CalendarEvent
from core.errors import BackendError
from core.failure_tracker import FailureTracker
from core.time_window import TimeWindow
from services.org_database import OrgDatabase
from services.stored_audit_log import StoredAuditLog
from tests.bot_harness import BotHarness, joined
from tests.conftest import FIXED_NOW

MARIA = "maria.lopez@contoso.example"
ALICE = "alice.martin@contoso.example"
SOPHIE = "sophie.dubois@contoso.example"
BOB_SMITH = "bob.smith@contoso.example"
_WEEKS = TimeWindow(FIXED_NOW, FIXED_NOW + timedelta(days=14))


async def _meetings_of(bot: BotHarness, email: str) -> list[CalendarEvent]:
    return await bot.components.services.calendar.find_events(attendee_email=email,
                                                              window=_WEEKS)


async def _rota_review(bot: BotHarness) -> CalendarEvent:
    [review] = [m for m in await _meetings_of(bot, MARIA) if m.subject == "Rota review"]
    return review


async def _with_sophie(bot: BotHarness) -> CalendarEvent:
    """The rota review with Sophie added (as the adding flow does), before the request."""
    review = await _rota_review(bot)
    return await bot.components.services.calendar.add_attendees(
        event_id=review.id, organizer_email=MARIA, attendee_emails=[SOPHIE],
        request_id="setup-add-sophie")


async def _notices_to(bot: BotHarness, email: str, kind: str) -> list[dict[str, Any]]:
    """The calendar notices of `kind` ("removed", "invite", "cancel") in the outbox to
    `email`."""
    db = await OrgDatabase.open(bot.components.settings.data_dir / "org.sqlite3")
    try:
        rows = [dict(r) for r in await db.fetch_all("SELECT * FROM outbox ORDER BY rowid")]
    finally:
        await db.close()
    return [r for r in rows if str(r["request_id"]).startswith(f"calendar-{kind}:")
            and email in str(r["to_addresses"]).lower()]


@pytest.mark.parametrize(("locale", "request_text", "preview", "yes", "done"), [
    ("en-US", "take sophie off the rota review",
     "Remove Sophie Dubois from Fri 27 Nov, 11:00-11:30: Rota review with Alice Martin? "
     "I'll let Sophie know it's cancelled for them.", "yes",
     "Done: I've removed Sophie Dubois from Fri 27 Nov, 11:00-11:30: Rota review with Alice "
     "Martin. I've let Sophie know it's cancelled for them."),
    ("en-US", "pls take sophie off fri mtg", "Remove Sophie Dubois from Fri 27 Nov", "yep",
     "Done: I've removed Sophie Dubois"),
    ("en-US", "pls remove sophie from fri mtg", "Remove Sophie Dubois from Fri 27 Nov", "yes",
     "Done: I've removed Sophie Dubois"),
    ("fr-FR", "enlève sophie de la réunion de vendredi",
     "Retirer Sophie Dubois de ven. 27 nov., 11:00-11:30 : Rota review avec Alice Martin ? "
     "Je préviendrai Sophie de ce retrait.", "oui",
     "C'est fait : j'ai retiré Sophie Dubois de ven. 27 nov., 11:00-11:30 : Rota review avec "
     "Alice Martin."),
    ("fr-FR", "retire sophie de la reu de vendredi", "Retirer Sophie Dubois", "ok",
     "C'est fait"),
    ("de-DE", "nimm sophie aus dem meeting am freitag raus",
     "Sophie Dubois aus Fr., 27. Nov., 11:00-11:30: Rota review mit Alice Martin austragen?",
     "ja", "Erledigt: Ich habe Sophie Dubois aus Fr., 27. Nov."),
    ("es-ES", "quita a sophie de la reunión del viernes",
     "¿Quitar a Sophie Dubois de vie., 27 nov., 11:00-11:30: Rota review con Alice Martin?",
     "sí", "Hecho: he quitado a Sophie Dubois"),
    ("ja-JP", "ソフィーさんを金曜日の会議から外して",
     "Sophie Duboisを11月27日(金) 11:00-11:30：Rota review（Alice Martin）から外しますか？",
     "はい", "完了しました"),
    ("it-IT", "togli sophie dalla riunione di venerdì", "Togliere Sophie Dubois", "sì",
     "Fatto"),
    ("nl-NL", "haal sophie uit de vergadering van vrijdag", "Sophie Dubois uit", "ja", "Klaar"),
    ("pl-PL", "usuń sophie ze spotkania w piątek", "Usunąć Sophie Dubois", "tak", "Gotowe"),
    ("pt-PT", "tira a sophie da reunião de sexta", "Retirar Sophie Dubois", "sim", "Feito"),
    ("zh-CN", "把苏菲从周五的会议中移除", "要把Sophie Dubois从", "好的", "完成"),
])
async def test_a_yes_takes_them_off_once_and_tells_only_them(
    meetings_bot: BotHarness, locale: str, request_text: str, preview: str, yes: str,
    done: str,
) -> None:
    bot = meetings_bot
    bot.locale = locale
    await _with_sophie(bot)
    shown = joined(await bot.say(request_text))
    assert preview in shown, shown
    # Nothing before the yes: Sophie is still in it and was told nothing.
    assert (await _rota_review(bot)).attendee_emails == (ALICE, SOPHIE)
    assert await _notices_to(bot, SOPHIE, "removed") == []
    said = joined(await bot.say(yes))
    assert done in said, said
    assert (await _rota_review(bot)).attendee_emails == (ALICE,)
    assert await _meetings_of(bot, SOPHIE) == []
    # Sophie is told in French, whatever language Maria speaks; Alice is sent nothing.
    [notice] = await _notices_to(bot, SOPHIE, "removed")
    assert notice["subject"] == "Annulée : Rota review"
    assert "a retiré votre participation à cette réunion" in notice["body"]
    assert await _notices_to(bot, ALICE, "removed") == []
    audit = await StoredAuditLog(bot.components.storage).recent(10)  # type: ignore[arg-type]
    assert [(r.action, r.actor_id) for r in audit] == [("calendar.remove_attendees", "maria")]
    # The same yes again (a card pressed twice) changes and sends nothing more.
    await bot.say(yes)
    await bot.press("yes")
    assert (await _rota_review(bot)).attendee_emails == (ALICE,)
    assert len(await _notices_to(bot, SOPHIE, "removed")) == 1
    assert len(await StoredAuditLog(bot.components.storage).recent(10)) == 1  # type: ignore[arg-type]


@pytest.mark.parametrize(("locale", "request_text", "no", "kept"), [
    ("en-US", "remove sophie from friday's meeting", "no",
     "OK, I haven't removed anyone. The meeting is unchanged."),
    ("fr-FR", "enlève sophie de la réunion de vendredi", "non",
     "D'accord, je n'ai retiré personne. La réunion reste inchangée."),
    ("de-DE", "entferne sophie aus dem termin am freitag", "nein",
     "In Ordnung, ich habe niemanden ausgetragen. Der Termin bleibt unverändert."),
    ("es-ES", "saca a sophie de la reunión del viernes", "no",
     "De acuerdo, no he quitado a nadie. La reunión sigue igual."),
    ("ja-JP", "ソフィーさんを金曜日の会議から外して", "いいえ",
     "承知しました。誰も外していません。ミーティングは変更されていません。"),
])
async def test_a_no_takes_nobody_off(
    meetings_bot: BotHarness, locale: str, request_text: str, no: str, kept: str,
) -> None:
    bot = meetings_bot
    bot.locale = locale
    await _with_sophie(bot)
    shown = joined(await bot.say(request_text))
    assert "Sophie Dubois" in shown, shown
    said = joined(await bot.say(no))
    assert kept in said, said
    await bot.press("yes")  # the preview's button, pressed late, does nothing now
    assert (await _rota_review(bot)).attendee_emails == (ALICE, SOPHIE)
    assert await _notices_to(bot, SOPHIE, "removed") == []


async def test_an_unclear_reply_is_asked_again_and_a_yes_with_more_is_no_yes(
    meetings_bot: BotHarness,
) -> None:
    bot = meetings_bot
    await _with_sophie(bot)
    await bot.say("take sophie off the rota review")
    said = joined(await bot.say("hmm purple"))
    assert 'Reply "yes" or "no"' in said and "Remove Sophie Dubois from" in said, said
    assert (await _rota_review(bot)).attendee_emails == (ALICE, SOPHIE)
    assert "Done: I've removed Sophie Dubois" in joined(await bot.say("yes"))


async def test_the_one_bob_in_a_meeting_is_meant_and_the_shift_is_untouched(
    meetings_bot: BotHarness,
) -> None:
    """"take bob off the check-in": two Bobs work at the store, but only Bob Smith is in
    Maria's meetings, so no "which Bob?"; his shifts stay as they are."""
    bot = meetings_bot
    shifts = bot.components.services.shifts
    end = FIXED_NOW + timedelta(days=14)
    before = await shifts.shifts_between("bob-smith", start=FIXED_NOW, end=end)
    said = joined(await bot.say("take bob off the check-in"))
    assert "Remove Bob Smith from Thu 26 Nov, 10:00-10:30: 1:1 check-in?" in said, said
    assert "Which" not in said
    await bot.say("yes")
    assert await _meetings_of(bot, BOB_SMITH) == []
    assert await shifts.shifts_between("bob-smith", start=FIXED_NOW, end=end) == before
    assert len(await _notices_to(bot, BOB_SMITH, "removed")) == 1


@pytest.mark.parametrize(("locale", "request_text", "answer"), [
    ("en-US", "remove chen from the rota review",
     "Chen Wei isn't in any of your upcoming meetings."),
    ("fr-FR", "enlève chen de la réunion de vendredi",
     "Chen Wei ne participe à aucune de vos réunions le ven. 27 nov."),
    ("de-DE", "nimm chen aus dem meeting am freitag",
     "Chen Wei ist am Fr., 27. Nov. in keinem Ihrer Termine."),
    ("es-ES", "quita a chen de la reunión del viernes",
     "Chen Wei no está en ninguna de sus reuniones el vie., 27 nov."),
    ("ja-JP", "チェンさんを金曜日の会議から外して",
     "Chen Wei さんは、11月27日(金)のミーティングのどれにも参加していません。"),
])
async def test_someone_in_none_of_the_meetings_changes_nothing(
    meetings_bot: BotHarness, locale: str, request_text: str, answer: str,
) -> None:
    bot = meetings_bot
    bot.locale = locale
    said = joined(await bot.say(request_text))
    assert answer in said, said
    assert not (await bot.stored_state()).get("memory")
    assert (await _rota_review(bot)).attendee_emails == (ALICE,)


@pytest.mark.parametrize(("locale", "request_text", "refusal"), [
    ("en-US", "take maria off the check-in",
     "Only Maria Lopez, who organised Thu 26 Nov, 10:00-10:30: 1:1 check-in with Maria Lopez, "
     "can take people off it."),
    ("fr-FR", "enlève maria de ma réunion de jeudi",
     "Seule la personne qui a organisé jeu. 26 nov., 10:00-10:30 : 1:1 check-in avec Maria "
     "Lopez, Maria Lopez, peut en retirer des participants."),
])
async def test_someone_who_did_not_organise_it_is_told_who_can(
    meetings_bot: BotHarness, locale: str, request_text: str, refusal: str,
) -> None:
    bot = meetings_bot.as_person("bob-smith")
    bot.locale = locale
    said = joined(await bot.say(request_text))
    assert refusal in said, said
    await bot.say("yes")
    [check_in] = await _meetings_of(bot, BOB_SMITH)
    assert check_in.attendee_emails == (BOB_SMITH,)


@pytest.mark.parametrize(("locale", "request_text", "yes", "failed"), [
    ("en-US", "take sophie off the rota review", "yes",
     "Sorry, I couldn't reach the calendar, so nobody was removed from Fri 27 Nov, "
     "11:00-11:30: Rota review with Alice Martin and nobody was told."),
    ("fr-FR", "enlève sophie de la réunion de vendredi", "oui",
     "Désolé, je n'ai pas pu joindre le calendrier : personne n'a été retiré de ven. 27 nov."),
    ("ja-JP", "ソフィーさんを金曜日の会議から外して", "はい", "カレンダーに接続できなかったため"),
])
async def test_a_calendar_failure_is_said_honestly_counted_and_changes_nothing(
    meetings_bot: BotHarness, monkeypatch: pytest.MonkeyPatch, locale: str,
    request_text: str, yes: str, failed: str,
) -> None:
    bot = meetings_bot
    bot.locale = locale
    await _with_sophie(bot)
    calendar = bot.components.services.calendar._inner  # type: ignore[attr-defined]

    async def unreachable(**_: object) -> CalendarEvent:
        raise BackendError("calendar", "the calendar did not answer")

    monkeypatch.setattr(calendar, "remove_attendees", unreachable)
    await bot.say(request_text)
    said = joined(await bot.say(yes))
    assert failed in said, said
    tracker = FailureTracker.from_dict((await bot.stored_state())["tracker"])
    assert tracker.failure_count == 1
    monkeypatch.undo()
    await bot.say(yes)  # the flow is over: a second yes does not act behind the person's back
    assert (await _rota_review(bot)).attendee_emails == (ALICE, SOPHIE)
    assert await _notices_to(bot, SOPHIE, "removed") == []
    # Asked again once the calendar answers, it is done, once.
    await bot.say(request_text)
    await bot.say(yes)
    assert (await _rota_review(bot)).attendee_emails == (ALICE,)
    assert len(await _notices_to(bot, SOPHIE, "removed")) == 1


async def test_a_meeting_that_started_after_the_preview_keeps_everyone(
    meetings_bot: BotHarness,
) -> None:
    bot = meetings_bot
    review = await _with_sophie(bot)
    bot.clock.now = review.starts_at - timedelta(minutes=5)
    assert "Remove Sophie Dubois from" in joined(await bot.say("take sophie off the rota review"))
    bot.clock.advance(minutes=6)
    said = joined(await bot.say("yes"))
    assert "This meeting has already started, so I can't take anyone off it now" in said, said
    assert (await _rota_review(bot)).attendee_emails == (ALICE, SOPHIE)
    assert await _notices_to(bot, SOPHIE, "removed") == []


async def test_help_lists_taking_people_off(meetings_bot: BotHarness) -> None:
    said = joined(await meetings_bot.say("help"))
    assert "add people to them or take people off them" in said, said
