"""ERA's settings: one frozen object read from the environment at start-up.

Every variable ERA reads is declared once in `ENV_VARS` (name, default, what it accepts, what it
is for). The README's configuration table and the deployment templates are checked against that
list by tests. Azure's own names (`MicrosoftAppId`, ...) are kept so App Service settings work as
Azure sets them. A bad value stops start-up with a message naming the variable and what it
accepts.
"""

from __future__ import annotations

import ipaddress
import os
import re
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from enum import StrEnum
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from core.errors import ConfigError

VERSION = "0.1.0"


class Environment(StrEnum):
    """Where ERA runs: development allows the unauthenticated local mode, production never does."""

    DEVELOPMENT = "development"
    PRODUCTION = "production"


class StorageKind(StrEnum):
    """Where conversation state lives."""

    SQLITE = "sqlite"
    COSMOS = "cosmos"
    MEMORY = "memory"


class MailBackend(StrEnum):
    """How ERA sends email."""

    OUTBOX = "outbox"
    GRAPH = "graph"
    SMTP = "smtp"


class ShiftsBackend(StrEnum):
    """Where schedules live."""

    DEMO = "demo"
    GRAPH = "graph"


class DirectoryBackend(StrEnum):
    """Where people, managers, stores and roles come from."""

    DEMO = "demo"
    GRAPH = "graph"


class StoreAttribute(StrEnum):
    """Which Entra ID attribute says a person's store (ERA_DIRECTORY_BACKEND=graph)."""

    OFFICE_LOCATION = "officeLocation"
    DEPARTMENT = "department"
    TEAM = "team"  # membership of the Shifts team GRAPH_TEAM_ID


class RoleSource(StrEnum):
    """Where ERA learns who is a manager (store manager or HR) in Entra ID."""

    APP_ROLES = "app_roles"
    GROUP = "group"


class CalendarBackend(StrEnum):
    """Where calendars live."""

    LOCAL = "local"
    GRAPH = "graph"


class EventLoopKind(StrEnum):
    """Which event loop serves requests (see event_loop.py)."""

    UVLOOP = "uvloop"
    ASYNCIO = "asyncio"


class MicrosoftAppType(StrEnum):
    """Azure Bot app types, spelled as Azure spells them."""

    MULTI_TENANT = "MultiTenant"
    SINGLE_TENANT = "SingleTenant"
    USER_ASSIGNED_MSI = "UserAssignedMSI"


@dataclass(frozen=True)
class EnvVar:
    """One environment variable: its name, the Settings field it fills, its default, and docs."""

    name: str
    field: str
    default: str
    accepts: str
    description: str
    secret: bool = False


