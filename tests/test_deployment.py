"""The Azure template deploys ERA as config.py reads it, and the Teams app package is valid.

The template is ARM JSON checked offline by tools.check_arm_template (no Azure, no Bicep CLI):
its app settings are evaluated for real parameter values and fed to config.Settings, its startup
command is run with gunicorn on loopback, and the checker itself is shown to catch broken
templates. The Teams package is built by tools.build_app_package into a temporary folder.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import json
import os
import re
import signal
import struct
import sys
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from app import create_app
from config import ENV_VARS, VERSION, MicrosoftAppType, Settings, StorageKind
from core.intent import Intent
from language.intent_rules import classify_intent
from tools.app_icons import (
    PNG_SIGNATURE,
    PngImage,
    decode_png,
    draw_color_icon,
    draw_outline_icon,
    encode_png,
    png_size,
)
from tools.build_app_package import (
    APP_PACKAGE_DIR,
    MANIFEST_VERSION,
    PackageError,
    build_package,
    icon_problems,
    main,
    manifest_problems,
)
from tools.check_arm_template import (
    SECURE_TYPES,
    Call,
    Evaluator,
    Literal,
    app_settings,
    is_expression,
    parse_expression,
    read_parameters_file,
    resolve_parameters,
    template_problems,
    walk,
    web_app,
)

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE_PATH = ROOT / "deploymentTemplates" / "azuredeploy.json"
EXAMPLE_PATH = ROOT / "deploymentTemplates" / "azuredeploy.parameters.example.json"
# App Service's own settings; ERA does not read them.
PLATFORM_SETTINGS = {"WEBSITES_PORT", "SCM_DO_BUILD_DURING_DEPLOYMENT",
                     "WEBSITES_ENABLE_APP_SERVICE_STORAGE"}
ERA_SETTINGS = {var.name for var in ENV_VARS}
SECRETS = {"microsoftAppPassword": "app-secret"}
HOST_NAME = "era-contoso-hr.azurewebsites.net"
COSMOS_ENDPOINT = "https://era-contoso-hr-cosmos.documents.azure.com:443/"
OPENAI_ENDPOINT = "https://era-contoso-hr-openai.openai.azure.com/"
# What Azure answers for reference() / listKeys() once the resources exist.
STAND_INS = {
    "reference:Microsoft.Web/sites": {"defaultHostName": HOST_NAME},
    "reference:Microsoft.DocumentDB/databaseAccounts": {"documentEndpoint": COSMOS_ENDPOINT},
    "listKeys:Microsoft.DocumentDB/databaseAccounts": {"primaryMasterKey": "cosmos-key"},
    "reference:Microsoft.CognitiveServices/accounts": {"endpoint": OPENAI_ENDPOINT},
    "listKeys:Microsoft.CognitiveServices/accounts": {"key1": "openai-key"},
}
BOT_ID = "3f2504e0-4f89-41d3-9a0c-0305e82c3301"
APP_ID = "6b0d5f0e-2c57-4f49-9d4e-2f1f4b6a9c10"


def _template() -> dict[str, Any]:
    return json.loads(TEMPLATE_PATH.read_text(encoding="utf-8"))


def _example_values() -> dict[str, Any]:
    values, problems = read_parameters_file(json.loads(EXAMPLE_PATH.read_text(encoding="utf-8")))
    assert problems == []
    return {**values, **SECRETS}


def _deployed(parameters: dict[str, Any]) -> list[dict[str, Any]]:
    """The resources that deploy with these parameters, every expression evaluated."""
    template = _template()
    values, problems = resolve_parameters(template, parameters)
    assert problems == []
    evaluator = Evaluator(template, values, STAND_INS)
    resources = []
    for resource in template["resources"]:
        if evaluator.value(resource.get("condition", True)):
            resources.append(evaluator.value(resource))
    return resources


def _one(resources: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    matching = [resource for resource in resources if resource["type"] == kind]
    assert len(matching) == 1, f"{kind}: {len(matching)} deployed"
    return matching[0]


def _era_environment(parameters: dict[str, Any]) -> dict[str, str]:
    settings = app_settings(_template(), parameters, STAND_INS)
    assert all(isinstance(value, str) for value in settings.values()), settings
    return settings


# ---- the template against config.py -------------------------------------------------------------


def test_web_app_sets_every_variable_config_reads_and_nothing_else() -> None:
    entries = web_app(_template())["properties"]["siteConfig"]["appSettings"]
    names = [entry["name"] for entry in entries]
    assert len(names) == len(set(names)), "an app setting is set twice"
    assert set(names) - PLATFORM_SETTINGS == ERA_SETTINGS
    assert not PLATFORM_SETTINGS & ERA_SETTINGS


def test_secrets_come_only_from_secure_parameters_or_resource_keys() -> None:
    template = _template()
    secure = {name for name, spec in template["parameters"].items()
              if spec["type"] in SECURE_TYPES}
    secret_settings = {var.name for var in ENV_VARS if var.secret}
    for entry in web_app(template)["properties"]["siteConfig"]["appSettings"]:
        calls = [node for node in walk(parse_expression(entry["value"][1:-1]))
                 if isinstance(node, Call)] if is_expression(entry["value"]) else []
        reads_secret = any(
            (call.name == "parameters" and isinstance(call.args[0], Literal)
             and call.args[0].value in secure) or call.name == "listKeys"
            for call in calls
        )
        if entry["name"] in secret_settings:
            assert reads_secret, f"{entry['name']} is a secret but not from a secure source"
        else:
            assert not reads_secret, f"{entry['name']} carries a secret but ERA would log it"


@pytest.mark.parametrize(
    ("overrides", "llm_mode"),
    [
        ({}, "azure-openai"),
        ({"deployAzureOpenAI": False}, "offline"),
        ({"deployAzureOpenAI": False, "openAiApiKey": "sk-test"}, "openai"),
    ],
)
def test_deployed_settings_start_era_in_production_on_cosmos(
    overrides: dict[str, Any], llm_mode: str
) -> None:
    environment = _era_environment({**_example_values(), **overrides})
    settings = Settings.from_env({k: v for k, v in environment.items() if k in ERA_SETTINGS})
    assert settings.is_production and settings.auth_enabled
    assert settings.app_type is MicrosoftAppType.SINGLE_TENANT and settings.app_tenant_id
    assert settings.storage is StorageKind.COSMOS
    assert settings.cosmos_endpoint == COSMOS_ENDPOINT.rstrip("/")
    assert settings.cosmos_key == "cosmos-key" and settings.cosmos_verify_tls
    assert str(settings.data_dir).startswith("/home/"), "App Service keeps only /home"
    assert settings.llm_mode == llm_mode
    if llm_mode == "azure-openai":
        assert settings.azure_openai_endpoint == OPENAI_ENDPOINT.rstrip("/")
        assert settings.azure_openai_deployment == environment["AZURE_OPENAI_DEPLOYMENT"] != ""


def test_graph_backends_deploy_with_their_settings() -> None:
    parameters = {
        **_example_values(), "shiftsBackend": "graph", "calendarBackend": "graph",
        "mailBackend": "graph", "graphClientId": APP_ID, "graphClientSecret": "graph-secret",
        "graphTeamId": BOT_ID, "graphStoreId": "store-1", "graphMailbox": "era@contoso.example",
        "graphShiftsOwnerId": "0000aaaa-1111-4222-8333-444455556666",
        "graphShiftsCancelMode": "approval",
    }
    environment = _era_environment(parameters)
    settings = Settings.from_env({k: v for k, v in environment.items() if k in ERA_SETTINGS})
    assert (settings.shifts_backend, settings.mail_backend) == ("graph", "graph")
    assert settings.graph_shifts_owner_id == "0000aaaa-1111-4222-8333-444455556666"
    assert settings.graph_shifts_cancel_mode == "approval"
    assert settings.graph_client_secret == "graph-secret"
    site = _one(_deployed(parameters), "Microsoft.Web/sites")
    assert "seed_demo" not in site["properties"]["siteConfig"]["appCommandLine"], (
        "demo data must not be seeded into a real organisation's directory"
    )


def test_web_app_serves_app_with_gunicorns_aiohttp_worker_as_app_service_expects() -> None:
    site = _one(_deployed(_example_values()), "Microsoft.Web/sites")
    config = site["properties"]["siteConfig"]
    settings = {entry["name"]: entry["value"] for entry in config["appSettings"]}
    command = config["appCommandLine"]
    assert "gunicorn app:APP --worker-class aiohttp.GunicornWebWorker" in command
    assert f"--bind 0.0.0.0:{settings['WEBSITES_PORT']}" in command
    assert settings["WEBSITES_PORT"] == settings["PORT"]
    assert settings["SCM_DO_BUILD_DURING_DEPLOYMENT"] == "true"
    assert site["kind"] == "app,linux" and site["properties"]["httpsOnly"] is True
    runtime, version = config["linuxFxVersion"].split("|")
    assert runtime == "PYTHON" and tuple(map(int, version.split("."))) >= (3, 11)
    assert config["alwaysOn"] is True
    routes = {(route.method, route.resource.canonical)
              for route in create_app(Settings.from_env({})).router.routes()
              if route.resource is not None}
    assert ("GET", config["healthCheckPath"]) in routes


async def test_startup_command_serves_healthz(tmp_path: Path) -> None:
    """The template's own startup command, bound to loopback, answers the health check."""
    parameters = _example_values()
    site = _one(_deployed(parameters), "Microsoft.Web/sites")
    command = site["properties"]["siteConfig"]["appCommandLine"].replace(
        "0.0.0.0:8000", "127.0.0.1:0"
    )
    environment = {
        **_era_environment(parameters),
        # The deployed app uses Cosmos DB; here state goes to SQLite in a temporary folder.
        "ERA_STORAGE": "sqlite", "ERA_DATA_DIR": str(tmp_path / "data"),
        "HOME": str(tmp_path), "PATH": f"{Path(sys.executable).parent}{os.pathsep}"
                                       f"{os.environ.get('PATH', '')}",
    }
    process = await asyncio.create_subprocess_shell(
        command, cwd=ROOT, env=environment, stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE, start_new_session=True,
    )
    try:
        port = await asyncio.wait_for(_listening_port(process), timeout=60)
        async with aiohttp.ClientSession() as session:
            # Ready (200) once the date recognizers are warm: seconds, more on a loaded machine.
            health = await asyncio.wait_for(_healthz(session, port), timeout=120)
        assert health["status"] == "ok" and health["auth"] == "on"
        assert (tmp_path / "data" / "org.sqlite3").exists(), "the demo organisation was seeded"
    finally:
        # gunicorn's master lingers for seconds after a graceful stop; this copy holds nothing.
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        await asyncio.wait_for(process.wait(), timeout=30)


