"""A written warning after advice about leaving before the end of shifts says that, in the
employee's language: never the late arrivals from the time cards (which record arrivals only),
which the manager did not speak of. A manager who speaks of both gets the late arrivals too."""

from __future__ import annotations

from dataclasses import replace
from zoneinfo import ZoneInfo

import pytest

from core.email_draft import EmailPurpose, unfilled_placeholders
from core.situation_facts import Fact, SituationFacts
from services.demo_shift_backend import DemoShiftBackend
from services.email_drafter import EmailDrafter
from services.org_database import OrgDatabase
from services.sqlite_directory import SqliteDirectory
from services.stored_audit_log import StoredAuditLog
from state.sqlite_storage import SqliteStorage
from tests.conftest import FIXED_NOW

LONDON = ZoneInfo("Europe/London")

# (Bob's language, what Maria said, the sentence the letter says, its late arrivals' words)
LEAVING_EARLY = [
    ("en-GB", ("Bob keeps leaving his shift early", "4 times this month"),
     "You have left before the end of your shift 4 times this month", "arrived late"),
    ("fr-FR", ("Bob part souvent avant la fin de son service", "4 fois ce mois-ci"),
     "Vous êtes parti(e) avant la fin de votre service à 4 reprises", "en retard"),
    ("de-DE", ("Bob geht ständig früher", "4 Mal diesen Monat"),
     "Sie sind in diesem Monat 4 Mal vor dem Ende Ihrer Schicht gegangen", "zu spät"),
    ("es-ES", ("Bob se va antes de que termine su turno", "4 veces este mes"),
     "Se ha ido antes del final de su turno 4 veces", "tarde"),
    ("it-IT", ("Bob se ne va prima della fine del turno", "4 volte questo mese"),
     "Ha lasciato il lavoro prima della fine del turno 4 volte", "ritardo"),
    ("nl-NL", ("Bob gaat steeds eerder weg", "4 keer deze maand"),
     "keer voor het einde van uw dienst vertrokken", "te laat"),
    ("pl-PL", ("Bob ciągle wychodzi wcześniej", "4 razy w tym miesiącu"),
     "Wyjścia przed końcem zmiany zdarzyły się", "Spóźnienia"),
    ("pt-PT", ("O Bob sai sempre mais cedo", "4 vezes este mês"),
     "Saiu antes do fim do seu turno 4 vezes", "tarde"),
    ("pt-BR", ("O Bob sai sempre mais cedo", "4 vezes este mês"),
     "Você saiu antes do fim do seu turno 4 vezes", "atraso"),
    ("ja-JP", ("ボブがよく早退します", "今月4回です"),
     "シフト終了前に4回退勤されています", "遅れて出勤"),
    ("zh-CN", ("Bob 总是提前下班", "这个月4次"), "在班次结束前离开4次", "迟到"),
]


@pytest.fixture
async def drafter(org_db: OrgDatabase, sqlite_storage: SqliteStorage) -> EmailDrafter:
    return EmailDrafter(llm=None,
                        shifts=DemoShiftBackend(org_db, StoredAuditLog(sqlite_storage)))


async def _warning(drafter: EmailDrafter, org_db: OrgDatabase, language: str,
                   *said: str) -> str:
    facts = SituationFacts(topic="lateness")
    for message in (*said, "yes"):
        facts = facts.with_message(message, asked=(Fact.SPOKEN_TO,))
    directory = SqliteDirectory(org_db)
    bob = await directory.get("bob-smith")
    maria = await directory.get("maria")
    assert bob is not None and maria is not None
    prepared = await drafter.prepare(
        EmailPurpose.WRITTEN_WARNING, employee=replace(bob, preferred_language=language),
        manager=maria, store_name="Contoso Market Riverside", tz=LONDON, facts=facts,
        now=FIXED_NOW)
    subject, body = drafter.from_template(EmailPurpose.WRITTEN_WARNING, prepared.facts)
    return f"{subject}\n{body}"


@pytest.mark.parametrize(("language", "said", "sentence", "late"), LEAVING_EARLY,
                         ids=[case[0] for case in LEAVING_EARLY])
async def test_a_warning_about_leaving_early_says_so_and_lists_no_late_arrival(
    drafter: EmailDrafter, org_db: OrgDatabase, language: str, said: tuple[str, ...],
    sentence: str, late: str,
) -> None:
    """The finding: Bob's warning after "Bob keeps leaving his shift early" listed the days he
    arrived late from the time cards ("Our time records show that you arrived late ...")."""
    letter = await _warning(drafter, org_db, language, *said)
    assert sentence in letter, letter
    assert late not in letter, letter
    assert unfilled_placeholders(letter)  # the dates are the manager's to fill in


async def test_late_and_leaving_early_keeps_the_late_arrivals(
    drafter: EmailDrafter, org_db: OrgDatabase
) -> None:
    letter = await _warning(drafter, org_db, "en-GB",
                            "Bob Smith keeps coming in late and leaving early this week")
    assert "Our time records show that you arrived late" in letter
