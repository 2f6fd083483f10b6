"""A draft with [placeholders] is never sent until they are filled: Send is not offered, a
typed value fills the first one, a replacement text that still has one keeps Send back, and a
replacement without any makes the draft ready."""

from __future__ import annotations

import pytest

from services.org_database import OrgDatabase
from tests.bot_harness import BotHarness, Reply, joined


def _titles(replies: list[Reply]) -> list[str]:
    return [title for reply in replies for title, _ in reply.buttons]


async def _sent(bot: BotHarness) -> list[str]:
    db = await OrgDatabase.open(bot.components.settings.data_dir / "org.sqlite3")
    try:
        return [str(row["body"]) for row in await db.fetch_all("SELECT body FROM outbox")]
    finally:
        await db.close()


async def test_a_follow_up_waits_for_its_placeholders(bot: BotHarness) -> None:
    draft = await bot.say("draft a follow-up email to Alice about her lateness")
    text = joined(draft)
    assert "[date of our conversation]" in text and "[what we agreed]" in text
    assert "Send" not in _titles(draft) and "Edit" in _titles(draft)

    still = await bot.say("Subject: Our talk\nDear Alice,\nAs agreed on [date], you'll call "
                          "ahead.\nMaria")
    assert "please fill in [date]" in joined(still)
    assert "Send" not in _titles(still)
    assert "can't send it yet" in joined(await bot.say("yes send it"))
    assert await _sent(bot) == []

    ready = await bot.say("Monday 16 November")
    assert "As agreed on Monday 16 November, you'll call ahead." in joined(ready)
    assert "Send" in _titles(ready)
    assert "Sent to Alice Martin" in joined(await bot.say("send"))
    assert await _sent(bot) == ["Dear Alice,\nAs agreed on Monday 16 November, you'll call "
                                "ahead.\nMaria"]


_FOLLOW_UP = "draft a follow-up email to Alice about her lateness"
_DATE_BLANK = "[date of our conversation]"


def _first_line_of_body(replies: list[Reply]) -> str:
    """The preview's sentence that holds the date blank (or its value)."""
    text = joined(replies)
    return next(line for line in text.splitlines() if "talking with me on" in line)


@pytest.mark.parametrize(
    ("locale", "reply"),
    [
        ("en-US", "yes, draft it"), ("en-US", "ok send it"), ("en-US", "thanks"),
        ("en-US", "👍"), ("en-US", "..."), ("en-US", "2?"), ("en-US", "no wait"),
        ("en-US", "yes but tomorrow"), ("en-US", "yse"), ("en-US", "great, thank you"),
        ("fr-FR", "oui"), ("fr-FR", "merci"), ("es-ES", "gracias"), ("de-DE", "ja"),
        ("de-DE", "danke"), ("it-IT", "grazie"), ("pt-PT", "obrigado"), ("nl-NL", "bedankt"),
        ("pl-PL", "dzięki"), ("ja-JP", "はい"), ("ja-JP", "ありがとう"), ("zh-CN", "好的"),
        ("zh-CN", "谢谢"),
    ],
)
async def test_a_reply_that_is_not_a_date_never_fills_the_date_blank(
    bot: BotHarness, locale: str, reply: str
) -> None:
    await bot.say(_FOLLOW_UP)
    after = await bot.say(reply, locale=locale)
    assert _DATE_BLANK in _first_line_of_body(after)
    assert f"on {reply} about" not in joined(after)
    # Before the preview again, it says what the blank takes (or, at a yes, that the blanks
    # come first); nothing is sent.
    assert len(after) == 2 and _DATE_BLANK in after[0].text
    assert await _sent(bot) == []


async def test_the_re_ask_says_what_the_blank_takes(bot: BotHarness) -> None:
    await bot.say(_FOLLOW_UP)
    asked = joined(await bot.say("thanks"))
    assert ('[date of our conversation] needs a date (for example "Monday 16 November")'
            in asked)
    await bot.say("16/11")
    asked = joined(await bot.say("hmm"))
    assert "[what we agreed] needs the words that should stand there" in asked
    filled = joined(await bot.say("no more late arrivals, and she calls ahead"))
    assert "here is a short summary, so that we both have the same record: no more late " \
           "arrivals, and she calls ahead." in filled
    assert "Sent to Alice Martin" in joined(await bot.say("send"))


@pytest.mark.parametrize(
    ("locale", "reply", "question"),
    [
        ("fr-FR", "merci", "[date of our conversation] attend une date"),
        ("ja-JP", "ありがとう", "[date of our conversation] には日付"),
        ("zh-CN", "谢谢", "[date of our conversation] 需要填写日期"),
    ],
)
async def test_the_re_ask_is_in_the_managers_language(
    bot: BotHarness, locale: str, reply: str, question: str
) -> None:
    await bot.say(_FOLLOW_UP)
    assert question in joined(await bot.say(reply, locale=locale))