async def _listening_port(process: asyncio.subprocess.Process) -> int:
    assert process.stderr is not None
    seen = []
    while line := (await process.stderr.readline()).decode():
        seen.append(line)
        match = re.search(r"Listening at: http://127\.0\.0\.1:(\d+)", line)
        if match:
            return int(match.group(1))
    raise AssertionError("gunicorn stopped before listening:\n" + "".join(seen))


async def _healthz(session: aiohttp.ClientSession, port: int) -> dict[str, Any]:
    # The worker builds the app after the master starts listening; wait until it answers.
    while True:
        try:
            async with session.get(f"http://127.0.0.1:{port}/healthz") as response:
                if response.status == 200:
                    body: dict[str, Any] = await response.json()
                    return body
        except aiohttp.ClientConnectionError:
            pass
        await asyncio.sleep(0.2)


def test_bot_is_single_tenant_and_posts_to_the_web_app() -> None:
    parameters = _example_values()
    bot = _one(_deployed(parameters), "Microsoft.BotService/botServices")
    assert bot["kind"] == "azurebot" and bot["location"] == "global"
    properties = bot["properties"]
    assert properties["msaAppType"] == "SingleTenant"
    assert properties["msaAppId"] == parameters["microsoftAppId"]
    environment = _era_environment(parameters)
    assert properties["msaAppTenantId"] == environment["MicrosoftAppTenantId"]
    assert properties["endpoint"] == f"https://{HOST_NAME}/api/messages"
    routes = {(route.method, route.resource.canonical)
              for route in create_app(Settings.from_env({})).router.routes()
              if route.resource is not None}
    assert ("POST", "/api/messages") in routes


