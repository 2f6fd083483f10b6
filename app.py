"""ERA's composition root: builds every object from Settings and serves the bot over aiohttp.

`create_app(settings, ...)` returns the aiohttp Application (tests pass their own storage, clock
or services); `APP` is what gunicorn's aiohttp worker serves (`gunicorn app:APP`); `python app.py`
serves on HOST:PORT, loopback only unless Bot Framework authentication is on.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import gc
import logging
import platform
import re
import sys
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import aiohttp
from aiohttp import web
from botbuilder.core import Middleware, Storage, serializer_helper
from botbuilder.integration.aiohttp import (
    ConfigurationServiceClientCredentialFactory,
)
from botbuilder.schema import CallerIdConstants
from botframework.connector.auth import (
    AuthenticationConstants,
    ServiceClientCredentialsFactory,
)

# Before anything imports the SDK's recognizers (see the module).
import bots.emoji_table_stand_in  # noqa: F401
from bots import log_policy
from bots.channel_connector import BotToken, ChannelConnector
from bots.era_adapter import EraAdapter
from bots.era_bot import EraBot
from bots.failure_tracking_middleware import FailureTrackingMiddleware
from bots.handoff import Handoff
from bots.inbound_activity import (
    BadBody,
    clean_strings,
    invoke_answer,
    problem_with_activity,
    read_body,
)
from bots.local_direct_line import NO_BUNDLE, WEBCHAT_BUNDLE, DemoIdentity, LocalDirectLine
from bots.markdown_text_middleware import MarkdownTextMiddleware
from bots.person_state_middleware import PersonStateMiddleware
from bots.private_chat import PrivateChat
from bots.proactive_notifier import ProactiveNotifier
from bots.request_authenticator import (
    AuthenticatedCaller,
    AuthenticationFailed,
    CallerRefused,
    KeysUnavailable,
    RequestAuthenticator,
)
from bots.sign_in import SignIn
from bots.transcript_recorder import TranscriptRecorder
from bots.turn_error_handler import TurnErrorHandler
from bots.typing_indicator_middleware import TypingIndicatorMiddleware
from config import VERSION, CalendarBackend, MailBackend, Settings, ShiftsBackend, StorageKind
from core.advisor import Advisor
from core.calendar_service import CalendarService
from core.directory import Directory
from core.durable_store import DurableStore
from core.errors import ConfigError
from core.llm_client import LlmClient
from core.mail_service import MailService
from core.shift_backend import ShiftBackend
from core.situation_facts import use_question_words
from core.tracked_calls import tracked
from detectors.action_detection import ActionDetection
from detectors.detection_counters import DetectionCounters
from dialogs.absence_report_dialog import AbsenceReportDialog
from dialogs.advice_dialog import AdviceDialog
from dialogs.call_employee_dialog import CallEmployeeDialog
from dialogs.email_dialog import EmailDialog
from dialogs.feedback_dialog import FeedbackDialog
from dialogs.flow_services import FlowServices
from dialogs.handoff_dialog import HandoffDialog
from dialogs.main_dialog import MainDialog
from dialogs.meeting_book_dialog import MeetingBookDialog
from dialogs.meeting_cancel_dialog import MeetingCancelDialog
from dialogs.meeting_invite_dialog import MeetingInviteDialog
from dialogs.meeting_reschedule_dialog import MeetingRescheduleDialog
from dialogs.meeting_uninvite_dialog import MeetingUninviteDialog
from dialogs.more_hours_dialog import AskManagerDialog, MoreHoursDialog
from dialogs.my_manager_dialog import MyManagerDialog
from dialogs.my_meetings_dialog import MyMeetingsDialog
from dialogs.my_shifts_dialog import MyShiftsDialog
from dialogs.personal_records_dialog import PersonalRecordsDialog
from dialogs.resignation_dialog import ResignationDialog
from dialogs.running_late_dialog import RunningLateDialog
from dialogs.shift_assign_dialog import ShiftAssignDialog
from dialogs.shift_cancel_dialog import ShiftCancelDialog
from dialogs.shift_move_dialog import ShiftMoveDialog
from dialogs.shift_reassign_dialog import ShiftReassignDialog
from dialogs.shift_swap_dialog import ShiftSwapDialog
from dialogs.shift_unassign_dialog import ShiftUnassignDialog
from dialogs.store_schedule_dialog import StoreScheduleDialog
from dialogs.who_is_free_dialog import WhoIsFreeDialog
from event_loop import new_event_loop, running_loop_kind
from language.intent_rules import warm_up_intent_rules
from language.situation_words import question_words
from services.demo_organisation import PEOPLE as DEMO_PEOPLE
from services.demo_shift_backend import DemoShiftBackend
from services.graph_calendar_service import GraphCalendarService
from services.graph_client import GraphClient
from services.graph_directory import GraphDirectory, RoleSource, StoreSource
from services.graph_mail_service import GraphMailService
from services.graph_shift_backend import CancelMode, GraphShiftBackend
from services.graph_token_provider import GraphTokenProvider, TokenSource
from services.llm_advisor import LlmAdvisor, read_master_prompt
from services.local_calendar_service import LocalCalendarService
from services.org_database import OrgDatabase
from services.outbox_mail_service import OutboxMailService
from services.playbook_advisor import PlaybookAdvisor
from services.playbook_library import PlaybookLibrary
from services.request_log import RequestLog
from services.signed_in_user import SignedInUserReader
from services.sqlite_directory import SqliteDirectory
from services.stored_audit_log import StoredAuditLog
from services.stored_change_ledger import StoredChangeLedger
from services.time_phrase_parser import TimePhraseParser
from services.token_service_client import TokenServiceClient
from state.action_ledger import ActionLedger
from state.activity_json import activity_from_json, to_json
from state.card_owners import CardOwners
from state.conversation_reference_store import ConversationReferenceStore
from state.draft_owners import DraftOwners
from state.feedback_store import FeedbackStore
from state.identity_link_store import IdentityLinkStore
from state.person_state import PersonStateStore
from state.sqlite_storage import SqliteStorage
from state.transcript_writer import (
    FLUSH_AFTER_SECONDS,
    PACKED_FLUSH_AFTER_SECONDS,
    TranscriptWriter,
)
from state.turn_claims import TurnClaims
from state.turn_lock import ConversationLocks
from state.turn_memory_store import TurnMemoryStore

if TYPE_CHECKING:
    from services.embedding_reply_classifier import EmbeddingReplyClassifier

logger = logging.getLogger("era")

MAX_REQUEST_BYTES = 256 * 1024
_LOGGABLE_ID = re.compile(r"[\w:|.\-]{1,64}", re.ASCII)
CONNECTOR_TIMEOUT_SECONDS = 10.0
# Each sign-in call (token service, Graph /me) is one short request.
SIGN_IN_TIMEOUT_SECONDS = 5.0
# A shift apply makes up to about six Graph calls; each must leave room in the 15-second turn.
GRAPH_TIMEOUT_SECONDS = 4.0
# Only a slow turn shows "typing": a fast one would pay an extra outbound call for nothing.
TYPING_AFTER_SECONDS = 1.0
SECONDS_PER_DAY = 24 * 3600

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    """The real clock: an aware UTC datetime."""
    return datetime.now(UTC)


@dataclass
class Components:
    """Everything built for one running app; closed at shutdown in reverse order."""

    settings: Settings
    adapter: EraAdapter
    bot: EraBot
    storage: Storage
    directory: Directory
    services: FlowServices
    middleware: list[Middleware]
    closers: list[Callable[[], Any]] = field(default_factory=list)
    detections: DetectionCounters = field(default_factory=DetectionCounters)
    outbox: OutboxMailService | None = None  # the local outbox, when mail goes there

    async def close(self) -> None:
        """Close what was opened, last opened first."""
        for closer in reversed(self.closers):
            try:
                await closer()
            except Exception:
                logger.exception("error while shutting down")


COMPONENTS = web.AppKey("components", Components)
AUTHENTICATOR = web.AppKey("authenticator", RequestAuthenticator)


@dataclass(frozen=True)
class _BotAuthConfig:
    """The attribute names botbuilder's ConfigurationBotFrameworkAuthentication reads."""

    APP_ID: str
    APP_PASSWORD: str
    APP_TYPE: str
    APP_TENANTID: str


