"""What an action the advisor recommended is for, as the email and calendar flows are told.

The calendar flow always books a call. For the email flow the recommendation's own words decide:
a written warning ("written warning", "avertissement écrit", "Abmahnung", "advertência por
escrito", "schriftelijke waarschuwing", "pisemne upomnienie", "書面による警告", "书面警告", ...),
documenting attempts to reach the employee ("document", "record", "tentatives", "próby
kontaktu", "連絡の試みを記録", ...), the answer to a leave request (the leave-request playbook's
email, or a request that names one: "email Bob about his leave request", "demande de congé",
"Urlaubsantrag", "休暇申請", ...), or else a follow-up.
"""

from __future__ import annotations

import re
from enum import StrEnum

from core.text_fold import fold_text


class ActionPurpose(StrEnum):
    """Why the email or calendar flow is started."""

    WRITTEN_WARNING = "written_warning"
    DOCUMENT_ATTEMPTS = "document_attempts"
    LEAVE_REPLY = "leave_reply"
    RESIGNATION_REPLY = "resignation_reply"
    FOLLOW_UP = "follow_up"
    CALL = "call"

LEAVE_REQUEST_PLAYBOOK = "leave_request"
RESIGNATION_PLAYBOOK = "resignation"


_WARNING = re.compile(
    r"\b(?:written\s+warning|warning\s+(?:letter|e-?mail)|formal\s+warning|final\s+warning"
    r"|avertissement|amonestacion|advertencia\s+(?:por\s+)?escrita|abmahnung|verwarnung"
    r"|richiamo\s+scritto|ammonimento|lettera\s+di\s+richiamo|schriftelijke\s+waarschuwing"
    r"|formele\s+waarschuwing|waarschuwingsbrief|waarschuwingsmail|advertencia\s+por\s+escrito"
    # Polish, folded: "pisemne upomnienie", "pisemnym upomnieniem", "upomnienie na piśmie", "nagana"
    r"|pisemn\w+\s+upomnieni\w*|upomnieni\w*\s+na\s+pismie|nagan[aey]\w*)\b"
    # Chinese, written without spaces: anywhere in the text.
    r"|书面警告|警告信|正式警告|最后警告"
)
_DOCUMENT = re.compile(
    r"\b(?:document(?:s|ing|ed)?\s+(?:the\s+|your\s+|each\s+|every\s+|all\s+)?(?:attempts?"
    r"|calls?|efforts?|absences?)|record\s+of\s+(?:the\s+|your\s+)?attempts?|attempts?\s+to"
    r"\s+(?:reach|contact)|documente[rz]?\s+(?:les\s+|vos\s+)?tentatives|tentatives\s+de"
    r"\s+(?:joindre|contact)|documentar\s+(?:los\s+|sus\s+)?intentos|intentos\s+de\s+contact"
    r"|kontaktversuche|versuche\s+(?:zu\s+)?dokumentieren|documentare\s+(?:i\s+)?tentativi"
    r"|tentativi\s+di\s+contatt|contactpoging|pogingen\s+om\s+(?:\w+\s+)?te\s+bereiken"
    r"|tentativas\s+de\s+contact|prob\w*\s+kontakt)\w*"
    r"|联系(?:他|她|对方)?的(?:尝试|努力)|尝试联系[^，。；]{0,8}?的记录|记录(?:每一?次)?(?:联系|尝试)"
)

# Folded, so "demande de congé" is "demande de conge" and "prośba" is "prosba".
_LEAVE_REQUEST = re.compile(
    r"\b(?:(?:leave|holiday|vacation|time[- ]off|pto)\s+requests?"
    r"|requests?\s+for\s+(?:annual\s+)?(?:leave|holidays?|vacation|time\s+off)"
    r"|demandes?\s+de\s+conges?|solicitud(?:es)?\s+de\s+(?:vacaciones|permiso|dias\s+libres)"
    r"|peticion(?:es)?\s+de\s+(?:vacaciones|permiso)|urlaubs(?:antrag|anfrage)\w*"
    r"|antrag\s+auf\s+urlaub|richiest[ae]\s+di\s+(?:ferie|permesso)"
    r"|pedidos?\s+de\s+(?:ferias|folga|licenca)|verlofaanvra\w*|vakantieaanvra\w*"
    r"|verlofverzoek\w*|wniosk\w*\s+urlopow\w*|wniosk\w*\s+o\s+urlop\w*|prosb\w*\s+o\s+urlop\w*)\b"
    r"|休暇の?申請|有給(?:休暇)?の?申請|休みの?申請|请假申请|休假申请|年假申请"
)

# The same in Japanese, which has no spaces and so no word edges to start from.
_WARNING_UNSPACED = re.compile(
    r"書面による警告|文書による警告|警告の?(?:書|文|状|メール|書面|文書|手紙)|最終警告|警告的?邮件")
_DOCUMENT_UNSPACED = re.compile(
    r"(?:ご?連絡|電話)の(?:試み|経緯)[^。\n]{0,12}?記録|連絡を試みた(?:こと|経緯|記録)"
)


def email_purpose(recommendation: str, playbook_id: str | None = None) -> ActionPurpose:
    """What the email the recommendation (of the playbook `playbook_id`, when known) asks for
    is for."""
    folded = fold_text(recommendation)
    if _WARNING.search(folded) or _WARNING_UNSPACED.search(folded):
        return ActionPurpose.WRITTEN_WARNING
    if _DOCUMENT.search(folded) or _DOCUMENT_UNSPACED.search(folded):
        return ActionPurpose.DOCUMENT_ATTEMPTS
    if playbook_id == LEAVE_REQUEST_PLAYBOOK or _LEAVE_REQUEST.search(folded):
        return ActionPurpose.LEAVE_REPLY
    if playbook_id == RESIGNATION_PLAYBOOK:
        # "Acknowledge the resignation in writing": the letter that confirms it, not a
        # follow-up of a conversation with its blanks.
        return ActionPurpose.RESIGNATION_REPLY
    return ActionPurpose.FOLLOW_UP