@pytest.mark.parametrize("enable_slack", [False, True])
def test_teams_channel_always_slack_channel_when_asked(enable_slack: bool) -> None:
    slack = {"slackClientId": "123.456", "slackClientSecret": "s1",
             "slackVerificationToken": "s2", "slackSigningSecret": "s3"}
    resources = _deployed({**_example_values(), "enableSlack": enable_slack, **slack})
    channels = {resource["properties"]["channelName"]: resource["properties"]["properties"]
                for resource in resources
                if resource["type"] == "Microsoft.BotService/botServices/channels"}
    assert channels["MsTeamsChannel"]["isEnabled"] is True
    assert ("SlackChannel" in channels) is enable_slack
    if enable_slack:
        assert {key: channels["SlackChannel"][key] for key in
                ("clientId", "clientSecret", "verificationToken", "signingSecret")} == {
            "clientId": "123.456", "clientSecret": "s1", "verificationToken": "s2",
            "signingSecret": "s3"}


def test_cosmos_is_serverless_with_the_container_era_uses() -> None:
    parameters = {**_example_values(), "cosmosDatabaseName": "era-prod",
                  "cosmosContainerName": "conversations"}
    resources = _deployed(parameters)
    environment = _era_environment(parameters)
    account = _one(resources, "Microsoft.DocumentDB/databaseAccounts")
    assert {"name": "EnableServerless"} in account["properties"]["capabilities"]
    database = _one(resources, "Microsoft.DocumentDB/databaseAccounts/sqlDatabases")
    assert database["properties"]["resource"]["id"] == environment["COSMOS_DATABASE"] == "era-prod"
    container = _one(resources, "Microsoft.DocumentDB/databaseAccounts/sqlDatabases/containers")
    resource = container["properties"]["resource"]
    assert resource["id"] == environment["COSMOS_CONTAINER"] == "conversations"
    assert resource["partitionKey"]["paths"] == ["/id"]
    assert resource["defaultTtl"] == -1, "TTL on, items expire only with their own ttl"
    assert environment["COSMOS_CREATE_IF_MISSING"] == "false"


