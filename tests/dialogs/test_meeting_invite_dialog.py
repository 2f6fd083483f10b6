"""Adding someone to a meeting already booked ("invite chen to the rota review", "ajoute chen à
la réunion de vendredi"): the meeting is found as cancel finds one, the preview names who is
added to which meeting and waits for a yes; a yes adds them once (the calendar shows them, they
alone get an invitation, an audit record says who did it), a no adds nobody. Two Bobs are asked
about; someone already in it, a meeting someone else organised or one under way is refused
plainly; a calendar that fails is said so, with nothing added. Before, every such request got
"I can't add people to a meeting that's already booked yet" and nothing happened."""

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
CHEN = "chen.wei@contoso.example"
SOPHIE = "sophie.dubois@contoso.example"
BOB_SMITH = "bob.smith@contoso.example"
BOB_JONES = "bob.jones@contoso.example"
_WEEKS = TimeWindow(FIXED_NOW, FIXED_NOW + timedelta(days=14))


async def _meetings_of(bot: BotHarness, email: str) -> list[CalendarEvent]:
    return await bot.components.services.calendar.find_events(attendee_email=email,
                                                              window=_WEEKS)


async def _rota_review(bot: BotHarness) -> CalendarEvent:
    [review] = [m for m in await _meetings_of(bot, MARIA) if m.subject == "Rota review"]
    return review


async def _invitations_to(bot: BotHarness, email: str) -> list[dict[str, Any]]:
    """The meeting invitations in the outbox addressed to `email`."""
    db = await OrgDatabase.open(bot.components.settings.data_dir / "org.sqlite3")
    try:
        rows = [dict(r) for r in await db.fetch_all("SELECT * FROM outbox ORDER BY rowid")]
    finally:
        await db.close()
    return [r for r in rows if str(r["request_id"]).startswith("calendar-invite:")
            and email in str(r["to_addresses"]).lower()]


async def _shift_count(bot: BotHarness) -> int:
    """The shifts of the people the requests name, over the next two weeks."""
    backend = bot.components.services.shifts
    end = FIXED_NOW + timedelta(days=14)
    return sum([len(await backend.shifts_between(person, start=FIXED_NOW, end=end))
                for person in ("alice", "chen", "sophie")])