async def open_storage(settings: Settings) -> Storage:
    """The conversation-state storage the settings ask for (opened)."""
    if settings.storage is StorageKind.COSMOS:
        # Imported here, at start-up and only when configured: the Azure SDK is ~8 MB of
        # resident memory that an instance on SQLite never uses.
        from state.cosmos_storage import CosmosStorage

        return await CosmosStorage.create(
            endpoint=settings.cosmos_endpoint,
            key=settings.cosmos_key,
            database=settings.cosmos_database,
            container=settings.cosmos_container,
            verify_tls=settings.cosmos_verify_tls,
            create_if_missing=settings.cosmos_create_if_missing,
        )
    if settings.storage is StorageKind.MEMORY:
        return await SqliteStorage.create(":memory:")
    return await SqliteStorage.create(settings.data_dir / "state.sqlite3")


async def build_components(
    settings: Settings,
    *,
    storage: Storage | None = None,
    clock: Clock = utc_now,
    graph_token_source: TokenSource | None = None,
    bot_credentials: ServiceClientCredentialsFactory | None = None,
    settle_heap: bool = False,
) -> Components:
    """Build the bot and everything it uses, from the settings and any overrides.

    `graph_token_source` replaces MSAL for Microsoft Graph (tests point Graph at a local fake);
    `bot_credentials` replaces the Entra ID credentials the bot replies to the channel with;
    `settle_heap` (the serving process, not tests) freezes the start-up heap (see
    `_settle_heap()`).
    """
    closers: list[Callable[[], Any]] = []
    if settle_heap:
        _pause_collection()
    if storage is None:
        storage = await open_storage(settings)
        closers.append(storage.close)  # type: ignore[attr-defined]
    # The organisation database holds the demo backends' data and the shift templates and work
    # rules; with every backend shared (Cosmos DB, Entra ID, Teams Shifts, Outlook) it has
    # nothing to keep, and lives in memory: an instance then writes no file at all.
    org_db = await OrgDatabase.open(
        Path(":memory:") if settings.keeps_no_local_file else settings.data_dir / "org.sqlite3")
    closers.append(org_db.close)
    http = aiohttp.ClientSession()
    closers.append(http.close)
    # Every durable record (audit log, change ledger, request log, feedback, transcripts,
    # conversation references) lives in the configured storage, shared by every instance.
    if not isinstance(storage, DurableStore):
        raise ConfigError(f"{type(storage).__name__} keeps no durable records; use SqliteStorage "
                          "or CosmosStorage")
    records: DurableStore = storage
    audit = StoredAuditLog(records)
    graph = _graph_client(settings, http, graph_token_source)
    directory = _directory(settings, org_db, graph)
    if isinstance(directory, GraphDirectory):
        directory.start()  # the first read begins now, not in the first person's turn
        closers.append(directory.close)

    error_handler = TurnErrorHandler()
    token = await _bot_token(settings, bot_credentials)
    connector = ChannelConnector(token=token, timeout_seconds=CONNECTOR_TIMEOUT_SECONDS)
    closers.append(connector.close)
    adapter = EraAdapter(connector=connector, error_handler=error_handler)
    references = ConversationReferenceStore(storage)
    states = PersonStateStore(storage)
    notifier = ProactiveNotifier(
        adapter=adapter, references=references, bot_app_id=settings.app_id
    )

    warm_up_intent_rules(settings.warm_up_locales)
    time_parser = TimePhraseParser(settings.timezone,
                                   on_loaded=_settle_heap if settle_heap else None)
    warm_up = asyncio.create_task(time_parser.warm_up(settings.warm_up_locales))
    if settle_heap:
        # After `_settle_heap` (run by the warm-up), or whatever ended the warm-up.
        warm_up.add_done_callback(_resume_collection)
    closers.append(lambda: _cancel(warm_up))

    reply_fallback = _embedding_fallback(settings)
    if reply_fallback is not None:
        closers.append(reply_fallback.close)

    # Every outside system is wrapped so its calls report to the failure tracker.
    mail_service = _mail_service(settings, org_db, records, graph, clock)
    mail = tracked(mail_service, "mail")
    llm = _llm_client(settings, closers)
    services = FlowServices(
        turn_memory=TurnMemoryStore(),
        ledger=ActionLedger(storage, clock=clock, audit=audit),
        directory=directory,
        shifts=tracked(_shift_backend(settings, org_db, records, directory, audit, graph),
                       "shifts"),
        time_parser=time_parser,
        mail=mail,
        calendar=tracked(_calendar_service(settings, org_db, records, graph, mail, directory,
                                           clock),
                         "calendar"),
        notifier=notifier,
        clock=clock,
        reply_fallback=reply_fallback.classify if reply_fallback else None,
        llm=llm,
    )
    detections = DetectionCounters()
    feedback = FeedbackStore(storage)
    playbooks = PlaybookLibrary.load()
    # The facts of a manager's message are read with every language's words that ask whether
    # to do something ("should I give him a written warning?" tells of no warning given).
    use_question_words(question_words())
    flows = [
        AdviceDialog(
            services=services,
            advisor=_advisor(directory, llm, playbooks),
            detection=ActionDetection(
                context_aware=settings.use_context_aware, counters=detections
            ),
            feedback=feedback,
        ),
        FeedbackDialog(services=services, feedback=feedback),
        ShiftCancelDialog(services=services),
        MyShiftsDialog(services=services),
        MyMeetingsDialog(services=services),
        MyManagerDialog(services=services),
        PersonalRecordsDialog(services=services),
        MeetingInviteDialog(services=services),
        MeetingUninviteDialog(services=services),
        RunningLateDialog(services=services),
        ShiftAssignDialog(services=services),
        ShiftSwapDialog(services=services),
        ShiftUnassignDialog(services=services),
        AbsenceReportDialog(services=services),
        ShiftReassignDialog(services=services),
        ShiftMoveDialog(services=services),
        WhoIsFreeDialog(services=services),
        StoreScheduleDialog(services=services),
        EmailDialog(services=services),
        CallEmployeeDialog(services=services),
        MeetingBookDialog(services=services, hr_email=settings.hr_escalation_email),
        MeetingCancelDialog(services=services),
        MeetingRescheduleDialog(services=services),
        HandoffDialog(services=services),
        ResignationDialog(services=services),
        MoreHoursDialog(services=services),
        AskManagerDialog(services=services),
    ]
    bot = EraBot(
        dialog=MainDialog(flows=flows, situations=playbooks.index),
        directory=directory,
        references=references,
        # An unknown user is never taken for a demo person in production or when people
        # come from Entra ID.
        demo_identity=None if settings.is_production or settings.uses_graph_directory
        else settings.demo_identity,
        clock=clock,
        private_chat=PrivateChat(adapter=adapter, references=references, states=states,
                                 storage=storage, clock=clock),
        prepare_language=time_parser.prepare,
        sign_in=_sign_in(settings, http, token, storage, directory, clock),
        draft_owners=DraftOwners(storage),
        card_owners=CardOwners(storage),
    )
    transcripts = TranscriptWriter(
        records, retention_seconds=settings.transcript_retention_days * SECONDS_PER_DAY,
        # Cosmos DB keeps a batch in one document: one request for many turns.
        flush_after_seconds=PACKED_FLUSH_AFTER_SECONDS
        if settings.storage is StorageKind.COSMOS else FLUSH_AFTER_SECONDS,
    )
    closers.append(transcripts.close)
    carry_records = getattr(records, "carry_records", None)
    if callable(carry_records):
        # The transcript's batches ride on the turns' state writes (one trip to the database
        # thread instead of two) where the store can take them along.
        carry_records(transcripts)
    middleware = [
        TranscriptRecorder(writer=transcripts),
        PersonStateMiddleware(states=states, locks=ConversationLocks(),
                              claims=TurnClaims(storage)),
        FailureTrackingMiddleware(
            states=states,
            handoff=Handoff(
                transcripts=transcripts, mail=mail, notifier=notifier, directory=directory,
                escalation_email=settings.hr_escalation_email, audit=audit,
            ),
            error_handler=error_handler,
            clock=clock,
        ),
        TypingIndicatorMiddleware(delay=TYPING_AFTER_SECONDS),
        MarkdownTextMiddleware(),
    ]
    for layer in middleware:
        adapter.use(layer)
    return Components(
        settings, adapter, bot, storage, directory, services, middleware, closers, detections,
        outbox=mail_service if isinstance(mail_service, OutboxMailService) else None,
    )