@pytest.mark.parametrize(("count", "expected"), [(None, 1), (3, 3)])
def test_the_plan_runs_the_instances_asked_for_with_no_affinity(
    count: int | None, expected: int
) -> None:
    parameters = _example_values() if count is None else {**_example_values(),
                                                           "instanceCount": count}
    resources = _deployed(parameters)
    assert _one(resources, "Microsoft.Web/serverfarms")["sku"]["capacity"] == expected
    site = _one(resources, "Microsoft.Web/sites")
    assert site["properties"]["clientAffinityEnabled"] is False, "any instance, any turn"
    assert site["properties"]["siteConfig"]["healthCheckPath"] == "/healthz"


def test_no_fewer_than_one_instance() -> None:
    _values, problems = resolve_parameters(_template(), {**_example_values(), "instanceCount": 0})
    assert any("instanceCount" in problem and "minValue" in problem for problem in problems)


@pytest.mark.parametrize("deploy_openai", [False, True])
def test_azure_openai_is_optional(deploy_openai: bool) -> None:
    resources = _deployed({**_example_values(), "deployAzureOpenAI": deploy_openai})
    kinds = {resource["type"] for resource in resources}
    wanted = {"Microsoft.CognitiveServices/accounts",
              "Microsoft.CognitiveServices/accounts/deployments"}
    assert (wanted <= kinds) is deploy_openai and (not wanted & kinds) is (not deploy_openai)
    if deploy_openai:
        deployment = _one(resources, "Microsoft.CognitiveServices/accounts/deployments")
        assert deployment["properties"]["model"]["format"] == "OpenAI"
        assert deployment["name"].endswith("/" + _era_environment(
            _example_values())["AZURE_OPENAI_DEPLOYMENT"])


