"""A message that is only a signature asks for nothing; one with a request or a situation in it
is read as that request."""

from __future__ import annotations

import pytest

from language.signature import is_signature


@pytest.mark.parametrize(("locale", "text"), [
    ("en-US", "Alice Martin | Sales Associate | Riverside Store"),
    ("en-US", "Alice Martin | Sales Associate | Riverside Store\n+1 555 0100\nSent from my iPhone"),
    ("en-US", "Sent from my iPhone"),
    ("en-US", "Get Outlook for Android"),
    ("en-US", "+1 (555) 010-0100"),
    ("en-US", "alice.martin@example.com"),
    ("fr-FR", "Alice Martin\nVendeuse | Magasin Riverside\nTél. 06 12 34 56 78\n"
              "Envoyé de mon iPhone"),
    ("de-DE", "Bob Smith | Verkäufer | Filiale Riverside"),
    ("de-DE", "Von meinem iPhone gesendet"),
    ("es-ES", "Enviado desde mi iPhone"),
    ("it-IT", "Inviato da iPhone"),
    ("nl-NL", "Verzonden vanaf mijn iPhone"),
    ("pl-PL", "Alice Martin | Sprzedawczyni\nWysłane z iPhone'a"),
    ("pt-PT", "Enviado do meu iPhone"),
    ("ja-JP", "アリス・マーティン\n販売スタッフ\niPhoneから送信"),
    ("zh-CN", "爱丽丝\n销售员\n发自我的iPhone"),
    ("en-US", "Maria Lopez | Store Manager | Riverside Store | +1 555 0199"),
])
def test_a_signature_alone_is_one(locale: str, text: str) -> None:
    assert is_signature(text, locale)


@pytest.mark.parametrize(("locale", "text"), [
    ("en-US", "cancel my shift tomorrow\nSent from my iPhone"),
    ("en-US", "Bob Smith | late again"),
    ("en-US", "Bob didn't show up\n\nMaria Lopez | Store Manager"),
    ("en-US", "what are my shifts?\nAlice"),
    ("en-US", "cancel my shift | tomorrow"),
    ("en-US", "Alice Martin"),
    ("en-US", "hi"),
    ("en-US", "2"),
    ("en-US", "9:00"),
    ("en-US", "yes\nok"),
    ("en-US", "no | thanks"),
    ("fr-FR", "annule mon poste demain\nEnvoyé de mon iPhone"),
    ("de-DE", "Bob kommt ständig zu spät\nMaria Lopez | Filialleiterin"),
])
def test_a_message_with_a_request_or_a_situation_is_no_signature(locale: str, text: str) -> None:
    assert not is_signature(text, locale)
