"""ERA's Bot Framework adapter: runs a turn for an incoming activity and sends the bot's replies.

It replaces botbuilder's CloudAdapter on the turn path. CloudAdapter builds a ConnectorClient and
a UserTokenClient for every activity and posts replies with `requests` in a thread pool; here one
ChannelConnector (one keep-alive HTTP client, a cached token) serves every turn. Replies of a
message turn are held in a ReplyBuffer until the turn's state is saved: a turn that loses an
ETag race can then run again on fresh state without having said anything twice, and a turn whose
save failed can say so honestly. Typing indicators and invoke responses are never held.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any

from botbuilder.core import BotAdapter, InvokeResponse, TurnContext
from botbuilder.schema import (
    Activity,
    ActivityTypes,
    ConversationAccount,
    ConversationReference,
    DeliveryModes,
    ExpectedReplies,
    ResourceResponse,
)
from botframework.connector import Channels

from bots.channel_connector import ChannelConnector
from bots.slack_escaping import escape_for_slack
from bots.turn_error_handler import TurnErrorHandler
from core.turn_deadline import REQUEST_BUDGET_SECONDS, turn_deadline
from state.activity_json import to_json_text

logger = logging.getLogger(__name__)

Logic = Callable[[TurnContext], Awaitable[Any]]
_INVOKE_RESPONSE_KEY = BotAdapter._INVOKE_RESPONSE_KEY
_BUFFER_KEY = "era.reply_buffer"
_NEVER_HELD = frozenset({ActivityTypes.typing, ActivityTypes.invoke_response, "delay"})


class EraTurnContext(TurnContext):  # type: ignore[misc]
    """TurnContext without the SDK's deep copy of every outgoing activity (a card costs a
    millisecond to copy): the reply gets its own shallow copy, then the conversation's
    addresses, as the SDK does."""

    async def send_activities(self, activities: list[Activity]) -> list[ResourceResponse]:
        """Address the activities to this conversation and send them through the handlers."""
        incoming = self.activity
        # What TurnContext.get_conversation_reference and apply_conversation_reference do, with
        # the same shallow copies, made without copy.copy's reduce protocol and without the
        # msrest model in between (~35 us less a send, about 1 % of a help turn).
        reply_to = (incoming.id if incoming.type != ActivityTypes.conversation_update
                    and incoming.channel_id not in (Channels.direct_line, Channels.webchat)
                    else None)
        bot, user = _shallow_copy(incoming.recipient), _shallow_copy(incoming.from_property)
        conversation = _shallow_copy(incoming.conversation)
        output = []
        for original in activities:
            activity = _shallow_copy(original)
            activity.channel_id = incoming.channel_id
            activity.locale = incoming.locale
            activity.service_url = incoming.service_url
            activity.conversation = conversation
            activity.from_property = bot
            activity.recipient = user
            if reply_to:
                activity.reply_to_id = reply_to
            activity.type = activity.type or ActivityTypes.message
            activity.input_hint = activity.input_hint or "acceptingInput"
            activity.id = None
            output.append(activity)
        visible = any(a.type != ActivityTypes.trace for a in output)

        async def logic() -> list[ResourceResponse]:
            if self.activity.delivery_mode == DeliveryModes.expect_replies:
                self.buffered_reply_activities.extend(output)
                responses = [ResourceResponse(id="") for _ in output]
            else:
                responses = await self.adapter.send_activities(self, output)
            if visible:
                self.responded = True
            return responses

        return await self._emit(self._on_send_activities, output, logic())  # type: ignore[no-any-return]

    async def _emit(self, plugins: list[Any], arg: Any, logic: Awaitable[Any]) -> Any:
        """Run the send / update / delete handlers in order, then `logic`, as the SDK does.
        The SDK's chain is a closure that refers to itself: each send left a reference cycle
        holding this context (the person's state, the turn's activities and replies) for the
        cycle collector, ~13,000 objects a hundred turns."""
        await _NextHandler(list(plugins), self, arg, 0)()
        return await logic


class _NextHandler:
    """The `next` a send handler is given: calling it runs the handler after it (no cycle)."""

    __slots__ = ("_arg", "_context", "_handlers", "_index")

    def __init__(self, handlers: list[Any], context: TurnContext, arg: Any, index: int) -> None:
        self._handlers = handlers
        self._context = context
        self._arg = arg
        self._index = index

    async def __call__(self) -> None:
        if self._index < len(self._handlers):
            await self._handlers[self._index](
                self._context, self._arg,
                _NextHandler(self._handlers, self._context, self._arg, self._index + 1))


def _shallow_copy(model: Any) -> Any:
    """`copy.copy(model)` for a botbuilder model (a plain object with a `__dict__`, no
    `__copy__`): the same new object, a quarter of the time."""
    if model is None:
        return None
    clone = object.__new__(type(model))
    clone.__dict__.update(model.__dict__)
    return clone


@dataclass
class ReplyBuffer:
    """The replies of the running turn, sent when the turn's state is safely saved."""

    held: list[Activity] = field(default_factory=list)
    open: bool = True
    _texts: dict[int, str] = field(default_factory=dict)

    @staticmethod
    def of(context: TurnContext) -> ReplyBuffer | None:
        """The turn's buffer, when its adapter holds replies."""
        buffer = context.turn_state.get(_BUFFER_KEY)
        return buffer if isinstance(buffer, ReplyBuffer) else None

    def text_of(self, activity: Activity) -> str:
        """A held reply as JSON text, made once: the same text is saved with the turn's state,
        sent to the channel and kept in the transcript."""
        text = self._texts.get(id(activity))
        if text is None:
            text = self._texts[id(activity)] = to_json_text(activity)
        return text

    def held_texts(self) -> list[str]:
        """Every held reply as JSON text."""
        return [self.text_of(activity) for activity in self.held]

    def known_text(self, activity: Activity) -> str | None:
        """The reply's JSON text if it was already made."""
        return self._texts.get(id(activity))

    def discard(self, context: TurnContext) -> None:
        """Forget the held replies (the turn runs again)."""
        self.held.clear()
        self._texts.clear()
        context._responded = False  # the SDK only lets `responded` go from False to True


