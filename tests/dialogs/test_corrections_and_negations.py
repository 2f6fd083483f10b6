"""Corrections, negations and two requests read as the person meant them: a correction in
Chinese or Japanese, or naming a first name two people share, asks the request again; a
correction after a change that was made says the change stands; "don't cancel 1" cancels
nothing; and when the first of two requests is dropped, the second is asked about, not started."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from language.catalogue import say
from services.demo_organisation import RIVERSIDE
from services.org_database import OrgDatabase
from tests.bot_harness import BotHarness, joined

LONDON = ZoneInfo("Europe/London")
WEDNESDAY = date(2026, 11, 25)


async def _sent_emails(bot: BotHarness) -> int:
    db = await OrgDatabase.open(bot.components.settings.data_dir / "org.sqlite3")
    try:
        rows = await db.fetch_all("SELECT * FROM outbox WHERE subject NOT LIKE 'Invitation:%'")
        return len(rows)
    finally:
        await db.close()


async def _works_on(bot: BotHarness, person_id: str, day: date) -> bool:
    shifts = await bot.shifts.shifts_on(RIVERSIDE, day, LONDON)
    return any(s.person_id == person_id for s in shifts)


@pytest.mark.parametrize(
    ("request_text", "correction", "locale", "expected"),
    [("把鲍勃·史密斯周六的班给爱丽丝", "不是爱丽丝，是陈伟", "zh-CN", "Chen Wei无法接"),
     ("ボブ・スミスさんの土曜日のシフトをアリスさんに変えて", "アリスじゃなくてチェン", "ja-JP",
      "Chen Weiさんは Bob Smithさんの 11月28日(土)")],
)
async def test_a_correction_written_in_chinese_or_japanese_asks_the_request_again(
    bot: BotHarness, request_text: str, correction: str, locale: str, expected: str
) -> None:
    """The finding: the name was put in with Latin word edges, so the correction did nothing
    ("Sorry, I'm not sure what you want")."""
    bot.as_person("maria")
    refused = joined(await bot.say(request_text, locale=locale))
    assert "Alice Martin" in refused, refused
    again = joined(await bot.say(correction, locale=locale))
    assert expected in again, again


async def test_a_correction_written_in_chinese_drafts_the_email_for_the_person_named(
    bot: BotHarness,
) -> None:
    bot.as_person("maria")
    await bot.say("给爱丽丝发邮件，关于排班", locale="zh-CN")
    await bot.say("取消", locale="zh-CN")
    draft = joined(await bot.say("不是爱丽丝，是陈伟", locale="zh-CN"))
    assert "Chen Wei (chen.wei@contoso.example)" in draft, draft
    assert await _sent_emails(bot) == 0


async def test_a_correction_naming_a_shared_first_name_asks_which_one(bot: BotHarness) -> None:
    """The finding: "no, bob not chen" (Bob Smith and Bob Jones) handed Maria over to HR."""
    bot.as_person("maria")
    await bot.say("give alice's saturday shift to chen")
    asked = joined(await bot.say("no, bob not chen"))
    assert 'There are 2 people called "Bob"' in asked, asked
    assert "HR" not in asked


async def test_a_shared_first_name_at_the_email_preview_asks_which_one_and_sends_nothing(
    bot: BotHarness,
) -> None:
    """The finding: "no, bob not alice" at the preview became the email's whole text."""
    bot.as_person("maria")
    await bot.say("email alice martin about the rota")
    asked = joined(await bot.say("no, bob not alice"))
    assert "I haven't sent anything to Alice Martin" in asked, asked
    assert 'There are 2 people called "Bob"' in asked, asked
    assert "no, bob not alice" not in asked
    assert await _sent_emails(bot) == 0


