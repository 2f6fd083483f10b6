"""A new request typed while the advisor asks its questions: it is served (the advice is
offered back afterwards), and an answer that merely mentions an email or a call stays an
answer."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined

# (locale, a situation told, one sentence asking for an email to Chen)
_EMAIL_AT_QUESTIONS = [
    ("fr-FR", "mon employé fait des choses bizarres",
     "envoie un mail a chen au sujet du planning"),
    ("en-US", "my employee keeps coming in late",
     "send an email to chen about the changes to the schedule for next week please"),
    ("de-DE", "mein Mitarbeiter kommt ständig zu spät",
     "schick chen eine mail wegen der änderungen am dienstplan für nächste woche"),
    ("es-ES", "mi empleado llega tarde todo el tiempo",
     "envía un correo a chen sobre el cambio de horario de la semana que viene"),
    ("ja-JP", "従業員が何度も遅刻します", "チェンさんにシフトについてメールを送って"),
]


@pytest.mark.parametrize(("locale", "situation", "asked_for"), _EMAIL_AT_QUESTIONS,
                         ids=[case[0] for case in _EMAIL_AT_QUESTIONS])
async def test_an_email_asked_for_at_the_advisors_questions_is_drafted_not_taken_as_answer(
    bot: BotHarness, locale: str, situation: str, asked_for: str
) -> None:
    """The finding: Maria (fr-FR) typed "envoie un mail a chen au sujet du planning" at the
    advisor's questions and got "Merci. Pour les règles du quotidien…": no email was started."""
    bot.as_person("maria").locale = locale
    asked = joined(await bot.say(situation))
    assert "?" in asked or "？" in asked, asked
    draft = await bot.say(asked_for)
    assert "chen.wei@contoso.example" in joined(draft), joined(draft)
    assert draft[-1].buttons, "the preview, with Send / Edit / Cancel"


_CALL_AT_QUESTIONS = [
    ("de-DE", "mein Mitarbeiter kommt ständig zu spät",
     "buche einen anruf mit chen morgen früh um darüber zu sprechen", "Chen Wei"),
    ("en-US", "my employee keeps coming in late",
     "schedule a meeting with chen on friday afternoon to talk about this", "Chen Wei"),
    ("es-ES", "mi empleado llega tarde todo el tiempo",
     "quién trabaja mañana en la tienda por la tarde y por la noche", "Bob"),
]


@pytest.mark.parametrize(("locale", "situation", "asked_for", "named"), _CALL_AT_QUESTIONS,
                         ids=[case[0] for case in _CALL_AT_QUESTIONS])
async def test_a_call_or_schedule_asked_for_at_the_advisors_questions_is_served(
    bot: BotHarness, locale: str, situation: str, asked_for: str, named: str
) -> None:
    """A call, a meeting or who works, asked for in one long sentence, is that request."""
    bot.as_person("maria").locale = locale
    await bot.say(situation)
    served = joined(await bot.say(asked_for))
    assert named in served, served


_ANSWERS_THAT_MENTION = [
    ("en-US", "my employee keeps coming in late",
     "yes I sent him an email on monday but he never replied to it"),
    ("en-US", "my employee keeps coming in late", "he called in sick"),
    ("fr-FR", "mon employé arrive souvent en retard",
     "je lui ai envoyé un mail lundi mais il ne répond pas du tout"),
    ("de-DE", "mein Mitarbeiter kommt ständig zu spät",
     "ich habe ihm schon eine mail geschickt aber keine antwort bekommen"),
    ("ja-JP", "従業員が何度も遅刻します", "遅刻についてはもう本人にメールしました"),
]


@pytest.mark.parametrize(("locale", "situation", "answer"), _ANSWERS_THAT_MENTION)
async def test_an_answer_that_mentions_an_email_or_a_call_stays_an_answer(
    bot: BotHarness, locale: str, situation: str, answer: str
) -> None:
    """"I already emailed him" at the advisor's question tells what happened: no email flow."""
    bot.as_person("maria").locale = locale
    await bot.say(situation)
    said = joined(await bot.say(answer))
    # No email preview (it shows the address it goes to): the advisor goes on.
    assert "@contoso.example" not in said, said
    assert said.strip(), "the advisor answers"