@pytest.mark.parametrize(("locale", "request_text", "preview", "yes", "done"), [
    ("en-US", "invite chen to the rota review",
     "Add Chen Wei to Fri 27 Nov, 11:00-11:30: Rota review with Alice Martin? "
     "I'll send Chen an invitation.", "yes",
     "Done: I've added Chen Wei to Fri 27 Nov, 11:00-11:30: Rota review with Alice Martin. "
     "I've sent Chen an invitation."),
    ("en-US", "pls add chen 2 fri mtg",
     "Add Chen Wei to Fri 27 Nov, 11:00-11:30: Rota review with Alice Martin?", "yes",
     "Done: I've added Chen Wei"),
    ("fr-FR", "ajoute chen à la réunion de vendredi",
     "Ajouter Chen Wei à ven. 27 nov., 11:00-11:30 : Rota review avec Alice Martin ? "
     "J'enverrai une invitation à Chen.", "oui",
     "C'est fait : j'ai ajouté Chen Wei à ven. 27 nov., 11:00-11:30 : Rota review avec "
     "Alice Martin. Une invitation a été envoyée à Chen."),
    ("fr-FR", "ajoute chen a la reu de vendredi", "Ajouter Chen Wei à ven. 27 nov.", "ok",
     "C'est fait"),
    ("de-DE", "lade chen zum rota review ein",
     "Chen Wei zu Fr., 27. Nov., 11:00-11:30: Rota review mit Alice Martin hinzufügen? "
     "Ich schicke Chen eine Einladung.", "ja",
     "Erledigt: Ich habe Chen Wei zu Fr., 27. Nov., 11:00-11:30: Rota review mit Alice Martin "
     "hinzugefügt und Chen eine Einladung geschickt."),
    ("es-ES", "añade a chen a la reunión del viernes",
     "¿Añado a Chen Wei a vie., 27 nov., 11:00-11:30: Rota review con Alice Martin? "
     "Enviaré una invitación a Chen.", "sí",
     "Hecho: he añadido a Chen Wei a vie., 27 nov., 11:00-11:30: Rota review con Alice "
     "Martin."),
    ("ja-JP", "チェンさんを金曜日の会議に追加して",
     "Chen Weiを11月27日(金) 11:00-11:30：Rota review（Alice Martin）に追加しますか？"
     "Chenに招待を送ります。", "はい", "完了しました。Chen Weiを"),
    ("it-IT", "aggiungi chen alla riunione di venerdì", "Aggiungo Chen Wei a", "sì", "Fatto"),
    ("nl-NL", "voeg chen toe aan de vergadering van vrijdag", "Chen Wei toevoegen aan", "ja",
     "Klaar"),
    ("pl-PL", "dodaj chena do spotkania w piątek", "Chen Wei", "tak", "Gotowe"),
    ("pt-PT", "adiciona o chen à reunião de sexta", "Adicionar Chen Wei a", "sim", "Feito"),
    ("zh-CN", "把陈加到周五的会议里", "把Chen Wei加到", "好的", "已完成"),
])
async def test_a_yes_adds_them_once_and_invites_only_them(
    meetings_bot: BotHarness, locale: str, request_text: str, preview: str, yes: str,
    done: str,
) -> None:
    bot = meetings_bot
    bot.locale = locale
    shifts = await _shift_count(bot)
    shown = joined(await bot.say(request_text))
    assert preview in shown, shown
    # Nothing before the yes: Chen is in no meeting and got nothing.
    assert await _meetings_of(bot, CHEN) == []
    assert await _invitations_to(bot, CHEN) == []
    said = joined(await bot.say(yes))
    assert done in said, said
    [meeting] = await _meetings_of(bot, CHEN)
    assert meeting.subject == "Rota review" and meeting.organizer_email == MARIA
    assert meeting.attendee_emails == (ALICE, CHEN)
    [invitation] = await _invitations_to(bot, CHEN)
    assert "Rota review" in invitation["subject"]
    # Alice, already in it, is sent nothing more; no shift changed along the way.
    assert await _invitations_to(bot, ALICE) == []
    assert await _shift_count(bot) == shifts
    audit = await StoredAuditLog(bot.components.storage).recent(10)  # type: ignore[arg-type]
    assert [(r.action, r.actor_id) for r in audit] == [("calendar.add_attendees", "maria")]
    # The same yes again (a card pressed twice) adds nobody and sends nothing more.
    await bot.say(yes)
    await bot.press("yes")
    assert (await _rota_review(bot)).attendee_emails == (ALICE, CHEN)
    assert len(await _invitations_to(bot, CHEN)) == 1


@pytest.mark.parametrize(("locale", "request_text", "no", "kept"), [
    ("en-US", "add chen to the rota review", "no",
     "OK, I haven't added anyone. The meeting is unchanged."),
    ("fr-FR", "ajoute chen à la réunion de vendredi", "non",
     "D'accord, je n'ai ajouté personne. La réunion reste inchangée."),
    ("de-DE", "füge chen zum meeting am freitag hinzu", "nein",
     "In Ordnung, ich habe niemanden hinzugefügt. Der Termin bleibt unverändert."),
    ("es-ES", "añade a chen a la reunión del viernes", "no",
     "De acuerdo, no he añadido a nadie. La reunión no cambia."),
    ("ja-JP", "チェンさんを金曜日の会議に追加して", "いいえ",
     "承知しました。誰も追加していません。ミーティングは変更されていません。"),
])
async def test_a_no_adds_nobody(
    meetings_bot: BotHarness, locale: str, request_text: str, no: str, kept: str,
) -> None:
    bot = meetings_bot
    bot.locale = locale
    shown = joined(await bot.say(request_text))
    assert "Chen Wei" in shown, shown
    said = joined(await bot.say(no))
    assert kept in said, said
    await bot.press("yes")  # the preview's button, pressed late, does nothing now
    assert (await _rota_review(bot)).attendee_emails == (ALICE,)
    assert await _meetings_of(bot, CHEN) == [] and await _invitations_to(bot, CHEN) == []


