"""A worker asking for someone to cover or take their own shift, as workers type it in the ten
languages: "can someone cover my shift on friday?", "kann jemand meine Schicht am Freitag
übernehmen?", "有人能替我周五的班吗". Each was "Sorry, I'm not sure what you'd like me to do", a
listing of the worker's shifts, or a refusal; it is now a request about one's shift, with its
day, that fills the `cover` slot (the flow asks the worker's manager for them). A manager's
request about another person's shift stays what it was."""

from __future__ import annotations

import pytest

from core.intent import Intent
from language.understanding import understand

CASES: list[tuple[str, str, str]] = [
    ("en-US", "can someone cover my shift on friday?", "friday"),
    ("en-US", "could anyone take my saturday shift?", "saturday"),
    ("en-US", "can alice take my monday shift?", "monday"),
    ("en-US", "can somebody cover for me on friday", "friday"),
    ("en-US", "I need someone to cover my shift tomorrow", "tomorrow"),
    ("en-US", "can I give my monday shift to alice?", "monday"),
    ("en-US", "give my monday shift to alice", "monday"),
    ("fr-FR", "quelqu'un peut me remplacer vendredi ?", "vendredi"),
    ("fr-FR", "est-ce qu'Alice peut prendre mon service de lundi ?", "lundi"),
    ("fr-FR", "quelqu'un pourrait prendre mon poste de samedi ?", "samedi"),
    ("fr-FR", "je cherche quelqu'un pour me remplacer samedi", "samedi"),
    ("de-DE", "kann jemand meine Schicht am Freitag übernehmen?", "Freitag"),
    ("de-DE", "kann Alice meine Schicht am Montag übernehmen?", "Montag"),
    ("de-DE", "kann mich jemand am Freitag vertreten?", "Freitag"),
    ("de-DE", "ich suche eine Vertretung für meine Schicht am Samstag", "Samstag"),
    ("es-ES", "alguien puede cubrir mi turno del viernes?", "viernes"),
    ("es-ES", "¿alguien me puede cubrir el viernes?", "viernes"),
    ("es-ES", "¿puede Alice hacer mi turno del lunes?", "lunes"),
    ("it-IT", "qualcuno può coprire il mio turno di venerdì?", "venerdì"),
    ("it-IT", "qualcuno mi può sostituire venerdì?", "venerdì"),
    ("nl-NL", "kan iemand mijn dienst van vrijdag overnemen?", "vrijdag"),
    ("nl-NL", "kan iemand vrijdag voor mij invallen?", "vrijdag"),
    ("pl-PL", "czy ktoś może mnie zastąpić w piątek?", "piątek"),
    ("pl-PL", "czy ktoś może wziąć moją zmianę w piątek?", "piątek"),
    ("pt-BR", "alguém pode cobrir meu turno de sexta?", "sexta"),
    ("pt-BR", "alguém pode me substituir na sexta?", "sexta"),
    ("ja-JP", "金曜日のシフトを誰かに代わってもらえますか", "金曜日"),
    ("ja-JP", "金曜日のシフト代わってくれる人いますか", "金曜日"),
    ("zh-CN", "有人能替我周五的班吗", "周五"),
    ("zh-CN", "周五谁能帮我代班", "周五"),
    # Giving one's shift to a colleague, said as an order, after a claim to be someone else
    # (the claim changes nothing: the person's role does), or with the colleague first.
    ("en-US", "give Alice my shift on Monday", "Monday"),
    ("en-US", "I am Maria Lopez, the manager. give Alice my shift on Monday", "Monday"),
    ("en-US", "I'm the manager. give my shift on monday to alice", "monday"),
    ("en-US", "let alice take my shift on monday", "monday"),
    ("en-US", "alice can have my shift on monday", "monday"),
    ("fr-FR", "donne mon service de lundi à Alice", "lundi"),
    ("fr-FR", "donne à Alice mon poste de lundi", "lundi"),
    ("fr-FR", "Je suis Maria Lopez, la responsable. donne mon service de lundi à Alice", "lundi"),
    ("fr-FR", "je voudrais donner mon service de lundi à Alice", "lundi"),
    ("fr-FR", "Alice peut avoir mon poste de lundi", "lundi"),
    ("de-DE", "gib Alice meine Schicht am Montag", "Montag"),
    ("de-DE", "gib meine Schicht am Montag an Alice", "Montag"),
    ("de-DE", "Ich bin Maria Lopez, die Managerin. Gib Alice meine Schicht am Montag", "Montag"),
    ("de-DE", "Alice kann meine Schicht am Montag übernehmen", "Montag"),
    ("de-DE", "ich möchte meine Schicht am Montag an Alice abgeben", "Montag"),
    ("es-ES", "dale a Alice mi turno del lunes", "lunes"),
    ("es-ES", "dale mi turno del lunes a Alice", "lunes"),
    ("es-ES", "Soy Maria Lopez, la gerente. Dale a Alice mi turno del lunes", "lunes"),
    ("es-ES", "quiero darle mi turno del lunes a Alice", "lunes"),
    ("es-ES", "pásale mi turno del lunes a Alice", "lunes"),
]


@pytest.mark.parametrize(("locale", "text", "day"), CASES)
def test_a_worker_asking_for_cover_of_their_shift(locale: str, text: str, day: str) -> None:
    understood = understand(text, locale=locale)
    assert understood.intent is Intent.SHIFT_SWAP
    assert "cover" in understood.slots
    assert day in understood.slots["day"]


@pytest.mark.parametrize(("locale", "text", "intent"), [
    ("en-US", "can someone cover Bob's shift on friday?", Intent.WHO_IS_FREE),
    ("en-US", "who can cover friday?", Intent.WHO_IS_FREE),
    ("en-US", "give bob's friday shift to alice", Intent.SHIFT_REASSIGN),
    ("en-US", "alice will cover for bob on friday", Intent.SHIFT_REASSIGN),
    ("fr-FR", "qui peut remplacer Bob vendredi ?", Intent.WHO_IS_FREE),
    ("en-US", "swap alice and bob on friday", Intent.SHIFT_SWAP),
    ("es-ES", "¿puede Alice cubrir el turno de Bob mañana?", Intent.SHIFT_REASSIGN),
    ("de-DE", "wer kann morgen für Bob einspringen?", Intent.WHO_IS_FREE),
    ("pt-BR", "alguém pode cobrir o turno do Bob na sexta?", Intent.SHIFT_REASSIGN),
    ("it-IT", "qualcuno può coprire il turno di Bob venerdì?", Intent.SHIFT_REASSIGN),
    ("pl-PL", "czy ktoś może wziąć zmianę Boba w piątek?", Intent.SHIFT_REASSIGN),
    ("en-US", "give alice bob's shift on monday", Intent.SHIFT_REASSIGN),
    ("en-US", "give me my shifts", Intent.MY_SHIFTS),
])
def test_a_request_about_another_persons_shift_is_not_a_worker_asking_for_cover(
    locale: str, text: str, intent: Intent
) -> None:
    understood = understand(text, locale=locale)
    assert understood.intent is intent
    assert "cover" not in understood.slots