# ---- the template is well formed ----------------------------------------------------------------


def test_template_passes_the_offline_checks_with_the_example_parameters() -> None:
    assert template_problems(_template(), _example_values()) == []


def test_template_needs_the_app_registration() -> None:
    problems = template_problems(_template(), {})
    assert any("microsoftAppId" in problem for problem in problems)
    assert any("microsoftAppPassword" in problem for problem in problems)


def test_readme_lists_every_parameter() -> None:
    readme = (ROOT / "deploymentTemplates" / "README.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(\w+)` \|", readme, flags=re.MULTILINE)
    assert sorted(rows) == sorted(_template()["parameters"])


def test_example_parameters_hold_no_secrets() -> None:
    template = _template()
    example = json.loads(EXAMPLE_PATH.read_text(encoding="utf-8"))["parameters"]
    secure = {name for name, spec in template["parameters"].items()
              if spec["type"] in SECURE_TYPES}
    assert not secure & set(example)
    required = {name for name, spec in template["parameters"].items()
                if "defaultValue" not in spec}
    assert required - secure <= set(example)


def _site(template: dict[str, Any]) -> dict[str, Any]:
    return next(r for r in template["resources"] if r["type"] == "Microsoft.Web/sites")


def _container(template: dict[str, Any]) -> dict[str, Any]:
    return next(r for r in template["resources"] if r["type"].endswith("/containers"))


def _drop_cosmos_dependency(template: dict[str, Any]) -> None:
    site = _site(template)
    site["dependsOn"] = [d for d in site["dependsOn"] if "databaseAccounts'" not in d]


def _old_listkeys_version(template: dict[str, Any]) -> None:
    for entry in _site(template)["properties"]["siteConfig"]["appSettings"]:
        entry["value"] = entry["value"].replace(
            "'2024-11-15').primaryMasterKey", "'2021-04-15').primaryMasterKey")


MUTATIONS: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "undeclared parameter": (
        lambda t: _site(t)["properties"]["siteConfig"].update(
            appCommandLine="[parameters('startCommand')]"),
        "parameters('startCommand') is used but not declared"),
    "unused parameter": (
        lambda t: t["parameters"].update(
            spare={"type": "string", "defaultValue": "", "metadata": {"description": "x"}}),
        "parameter 'spare' is declared but never used"),
    "secret default": (
        lambda t: t["parameters"]["smtpPassword"].update(defaultValue="hunter2"),
        "secure parameter 'smtpPassword' has a default"),
    "missing dependency": (
        _drop_cosmos_dependency, "reads Microsoft.DocumentDB/databaseAccounts but does not depend"),
    "stale api version": (_old_listkeys_version, "at API version '2021-04-15'"),
    "orphan child": (
        lambda t: _container(t).update(dependsOn=[]), "must depend on its parent"),
    "unknown function": (
        lambda t: _site(t)["properties"].update(httpsOnly="[bool('true')]"),
        "bool() is not a function this checker knows"),
    "name without parent": (
        lambda t: _container(t).update(name="[parameters('cosmosContainerName')]"),
        "needs one segment per level"),
    "bad api version": (
        lambda t: _site(t).update(apiVersion="latest"), "apiVersion 'latest'"),
    "default not allowed": (
        lambda t: t["parameters"]["logLevel"].update(defaultValue="TRACE"),
        "parameter 'logLevel' = 'TRACE' is not one of"),
    "dependency on nothing": (
        lambda t: _site(t)["dependsOn"].append("[resourceId('Microsoft.Web/sites', 'other')]"),
        "which the template does not deploy"),
    "broken expression": (
        lambda t: _site(t).update(location="[parameters('location']"), "ends too early"),
}