async def test_an_unclear_reply_to_the_preview_is_asked_again_and_adds_nobody(
    meetings_bot: BotHarness,
) -> None:
    bot = meetings_bot
    await bot.say("add chen to the rota review")
    said = joined(await bot.say("hmm purple"))
    assert 'Reply "yes" or "no"' in said and "Add Chen Wei to" in said, said
    assert await _meetings_of(bot, CHEN) == []
    assert "Done: I've added Chen Wei" in joined(await bot.say("yes"))


@pytest.mark.parametrize(("locale", "request_text", "question", "answer", "preview"), [
    ("en-US", "add bob to the rota review",
     'There are 2 people called "Bob". Which one should I add?', "bob jones",
     "Add Bob Jones to Fri 27 Nov, 11:00-11:30: Rota review with Alice Martin?"),
    ("fr-FR", "ajoute bob à la réunion de vendredi",
     "Il y a 2 personnes qui s'appellent « Bob ». Laquelle dois-je ajouter ?", "le premier",
     "Ajouter Bob Jones à ven. 27 nov."),
    ("de-DE", "füge bob zum rota review hinzu",
     "Es gibt 2 Personen namens „Bob“. Wen soll ich hinzufügen?", "jones",
     "Bob Jones zu Fr., 27. Nov."),
])
async def test_two_bobs_are_asked_about_before_anything(
    meetings_bot: BotHarness, locale: str, request_text: str, question: str, answer: str,
    preview: str,
) -> None:
    bot = meetings_bot
    bot.locale = locale
    asked = joined(await bot.say(request_text))
    assert question in asked, asked
    shown = joined(await bot.say(answer))
    assert preview in shown, shown
    assert (await _rota_review(bot)).attendee_emails == (ALICE,)
    await bot.press("yes")
    assert (await _rota_review(bot)).attendee_emails == (ALICE, BOB_JONES)
    assert len(await _invitations_to(bot, BOB_JONES)) == 1
    assert await _invitations_to(bot, BOB_SMITH) == []


@pytest.mark.parametrize(("locale", "request_text", "refusal"), [
    ("en-US", "add alice to the rota review",
     "Alice Martin is already in Fri 27 Nov, 11:00-11:30: Rota review with Alice Martin."),
    ("fr-FR", "ajoute alice à la réunion de vendredi",
     "Alice Martin participe déjà à ven. 27 nov., 11:00-11:30 : Rota review avec Alice "
     "Martin."),
    ("es-ES", "añade a alice a la reunión del viernes", "Alice Martin ya está en vie., 27 nov."),
])
async def test_someone_already_in_it_is_said_so_and_nothing_is_asked(
    meetings_bot: BotHarness, locale: str, request_text: str, refusal: str,
) -> None:
    bot = meetings_bot
    bot.locale = locale
    said = joined(await bot.say(request_text))
    assert refusal in said, said
    assert "?" not in said and not (await bot.stored_state()).get("memory")
    assert (await _rota_review(bot)).attendee_emails == (ALICE,)
    assert await _invitations_to(bot, ALICE) == []


async def test_only_those_already_in_are_left_out_of_the_preview(
    meetings_bot: BotHarness,
) -> None:
    said = joined(await meetings_bot.say("add alice and chen to the rota review"))
    assert "Alice Martin is already in" in said
    assert "Add Chen Wei to Fri 27 Nov" in said and "Add Alice" not in said, said
    await meetings_bot.say("yes")
    assert (await _rota_review(meetings_bot)).attendee_emails == (ALICE, CHEN)