ENV_VARS: tuple[EnvVar, ...] = (
    EnvVar("MicrosoftAppId", "app_id", "", "an Azure Bot app id (GUID), or empty",
           "The bot's app registration. Empty turns Bot Framework authentication off "
           "(local development only)."),
    EnvVar("MicrosoftAppPassword", "app_password", "", "a client secret",
           "The app registration's client secret.", secret=True),
    EnvVar("MicrosoftAppType", "app_type", "MultiTenant",
           "MultiTenant, SingleTenant or UserAssignedMSI", "The app registration's type."),
    EnvVar("MicrosoftAppTenantId", "app_tenant_id", "", "a tenant id (GUID), or empty",
           "The tenant of a SingleTenant or UserAssignedMSI app."),
    EnvVar("ERA_ENV", "environment", "development", "development or production",
           "production refuses to start without MicrosoftAppId and never uses the demo "
           "identity."),
    EnvVar("HOST", "host", "127.0.0.1", "an IP address or host name",
           "Address to listen on. Without MicrosoftAppId only loopback is allowed."),
    EnvVar("PORT", "port", "3978", "a port number 1-65535", "Port to listen on."),
    EnvVar("ERA_LOG_LEVEL", "log_level", "INFO", "DEBUG, INFO, WARNING or ERROR",
           "Logging level. Message bodies are logged only at DEBUG."),
    EnvVar("ERA_EVENT_LOOP", "event_loop", "uvloop", "uvloop or asyncio",
           "The event loop ERA serves on (python app.py and gunicorn). uvloop takes a share off "
           "every request's CPU time; where it cannot be loaded ERA logs so and uses asyncio's "
           "own loop."),
    EnvVar("ERA_DATA_DIR", "data_dir", ".data", "a directory path",
           "Where the SQLite files live (state and durable records with ERA_STORAGE=sqlite, "
           "demo organisation, outbox)."),
    EnvVar("ERA_STORAGE", "storage", "sqlite", "sqlite, cosmos or memory",
           "Where conversation state and every durable record (audit log, change ledger, "
           "request log, feedback, transcripts, conversation references) live. memory loses "
           "everything on restart (tests only)."),
    EnvVar("ERA_TRANSCRIPT_RETENTION_DAYS", "transcript_retention_days", "90",
           "a whole number of days 1-3650",
           "How long conversation transcripts (for hand-overs to HR) are kept: a Cosmos DB ttl "
           "per entry; SQLite purges expired entries."),
    EnvVar("COSMOS_ENDPOINT", "cosmos_endpoint", "", "an https URL",
           "Cosmos DB account endpoint (ERA_STORAGE=cosmos)."),
    EnvVar("COSMOS_KEY", "cosmos_key", "", "an account key",
           "Cosmos DB account key.", secret=True),
    EnvVar("COSMOS_DATABASE", "cosmos_database", "era", "a database name",
           "Cosmos DB database."),
    EnvVar("COSMOS_CONTAINER", "cosmos_container", "state", "a container name",
           "Cosmos DB container (partition key /id, TTL on)."),
    EnvVar("COSMOS_CREATE_IF_MISSING", "cosmos_create_if_missing", "false", "true or false",
           "Create the database and container at start-up when they do not exist."),
    EnvVar("COSMOS_VERIFY_TLS", "cosmos_verify_tls", "true", "true or false",
           "Verify the Cosmos DB TLS certificate (false only for a local test server)."),
    EnvVar("OPENAI_API_KEY", "openai_api_key", "", "an API key",
           "OpenAI (or OpenAI-compatible) API key. With no LLM settings ERA runs offline.",
           secret=True),
    EnvVar("OPENAI_BASE_URL", "openai_base_url", "", "an http(s) URL, or empty",
           "An OpenAI-compatible endpoint instead of api.openai.com."),
    EnvVar("OPENAI_MODEL", "openai_model", "gpt-4o-mini", "a model name",
           "Chat model for OpenAI or an OpenAI-compatible endpoint."),
    EnvVar("AZURE_OPENAI_ENDPOINT", "azure_openai_endpoint", "", "an https URL, or empty",
           "Azure OpenAI resource endpoint (takes precedence over OPENAI_*)."),
    EnvVar("AZURE_OPENAI_API_KEY", "azure_openai_api_key", "", "an API key",
           "Azure OpenAI key.", secret=True),
    EnvVar("AZURE_OPENAI_DEPLOYMENT", "azure_openai_deployment", "", "a deployment name",
           "Azure OpenAI chat deployment."),
    EnvVar("AZURE_OPENAI_API_VERSION", "azure_openai_api_version", "2024-10-21",
           "an API version string", "Azure OpenAI API version."),
    EnvVar("OPENAI_TIMEOUT_SECONDS", "openai_timeout_seconds", "8",
           "a number of seconds, 1-12", "Per-call LLM timeout; with one retry it fits "
           "Teams' 15-second reply window."),
    EnvVar("OPENAI_EMBEDDING_MODEL", "openai_embedding_model", "", "a model name, or empty",
           "Embedding model for the reply interpreter's fallback; empty keeps it off."),
    EnvVar("USE_CONTEXT_AWARE", "use_context_aware", "true", "true or false",
           "Context-aware calendar/email detection (false: the legacy keyword check)."),
    EnvVar("ERA_TIMEZONE", "timezone", "Europe/London", "an IANA time zone",
           "Time zone for dates users type (\"tomorrow\") in the demo organisation."),
    EnvVar("ERA_WARM_UP_LOCALES", "warm_up_locales", "en-US", "locales, comma-separated",
           "Date recognizer models loaded, and the request rules of these languages compiled, "
           "at start-up (~45 MB each beyond English); others load in the background, and their "
           "rules compile, when someone first writes in their language (that first message takes "
           "up to a few hundred ms longer, once per process)."),
    EnvVar("ERA_DEMO_IDENTITY", "demo_identity", "maria.lopez@contoso.example",
           "an email in the demo directory",
           "Who an unknown user is taken for in development (the Emulator sends random ids)."),
    EnvVar("ERA_DIRECTORY_BACKEND", "directory_backend", "demo", "demo or graph",
           "People, managers, stores and roles: the demo organisation in SQLite, or Microsoft "
           "Entra ID through Graph (then ERA_DEMO_IDENTITY does not apply)."),
    EnvVar("ERA_DIRECTORY_STORE_ATTRIBUTE", "directory_store_attribute", "officeLocation",
           "officeLocation, department or team",
           "The Entra ID attribute that names a person's store; team: membership of the "
           "Shifts team GRAPH_TEAM_ID (the store GRAPH_STORE_ID)."),
    EnvVar("ERA_DIRECTORY_STORE_TIMEZONES", "directory_store_timezones", "",
           "store=IANA zone pairs, separated by ';' (e.g. Riverside=Europe/London)",
           "Each store's time zone, by store name or id; a store not listed gets ERA_TIMEZONE "
           "(a team store takes its Shifts schedule's timeZone first)."),
    EnvVar("ERA_DIRECTORY_ROLE_SOURCE", "directory_role_source", "app_roles",
           "app_roles or group",
           "Who is a manager (store manager or HR): users and groups assigned one of "
           "ERA_DIRECTORY_MANAGER_ROLES on the bot's enterprise app, or the transitive members "
           "of ERA_DIRECTORY_MANAGER_GROUP_ID."),
    EnvVar("ERA_DIRECTORY_MANAGER_ROLES", "directory_manager_roles", "ERA.Manager,ERA.HR",
           "app role values, comma-separated",
           "The app role values that make a person a manager (ERA_DIRECTORY_ROLE_SOURCE="
           "app_roles)."),
    EnvVar("ERA_DIRECTORY_MANAGER_GROUP_ID", "directory_manager_group_id", "",
           "a group object id (GUID), or empty",
           "The security group whose members, nested groups included, are managers "
           "(ERA_DIRECTORY_ROLE_SOURCE=group)."),
    EnvVar("ERA_DIRECTORY_ROLES_APP_ID", "directory_roles_app_id", "",
           "an app id (GUID), or empty",
           "The app registration whose app roles are read; empty: MicrosoftAppId, or "
           "GRAPH_CLIENT_ID when that is empty."),
    EnvVar("ERA_DIRECTORY_CACHE_SECONDS", "directory_cache_seconds", "300",
           "a number of seconds, 30-86400",
           "How long the organisation read from Entra ID is used before it is read again "
           "(in the background; a copy older than twice this is never used)."),
    EnvVar("ERA_DIRECTORY_MAX_PEOPLE", "directory_max_people", "20000",
           "a whole number, 1-200000",
           "The most enabled users ERA reads from Entra ID; a larger directory is refused "
           "with an error, never cut short."),
    EnvVar("ERA_SHIFTS_BACKEND", "shifts_backend", "demo", "demo or graph",
           "Schedules: the demo organisation in SQLite, or Teams Shifts through Graph."),
    EnvVar("ERA_CALENDAR_BACKEND", "calendar_backend", "local", "local or graph",
           "Calendars: the local demo calendar, or Outlook calendars through Graph."),
    EnvVar("ERA_MAIL_BACKEND", "mail_backend", "outbox", "outbox, graph or smtp",
           "Email: the local outbox, Graph sendMail, or SMTP."),
    EnvVar("GRAPH_TENANT_ID", "graph_tenant_id", "", "a tenant id (GUID)",
           "Tenant for Microsoft Graph app tokens (client credentials)."),
    EnvVar("GRAPH_CLIENT_ID", "graph_client_id", "", "an app id (GUID)",
           "App registration used for Microsoft Graph."),
    EnvVar("GRAPH_CLIENT_SECRET", "graph_client_secret", "", "a client secret",
           "Its client secret.", secret=True),
    EnvVar("GRAPH_BASE_URL", "graph_base_url", "https://graph.microsoft.com/v1.0",
           "an https URL", "Microsoft Graph base URL."),
    EnvVar("GRAPH_TEAM_ID", "graph_team_id", "", "a team id (GUID)",
           "The team whose Shifts schedule ERA manages (ERA_SHIFTS_BACKEND=graph)."),
    EnvVar("GRAPH_STORE_ID", "graph_store_id", "", "a store id from the directory",
           "The store whose schedule is the GRAPH_TEAM_ID team's (ERA_SHIFTS_BACKEND=graph)."),
    EnvVar("ERA_GRAPH_SHIFTS_OWNER_ID", "graph_shifts_owner_id", "",
           "an Entra object id (GUID)",
           "A team owner of GRAPH_TEAM_ID whom every Teams Shifts call acts as "
           "(MS-APP-ACTS-AS); required with ERA_SHIFTS_BACKEND=graph."),
    EnvVar("ERA_GRAPH_SHIFTS_CANCEL_MODE", "graph_shifts_cancel_mode", "direct",
           "direct or approval",
           "A worker's cancellation in Teams Shifts: direct reopens the shift at once; "
           "approval sends the manager a time-off request for it."),
    EnvVar("GRAPH_MAILBOX", "graph_mailbox", "", "an Entra object id or userPrincipalName",
           "The mailbox ERA sends from with Graph sendMail (and asks getSchedule through)."),
    EnvVar("SMTP_HOST", "smtp_host", "", "a host name", "SMTP server (ERA_MAIL_BACKEND=smtp)."),
    EnvVar("SMTP_PORT", "smtp_port", "587", "a port number 1-65535", "SMTP port."),
    EnvVar("SMTP_USERNAME", "smtp_username", "", "a user name", "SMTP user name."),
    EnvVar("SMTP_PASSWORD", "smtp_password", "", "a password", "SMTP password.", secret=True),
    EnvVar("SMTP_STARTTLS", "smtp_starttls", "true", "true or false", "Use STARTTLS."),
    EnvVar("SMTP_FROM", "smtp_from", "era@contoso.example", "an email address",
           "Sender address for SMTP."),
    EnvVar("ERA_HR_ESCALATION_EMAIL", "hr_escalation_email", "hr-desk@contoso.example",
           "an email address", "Who is told when ERA hands a conversation to a human."),
    EnvVar("ERA_OAUTH_CONNECTION_NAME", "oauth_connection_name", "",
           "an OAuth connection setting name, or empty",
           "The Azure Bot's OAuth connection (Microsoft Entra ID v2, scopes openid profile "
           "User.Read) that Slack and other non-Teams users sign in with once; empty: only "
           "people the directory knows by their channel id are served there."),
    EnvVar("ERA_TOKEN_SERVICE_URL", "token_service_url", "https://api.botframework.com",
           "an http(s) URL", "The Bot Framework token service the OAuth connection lives in "
           "(another URL only for a sovereign cloud or a data-residency region)."),
    EnvVar("ERA_ALLOWED_TENANTS", "allowed_tenants", "", "tenant ids (GUIDs), comma-separated",
           "With authentication on, Teams messages from other Microsoft 365 tenants are "
           "refused (403); empty allows every tenant."),
)

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def _parse_bool(raw: str) -> bool:
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ValueError(raw)


