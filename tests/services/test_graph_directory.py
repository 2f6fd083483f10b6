"""The directory on Entra ID through Graph, against the local Graph fake: people with their
manager, language and store, roles from app roles or a group, paging, throttling, disabled
accounts, a user without a manager, and how long a read is used."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import aiohttp
import pytest

from core.errors import DirectoryUnavailableError
from core.person import PersonRole
from core.store import Store
from core.turn_deadline import turn_deadline
from services.graph_client import GraphClient
from services.graph_directory import GraphDirectory, RoleSource, StoreSource
from tests.fakes.graph_directory import HR_ROLE, MANAGER_ROLE, FakeDirectory
from tests.fakes.graph_server import FakeGraphServer, FixedTokenSource

APP_ID = "5b0f7a3c-1111-4a6e-9c2d-0a1b2c3d4e5f"
TEAM = "7a1c9e52-2222-4f3b-8d6e-5f4e3d2c1b0a"
MARIA = "00000000-0000-4000-8000-000000000001"
BOB = "00000000-0000-4000-8000-000000000011"
SOPHIE = "00000000-0000-4000-8000-000000000017"
NOBODY = "00000000-0000-4000-8000-000000000999"


class Clock:
    """A monotonic clock the test moves."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Org:
    """The fake Graph with a small organisation, and a way to build directories on it."""

    server: FakeGraphServer
    fake: FakeDirectory
    session: aiohttp.ClientSession
    clock: Clock

    def directory(self, **options: Any) -> GraphDirectory:
        client = GraphClient(session=self.session, token_source=FixedTokenSource(),
                             base_url=self.server.base_url, timeout_seconds=4.0)
        settings: dict[str, Any] = {
            "store_source": StoreSource.OFFICE_LOCATION, "role_source": RoleSource.APP_ROLES,
            "manager_roles": (MANAGER_ROLE, HR_ROLE), "roles_app_id": APP_ID,
            "default_timezone": "Europe/London", "clock": self.clock, **options,
        }
        return GraphDirectory(client=client, **settings)

    def users_requests(self) -> int:
        return len([r for r in self.server.requests if r.path == "/users"])


@pytest.fixture
async def org() -> AsyncIterator[Org]:
    server = FakeGraphServer()
    fake = FakeDirectory(server)
    fake.add_app(APP_ID)
    fake.add_user("Maria Lopez", "maria.lopez@contoso.example", object_id=MARIA,
                  preferred_language="es-ES", job_title="Store Manager",
                  office_location="Contoso Riverside", department="Retail North")
    fake.add_user("Bob Smith", "bob.smith@contoso.example", object_id=BOB,
                  preferred_language="en-GB", job_title="Sales Associate",
                  office_location="Contoso Riverside", department="Retail North",
                  manager=MARIA)
    fake.add_user("Sophie Dubois", "sophie.dubois@contoso.example", object_id=SOPHIE,
                  upn="sdubois@contoso.onmicrosoft.com", preferred_language="fr-FR",
                  office_location="Contoso Hillside", department="Retail South",
                  manager=MARIA)
    fake.assign_role(APP_ID, MARIA, MANAGER_ROLE)
    async with server, aiohttp.ClientSession() as session:
        yield Org(server, fake, session, Clock())


async def test_a_person_comes_with_name_mail_language_manager_store_and_role(org: Org) -> None:
    directory = org.directory()

    bob = await directory.identify(channel_user_id="29:teams-id", aad_object_id=BOB)
    maria = await directory.get(MARIA)

    assert bob is not None and maria is not None
    assert (bob.id, bob.name, bob.email, bob.preferred_language) == (
        BOB, "Bob Smith", "bob.smith@contoso.example", "en-GB")
    assert (bob.role, bob.manager_id, bob.store_id) == (PersonRole.EMPLOYEE, MARIA,
                                                          "contoso-riverside")
    assert bob.job_roles == ("sales associate",), "the job title, with no Shifts team"
    assert maria.role is PersonRole.MANAGER and maria.manager_id is None
    assert await directory.get_store("contoso-riverside") == Store(
        "contoso-riverside", "Contoso Riverside", "Europe/London")
    [users_call] = org.server.requests_to("GET", "/users")
    assert set(users_call.query["$select"].split(",")) >= {
        "id", "displayName", "mail", "userPrincipalName", "preferredLanguage",
        "officeLocation", "accountEnabled"}
    assert users_call.query["$expand"] == "manager($select=id)"