@pytest.mark.parametrize(
    ("locale", "value", "written"),
    [("en-US", "Monday 16 November", "Monday 16 November"),
     ("fr-FR", "lundi 16 novembre", "Monday 16 November"),
     ("de-DE", "16. November", "16. November"),
     ("ja-JP", "11月16日", "Monday 16 November"), ("zh-CN", "11月16日", "Monday 16 November")],
)
async def test_a_date_fills_the_date_blank(
    bot: BotHarness, locale: str, value: str, written: str
) -> None:
    """A date typed in the manager's language goes into Alice's English letter as English
    writes it (it was quoted as typed: “lundi 16 novembre”)."""
    await bot.say(_FOLLOW_UP)
    filled = joined(await bot.say(value, locale=locale))
    assert f"talking with me on {written} about" in filled, filled


async def test_no_at_a_blank_discards_the_draft(bot: BotHarness) -> None:
    await bot.say(_FOLLOW_UP)
    assert "The draft is discarded" in joined(await bot.say("no"))
    assert await _sent(bot) == []


async def test_send_it_to_someone_else_never_sends_to_the_recipient(bot: BotHarness) -> None:
    preview = joined(await bot.say("email Alice about her lateness"))
    assert "Shall I send it?" in preview
    moved = joined(await bot.say("send it to bob instead"))
    assert "I haven't sent anything to Alice Martin" in moved
    assert 'There are 2 people called "Bob"' in moved
    assert await _sent(bot) == []
    redrafted = joined(await bot.say("Bob Smith"))
    assert "Dear Bob," in redrafted and "bob.smith@" in redrafted
    assert "Sent to Bob Smith" in joined(await bot.say("send"))
    assert len(await _sent(bot)) == 1


async def test_short_reply_words_do_not_replace_the_email(bot: BotHarness) -> None:
    await bot.say("email Alice about her lateness")
    after = joined(await bot.say("yes but tomorrow"))
    assert "as you changed it" not in after
    assert "I can't schedule an email to go out later" in after  # and the draft is kept
    assert await _sent(bot) == []
    assert "Sent to Alice Martin" in joined(await bot.say("send"))
    assert len(await _sent(bot)) == 1


@pytest.mark.parametrize(
    ("locale", "help_word", "accepted"),
    [
        ("en-US", "help", '[date of our conversation] needs a date (for example "Monday 16 '
                          'November"): type it here. You can also say "edit"'),
        ("it-IT", "aiuto", "[date of our conversation] richiede una data"),
        ("pl-PL", "pomoc", "[date of our conversation] wymaga daty"),
        ("de-DE", "Hilfe", "[date of our conversation] braucht ein Datum"),
    ],
)
async def test_help_at_a_blank_says_what_the_blank_takes(
    bot: BotHarness, locale: str, help_word: str, accepted: str
) -> None:
    bot.as_person("maria").locale = locale
    await bot.say(_FOLLOW_UP, locale="en-US")
    helped = joined(await bot.say(help_word, locale=locale))
    assert accepted in helped, helped
    assert 'Reply "yes" or "no"' not in helped
    assert await _sent(bot) == []


async def test_help_at_the_second_blank_names_it(bot: BotHarness) -> None:
    await bot.say(_FOLLOW_UP)
    await bot.say("16/11")
    helped = joined(await bot.say("help"))
    assert "[what we agreed] needs the words that should stand there: type it here." in helped


async def test_help_at_a_ready_draft_says_send_change_or_cancel(bot: BotHarness) -> None:
    await bot.say("email Alice about her lateness")
    helped = joined(await bot.say("help"))
    assert 'say "send" to send this email as it is, say what to change' in helped
    assert "Dear Alice," not in helped


async def test_a_bare_number_never_fills_a_text_blank(bot: BotHarness) -> None:
    await bot.say(_FOLLOW_UP)
    await bot.say("16/11")
    asked = joined(await bot.say("2"))
    assert "[what we agreed] needs the words that should stand there" in asked
    assert "same record: 2." not in asked


@pytest.mark.parametrize(
    ("locale", "value", "written"),
    [("de-DE", "am 2., 4. und 9. November",
      "Monday 2 November, Wednesday 4 November and Monday 9 November"),
     ("ja-JP", "11月2日、4日と9日",
      "Monday 2 November, Wednesday 4 November and Monday 9 November"),
     # A word that is no day's stays: the list is quoted in the manager's words.
     ("de-DE", "am 2. und 4. November ungefähr", "“am 2. und 4. November ungefähr”"),
     # A weekday beside its date is read as another day: quoted, no day is made up.
     ("de-DE", "Montag, 2. November und Mittwoch, 4. November",
      "“Montag, 2. November und Mittwoch, 4. November”")],
)
async def test_a_list_of_days_fills_the_date_blank_in_the_letters_language(
    bot: BotHarness, locale: str, value: str, written: str
) -> None:
    """Days a manager lists in their language go into Alice's English letter as English writes
    them (they were quoted as typed: “am 2., 4. und 9. November”)."""
    await bot.say(_FOLLOW_UP)
    filled = joined(await bot.say(value, locale=locale))
    assert f"talking with me on {written} about" in filled, filled