async def _bot_token(
    settings: Settings, credentials_factory: ServiceClientCredentialsFactory | None
) -> BotToken | None:
    """The token the bot replies to the channel with, when Bot Framework authentication is on
    (an app id is set); None in local development. `credentials_factory` replaces Entra ID."""
    if not settings.auth_enabled:
        return None
    factory = credentials_factory or ConfigurationServiceClientCredentialFactory(_BotAuthConfig(
        APP_ID=settings.app_id,
        APP_PASSWORD=settings.app_password,
        APP_TYPE=str(settings.app_type),
        APP_TENANTID=settings.app_tenant_id,
    ))
    tenant = settings.app_tenant_id or AuthenticationConstants.DEFAULT_CHANNEL_AUTH_TENANT
    # Built now, used when the first reply goes out (BotToken fetches off the event loop).
    credentials = await factory.create_credentials(
        settings.app_id,
        AuthenticationConstants.TO_CHANNEL_FROM_BOT_OAUTH_SCOPE,
        AuthenticationConstants.TO_CHANNEL_FROM_BOT_LOGIN_URL_PREFIX + tenant,
        True,
    )
    return BotToken(credentials.get_access_token)


def _sign_in(
    settings: Settings,
    http: aiohttp.ClientSession,
    token: BotToken | None,
    storage: Storage,
    directory: Directory,
    clock: Clock,
) -> SignIn | None:
    """The one-time sign-in for non-Teams channels, when an OAuth connection is configured;
    its outside calls report to the failure tracker."""
    if not settings.oauth_connection_name:
        return None
    tokens = TokenServiceClient(
        session=http, base_url=settings.token_service_url,
        bot_token=token.get if token is not None else None,
        timeout_seconds=SIGN_IN_TIMEOUT_SECONDS,
    )
    users = SignedInUserReader(session=http, graph_base_url=settings.graph_base_url,
                               timeout_seconds=SIGN_IN_TIMEOUT_SECONDS)
    return SignIn(
        connection_name=settings.oauth_connection_name, app_id=settings.app_id,
        tokens=tracked(tokens, "token_service"), users=tracked(users, "graph_me"),
        links=IdentityLinkStore(storage), directory=directory, clock=clock,
    )


