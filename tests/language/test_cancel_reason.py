"""A cancellation reason is the worker's own words; what else a message at that question is."""

from __future__ import annotations

import pytest

from language.cancel_reason import ReasonVerdict, judge_reason, reason_in_request


@pytest.mark.parametrize(
    ("text", "locale", "verdict"),
    [
        ("I'm sick", "en-US", ReasonVerdict.REASON),
        ("doctor appointment", "en-US", ReasonVerdict.REASON),
        ("I have no car this week", "en-US", ReasonVerdict.REASON),
        ("je suis malade", "fr-FR", ReasonVerdict.REASON),
        ("mi hijo está enfermo", "es-ES", ReasonVerdict.REASON),
        ("a", "en-US", ReasonVerdict.NO_REASON),
        ("my shift", "en-US", ReasonVerdict.NO_REASON),
        ("hmm", "en-US", ReasonVerdict.NO_REASON),
        ("yes", "en-US", ReasonVerdict.CONFIRMATION),
        ("oui", "fr-FR", ReasonVerdict.CONFIRMATION),
        ("2", None, ReasonVerdict.CHOICE),
        ("the second one", "en-US", ReasonVerdict.CHOICE),
        ("no", "en-US", ReasonVerdict.REFUSAL),
        ("never mind", "en-US", ReasonVerdict.REFUSAL),
        ("keep it", "en-US", ReasonVerdict.REFUSAL),
        ("I told you I do not want to cancel it", "en-US", ReasonVerdict.REFUSAL),
        ("ne l'annule pas", "fr-FR", ReasonVerdict.REFUSAL),
        ("nicht stornieren", "de-DE", ReasonVerdict.REFUSAL),
        ("which shift?", "en-US", ReasonVerdict.QUESTION),
        ("what are my shifts?", "en-US", ReasonVerdict.QUESTION),
        ("book a meeting with Alice", "en-US", ReasonVerdict.REQUEST),
        ("cancel my shift", "en-US", ReasonVerdict.REQUEST),
    ],
)
def test_what_a_message_at_the_reason_question_is(
    text: str, locale: str | None, verdict: ReasonVerdict
) -> None:
    assert judge_reason(text, locale=locale) is verdict


@pytest.mark.parametrize(
    ("message", "reason"),
    [
        ("je dois annuler mon shift de demain, je suis malade", "je suis malade"),
        ("cancel my shift tomorrow, I'm sick", "I'm sick"),
        ("cancel my shift tomorrow because my kid is ill", "my kid is ill"),
        ("I'm sick, cancel my shift tomorrow", "I'm sick"),
        ("necesito cancelar mi turno de mañana porque estoy enfermo", "estoy enfermo"),
        ("cancel my shift tomorrow", None),
        ("cancel my shift on friday, thanks", None),
        ("i need to cancel my shift tomorrow, please", None),
        ("cancel my shift tomorrow. my shift", None),
        # Chinese and Japanese break clauses with their own punctuation.
        ("明日のシフトをキャンセルしたいです。体調が悪いです", "体調が悪いです"),
        ("明天的班我想取消，我生病了", "我生病了"),
        ("明日のシフトをキャンセルしてください", None),
        # Courtesies are no reason.
        ("明日のシフトをキャンセルしたいです。よろしくお願いします", None),
        ("すみません、明日のシフトをキャンセルしたいです。熱があります", "熱があります"),
        ("明天的班我想取消，不好意思", None),
        # Japanese ends the reason with "because" and no break; Chinese may open it unbroken.
        ("明日は熱があるので休ませてください", "明日は熱があるので"),
        ("体調不良のため明日のシフトを休みたいです", "体調不良のため"),
        ("熱があるから明日休みます", "熱があるから"),
        ("Aliceを金曜日のシフトから外して", None),
        ("我明天来不了因为生病了", "生病了"),
        ("由于家里有事，明天的班我去不了", "家里有事"),
        ("sorry, I need to cancel my shift tomorrow", None),
    ],
)
def test_the_reason_a_request_already_gives(message: str, reason: str | None) -> None:
    assert reason_in_request(message) == reason