def _parse_port(raw: str) -> int:
    port = int(raw)
    if not 1 <= port <= 65535:
        raise ValueError(raw)
    return port


def _parse_retention_days(raw: str) -> int:
    days = int(raw)
    if not 1 <= days <= 3650:
        raise ValueError(raw)
    return days


def _parse_timeout(raw: str) -> float:
    seconds = float(raw)
    if not 1 <= seconds <= 12:
        raise ValueError(raw)
    return seconds


def _parse_log_level(raw: str) -> str:
    level = raw.strip().upper()
    if level not in {"DEBUG", "INFO", "WARNING", "ERROR"}:
        raise ValueError(raw)
    return level


def _parse_url(raw: str) -> str:
    value = raw.strip().rstrip("/")
    if value and not value.startswith(("http://", "https://")):
        raise ValueError(raw)
    return value


def _parse_timezone(raw: str) -> ZoneInfo:
    try:
        return ZoneInfo(raw.strip())
    except (ZoneInfoNotFoundError, ValueError) as exc:
        raise ValueError(raw) from exc


def _parse_tenants(raw: str) -> tuple[str, ...]:
    tenants = tuple(part.strip().lower() for part in raw.split(",") if part.strip())
    if any(not re.fullmatch(r"[0-9a-f-]{36}", tenant) for tenant in tenants):
        raise ValueError(raw)
    return tenants


