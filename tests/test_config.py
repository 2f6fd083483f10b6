"""Settings: defaults, validation messages that name the variable, and the local-mode safety."""

from __future__ import annotations

import pytest

from config import ENV_VARS, Environment, Settings, StorageKind
from core.errors import ConfigError


def test_defaults_run_offline_on_loopback_with_sqlite() -> None:
    settings = Settings.from_env({})
    assert settings.host == "127.0.0.1"
    assert settings.port == 3978
    assert settings.storage is StorageKind.SQLITE
    assert settings.llm_mode == "offline"
    assert settings.use_context_aware is True
    assert not settings.auth_enabled
    assert settings.environment is Environment.DEVELOPMENT


@pytest.mark.parametrize(
    ("env", "named", "accepts"),
    [
        ({"PORT": "http"}, "PORT", "1-65535"),
        ({"PORT": "70000"}, "PORT", "1-65535"),
        ({"ERA_STORAGE": "redis"}, "ERA_STORAGE", "sqlite, cosmos or memory"),
        ({"USE_CONTEXT_AWARE": "maybe"}, "USE_CONTEXT_AWARE", "true or false"),
        ({"ERA_TIMEZONE": "Mars/Olympus"}, "ERA_TIMEZONE", "IANA"),
        ({"OPENAI_TIMEOUT_SECONDS": "60"}, "OPENAI_TIMEOUT_SECONDS", "1-12"),
        ({"ERA_ENV": "staging"}, "ERA_ENV", "development or production"),
        ({"ERA_EVENT_LOOP": "trio"}, "ERA_EVENT_LOOP", "uvloop or asyncio"),
        ({"OPENAI_BASE_URL": "localhost:8000"}, "OPENAI_BASE_URL", "http"),
    ],
)
def test_a_bad_value_names_the_variable_and_what_it_accepts(
    env: dict[str, str], named: str, accepts: str
) -> None:
    with pytest.raises(ConfigError) as raised:
        Settings.from_env(env)
    assert named in str(raised.value)
    assert accepts in str(raised.value)


def test_a_bad_secret_is_not_echoed() -> None:
    with pytest.raises(ConfigError) as raised:
        Settings.from_env({"ERA_ENV": "production"})
    assert "MicrosoftAppId" in str(raised.value)


def test_without_app_id_only_loopback_is_allowed() -> None:
    with pytest.raises(ConfigError, match="loopback"):
        Settings.from_env({"HOST": "0.0.0.0"})
    assert Settings.from_env({"HOST": "::1"}).host == "::1"
    assert Settings.from_env({"HOST": "localhost"}).host == "localhost"


def test_with_app_id_any_address_is_allowed() -> None:
    settings = Settings.from_env(
        {"HOST": "0.0.0.0", "MicrosoftAppId": "a", "MicrosoftAppPassword": "b"}
    )
    assert settings.auth_enabled


def test_production_refuses_to_start_without_an_app_id() -> None:
    with pytest.raises(ConfigError, match="production"):
        Settings.from_env({"ERA_ENV": "production"})


def test_single_tenant_needs_a_tenant() -> None:
    with pytest.raises(ConfigError, match="MicrosoftAppTenantId"):
        Settings.from_env({"MicrosoftAppId": "a", "MicrosoftAppPassword": "b",
                           "MicrosoftAppType": "SingleTenant"})


def test_cosmos_needs_endpoint_and_key() -> None:
    with pytest.raises(ConfigError, match="COSMOS_ENDPOINT"):
        Settings.from_env({"ERA_STORAGE": "cosmos"})


def test_llm_mode_follows_the_settings() -> None:
    assert Settings.from_env({"OPENAI_API_KEY": "k"}).llm_mode == "openai"
    assert Settings.from_env({"OPENAI_BASE_URL": "http://127.0.0.1:9/v1"}).llm_mode == "openai"
    azure = Settings.from_env({"AZURE_OPENAI_ENDPOINT": "https://x.openai.azure.com",
                               "AZURE_OPENAI_API_KEY": "k", "AZURE_OPENAI_DEPLOYMENT": "d"})
    assert azure.llm_mode == "azure-openai"


def test_redacted_hides_secrets() -> None:
    settings = Settings.from_env({"OPENAI_API_KEY": "sk-secret", "COSMOS_KEY": "ck"})
    shown = settings.redacted()
    assert shown["openai_api_key"] == "***"
    assert "sk-secret" not in repr(shown)


