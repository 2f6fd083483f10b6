"""Detects an assistant answer that admits it does not know or cannot help: a knowledge gap.

The failure tracker transfers on a knowledge gap at once, so this must catch the assistant's own
admission ("I don't know.", "I can't help you with that", "non so", "non posso aiutarti", "je ne
sais pas", ...) in en, fr, es, de, it, pt and nl (plus a few phrases in other scripts) without
flagging ordinary advice. Two things keep it to the assistant's own words: quoted speech (a
manager's or an employee's words in quotes, block quotes) is removed before matching, and a
bare "I don't know" counts only where it ends a sentence, so a hedge that goes on ("I don't know
whether your contract allows this, but ...") is advice, not an admission.
"""

from __future__ import annotations

import re

from core.text_fold import fold_text

_QUOTED = re.compile(
    r'"[^"\n]*"|\u00ab[^\u00bb]*\u00bb|\u300c[^\u300d]*\u300d|(?<!\w)\'[^\'\n]*?\'(?!\w)'
)
_BLOCK_QUOTE = re.compile(r"^[ \t]*>.*$", re.MULTILINE)

# "I don't know." ends a sentence; "I can't help with that, but ..." may go on with a redirect.
_SENTENCE_END = r"(?=\s*(?:[.!\u2026\u3002]|$))"
_CLAUSE_END = r"(?=\s*(?:[.!,;:\u2026\u3002]|$))"

