""""last monday" means one day in every language: the last Monday before today (on a
Saturday, the Monday five days ago; on a Monday, the one a week ago). On Saturday 28 Nov it was
16 Nov in en, fr and zh and 23 Nov in the seven others."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from services.time_phrase_parser import TimePhraseParser

LONDON = ZoneInfo("Europe/London")
LAST_MONDAY = [
    ("en-GB", "last monday"), ("fr-FR", "lundi dernier"), ("es-ES", "el lunes pasado"),
    ("de-DE", "letzten Montag"), ("it-IT", "lunedì scorso"), ("pt-BR", "segunda-feira passada"),
    ("nl-NL", "afgelopen maandag"), ("pl-PL", "w zeszły poniedziałek"),
    ("ja-JP", "先週の月曜日"), ("zh-CN", "上周一"),
]
# Monday 23 Nov 2026 to Sunday 29 Nov 2026.
WEEK = [date(2026, 11, 23) + timedelta(days=n) for n in range(7)]


@pytest.fixture(scope="module")
def parser() -> TimePhraseParser:
    return TimePhraseParser(LONDON)


@pytest.mark.parametrize(("locale", "text"), LAST_MONDAY)
def test_last_monday_is_the_last_monday_before_today_on_each_weekday(
    parser: TimePhraseParser, locale: str, text: str
) -> None:
    read = {}
    for today in WEEK:
        now = datetime.combine(today, datetime.min.time(), tzinfo=LONDON) + timedelta(hours=10)
        windows = parser.parse_sync(text, now=now, locale=locale)
        read[today] = [w.start.astimezone(LONDON).date() for w in windows]
    expected = {today: [date(2026, 11, 16) if today == WEEK[0] else WEEK[0]] for today in WEEK}
    assert read == expected