async def test_lookups_by_mail_or_upn_and_lists_by_store_and_role(org: Org) -> None:
    directory = org.directory()

    assert (await directory.find_by_email("SDUBOIS@contoso.onmicrosoft.com")).id == SOPHIE
    assert (await directory.find_by_email("Bob.Smith@Contoso.example")).id == BOB
    assert await directory.find_by_email("nobody@contoso.example") is None
    riverside = await directory.list_people(store_id="contoso-riverside")
    managers = await directory.list_people(role=PersonRole.MANAGER)

    assert [p.name for p in riverside] == ["Bob Smith", "Maria Lopez"]
    assert [p.id for p in managers] == [MARIA]
    assert await directory.identify(channel_user_id="U123SLACK", aad_object_id=None) is None


async def test_every_page_is_read(org: Org) -> None:
    org.fake.page_limit = 2
    for number in range(5):
        org.fake.add_user(f"Worker {number}", f"worker{number}@contoso.example",
                          office_location="Contoso Riverside")

    people = await org.directory().list_people()

    assert len(people) == 8
    assert org.users_requests() == 4, "8 users, 2 a page"
    assert all(r.query.get("$skiptoken") for r in org.server.requests_to("GET", "/users")[1:])


async def test_a_throttled_read_waits_as_graph_asks_and_succeeds(org: Org) -> None:
    org.server.fail(429, path_contains="/users", retry_after="1", times=1)
    directory = org.directory()

    started = asyncio.get_running_loop().time()
    with turn_deadline():
        bob = await directory.get(BOB)

    assert bob is not None and bob.name == "Bob Smith"
    assert asyncio.get_running_loop().time() - started >= 1.0
    assert org.users_requests() == 2


async def test_throttling_longer_than_the_turn_is_an_honest_directory_error(org: Org) -> None:
    org.server.fail(429, path_contains="/users", retry_after="30", times=3)
    directory = org.directory()

    with turn_deadline(2.0), pytest.raises(DirectoryUnavailableError) as raised:
        await directory.identify(channel_user_id="", aad_object_id=BOB)

    assert raised.value.service == "directory"


async def test_graph_unavailable_is_a_directory_error_not_an_unknown_user(org: Org) -> None:
    org.server.fail(503, path_contains="/servicePrincipals", times=5)

    with turn_deadline(3.0), pytest.raises(DirectoryUnavailableError):
        await org.directory().get(BOB)


async def test_a_user_without_a_manager_has_none(org: Org) -> None:
    directory = org.directory()
    await directory.list_people()
    # A new hire after the read: looked up on their own, their manager through /manager.
    org.fake.add_user("Nina New", "nina.new@contoso.example", object_id=NOBODY,
                      office_location="Contoso Riverside")

    nina = await directory.get(NOBODY)

    assert nina is not None and nina.manager_id is None and nina.name == "Nina New"
    manager_calls = org.server.requests_to("GET", f"/users/{NOBODY}/manager")
    assert len(manager_calls) == 1 and manager_calls[0].query == {"$select": "id"}
    assert await directory.get(NOBODY) == nina
    assert len(org.server.requests_to("GET", f"/users/{NOBODY}")) == 2, "remembered"


async def test_a_late_lookup_finds_the_manager_through_manager(org: Org) -> None:
    directory = org.directory()
    await directory.list_people()
    org.fake.add_user("Nina New", "nina.new@contoso.example", object_id=NOBODY, manager=MARIA)

    nina = await directory.get(NOBODY)

    assert nina is not None and nina.manager_id == MARIA


async def test_a_disabled_account_is_nobody_era_serves(org: Org) -> None:
    org.fake.users[BOB]["accountEnabled"] = False
    directory = org.directory()

    assert await directory.identify(channel_user_id="", aad_object_id=BOB) is None
    assert await directory.find_by_email("bob.smith@contoso.example") is None
    assert BOB not in {p.id for p in await directory.list_people()}
    assert org.server.requests_to("GET", "/users")[0].query["$filter"] == (
        "accountEnabled eq true")


async def test_an_unknown_object_id_is_nobody(org: Org) -> None:
    directory = org.directory()

    assert await directory.get(NOBODY) is None
    assert await directory.get("not-a-guid") is None


async def test_the_manager_role_comes_from_a_group_assigned_the_app_role(org: Org) -> None:
    hr = org.fake.add_group("HR team", [SOPHIE])
    org.fake.add_group("All HR", [hr])
    org.fake.assign_role(APP_ID, org.fake.add_group("HR managers", [hr]), HR_ROLE)

    sophie = await org.directory().get(SOPHIE)

    assert sophie is not None and sophie.role is PersonRole.MANAGER


async def test_an_app_role_that_is_not_configured_gives_no_manager_role(org: Org) -> None:
    org.fake.assign_role(APP_ID, BOB, HR_ROLE)

    bob = await org.directory(manager_roles=(MANAGER_ROLE,)).get(BOB)

    assert bob is not None and bob.role is PersonRole.EMPLOYEE


