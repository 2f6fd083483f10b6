"""Phrasing tables: adding someone to a meeting already booked, in ten languages and as typed on a
phone, is its own request; booking a new meeting with someone, giving someone a shift and adding
something other than a person to a meeting stay what they were."""

from __future__ import annotations

import pytest

from core.intent import Intent
from language.understanding import understand

INVITES = [
    ("invite chen to the rota review", "en-US"),
    ("add alice to my meeting with bob on thursday", "en-US"),
    ("can you add sophie to tomorrow's call", "en-US"),
    ("add chen 2 thurs mtg", "en-US"),
    ("pls add alice to tmrw mtg w bob", "en-US"),
    ("can u add alice to my mtg w maria", "en-US"),
    ("loop chen in on the rota review", "en-US"),
    ("add chen and sophie to the rota review", "en-US"),
    ("add chen to the invite for the rota review", "en-US"),
    ("ajoute chen à la réunion de jeudi", "fr-FR"),
    ("rajoute alice au rdv de demain", "fr-FR"),
    ("tu peux inviter sophie a la reunion avec bob jeudi", "fr-FR"),
    ("lade chen zum rota review ein", "de-DE"),
    ("füg alice zu meinem meeting mit bob am donnerstag hinzu", "de-DE"),
    ("kannst du sophie zur besprechung morgen einladen", "de-DE"),
    ("añade a chen a la reunión del jueves", "es-ES"),
    ("agrega a sofi a la reu con bob", "es-ES"),
    ("aggiungi chen alla riunione di giovedì", "it-IT"),
    ("puoi aggiungere sophie all'incontro con bob", "it-IT"),
    ("adiciona o chen à reunião de quinta", "pt-PT"),
    ("convida a alice pra call de amanhã", "pt-BR"),
    ("voeg chen toe aan de vergadering van donderdag", "nl-NL"),
    ("nodig alice uit voor het overleg van morgen", "nl-NL"),
    ("kun je sophie aan de meeting van donderdag toevoegen", "nl-NL"),
    ("dodaj chena do spotkania w czwartek", "pl-PL"),
    ("zaproś alice na jutrzejsze spotkanie", "pl-PL"),
    ("チェンさんを木曜日の会議に追加して", "ja-JP"),
    ("明日の打ち合わせにアリスさんも招待して", "ja-JP"),
    ("把陈加到周四的会议里", "zh-CN"),
    ("邀请爱丽丝参加明天的会议", "zh-CN"),
]

# (text, locale, what it still is; None: anything but an invitation, e.g. a new booking)
NOT_INVITES = [
    ("book a meeting with alice and bob", "en-US", Intent.MEETING_BOOK),
    ("add sophie to tomorrow's shift", "en-US", Intent.SHIFT_ASSIGN),
    ("add bob on wednesday sales associate", "en-US", Intent.SHIFT_ASSIGN),
    ("add a note to the meeting", "en-US", None),
    ("invite alice to a meeting on friday", "en-US", None),
    ("cancel my meeting with maria on thursday", "en-US", Intent.MEETING_CANCEL),
    ("ajoute bob à la vente mercredi", "fr-FR", Intent.SHIFT_ASSIGN),
    ("invite chen à une réunion vendredi", "fr-FR", None),
    ("añade a bob el miércoles como vendedor", "es-ES", Intent.SHIFT_ASSIGN),
    ("アリスさんとの会議を予約して", "ja-JP", Intent.MEETING_BOOK),
    ("ボブさんを水曜日のシフトに入れて", "ja-JP", Intent.SHIFT_ASSIGN),
    ("把鲍勃加到周三的班", "zh-CN", Intent.SHIFT_ASSIGN),
    ("dodaj boba na zmianę w środę", "pl-PL", Intent.SHIFT_ASSIGN),
]


@pytest.mark.parametrize(("text", "locale"), INVITES)
def test_adding_someone_to_a_booked_meeting_is_understood(text: str, locale: str) -> None:
    assert understand(text, locale=locale).intent is Intent.MEETING_INVITE


@pytest.mark.parametrize(("text", "locale", "intent"), NOT_INVITES)
def test_other_requests_stay_what_they_were(
    text: str, locale: str, intent: Intent | None
) -> None:
    understood = understand(text, locale=locale).intent
    assert understood is not Intent.MEETING_INVITE
    if intent is not None:
        assert understood is intent


# Inviting someone to "a" meeting books a new one with them: (text, locale, the person slot)
NEW_MEETINGS = [
    ("invite alice to a meeting on friday", "en-US", "alice"),
    ("ask bob to a quick call tomorrow", "en-US", "bob"),
    ("invite chen à une réunion vendredi", "fr-FR", "chen"),
    ("lade chen zu einem meeting am freitag ein", "de-DE", "chen"),
    ("kannst du chen zu einem termin am freitag einladen", "de-DE", "chen"),
    ("invita a chen a una reunión el viernes", "es-ES", "chen"),
    ("invita chen a una riunione venerdì", "it-IT", "chen"),
    ("convida o chen para uma reunião na sexta", "pt-PT", "chen"),
    ("nodig chen uit voor een meeting op vrijdag", "nl-NL", "chen"),
    ("zaproś chena na spotkanie w piątek", "pl-PL", "chena"),
]


@pytest.mark.parametrize(("text", "locale", "person"), NEW_MEETINGS)
def test_inviting_someone_to_a_meeting_books_one_with_them(
    text: str, locale: str, person: str
) -> None:
    understood = understand(text, locale=locale)
    assert understood.intent is Intent.MEETING_BOOK
    assert understood.slots.get("person") == person