def _graph_client(
    settings: Settings, http: aiohttp.ClientSession, token_source: TokenSource | None
) -> GraphClient | None:
    """One Graph client for every Graph-backed service, when any is configured."""
    if not settings.uses_graph:
        return None
    return GraphClient(
        session=http,
        token_source=token_source or GraphTokenProvider(
            tenant_id=settings.graph_tenant_id,
            client_id=settings.graph_client_id,
            client_secret=settings.graph_client_secret,
        ),
        base_url=settings.graph_base_url,
        timeout_seconds=GRAPH_TIMEOUT_SECONDS,
    )


def _directory(
    settings: Settings, org_db: OrgDatabase, graph: GraphClient | None
) -> Directory:
    """Entra ID through Graph when configured, else the demo organisation in SQLite."""
    if not settings.uses_graph_directory or graph is None:
        return SqliteDirectory(org_db)
    return GraphDirectory(
        client=graph,
        store_source=StoreSource(str(settings.directory_store_attribute)),
        role_source=RoleSource(str(settings.directory_role_source)),
        default_timezone=str(settings.timezone),
        manager_roles=settings.directory_manager_roles,
        manager_group_id=settings.directory_manager_group_id,
        roles_app_id=settings.roles_app_id,
        team_id=settings.graph_team_id,
        team_store_id=settings.graph_store_id,
        acts_as=settings.graph_shifts_owner_id,
        store_timezones=dict(settings.directory_store_timezones),
        cache_seconds=settings.directory_cache_seconds,
        max_people=settings.directory_max_people,
    )