def _parse_locales(raw: str) -> tuple[str, ...]:
    locales = tuple(part.strip() for part in raw.split(",") if part.strip())
    if any(not re.fullmatch(r"[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*", locale) for locale in locales):
        raise ValueError(raw)
    return locales


def _text(raw: str) -> str:
    return raw.strip()


def _parse_object_id(raw: str) -> str:
    value = raw.strip().lower()
    if value:
        uuid.UUID(value)
    return value


def _parse_role_values(raw: str) -> tuple[str, ...]:
    values = tuple(part.strip() for part in raw.split(",") if part.strip())
    if not values or any(re.search(r"\s", value) for value in values):
        raise ValueError(raw)
    return values


def _parse_store_timezones(raw: str) -> tuple[tuple[str, str], ...]:
    pairs: list[tuple[str, str]] = []
    for part in raw.split(";"):
        if not part.strip():
            continue
        store, sep, zone = part.partition("=")
        if not sep or not store.strip():
            raise ValueError(raw)
        _parse_timezone(zone)
        pairs.append((store.strip(), zone.strip()))
    return tuple(pairs)


def _parse_cache_seconds(raw: str) -> float:
    seconds = float(raw)
    if not 30 <= seconds <= 86400:
        raise ValueError(raw)
    return seconds


def _parse_max_people(raw: str) -> int:
    count = int(raw)
    if not 1 <= count <= 200000:
        raise ValueError(raw)
    return count