async def test_the_manager_role_from_a_security_groups_transitive_members(org: Org) -> None:
    leads = org.fake.add_group("Shift leads", [BOB])
    group = org.fake.add_group("ERA managers", [leads])

    directory = org.directory(role_source=RoleSource.GROUP, manager_group_id=group,
                              roles_app_id="", manager_roles=())

    assert (await directory.get(BOB)).role is PersonRole.MANAGER
    assert (await directory.get(MARIA)).role is PersonRole.EMPLOYEE, "the app role is unused"
    assert not org.server.requests_to("GET", "/servicePrincipals")


async def test_the_store_from_the_department_with_a_configured_time_zone(org: Org) -> None:
    directory = org.directory(store_source=StoreSource.DEPARTMENT,
                              store_timezones={"Retail South": "Europe/Paris"})

    sophie = await directory.get(SOPHIE)

    assert sophie is not None and sophie.store_id == "retail-south"
    assert await directory.get_store("retail-south") == Store("retail-south", "Retail South",
                                                              "Europe/Paris")
    assert (await directory.get_store("retail-north")).timezone == "Europe/London"


async def test_the_store_from_the_shifts_team_with_its_schedules_time_zone(org: Org) -> None:
    org.fake.add_group("Contoso Riverside crew", [BOB, MARIA], group_id=TEAM)
    schedule = org.server.team(TEAM)
    schedule.add_owner(MARIA)
    schedule.add_group("Cashier", [BOB])
    schedule.add_group("Sales associate", [BOB, SOPHIE])
    org.fake.schedule_time_zones[TEAM] = "America/New_York"
    directory = org.directory(store_source=StoreSource.TEAM, team_id=TEAM,
                              team_store_id="store-riverside", acts_as=MARIA)

    bob, sophie = await directory.get(BOB), await directory.get(SOPHIE)

    assert bob is not None and sophie is not None
    assert bob.store_id == "store-riverside" and sophie.store_id == "", "Sophie is not in it"
    assert bob.job_roles == ("cashier", "sales associate")
    assert await directory.get_store("store-riverside") == Store(
        "store-riverside", "Contoso Riverside crew", "America/New_York")
    assert [p.id for p in await directory.list_people(store_id="store-riverside")] == [
        BOB, MARIA]


async def test_a_read_is_used_for_its_time_then_refreshed(org: Org) -> None:
    directory = org.directory(cache_seconds=300)
    assert (await directory.get(BOB)).preferred_language == "en-GB"
    org.fake.users[BOB]["preferredLanguage"] = "de-DE"

    org.clock.now += 299
    still = await directory.get(BOB)
    org.clock.now += 2  # past its time: answered from the copy while it is read again
    stale = await directory.get(BOB)
    await _until(lambda: org.users_requests() == 2)
    await asyncio.sleep(0.05)
    fresh = await directory.get(BOB)

    assert (still.preferred_language, stale.preferred_language) == ("en-GB", "en-GB")
    assert fresh.preferred_language == "de-DE"
    assert org.users_requests() == 2


async def test_a_copy_older_than_twice_its_time_is_never_used(org: Org) -> None:
    directory = org.directory(cache_seconds=60)
    await directory.get(BOB)
    org.fake.users[BOB]["accountEnabled"] = False
    org.clock.now += 121

    assert await directory.get(BOB) is None
    assert org.users_requests() == 2


async def test_concurrent_turns_share_one_read(org: Org) -> None:
    directory = org.directory()

    people = await asyncio.gather(*(directory.get(BOB) for _ in range(10)))

    assert all(p is not None and p.id == BOB for p in people)
    assert org.users_requests() == 1


async def test_a_directory_larger_than_allowed_is_refused_not_cut(org: Org) -> None:
    with pytest.raises(DirectoryUnavailableError, match="more than"):
        await org.directory(max_people=2).list_people()


async def _until(condition: Callable[[], bool]) -> None:
    deadline = datetime.now(UTC) + timedelta(seconds=5)
    while not condition():
        assert datetime.now(UTC) < deadline, "timed out"
        await asyncio.sleep(0.01)


async def test_a_name_kept_in_kanji_beside_a_romaji_display_name_comes_along(org: Org) -> None:
    yuki = org.fake.add_user("Yuki Tanaka", "yuki.tanaka@contoso.example",
                             office_location="Contoso Riverside", manager=MARIA)
    org.fake.users[yuki].update({"surname": "田中", "givenName": "由紀"})
    directory = org.directory()

    person = await directory.get(yuki)
    bob = await directory.get(BOB)

    assert person is not None and person.other_names == ("田中 由紀",)
    assert bob is not None and bob.other_names == (), "the same name twice is no other name"