def _mail_service(
    settings: Settings, org_db: OrgDatabase, records: DurableStore, graph: GraphClient | None,
    clock: Clock,
) -> MailService:
    if settings.mail_backend is MailBackend.GRAPH and graph is not None:
        return GraphMailService(client=graph, mailbox=settings.graph_mailbox,
                                log=RequestLog(records), clock=clock)
    if settings.mail_backend is MailBackend.SMTP:
        # Imported here, at start-up and only when configured (as the Cosmos DB SDK): aiosmtplib
        # is resident memory an instance mailing through its outbox or Graph never uses.
        from services.smtp_mail_service import SmtpMailService

        return SmtpMailService(
            host=settings.smtp_host, port=settings.smtp_port, sender=settings.smtp_from,
            log=RequestLog(records), username=settings.smtp_username,
            password=settings.smtp_password, starttls=settings.smtp_starttls,
        )
    return OutboxMailService(org_db, clock=clock)


def _calendar_service(
    settings: Settings,
    org_db: OrgDatabase,
    records: DurableStore,
    graph: GraphClient | None,
    mail: MailService,
    directory: Directory,
    clock: Clock,
) -> CalendarService:
    if settings.calendar_backend is CalendarBackend.GRAPH and graph is not None:
        return GraphCalendarService(client=graph, log=RequestLog(records),
                                    directory=directory,
                                    schedule_mailbox=settings.graph_mailbox or None, clock=clock)
    return LocalCalendarService(org_db, invitations=mail, tz=settings.timezone, clock=clock)


def _shift_backend(
    settings: Settings,
    org_db: OrgDatabase,
    records: DurableStore,
    directory: Directory,
    audit: StoredAuditLog,
    graph: GraphClient | None,
) -> ShiftBackend:
    if settings.shifts_backend is ShiftsBackend.GRAPH and graph is not None:
        return GraphShiftBackend(
            client=graph,
            team_id=settings.graph_team_id,
            store_id=settings.graph_store_id,
            db=org_db,
            directory=directory,
            audit=audit,
            ledger=StoredChangeLedger(records),
            owner_id=settings.graph_shifts_owner_id,
            cancel_mode=CancelMode(settings.graph_shifts_cancel_mode),
        )
    return DemoShiftBackend(org_db, audit)


def _llm_client(settings: Settings, closers: list[Callable[[], Any]]) -> LlmClient | None:
    """The one chat-model client (tracked for failures, closed at shutdown), or None offline."""
    if settings.llm_mode == "offline":
        return None
    # Imported only when a model is configured: the openai SDK costs ~20 MB of memory.
    from services.openai_llm_client import OpenAiLlmClient

    if settings.llm_mode == "azure-openai":
        client = OpenAiLlmClient.for_azure(
            endpoint=settings.azure_openai_endpoint,
            api_key=settings.azure_openai_api_key,
            api_version=settings.azure_openai_api_version,
            deployment=settings.azure_openai_deployment,
            call_timeout_seconds=settings.openai_timeout_seconds,
        )
    else:
        client = OpenAiLlmClient.for_openai(
            api_key=settings.openai_api_key,
            base_url=settings.openai_base_url or None,
            model=settings.openai_model,
            call_timeout_seconds=settings.openai_timeout_seconds,
        )
    closers.append(client.close)
    return tracked(client, "llm")


