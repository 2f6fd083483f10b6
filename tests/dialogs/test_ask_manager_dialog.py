"""A shift worker asks to leave early or start later: only their manager can agree, so ERA says
so, by name, and on yes asks the manager once with the worker's words (email and chat, in the
manager's language, audited); the shift itself is not changed. On no nobody is told. Each of
these was "Sorry, I'm not sure what you'd like me to do" and the capability list before."""

from __future__ import annotations

import pytest

from services.org_database import OrgDatabase
from services.stored_audit_log import StoredAuditLog
from tests.bot_harness import BotHarness, joined


async def _outbox(bot: BotHarness) -> list[dict[str, object]]:
    db = await OrgDatabase.open(bot.components.settings.data_dir / "org.sqlite3")
    try:
        return [dict(row) for row in await db.fetch_all("SELECT * FROM outbox ORDER BY rowid")]
    finally:
        await db.close()


async def _audited(bot: BotHarness) -> list[tuple[str, str]]:
    records = await StoredAuditLog(bot.components.storage).recent(10)  # type: ignore[arg-type]
    return [(r.action, r.actor_id) for r in records if r.action == "hours.change_requested"]


async def test_yes_asks_the_manager_once_and_the_shift_stays(
    bot: BotHarness, chats: list[tuple[str, str]]
) -> None:
    bot.as_person("bob-smith")
    shifts_before = joined(await bot.say("what are my shifts?"))
    asked = await bot.say("can I leave early tomorrow?")
    assert joined(asked) == (
        "Leaving early or starting later is agreed with your manager, Maria Lopez, not with me. "
        "Shall I ask them for you? I'll send your words: \"can I leave early tomorrow?\".")
    assert [title for reply in asked for title, _ in reply.buttons] == ["Yes", "No"]
    assert await _outbox(bot) == [] and chats == []

    done = joined(await bot.press("yes"))
    assert done.startswith("Done: I've asked Maria Lopez for you.")
    assert "your shift stays as planned" in done
    assert "Done:" not in joined(await bot.press("yes"))
    (mail,) = await _outbox(bot)
    assert "maria.lopez@contoso.example" in str(mail["to_addresses"])
    assert "\"can I leave early tomorrow?\"" in str(mail["body"])
    assert chats == [("maria", "Bob Smith asks about their hours on a shift. Their words: "
                               "\"can I leave early tomorrow?\"")]
    assert await _audited(bot) == [("hours.change_requested", "bob-smith")]
    assert joined(await bot.say("what are my shifts?")) == shifts_before


async def test_no_tells_nobody(bot: BotHarness, chats: list[tuple[str, str]]) -> None:
    bot.as_person("bob-smith")
    await bot.say("could I come in an hour later on friday?")
    said = joined(await bot.say("no"))
    assert said.startswith("OK, I haven't asked anything. You can also ask Maria Lopez")
    assert await _outbox(bot) == [] and chats == [] and await _audited(bot) == []


@pytest.mark.parametrize(("locale", "text", "expected"), [
    ("fr-FR", "est-ce que je peux partir plus tôt demain ?",
     "Partir plus tôt ou commencer plus tard se décide avec votre responsable"),
    ("es-ES", "¿puedo salir antes mañana?", "Salir antes o empezar más tarde se acuerda"),
    ("de-DE", "kann ich morgen früher gehen?", "Ob Sie früher gehen oder später anfangen"),
    ("de-DE", "darf ich am Samstag später anfangen?", "Ob Sie früher gehen oder später"),
    ("it-IT", "posso uscire prima domani?", "Uscire prima o iniziare più tardi si concorda"),
    ("pt-BR", "posso sair mais cedo amanhã?", "Sair mais cedo ou entrar mais tarde é combinado"),
    ("pt-BR", "dá pra eu entrar mais tarde sexta?", "Sair mais cedo ou entrar mais tarde"),
    ("nl-NL", "mag ik morgen eerder weg?", "Eerder weggaan of later beginnen spreekt u af"),
    ("pl-PL", "czy mogę jutro wyjść wcześniej?", "O wcześniejszym wyjściu lub późniejszym"),
    ("ja-JP", "明日早退してもいいですか", "早退や遅めの出勤を決めるのは私ではなく"),
    ("zh-CN", "我明天可以早点走吗", "能否早走或晚到由您的经理"),
])
async def test_the_worker_asks_in_their_language(
    bot: BotHarness, chats: list[tuple[str, str]], locale: str, text: str, expected: str
) -> None:
    bot.as_person("bob-smith")
    bot.locale = locale
    said = joined(await bot.say(text))
    assert said.startswith(expected) and "Maria Lopez" in said
    assert chats == []


async def test_a_manager_is_told_it_is_for_shift_workers(
    bot: BotHarness, chats: list[tuple[str, str]]
) -> None:
    bot.as_person("maria")
    said = joined(await bot.say("can I leave early tomorrow?"))
    assert said.startswith("Asking to leave early or start later is for shift workers")
    assert chats == []
