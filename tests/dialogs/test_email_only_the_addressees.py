"""Every person named anywhere in a request to email became a recipient: "email chen that luca
is his new mentor" was drafted to Chen AND Luca, "email alice about bob's late arrivals" asked
which Bob to email, and so did fr "écris à alice que bob la remplace samedi" and de "schreib
alice eine mail, dass chen sie am samstag vertritt". Only people listed together where the
addressees are said get the email; a name in what it is about is the topic."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined

ADDRESS = {"alice": "alice.martin@contoso.example", "chen": "chen.wei@contoso.example",
           "luca": "luca.rossi@contoso.example", "bob": "bob.smith@contoso.example",
           "bob-jones": "bob.jones@contoso.example"}


async def _sent_to(bot: BotHarness) -> list[tuple[str, ...]]:
    return [mail.email.to for mail in await bot.components.services.mail.list_recent()]


@pytest.mark.parametrize(("locale", "request_", "to", "not_to"), [
    ("en-US", "email chen that luca is his new mentor", "chen", ("luca",)),
    ("en-US", "email alice about bob's late arrivals", "alice", ("bob", "bob-jones")),
    ("fr-FR", "écris à alice que bob la remplace samedi", "alice", ("bob", "bob-jones")),
    ("de-DE", "schreib alice eine mail, dass chen sie am samstag vertritt", "alice", ("chen",)),
])
async def test_a_name_in_what_the_email_is_about_is_no_recipient(
    bot: BotHarness, locale: str, request_: str, to: str, not_to: tuple[str, ...]
) -> None:
    bot.as_person("maria").locale = locale
    said = joined(await bot.say(request_))
    if ADDRESS[to] not in said:
        # What the email is about may be asked (of the one person it is for), then drafted.
        assert f" {to.capitalize()} " in said and "?" in said, said
        said = joined(await bot.say("the new rota"))
    assert ADDRESS[to] in said, said
    assert not any(ADDRESS[other] in said for other in not_to), said
    await bot.say("send")
    assert await _sent_to(bot) == [(ADDRESS[to],)]


async def test_email_him_after_advice_naming_two_people_emails_neither_both(
    bot: BotHarness,
) -> None:
    # After "bob smith was rude to alice ...", "email him" drafted one email to Bob AND Alice.
    bot.as_person("maria").locale = "en-US"
    await bot.say("bob smith was rude to alice in front of customers")
    await bot.say("yes, it happened twice this week")
    await bot.say("cancel")
    said = joined(await bot.say("email him"))
    assert not (ADDRESS["bob"] in said and ADDRESS["alice"] in said), said
    await bot.say("send")
    assert all(len(to) == 1 for to in await _sent_to(bot))