_ADMISSIONS = (
    # English
    rf"\b(?:i|we)\s+(?:really\s+|honestly\s+|simply\s+|just\s+)?(?:don't|do\s+not|dont)\s+know"
    rf"(?:\s+(?:that|this|for\s+sure|for\s+certain))?{_SENTENCE_END}",
    r"\b(?:i|we)\s+(?:really\s+|honestly\s+)?(?:don't|do\s+not|dont)\s+know\s+(?:the\s+answer"
    r"|(?:anything|much|enough)\s+about|how\s+to\s+(?:help|answer|advise|assist)"
    r"|what\s+to\s+(?:tell|say|suggest|advise|recommend))",
    r"\b(?:i'm|i\s+am)\s+(?:not\s+sure|unsure)\s+(?:(?:how|that|whether|if)\s+)?i\s+can\s+(?:help"
    r"|answer|assist)",
    rf"\bi(?:\s+(?:can't|cannot|can\s+not|am\s+unable\s+to|am\s+not\s+able\s+to)"
    rf"|'m\s+(?:unable|not\s+able)\s+to)\s+(?:help|assist|answer|advise)(?:\s+you)?(?:\s+(?:with|on)\s+"
    rf"(?:that|this|it|this\s+one|your\s+(?:request|question)|(?:that|this)\s+(?:request"
    rf"|question|topic)))?(?:\s+(?:here|today|right\s+now))?{_CLAUSE_END}",
    rf"\bi\s+(?:don't|do\s+not)\s+have\s+(?:an\s+answer|the\s+answer|that\s+information"
    rf"|(?:any\s+|enough\s+)?information\s+(?:on|about|regarding)\s+(?:that|this|it)"
    rf"(?:\s+topic)?){_CLAUSE_END}",
    r"\bi\s+have\s+no\s+(?:idea|answer|information\s+(?:on|about)\s+(?:that|this))\b",
    r"\b(?:that|this|it)(?:'s|\s+is)\s+(?:outside|beyond)\s+(?:of\s+)?(?:my|what\s+i)\s+"
    r"(?:knowledge|expertise|scope|can\s+(?:help|answer))",
    r"\bi\s+(?:couldn't|could\s+not|can't|cannot|was\s+unable\s+to)\s+find\s+(?:any\s+)?"
    r"(?:relevant\s+)?(?:information|answer|guidance)\b",
    # French
    rf"\bje\s+(?:ne\s+)?(?:le\s+)?sais\s+pas(?:\s+(?:du\s+tout|vraiment))?{_SENTENCE_END}",
    r"\bje\s+ne\s+sais\s+pas\s+(?:quoi\s+(?:vous\s+|te\s+)?(?:dire|repondre|conseiller)"
    r"|comment\s+(?:vous\s+|t')?aider|repondre)",
    r"\bje\s+ne\s+connais\s+pas\s+la\s+reponse\b",
    r"\bje\s+n'ai\s+pas\s+(?:la\s+reponse|de\s+reponse|cette\s+information"
    r"|d'informations?\s+(?:sur\s+(?:ce|cette)|a\s+ce\s+sujet))",
    rf"\bje\s+ne\s+(?:peux\s+pas|suis\s+pas\s+en\s+mesure\s+de)\s+(?:vous\s+|t'|te\s+)?(?:aider"
    rf"|repondre)(?:\s+(?:a\s+ce\s+sujet|sur\s+ce\s+point|la-dessus|avec\s+(?:cela|ca)))?"
    rf"{_CLAUSE_END}",
    r"\baucune\s+idee\b|\bcela\s+depasse\s+mes\s+(?:competences|connaissances)\b"
    r"|\bhors\s+de\s+mon\s+domaine\b",
    r"\bje\s+n'ai\s+(?:pas\s+)?trouve\s+(?:aucune\s+)?(?:information|reponse)",
    # Spanish
    rf"\bno\s+(?:lo\s+)?se{_SENTENCE_END}",
    r"\bno\s+se\s+(?:que\s+(?:decir|responder|aconsejar)|como\s+ayudar|la\s+respuesta)",
    r"\bno\s+tengo\s+(?:la\s+respuesta|informacion\s+(?:sobre\s+(?:eso|esto)|al\s+respecto)"
    r"|esa\s+informacion|ni\s+idea)\b",
    rf"\bno\s+(?:puedo|estoy\s+en\s+condiciones\s+de)\s+(?:ayudarte|ayudarle|ayudar|responder)"
    rf"(?:\s+(?:con|en)\s+(?:eso|esto))?{_CLAUSE_END}",
    r"\bni\s+idea\b|\bfuera\s+de\s+mi\s+(?:alcance|conocimiento)\b"
    r"|\bno\s+encontre\s+(?:informacion|nada)\b",
    # German
    rf"\bich\s+weiss\s+(?:es\s+|das\s+)?(?:leider\s+)?nicht(?:\s+genau)?{_SENTENCE_END}",
    r"\bich\s+weiss\s+(?:leider\s+)?nicht,?\s+(?:was\s+ich\s+(?:sagen|raten|antworten)"
    r"|wie\s+ich\s+(?:ihnen\s+|dir\s+)?helfen)",
    r"\bich\s+kenne\s+die\s+antwort\s+(?:darauf\s+)?nicht\b",
    r"\bich\s+habe\s+(?:leider\s+)?keine\s+(?:informationen\s+(?:dazu|daruber)|antwort|ahnung)\b",
    r"\bich\s+kann\s+(?:ihnen|dir)\s+(?:dabei\s+|damit\s+|hier\s+|hierbei\s+)?(?:leider\s+)?"
    r"nicht\s+(?:weiter)?helfen\b",
    r"\b(?:dazu|dabei|damit|hierbei|hier|da)\s+kann\s+ich\s+(?:ihnen|dir)\s+(?:leider\s+)?"
    r"nicht\s+(?:weiter)?helfen\b",
    r"\bkeine\s+ahnung\b|\bubersteigt\s+mein\s+wissen\b"
    r"|\bausserhalb\s+meines\s+(?:wissens|fachgebiets)\b"
    r"|\bdazu\s+habe\s+ich\s+keine\s+informationen\b",
    # Italian: the design note's "non so" and "non posso aiutarti"
    rf"\bnon\s+(?:lo\s+)?so(?:\s+(?:proprio|davvero))?{_SENTENCE_END}",
    r"\bnon\s+so\s+(?:cosa\s+(?:dire|rispondere|consigliare|suggerire)|come\s+aiutar\w*"
    r"|rispondere|la\s+risposta)",
    rf"\bnon\s+(?:posso|sono\s+in\s+grado\s+di)\s+(?:aiutarti|aiutarla|aiutarvi|aiutare"
    rf"|rispondere)(?:\s+(?:su|con|in)\s+(?:questo|questa\s+(?:cosa|domanda)))?{_CLAUSE_END}",
    r"\bnon\s+ho\s+(?:la\s+risposta|informazioni\s+(?:su\s+questo|in\s+merito)|idea"
    r"|questa\s+informazione)\b|\bnon\s+ne\s+ho\s+idea\b|\bnessuna\s+idea\b"
    r"|\bnon\s+conosco\s+la\s+risposta\b",
    r"\bva\s+oltre\s+le\s+mie\s+(?:competenze|conoscenze)\b|\bfuori\s+dalle\s+mie\s+competenze\b",
    # Portuguese
    rf"\b(?:eu\s+)?nao\s+sei(?:\s+(?:dizer|responder))?{_SENTENCE_END}",
    r"\bnao\s+sei\s+(?:o\s+que\s+(?:dizer|responder|sugerir)|como\s+(?:te\s+|lhe\s+)?ajudar"
    r"|a\s+resposta)",
    rf"\bnao\s+(?:posso|consigo|estou\s+em\s+condicoes\s+de)\s+(?:te\s+|lhe\s+|vos\s+)?(?:ajudar"
    rf"|responder)(?:\s+com\s+(?:isso|isto))?{_CLAUSE_END}",
    r"\bnao\s+tenho\s+(?:a\s+resposta|informac(?:ao|oes)\s+sobre\s+(?:isso|isto)"
    r"|essa\s+informacao|ideia)\b|\bnao\s+faco\s+ideia\b|\bnao\s+conheco\s+a\s+resposta\b"
    r"|\bfora\s+do\s+meu\s+(?:alcance|conhecimento)\b",
    # Dutch
    rf"\bik\s+weet\s+(?:het\s+)?(?:echt\s+|helaas\s+)?niet(?:\s+precies)?{_SENTENCE_END}",
    r"\bik\s+weet\s+(?:helaas\s+)?niet\s+(?:wat\s+ik\s+(?:moet\s+)?(?:zeggen|antwoorden)"
    r"|hoe\s+ik\s+(?:je|u)\s+(?:kan|kun|kunt)\s+helpen)",
    r"\bik\s+weet\s+het\s+antwoord\s+niet\b|\bik\s+ken\s+het\s+antwoord\s+niet\b",
    r"\bik\s+kan\s+(?:je|u|jou)\s+(?:daar\s+|hier\s+|hiermee\s+|daarmee\s+)?(?:helaas\s+)?"
    r"niet\s+(?:mee\s+|bij\s+)?helpen\b|\bdaar\s+kan\s+ik\s+(?:je|u)\s+(?:helaas\s+)?niet\s+"
    r"(?:mee|bij)\s+helpen\b",
    r"\bik\s+heb\s+(?:daar\s+|hier\s+)?(?:helaas\s+)?geen\s+(?:informatie\s+over|antwoord"
    r"|idee)\b|\bgeen\s+idee\b|\bbuiten\s+mijn\s+(?:kennis|expertise)\b",
    # Other scripts
    "\u308f\u304b\u308a\u307e\u305b\u3093|\u5206\u304b\u308a\u307e\u305b\u3093"
    "|\u304a\u624b\u4f1d\u3044\u3067\u304d\u307e\u305b\u3093|\u6211\u4e0d\u77e5\u9053"
    "|\u65e0\u6cd5\u5e2e\u52a9|\u6211\u5e2e\u4e0d\u4e86|\u0644\u0627 \u0623\u0639\u0631\u0641"
    "|\u043d\u0435 \u0437\u043d\u0430\u044e",
)
_ADMISSION = re.compile("|".join(f"(?:{pattern})" for pattern in _ADMISSIONS))


def says_it_does_not_know(text: str) -> bool:
    """Whether the assistant's answer admits, in its own words, that it does not know or
    cannot help."""
    if not text or not text.strip():
        return False
    folded = fold_text(_BLOCK_QUOTE.sub(" ", text))
    own_words = _QUOTED.sub(" ", folded)
    return _ADMISSION.search(own_words) is not None
