"""Managers typing in French, Spanish, German, Italian and Portuguese the way they do, held-out
conversations over the bot: a request that corrects its day on the way ("mercredi, non pas
mercredi, jeudi") assigns on the day meant, and a French call booked with the English verb
("book un call avec bob") is answered in French."""

from __future__ import annotations

import pytest

from language.day_correction import meant_days
from language.understanding import understand
from tests.bot_harness import BotHarness, joined


@pytest.mark.parametrize(
    ("locale", "text", "expected"),
    [
        ("en-US", "assign bob smith on wednesday, no sorry thursday, cashier", "Thu 26 Nov"),
        ("fr-FR", "assigne bob smith mercredi, non pas mercredi, jeudi, caissier", "jeu. 26 nov."),
        ("es-ES", "asigna a bob smith el miercoles, no perdon el jueves, cajero", "jue., 26 nov."),
        (
            "de-DE",
            "bob smith am mittwoch als kassierer einteilen, nein doch donnerstag",
            "Do., 26. Nov.",
        ),
        ("it-IT", "metti bob smith mercoledi alla cassa, anzi giovedi", "gio 26 nov"),
        ("pt-BR", "escala o bob smith na quarta no caixa, não, na quinta", "qui., 26 de nov."),
        # No comma: "no thursday" straight after Wednesday replaces it, it takes nothing back.
        ("en-US", "assign bob smith wednesday no thursday as cashier", "Thu 26 Nov"),
        ("es-ES", "asigna a bob smith el miércoles no el jueves como cajero", "jue., 26 nov."),
        ("de-DE", "weise bob smith mittwoch nein donnerstag als kassierer zu", "Do., 26. Nov."),
        ("it-IT", "metti bob smith mercoledì no giovedì alla cassa", "gio 26 nov"),
    ],
)
async def test_a_request_that_corrects_its_day_assigns_on_the_day_meant(
    bot: BotHarness, locale: str, text: str, expected: str
) -> None:
    """The finding: the first day named stood ("no sorry thursday" offered Wednesday's
    shifts)."""
    bot.as_person("maria")
    asked = joined(await bot.say(text, locale=locale))
    assert expected in asked, asked


@pytest.mark.parametrize(
    ("text", "days", "expected"),
    [
        ("assign bob mon and tue", ["mon", "tue"], None),  # two days, no correction
        (
            "assign bob wednesday, no, wednesday not thursday",
            ["wednesday", "wednesday", "thursday"],
            [1],
        ),
        ("metti bob lunedi, anzi martedi", ["lunedi", "martedi"], [1]),
        ("no, wednesday or thursday", ["wednesday", "thursday"], [0, 1]),
        ("non pas demain, mercredi", ["demain", "mercredi"], [1]),
        ("assign bob friday", ["friday"], None),
        ("assign bob wednesday no thursday", ["wednesday", "thursday"], [1]),
        ("assign bob wednesday not thursday", ["wednesday", "thursday"], None),
        ("assigne bob mardi, non pas mercredi", ["mardi", "mercredi"], None),
    ],
)
def test_the_days_meant_are_those_after_the_correction_unless_taken_back(
    text: str, days: list[str], expected: list[int] | None
) -> None:
    assert meant_days(text, days) == expected


async def test_a_day_taken_back_at_the_meeting_times_is_not_offered_again(
    bot: BotHarness,
) -> None:
    """The finding: "non pas demain, mercredi" offered "les créneaux libres le lun. 23 nov. ou
    le mer. 25 nov." (the day taken back named with the one meant)."""
    bot.as_person("maria")
    await bot.say("book un call avec bob smith demain 14h", locale="fr-FR")
    again = joined(await bot.say("non pas demain, mercredi", locale="fr-FR"))
    assert "mer. 25 nov." in again and "lun. 23 nov." not in again, again


@pytest.mark.parametrize(
    ("locale", "text"),
    [
        ("fr-FR", "book un call avec bob demain 14h"),
        ("fr-FR", "book une réunion avec alice mardi"),
        ("es-ES", "book una call con bob smith pasado manana a las 10"),
        ("it-IT", "book una call con bob domani alle 10"),
        ("pt-BR", "book uma call com o bob amanha as 15h"),
    ],
)
def test_a_request_with_the_english_verb_book_is_in_the_managers_language(
    locale: str, text: str
) -> None:
    """The finding: the English rule read it, and ERA answered the manager in English."""
    assert understand(text, locale=locale).language == locale[:2]


@pytest.mark.parametrize("locale", ["fr-FR", "es-ES", "it-IT", "pt-PT"])
def test_an_english_request_from_another_client_stays_english(locale: str) -> None:
    assert understand("book a call with bob tomorrow", locale=locale).language == "en"


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("envoie un mail a alice pour le nouveau planning", "le nouveau planning"),
        ("ecris a bob pour la reunion de lundi", "la reunion de lundi"),
    ],
)
def test_a_french_email_for_a_topic_has_that_topic(text: str, topic: str) -> None:
    """The finding: "pour le nouveau planning" was no topic, and ERA asked what it was about."""
    assert understand(text, locale="fr-FR").slots.get("topic") == topic


def test_a_french_email_to_thank_someone_is_no_topic() -> None:
    slots = understand("envoie un mail a alice pour le remercier", locale="fr-FR").slots
    assert slots.get("email_kind") == "thanks" and "topic" not in slots


@pytest.mark.parametrize(
    ("locale", "text"),
    [
        ("pt-PT", "marca uma reuniao com o bob smith e a alice depois de amanhã às 10h"),
        ("pt-BR", "reuniao com o bob smith e a alice amanha as 10h"),
    ],
)
async def test_a_portuguese_meeting_with_two_people_named_with_articles_invites_both(
    bot: BotHarness, locale: str, text: str
) -> None:
    """The finding: "com o bob smith e a alice" asked which one of them the meeting was with."""
    bot.as_person("maria")
    asked = joined(await bot.say(text, locale=locale))
    assert "Bob Smith e Alice Martin" in asked, asked
