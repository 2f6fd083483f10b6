"""What the email a recommendation asks for is for: its own words decide, in every language."""

from __future__ import annotations

import pytest

from core.action_purpose import ActionPurpose, email_purpose


@pytest.mark.parametrize(("recommendation", "purpose"), [
    ("I can draft the written warning email for you.", ActionPurpose.WRITTEN_WARNING),
    ("Je peux rédiger l'e-mail d'avertissement écrit pour vous.", ActionPurpose.WRITTEN_WARNING),
    ("我可以为您起草这封书面警告邮件，供您在发送前审阅。", ActionPurpose.WRITTEN_WARNING),
    ("通过邮件发出一份正式警告。", ActionPurpose.WRITTEN_WARNING),
    # Asked by the manager in their own words ("警告のメールを書いて" got an email asking to talk).
    ("警告のメールを書いて", ActionPurpose.WRITTEN_WARNING),
    ("发个警告邮件给他", ActionPurpose.WRITTEN_WARNING),
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


@pytest.mark.parametrize("request_text", [
    "email Bob about his leave request",
    "write to Bob about his holiday request",
    "envoie un email à Bob au sujet de sa demande de congé",
    "envía un correo a Bob sobre su solicitud de vacaciones",
    "schreib Bob eine E-Mail wegen seines Urlaubsantrags",
    "manda una mail a Bob sulla sua richiesta di ferie",
    "envia um e-mail ao Bob sobre o pedido de férias dele",
    "stuur Bob een mail over zijn verlofaanvraag",
    "wyślij Bobowi maila w sprawie jego wniosku urlopowego",
    "Bobさんに休暇申請の件でメールを送って",
    "给Bob发邮件，关于他的请假申请",
])
def test_a_leave_request_email_is_the_answer_to_it_not_a_follow_up(request_text: str) -> None:
    assert email_purpose(request_text) is ActionPurpose.LEAVE_REPLY


def test_the_leave_request_playbooks_email_is_the_answer_to_the_request() -> None:
    recommendation = "Give Bob a clear answer in writing. I can draft that email to Bob for you."
    assert email_purpose(recommendation) is ActionPurpose.FOLLOW_UP
    assert email_purpose(recommendation, "leave_request") is ActionPurpose.LEAVE_REPLY
    # A written warning stays one, whatever the playbook.
    assert email_purpose("I can draft the written warning email.", "leave_request") is (
        ActionPurpose.WRITTEN_WARNING)


def test_the_resignation_playbooks_email_acknowledges_it() -> None:
    recommendation = "Acknowledge the resignation in writing. I can draft that email for you."
    assert email_purpose(recommendation, "resignation") is ActionPurpose.RESIGNATION_REPLY
    assert email_purpose("I can draft the written warning email.", "resignation") is (
        ActionPurpose.WRITTEN_WARNING)