async def test_a_correction_after_a_change_was_made_says_that_change_stands(
    bot: BotHarness,
) -> None:
    """The finding: the corrected change was offered as if the first had not been made."""
    bot.as_person("maria")
    await bot.say("assign bob jones on wednesday sales associate")
    await bot.say("1")
    assert "Done: Bob Jones" in joined(await bot.say("yes"))
    again = joined(await bot.say("no, alice not bob jones"))
    assert ("“assign bob jones on wednesday sales associate” was done, and it stays done"
            in again), again
    assert "ask me to change it back" in again
    assert "Alice Martin on Wed" in again
    assert await _works_on(bot, "bob-jones", WEDNESDAY)


async def test_a_correction_after_a_sent_email_says_it_cannot_be_called_back(
    bot: BotHarness,
) -> None:
    bot.as_person("maria")
    await bot.say("email alice martin about the rota")
    await bot.say("send")
    assert await _sent_emails(bot) == 1
    again = joined(await bot.say("no, chen not alice"))
    assert "a sent email can't be called back" in again, again
    assert "Chen Wei，您好" in again
    assert await _sent_emails(bot) == 1


async def test_a_correction_after_a_refused_change_says_nothing_was_done(
    bot: BotHarness,
) -> None:
    bot.as_person("maria")
    await bot.say("give bob smith's saturday shift to alice")
    again = joined(await bot.say("no, chen not alice"))
    assert "Chen Wei can't take" in again and "was done" not in again, again


@pytest.mark.parametrize(
    ("text", "locale"),
    [("don't cancel 1", "en-US"), ("do not cancel the first one", "en-US"),
     ("n'annule pas le 1", "fr-FR"), ("n annule pas le 1", "fr-FR"),
     ("no canceles el 1", "es-ES"), ("storniere nicht die 1", "de-DE")],
)
async def test_a_negated_cancellation_after_a_list_cancels_nothing(
    bot: BotHarness, text: str, locale: str
) -> None:
    """The finding: "don't cancel 1" started a cancellation and asked which shift."""
    bot.as_person("bob-smith")
    listing = {"en": "my shifts", "fr": "mes postes", "es": "mis turnos", "de": "meine schichten"}
    await bot.say(listing[locale[:2]], locale=locale)
    before = await bot.shifts.shifts_on(RIVERSIDE, date(2026, 11, 23), LONDON)
    answered = joined(await bot.say(text, locale=locale))
    language = locale[:2]
    expected = say("main.negated_request", language,
                   request=say("main.request.shift_cancel", language))
    assert expected in answered, answered
    assert await bot.shifts.shifts_on(RIVERSIDE, date(2026, 11, 23), LONDON) == before
    # Nothing waits for a reason or a choice: a "yes" now cancels nothing either.
    joined(await bot.say("yes", locale=locale))
    assert await bot.shifts.shifts_on(RIVERSIDE, date(2026, 11, 23), LONDON) == before


async def _bobs_week(bot: BotHarness) -> list[object]:
    days = (date(2026, 11, 22 + offset) for offset in range(9))
    return [s for day in days for s in await bot.shifts.shifts_on(RIVERSIDE, day, LONDON)
            if s.person_id == "bob-smith"]


@pytest.mark.parametrize(
    ("request_text", "text", "locale"),
    [("cancel one of my shifts", "don't cancel 2", "en-US"),
     ("cancel one of my shifts", "do not cancel the second one", "en-US"),
     ("annule un de mes shifts", "n'annule pas le 2 décembre", "fr-FR"),
     ("annule un de mes postes", "n'annule pas le 2", "fr-FR"),
     ("annule un de mes postes", "n annule pas le 2", "fr-FR"),
     ("cancela uno de mis turnos", "no canceles el 2", "es-ES"),
     ("storniere eine meiner schichten", "storniere nicht die 2", "de-DE"),
     ("cancella uno dei miei turni", "non cancellare il 2", "it-IT"),
     ("cancela um dos meus turnos", "não cancele o 2", "pt-PT"),
     ("annuleer een van mijn diensten", "annuleer 2 niet", "nl-NL"),
     ("odwołaj jedną z moich zmian", "nie odwołuj 2", "pl-PL"),
     ("シフトをキャンセルしたい", "2はキャンセルしないで", "ja-JP"),
     ("我要取消一个班次", "不要取消2", "zh-CN")],
)
async def test_a_negated_choice_at_the_list_cancels_nothing_and_says_so(
    bot: BotHarness, request_text: str, text: str, locale: str
) -> None:
    """The finding: "n'annule pas le 2 décembre" at the list of shifts got "didn't
    understand" and the list again."""
    bot.as_person("bob-smith")
    listed = await bot.say(request_text, locale=locale)
    assert any(reply.buttons for reply in listed) or "2" in joined(listed), joined(listed)
    before = await _bobs_week(bot)
    answered = joined(await bot.say(text, locale=locale))
    assert say("shift_cancel.none_chosen", locale[:2]) in answered, answered
    assert await _bobs_week(bot) == before
    # Nothing waits for a reason or a choice: a "2" or a "yes" now cancels nothing either.
    await bot.say("2", locale=locale)
    await bot.say("yes", locale=locale)
    assert await _bobs_week(bot) == before


