"""Who a message says reported what it tells: the reporter, not the one it is about."""

import pytest

from core.person import Person, PersonRole
from language.situation_words import reported_by

CHEN = Person(id="chen", name="Chen Wei", email="chen@example.com", role=PersonRole.EMPLOYEE,
              store_id="riverside")
SOPHIE = Person(id="sophie", name="Sophie Dubois", email="sophie@example.com",
                role=PersonRole.EMPLOYEE, store_id="riverside")


@pytest.mark.parametrize("text", [
    "chen says sophie shouts at him",
    "Chen Wei told me Sophie insults him in front of customers",
    "chen dice que sophie le grita y le insulta",
    "chen se plaint que sophie l'insulte devant les clients",
    "Chen sagt, dass Sophie ihn anschreit",
    "chen dice che sophie lo insulta davanti ai clienti",
    "o chen diz que a sophie grita com ele",
    "chen zegt dat sophie tegen hem schreeuwt",
    "chen mówi, że sophie na niego krzyczy",
    "陈伟说苏菲对他大喊大叫",
])
def test_the_one_who_told_of_it_reported_it(text: str) -> None:
    assert reported_by(text, CHEN)
    assert not reported_by(text, SOPHIE)


@pytest.mark.parametrize("text", [
    "sophie shouts at chen in front of customers",
    "chen and sophie keep arguing",
    "sophie insulte chen devant les clients",
])
def test_nobody_reported_what_the_manager_saw(text: str) -> None:
    assert not reported_by(text, CHEN)
    assert not reported_by(text, SOPHIE)