def _advisor(directory: Directory, llm: LlmClient | None, library: PlaybookLibrary) -> Advisor:
    """The LLM advisor when an LLM is configured, else the offline playbook advisor."""
    if llm is None:
        return PlaybookAdvisor(library=library, directory=directory)
    # Tracked too: the model can answer (a success of the LLM call) with nothing usable, an
    # empty text or a refusal by its content filter, and that is a failure of the advice.
    return tracked(LlmAdvisor(
        llm=llm, master_prompt=read_master_prompt(), directory=directory, library=library,
    ), "advisor")


def _embedding_fallback(settings: Settings) -> EmbeddingReplyClassifier | None:
    """The embedding classifier for unreadable replies, when an embedding model is set."""
    if not settings.openai_embedding_model:
        return None
    from services.embedding_reply_classifier import EmbeddingReplyClassifier

    if settings.llm_mode == "azure-openai":
        return EmbeddingReplyClassifier.connect_azure(
            endpoint=settings.azure_openai_endpoint,
            api_key=settings.azure_openai_api_key,
            api_version=settings.azure_openai_api_version,
            deployment=settings.openai_embedding_model,
        )
    return EmbeddingReplyClassifier.connect(
        base_url=settings.openai_base_url or None,
        api_key=settings.openai_api_key or "unused",
        model=settings.openai_embedding_model,
    )


async def _cancel(task: asyncio.Task[None]) -> None:
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError, Exception):
        await task


async def handle_messages(request: web.Request) -> web.StreamResponse:
    """POST /api/messages: read and check the activity, authenticate the caller (when
    authentication is on), then let the adapter run the turn.

    The caller is authenticated before the activity is judged, so a request without a valid
    token learns nothing but 401 (or 400 for a body that is not JSON at all); the adapter is
    handed the identity and does not validate the token again.
    """
    components = request.app[COMPONENTS]
    if request.content_type != "application/json":
        return web.json_response(
            {"error": "Content-Type must be application/json"}, status=415
        )
    authenticator = request.app.get(AUTHENTICATOR)
    if authenticator is not None and not request.headers.get("Authorization"):
        # No token at all: refused before the body is even read.
        return _refused(AuthenticationFailed("no token"), None)
    try:
        body = read_body(await request.read())
    except BadBody as error:
        return web.json_response({"error": str(error)}, status=400)
    caller: AuthenticatedCaller | None = None
    if authenticator is not None:
        try:
            caller = await authenticator.authenticate(
                request.headers.get("Authorization", ""), **_claimed_origin(body)
            )
        except CallerRefused as refusal:
            return _refused(refusal, body)
    problem = problem_with_activity(body)
    if problem:
        return web.json_response({"error": problem}, status=400)
    invoke = invoke_answer(body)
    if invoke is not None:
        return web.json_response(invoke.body, status=invoke.status)
    try:
        activity = activity_from_json(body)
    except ValueError as error:
        logger.info("malformed activity refused: %s", error)
        return web.json_response({"error": "the activity has malformed fields"}, status=400)
    # What CloudAdapter.process does for a POST, on the activity checked and cleaned above.
    adapter = components.adapter
    try:
        invoke_response = await adapter.process_activity(
            CallerIdConstants.public_azure_channel if caller is not None else None,
            activity,
            components.bot.on_turn,
        )
    except PermissionError:
        return web.json_response({"error": "not authorised"}, status=401)
    if invoke_response:
        return web.json_response(
            data=serializer_helper(invoke_response.body), status=invoke_response.status
        )
    return web.Response(status=201)


def _claimed_origin(body: Any) -> dict[str, Any]:
    """The channel, service URL and Teams tenant the body claims, for the token check."""
    fields = body if isinstance(body, dict) else {}
    channel_data = fields.get("channelData")
    tenant = channel_data.get("tenant") if isinstance(channel_data, dict) else None
    tenant_id = tenant.get("id") if isinstance(tenant, dict) else None
    channel_id, service_url = fields.get("channelId"), fields.get("serviceUrl")
    return {
        "channel_id": channel_id if isinstance(channel_id, str) else "",
        "service_url": service_url if isinstance(service_url, str) else "",
        "tenant_id": tenant_id if isinstance(tenant_id, str) else None,
    }


def _refused(refusal: CallerRefused, body: Any) -> web.Response:
    """One short log line (the reason and the activity id, never the token) and the answer."""
    activity_id = body.get("id") if isinstance(body, dict) else None
    # The id comes from an unauthenticated body: shown only when it looks like an id.
    shown_id = activity_id if isinstance(activity_id, str) and _LOGGABLE_ID.fullmatch(
        activity_id) else "-"
    if isinstance(refusal, KeysUnavailable):
        logger.warning("request %s refused (503): signing keys unavailable", shown_id)
        return web.json_response(
            {"error": "authentication is unavailable right now; try again shortly"},
            status=503, headers={"Retry-After": "30"},
        )
    logger.warning("request %s refused (%d): %s", shown_id, refusal.status, refusal)
    message = "not authorised" if refusal.status == 401 else "this tenant may not use ERA"
    return web.json_response({"error": message}, status=refusal.status)