async def test_a_cancellation_after_a_list_still_starts(bot: BotHarness) -> None:
    bot.as_person("bob-smith")
    await bot.say("my shifts")
    answered = joined(await bot.say("cancel 1"))
    assert "won't cancel" not in answered
    assert "reason" in answered.lower(), answered


async def test_the_second_request_is_dropped_when_the_person_says_no(bot: BotHarness) -> None:
    bot.as_person("maria")
    await bot.say("email bob smith about the rota and book a call with him")
    asked = joined(await bot.say("cancel"))
    assert "Shall I still do it: “book a call with him”?" in asked, asked
    dropped = joined(await bot.say("no"))
    assert "I've left “book a call with him” too" in dropped, dropped
    assert "free times" not in dropped


async def test_an_unclear_reply_about_the_second_request_is_asked_again(
    bot: BotHarness,
) -> None:
    bot.as_person("maria")
    await bot.say("email bob smith about the rota and book a call with him")
    await bot.say("cancel")
    unclear = joined(await bot.say("hmm"))
    assert 'Reply "yes" or "no"' in unclear and "free times" not in unclear, unclear
    assert "free times in the next 7 days for you and Bob Smith" in joined(await bot.say("yes"))


async def test_the_second_request_is_asked_about_in_the_persons_language(
    bot: BotHarness,
) -> None:
    bot.as_person("maria")
    first = joined(await bot.say(
        "envoie un email à bob smith au sujet du planning et réserve un appel avec lui",
        locale="fr-FR"))
    assert "puis" in first, first
    asked = joined(await bot.say("annuler", locale="fr-FR"))
    assert "Dois-je quand même la traiter" in asked, asked


@pytest.mark.parametrize(
    ("reply", "locale"),
    [("yes, no wait", "en-US"), ("oui, non attends", "fr-FR"),
     ("sí por favor no lo hagas", "es-ES"), ("ja, nein warte", "de-DE")],
)
async def test_a_yes_taken_back_at_the_email_preview_is_asked_again(
    bot: BotHarness, reply: str, locale: str
) -> None:
    """The finding: "yes, no wait" opened the edit as an instruction, and "sí por favor no lo
    hagas" became the email's whole text (which "send" would have sent)."""
    bot.as_person("maria")
    await bot.say("email alice martin about the rota", locale=locale)
    asked = await bot.say(reply, locale=locale)
    language = locale[:2]
    assert joined(asked).startswith(say("email.preview_reask", language)), joined(asked)
    assert reply not in joined(asked)
    assert await _sent_emails(bot) == 0


async def test_a_yes_taken_back_at_the_reason_question_cancels_nothing(bot: BotHarness) -> None:
    """The finding: "sí por favor no lo hagas" was taken as the reason, and the shift was
    cancelled."""
    bot.as_person("bob-smith")
    monday = date(2026, 11, 23)
    await bot.say("cancela mi turno del lunes", locale="es-ES")
    asked = joined(await bot.say("sí por favor no lo hagas", locale="es-ES"))
    assert say("shift_cancel.reason_needed", "es") in asked, asked
    assert await _works_on(bot, "bob-smith", monday)
