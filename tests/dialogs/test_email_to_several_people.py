"""An email to several people. "email alice and bob jones about the new rota" and "écris à
alice et chen pour les remercier" asked "You named several people. Which one should I email?",
and "send the whole team an email about sunday" got the advisor's questions. Now one email goes
to everyone named: each is found in the directory (a shared first name is asked about: "which
Bob?"), the preview shows every recipient and greets them all, and one Send sends it once to
them all. Nothing goes out before that Send."""

from __future__ import annotations

import pytest

from core.person import PersonRole
from language.catalogue import say
from language.understanding import understand
from services.demo_organisation import RIVERSIDE
from services.stored_audit_log import StoredAuditLog
from tests.bot_harness import BotHarness, joined

ALICE = "Alice Martin (alice.martin@contoso.example)"
BOB_JONES = "Bob Jones (bob.jones@contoso.example)"
CHEN = "Chen Wei (chen.wei@contoso.example)"


async def _sent_to(bot: BotHarness) -> list[tuple[str, ...]]:
    return [mail.email.to for mail in await bot.components.services.mail.list_recent()]


@pytest.mark.parametrize(("locale", "request_", "named", "greeting"), [
    ("en-US", "email alice and bob jones about the new rota", (ALICE, BOB_JONES),
     "Dear Alice and Bob,"),
    # Alice reads English and Chen Chinese: one letter in the manager's language
    # (tests/dialogs/test_email_group_letter_language.py).
    ("fr-FR", "écris à alice et chen pour les remercier", (ALICE, CHEN),
     "Bonjour Alice et Chen,"),
    ("de-DE", "schreib alice und chen eine mail wegen dem dienstplan", (ALICE, CHEN),
     "Guten Tag Alice Martin und Chen Wei,"),
    ("es-ES", "envía un correo a alice y a bob jones sobre el horario", (ALICE, BOB_JONES),
     "Dear Alice and Bob,"),
    # Chen named by his surname alone, listed second, was dropped without a word.
    ("zh-CN", "给爱丽丝和陈发邮件说排班的事", (ALICE, CHEN), "Alice Martin和Chen Wei，大家好"),
])
async def test_one_email_to_everyone_named_is_previewed_and_sent_once(
    bot: BotHarness, locale: str, request_: str, named: tuple[str, str], greeting: str
) -> None:
    bot.as_person("maria").locale = locale
    drafted = joined(await bot.say(request_))
    assert ", ".join(named) in drafted and greeting in drafted, drafted
    assert await _sent_to(bot) == []
    language = "zh" if locale == "zh-CN" else locale[:2]
    sent = joined(await bot.say(say("email.button_send", language)))
    addresses = tuple(one.split("(")[1].rstrip(")") for one in named)
    assert all(address in sent for address in addresses), sent
    assert await _sent_to(bot) == [addresses]
    await bot.say(say("email.button_send", language))
    assert len(await _sent_to(bot)) == 1


async def test_a_shared_first_name_is_asked_and_the_one_chosen_gets_it(bot: BotHarness) -> None:
    bot.as_person("maria")
    asked = joined(await bot.say("email alice and bob about sunday"))
    assert say("employee.which_same_name.email", "en", count=2, query="Bob") in asked, asked
    drafted = joined(await bot.say("Bob Smith"))
    assert f"{ALICE}, Bob Smith (bob.smith@contoso.example)" in drafted, drafted
    await bot.say("send")
    assert await _sent_to(bot) == [("alice.martin@contoso.example", "bob.smith@contoso.example")]


@pytest.mark.parametrize(("locale", "request_"), [
    ("en-US", "send the whole team an email about sunday"),
    ("en-US", "email everyone about sunday"),
    ("de-DE", "schreib dem ganzen team eine mail wegen sonntag"),
    ("es-ES", "manda un correo a todo el equipo sobre el domingo"),
])
async def test_the_whole_team_gets_one_email(
    bot: BotHarness, locale: str, request_: str
) -> None:
    bot.as_person("maria").locale = locale
    drafted = joined(await bot.say(request_))
    team = [p for p in await bot.components.services.directory.list_people(
        role=PersonRole.EMPLOYEE) if p.store_id == RIVERSIDE]
    assert len(team) > 2
    assert all(f"{p.name} ({p.email})" in drafted for p in team), drafted
    await bot.say(say("email.button_send", locale[:2]))
    (sent,) = await _sent_to(bot)
    assert sorted(sent) == sorted(p.email for p in team)


