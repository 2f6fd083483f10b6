"""A reason opened with words that are also question words ("es que ...", "c'est que ...",
"é que ...", "perché ...", "è che ...") is the reason: the shift is cancelled with it and the
manager told. A real question back ("¿por qué?", "perché devi saperlo") still gets the
explanation why the reason is asked, and nothing is cancelled."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined

# Monday 23 November, Bob's morning shift, restated the way each language does.
_REQUESTS = {
    "es-ES": ("cancela mi turno de mañana", "lun., 23 nov."),
    "fr-FR": ("annule mon poste de demain", "lun. 23 nov."),
    "pt-BR": ("cancela meu turno de amanhã", "seg., 23 de nov."),
    "it-IT": ("annulla il mio turno di domani", "lun 23 nov"),
}


async def _asked(bot: BotHarness, locale: str) -> None:
    bot.as_person("bob-smith")
    request, day = _REQUESTS[locale]
    asked = joined(await bot.say(request, locale=locale))
    assert day in asked


@pytest.mark.parametrize(("locale", "reason"), [
    ("es-ES", "es que mi hija está enferma"),
    ("es-ES", "es que tengo médico"),
    ("fr-FR", "c'est que ma fille est malade"),
    ("pt-BR", "é que minha filha está doente"),
    ("it-IT", "perché mia figlia è malata"),
    ("it-IT", "è che mia figlia sta male"),
])
async def test_a_reason_opened_like_a_question_cancels_with_it(
    bot: BotHarness, locale: str, reason: str
) -> None:
    await _asked(bot, locale)
    done = joined(await bot.say(reason, locale=locale))
    assert "Maria Lopez" in done  # the manager was told: the shift is cancelled
    schedule = joined(await bot.say("what are my shifts tomorrow?"))
    assert "no shifts" in schedule


@pytest.mark.parametrize(("locale", "question"), [
    ("es-ES", "¿por qué?"),
    ("es-ES", "qué quieres decir"),
    ("it-IT", "perché devi saperlo"),
    ("it-IT", "perché?"),
])
async def test_a_question_back_is_answered_and_nothing_is_cancelled(
    bot: BotHarness, locale: str, question: str
) -> None:
    await _asked(bot, locale)
    said = joined(await bot.say(question, locale=locale))
    assert "Maria Lopez" not in said
    schedule = joined(await bot.say("what are my shifts tomorrow?"))
    assert "Mon 23 Nov, Morning 09:00-15:00" in schedule
