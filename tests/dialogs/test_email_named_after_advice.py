""""draft a warning email to Bob Smith" just after advice about Bob ("Bob Smith was late three
times this week") asked "What should the email to Bob Smith be about?": the manager had just
said it. The situation told the advisor is the email's topic, as it was for "send him a
written warning", and the preview shows the lateness to send or edit. An email to someone
else than the person the advice was about still asks what it is about."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined

_WARNING = "I am writing to give you a formal written warning about your punctuality."
_LATE = "arrived late for your shifts on Mon 16 Nov (20 minutes late)"


@pytest.mark.parametrize(("locale", "told", "asked"), [
    ("en-US", ["Bob Smith was late three times this week"], "draft a warning email to Bob Smith"),
    ("en-US", ["Bob Smith was late three times this week",
               "no, I have not spoken to him, and I do not know why"],
     "draft a warning email to Bob Smith"),
    ("fr-FR", ["Bob Smith est arrivé en retard trois fois cette semaine"],
     "rédige un avertissement par mail à Bob Smith"),
])
async def test_a_warning_to_the_advised_employee_is_about_what_was_told(
    bot: BotHarness, locale: str, told: list[str], asked: str
) -> None:
    bot.as_person("maria")
    for text in told:
        await bot.say(text, locale=locale)
    draft = joined(await bot.say(asked, locale=locale))
    assert "Bob Smith (bob.smith@contoso.example)" in draft, draft
    assert _WARNING in draft and _LATE in draft, draft
    assert await bot.components.services.mail.list_recent() == []


async def test_only_the_advised_employee_s_email_takes_the_topic_and_it_is_sent_on_a_yes(
    bot: BotHarness,
) -> None:
    bot.as_person("maria")
    await bot.say("Bob Smith was late three times this week")
    said = joined(await bot.say("draft a warning email to Alice"))
    assert "What should the email to Alice be about?" in said, said
    assert "punctuality" not in said
    await bot.say("cancel")
    await bot.say("draft a warning email to Bob Smith")
    said = joined(await bot.say("send it"))
    assert "Sent to Bob Smith" in said, said
    mails = await bot.components.services.mail.list_recent()
    assert len(mails) == 1 and _WARNING in mails[0].email.body
    assert "bob.smith@contoso.example" in mails[0].email.to