@pytest.mark.parametrize(("locale", "request_text", "refusal"), [
    ("en-US", "can u add alice to my mtg w maria",
     "Only Maria Lopez, who organised Thu 26 Nov, 10:00-10:30: 1:1 check-in with Maria Lopez, "
     "can add people to it."),
    ("fr-FR", "ajoute alice à ma réunion avec maria",
     "Seule la personne qui a organisé jeu. 26 nov., 10:00-10:30 : 1:1 check-in avec Maria "
     "Lopez, Maria Lopez, peut y ajouter des participants."),
    ("de-DE", "lade alice zum meeting mit maria ein", "Nur Maria Lopez, der oder die"),
])
async def test_someone_who_did_not_organise_it_is_told_who_can(
    meetings_bot: BotHarness, locale: str, request_text: str, refusal: str,
) -> None:
    bot = meetings_bot.as_person("bob-smith")
    bot.locale = locale
    said = joined(await bot.say(request_text))
    assert refusal in said, said
    await bot.say("yes")
    assert await _meetings_of(bot, ALICE) == [await _rota_review(bot)]
    assert await _invitations_to(bot, ALICE) == []


async def test_a_meeting_that_started_after_the_preview_takes_nobody(
    meetings_bot: BotHarness,
) -> None:
    bot = meetings_bot
    review = await _rota_review(bot)
    bot.clock.now = review.starts_at - timedelta(minutes=5)
    assert "Add Chen Wei to" in joined(await bot.say("add chen to the rota review"))
    bot.clock.advance(minutes=6)
    said = joined(await bot.say("yes"))
    assert "This meeting has already started, so I can't add anyone to it now" in said, said
    assert (await _rota_review(bot)).attendee_emails == (ALICE,)
    assert await _invitations_to(bot, CHEN) == []
    # Asked while it is under way, it is said at once.
    said = joined(await bot.say("add chen to the rota review"))
    assert "This meeting has already started" in said and "?" not in said, said


@pytest.mark.parametrize(("locale", "request_text", "yes", "failed"), [
    ("en-US", "add chen to the rota review", "yes",
     "Sorry, I couldn't reach the calendar, so nobody was added to Fri 27 Nov, 11:00-11:30: "
     "Rota review with Alice Martin and no invitation went out."),
    ("fr-FR", "ajoute chen à la réunion de vendredi", "oui",
     "Désolé, je n'ai pas pu joindre l'agenda : personne n'a été ajouté à ven. 27 nov."),
    ("ja-JP", "チェンさんを金曜日の会議に追加して", "はい", "カレンダーに接続できないため"),
])
async def test_a_calendar_failure_is_said_honestly_counted_and_adds_nobody(
    meetings_bot: BotHarness, monkeypatch: pytest.MonkeyPatch, locale: str,
    request_text: str, yes: str, failed: str,
) -> None:
    bot = meetings_bot
    bot.locale = locale
    calendar = bot.components.services.calendar._inner  # type: ignore[attr-defined]

    async def unreachable(**_: object) -> CalendarEvent:
        raise BackendError("calendar", "the calendar did not answer")

    monkeypatch.setattr(calendar, "add_attendees", unreachable)
    await bot.say(request_text)
    said = joined(await bot.say(yes))
    assert failed in said, said
    tracker = FailureTracker.from_dict((await bot.stored_state())["tracker"])
    assert tracker.failure_count == 1
    monkeypatch.undo()
    await bot.say(yes)  # the flow is over: a second yes does not add behind the person's back
    assert (await _rota_review(bot)).attendee_emails == (ALICE,)
    assert await _invitations_to(bot, CHEN) == []
    # Asked again once the calendar answers, it is done, once.
    await bot.say(request_text)
    await bot.say(yes)
    assert (await _rota_review(bot)).attendee_emails == (ALICE, CHEN)
    assert len(await _invitations_to(bot, CHEN)) == 1


async def test_several_meetings_are_picked_from_and_nobody_named_changes_nothing(
    meetings_bot: BotHarness,
) -> None:
    bot = meetings_bot
    listed = joined(await bot.say("invite chen to my meeting"))
    assert "I found 2 upcoming meetings. Which one should I add Chen Wei to?" in listed, listed
    assert "Add Chen Wei to Thu 26 Nov, 10:00-10:30: 1:1 check-in with Bob Smith?" in joined(
        await bot.say("1"))
    assert "Done" in joined(await bot.say("yes"))
    [check_in] = await _meetings_of(bot, CHEN)
    assert check_in.subject == "1:1 check-in"
    said = joined(await bot.say("add xavier to the rota review"))
    assert "Who should I add to the meeting?" in said, said
    said = joined(await bot.say("xavier"))
    assert "I couldn't find the person to add among your store's people" in said, said
    assert (await _rota_review(bot)).attendee_emails == (ALICE,)


