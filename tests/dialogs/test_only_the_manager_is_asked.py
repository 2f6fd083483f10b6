"""At "Shall I ask Maria?" (a worker's request only their manager can answer), "tell alice" was
read as a yes and the words went to Maria. Naming a colleague instead of the manager offered is
no yes: nothing is sent, ERA says only the manager can be asked, and asks again; a yes then
tells Maria once."""

from __future__ import annotations

import pytest

from language.catalogue import say
from services.org_database import OrgDatabase
from tests.bot_harness import BotHarness, joined

CASES = [
    ("en-US", "can i leave early tomorrow?", "tell alice"),
    ("en-US", "can i leave early tomorrow?", "no ask alice"),
    ("en-US", "I'll be 20 minutes late tomorrow", "tell alice instead"),
    ("fr-FR", "je peux partir plus tôt demain ?", "dis-le à alice"),
    ("de-DE", "kann ich morgen früher gehen?", "frag alice"),
    ("es-ES", "¿puedo salir antes mañana?", "pregúntale a alice"),
    ("it-IT", "posso uscire prima domani?", "avvisa alice"),
    ("nl-NL", "mag ik morgen eerder weg?", "vraag het aan alice"),
    ("pt-PT", "posso sair mais cedo amanhã?", "pergunta à alice"),
    ("pl-PL", "czy mogę jutro wyjść wcześniej?", "zapytaj alice"),
    # Japanese names first, then the verb; Chinese names in hanzi, straight after the verb.
    ("ja-JP", "明日早く帰ってもいいですか？", "アリスさんに伝えて"),
    ("ja-JP", "明日早く帰ってもいいですか？", "アリスに聞いてください"),
    ("zh-CN", "我明天可以早点走吗？", "告诉爱丽丝"),
    ("zh-CN", "我明天可以早点走吗？", "问问爱丽丝吧"),
]


async def _outbox(bot: BotHarness) -> int:
    db = await OrgDatabase.open(bot.components.settings.data_dir / "org.sqlite3")
    try:
        return len(await db.fetch_all("SELECT * FROM outbox"))
    finally:
        await db.close()


@pytest.mark.parametrize(("locale", "request_text", "instead"), CASES)
async def test_naming_a_colleague_is_no_yes_and_sends_nothing(
    bot: BotHarness, chats: list[tuple[str, str]], locale: str, request_text: str,
    instead: str,
) -> None:
    bot.as_person("bob-smith")
    bot.locale = locale
    language = locale.split("-")[0]
    asked = joined(await bot.say(request_text))
    assert "Maria Lopez" in asked

    answer = await bot.say(instead)

    assert answer[0].text == say("manager_request.only_the_manager", language,
                                 manager="Maria Lopez", name="Alice Martin")
    assert "Maria Lopez" in joined(answer[1:])  # the question again
    assert await _outbox(bot) == 0 and chats == []

    await bot.say(say("button.yes", language))
    assert await _outbox(bot) == 1
    assert [person for person, _ in chats] == ["maria"]
    assert instead not in chats[0][1]  # the words passed on are the request's own
