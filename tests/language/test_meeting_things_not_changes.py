"""Phrasing tables: taking notes or minutes from a meeting, or dropping someone off after one,
changes no meeting and no shift, in every language the removal rules were written for. Before,
"take notes from friday's meeting" asked "Who should I take off a shift?", "drop bob off after
the meeting" offered to cancel Bob's 1:1, "prendi appunti dalla riunione di venerdì" offered
times for a meeting with HR, "usuń notatki ze spotkania w piątek" offered to cancel Friday's
meeting, "金曜日の会議から議事録を外して" asked whom to take off it, and "setz bob nach dem meeting
ab" offered to cancel the meeting. The real requests beside them are still read."""

from __future__ import annotations

import pytest

from core.intent import Intent
from language.understanding import understand

_CHANGES = {Intent.MEETING_UNINVITE, Intent.MEETING_CANCEL, Intent.MEETING_BOOK,
            Intent.SHIFT_UNASSIGN, Intent.SHIFT_CANCEL}

NOT_CHANGES = [
    ("take notes from fridays meeting", "en-US"),
    ("take notes from friday's meeting", "en-US"),
    ("drop bob off after the meeting", "en-US"),
    ("drop alice off before the meeting tomorrow", "en-US"),
    ("prends des notes de la réunion de vendredi", "fr-FR"),
    ("dépose bob après la réunion", "fr-FR"),
    ("prendi appunti dalla riunione di venerdì", "it-IT"),
    ("togli appunti dalla riunione di venerdì", "it-IT"),
    ("fai un riassunto della riunione di venerdì", "it-IT"),
    ("lascia bob dopo la riunione", "it-IT"),
    ("zrób notatki ze spotkania w piątek", "pl-PL"),
    ("usuń notatki ze spotkania w piątek", "pl-PL"),
    ("podrzuć boba po spotkaniu", "pl-PL"),
    ("金曜日の会議のメモを取って", "ja-JP"),
    ("金曜日の会議から議事録を外して", "ja-JP"),
    ("会議の後でボブを降ろして", "ja-JP"),
    ("把周五会议的笔记删掉", "zh-CN"),
    ("会议结束后把鲍勃送回家", "zh-CN"),
    ("setz bob nach dem meeting ab", "de-DE"),
]

CHANGES = [
    ("cancel my meeting with bob", "en-US", Intent.MEETING_CANCEL),
    ("drop my 1:1 with bob", "en-US", Intent.MEETING_CANCEL),
    ("drop bob off the meeting", "en-US", Intent.MEETING_UNINVITE),
    ("remove bob from fridays shift", "en-US", Intent.SHIFT_UNASSIGN),
    ("enlève chen de la réunion de vendredi", "fr-FR", Intent.MEETING_UNINVITE),
    ("togli chen dalla riunione di venerdì", "it-IT", Intent.MEETING_UNINVITE),
    ("togli chen dal turno di venerdì", "it-IT", Intent.SHIFT_UNASSIGN),
    ("prendi un appuntamento con chen venerdì", "it-IT", Intent.MEETING_BOOK),
    ("usuń chena ze spotkania w piątek", "pl-PL", Intent.MEETING_UNINVITE),
    ("usuń spotkanie z bobem", "pl-PL", Intent.MEETING_CANCEL),
    ("金曜日の会議からチェンさんを外して", "ja-JP", Intent.MEETING_UNINVITE),
    ("把陈从周五的会议里去掉", "zh-CN", Intent.MEETING_UNINVITE),
    ("sag das meeting am freitag ab", "de-DE", Intent.MEETING_CANCEL),
    ("sag meinen termin mit bob ab", "de-DE", Intent.MEETING_CANCEL),
]


@pytest.mark.parametrize(("text", "locale"), NOT_CHANGES)
def test_a_thing_from_a_meeting_or_a_lift_after_it_changes_nothing(
    text: str, locale: str,
) -> None:
    assert understand(text, locale=locale).intent not in _CHANGES


@pytest.mark.parametrize(("text", "locale", "intent"), CHANGES)
def test_the_requests_beside_them_are_still_read(
    text: str, locale: str, intent: Intent,
) -> None:
    assert understand(text, locale=locale).intent is intent
