"""A worker who cannot come in because of an appointment ("mañana no puedo ir, tengo cita con el
médico") is cancelling a shift and giving the reason; one who cannot go to a meeting ("no puedo
ir a la reunión de mañana") is cancelling the meeting. The appointment word decides only in the
clause that says what they cannot go to."""

from __future__ import annotations

import pytest

from core.intent import Intent
from language.understanding import understand

SHIFT = [
    ("es-ES", "mañana no puedo ir, tengo cita con el médico"),
    ("es-ES", "mañana no puedo ir porque tengo cita con el médico"),
    ("es-ES", "no puedo ir, tengo cita con el médico"),
    ("pt-PT", "amanhã não vou poder ir, tenho consulta médica"),
    ("fr-FR", "demain je ne peux pas venir, j'ai rendez-vous chez le médecin"),
    ("fr-FR", "je ne peux pas venir demain parce que j'ai rendez-vous"),
    ("it-IT", "domani non posso venire, ho una visita medica"),
    ("it-IT", "domani non posso venire perché ho un appuntamento"),
    ("nl-NL", "morgen kan ik niet komen, ik heb een afspraak bij de dokter"),
    ("de-DE", "ich kann morgen nicht kommen, ich habe einen Termin beim Arzt"),
    ("pl-PL", "jutro nie mogę przyjść, mam wizytę u lekarza"),
]
MEETING = [
    ("es-ES", "mañana no puedo ir a la reunión"),
    ("es-ES", "no puedo ir a la cita de mañana"),
    ("pt-PT", "não posso ir à reunião de amanhã"),
    ("fr-FR", "demain je ne peux pas venir à la réunion"),
    ("fr-FR", "je ne pourrai pas assister à l'entretien de lundi"),
    ("it-IT", "non posso venire all'appuntamento di lunedì"),
    ("nl-NL", "ik kan morgen niet naar de vergadering"),
    ("de-DE", "ich kann morgen nicht zum Termin kommen"),
    ("pl-PL", "nie mogę przyjść na spotkanie jutro"),
]


@pytest.mark.parametrize(("locale", "text"), SHIFT)
def test_an_appointment_given_as_the_reason_cancels_the_shift(locale: str, text: str) -> None:
    assert understand(text, locale=locale).intent is Intent.SHIFT_CANCEL


@pytest.mark.parametrize(("locale", "text"), MEETING)
def test_not_going_to_a_meeting_cancels_the_meeting(locale: str, text: str) -> None:
    assert understand(text, locale=locale).intent is Intent.MEETING_CANCEL
