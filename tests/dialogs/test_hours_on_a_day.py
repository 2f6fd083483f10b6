"""Hours said after a day, and noon, through the real bot: a meeting asked for "Dienstag von
14 bis 16 Uhr" or "mardi à midi" is offered at those hours, and "who works on Tuesday from 9 to
11?" lists that morning's people, not the whole day's. The finding: the day alone was read, so
the first free time offered was 09:00 and the afternoon's people were listed too."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined


@pytest.mark.parametrize(("locale", "request_text"), [
    ("en-GB", "book a meeting with Alice Martin on tuesday from 2 to 4"),
    ("de-DE", "Buche ein Meeting mit Alice Martin am Dienstag von 14 bis 16 Uhr"),
    ("fr-FR", "réserve une réunion avec Alice Martin mardi de 14 à 16"),
    ("es-ES", "reserva una reunión con Alice Martin el martes entre las 14 y las 16"),
    ("it-IT", "prenota una riunione con Alice Martin martedì dalle 14 alle 16"),
    ("nl-NL", "plan een vergadering met Alice Martin dinsdag van 14 tot 16"),
    ("pl-PL", "umów spotkanie z Alice Martin we wtorek od 14 do 16"),
    ("pt-PT", "marca uma reunião com a Alice Martin terça das 14 às 16"),
    ("ja-JP", "火曜日の14時から16時にAlice Martinとの会議を予約して"),
    ("zh-CN", "帮我和Alice Martin约周二14点到16点的会议"),
])
async def test_a_meeting_asked_for_between_two_hours_is_offered_at_those_hours(
    bot: BotHarness, locale: str, request_text: str
) -> None:
    bot.as_person("maria").locale = locale
    text = joined(await bot.say(request_text))
    # The times searched are said ("... on Tue 24 Nov between 14:00 and 16:00"), not the day's.
    assert "14:00" in text and "16:00" in text, text


@pytest.mark.parametrize(("locale", "request_text"), [
    ("en-GB", "book a meeting with Alice Martin on tuesday at lunchtime"),
    ("fr-FR", "réserve une réunion avec Alice Martin mardi à midi"),
    ("de-DE", "Buche ein Meeting mit Alice Martin am Dienstag mittags"),
    ("es-ES", "reserva una reunión con Alice Martin el martes a mediodía"),
    ("it-IT", "prenota una riunione con Alice Martin martedì a pranzo"),
    ("nl-NL", "plan een vergadering met Alice Martin dinsdag rond de middag"),
    ("pl-PL", "umów spotkanie z Alice Martin we wtorek w południe"),
    ("pt-PT", "marca uma reunião com a Alice Martin terça ao meio-dia"),
    ("ja-JP", "火曜日のお昼にAlice Martinとの会議を予約して"),
])
async def test_a_meeting_asked_for_at_noon_is_offered_around_noon(
    bot: BotHarness, locale: str, request_text: str
) -> None:
    bot.as_person("maria").locale = locale
    text = joined(await bot.say(request_text))
    assert "11:30" in text and "14:00" in text, text


@pytest.mark.parametrize(("locale", "question"), [
    ("en-GB", "who works on tuesday from 9 to 11?"),
    ("de-DE", "Wer arbeitet am Dienstag von 9 bis 11 Uhr?"),
    ("fr-FR", "qui travaille mardi de 9h à 11h ?"),
    ("it-IT", "chi lavora martedì dalle 9 alle 11?"),
    ("pt-PT", "quem trabalha terça das 9 às 11?"),
    ("ja-JP", "火曜日の9時から11時は誰が働いていますか？"),
])
async def test_who_works_between_two_hours_lists_those_hours_people(
    bot: BotHarness, locale: str, question: str
) -> None:
    bot.as_person("maria").locale = locale
    text = joined(await bot.say(question))
    assert "09:00-15:00" in text, text
    assert "15:00-20:00" not in text and "20:00-23:00" not in text, text
