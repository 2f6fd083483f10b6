"""What the email a recommendation asks for is for: its own words decide, in every language."""

from __future__ import annotations

import pytest

from core.action_purpose import ActionPurpose, email_purpose


@pytest.mark.parametrize(("recommendation", "purpose"), [
    ("I can draft the written warning email for you.", ActionPurpose.WRITTEN_WARNING),
    ("Je peux rédiger l'e-mail d'avertissement écrit pour vous.", ActionPurpose.WRITTEN_WARNING),
    ("我可以为您起草这封书面警告邮件，供您在发送前审阅。", ActionPurpose.WRITTEN_WARNING),
    ("通过邮件发出一份正式警告。", ActionPurpose.WRITTEN_WARNING),
    ("Send an email documenting your attempts to reach them.", ActionPurpose.DOCUMENT_ATTEMPTS),
    ("发一封邮件，记录每一次联系的时间和方式。", ActionPurpose.DOCUMENT_ATTEMPTS),
    ("我可以为您起草这封给Fatima的邮件。", ActionPurpose.FOLLOW_UP),
    ("Mogę przygotować projekt e-maila z pisemnym upomnieniem.", ActionPurpose.WRITTEN_WARNING),
    ("Wyślij mu upomnienie na piśmie z datami.", ActionPurpose.WRITTEN_WARNING),
    ("Czas na naganę.", ActionPurpose.WRITTEN_WARNING),
    ("Wyślij e-mail, który dokumentuje próby kontaktu.", ActionPurpose.DOCUMENT_ATTEMPTS),
    ("Mogę przygotować projekt tego e-maila do pracownika (Fatima).", ActionPurpose.FOLLOW_UP),
])
def test_the_recommendation_names_the_purpose(
    recommendation: str, purpose: ActionPurpose
) -> None:
    assert email_purpose(recommendation) is purpose
