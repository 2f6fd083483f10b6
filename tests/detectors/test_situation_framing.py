"""Policy questions versus active situations, from the manager's messages and ERA's wording."""

from __future__ import annotations

import pytest

from detectors.situation_framing import Framing, frame_conversation, is_active_situation
from tests.detectors.histories import era, user


@pytest.mark.parametrize(
    ("messages", "framing"),
    [
        (["My employee didn't show up for 3 days"], Framing.ACTIVE),
        (["What should I do if an employee doesn't show up?"], Framing.HYPOTHETICAL),
        (
            ["Quick question about policy", "In general, what should I do if someone is late?"],
            Framing.HYPOTHETICAL,
        ),
        (
            [
                "What should I do if an employee doesn't show up?",
                "Yes — Tom has missed his last three shifts",
            ],
            Framing.ACTIVE,
        ),
        (
            ["My employee didn't show up for 3 days", "Not yet. What does our policy say?"],
            Framing.ACTIVE,
        ),
        (["Une de mes employées arrive en retard depuis deux semaines"], Framing.ACTIVE),
        (["En général, que dois-je faire si un salarié arrive en retard ?"], Framing.HYPOTHETICAL),
        (["Un empleado no vino a trabajar tres días"], Framing.ACTIVE),
        (["Pregunta general: ¿qué debo hacer si un empleado falta?"], Framing.HYPOTHETICAL),
        (["Eine meiner Kassiererinnen kommt seit Wochen zu spät"], Framing.ACTIVE),
        (["Allgemeine Frage zur Richtlinie"], Framing.HYPOTHETICAL),
        (["Una mia dipendente arriva in ritardo da due settimane"], Framing.ACTIVE),
        (["Domanda generale: cosa devo fare se un dipendente è in ritardo?"], Framing.HYPOTHETICAL),
        (["meu funcionário chega atrasado todo dia"], Framing.ACTIVE),
        (["Em geral, o que devo fazer se um colaborador chegar atrasado?"], Framing.HYPOTHETICAL),
        (["O que devo fazer se alguém faltar a um turno?"], Framing.HYPOTHETICAL),
        (["Ogólnie mówiąc, co zrobić, gdy pracownik się spóźnia?"], Framing.HYPOTHETICAL),
        (["Co mam zrobić, jeśli ktoś nie przyjdzie na zmianę?"], Framing.HYPOTHETICAL),
        (["mój pracownik ciągle się spóźnia", "dzwoniłam dwa razy"], Framing.ACTIVE),
        (["mijn medewerker komt steeds te laat", "deze week 4 keer"], Framing.ACTIVE),
        (["部下が毎日遅刻します"], Framing.ACTIVE),
        (["我的员工经常迟到", "这周迟到了4次"], Framing.ACTIVE),
        (["员工迟到一般应该怎么处理？"], Framing.HYPOTHETICAL),
        (["一般来说，员工旷工几天可以给书面警告？"], Framing.HYPOTHETICAL),
        (["Attendance"], Framing.UNKNOWN),
    ],
)
def test_frame_conversation(messages: list[str], framing: Framing) -> None:
    history = []
    for message in messages:
        history += [user(message), era("Could you tell me more?")]
    assert frame_conversation(history) is framing


def test_unknown_framing_defers_to_the_wording_of_the_reply() -> None:
    history = [user("Attendance"), era("What about it?"), user("Lateness")]
    assert is_active_situation(history, "schedule a call with them today.")
    assert not is_active_situation(history, "typically you'd schedule a call with them.")
    assert not is_active_situation(history, "em geral, marca-se uma conversa em privado.")
    assert not is_active_situation(history, "co do zasady umawia się rozmowę na osobności.")
