"""A worker who must leave early says how much earlier ("el lunes tengo que salir dos horas
antes", "am Montag muss ich zwei Stunden früher gehen", "月曜日は2時間早く帰りたいです"): ERA
offers to pass it on to their manager, in their words (it was "not sure what you'd like").
Nothing is sent before the worker's yes."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined


@pytest.mark.parametrize(("locale", "asked"), [
    ("es-ES", "el lunes tengo que salir dos horas antes"),
    ("fr-FR", "lundi je dois partir deux heures plus tôt"),
    ("de-DE", "am Montag muss ich zwei Stunden früher gehen"),
    ("it-IT", "lunedì devo uscire due ore prima"),
    ("pt-BR", "segunda preciso sair duas horas mais cedo"),
    ("nl-NL", "maandag moet ik twee uur eerder weg"),
    ("pl-PL", "w poniedziałek muszę wyjść dwie godziny wcześniej"),
    ("ja-JP", "月曜日は2時間早く帰りたいです"),
    ("zh-CN", "周一我要提前两个小时走"),
])
async def test_leaving_early_is_offered_to_the_manager(
    bot: BotHarness, locale: str, asked: str
) -> None:
    bot.as_person("bob-smith")
    replies = await bot.say(asked, locale=locale)
    said = joined(replies)
    assert "Maria Lopez" in said and asked in said, said
    assert len([title for reply in replies for title, _ in reply.buttons]) == 2  # yes / no
