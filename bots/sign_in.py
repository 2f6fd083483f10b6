"""One-time sign-in for channels that do not say who the user is (Slack and the others but Teams).

Teams sends the signed-in user's Entra object id; Slack only its own user id. With an Azure Bot
OAuth connection configured (ERA_OAUTH_CONNECTION_NAME), an unknown user on such a channel is
asked to sign in once with an OAuthCard (the Bot Framework token service's sign-in link); the
token the service then holds for them is read with Graph ``/me`` to learn their Entra object id,
and the link (channel + channel user id -> object id) is stored in the bot's Storage, shared by
every instance. From then on they are identified by it, until they say "sign out". The card is
never shown where others read (a Slack channel or group DM): there the person is asked to write
to ERA directly, and signs in in that private conversation.

The token arrives in one of two ways, as in botbuilder's OAuthPrompt: a ``tokens/response``
event (channels that deliver it), or the 6-digit magic code the sign-in page shows, typed into
the chat (Slack). The request the person made before signing in is kept in their state document
and carried out once they are signed in (if it is still recent). A second person in the same
Slack channel is never linked by someone else's sign-in: tokens, codes and links are all per
channel user id.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from botbuilder.core import CardFactory, MessageFactory, TurnContext
from botbuilder.schema import ActionTypes, CardAction, OAuthCard

from bots.private_chat import is_shared
from bots.turn_language import turn_language
from core.directory import Directory
from core.errors import BackendError
from core.identity_link import IdentityLink
from core.intent import Intent
from core.person import Person
from language.catalogue import say
from language.intent_rules import classify_intent
from services.signed_in_user import SignedInUserReader
from services.token_service_client import TokenServiceClient, UserToken, token_exchange_state
from state.identity_link_store import IdentityLinkStore
from state.person_state import current_person_state

logger = logging.getLogger(__name__)

TOKEN_RESPONSE_EVENT = "tokens/response"
PENDING_FLAG = "sign_in_pending"
# A request older than this is not carried out after the sign-in ("tomorrow" has moved on).
PENDING_FOR = timedelta(minutes=15)
# Channels whose user id ERA trusts without a sign-in (Teams sends the Entra object id).
TRUSTED_CHANNELS = frozenset({"msteams"})
# Requests worth keeping while the person signs in (not greetings, control words or stray text).
_NOT_A_REQUEST = frozenset({
    Intent.UNKNOWN, Intent.GREETING, Intent.THANKS, Intent.GOODBYE, Intent.HELP,
    Intent.CANCEL_FLOW, Intent.START_OVER,
    Intent.SIGN_OUT, Intent.FEEDBACK, Intent.UNDO,
})
_MAGIC_CODE = re.compile(r"\s*(\d{3})[ -]?(\d{3})\s*")

PROMPT = "signin.prompt"
BUTTON = "signin.button"
IN_PRIVATE = "signin.in_private"
CODE_WRONG = "signin.code_wrong"
SIGNED_IN = "signin.signed_in"
SIGNED_IN_REQUEST = "signin.signed_in_request"
NOT_IN_DIRECTORY = "signin.not_in_directory"
SIGNED_OUT = "signin.signed_out"
UNAVAILABLE = "signin.unavailable"


@dataclass(frozen=True)
class SignInOutcome:
    """Who is speaking after the sign-in step, and what to carry out: `person` None means the
    step answered the turn itself; `request` is the text to run the dialogs on."""

    person: Person | None
    request: str = ""


def is_sign_out(text: str, locale: str | None) -> bool:
    """Whether the whole message asks to sign out ("sign out", "déconnexion", "abmelden"...)."""
    return bool(text) and classify_intent(text, locale=locale).intent is Intent.SIGN_OUT


class SignIn:
    """The sign-in step of a turn for users of channels that need it."""

    def __init__(
        self,
        *,
        connection_name: str,
        app_id: str,
        tokens: TokenServiceClient,
        users: SignedInUserReader,
        links: IdentityLinkStore,
        directory: Directory,
        clock: Callable[[], datetime],
    ) -> None:
        self._connection = connection_name
        self._app_id = app_id
        self._tokens = tokens
        self._users = users
        self._links = links
        self._directory = directory
        self._clock = clock

    @staticmethod
    def applies_to(activity: Any) -> bool:
        """Whether the activity's channel identifies people by sign-in."""
        return (activity.channel_id or "") not in TRUSTED_CHANNELS and bool(
            activity.from_property and activity.from_property.id
        )

    async def speaker(self, context: TurnContext) -> SignInOutcome:
        """A message from someone the directory does not know by their channel id: the linked
        person, or the sign-in asked for (or completed with a magic code)."""
        activity = context.activity
        channel_id, user_id = activity.channel_id, activity.from_property.id
        text = (activity.text or "").strip()
        language = turn_language(context)
        if is_sign_out(text, activity.locale):
            await self.sign_out(context, language)
            return SignInOutcome(None)
        try:
            link = await self._links.get(channel_id, user_id)
            if link is not None:
                return SignInOutcome(await self._linked_person(context, link, language), text)
            code = _magic_code(text)
            token = await self._tokens.get_token(
                user_id=user_id, connection_name=self._connection, channel_id=channel_id,
                code=code,
            )
            if token is None:
                if is_shared(activity):
                    # Everyone there would see the card (and could press its button); the
                    # sign-in happens in the person's direct message with ERA.
                    await context.send_activity(say(IN_PRIVATE, language))
                    return SignInOutcome(None)
                if not code:
                    _keep_request(text, activity.locale, self._clock())
                await self._prompt(context, language, wrong_code=code is not None)
                return SignInOutcome(None)
            pending = _pending_request(self._clock())
            return await self._complete(context, token, language,
                                        request=pending if code else text)
        except BackendError as error:
            return await self._unavailable(context, language, error)

    async def linked_person(self, activity: Any) -> Person | None:
        """The person the sender linked by signing in before, without asking anything or
        answering (None when there is no link, the directory lacks them, or the store is
        down)."""
        return await self.person_of(activity.channel_id, activity.from_property.id)

    async def person_of(self, channel_id: str, channel_user_id: str) -> Person | None:
        """The person a channel account was linked to by signing in (None when there is no
        link, the directory lacks them, or the store is down): whom a Slack reference names."""
        try:
            link = await self._links.get(channel_id, channel_user_id)
            if link is None:
                return None
            return await self._directory.identify(
                channel_user_id=link.channel_user_id, aad_object_id=link.aad_object_id)
        except BackendError as error:
            logger.warning("sign-in link not read: %s", error)
            return None

    async def on_token_response(self, context: TurnContext) -> SignInOutcome:
        """The ``tokens/response`` event a channel sends once the user signed in."""
        activity = context.activity
        if not self.applies_to(activity):
            return SignInOutcome(None)
        value = activity.value if isinstance(activity.value, dict) else {}
        connection = value.get("connectionName")
        if connection and connection != self._connection:
            logger.info("token response for another connection ignored")
            return SignInOutcome(None)
        language = turn_language(context)
        try:
            token: UserToken | None = None
            if isinstance(value.get("token"), str) and value["token"]:
                token = UserToken(connection_name=self._connection, token=value["token"])
            else:
                token = await self._tokens.get_token(
                    user_id=activity.from_property.id, connection_name=self._connection,
                    channel_id=activity.channel_id,
                )
            if token is None:
                await self._prompt(context, language, wrong_code=False)
                return SignInOutcome(None)
            return await self._complete(context, token, language,
                                        request=_pending_request(self._clock()))
        except BackendError as error:
            return await self._unavailable(context, language, error)

    async def sign_out(self, context: TurnContext, language: str) -> None:
        """Sign the user out of the token service and forget their link; the flows they had
        started end (the next person to sign in here may be someone else)."""
        activity = context.activity
        try:
            await self._tokens.sign_out(user_id=activity.from_property.id,
                                        connection_name=self._connection,
                                        channel_id=activity.channel_id)
            await self._links.remove(activity.channel_id, activity.from_property.id)
        except BackendError as error:
            await self._unavailable(context, language, error)
            return
        state = current_person_state()
        if state is not None:
            state.reset_flow_state()
            state.flags.pop(PENDING_FLAG, None)
        logger.info("user signed out on %s", activity.channel_id)
        await context.send_activity(say(SIGNED_OUT, language))

    async def _complete(
        self, context: TurnContext, token: UserToken, language: str, *, request: str
    ) -> SignInOutcome:
        """Read who the token belongs to, store the link, and say so."""
        activity = context.activity
        user = await self._users.read(token.token)
        link = IdentityLink(
            channel_id=activity.channel_id, channel_user_id=activity.from_property.id,
            aad_object_id=user.aad_object_id, linked_at=self._clock(),
            display_name=user.display_name,
        )
        await self._links.save(link)
        logger.info("channel account on %s linked by sign-in", activity.channel_id)
        state = current_person_state()
        if state is not None:
            state.flags.pop(PENDING_FLAG, None)
        person = await self._linked_person(context, link, language)
        if person is None:
            return SignInOutcome(None)
        if request:
            await context.send_activity(say(SIGNED_IN_REQUEST, language, name=person.first_name,
                                            request=request))
            return SignInOutcome(person, request)
        await context.send_activity(say(SIGNED_IN, language, name=person.first_name))
        return SignInOutcome(None)

    async def _linked_person(
        self, context: TurnContext, link: IdentityLink, language: str
    ) -> Person | None:
        person = await self._directory.identify(
            channel_user_id=link.channel_user_id, aad_object_id=link.aad_object_id
        )
        if person is None:
            logger.info("linked account on %s is not in the directory", link.channel_id)
            await context.send_activity(say(NOT_IN_DIRECTORY, language,
                                            name=link.display_name or link.aad_object_id))
        return person

    async def _prompt(self, context: TurnContext, language: str, *, wrong_code: bool) -> None:
        """The sign-in card (an OAuthCard, as OAuthPrompt sends it)."""
        activity = context.activity
        reference = TurnContext.get_conversation_reference(activity)
        state = token_exchange_state(connection_name=self._connection,
                                     conversation=reference.serialize(), app_id=self._app_id,
                                     relates_to=activity.relates_to.serialize()
                                     if activity.relates_to else None)
        resource = await self._tokens.get_sign_in_resource(state)
        # The channel service puts its own link on the button, except in Teams (OAuthPrompt).
        link = resource.sign_in_link if activity.channel_id in TRUSTED_CHANNELS or not (
            (activity.service_url or "").startswith("http")) else None
        text = say(PROMPT, language)
        card = CardFactory.oauth_card(OAuthCard(
            text=text,
            connection_name=self._connection,
            buttons=[CardAction(type=ActionTypes.signin, title=say(BUTTON, language),
                                text=say(BUTTON, language), value=link)],
            token_exchange_resource=resource.token_exchange_resource,
            token_post_resource=resource.token_post_resource,
        ))
        reply = MessageFactory.attachment(card)
        if wrong_code:
            reply.text = say(CODE_WRONG, language)
        await context.send_activity(reply)

    async def _unavailable(
        self, context: TurnContext, language: str, error: BackendError
    ) -> SignInOutcome:
        logger.warning("sign-in step failed: %s", error)
        await context.send_activity(say(UNAVAILABLE, language))
        return SignInOutcome(None)


def _magic_code(text: str) -> str | None:
    found = _MAGIC_CODE.fullmatch(text)
    return found.group(1) + found.group(2) if found else None


def _keep_request(text: str, locale: str | None, now: datetime) -> None:
    """Keep the person's request to carry it out after the sign-in (the newest one wins)."""
    state = current_person_state()
    if state is None or not text:
        return
    if classify_intent(text, locale=locale).intent in _NOT_A_REQUEST:
        return
    state.flags[PENDING_FLAG] = {"request": text, "at": now.isoformat()}


def _pending_request(now: datetime) -> str:
    """The request kept before the sign-in, when it is still recent."""
    state = current_person_state()
    pending = state.flags.get(PENDING_FLAG) if state is not None else None
    if not isinstance(pending, dict) or not isinstance(pending.get("request"), str):
        return ""
    try:
        asked_at = datetime.fromisoformat(str(pending.get("at")))
    except ValueError:
        return ""
    if now - asked_at > PENDING_FOR:
        return ""
    return str(pending["request"])