def _parse_cancel_mode(raw: str) -> str:
    value = raw.strip().lower()
    if value not in {"direct", "approval"}:
        raise ValueError(raw)
    return value


_PARSERS: dict[str, Callable[[str], Any]] = {
    "environment": Environment,
    "port": _parse_port,
    "log_level": _parse_log_level,
    "event_loop": EventLoopKind,
    "data_dir": Path,
    "storage": StorageKind,
    "transcript_retention_days": _parse_retention_days,
    "cosmos_create_if_missing": _parse_bool,
    "cosmos_verify_tls": _parse_bool,
    "cosmos_endpoint": _parse_url,
    "openai_base_url": _parse_url,
    "azure_openai_endpoint": _parse_url,
    "graph_base_url": _parse_url,
    "token_service_url": _parse_url,
    "openai_timeout_seconds": _parse_timeout,
    "use_context_aware": _parse_bool,
    "timezone": _parse_timezone,
    "shifts_backend": ShiftsBackend,
    "calendar_backend": CalendarBackend,
    "mail_backend": MailBackend,
    "app_type": MicrosoftAppType,
    "smtp_port": _parse_port,
    "smtp_starttls": _parse_bool,
    "graph_shifts_owner_id": _parse_object_id,
    "graph_shifts_cancel_mode": _parse_cancel_mode,
    "directory_backend": DirectoryBackend,
    "directory_store_attribute": StoreAttribute,
    "directory_store_timezones": _parse_store_timezones,
    "directory_role_source": RoleSource,
    "directory_manager_roles": _parse_role_values,
    "directory_manager_group_id": _parse_object_id,
    "directory_roles_app_id": _parse_object_id,
    "directory_cache_seconds": _parse_cache_seconds,
    "directory_max_people": _parse_max_people,
    "allowed_tenants": _parse_tenants,
    "warm_up_locales": _parse_locales,
}


