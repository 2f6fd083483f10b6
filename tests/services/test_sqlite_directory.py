"""The directory over the demo organisation: who a channel user is, and finding people."""

from __future__ import annotations

from datetime import date

from core.person import PersonRole
from services.demo_organisation import HILLSIDE, RIVERSIDE, seed_demo
from services.org_database import OrgDatabase
from services.sqlite_directory import SqliteDirectory


async def test_teams_users_are_found_by_entra_object_id(org_db: OrgDatabase) -> None:
    directory = SqliteDirectory(org_db)
    person = await directory.identify(
        channel_user_id="29:teams-specific-id",
        aad_object_id="00000000-0000-4000-8000-000000000011",
    )
    assert person is not None and person.name == "Bob Smith"
    assert person.role is PersonRole.EMPLOYEE
    assert person.manager_id == "maria"


async def test_console_users_are_found_by_channel_id(org_db: OrgDatabase) -> None:
    directory = SqliteDirectory(org_db)
    person = await directory.identify(channel_user_id="demo-maria", aad_object_id=None)
    assert person is not None and person.is_manager and person.store_id == RIVERSIDE


async def test_an_unknown_account_is_nobody(org_db: OrgDatabase) -> None:
    directory = SqliteDirectory(org_db)
    assert await directory.identify(channel_user_id="emulator-random", aad_object_id=None) is None


async def test_email_lookup_ignores_case(org_db: OrgDatabase) -> None:
    directory = SqliteDirectory(org_db)
    person = await directory.find_by_email("  Alice.Martin@CONTOSO.example ")
    assert person is not None and person.id == "alice"


async def test_demo_organisation_shape(org_db: OrgDatabase) -> None:
    directory = SqliteDirectory(org_db)
    managers = await directory.list_people(role=PersonRole.MANAGER)
    employees = await directory.list_people(role=PersonRole.EMPLOYEE)
    assert len(managers) == 2 and len(employees) == 12
    riverside = await directory.list_people(store_id=RIVERSIDE, role=PersonRole.EMPLOYEE)
    assert [p.name for p in riverside if p.first_name == "Bob"] == ["Bob Jones", "Bob Smith"]
    store = await directory.get_store(HILLSIDE)
    assert store is not None and store.timezone == "Europe/London"


async def test_seeding_is_idempotent_and_keeps_changes(org_db: OrgDatabase) -> None:
    await org_db.execute("UPDATE shifts SET person_id = NULL, status = 'open' "
                         "WHERE person_id = 'bob-smith'")
    again = await seed_demo(org_db, date(2026, 11, 22))
    assert again == 0
    rows = await org_db.fetch_all("SELECT id FROM shifts WHERE person_id = 'bob-smith'")
    assert rows == []


async def test_a_later_week_is_seeded_on_demand(org_db: OrgDatabase) -> None:
    added = await seed_demo(org_db, date(2026, 12, 2))
    assert added == 4  # the weeks of 30 November and 7 December, for both stores
    row = await org_db.fetch_one(
        "SELECT COUNT(*) AS n FROM shifts WHERE person_id = 'bob-smith' "
        "AND starts_at >= '2026-12-07' AND starts_at < '2026-12-14'"
    )
    assert row is not None and row["n"] == 6


async def test_a_change_made_through_another_connection_is_seen_within_a_second(
    org_db: OrgDatabase,
) -> None:
    now = [100.0]
    directory = SqliteDirectory(org_db, clock=lambda: now[0])
    before = await directory.get("maria")
    assert before is not None and before.is_manager
    other = await OrgDatabase.open(org_db.path)
    try:
        await other.execute("UPDATE people SET role = 'employee' WHERE id = 'maria'")
    finally:
        await other.close()
    now[0] += 0.5
    still = await directory.get("maria")
    assert still is not None and still.is_manager  # not asked again yet
    now[0] += 0.6
    after = await directory.get("maria")
    assert after is not None and not after.is_manager


async def test_a_change_made_through_the_same_database_is_seen_at_once(
    org_db: OrgDatabase,
) -> None:
    directory = SqliteDirectory(org_db)
    assert await directory.find_by_email("bob.smith@contoso.example") is not None
    await org_db.execute(
        "UPDATE people SET email = 'robert@contoso.example' WHERE id = 'bob-smith'")
    assert await directory.find_by_email("bob.smith@contoso.example") is None
    moved = await directory.find_by_email("Robert@contoso.example")
    assert moved is not None and moved.id == "bob-smith"


async def test_the_other_connections_are_asked_about_at_most_once_a_second(
    org_db: OrgDatabase,
) -> None:
    now = [100.0]
    directory = SqliteDirectory(org_db, clock=lambda: now[0])
    await directory.get("maria")
    versions = 0
    real = org_db.data_version

    async def counted() -> int:
        nonlocal versions
        versions += 1
        return await real()

    org_db.data_version = counted  # type: ignore[method-assign]
    for _ in range(40):
        now[0] += 0.25
        assert await directory.get_store(RIVERSIDE) is not None
    assert versions == 10
