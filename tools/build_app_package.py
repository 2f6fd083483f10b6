"""Build the Teams app package: `python -m tools.build_app_package --bot-id <GUID>`.

Reads appPackage/manifest.json, fills its `${{NAME}}` placeholders (BOT_ID from --bot-id,
TEAMS_APP_ID from --app-id or else the bot id, APP_VERSION from config.VERSION), adds the bot's
host name to validDomains when --bot-domain is given, checks the result offline, and writes a zip
holding exactly manifest.json and the two icons it names (default dist/era-teams-app.zip), ready
to upload in Teams or the Teams admin center.

The checks are the rules of the Teams app manifest schema v1.23 that matter for a bot-only app
(required and allowed properties, id and version formats, string lengths, list limits) plus the
Teams store rules for bot commands (titles up to 32 characters, descriptions up to 128) and icons
(color 192x192, outline 32x32 white on transparent). Nothing is fetched from the network.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from config import VERSION
from core.errors import EraError
from tools.app_icons import COLOR_SIZE, OUTLINE_SIZE, PngError, decode_png, png_size

APP_PACKAGE_DIR = Path(__file__).resolve().parents[1] / "appPackage"
DEFAULT_OUT = Path("dist") / "era-teams-app.zip"
MANIFEST_NAME = "manifest.json"
MANIFEST_VERSION = "1.23"
SCHEMA_URL = (
    f"https://developer.microsoft.com/json-schemas/teams/v{MANIFEST_VERSION}"
    "/MicrosoftTeams.schema.json"
)

PLACEHOLDER = re.compile(r"\$\{\{([A-Z][A-Z0-9_]*)\}\}")
GUID = re.compile(r"^[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}$")
SEMVER = re.compile(r"^(?:0|[1-9][0-9]*)\.(?:0|[1-9][0-9]*)\.(?:0|[1-9][0-9]*)$")
HEX_COLOR = re.compile(r"^#[0-9a-fA-F]{6}$")
DOMAIN = re.compile(
    r"^(?:\*\.)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}(?::[0-9]{1,5})?$",
    re.IGNORECASE,
)

# Every top-level property the v1.23 schema allows (it sets additionalProperties: false).
TOP_LEVEL_PROPERTIES = frozenset({
    "$schema", "accentColor", "activities", "authorization", "backgroundLoadConfiguration",
    "bots", "composeExtensions", "configurableProperties", "configurableTabs", "connectors",
    "copilotAgents", "dashboardCards", "defaultBlockUntilAdminAction", "defaultGroupCapability",
    "defaultInstallScope", "description", "developer", "devicePermissions",
    "elementRelationshipSet", "extensions", "graphConnector", "icons", "id", "intuneInfo",
    "isFullScreen", "localizationInfo", "manifestVersion", "meetingExtensionDefinition", "name",
    "permissions", "publisherDocsUrl", "showLoadingIndicator", "staticTabs", "subscriptionOffer",
    "supportedChannelTypes", "validDomains", "version", "webApplicationInfo",
})
REQUIRED = ("manifestVersion", "version", "id", "developer", "name", "description", "icons",
            "accentColor")
BOT_PROPERTIES = frozenset({
    "botId", "commandLists", "configuration", "isNotificationOnly", "needsChannelSelector",
    "registrationInfo", "requirementSet", "scopes", "supportsCalling", "supportsFiles",
    "supportsVideo",
})
BOT_FLAGS = ("isNotificationOnly", "needsChannelSelector", "supportsCalling", "supportsFiles",
             "supportsVideo")
BOT_SCOPES = frozenset({"team", "personal", "groupChat", "copilot"})
MAX_COMMAND_LISTS = 3
MAX_COMMANDS = 10
MAX_COMMAND_TITLE = 32
MAX_COMMAND_DESCRIPTION = 128
MAX_VALID_DOMAINS = 16


class PackageError(EraError):
    """The app package cannot be built; `problems` lists every rule the manifest breaks."""

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__("the Teams app package is not valid:\n  " + "\n  ".join(problems))
        self.problems = list(problems)


@dataclass(frozen=True)
class AppPackage:
    """A built package: the filled-in manifest and every file of the zip, by name."""

    manifest: dict[str, Any]
    files: dict[str, bytes]

    def zip_bytes(self) -> bytes:
        """The package as a zip, files at its root; fixed timestamps so builds are repeatable."""
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
            for name in sorted(self.files):
                entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
                entry.external_attr = 0o644 << 16
                archive.writestr(entry, self.files[name], compress_type=zipfile.ZIP_DEFLATED)
        return buffer.getvalue()


def fill_placeholders(text: str, values: Mapping[str, str]) -> str:
    """Replace every `${{NAME}}` in the manifest text; raises PackageError naming unknown ones.

    Values are JSON-escaped, so the text stays valid JSON whatever they hold.
    """
    unknown = sorted({name for name in PLACEHOLDER.findall(text) if name not in values})
    if unknown:
        raise PackageError([f"no value for placeholder ${{{{{name}}}}}" for name in unknown])
    return PLACEHOLDER.sub(lambda match: json.dumps(values[match.group(1)])[1:-1], text)


def _text_problems(
    value: Any, path: str, *, max_length: int, required: bool = True
) -> list[str]:
    if value is None:
        return [f"{path} is required"] if required else []
    if not isinstance(value, str) or not value.strip():
        return [f"{path} must be a non-empty string"]
    if len(value) > max_length:
        return [f"{path} is {len(value)} characters; at most {max_length} are allowed"]
    return []


def _object_problems(
    value: Any, path: str, allowed: frozenset[str]
) -> tuple[dict[str, Any], list[str]]:
    if not isinstance(value, dict):
        return {}, [f"{path} must be an object"]
    extra = sorted(set(value) - allowed)
    return value, [f"{path}.{key} is not a property the schema allows" for key in extra]


def _https_problems(value: Any, path: str) -> list[str]:
    problems = _text_problems(value, path, max_length=2048)
    if not problems and not str(value).startswith("https://"):
        problems.append(f"{path} must be an https:// URL")
    return problems


def _developer_problems(value: Any) -> list[str]:
    allowed = frozenset({"name", "mpnId", "websiteUrl", "privacyUrl", "termsOfUseUrl"})
    developer, problems = _object_problems(value, "developer", allowed)
    problems += _text_problems(developer.get("name"), "developer.name", max_length=32)
    problems += _text_problems(developer.get("mpnId"), "developer.mpnId", max_length=10,
                               required=False)
    for key in ("websiteUrl", "privacyUrl", "termsOfUseUrl"):
        problems += _https_problems(developer.get(key), f"developer.{key}")
    return problems


def _names_problems(manifest: Mapping[str, Any]) -> list[str]:
    name, problems = _object_problems(manifest.get("name"), "name", frozenset({"short", "full"}))
    problems += _text_problems(name.get("short"), "name.short", max_length=30)
    problems += _text_problems(name.get("full"), "name.full", max_length=100, required=False)
    description, more = _object_problems(
        manifest.get("description"), "description", frozenset({"short", "full"})
    )
    problems += more
    problems += _text_problems(description.get("short"), "description.short", max_length=80)
    problems += _text_problems(description.get("full"), "description.full", max_length=4000)
    return problems


def _scopes_problems(value: Any, path: str, allowed: frozenset[str]) -> list[str]:
    if not isinstance(value, list) or not value:
        return [f"{path} must be a non-empty list"]
    problems = [f"{path} lists {scope!r} twice" for scope in set(value) if value.count(scope) > 1]
    problems += [
        f"{path} has {scope!r}; allowed: {', '.join(sorted(allowed))}"
        for scope in value if scope not in allowed
    ]
    return problems


def _commands_problems(command_lists: Any, bot_scopes: frozenset[str], path: str) -> list[str]:
    if not isinstance(command_lists, list):
        return [f"{path} must be a list"]
    problems = []
    if len(command_lists) > MAX_COMMAND_LISTS:
        problems.append(f"{path} has {len(command_lists)} lists; at most {MAX_COMMAND_LISTS}")
    seen_scopes: set[str] = set()
    for i, item in enumerate(command_lists):
        here = f"{path}[{i}]"
        entry, more = _object_problems(item, here, frozenset({"scopes", "commands"}))
        problems += more
        scopes = entry.get("scopes")
        problems += _scopes_problems(scopes, f"{here}.scopes", bot_scopes)
        for scope in scopes if isinstance(scopes, list) else []:
            if scope in seen_scopes:
                problems.append(f"{here}.scopes: {scope!r} already has a command list")
            seen_scopes.add(scope)
        commands = entry.get("commands")
        if not isinstance(commands, list) or not commands:
            problems.append(f"{here}.commands must be a non-empty list")
            continue
        if len(commands) > MAX_COMMANDS:
            problems.append(f"{here}.commands has {len(commands)}; at most {MAX_COMMANDS}")
        titles: set[str] = set()
        for j, command in enumerate(commands):
            where = f"{here}.commands[{j}]"
            fields, more = _object_problems(command, where, frozenset({"title", "description"}))
            problems += more
            title = fields.get("title")
            problems += _text_problems(title, f"{where}.title", max_length=MAX_COMMAND_TITLE)
            problems += _text_problems(fields.get("description"), f"{where}.description",
                                       max_length=MAX_COMMAND_DESCRIPTION)
            if isinstance(title, str):
                if title.casefold() in titles:
                    problems.append(f"{where}.title {title!r} appears twice in the list")
                titles.add(title.casefold())
    return problems


def _bots_problems(value: Any) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or len(value) != 1:
        return ["bots must be a list holding one bot (Teams allows one bot per app)"]
    here = "bots[0]"
    bot, problems = _object_problems(value[0], here, BOT_PROPERTIES)
    bot_id = bot.get("botId")
    if not isinstance(bot_id, str) or not GUID.match(bot_id):
        problems.append(f"{here}.botId must be the bot's app id (a GUID), got {bot_id!r}")
    scopes = bot.get("scopes")
    problems += _scopes_problems(scopes, f"{here}.scopes", BOT_SCOPES)
    problems += [
        f"{here}.{flag} must be true or false"
        for flag in BOT_FLAGS if flag in bot and not isinstance(bot[flag], bool)
    ]
    if "commandLists" in bot:
        declared = frozenset(scopes) & BOT_SCOPES if isinstance(scopes, list) else frozenset()
        problems += _commands_problems(bot["commandLists"], declared, f"{here}.commandLists")
    return problems


def _valid_domains_problems(value: Any) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list):
        return ["validDomains must be a list"]
    problems = []
    if len(value) > MAX_VALID_DOMAINS:
        problems.append(f"validDomains has {len(value)} entries; at most {MAX_VALID_DOMAINS}")
    for i, domain in enumerate(value):
        if not isinstance(domain, str) or len(domain) > 2048 or not DOMAIN.match(domain):
            problems.append(
                f"validDomains[{i}] {domain!r} must be a host name (optionally *.host or "
                "host:port), without a scheme or path"
            )
        elif value.index(domain) != i:
            problems.append(f"validDomains lists {domain!r} twice")
    return problems


def manifest_problems(manifest: Mapping[str, Any]) -> list[str]:
    """Every rule the manifest breaks, as readable lines ([] when it is valid)."""
    problems = [f"{key} is required" for key in REQUIRED if key not in manifest]
    problems += [
        f"{key} is not a top-level property of manifest v{MANIFEST_VERSION}"
        for key in sorted(set(manifest) - TOP_LEVEL_PROPERTIES)
    ]
    leftover = sorted(set(PLACEHOLDER.findall(json.dumps(manifest))))
    problems += [f"placeholder ${{{{{name}}}}} was not filled in" for name in leftover]
    if manifest.get("$schema", SCHEMA_URL) != SCHEMA_URL:
        problems.append(f"$schema must be {SCHEMA_URL}")
    if "manifestVersion" in manifest and manifest["manifestVersion"] != MANIFEST_VERSION:
        problems.append(
            f"manifestVersion is {manifest['manifestVersion']!r}; these checks are for "
            f"{MANIFEST_VERSION}"
        )
    version = manifest.get("version")
    if "version" in manifest and not (isinstance(version, str) and SEMVER.match(version)):
        problems.append(f"version must be MAJOR.MINOR.PATCH, got {version!r}")
    app_id = manifest.get("id")
    if "id" in manifest and not (isinstance(app_id, str) and GUID.match(app_id)):
        problems.append(f"id must be a GUID, got {app_id!r}")
    if "developer" in manifest:
        problems += _developer_problems(manifest["developer"])
    problems += _names_problems(manifest)
    accent = manifest.get("accentColor")
    if "accentColor" in manifest and not (isinstance(accent, str) and HEX_COLOR.match(accent)):
        problems.append(f"accentColor must look like #4464ee, got {accent!r}")
    icons, more = _object_problems(
        manifest.get("icons"), "icons", frozenset({"color", "outline", "color32x32"})
    )
    problems += more
    for key in ("color", "outline"):
        problems += _text_problems(icons.get(key), f"icons.{key}", max_length=2048)
    problems += _bots_problems(manifest.get("bots"))
    problems += _valid_domains_problems(manifest.get("validDomains"))
    return problems


def icon_problems(manifest: Mapping[str, Any], files: Mapping[str, bytes]) -> list[str]:
    """Problems with the icon files the manifest names: present, PNG, right size, outline white."""
    icons = manifest.get("icons")
    if not isinstance(icons, dict):
        return []
    problems = []
    for key, size in (("color", COLOR_SIZE), ("outline", OUTLINE_SIZE)):
        name = icons.get(key)
        if not isinstance(name, str):
            continue
        data = files.get(name)
        if data is None:
            problems.append(f"icons.{key} names {name!r}, which is not in the package")
            continue
        try:
            width, height = png_size(data)
        except PngError as exc:
            problems.append(f"{name}: {exc}")
            continue
        if (width, height) != (size, size):
            problems.append(f"{name} is {width}x{height}; the {key} icon must be {size}x{size}")
        elif key == "outline":
            problems += _outline_colour_problems(name, data)
    return problems


def _outline_colour_problems(name: str, data: bytes) -> list[str]:
    try:
        image = decode_png(data)
    except PngError as exc:
        return [f"{name}: {exc}"]
    coloured = sum(1 for r, g, b, a in image.pixels if a and (r, g, b) != (255, 255, 255))
    if coloured:
        return [f"{name} has {coloured} pixels that are neither white nor transparent"]
    if all(a == 255 for *_, a in image.pixels):
        return [f"{name} has no transparent pixels; the outline icon is white on transparent"]
    return []


def build_package(
    *,
    bot_id: str,
    app_id: str | None = None,
    bot_domain: str | None = None,
    version: str = VERSION,
    source: Path = APP_PACKAGE_DIR,
) -> AppPackage:
    """Fill in and check the manifest in `source`; raises PackageError listing every problem."""
    if not GUID.match(bot_id):
        raise PackageError([f"--bot-id must be the bot's app id (a GUID), got {bot_id!r}"])
    if app_id is not None and not GUID.match(app_id):
        raise PackageError([f"--app-id must be a GUID, got {app_id!r}"])
    values = {"BOT_ID": bot_id, "TEAMS_APP_ID": app_id or bot_id, "APP_VERSION": version}
    text = fill_placeholders((source / MANIFEST_NAME).read_text(encoding="utf-8"), values)
    try:
        manifest = json.loads(text)
    except json.JSONDecodeError as exc:
        raise PackageError([f"{MANIFEST_NAME} is not valid JSON: {exc}"]) from exc
    if not isinstance(manifest, dict):
        raise PackageError([f"{MANIFEST_NAME} must hold a JSON object"])
    if bot_domain:
        manifest["validDomains"] = [*manifest.get("validDomains", []), bot_domain]
    icons = manifest.get("icons")
    names = sorted({name for name in icons.values() if isinstance(name, str)}) if isinstance(
        icons, dict) else []
    files = {name: (source / name).read_bytes() for name in names if (source / name).is_file()}
    problems = manifest_problems(manifest) + icon_problems(manifest, files)
    if problems:
        raise PackageError(problems)
    files[MANIFEST_NAME] = (json.dumps(manifest, indent=2, ensure_ascii=False) + "\n").encode()
    return AppPackage(manifest=manifest, files=files)


def main(argv: list[str] | None = None) -> int:
    """Build and write the zip; exit status 0, or 1 with the problems on stderr."""
    parser = argparse.ArgumentParser(
        prog="python -m tools.build_app_package",
        description="Build ERA's Teams app package (manifest.json, color.png, outline.png).",
    )
    parser.add_argument("--bot-id", required=True,
                        help="the Azure Bot's Microsoft App ID (a GUID)")
    parser.add_argument("--bot-domain",
                        help="the web app's host name, e.g. era-bot.azurewebsites.net")
    parser.add_argument("--app-id", help="the Teams app id (a GUID; default: the bot id)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT,
                        help=f"where to write the zip (default {DEFAULT_OUT})")
    args = parser.parse_args(argv)
    try:
        package = build_package(bot_id=args.bot_id, app_id=args.app_id,
                                bot_domain=args.bot_domain)
    except PackageError as exc:
        print(exc, file=sys.stderr)
        return 1
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(package.zip_bytes())
    files = ", ".join(sorted(package.files))
    print(f"wrote {args.out}: Teams app {package.manifest['id']} version "
          f"{package.manifest['version']}, bot {args.bot_id}, files {files}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