@pytest.mark.parametrize("mutation", sorted(MUTATIONS))
def test_checker_finds_what_would_break_a_deployment(mutation: str) -> None:
    change, expected = MUTATIONS[mutation]
    template = copy.deepcopy(_template())
    change(template)
    problems = template_problems(template, _example_values())
    assert any(expected in problem for problem in problems), problems


# ---- the Teams app package ----------------------------------------------------------------------


def test_make_package_writes_exactly_the_manifest_and_icons(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "dist" / "era-teams-app.zip"
    code = main(["--bot-id", BOT_ID, "--bot-domain", HOST_NAME, "--out", str(out)])
    assert code == 0, capsys.readouterr().err
    with zipfile.ZipFile(out) as archive:
        assert sorted(archive.namelist()) == ["color.png", "manifest.json", "outline.png"]
        text = archive.read("manifest.json").decode("utf-8")
        color, outline = archive.read("color.png"), archive.read("outline.png")
    manifest = json.loads(text)
    assert "${{" not in text
    assert manifest["bots"][0]["botId"] == BOT_ID
    assert manifest["id"] == BOT_ID, "the Teams app id defaults to the bot id"
    assert manifest["version"] == VERSION
    assert manifest["validDomains"] == [HOST_NAME]
    assert manifest["manifestVersion"] == MANIFEST_VERSION
    assert png_size(color) == (192, 192) and png_size(outline) == (32, 32)
    assert manifest_problems(manifest) == []
    assert icon_problems(manifest, {"color.png": color, "outline.png": outline}) == []


def test_package_uses_a_separate_teams_app_id_when_given() -> None:
    package = build_package(bot_id=BOT_ID, app_id=APP_ID)
    assert (package.manifest["id"], package.manifest["bots"][0]["botId"]) == (APP_ID, BOT_ID)
    assert package.manifest["validDomains"] == []


def test_builds_are_repeatable() -> None:
    first = build_package(bot_id=BOT_ID).zip_bytes()
    assert first == build_package(bot_id=BOT_ID).zip_bytes()


@pytest.mark.parametrize("bot_id", ["", "not-a-guid", "${{BOT_ID}}", BOT_ID + "0"])
def test_bad_bot_id_writes_nothing(
    bot_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "era.zip"
    assert main(["--bot-id", bot_id, "--out", str(out)]) == 1
    assert "bot-id" in capsys.readouterr().err
    assert not out.exists()


def test_bot_scopes_and_commands() -> None:
    bot = build_package(bot_id=BOT_ID).manifest["bots"][0]
    assert set(bot["scopes"]) == {"personal", "team"}
    assert bot["supportsFiles"] is False
    lists = {tuple(entry["scopes"]): entry["commands"] for entry in bot["commandLists"]}
    assert set(lists) == {("personal",), ("team",)}


def test_the_description_and_commands_cover_what_era_does() -> None:
    manifest = build_package(bot_id=BOT_ID).manifest
    full = manifest["description"]["full"].casefold()
    for capability in ("advice", "email", "call", "meeting", "shift"):
        assert capability in manifest["description"]["short"].casefold(), capability
        assert capability in full, capability
    personal = next(entry["commands"] for entry in manifest["bots"][0]["commandLists"]
                    if entry["scopes"] == ["personal"])
    intents = {classify_intent(command["title"]).intent for command in personal}
    assert {Intent.ADVICE, Intent.EMAIL, Intent.CALL_EMPLOYEE, Intent.MEETING_BOOK,
            Intent.MY_SHIFTS, Intent.SHIFT_CANCEL, Intent.SHIFT_ASSIGN, Intent.SHIFT_SWAP,
            Intent.SHIFT_UNASSIGN} <= intents


def test_every_command_is_understood_by_the_bot() -> None:
    bot = build_package(bot_id=BOT_ID).manifest["bots"][0]
    for entry in bot["commandLists"]:
        for command in entry["commands"]:
            intent = classify_intent(command["title"]).intent
            assert intent is not Intent.UNKNOWN, f"{command['title']!r} is not understood"
    assert classify_intent("help").intent is Intent.HELP


def _valid_manifest() -> dict[str, Any]:
    return build_package(bot_id=BOT_ID).manifest


def _commands(manifest: dict[str, Any]) -> list[dict[str, str]]:
    commands: list[dict[str, str]] = manifest["bots"][0]["commandLists"][0]["commands"]
    return commands


MANIFEST_MUTATIONS: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "long command title": (
        lambda m: _commands(m)[0].update(title="x" * 33), "at most 32 are allowed"),
    "long command description": (
        lambda m: _commands(m)[0].update(description="x" * 129), "at most 128 are allowed"),
    "eleven commands": (
        lambda m: _commands(m).extend(
            {"title": f"c{i}", "description": "d"} for i in range(11 - len(_commands(m)))),
        "at most 10"),
    "duplicate command": (
        lambda m: _commands(m).append(dict(_commands(m)[0])), "appears twice"),
    "scope the bot lacks": (
        lambda m: m["bots"][0]["commandLists"][0].update(scopes=["groupChat"]),
        "has 'groupChat'; allowed: personal, team"),
    "two lists for one scope": (
        lambda m: m["bots"][0]["commandLists"][1].update(scopes=["personal"]),
        "already has a command list"),
    "bad bot id": (lambda m: m["bots"][0].update(botId="my-bot"), "botId must be"),
    "unknown property": (lambda m: m.update(packageName="com.era"), "packageName is not"),
    "long short name": (lambda m: m["name"].update(short="E" * 31), "name.short is 31"),
    "long short description": (
        lambda m: m["description"].update(short="d" * 81), "description.short is 81"),
    "no privacy url": (lambda m: m["developer"].pop("privacyUrl"), "privacyUrl is required"),
    "http url": (
        lambda m: m["developer"].update(websiteUrl="http://contoso.example"), "https:// URL"),
    "domain with scheme": (
        lambda m: m.update(validDomains=["https://era.azurewebsites.net"]), "without a scheme"),
    "placeholder left": (lambda m: m.update(version="${{APP_VERSION}}"), "was not filled in"),
    "bad version": (lambda m: m.update(version="1.0"), "MAJOR.MINOR.PATCH"),
    "old schema": (lambda m: m.update(manifestVersion="1.16"), "these checks are for"),
    "two bots": (lambda m: m["bots"].append(copy.deepcopy(m["bots"][0])), "one bot"),
    "no icons": (lambda m: m.pop("icons"), "icons is required"),
    "bad accent": (lambda m: m.update(accentColor="blue"), "accentColor must"),
    "flag not bool": (lambda m: m["bots"][0].update(supportsFiles="false"), "true or false"),
}


@pytest.mark.parametrize("mutation", sorted(MANIFEST_MUTATIONS))
def test_manifest_checks_catch(mutation: str) -> None:
    change, expected = MANIFEST_MUTATIONS[mutation]
    manifest = _valid_manifest()
    change(manifest)
    problems = manifest_problems(manifest)
    assert any(expected in problem for problem in problems), problems


def test_package_refuses_an_unknown_placeholder(tmp_path: Path) -> None:
    (tmp_path / "manifest.json").write_text(
        (APP_PACKAGE_DIR / "manifest.json").read_text().replace("Contoso HR", "${{ORG_NAME}}"))
    for name in ("color.png", "outline.png"):
        (tmp_path / name).write_bytes((APP_PACKAGE_DIR / name).read_bytes())
    with pytest.raises(PackageError, match=r"no value for placeholder \$\{\{ORG_NAME\}\}"):
        build_package(bot_id=BOT_ID, source=tmp_path)


def _solid(size: int, pixel: tuple[int, int, int, int]) -> bytes:
    return encode_png(PngImage(size, size, (pixel,) * (size * size)))


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        ({"color.png": _solid(96, (0, 0, 255, 255))}, "must be 192x192"),
        ({"outline.png": _solid(32, (255, 0, 0, 255))}, "neither white nor transparent"),
        ({"outline.png": _solid(32, (255, 255, 255, 255))}, "no transparent pixels"),
        ({"outline.png": b"GIF89a"}, "not a PNG"),
        ({"outline.png": None}, "not in the package"),
    ],
)
def test_icon_checks_catch(files: dict[str, bytes | None], expected: str) -> None:
    manifest = _valid_manifest()
    package = {"color.png": (APP_PACKAGE_DIR / "color.png").read_bytes(),
               "outline.png": (APP_PACKAGE_DIR / "outline.png").read_bytes()}
    package.update({name: data for name, data in files.items() if data is not None})
    for name in (name for name, data in files.items() if data is None):
        del package[name]
    problems = icon_problems(manifest, package)
    assert any(expected in problem for problem in problems), problems