async def handle_healthz(request: web.Request) -> web.Response:
    """GET /healthz: 503 "warming" until the date recognizers are loaded, then 200 with the
    version, storage kind, LLM mode, the event loop serving and action detection counts per
    reason."""
    components = request.app[COMPONENTS]
    settings = components.settings
    # App Service's health check (healthCheckPath) sends no traffic here until it is 200.
    warm = components.services.time_parser.warmed
    return web.json_response(
        {
            "status": "ok" if warm else "warming",
            "version": VERSION,
            "storage": str(settings.storage),
            "llm": settings.llm_mode,
            "auth": "on" if settings.auth_enabled else "off (local development)",
            "event_loop": str(running_loop_kind()),
            "detections": components.detections.snapshot(),
        },
        status=200 if warm else 503,
    )


async def handle_outbox(request: web.Request) -> web.Response:
    """GET /api/outbox?limit=N: the local outbox's newest messages, for trying ERA locally.
    Served only without Bot Framework authentication (local development) and when mail goes to
    the outbox; otherwise it does not exist."""
    components = request.app[COMPONENTS]
    if components.settings.auth_enabled or components.outbox is None:
        raise web.HTTPNotFound()
    try:
        limit = int(request.query.get("limit", "20"))
    except ValueError:
        return web.json_response({"error": "limit must be a whole number 1-100"}, status=400)
    if not 1 <= limit <= 100:
        return web.json_response({"error": "limit must be a whole number 1-100"}, status=400)
    entries = await components.outbox.list_recent(limit)
    return web.json_response([entry.to_dict() for entry in entries])


def create_app(
    settings: Settings,
    *,
    storage: Storage | None = None,
    clock: Clock = utc_now,
    authenticator: RequestAuthenticator | None = None,
    bot_credentials: ServiceClientCredentialsFactory | None = None,
    graph_token_source: TokenSource | None = None,
    settle_heap: bool = False,
) -> web.Application:
    """The aiohttp application; components are built at start-up and closed at shutdown.

    With authentication on, `authenticator` replaces the one reading the public Bot Framework
    and Entra ID signing keys (tests serve their own keys), and `bot_credentials` the Entra ID
    credentials for replies. `graph_token_source` replaces MSAL for Microsoft Graph (tests
    point Graph at a local fake). `settle_heap` is for the serving process (see
    `_settle_heap()`); tests leave it off.
    """
    app = web.Application(client_max_size=MAX_REQUEST_BYTES)

    async def lifecycle(app: web.Application) -> AsyncIterator[None]:
        components = await build_components(
            settings, storage=storage, clock=clock, bot_credentials=bot_credentials,
            graph_token_source=graph_token_source, settle_heap=settle_heap,
        )
        app[COMPONENTS] = components
        _warm_first_turn()
        if settings.auth_enabled:
            checker = authenticator or RequestAuthenticator(
                app_id=settings.app_id, app_tenant_id=settings.app_tenant_id,
                allowed_tenants=settings.allowed_tenants,
            )
            app[AUTHENTICATOR] = checker
            components.closers.append(checker.close)
        logger.info(
            "ERA %s ready: storage=%s llm=%s auth=%s",
            VERSION, settings.storage, settings.llm_mode, settings.auth_enabled,
        )
        yield
        await components.close()

    app.cleanup_ctx.append(lifecycle)
    app.router.add_post("/api/messages", handle_messages)
    app.router.add_get("/healthz", handle_healthz)
    app.router.add_get("/api/outbox", handle_outbox)
    if not settings.auth_enabled:
        _add_local_webchat(app)
    return app


def _add_local_webchat(app: web.Application) -> None:
    """The local Web Chat page and its Direct Line endpoint (development only)."""

    async def run_turn(body: dict[str, Any]) -> None:
        components = app[COMPONENTS]
        activity = activity_from_json(clean_strings(body))
        await components.adapter.process_activity(None, activity, components.bot.on_turn)

    def problem_with(body: dict[str, Any]) -> str | None:
        problem = problem_with_activity(body)
        if problem is None:
            try:
                activity_from_json(clean_strings(body))
            except ValueError:
                return "the activity has malformed fields"
        return problem

    direct_line = LocalDirectLine(run_turn=run_turn, problem_with=problem_with, people=[
        DemoIdentity(p.channel_user_id, p.name, p.role) for p in DEMO_PEOPLE
    ])
    direct_line.add_routes(app.router)

    async def lifecycle(app: web.Application) -> AsyncIterator[None]:
        yield
        await direct_line.close()

    app.cleanup_ctx.append(lifecycle)