async def test_asked_at_a_list_of_meetings_it_switches_and_cancels_nothing(
    meetings_bot: BotHarness,
) -> None:
    bot = meetings_bot
    before = await _meetings_of(bot, MARIA)
    await bot.say("cancel my meeting")
    said = joined(await bot.say("actually add chen to the rota review"))
    assert "Add Chen Wei to Fri 27 Nov" in said, said
    await bot.say("yes")
    assert [m.id for m in await _meetings_of(bot, MARIA)] == [m.id for m in before]
    assert (await _rota_review(bot)).attendee_emails == (ALICE, CHEN)


async def test_a_worker_asking_gets_no_shift_and_no_change(meetings_bot: BotHarness) -> None:
    """"can you add sophie to tomorrow's call" once asked which role Sophie should work."""
    bot = meetings_bot
    shifts = await _shift_count(bot)
    said = joined(await bot.say("can you add sophie to tomorrow's call"))
    assert "role" not in said.lower(), said
    assert await _shift_count(bot) == shifts and await _meetings_of(bot, SOPHIE) == []


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


@pytest.mark.parametrize(("locale", "offered", "example", "preview"), [
    ("en-US", "add people to them", "add Chen to my meeting on Friday", "Add Chen Wei to Fri"),
    ("fr-FR", "y ajouter ou en retirer des participants", "ajoute Chen à ma réunion de vendredi",
     "Ajouter Chen Wei à ven."),
    ("de-DE", "Personen hinzufügen", "füge Chen zu meinem Termin am Freitag hinzu",
     "Chen Wei zu Fr."),
    ("es-ES", "añadir o quitar personas de ellas", "añade a Chen a mi reunión del viernes",
     "¿Añado a Chen Wei a vie."),
    ("ja-JP", "参加者を追加・削除する", "Chenさんを金曜日の会議に追加して",
     "Chen Weiを11月27日(金)"),
])
async def test_help_and_the_list_of_meetings_say_it_and_their_example_works(
    meetings_bot: BotHarness, locale: str, offered: str, example: str, preview: str,
) -> None:
    bot = meetings_bot
    bot.locale = locale
    helped = joined(await bot.say({"en-US": "help", "fr-FR": "aide", "de-DE": "Hilfe",
                                   "es-ES": "ayuda", "ja-JP": "ヘルプ"}[locale]))
    assert offered in helped, helped
    listed = joined(await bot.say("what meetings do i have?" if locale == "en-US"
                                  else "quelles sont mes réunions ?" if locale == "fr-FR"
                                  else "welche Termine habe ich?" if locale == "de-DE"
                                  else "¿qué reuniones tengo?" if locale == "es-ES"
                                  else "私の会議を教えて"))
    assert example in listed, listed
    shown = joined(await bot.say(example))
    assert preview in shown, shown


@pytest.mark.parametrize(("locale", "request_text", "nobody"), [
    ("es-ES", "agrega a sofi a la reu con alice",
     "No he encontrado a la persona que quiere añadir entre la gente de su tienda"),
    ("en-US", "add sofi to my meeting with bob",
     "I couldn't find the person to add among your store's people"),
    ("fr-FR", "ajoute sofi à ma réu avec bob",
     "Je n'ai pas trouvé la personne à ajouter parmi les membres de votre magasin"),
])
async def test_the_person_the_meeting_is_with_is_never_added_in_place_of_a_name_not_found(
    meetings_bot: BotHarness, locale: str, request_text: str, nobody: str,
) -> None:
    """"agrega a sofi a la reu con alice" asked which meeting to add Alice to: the name after
    the meeting says which meeting, and "sofi" is nobody in the directory."""
    bot = meetings_bot
    bot.locale = locale
    before = [(m.id, m.attendee_emails) for m in await _meetings_of(bot, MARIA)]
    said = joined(await bot.say(request_text))
    assert nobody in said, said
    assert "Alice Martin" not in said and "Bob Smith" not in said and "?" not in said
    await bot.say("1")
    await bot.say("yes")
    assert [(m.id, m.attendee_emails) for m in await _meetings_of(bot, MARIA)] == before