def test_committed_icons_are_the_generators_output() -> None:
    assert (APP_PACKAGE_DIR / "color.png").read_bytes() == encode_png(draw_color_icon())
    assert (APP_PACKAGE_DIR / "outline.png").read_bytes() == encode_png(draw_outline_icon())


def _filtered_png(image: PngImage) -> bytes:
    """The image as a PNG whose rows use filter types 0-4 in turn, as image editors write."""

    def paeth(a: int, b: int, c: int) -> int:
        p = a + b - c
        pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
        return a if pa <= pb and pa <= pc else b if pb <= pc else c

    stride, raw, previous = image.width * 4, bytearray(), bytes(image.width * 4)
    for y in range(image.height):
        row = bytes(v for pixel in image.pixels[y * image.width:(y + 1) * image.width]
                    for v in pixel)
        kind = y % 5
        out = bytearray([kind])
        for i in range(stride):
            left = row[i - 4] if i >= 4 else 0
            up, up_left = previous[i], previous[i - 4] if i >= 4 else 0
            guess = (0, left, up, (left + up) // 2, paeth(left, up, up_left))[kind]
            out.append((row[i] - guess) & 0xFF)
        raw += out
        previous = row

    def chunk(kind: bytes, payload: bytes) -> bytes:
        return (struct.pack(">I", len(payload)) + kind + payload
                + struct.pack(">I", zlib.crc32(kind + payload) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", image.width, image.height, 8, 6, 0, 0, 0)
    return (PNG_SIGNATURE + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(raw)))
            + chunk(b"IEND", b""))


def test_png_reader_undoes_every_row_filter() -> None:
    image = draw_outline_icon()
    assert decode_png(_filtered_png(image)) == image
    assert decode_png(encode_png(image)) == image


def test_the_guide_lists_the_graph_permissions_their_scope_and_the_shifts_owner() -> None:
    guide = (ROOT / "deploymentTemplates" / "README.md").read_text(encoding="utf-8")
    for needed in ("`Schedule.ReadWrite.All`", "`Calendars.ReadWrite`", "`Mail.Send`",
                   "admin-consent", "New-ManagementRoleAssignment", "New-ApplicationAccessPolicy",
                   "MS-APP-ACTS-AS", "graphShiftsOwnerId"):
        assert needed in guide, needed
    assert "ERA_GRAPH_SHIFTS_OWNER_ID" in (ROOT / "README.md").read_text(encoding="utf-8")