def test_every_settings_field_has_exactly_one_variable() -> None:
    fields = [var.field for var in ENV_VARS]
    assert len(fields) == len(set(fields))
    assert set(fields) == set(Settings.__dataclass_fields__)


def test_graph_shifts_need_a_team_owner_to_act_as() -> None:
    graph = {"ERA_SHIFTS_BACKEND": "graph", "GRAPH_TENANT_ID": "t", "GRAPH_CLIENT_ID": "c",
             "GRAPH_CLIENT_SECRET": "s", "GRAPH_TEAM_ID": "team", "GRAPH_STORE_ID": "store"}
    with pytest.raises(ConfigError, match="ERA_GRAPH_SHIFTS_OWNER_ID"):
        Settings.from_env(graph)
    with pytest.raises(ConfigError, match="ERA_GRAPH_SHIFTS_OWNER_ID"):
        Settings.from_env({**graph, "ERA_GRAPH_SHIFTS_OWNER_ID": "maria@contoso.example"})
    with pytest.raises(ConfigError, match="ERA_GRAPH_SHIFTS_CANCEL_MODE"):
        Settings.from_env({**graph, "ERA_GRAPH_SHIFTS_OWNER_ID": OWNER_ID,
                           "ERA_GRAPH_SHIFTS_CANCEL_MODE": "sometimes"})
    settings = Settings.from_env({**graph, "ERA_GRAPH_SHIFTS_OWNER_ID": OWNER_ID.upper()})
    assert (settings.graph_shifts_owner_id, settings.graph_shifts_cancel_mode) == (
        OWNER_ID, "direct")


OWNER_ID = "0000aaaa-1111-4222-8333-444455556666"


DIRECTORY = {"ERA_DIRECTORY_BACKEND": "graph", "GRAPH_TENANT_ID": "t", "GRAPH_CLIENT_ID": "c",
             "GRAPH_CLIENT_SECRET": "s"}
GROUP_ID = "6f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9"


def test_the_entra_directory_needs_its_graph_app_and_says_which_setting_is_missing() -> None:
    with pytest.raises(ConfigError, match="GRAPH_TENANT_ID"):
        Settings.from_env({"ERA_DIRECTORY_BACKEND": "graph"})
    with pytest.raises(ConfigError, match="ERA_DIRECTORY_MANAGER_GROUP_ID"):
        Settings.from_env(DIRECTORY | {"ERA_DIRECTORY_ROLE_SOURCE": "group"})
    with pytest.raises(ConfigError, match="GRAPH_TEAM_ID"):
        Settings.from_env(DIRECTORY | {"ERA_DIRECTORY_STORE_ATTRIBUTE": "team"})


@pytest.mark.parametrize(("name", "value"), [
    ("ERA_DIRECTORY_STORE_ATTRIBUTE", "city"),
    ("ERA_DIRECTORY_STORE_TIMEZONES", "Riverside=Mars/Olympus"),
    ("ERA_DIRECTORY_STORE_TIMEZONES", "Riverside"),
    ("ERA_DIRECTORY_MANAGER_GROUP_ID", "HR managers"),
    ("ERA_DIRECTORY_MANAGER_ROLES", "Store Manager"),
    ("ERA_DIRECTORY_CACHE_SECONDS", "5"),
    ("ERA_DIRECTORY_MAX_PEOPLE", "0"),
])
def test_a_bad_directory_setting_is_refused_by_name(name: str, value: str) -> None:
    with pytest.raises(ConfigError, match=name):
        Settings.from_env(DIRECTORY | {name: value})


def test_the_entra_directory_roles_come_from_the_bots_app_by_default() -> None:
    settings = Settings.from_env(DIRECTORY | {
        "ERA_DIRECTORY_STORE_TIMEZONES": "Riverside=Europe/London; Harbour Point=Europe/Paris",
    })
    assert settings.uses_graph and settings.uses_graph_directory
    assert settings.roles_app_id == "c"
    assert settings.directory_store_timezones == (("Riverside", "Europe/London"),
                                                  ("Harbour Point", "Europe/Paris"))
    group = Settings.from_env(DIRECTORY | {"ERA_DIRECTORY_ROLE_SOURCE": "group",
                                           "ERA_DIRECTORY_MANAGER_GROUP_ID": GROUP_ID.upper()})
    assert group.directory_manager_group_id == GROUP_ID