@pytest.mark.parametrize(("locale", "request_text", "found"), [
    ("fr-FR", "annule la reu de vendredi", "J'ai trouvé cette réunion : ven. 27 nov."),
    ("es-ES", "cancela la reu del jueves", "He encontrado esta reunión: jue., 26 nov."),
])
async def test_reu_is_a_meeting_as_typed_on_a_phone(
    meetings_bot: BotHarness, locale: str, request_text: str, found: str,
) -> None:
    bot = meetings_bot
    bot.locale = locale
    said = joined(await bot.say(request_text))
    assert found in said, said


@pytest.mark.parametrize(("locale", "request_text", "preview"), [
    ("en-US", "add bob jones to my meeting with bob smith",
     "Add Bob Jones to Thu 26 Nov, 10:00-10:30: 1:1 check-in with Bob Smith?"),
    ("fr-FR", "ajoute bob jones à ma réunion avec bob smith",
     "Ajouter Bob Jones à jeu. 26 nov., 10:00-10:30 : 1:1 check-in avec Bob Smith ?"),
    ("es-ES", "añade a bob jones a mi reunión con bob smith",
     "¿Añado a Bob Jones a jue., 26 nov., 10:00-10:30: 1:1 check-in con Bob Smith?"),
])
async def test_the_meeting_is_found_by_the_other_person_of_the_same_first_name(
    meetings_bot: BotHarness, locale: str, request_text: str, preview: str,
) -> None:
    """Two Bobs: the one added is Bob Jones, the meeting is the one with Bob Smith (before,
    both were "a Bob", so the meeting was asked about among all of Maria's)."""
    bot = meetings_bot
    bot.locale = locale
    said = joined(await bot.say(request_text))
    assert preview in said, said
    await bot.press("yes")
    [check_in] = await _meetings_of(bot, BOB_JONES)
    assert check_in.subject == "1:1 check-in"
    assert check_in.attendee_emails == (BOB_SMITH, BOB_JONES)


@pytest.mark.parametrize(("locale", "request_text", "more", "preview", "yes"), [
    ("en-US", "add chen to the rota review", "yes and add sophie too",
     "Add Chen Wei and Sophie Dubois to Fri 27 Nov, 11:00-11:30: Rota review with Alice "
     "Martin? I'll send Chen and Sophie an invitation.", "yes"),
    ("fr-FR", "ajoute chen à la réunion de vendredi", "oui, et sophie aussi",
     "Ajouter Chen Wei et Sophie Dubois à ven. 27 nov.", "oui"),
    ("de-DE", "lade chen zum rota review ein", "ja, und sophie auch",
     "Chen Wei und Sophie Dubois zu Fr., 27. Nov.", "ja"),
    ("es-ES", "añade a chen a la reunión del viernes", "sí, y a sophie también",
     "¿Añado a Chen Wei y Sophie Dubois a vie., 27 nov.", "sí"),
    ("ja-JP", "チェンさんを金曜日の会議に追加して", "はい、ソフィーさんも",
     "Chen Wei、Sophie Duboisを11月27日(金)", "はい"),
])
async def test_a_yes_that_names_more_people_is_previewed_again_not_acted_on(
    meetings_bot: BotHarness, locale: str, request_text: str, more: str, preview: str,
    yes: str,
) -> None:
    """"yes and add sophie too" at the preview for Chen is no yes to what was shown: nobody
    is added, and the preview names both for its own yes, which adds both once."""
    bot = meetings_bot
    bot.locale = locale
    await bot.say(request_text)
    said = joined(await bot.say(more))
    assert preview in said, said
    assert (await _rota_review(bot)).attendee_emails == (ALICE,)
    assert await _invitations_to(bot, CHEN) == [] and await _invitations_to(bot, SOPHIE) == []
    await bot.say(yes)
    assert (await _rota_review(bot)).attendee_emails == (ALICE, CHEN, SOPHIE)
    await bot.press("yes")
    assert len(await _invitations_to(bot, CHEN)) == 1
    assert len(await _invitations_to(bot, SOPHIE)) == 1