# Start-up builds what lives as long as the process (lexicons, compiled rules, the date models):
# with the default first threshold (700) ~500 collections scan that growing heap, ~0.6 s of CPU.
# Far rarer ones still free the cycles start-up leaves behind; none at all left ~9 MB more RSS.
_START_UP_THRESHOLDS = (20_000, 10, 10)
_thresholds_before: tuple[int, int, int] | None = None


def _pause_collection() -> None:
    """Collect rarely while the serving process starts (`_START_UP_THRESHOLDS`);
    `_settle_heap` collects once at the end."""
    global _thresholds_before
    if _thresholds_before is None:
        _thresholds_before = gc.get_threshold()
    gc.set_threshold(*_START_UP_THRESHOLDS)


def _resume_collection(_warm_up: asyncio.Task[None]) -> None:
    """The warm-up has ended (settled, failed or cancelled): collection runs as usual again."""
    global _thresholds_before
    if _thresholds_before is not None:
        gc.set_threshold(*_thresholds_before)
        _thresholds_before = None


def _settle_heap() -> None:
    """After start-up (and after a language's date models loaded): collect once, then leave
    everything alive now out of the cyclic garbage collector's scans. The recognizer models are
    hundreds of thousands of objects that live as long as the process; scanned, every full
    collection paused all turns for 40-80 ms."""
    gc.collect()
    gc.freeze()
    _release_free_heap()


def _release_free_heap() -> None:
    """Hand the C heap's free pages back to the system (glibc's `malloc_trim`). Start-up frees
    the temporaries of the lexicons' compiles and the SDK imports, and malloc keeps such pages
    resident for the life of the process unless asked: ~1.2 MB of RSS after start (bench
    memory driver: 129.4 -> 128.2 MB). Where the C library has no `malloc_trim` (musl, macOS)
    there is nothing to do."""
    try:
        malloc_trim = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return
    malloc_trim(0)


def _warm_first_turn() -> None:
    """Do at start-up what the SDK otherwise does lazily in the first user's turn, on the event
    loop: isodate compiles its date patterns (~50 ms), and msrest's user agent asks
    `platform.platform()`, which runs `uname -p` in a subprocess (~80 ms)."""
    platform.platform()
    sample = {"type": "message", "id": "warm-up", "timestamp": "2026-01-01T09:00:00.000Z",
              "localTimestamp": "2026-01-01T10:00:00.000+01:00", "channelId": "emulator",
              "serviceUrl": "http://127.0.0.1", "conversation": {"id": "warm-up"},
              "from": {"id": "u"}, "recipient": {"id": "b"}, "text": ""}
    to_json(activity_from_json(sample))


def configure_logging(level: str) -> None:
    """One log format for the whole process; noisy SDK loggers at WARNING; no exception text
    (where bodies leak) above INFO unless the level is DEBUG (see bots.log_policy)."""
    log_policy.configure(level)


def _settings_or_exit(status: int = 2) -> Settings:
    try:
        return Settings.from_env()
    except ConfigError as error:
        sys.stderr.write(f"ERA cannot start: {error}\n")
        raise SystemExit(status) from error


def __getattr__(name: str) -> Any:
    """`APP`, built from the environment on first use (gunicorn's `app:APP`), so importing this
    module in tests reads no environment."""
    if name == "APP":
        # Status 3 is gunicorn's "worker failed to boot": it stops instead of respawning the
        # worker forever (gunicorn.conf.py normally refuses before any worker is forked).
        settings = _settings_or_exit(3)
        configure_logging(settings.log_level)
        application = create_app(settings, settle_heap=True)
        globals()["APP"] = application
        return application
    raise AttributeError(name)


def _log_addresses(settings: Settings) -> None:
    """Where to talk to ERA: said once the socket is bound, so the address answers when read."""
    logger.info("listening on http://%s:%d/api/messages", settings.host, settings.port)
    if not settings.auth_enabled and WEBCHAT_BUNDLE.is_file():
        logger.info("chat in the browser: http://%s:%d/", settings.host, settings.port)
    elif not settings.auth_enabled:
        logger.info("no chat page at http://%s:%d/ yet. %s", settings.host, settings.port,
                    NO_BUNDLE)


def main() -> None:
    """`python app.py`: serve on HOST:PORT."""
    settings = _settings_or_exit()
    configure_logging(settings.log_level)
    # run_app calls `print` after start-up (warm-up included) has run and the site is bound.
    web.run_app(create_app(settings, settle_heap=True), host=settings.host, port=settings.port,
                print=lambda _banner: _log_addresses(settings),
                loop=new_event_loop(settings.event_loop))

if __name__ == "__main__":
    main()
