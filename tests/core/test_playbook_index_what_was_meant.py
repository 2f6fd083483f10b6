"""What a manager's words mean, not the words alone: "verloren" of a phone is no death, "kündigen"
said by the manager is no resignation, and "book a call" is a request, never a no-show."""

from __future__ import annotations

import pytest

from tests.core.test_playbook_index import INDEX


def _picked(message: str) -> str | None:
    match = INDEX.best(message)
    return match.playbook.id if match else None


@pytest.mark.parametrize(("message", "expected"), [
    ("Bob will kündigen", "resignation"),
    ("Bob hat gekündigt", "resignation"),
    ("Bob si è licenziato", "resignation"),
    ("Bob vuole licenziarsi", "resignation"),
    ("Bob chce się zwolnić", "resignation"),
    ("Bob wil ontslag nemen", "resignation"),
    ("O Bob vai se demitir", "resignation"),
    ("Bob wants to quit", "resignation"),
    ("Bob keeps being late, can I fire him?", "lateness"),
    ("Bob a volé dans la caisse, je veux le licencier", "misconduct"),
    ("wir müssen Bob kündigen", None),
    ("on doit licencier Bob", None),
    ("tenemos que despedir a Bob", None),
    ("dobbiamo licenziare Bob", None),
    ("we need to let Bob go", None),
    ("musimy Bob zwolnić", None),
    ("Bob zwolnić", None),
    ("I want to fire Bob", None),
    ("we have to dismiss Bob", None),
    ("we moeten Bob ontslaan", None),
    ("temos que demitir o Bob", None),
    ("ich will Bob entlassen", None),
    ("muss ich Bob kündigen?", None),
])
def test_the_manager_ending_employment_is_no_resignation(
    message: str, expected: str | None
) -> None:
    """No playbook covers a dismissal: ERA asks what happened. It was read as the employee
    resigning ("kündigen", "licenziare", "zwolnić"), a leave request ("licencier") or a
    no-show ("let ... go"). The employee leaving stays a resignation, and a dismissal beside
    a situation keeps the situation."""
    assert _picked(message) == expected
    assert INDEX.ends_employment(message) is (expected != "resignation")


@pytest.mark.parametrize(("message", "expected"), [
    ("Luca hat sein Handy verloren", None),
    ("Luca a perdu son téléphone", None),
    ("Luca ha perso il telefono", None),
    ("Luca perdió su móvil", None),
    ("Luca zgubił telefon", None),
    ("Luca lost his phone", None),
    ("Luca heeft zijn telefoon verloren", None),
    ("Luca perdeu o celular", None),
    ("Fatima hat ihre Mutter verloren", "bereavement"),
    ("Bob hat seinen Vater verloren", "bereavement"),
    ("Fatima a perdu sa mère", "bereavement"),
    ("Fatima ha perso la madre", "bereavement"),
    ("Fatima perdió a su madre", "bereavement"),
    ("Fatima straciła matkę", "bereavement"),
    ("Fatima lost her mother last week", "bereavement"),
    ("Fatima perdeu o pai", "bereavement"),
    ("Fatima heeft haar vader verloren", "bereavement"),
])
def test_a_lost_phone_is_no_bereavement(message: str, expected: str | None) -> None:
    """The finding: "Luca hat sein Handy verloren" (lost his phone) was a death in the family,
    "verloren" as in "hat ihre Mutter verloren"; so were "perdu", "perso" and "perdió"."""
    assert _picked(message) == expected


@pytest.mark.parametrize(("message", "expected"), [
    ("book a call with Bob tomorrow", None),
    ("book a call with Bob Smith tomorrow", None),
    ("agenda una llamada con Bob mañana", None),
    ("plan een gesprek met Bob morgen", None),
    ("can you set up a call with Bob, he didn't show up yesterday", "no_show"),
    ("Bob didn't call in yesterday", "no_show"),
    ("Bob no llamó ayer", "no_show"),
])
def test_a_booking_request_is_no_situation(message: str, expected: str | None) -> None:
    """"call" and "llamada" are words of a no-show ("didn't call in"), "gesprek" of
    performance: the request to book one was read as that situation (the guidance the model
    is given, a short note's playbook). A call not made is still a no-show."""
    assert _picked(message) == expected
