"""Short requests that name nothing they are about: "can you send me the list?".

The findings: Maria's "tu peux m envoyer la liste ?" (es, it too) got "je n'ai pas de
recommandation…" and a hand-over to HR at once; in en and nl the whole list of what ERA can
do; Daniel's "Maria Lopez kannst du mir die Liste schicken?" got the bereavement advice
("Maria" stems to "mari", the French husband of "perdu son mari"). A vague request is neither
advice nor a reason to hand over: ERA asks which one is meant, with the lists it can show as
buttons, in the person's language; a press shows that list.
"""

from __future__ import annotations

import pytest
from botbuilder.schema import ActivityTypes

from bots.handoff import HANDOFF_INITIATE
from language.catalogue import say
from tests.bot_harness import BotHarness, joined

VAGUE = [
    ("maria", "fr-FR", "fr", "tu peux m envoyer la liste ?"),
    ("maria", "es-ES", "es", "¿me puedes mandar la lista?"),
    ("maria", "it-IT", "it", "puoi mandarmi la lista?"),
    ("maria", "en-US", "en", "can you send me the list?"),
    ("maria", "nl-NL", "nl", "kun je me de lijst sturen?"),
    ("daniel", "de-DE", "de", "Maria Lopez kannst du mir die Liste schicken?"),
    ("maria", "pt-PT", "pt", "pode me mandar a lista?"),
    ("maria", "pl-PL", "pl", "możesz mi wysłać listę?"),
    ("maria", "en-US", "en", "send it again pls"),
    ("bob-smith", "en-US", "en", "can u send me the list"),
    ("alice", "ja-JP", "ja", "リストを送ってもらえますか？"),
    ("alice", "zh-CN", "zh-Hans", "你能把名单发给我吗？"),
]


def _handed_over(bot: BotHarness) -> bool:
    return any(a.type == ActivityTypes.event and a.name == HANDOFF_INITIATE
               for a in bot.last_activities)


@pytest.mark.parametrize(("person", "locale", "language", "text"), VAGUE)
async def test_a_vague_request_asks_which_list_and_hands_nothing_over(
    bot: BotHarness, person: str, locale: str, language: str, text: str
) -> None:
    bot.as_person(person)
    bot.locale = locale
    replies = await bot.say(text)
    said = joined(replies)
    assert say("main.vague_request", language) in said
    assert say("main.help", language, capabilities="").strip() not in said
    assert "verliert" not in said and not _handed_over(bot)
    titles = [title for reply in replies for title, _ in reply.buttons]
    mine = "main.example.my_shifts" if person in ("bob-smith", "alice") \
        else "main.example.store_schedule"
    assert titles == [say(mine, language), say("main.example.my_meetings", language)]


@pytest.mark.parametrize(("locale", "language"), [
    ("fr-FR", "fr"), ("de-DE", "de"), ("en-US", "en"),
])
async def test_the_list_pressed_is_shown(bot: BotHarness, locale: str, language: str) -> None:
    bot.locale = locale
    replies = await bot.say({"fr": "tu peux m envoyer la liste ?",
                             "de": "kannst du mir die Liste schicken?",
                             "en": "can you send me the list?"}[language])
    first = next(reply for title, reply in replies[-1].buttons)
    listed = joined(await bot.press(first))
    assert "Alice Martin" in listed and "09:00-15:00" in listed


@pytest.mark.parametrize(("locale", "text"), [
    ("en-US", "send me the rota for tomorrow"), ("en-US", "don't send me the list"),
    ("en-US", "did maria get it?"), ("en-US", "did you send it?"),
])
async def test_a_request_that_names_its_list_is_no_vague_request(
    bot: BotHarness, locale: str, text: str
) -> None:
    bot.locale = locale
    assert say("main.vague_request", "en") not in joined(await bot.say(text))


@pytest.mark.parametrize(("locale", "text", "playbook_words"), [
    ("de-DE", "Maria Lopez hat heute ihren Schlüssel vergessen?", "nahestehenden Menschen"),
    ("fr-FR", "Mario peut passer demain ?", "perd un proche"),
])
async def test_a_name_like_mari_is_no_bereavement(
    bot: BotHarness, locale: str, text: str, playbook_words: str
) -> None:
    bot.as_person("daniel")
    bot.locale = locale
    assert playbook_words not in joined(await bot.say(text))


async def test_a_husband_who_died_is_still_bereavement(bot: BotHarness) -> None:
    bot.locale = "fr-FR"
    said = joined(await bot.say("Alice a perdu son mari la semaine dernière"))
    assert "deuil" in said or "condoléances" in said.lower() or "désolé" in said.lower()


@pytest.mark.parametrize(("locale", "language", "text"), [
    ("fr-FR", "fr", "envoie"), ("es-ES", "es", "envía"), ("it-IT", "it", "invia"),
    ("pt-BR", "pt", "manda"), ("fr-FR", "fr", "montre"),
])
async def test_a_send_word_alone_with_nothing_waiting_is_no_vague_request(
    bot: BotHarness, locale: str, language: str, text: str
) -> None:
    """A bare "envoie" (say, after the email went) is the short "nothing is waiting" answer,
    as "send" is in English, not "which one do you mean?" with lists to pick from."""
    bot.as_person("maria").locale = locale
    shown = joined(await bot.say(text))
    assert say("main.vague_request", language) not in shown, shown
