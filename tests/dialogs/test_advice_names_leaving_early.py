"""A manager whose employee keeps leaving early is advised about leaving early, over the bot:
the questions, the recommendation and its cautions name what was described, in the manager's
language, and never speak of arriving late ("As the lateness has continued ...", "Keep the
dates Bob arrived late", "arriving on time for every shift"). The chat model (LLM mode) is
given the leaving-early guidance as its reference."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined
from tests.fakes.openai_server import FakeOpenAIServer, openai_server

__all__ = ["openai_server"]

# locale, the situation, the facts (4 times, already spoken to), what the advice must name,
# the words of arriving late it must not say.
CASES = [
    ("en-US", "Bob keeps leaving early", "4 times this month, I talked to him last week",
     "further early departures", ("lateness", "arrived late", "arriving on time")),
    ("fr-FR", "Bob part toujours en avance", "4 fois ce mois-ci, je lui en ai déjà parlé",
     "nouveaux départs anticipés", ("retard",)),
    ("de-DE", "Bob geht immer früher", "4 Mal diesen Monat, ich habe schon mit ihm gesprochen",
     "weiteres vorzeitiges Gehen", ("Verspätung", "zu spät", "pünktlich")),
    ("es-ES", "Bob se va antes de tiempo", "4 veces este mes, ya he hablado con él",
     "nuevas salidas antes de tiempo", ("retras", "llegó tarde", "puntual")),
    ("it-IT", "Bob esce sempre prima della fine del turno",
     "4 volte questo mese, ne ho già parlato con lui",
     "nuove uscite anticipate", ("ritard", "puntuale")),
    ("nl-NL", "Bob gaat steeds eerder weg", "4 keer deze maand, ik heb hem er al op aangesproken",
     "eerder weggaat", ("te laat", "op tijd komen")),
    ("pl-PL", "Bob ciągle wychodzi wcześniej", "4 razy w tym miesiącu, już z nim rozmawiałem",
     "kolejne wcześniejsze wyjścia", ("spóźni", "punktualn")),
    ("pt-BR", "o Bob sempre sai mais cedo", "4 vezes este mês, já conversei com ele",
     "novas saídas antecipadas", ("atraso", "atrasad", "no horário")),
    ("ja-JP", "ボブはいつも早退する", "今月4回です。もう本人と話しました",
     "新たな早退", ("遅刻", "遅れ")),
    ("zh-CN", "鲍勃总是早退", "这个月4次，我已经跟他谈过了",
     "再次早退", ("迟到", "准时")),
]


@pytest.mark.parametrize(("locale", "situation", "facts", "named", "not_said"), CASES)
async def test_leaving_early_is_advised_as_leaving_early(
    bot: BotHarness, locale: str, situation: str, facts: str, named: str,
    not_said: tuple[str, ...],
) -> None:
    """The finding: after "Bob keeps leaving early" and the facts, the written warning advice
    said "As the lateness has continued ... Keep the dates Bob arrived late ... arriving on
    time for every shift", in every language."""
    bot.as_person("maria").locale = locale
    asked = joined(await bot.say(situation))
    advised = joined(await bot.say(facts))
    assert named in advised, advised
    for said in (asked, advised):
        assert not [word for word in not_said if word.casefold() in said.casefold()], said


async def test_late_and_leaving_early_is_advised_about_both(bot: BotHarness) -> None:
    """Both said: the advice speaks of both, as it did."""
    bot.as_person("maria").locale = "en-US"
    asked = joined(await bot.say("Bob keeps coming in late and leaving early"))
    assert "arrived late or left before the end of the shift" in asked, asked
    advised = joined(await bot.say("4 times this month, I talked to him last week"))
    assert "any further lateness" in advised, advised



async def test_the_chat_model_is_given_the_leaving_early_guidance(
    llm_bot: BotHarness, openai_server: FakeOpenAIServer
) -> None:
    """The finding: in LLM mode the model's reference guidance for "Bob keeps leaving early"
    was the lateness playbook's ("Keep the dates the employee arrived late ...")."""
    openai_server.queue_text("How often has Bob left early, and have you spoken to him?")
    await llm_bot.say("Bob keeps leaving early")
    # The first system message is the master prompt; the second holds the guidance.
    guidance = [message["content"] for message in openai_server.chat_requests[-1].body["messages"]
                if message["role"] == "system"][1]
    assert 'playbook "Leaving early"' in guidance, guidance
    assert "arrived late" not in guidance and "lateness" not in guidance, guidance