@dataclass(frozen=True)
class Settings:
    """Everything ERA reads from its environment, parsed and validated."""

    app_id: str
    app_password: str
    app_type: MicrosoftAppType
    app_tenant_id: str
    environment: Environment
    host: str
    port: int
    log_level: str
    event_loop: EventLoopKind
    data_dir: Path
    storage: StorageKind
    transcript_retention_days: int
    cosmos_endpoint: str
    cosmos_key: str
    cosmos_database: str
    cosmos_container: str
    cosmos_create_if_missing: bool
    cosmos_verify_tls: bool
    openai_api_key: str
    openai_base_url: str
    openai_model: str
    azure_openai_endpoint: str
    azure_openai_api_key: str
    azure_openai_deployment: str
    azure_openai_api_version: str
    openai_timeout_seconds: float
    openai_embedding_model: str
    use_context_aware: bool
    timezone: ZoneInfo
    demo_identity: str
    directory_backend: DirectoryBackend
    directory_store_attribute: StoreAttribute
    directory_store_timezones: tuple[tuple[str, str], ...]
    directory_role_source: RoleSource
    directory_manager_roles: tuple[str, ...]
    directory_manager_group_id: str
    directory_roles_app_id: str
    directory_cache_seconds: float
    directory_max_people: int
    shifts_backend: ShiftsBackend
    calendar_backend: CalendarBackend
    mail_backend: MailBackend
    graph_tenant_id: str
    graph_client_id: str
    graph_client_secret: str
    graph_base_url: str
    graph_team_id: str
    graph_store_id: str
    graph_shifts_owner_id: str
    graph_shifts_cancel_mode: str
    graph_mailbox: str
    smtp_host: str
    smtp_port: int
    smtp_username: str
    smtp_password: str
    smtp_starttls: bool
    smtp_from: str
    hr_escalation_email: str
    oauth_connection_name: str
    token_service_url: str
    allowed_tenants: tuple[str, ...]
    warm_up_locales: tuple[str, ...]

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **overrides: Any) -> Settings:
        """Read every variable in ENV_VARS (defaults where unset), then apply overrides.

        Raises ConfigError naming the first bad variable and what it accepts, or a rule about
        how the settings combine (see `_check`).
        """
        source = os.environ if environ is None else environ
        values: dict[str, Any] = {}
        for var in ENV_VARS:
            raw = source.get(var.name)
            if raw is None or raw.strip() == "":
                raw = var.default
            parser = _PARSERS.get(var.field, _text)
            try:
                values[var.field] = parser(raw)
            except ValueError as exc:
                shown = "(hidden)" if var.secret else repr(raw)
                raise ConfigError(
                    f"{var.name}={shown} is not valid: it accepts {var.accepts}."
                ) from exc
        values.update(overrides)
        settings = cls(**values)
        settings._check()
        return settings

    @property
    def auth_enabled(self) -> bool:
        """Whether Bot Framework authentication is on (it is whenever an app id is set)."""
        return bool(self.app_id)

    @property
    def llm_mode(self) -> str:
        """"azure-openai", "openai" or "offline"."""
        if self.azure_openai_endpoint:
            return "azure-openai"
        if self.openai_api_key or self.openai_base_url:
            return "openai"
        return "offline"

    @property
    def uses_graph(self) -> bool:
        """Whether any backend is Microsoft Graph."""
        return (
            self.directory_backend is DirectoryBackend.GRAPH
            or self.shifts_backend is ShiftsBackend.GRAPH
            or self.calendar_backend is CalendarBackend.GRAPH
            or self.mail_backend is MailBackend.GRAPH
        )

    @property
    def is_production(self) -> bool:
        """Whether ERA_ENV=production."""
        return self.environment is Environment.PRODUCTION

    def _check(self) -> None:
        """Rules that involve more than one variable."""
        if self.is_production and not self.auth_enabled:
            raise ConfigError(
                "ERA_ENV=production needs MicrosoftAppId (and MicrosoftAppPassword): without "
                "them Bot Framework authentication is off and anyone could post to the bot."
            )
        if not self.auth_enabled and not _is_loopback(self.host):
            raise ConfigError(
                f"HOST={self.host!r} is not a loopback address. With no MicrosoftAppId "
                "authentication is off, so ERA only listens on 127.0.0.1, ::1 or localhost."
            )
        if self.auth_enabled and not self.app_password and (
            self.app_type is not MicrosoftAppType.USER_ASSIGNED_MSI
        ):
            raise ConfigError("MicrosoftAppId is set but MicrosoftAppPassword is empty.")
        if self.app_type is not MicrosoftAppType.MULTI_TENANT and self.auth_enabled and (
            not self.app_tenant_id
        ):
            raise ConfigError(
                f"MicrosoftAppType={self.app_type} needs MicrosoftAppTenantId."
            )
        if self.storage is StorageKind.COSMOS and not (self.cosmos_endpoint and self.cosmos_key):
            raise ConfigError("ERA_STORAGE=cosmos needs COSMOS_ENDPOINT and COSMOS_KEY.")
        if self.is_production and self.storage is StorageKind.MEMORY:
            raise ConfigError("ERA_STORAGE=memory loses every conversation; not in production.")
        if self.azure_openai_endpoint and not (
            self.azure_openai_api_key and self.azure_openai_deployment
        ):
            raise ConfigError(
                "AZURE_OPENAI_ENDPOINT needs AZURE_OPENAI_API_KEY and AZURE_OPENAI_DEPLOYMENT."
            )
        if self.uses_graph and not (
            self.graph_tenant_id and self.graph_client_id and self.graph_client_secret
        ):
            raise ConfigError(
                "A graph backend needs GRAPH_TENANT_ID, GRAPH_CLIENT_ID and GRAPH_CLIENT_SECRET."
            )
        self._check_directory()
        if self.shifts_backend is ShiftsBackend.GRAPH and not (
            self.graph_team_id and self.graph_store_id
        ):
            raise ConfigError("ERA_SHIFTS_BACKEND=graph needs GRAPH_TEAM_ID and GRAPH_STORE_ID.")
        if self.shifts_backend is ShiftsBackend.GRAPH and not self.graph_shifts_owner_id:
            raise ConfigError(
                "ERA_SHIFTS_BACKEND=graph needs ERA_GRAPH_SHIFTS_OWNER_ID: the object id of a "
                "team owner, whom Teams Shifts calls act as (MS-APP-ACTS-AS)."
            )
        if self.mail_backend is MailBackend.GRAPH and not self.graph_mailbox:
            raise ConfigError("ERA_MAIL_BACKEND=graph needs GRAPH_MAILBOX.")
        if self.mail_backend is MailBackend.SMTP and not self.smtp_host:
            raise ConfigError("ERA_MAIL_BACKEND=smtp needs SMTP_HOST.")

    @property
    def keeps_no_local_file(self) -> bool:
        """Whether every backend is a shared service (Cosmos DB and Microsoft Graph), so
        nothing ERA keeps belongs in ERA_DATA_DIR."""
        return (self.storage is StorageKind.COSMOS
                and self.directory_backend is DirectoryBackend.GRAPH
                and self.shifts_backend is ShiftsBackend.GRAPH
                and self.calendar_backend is CalendarBackend.GRAPH
                and self.mail_backend is not MailBackend.OUTBOX)

    @property
    def uses_graph_directory(self) -> bool:
        """Whether people come from Entra ID through Graph."""
        return self.directory_backend is DirectoryBackend.GRAPH

    @property
    def roles_app_id(self) -> str:
        """The app registration whose app roles make managers."""
        return self.directory_roles_app_id or self.app_id or self.graph_client_id

    def _check_directory(self) -> None:
        """The Entra ID directory's settings, when it is the directory."""
        if not self.uses_graph_directory:
            return
        if self.directory_store_attribute is StoreAttribute.TEAM and not self.graph_team_id:
            raise ConfigError(
                "ERA_DIRECTORY_STORE_ATTRIBUTE=team needs GRAPH_TEAM_ID: the Shifts team whose "
                "members work at the store."
            )
        if self.directory_role_source is RoleSource.GROUP and not (
            self.directory_manager_group_id
        ):
            raise ConfigError(
                "ERA_DIRECTORY_ROLE_SOURCE=group needs ERA_DIRECTORY_MANAGER_GROUP_ID: the "
                "object id of the security group of managers."
            )

    def redacted(self) -> dict[str, Any]:
        """The settings with secrets hidden, for a start-up log line."""
        secret_fields = {var.field for var in ENV_VARS if var.secret}
        shown: dict[str, Any] = {}
        for item in fields(self):
            value = getattr(self, item.name)
            if item.name in secret_fields:
                shown[item.name] = "***" if value else ""
            else:
                shown[item.name] = str(value)
        return shown


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