async def test_a_yes_with_a_bob_asks_which_then_previews_again(
    meetings_bot: BotHarness,
) -> None:
    bot = meetings_bot
    await bot.say("add chen to the rota review")
    asked = joined(await bot.say("yes and bob too"))
    assert 'There are 2 people called "Bob". Which one should I add?' in asked, asked
    said = joined(await bot.say("bob smith"))
    assert "Add Chen Wei and Bob Smith to Fri 27 Nov" in said, said
    assert (await _rota_review(bot)).attendee_emails == (ALICE,)
    await bot.say("yes")
    assert (await _rota_review(bot)).attendee_emails == (ALICE, CHEN, BOB_SMITH)


@pytest.mark.parametrize(("locale", "request_text", "asked", "answer", "preview", "yes"), [
    ("en-US", "add someone to the rota review", "Who should I add to the meeting?", "chen",
     "Add Chen Wei to Fri 27 Nov, 11:00-11:30: Rota review with Alice Martin?", "yes"),
    ("fr-FR", "ajoute quelqu'un à la réunion de vendredi", "Qui dois-je ajouter à la réunion ?",
     "chen", "Ajouter Chen Wei à ven. 27 nov.", "oui"),
    ("de-DE", "füge jemanden zum meeting am freitag hinzu", "Wen soll ich zum Termin hinzufügen?",
     "chen", "Chen Wei zu Fr., 27. Nov.", "ja"),
    ("es-ES", "añade a alguien a la reunión del viernes", "¿A quién debo añadir a la reunión?",
     "a chen", "¿Añado a Chen Wei a vie., 27 nov.", "sí"),
    ("ja-JP", "誰かを金曜日の会議に追加して", "ミーティングに誰を追加しますか？", "チェンさん",
     "Chen Weiを11月27日(金)", "はい"),
])
async def test_nobody_named_is_asked_for_and_the_answer_is_previewed(
    meetings_bot: BotHarness, locale: str, request_text: str, asked: str, answer: str,
    preview: str, yes: str,
) -> None:
    """"add someone to the meeting" names nobody: ERA asks whom (before, 'I couldn't find the
    person to add among your store's people' ended the request), and the name given is
    previewed for its own yes."""
    bot = meetings_bot
    bot.locale = locale
    said = joined(await bot.say(request_text))
    assert asked in said, said
    shown = joined(await bot.say(answer))
    assert preview in shown, shown
    assert (await _rota_review(bot)).attendee_emails == (ALICE,)
    await bot.say(yes)
    assert (await _rota_review(bot)).attendee_emails == (ALICE, CHEN)
    assert len(await _invitations_to(bot, CHEN)) == 1


async def test_a_no_to_whom_changes_nothing(meetings_bot: BotHarness) -> None:
    bot = meetings_bot
    await bot.say("remove someone from the rota review")
    said = joined(await bot.say("no"))
    assert "OK, I haven't removed anyone. The meeting is unchanged." in said, said
    assert (await _rota_review(bot)).attendee_emails == (ALICE,)


@pytest.mark.parametrize(("locale", "request_text", "refusal"), [
    ("en-US", "add pedro to the rota review",
     "I couldn't find the person to add among your store's people, so no meeting was changed."),
    ("fr-FR", "ajoute pedro à la réunion de vendredi",
     "Je n'ai pas trouvé la personne à ajouter parmi les membres de votre magasin"),
])
async def test_someone_of_another_store_is_refused_not_asked_about(
    meetings_bot: BotHarness, locale: str, request_text: str, refusal: str,
) -> None:
    """Pedro works at Daniel's store: Maria is told she cannot add him (not asked whom)."""
    bot = meetings_bot
    bot.locale = locale
    said = joined(await bot.say(request_text))
    assert refusal in said, said
    assert "?" not in said and not (await bot.stored_state()).get("memory")
    assert (await _rota_review(bot)).attendee_emails == (ALICE,)
