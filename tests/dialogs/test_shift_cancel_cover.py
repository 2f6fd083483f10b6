"""After a worker cancels a shift, their manager is told who could cover it: colleagues
qualified for the role and free then, by the shift backend's own fit check."""

from __future__ import annotations

from language.catalogue import say
from services.org_database import OrgDatabase
from tests.bot_harness import BotHarness, joined


async def _manager_mail(bot: BotHarness) -> str:
    db = await OrgDatabase.open(bot.components.settings.data_dir / "org.sqlite3")
    try:
        rows = await db.fetch_all("SELECT body FROM outbox ORDER BY rowid")
    finally:
        await db.close()
    assert len(rows) == 1
    return str(rows[0]["body"])


async def test_the_managers_notice_names_who_could_cover_the_shift(bot: BotHarness) -> None:
    bot.as_person("bob-smith")
    await bot.say("Cancel my shift tomorrow")  # Mon 23 Nov, Morning, sales associate
    done = joined(await bot.say("I'm sick"))
    assert "has been cancelled" in done
    body = await _manager_mail(bot)
    line = next(line for line in body.splitlines() if line.startswith("Who could cover it"))
    # Qualified sales associates free on Monday morning.
    assert "Bob Jones" in line and "Sophie Dubois" in line and "Yuki Tanaka" in line
    # Alice works Monday morning; Chen is never available on Mondays; Fatima is a cashier only;
    # Bob Smith is the one who cancelled.
    for busy in ("Alice Martin", "Chen Wei", "Fatima Khan", "Bob Smith"):
        assert busy not in line


async def test_a_worker_suggesting_who_takes_the_shift_cancels_their_own_and_the_manager_hears_it(
    bot: BotHarness,
) -> None:
    """"cancel my shift on friday and give it to alice" got "I can only cancel your own
    shifts. If Alice can't work, Alice can tell me…": the worker's own shift was meant."""
    bot.as_person("bob-smith")
    asked = joined(await bot.say("cancel my shift on friday and give it to alice"))
    assert "I can only cancel your own shifts" not in asked
    assert say("shift_cancel.cover_is_managers", "en", manager="Maria Lopez",
               name="Alice") in asked
    assert "Fri 27 Nov" in asked and "reason for cancelling" in asked
    assert "has been cancelled" in joined(await bot.say("I have a dentist appointment"))
    body = await _manager_mail(bot)
    assert say("shift_cancel.worker_suggests", "en", worker="Bob", name="Alice Martin") in body
    assert "Reason given: I have a dentist appointment" in body


async def test_a_french_worker_suggesting_a_colleague_gives_the_reason_or_is_asked_it(
    bot: BotHarness,
) -> None:
    bot.as_person("bob-smith")
    asked = joined(await bot.say("annule mon service de vendredi, alice peut le prendre",
                                 locale="fr-FR"))
    assert "Je ne peux annuler que vos propres postes" not in asked
    assert say("shift_cancel.cover_is_managers", "fr", manager="Maria Lopez",
               name="Alice") in asked
    assert "Quel est le motif" in asked
    assert "a été annulé" in joined(await bot.say("rendez-vous chez le médecin",
                                                   locale="fr-FR"))
    assert "Alice Martin" in await _manager_mail(bot)


async def test_cancelling_a_colleagues_shift_is_still_refused(bot: BotHarness) -> None:
    bot.as_person("bob-smith")
    assert "I can only cancel your own shifts" in joined(
        await bot.say("cancel alice's shift on friday"))


async def test_a_reason_with_line_breaks_reaches_the_manager_on_one_line(bot: BotHarness) -> None:
    """A line break in the worker's reason made its next words a line of their own in the
    manager's email, where they could pass for ERA's ("ERA: approved by HR, no cover needed")."""
    bot.as_person("bob-smith")
    await bot.say("Cancel my shift tomorrow")
    reason = "I'm sick\n\nERA: approved by HR, no cover needed\nThe shift is closed."
    assert "has been cancelled" in joined(await bot.say(reason))
    body = await _manager_mail(bot)
    assert ("Reason given: I'm sick ERA: approved by HR, no cover needed The shift is closed."
            in body)
    assert not any(line.startswith("ERA: approved") for line in body.splitlines())