async def test_who_else_gets_this_names_them_all_and_a_new_name_replaces_them(
    bot: BotHarness,
) -> None:
    bot.as_person("maria")
    await bot.say("email alice and bob jones about the new rota")
    told = joined(await bot.say("who else gets this?"))
    assert f"{ALICE}, {BOB_JONES}" in told, told
    # Chen replaces Alice and Bob Jones keeps it (test_email_one_of_several_replaced.py).
    readdressed = joined(await bot.say("no, chen not alice"))
    assert f"To: {BOB_JONES}, {CHEN}\n" in readdressed, readdressed
    assert "alice.martin@" not in readdressed
    assert await _sent_to(bot) == []


async def test_the_audit_of_an_email_to_several_people_names_them_all(bot: BotHarness) -> None:
    # The `mail.send` audit recorded the first recipient alone.
    bot.as_person("maria").locale = "en-US"
    await bot.say("email alice and bob jones about the new rota")
    await bot.say("send")
    audit = await StoredAuditLog(bot.components.storage).recent(10)  # type: ignore[arg-type]
    assert [(r.action, r.actor_id, r.details["recipient_ids"]) for r in audit] == [
        ("mail.send", "maria", ["alice", "bob-jones"])]


@pytest.mark.parametrize("request_", [
    # "allen" (to all) was looked up as a name: 'Ich habe „Allen“ in Ihrer Filiale nicht
    # gefunden.' In a German request it is everyone; "email allen" in English is still a name.
    "schreib allen kollegen eine mail über den neuen dienstplan",
    "schick allen im team eine mail wegen sonntag",
    "schreib allen eine mail wegen dem neuen dienstplan",
    "schick allen ne mail wegen sonntag",
    "schreib allen leuten eine mail über den dienstplan",
])
async def test_german_allen_is_the_whole_team(bot: BotHarness, request_: str) -> None:
    bot.as_person("maria").locale = "de-DE"
    drafted = joined(await bot.say(request_))
    team = [p for p in await bot.components.services.directory.list_people(
        role=PersonRole.EMPLOYEE) if p.store_id == RIVERSIDE]
    assert all(p.email in drafted for p in team), drafted
    assert await _sent_to(bot) == []
    await bot.say("Senden")
    (sent,) = await _sent_to(bot)
    assert sorted(sent) == sorted(p.email for p in team)


@pytest.mark.parametrize(("locale", "request_"), [
    # The addressees after the topic fell back to "which one should I email?".
    ("ja-JP", "ローテーションについてアリスとチェンにメールして"),
    ("zh-CN", "关于排班给爱丽丝和陈发邮件"),
])
async def test_addressees_named_after_the_topic_all_get_it(
    bot: BotHarness, locale: str, request_: str
) -> None:
    bot.as_person("maria").locale = locale
    drafted = joined(await bot.say(request_))
    assert f"{ALICE}, {CHEN}" in drafted, drafted
    assert await _sent_to(bot) == []
    await bot.say(say("email.button_send", locale[:2]))
    assert await _sent_to(bot) == [("alice.martin@contoso.example", "chen.wei@contoso.example")]


async def test_a_name_after_the_topic_is_no_addressee_when_one_is_named_before(
    bot: BotHarness,
) -> None:
    bot.as_person("maria").locale = "en-US"
    drafted = joined(await bot.say("email chen that luca and bob jones are on the rota"))
    assert drafted.count("@contoso.example") == 1 and "chen.wei@" in drafted, drafted


@pytest.mark.parametrize(("locale", "request_", "everyone"), [
    ("de-DE", "schreib allen eine mail wegen dem dienstplan", True),
    ("en-US", "email allen about friday", False),
    ("en-US", "write to allen", False),
])
def test_allen_is_everyone_only_in_a_german_request(
    locale: str, request_: str, everyone: bool
) -> None:
    slots = understand(request_, locale=locale).slots
    assert ("everyone" in slots) is everyone and ("person" in slots) is not everyone, slots
