"""Thanks at the questions that read replies their own way: at the email preview, at the list of
meeting times and while the advisor waits for what happened, a "thanks" gets a short "you're
welcome" and the same question again; nothing is sent, booked, filled in or advised on it."""

from __future__ import annotations

import pytest

from language.catalogue import say
from services.org_database import OrgDatabase
from tests.bot_harness import BotHarness, Reply, joined

_THANKS = [("en-US", "thanks"), ("fr-FR", "merci"), ("de-DE", "danke"), ("es-ES", "gracias")]
_NOT_YET = {"en": "no not yet", "fr": "non, pas encore", "de": "nein, noch nicht",
            "es": "no, todavía no"}
_LATE = {"en": "bob smith was late 3 times this week",
         "fr": "bob smith est arrivé en retard 3 fois cette semaine",
         "de": "bob smith kam diese woche 3 mal zu spät",
         "es": "bob smith llegó tarde 3 veces esta semana"}


async def _outbox(bot: BotHarness) -> list[dict[str, object]]:
    db = await OrgDatabase.open(bot.components.settings.data_dir / "org.sqlite3")
    try:
        return [dict(row) for row in await db.fetch_all("SELECT * FROM outbox")]
    finally:
        await db.close()


def _numbered(replies: list[Reply]) -> list[str]:
    return [title for reply in replies for title, _ in reply.buttons if title[:1].isdigit()]


def _hours(label: str) -> str:
    return label.rsplit(" ", 1)[-1]


@pytest.mark.parametrize(("locale", "thanks"), _THANKS)
async def test_thanks_at_the_email_preview_is_welcomed_and_the_preview_shown_again(
    bot: BotHarness, locale: str, thanks: str
) -> None:
    """The finding: "merci" at the preview got "Sorry, I didn't understand that"."""
    language = locale[:2]
    preview = joined(await bot.say("send an email to bob smith about his lateness",
                                   locale=locale))
    assert "Dear Bob" in preview, preview
    again = await bot.say(thanks, locale=locale)
    assert again[0].text == say("prompt.thanks", language), joined(again)
    assert "Dear Bob" in joined(again[1:]) and "Sorry" not in joined(again)
    assert await _outbox(bot) == []
    sent = joined(await bot.say("send", locale=locale))
    sent_to = [m["to_addresses"] for m in await _outbox(bot)]
    assert sent_to == ['["bob.smith@contoso.example"]'], sent


async def test_thanks_while_a_blank_waits_at_the_preview_fills_nothing(bot: BotHarness) -> None:
    await bot.say("send an email to bob smith")
    await bot.say("the new rota")
    again = joined(await bot.say("thanks"))
    assert again.startswith(say("prompt.thanks", "en")) and "thanks" not in again[20:].lower()
    assert await _outbox(bot) == []


@pytest.mark.parametrize(("locale", "thanks"), _THANKS)
async def test_thanks_at_the_list_of_meeting_times_is_welcomed_and_the_times_kept(
    bot: BotHarness, locale: str, thanks: str
) -> None:
    """The finding: "merci" at the times got "I didn't understand which time you mean"."""
    offered = _numbered(await bot.say("book a call with alice", locale=locale))
    assert len(offered) >= 3, offered
    again = await bot.say(thanks, locale=locale)
    assert again[0].text == say("prompt.thanks", locale[:2]), joined(again)
    assert say("meeting.time_unclear", locale[:2]) not in joined(again)
    # The same times (now read in the language of the thanks: "lun. 23 nov." for "Mon 23 Nov").
    assert [_hours(title) for title in _numbered(again)] == [_hours(t) for t in offered]
    assert [m for m in await _outbox(bot) if "Invitation" in str(m["subject"])] == []


@pytest.mark.parametrize(("locale", "thanks"), _THANKS)
async def test_thanks_at_the_advisors_questions_is_welcomed_and_they_are_asked_again(
    bot: BotHarness, locale: str, thanks: str
) -> None:
    """The finding: "merci" was read as the answer ("Thanks. One more thing before I suggest
    a step"), and the advisor went on as if a question were answered."""
    asked = joined(await bot.say(_LATE[locale[:2]], locale=locale))
    again = await bot.say(thanks, locale=locale)
    assert again[0].text == say("prompt.thanks", locale[:2]), joined(again)
    assert joined(again[1:]) == asked
    # The next answer is read as the answer it is: the advice follows.
    advice = joined(await bot.say(_NOT_YET[locale[:2]], locale=locale))
    assert say("prompt.thanks", locale[:2]) not in advice and len(advice) > len(asked), advice


_VAGUE_LATE = {"en": "bob keeps coming in late", "fr": "bob arrive souvent en retard"}
_SPOKE = {"en": "yes I talked to him last week", "fr": "oui je lui ai parlé"}


@pytest.mark.parametrize(("locale", "thanks"), _THANKS[:2])
async def test_thanks_at_the_offered_emails_choice_of_bob_is_welcomed_and_asked_again(
    bot: BotHarness, locale: str, thanks: str
) -> None:
    """The finding: after the advice, the email ERA offered asks which of the two Bobs; "merci"
    there got "Sorry, I didn't understand that. Reply with a number from 1 to 2"."""
    language = locale[:2]
    await bot.say(_VAGUE_LATE[language], locale=locale)
    await bot.say(_SPOKE[language], locale=locale)
    which = await bot.say("yes" if language == "en" else "oui", locale=locale)
    offered = _numbered(which)
    assert [title[:12] for title in offered] == ["1. Bob Jones", "2. Bob Smith"], joined(which)
    again = await bot.say(thanks, locale=locale)
    assert again[0].text == say("prompt.thanks", language), joined(again)
    assert _numbered(again) == offered
    # The choice still works, and it is the first answer: no nudge toward "help" or "cancel".
    assert "Bob Smith" in joined(await bot.say("2", locale=locale))