class EraAdapter(BotAdapter):  # type: ignore[misc]
    """Turns for incoming activities, replies through one shared connector."""

    def __init__(self, *, connector: ChannelConnector, error_handler: TurnErrorHandler) -> None:
        super().__init__(on_turn_error=None)
        self._connector = connector
        self._error_handler = error_handler
        self.on_turn_error = self._handle_turn_error

    @property
    def connector(self) -> ChannelConnector:
        """The outbound connector (closed at shutdown)."""
        return self._connector

    async def process_activity(
        self, caller_id: str | None, activity: Activity, logic: Logic
    ) -> InvokeResponse | None:
        """Run the middleware and the bot for an activity whose request was already
        authenticated (`caller_id` says by whom, None when authentication is off), and send the
        replies; the invoke response (or expected replies) for the HTTP answer, else None."""
        activity.caller_id = caller_id
        context = EraTurnContext(self, activity)
        buffer = ReplyBuffer()
        if activity.type == ActivityTypes.message and (
            activity.delivery_mode != DeliveryModes.expect_replies
        ):
            context.turn_state[_BUFFER_KEY] = buffer
        with turn_deadline(REQUEST_BUDGET_SECONDS):
            try:
                await self.run_pipeline(context, logic)
            finally:
                buffer.open = False
                await self._flush(buffer)
        if activity.delivery_mode == DeliveryModes.expect_replies:
            return InvokeResponse(
                status=HTTPStatus.OK,
                body=ExpectedReplies(activities=context.buffered_reply_activities).serialize(),
            )
        if activity.type == ActivityTypes.invoke:
            response = context.turn_state.get(_INVOKE_RESPONSE_KEY)
            if response is None:
                return InvokeResponse(status=HTTPStatus.NOT_IMPLEMENTED)
            value: InvokeResponse = response.value
            return value
        return None

    async def send_activities(
        self, context: TurnContext, activities: list[Activity]
    ) -> list[ResourceResponse]:
        """Hold the turn's replies (see ReplyBuffer), or send them now."""
        buffer = ReplyBuffer.of(context)
        responses = []
        for activity in activities:
            escape_for_slack(activity)
            if activity.type == ActivityTypes.invoke_response:
                context.turn_state[_INVOKE_RESPONSE_KEY] = activity
                responses.append(ResourceResponse(id=""))
            elif activity.type == ActivityTypes.trace and activity.channel_id != "emulator":
                responses.append(ResourceResponse(id=""))
            elif buffer is not None and buffer.open and activity.type not in _NEVER_HELD:
                buffer.held.append(activity)
                responses.append(ResourceResponse(id=""))
            else:
                responses.append(await self._connector.send(activity))
        return responses

    async def update_activity(self, context: TurnContext, activity: Activity) -> ResourceResponse:
        """Replace an activity the bot sent earlier."""
        return await self._connector.update(activity)

    async def delete_activity(
        self, context: TurnContext, reference: ConversationReference
    ) -> None:
        """Delete an activity the bot sent earlier."""
        await self._connector.delete(
            reference.service_url, reference.conversation.id, reference.activity_id
        )

    async def run_internal(self, activity: Activity, logic: Logic) -> None:
        """Run a turn for an activity ERA made itself (a request moved from a shared
        conversation into the person's private chat): the full pipeline, no authentication."""
        context = EraTurnContext(self, activity)
        buffer = ReplyBuffer()
        context.turn_state[_BUFFER_KEY] = buffer
        try:
            await self.run_pipeline(context, logic)
        finally:
            buffer.open = False
            await self._flush(buffer)

    async def open_personal_chat(self, activity: Activity) -> ConversationReference:
        """The reference of the one-to-one chat with the sender of `activity` (opened through
        the connector when it does not exist yet). BackendError when the channel refuses."""
        sender = activity.from_property
        member: dict[str, Any] = {"id": sender.id, "name": sender.name}
        bot = {"id": activity.recipient.id, "name": activity.recipient.name}
        tenant = activity.conversation.tenant_id
        channel_data = activity.channel_data if isinstance(activity.channel_data, dict) else {}
        tenant = tenant or (channel_data.get("tenant") or {}).get("id")
        conversation_id = await self._connector.create_personal_conversation(
            activity.service_url, bot=bot, member=member, tenant_id=tenant
        )
        return ConversationReference(
            activity_id=None, bot=activity.recipient, user=sender,
            conversation=ConversationAccount(id=conversation_id, conversation_type="personal",
                                             tenant_id=tenant),
            channel_id=activity.channel_id, locale=activity.locale,
            service_url=activity.service_url,
        )

    async def continue_conversation(
        self,
        reference: ConversationReference,
        callback: Logic,
        bot_id: str | None = None,
        claims_identity: Any = None,
        audience: str | None = None,
    ) -> None:
        """Run `callback` in a conversation ERA has a reference to (a proactive message); what
        it sends goes out at once."""
        activity = TurnContext.apply_conversation_reference(
            Activity(type=ActivityTypes.event, name="ContinueConversation"), reference,
            is_incoming=True,
        )
        await callback(EraTurnContext(self, activity))

    async def _flush(self, buffer: ReplyBuffer) -> None:
        held, buffer.held = buffer.held, []
        for activity in held:
            try:
                await self._connector.send(activity, text=buffer.known_text(activity))
            except Exception as error:
                # The turn's work is done and saved; a reply the channel would not take is
                # logged, not turned into a failed turn that the channel would redeliver.
                logger.warning("reply not delivered to %s: %s", activity.channel_id, error)
                return

    async def _handle_turn_error(self, context: TurnContext, error: Exception) -> None:
        # Turns normally fail inside the failure-tracking middleware, which handles the error
        # itself; this catches what fails outside it (other middleware, the SDK).
        await self._error_handler(context, error)
