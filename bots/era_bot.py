"""ERA's activity handler: the entry of every turn.

It cleans the incoming message (Teams @mentions removed, a card submit turned into the text a
user would have typed), works out who is speaking, welcomes new users and runs the dialogs. The
dialog stack and the flags live in the speaker's state document, which the person-state
middleware loads before the turn and saves after it.
"""

from __future__ import annotations

import hashlib
import html
import json
import logging
import re
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from typing import Any

import orjson
from botbuilder.core import CardFactory, TurnContext
from botbuilder.core.teams import TeamsActivityHandler
from botbuilder.dialogs import Dialog, DialogSet, DialogTurnStatus
from botbuilder.schema import ActivityTypes, ChannelAccount

from bots.person_state_middleware import CONCURRENT_UPDATE
from bots.private_chat import HELP_THERE, MOVED_TURN, PrivateChat, is_shared
from bots.shared_reply_address import address_replies
from bots.sign_in import SignIn
from bots.slack_text import slack_plain_text
from bots.turn_language import turn_language
from core.directory import Directory
from core.forwarded_message import without_forwarded
from core.intent import Intent
from core.invisible_marks import without_invisible_marks
from core.person import Person
from core.short_answer import short_answer
from dialogs.email_dialog import pressed_draft
from dialogs.era_turn import EraTurn
from dialogs.last_question import OPENED
from dialogs.main_dialog import MainDialog
from dialogs.question_card import REPLY_KEY
from dialogs.rendering.adaptive_card_renderer import form_reply
from dialogs.reply_prompt import take_follow_up
from language.catalogue import default_catalogue, say
from language.formatting import format_list
from language.intent_rules import MatchKind
from language.language_choice import choose_language
from language.understanding import Understanding, prepare_understanding, understand
from state.card_owners import CardOwners
from state.conversation_reference_store import ConversationReferenceStore, reference_of
from state.draft_owners import DraftOwners
from state.person_erasure import PERSON_ID_FLAG
from state.person_state import DIALOG, FLAGS, current_person_state
from state.person_state_property import PersonStateProperty

logger = logging.getLogger(__name__)

OTHER_PERSONS_BUTTON = "bot.other_persons_button"
ADDRESSED_TO_SOMEONE_ELSE = "bot.addressed_to_someone_else"
# The same, when the mention gives no name (Slack's raw "<@U0ALICE>").
ADDRESSED_TO_SOMEONE_UNNAMED = "bot.addressed_to_someone_unnamed"
# The same, when whose it is is not known (a card's note gone, a person no longer in the
# directory): Polish said "prośby innej osoby (ktoś inny)" around a name it did not have.
OTHER_PERSONS_BUTTON_UNNAMED = "bot.other_persons_button_unnamed"
STALE_BUTTON = "bot.stale_button"
EDIT_NOT_REREAD = "bot.edit_not_reread"
FILES_UNREAD = "bot.files_unread"
LINKS_UNREAD = "bot.links_unread"
# What a client attaches to a typed message as another rendering of its text (Teams adds the
# message as HTML), not as something the person sent.
_TEXT_RENDERINGS = frozenset({"text/html", "text/plain", "text/markdown"})
OWNER_KEY = "era_for"
# Each card ERA sends carries an id of what it shows in its buttons' data. While a flow waits, the
# person's flags keep the ids of the cards of the last turn that sent any, the only ones whose
# buttons still answer something (a card shown again, unchanged, has the same id: either copy
# answers); when nothing waits, none.
CARD_KEY = "era_card"
# A Slack button sends its reply as the person's message text (Slack takes no Adaptive Card
# and no value): the card's id rides at the end of that text, "yes #3f2a1b9c", so that a press
# on an earlier card is told from a typed "yes", followed by a mark of whom the card is for
# ("yes #3f2a1b9c07d2"), so that a colleague's press in a channel is told from the person's own
# (a card sent before the mark was added ends with the id alone).
_SLACK_CARD_TAG = re.compile(r"\s#([0-9a-f]{8})([0-9a-f]{4})?$")
_SLACK_TAG_LENGTH = 8
_SLACK_OWNER_LENGTH = 4
_CARD_ID_OPTIONS = orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS
HERO_CARD = CardFactory.content_types.hero_card
OPEN_CARDS = "open_cards"
# What a button that answers a question sends reads as: a number, a yes or no, a control word.
_ANSWER_KINDS = frozenset({MatchKind.NONE, MatchKind.CONTROL})
# What a message written to a colleague may read as: nothing, or a request inside its words
# ("<at>Alice</at> could you cover Bob on Saturday"), never a request made to ERA.
_NOT_A_REQUEST_TO_ERA = frozenset({MatchKind.NONE, MatchKind.MENTION})
# A press on a card marked for someone else whose note is gone: whose it was is not known.
_SOMEONE_ELSE = ""

__all__ = ["CONCURRENT_UPDATE", "NOT_SET_UP", "EraBot", "incoming_text"]

NOT_SET_UP = "bot.not_set_up"

# How to be taken for someone else in the local demo, by channel: the console client (and the
# Bot Framework Emulator) send channel id "emulator", the local Web Chat page "webchat".
# (message ids of the hint, which starts with its own separating space where the language has one)
DEMO_SWITCH = {
    "emulator": "bot.demo_switch_console",
    "webchat": "bot.demo_switch_webchat",
    "directline": "bot.demo_switch_webchat",
}


# Formatting a client leaves in a message's text: Teams sends "<b>Bob</b>" or "<p>...</p>"
# for formatted text, "<at>Alice Martin</at>" for a colleague @mentioned and
# '<a href="https://…">https://…</a>' for a link (read as the words it shows), Web Chat and
# Slack pass "**Bob**" on as typed.
_INLINE_TAG = re.compile(
    r"</?(?:a|b|i|u|s|em|strong|strike|del|ins|code|span|font|sub|sup|at)(?:\s[^<>]*)?>", re.I
)
_BLOCK_TAG = re.compile(r"</?(?:p|div|br|h[1-6]|blockquote|pre|li|ul|ol)(?:\s[^<>]*)?/?>", re.I)
_HTML_ENTITY = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
_PICTURE = re.compile(r"<img\b", re.I)
_LINK = re.compile(r"<?(?:https?://|www\.)\S+?>?", re.I)
_MARKDOWN_EMPHASIS = re.compile(r"(\*\*|__|`)(?=\S)(.+?)(?<=\S)\1")
# A link written in markdown, "[click here](http://x)" (an image's "![](…)" too).
_MARKDOWN_LINK = re.compile(r"!?\[([^\]\n]*)\]\(\s*([^)\s]+)(?:\s+\"[^\"\n]*\")?\s*\)")
# A Teams "reply with quote" puts the quoted message before the person's own words: as a
# blockquote of the Skype Reply schema (the quoted author's name and a preview of their text)
# or, in newer clients, as a <quoted messageId="..."/> placeholder beside a quotedReply entity.
_QUOTED_MESSAGE = re.compile(
    r"<blockquote\b[^>]*itemtype=[\"']http://schema\.skype\.com/Reply[\"'][^>]*>.*?</blockquote>"
    r"|<quoted\b[^>]*?(?:/>|>.*?</quoted>)",
    re.I | re.S,
)


def without_formatting(text: str, *, html_markup: bool = True) -> str:
    """The words of a message without the bold, italics and paragraph markup its client put
    around them ("email <b>Bob</b>" reads as "email Bob"), and without the message it quotes:
    quoting ERA's question or a colleague's request is not saying it again; nor is an email
    pasted below the person's own words (see `without_forwarded`). Without `html_markup` (a
    Slack message, whose own markup `slack_plain_text` has read), a tag or an entity left in
    the text is what the person typed: "&lt;" typed there arrives as "&amp;lt;", is "&lt;"
    once read, and stays so. A markdown link reads as plain words that hide nothing, its
    label and its address ("[click here](http://x)" reads "click here (http://x)"): as typed,
    it was a reason passed on with its markup, a link under other words in the manager's
    Teams."""
    if html_markup:
        text = _without_html_markup(text)
    if "](" in text:
        text = _MARKDOWN_LINK.sub(_link_in_words, text)
    return without_forwarded(_MARKDOWN_EMPHASIS.sub(r"\2", text).strip())


def _link_in_words(link: re.Match[str]) -> str:
    label, address = link.group(1).strip(), link.group(2)
    return f"{label} ({address})" if label and label != address else address


# A link Teams writes in HTML, '<a href="https://x" ...>the rota</a>'.
_HTML_LINK = re.compile(
    r"<a\s[^<>]*?href=[\"'](https?://[^\"']+)[\"'][^<>]*>(.*?)</a>", re.I | re.S)


def _html_link_in_words(link: re.Match[str]) -> str:
    """A link under other words as those words and its address, as a markdown link reads; a
    link that shows its own address (a pasted one) as it shows."""
    address, shown = html.unescape(link.group(1)), link.group(2)
    words = html.unescape(_INLINE_TAG.sub("", shown)).strip()
    bare = address.split("://", 1)[1].rstrip("/")
    shows_itself = words.rstrip("/") in (address.rstrip("/"), bare)
    return shown if not words or shows_itself else f"{shown} ({link.group(1)})"


def _without_html_markup(text: str) -> str:
    """`text` without the quote, the tags and the entities of a client that writes HTML."""
    if "<" in text:
        text = _QUOTED_MESSAGE.sub("", text)
    if "<a" in text.lower():
        text = _HTML_LINK.sub(_html_link_in_words, text)
    if "<" in text and (_INLINE_TAG.search(text) or _BLOCK_TAG.search(text)):
        text = _BLOCK_TAG.sub("\n", _INLINE_TAG.sub("", text))
    if "&" in text and _HTML_ENTITY.search(text):
        # Teams writes its HTML's entities whether or not a tag is left once ERA's mention is
        # gone: "<at>ERA</at>&nbsp;annulla il mio turno di domani" was quoted back with its
        # "&nbsp;", and its "&nbsp" taken for the reason for cancelling.
        text = html.unescape(text)
    return text


# What a mention at the start leaves before the words: "<at>ERA</at>, wer arbeitet morgen?".
_LEFT_BY_A_MENTION = " \t\n\u00a0,;:"
# What a mention at the end leaves after them ("thanks, @ERA"): not ";", which ends the escape
# the words may end with ("… &lt;!channel&gt;" lost it and read "<!channel&gt").
_LEFT_AFTER_THE_WORDS = " \t\n\u00a0,:"


def without_bot_mention(activity: Any) -> str:
    """The message's text without the @mention of the bot ("<at>ERA</at> cancel my shift" reads
    "cancel my shift"). Only the mention's own markup goes: the SDK's
    `remove_recipient_mention` deletes the bot's name wherever it appears, as a pattern (a bot
    called "HR" turned "send the HR letter" into "send the  letter"), and raises on a mention
    entity of the wrong shape."""
    text = activity.text or ""
    for entity in activity.entities or ():
        fields = getattr(entity, "additional_properties", None) or {}
        mentioned = fields.get("mentioned")
        if (not isinstance(entity.type, str) or entity.type.lower() != "mention"
                or not isinstance(mentioned, dict) or not _is_the_bot(activity, mentioned)):
            continue
        markup = fields.get("text")
        if not isinstance(markup, str) or not markup:
            name = mentioned.get("name")
            markup = f"<at>{name}</at>" if isinstance(name, str) and name else ""
        if markup:
            text = _without_markup(text, markup)
    return (text.lstrip(_LEFT_BY_A_MENTION).rstrip(_LEFT_AFTER_THE_WORDS)
            if text != activity.text else text)


def _without_markup(text: str, markup: str) -> str:
    """`text` without `markup`, and without the space it stood in: "bonjour <at>ERA</at>, qui
    est mon responsable ?" reads "bonjour, qui est mon responsable ?" (it was quoted back to
    the person as "bonjour , qui est ..."); words it stood between stay apart as they were
    ("hey <at>ERA</at> cancel", "明日のシフト<at>ERA</at>をキャンセル")."""

    def between(found: re.Match[str]) -> str:
        after = text[found.end():found.end() + 1]
        spaced = found.group(0) != markup
        return " " if spaced and found.start() > 0 and after and after not in ",;:!?." else ""

    return re.sub(rf"\s*{re.escape(markup)}\s*", between, text)


def _is_the_bot(activity: Any, mentioned: dict[str, Any]) -> bool:
    """Whether a mention names the bot. Slack knows a bot by two ids: the connector names the
    bot "B...:T..." (its bot id) as the recipient, while a Slack @mention points at its bot
    user, "U...:T...", so on Slack the bot's own name, which Slack gives no one else in the
    workspace, says it too."""
    recipient = activity.recipient
    if recipient is None:
        return False
    if mentioned.get("id") == recipient.id:
        return True
    name = mentioned.get("name")
    return (activity.channel_id == "slack" and isinstance(name, str) and bool(name)
            and isinstance(recipient.name, str) and name.lower() == recipient.name.lower())


def _mentions_the_bot(activity: Any) -> bool:
    """Whether the message @mentions the bot (a mention entity naming it)."""
    for entity in activity.entities or ():
        fields = getattr(entity, "additional_properties", None) or {}
        mentioned = fields.get("mentioned")
        if (isinstance(entity.type, str) and entity.type.lower() == "mention"
                and isinstance(mentioned, dict) and _is_the_bot(activity, mentioned)):
            return True
    return False


def _addressee(activity: Any) -> str | None:
    """The person a message is written to when its words (ERA's own mention gone) open with an
    @mention of someone else: "<at>ERA</at> <at>Alice</at> can you take Tuesday?" is Maria
    asking Alice, with ERA in copy. Their name as the mention gives it; None otherwise."""
    text = activity.text or ""
    for entity in activity.entities or ():
        fields = getattr(entity, "additional_properties", None) or {}
        mentioned, markup = fields.get("mentioned"), fields.get("text")
        if (not isinstance(entity.type, str) or entity.type.lower() != "mention"
                or not isinstance(mentioned, dict) or not isinstance(markup, str)
                or _is_the_bot(activity, mentioned)):
            continue
        shown = without_formatting(markup)
        if shown and text.startswith(shown) and not text[len(shown):len(shown) + 1].isalnum():
            name = mentioned.get("name")
            return name if isinstance(name, str) and name else shown
    return None


# A Slack user's raw reference, "<@U0ALICE>" (or the older "<@U0ALICE|alice>").
_SLACK_USER_REFERENCE = re.compile(r"<@([UW][A-Z0-9]+)(?:\|([^<>]*))?>")


def _slack_addressee(activity: Any) -> str | None:
    """The person a Slack message is written to when its words (ERA's own mention gone) open
    with a raw reference to another Slack user, as the message arrives without mention
    entities ("<@U0ERA> <@U0ALICE> can you take tuesday"): the name the reference gives, ""
    when it gives none; None otherwise."""
    if activity.channel_id != "slack":
        return None
    raw = _slack_event(activity).get("text")
    if not isinstance(raw, str) or "<@" not in raw:
        return None
    words = _slack_bot_mention(activity).sub("", raw).lstrip(_LEFT_BY_A_MENTION)
    found = _SLACK_USER_REFERENCE.match(words)
    if found is None or found.group(1) in _slack_bot_users(activity):
        return None
    return found.group(2) or ""


def _written_to_a_colleague(understanding: Understanding, person: Person,
                            locale: str | None) -> bool:
    """Whether words that open with a colleague's @mention (see `_addressee`) and ask ERA
    for nothing are written to that colleague: they speak to them ("can you take tuesday",
    "tu peux prendre mardi"), or are a plain yes or no ("<at>Maria</at> ok"), or are a
    worker's (a worker brings ERA no situation to advise on: "<at>Maria</at> sure I will take
    it" answers Maria)."""
    if understanding.speaks_to_the_reader:
        return True
    return understanding.match.kind is MatchKind.NONE and (
        not person.is_manager
        or short_answer(understanding.text, locale=locale) is not None)


def _slack_event(activity: Any) -> dict[str, Any]:
    """The Slack event the Azure Bot Service connector passed on with the activity ({} when
    there is none, as for a button's reply)."""
    data = activity.channel_data if activity.channel_id == "slack" else None
    message = data.get("SlackMessage") if isinstance(data, dict) else None
    event = message.get("event") if isinstance(message, dict) else None
    return event if isinstance(event, dict) else {}


# ERA's Slack user id as this turn found it when no envelope named it: the raw reference that
# opened a request (see `EraBot._opens_with_era_unnamed`).
_ERA_USER_READ: ContextVar[str | None] = ContextVar("era_slack_user_read", default=None)
# An unlabelled raw reference opening the words: "<@U0123ABC> who is working tomorrow".
_OPENING_SLACK_REFERENCE = re.compile(r"\s*<@([UW][A-Z0-9]+)>[\s,:;]*")


def _slack_bot_users(activity: Any) -> set[str]:
    """ERA's own Slack user ids, as the event's envelope names the app's authorised bot user
    (`authorizations`, older `authed_users`), or as this turn read it from a request that
    opened with it: a raw `<@U…>` of one of them mentions ERA."""
    read = _ERA_USER_READ.get() if activity.channel_id == "slack" else None
    named = _slack_envelope_bot_users(activity)
    return named | {read} if read and not named else named


def _slack_envelope_bot_users(activity: Any) -> set[str]:
    """ERA's Slack user ids as the event's envelope names them ({} when it names none)."""
    data = activity.channel_data if isinstance(activity.channel_data, dict) else {}
    envelope = data.get("SlackMessage")
    if not isinstance(envelope, dict):
        return set()
    users = {a.get("user_id") for a in envelope.get("authorizations") or ()
             if isinstance(a, dict) and a.get("is_bot")}
    users.update(u for u in envelope.get("authed_users") or () if isinstance(u, str))
    return {u for u in users if isinstance(u, str) and u}


def _slack_team(activity: Any) -> str:
    """The Slack team of the conversation, as the connector writes it in the recipient's id
    ("B0ERA:T456") or the conversation's ("B0ERA:T456:C0STORE"); "" when neither says."""
    recipient = activity.recipient
    for written in (recipient.id if recipient is not None else None,
                    activity.conversation.id if activity.conversation is not None else None):
        parts = written.split(":") if isinstance(written, str) else []
        if len(parts) >= 2 and parts[1][:1] in ("T", "E"):
            return parts[1]
    return ""


def _opening_slack_reference(activity: Any) -> str | None:
    """The Slack user id of the unlabelled raw reference ("<@U0123ABC>") that opens a Slack
    message whose event names no bot user of ERA's; None otherwise."""
    if (activity.channel_id != "slack" or activity.value is not None
            or _slack_envelope_bot_users(activity)):
        return None
    found = _OPENING_SLACK_REFERENCE.match(activity.text or "")
    return found.group(1) if found is not None else None


def _slack_mentions_the_bot(activity: Any) -> bool:
    """Whether a Slack message names ERA: Slack's own `app_mention` event, or a mention of ERA
    written in the text that came without a mention entity (which `_mentions_the_bot` reads):
    a raw `<@U…>` of ERA's bot user, `<@U…|era>`, or "@ERA" as the connector writes a mention
    out."""
    event = _slack_event(activity)
    if event.get("type") == "app_mention":
        return True
    mention = _slack_bot_mention(activity)
    message = event.get("message")
    texts = (activity.text, event.get("text"),
             message.get("text") if isinstance(message, dict) else None)
    return any(isinstance(text, str) and mention.search(text) for text in texts)


def _slack_bot_mention(activity: Any) -> re.Pattern[str]:
    """How ERA is @mentioned in a Slack message's text when no mention entity says it: its
    bot user's raw reference (`<@U0ERA>`, `<@U0ERA|anything>`), a raw reference labelled with
    its name (`<@U…|era>`), or its name after an "@" ("@ERA who works tomorrow?"), as a whole
    word (not "hr@era.example")."""
    users = sorted(_slack_bot_users(activity))
    recipient = activity.recipient
    name = recipient.name if recipient is not None and isinstance(recipient.name, str) else ""
    name = name.strip()
    ways = [rf"<@{re.escape(user)}(?:\|[^<>]*)?>" for user in users]
    if name:
        ways.append(rf"<@[A-Z0-9]+\|{re.escape(name)}>")
        ways.append(rf"(?<![\w@.])@{re.escape(name)}(?![\w@]|[.-]\w)")
    # A pattern that never matches when ERA has neither an id nor a name here.
    return re.compile("|".join(ways) or r"(?!)", re.I)


def _without_slack_bot_mention(activity: Any) -> str:
    """The text without the mentions of ERA that `_slack_bot_mention` finds, and without the
    space or comma they leave ("@ERA, who works tomorrow?" reads "who works tomorrow?")."""
    text = activity.text or ""
    if "@" not in text:
        return text
    def between(found: re.Match[str]) -> str:
        # The words it stood between stay apart ("hey @ERA what can you do?"); no space is
        # left before a comma or a question mark ("hey @ERA, what ..." reads "hey, what ...").
        after = text[found.end():found.end() + 1]
        return " " if found.start() > 0 and after and after not in ",;:!?." else ""

    spaced = re.compile(rf"[ \t]*(?:{_slack_bot_mention(activity).pattern})[ \t]*", re.I)
    left = spaced.sub(between, text)
    return (left.lstrip(_LEFT_BY_A_MENTION).rstrip(_LEFT_AFTER_THE_WORDS)
            if left != text else text)


def _from_a_bot(activity: Any) -> bool:
    """A message ERA itself sent, echoed back by the channel, or one another app posted
    (Slack marks it with `bot_id` or the `bot_message` subtype): no person said it, and two
    bots answering each other never stop."""
    sender, recipient = activity.from_property, activity.recipient
    if sender is not None and recipient is not None and sender.id and sender.id == recipient.id:
        return True
    event = _slack_event(activity)
    return bool(event.get("bot_id")) or event.get("subtype") == "bot_message"


def _talk_between_people(activity: Any) -> bool:
    """A message in a shared conversation (a Teams channel or group chat, a Slack channel or
    group DM) that does not @mention ERA: people talking to each other ("on se voit demain
    ?", a colleague's "yes" to Maria, a file shared with the team). Teams delivers those to a
    bot only when the app may read every message; Slack, through the connector, delivers every
    message of the channels ERA is in. ERA neither answers nor acts on it. A card's button is
    still pressed on ERA: Teams' carries a value, Slack's reply ends with ERA's card id. (ERA
    asks no question in a shared conversation that a bare reply could answer: every flow that
    asks one is moved to the person's private chat.)"""
    return (activity.channel_id in ("msteams", "slack") and activity.value is None
            and is_shared(activity) and not _mentions_the_bot(activity)
            and not _slack_mentions_the_bot(activity)
            and not _SLACK_CARD_TAG.search(activity.text or ""))


_SLACK_CHANGES = frozenset({"message_changed", "message_deleted"})


class SlackChange(Enum):
    """What a Slack `message_changed` event says happened to a message."""

    EDITED = "edited"  # its sender edited it
    OTHER = "other"  # Slack changed it (a link unfurled) or it was deleted: nothing new said


def _slack_change(activity: Any) -> SlackChange | None:
    """What changed a Slack message, when the activity is about a changed one: the Azure Bot
    Service connector passes Slack's `message_changed` event on (as a message, or as a message
    update), and `message_deleted` for a message deleted. A person's edit carries the `edited`
    mark; an unfurled link's preview does not."""
    if activity.channel_id != "slack" or not isinstance(activity.channel_data, dict):
        return None
    slack = activity.channel_data.get("SlackMessage")
    event = slack.get("event") if isinstance(slack, dict) else None
    if not isinstance(event, dict):
        return None
    message = event.get("message")
    if "edited" in event or (isinstance(message, dict) and "edited" in message):
        return SlackChange.EDITED
    return SlackChange.OTHER if event.get("subtype") in _SLACK_CHANGES else None


def incoming_text(activity: Any) -> str:
    """The text of a message without its formatting, or the reply a card button carried
    (`era_reply`), or the email edit form as the typed edit ("Subject: ..." and the body), or
    "". Characters no one sees (zero-width ones, bidirectional controls) are left out: they
    split the names they sit in and reorder the text they are quoted in. A Slack message's
    markup is Slack's own, not HTML (see `_own_words`)."""
    text = without_formatting(without_invisible_marks(activity.text or ""),
                              html_markup=activity.channel_id != "slack")
    if not text and isinstance(activity.value, dict):
        form = form_reply(activity.value)
        if form is not None:
            return without_invisible_marks(form)
        value = activity.value.get(REPLY_KEY)
        if isinstance(value, str):
            text = without_invisible_marks(value).strip()
    return text


def _own_words(activity: Any) -> str:
    """The message's text as the person wrote it to ERA: without the @mention of ERA (Teams'
    "<at>ERA</at>", Slack's), Slack's markup, the client's formatting (see `incoming_text`)."""
    if not activity.text and activity.value is None:
        activity.text = _html_rendering(activity)
    if activity.recipient is not None and (
        activity.channel_id == "msteams" or activity.entities
    ):
        activity.text = without_bot_mention(activity)
    if activity.channel_id == "slack" and activity.text:
        activity.text = slack_plain_text(_without_slack_bot_mention(activity))
    return incoming_text(activity)


def _html_rendering(activity: Any) -> str:
    """The message's words as its HTML rendering carries them, for a message with no text:
    Teams' mobile clients may send the words only there (an attachment of type text/html).
    Read as no words, "annulla il mio turno di domani" got "your message reached me without
    any words". A picture pasted comes with a rendering too (of the picture alone): that
    message brings a file, not words."""
    attachments = activity.attachments or ()
    if any(getattr(a, "content_type", None) != "text/html" for a in attachments):
        return ""
    rendering = next((a.content for a in attachments if isinstance(a.content, str)), "")
    return "" if _PICTURE.search(rendering) else rendering


def _brings_only_files(activity: Any) -> bool:
    """Whether the message is a picture or a file with no words (a screenshot pasted in Teams,
    a file uploaded in Web Chat or Slack), which ERA cannot open."""
    if activity.text or activity.value is not None:
        return False
    return any(getattr(attachment, "content_type", None) not in _TEXT_RENDERINGS
               for attachment in activity.attachments or ())


def _brings_only_links(text: str) -> bool:
    """Whether the message's words are only web addresses ("https://contoso.example/page",
    which ERA cannot open)."""
    return bool(text) and all(_LINK.fullmatch(word) for word in text.split())


def _button_owner(activity: Any) -> str | None:
    """The person a pressed card button was shown to, when the press says."""
    value = activity.value
    if isinstance(value, dict) and isinstance(value.get(OWNER_KEY), str):
        return str(value[OWNER_KEY])
    return None


def _card_of_press(activity: Any) -> str | None:
    """The id of the card whose button was pressed, when the press says."""
    value = activity.value
    if isinstance(value, dict) and isinstance(value.get(CARD_KEY), str):
        return str(value[CARD_KEY])
    return None


def _is_form(activity: Any) -> bool:
    """Whether the message is a card's form submitted (the email edit form), which answers
    the card it is on whatever its text reads as."""
    return isinstance(activity.value, dict) and form_reply(activity.value) is not None


@dataclass(frozen=True)
class _SlackPress:
    """What a Slack button's reply ends with: the card's id (its first characters) and the
    mark of whom the card was shown to (None on a card sent before cards were marked)."""

    card: str
    owner_mark: str | None

    @property
    def tag(self) -> str:
        """The whole tag, as the card's note of its owner is kept under (see CardOwners)."""
        return self.card + (self.owner_mark or "")


def _owner_mark(person_id: str) -> str:
    """A short mark of a person's id, as a Slack button's reply carries it."""
    return hashlib.sha256(person_id.encode()).hexdigest()[:_SLACK_OWNER_LENGTH]


def _slack_press(activity: Any) -> _SlackPress | None:
    """The tag a Slack button's reply ends with ("yes #3f2a1b9c07d2"), taken off the text;
    None for a typed message."""
    if activity.channel_id != "slack" or not activity.text:
        return None
    tagged = _SLACK_CARD_TAG.search(activity.text)
    if tagged is None:
        return None
    activity.text = activity.text[: tagged.start()].rstrip()
    return _SlackPress(tagged.group(1), tagged.group(2))


def _is_open(card: str, open_cards: Any) -> bool:
    """Whether `card` (a full id, or a Slack button's first characters of one) is among the
    cards whose buttons still answer something."""
    return any(isinstance(c, str) and c.startswith(card) for c in open_cards or ())


def _stamp_hero_card(content: Any, sent_cards: list[str], person_id: str) -> str | None:
    """A Slack hero card: each button's reply ends with the card's id and the mark of whom it
    is for (see _SLACK_CARD_TAG), which tell a press from typed words, from colleagues' talk in
    a channel, and a colleague's press from the person's own. Only a button that answers a
    question ("yes", "2", "cancel") makes the card one whose press answers something; an
    example request ("Cancel my shift tomorrow") starts something new, as typing it would.
    The card's tag, or None for a card with no button."""
    buttons = getattr(content, "buttons", None)
    if not buttons:
        return None
    shown = content.serialize() if hasattr(content, "serialize") else content
    card_id = _card_id(shown if isinstance(shown, dict) else {"card": str(shown)})
    tag = card_id[:_SLACK_TAG_LENGTH] + _owner_mark(person_id)
    for button in buttons:
        if not isinstance(getattr(button, "value", None), str) or button.type != "imBack":
            continue
        if understand(button.value).match.kind in _ANSWER_KINDS and card_id not in sent_cards:
            sent_cards.append(card_id)
        button.value = f"{button.value} #{tag}"
    return tag


def _card_id(content: dict[str, Any]) -> str:
    """A short digest of what a card shows and its buttons send, before they are stamped.

    The id is made once, when the card is sent, and kept (in the card and the person's state),
    never made again from a submitted card: so orjson (a fifth of json.dumps' time on a help
    card) may give other ids than the standard library did. What orjson refuses (an integer
    past 64 bits) goes through the standard library."""
    try:
        shown = orjson.dumps(content, default=str, option=_CARD_ID_OPTIONS)
    except orjson.JSONEncodeError:
        shown = json.dumps(content, sort_keys=True, ensure_ascii=False, default=str).encode()
    return hashlib.sha256(shown).hexdigest()[:12]


def _stamp_cards(person_id: str, sent_cards: list[str], *, note_owner: bool = False) -> Any:
    """An on-send handler that marks every card button ERA sends with whom it is for and which
    card it is on, and adds the ids of the cards it stamps to `sent_cards`. With `note_owner`
    (a shared Slack conversation), each Slack card also leaves a note of whose it is, which
    names them to a colleague who presses it."""

    async def stamp(_context: TurnContext, activities: list[Any], send: Any) -> Any:
        for activity in activities:
            for attachment in activity.attachments or ():
                content = attachment.content
                if activity.channel_id == "slack" and attachment.content_type == HERO_CARD:
                    tag = _stamp_hero_card(content, sent_cards, person_id)
                    state = current_person_state() if note_owner else None
                    if tag is not None and state is not None:
                        CardOwners.note_with_turn(state, tag, person_id)
                if isinstance(content, dict) and content.get("type") == "AdaptiveCard":
                    card_id, actions = _card_layout(content)
                    for action in actions:
                        data = action.get("data")
                        if isinstance(data, dict):
                            if card_id not in sent_cards:
                                sent_cards.append(card_id)
                            data[OWNER_KEY] = person_id
                            data[CARD_KEY] = card_id
                            for key in ("msteams", "cardAction"):
                                back = data.get(key)
                                if isinstance(back, dict) and back.get("type") == "messageBack":
                                    # Teams and Web Chat post a messageBack's own `value`,
                                    # not the data.
                                    value = back.get("value")
                                    back["value"] = {
                                        **(value if isinstance(value, dict) else {}),
                                        OWNER_KEY: person_id, CARD_KEY: card_id}
        return await send()

    return stamp


_Path = tuple[str | int, ...]


def _card_layout(content: dict[str, Any]) -> tuple[str, list[dict[str, Any]]]:
    """The card's id (`_card_id`) and its Action.Submit parts, found through the layout kept
    for a card of the same JSON: the help card, the greeting and every answer everyone gets
    are sent again and again (as copies), and finding a card's id and its buttons took more
    than rendering it."""
    try:
        shown = orjson.dumps(content, default=str, option=orjson.OPT_NON_STR_KEYS)
    except orjson.JSONEncodeError:
        return _card_id(content), _submit_actions(content)
    layout = _LAYOUTS.get(shown)
    if layout is None:
        layout = _CardLayout(_card_id(content), tuple(_submit_paths(content)))
        if len(_LAYOUTS) >= _MAX_LAYOUTS:
            del _LAYOUTS[next(iter(_LAYOUTS))]  # the oldest
        _LAYOUTS[shown] = layout
    return layout.card_id, [_part_at(content, path) for path in layout.submits]


@dataclass(frozen=True)
class _CardLayout:
    """What stamping needs of a card: its id and where its Action.Submit parts are."""

    card_id: str
    submits: tuple[_Path, ...]


# Cards by their JSON (a card's JSON is a few kilobytes: 128 of them hold well under one MB).
_LAYOUTS: dict[bytes, _CardLayout] = {}
_MAX_LAYOUTS = 128


def _part_at(card: Any, path: _Path) -> Any:
    for step in path:
        card = card[step]
    return card


def _submit_actions(card: Any) -> list[dict[str, Any]]:
    """Every Action.Submit in a card, however deep, in the order the card lists them."""
    return [_part_at(card, path) for path in _submit_paths(card)]


def _submit_paths(card: Any) -> list[_Path]:
    """Where each Action.Submit of a card is (keys and list positions), in the order the card
    lists them."""
    # A loop over a stack, not a call per part; text blocks and fact sets hold no action, and
    # a submit's own data is what the button posts, not a part of the card.
    found: list[_Path] = []
    pending: list[tuple[Any, _Path]] = [(card, ())]
    while pending:
        element, path = pending.pop()
        if type(element) is dict:
            kind = element.get("type")
            if kind == "Action.Submit":
                found.append(path)
                continue
            if kind in _LEAF_PARTS:
                continue
            parts: Any = element.items()
        else:
            parts = enumerate(element)
        nested = [(part, (*path, step)) for step, part in parts
                  if isinstance(part, _CARD_PARTS)]
        nested.reverse()
        pending += nested
    return found


_CARD_PARTS = (dict, list)
_LEAF_PARTS = frozenset({"TextBlock", "FactSet", "Input.Text"})


def _kept_language() -> str | None:
    """The language ERA last spoke with the person of this turn (kept in their state)."""
    state = current_person_state()
    return state.language if state is not None else None


def _keep_language(language: str) -> None:
    state = current_person_state()
    if state is not None:
        state.language = language


def trusted_aad_object_id(activity: Any) -> str | None:
    """The sender's Entra ID object id, believed only from Teams (which sets it from the signed-in
    user); any other channel's `from.aadObjectId` is whatever the client wrote."""
    sender = activity.from_property
    if activity.channel_id != "msteams" or sender is None:
        return None
    value = getattr(sender, "aad_object_id", None)
    return value if isinstance(value, str) and value else None


class EraBot(TeamsActivityHandler):
    """Turns activities into dialog turns for a known person."""

    def __init__(
        self,
        *,
        dialog: MainDialog,
        directory: Directory,
        references: ConversationReferenceStore,
        demo_identity: str | None,
        clock: Callable[[], datetime],
        private_chat: PrivateChat | None = None,
        prepare_language: Callable[[str], None] | None = None,
        sign_in: SignIn | None = None,
        draft_owners: DraftOwners | None = None,
        card_owners: CardOwners | None = None,
    ) -> None:
        """`demo_identity` is the email of the person an unknown user is taken for in
        development; None (production) refuses unknown users. `prepare_language` is told the
        language of each turn (the date recognizers load a new language's models then).
        `sign_in` (when an OAuth connection is configured) identifies users of channels other
        than Teams by a one-time sign-in. `draft_owners` tells whose email draft a Send button
        that carries no owner's mark sends; `card_owners` whose a Slack card pressed by a
        colleague is."""
        prepare_understanding()
        super().__init__()
        self._dialog: Dialog = dialog
        self._main = dialog
        self._directory = directory
        self._references = references
        self._demo_identity = demo_identity
        self._clock = clock
        self._private_chat = private_chat
        self._prepare_language = prepare_language
        self._sign_in = sign_in
        self._draft_owners = draft_owners
        self._card_owners = card_owners
        self._dialogs = DialogSet(PersonStateProperty(DIALOG))
        self._dialogs.add(dialog)
        self._flags = PersonStateProperty(FLAGS)
        default_catalogue()  # the catalogues are read at start-up, not in someone's first turn

    async def on_turn(self, turn_context: TurnContext) -> None:
        """Dispatch the activity by type."""
        activity = turn_context.activity
        if activity.channel_id == "msteams" and activity.channel_data is None:
            # TeamsActivityHandler dereferences channelData without checking; Teams always sends
            # it, a malformed request need not.
            activity.channel_data = {}
        await super().on_turn(turn_context)

    async def on_message_activity(self, turn_context: TurnContext) -> None:
        """A message (typed, or a card submit): run the dialogs for the speaker."""
        activity = turn_context.activity
        if _from_a_bot(activity):
            logger.info("a message from a bot (ERA's own, echoed, or another app's): left")
            return
        if _talk_between_people(activity):
            era_user = await self._opens_with_era_unnamed(activity)
            if era_user is None:
                logger.info("a message in a shared conversation that does not mention ERA: left")
                return
        else:
            # In a direct message, an @mention of ERA out of habit: "<@U0123ABC> my kid is
            # sick" was passed on as the reason "@U0123ABC my kid is sick".
            era_user = None if is_shared(activity) else await self._unknown_opening(activity)
        token = _ERA_USER_READ.set(era_user) if era_user else None
        try:
            await self._answer_message(turn_context)
        finally:
            if token is not None:
                _ERA_USER_READ.reset(token)

    async def _answer_message(self, turn_context: TurnContext) -> None:
        """A message to ERA, or one of a shared conversation it may be meant for: edits
        answered, others run for their speaker."""
        activity = turn_context.activity
        change = _slack_change(activity)
        if change is SlackChange.OTHER:
            logger.info("a Slack message changed by Slack (a link unfurled): left")
            return
        if change is SlackChange.EDITED:
            await self._answer_edit(turn_context)
            return
        if not turn_context.turn_state.get(MOVED_TURN):
            if activity.channel_id == "slack" and activity.text:
                activity.text = await self._named_slack_references(activity)
            activity.text = _own_words(activity)
        person = await self._speaker(turn_context)
        if person is not None:
            await self._serve(turn_context, person)

    async def _opens_with_era_unnamed(self, activity: Any) -> str | None:
        """ERA's Slack user id, when a message of a shared Slack conversation that names no
        mention of ERA the connector marks opens with a raw reference ERA cannot tell from
        its own: the Azure Bot Service connector may pass "<@U0123ABC> who is working
        tomorrow" on with no mention entity and no bot user in the envelope, and it went
        unanswered. The reference is taken for ERA's only when it is no one ERA knows and the
        words after it give ERA one of its own requests ("who is working tomorrow", "help").
        No one ERA knows is also every colleague whose Slack account the directory lacks, so
        words that speak to the one referenced ("can you swap with me on friday", "kannst du
        tauschen") are theirs, and so are a statement and a situation ("im sick today, can you
        cover?", "running late, be there in 10", "did you cancel the meeting?", "you were late
        again today"): with ERA they are said in a direct message, where no one else reads."""
        user_id = await self._unknown_opening(activity)
        if user_id is None:
            return None
        found = _OPENING_SLACK_REFERENCE.match(activity.text or "")
        words = slack_plain_text((activity.text or "")[found.end():] if found else "")
        understanding = understand(words.strip(), locale=activity.locale)
        kind = understanding.match.kind
        asks_era = ((kind is MatchKind.COMMAND and not understanding.says_you)
                    or (kind is MatchKind.CONTROL and understanding.intent is Intent.HELP))
        return user_id if asks_era else None

    async def _unknown_opening(self, activity: Any) -> str | None:
        """The Slack user id of the raw reference that opens the message (see
        `_opening_slack_reference`) when it is no one ERA knows; None otherwise."""
        user_id = _opening_slack_reference(activity)
        if user_id is None or await self._slack_person(activity, user_id) is not None:
            return None
        return user_id

    async def _slack_person(self, activity: Any, user_id: str) -> Person | None:
        """The person a Slack user id is, as the directory knows their channel account
        ("U0ALICE:T456", as the connector writes a sender, or "U0ALICE") or a sign-in linked
        it; None when no one."""
        team = _slack_team(activity)
        for channel_user_id in ([f"{user_id}:{team}"] if team else []) + [user_id]:
            person = await self._directory.identify(channel_user_id=channel_user_id,
                                                    aad_object_id=None)
            if person is None and self._sign_in is not None:
                person = await self._sign_in.person_of(activity.channel_id, channel_user_id)
            if person is not None:
                return person
        return None

    async def _named_slack_references(self, activity: Any) -> str:
        """The Slack text with each raw reference to a person ERA knows labelled with their
        name ("assign <@U0ALICE> to friday" reads "assign Alice Martin to friday"): Slack
        sends a person @mentioned as their id alone, which named no one."""
        text = activity.text or ""
        ids = {match[1] for match in _SLACK_USER_REFERENCE.finditer(text)
               if match[2] is None} - _slack_bot_users(activity)
        for user in sorted(ids):
            person = await self._slack_person(activity, user)
            if person is not None:
                text = text.replace(f"<@{user}>", f"<@{user}|{person.name}>")
        return text

    async def on_teams_message_edit(self, turn_context: TurnContext) -> None:
        """A person edited a message they sent ERA in Teams (see `_answer_edit`)."""
        await self._answer_edit(turn_context)

    async def on_message_update_activity(self, turn_context: TurnContext) -> None:
        """A message updated: Teams says which kind (an edit, an undelete) in its channel data,
        which the Teams handler reads; Slack (through the Azure Bot Service connector) updates
        a message when its sender edited it, or when it unfurled a link in it."""
        if turn_context.activity.channel_id == "msteams":
            await super().on_message_update_activity(turn_context)
            return
        if _slack_change(turn_context.activity) is SlackChange.OTHER:
            return
        await self._answer_edit(turn_context)

    async def _answer_edit(self, turn_context: TurnContext) -> None:
        """A person edited a message they sent ERA. Its new words are not read: the old ones
        may have been acted on, or answered a question since replaced, and an edit must never
        do anything on its own (nor an edit of an old message re-run what it asked). So the
        person is told, in one line, to send what they meant anew; an edit in a shared
        conversation that does not @mention ERA is people's own talk (as its message was, see
        `_talk_between_people`), a bot's edit is no one's, and an unknown sender gets
        nothing."""
        activity = turn_context.activity
        if _from_a_bot(activity) or _talk_between_people(activity):
            return
        sender = activity.from_property
        person = await self._directory.identify(
            channel_user_id=sender.id if sender else "",
            aad_object_id=trusted_aad_object_id(activity),
        )
        sign_in = self._sign_in
        if person is None and sign_in is not None and self._signs_in(activity):
            # Known by an earlier sign-in (Slack); an edit never asks anyone to sign in.
            person = await sign_in.linked_person(activity)
        if person is None:
            return
        if is_shared(activity):
            turn_context.on_send_activities(address_replies(person))
        # Read as sent, "<at>ERA</at> schick sie" was English by the markup's "at".
        activity.text = _own_words(activity)
        await turn_context.send_activity(say(EDIT_NOT_REREAD, turn_language(turn_context)))

    async def on_token_response_event(self, turn_context: TurnContext) -> None:
        """The channel says the user finished signing in: link them, then carry out the
        request they made before (the turn becomes that message)."""
        if self._sign_in is None:
            return
        outcome = await self._sign_in.on_token_response(turn_context)
        if outcome.person is not None and outcome.request:
            activity = turn_context.activity
            activity.type = ActivityTypes.message
            activity.name = None
            activity.value = None
            activity.text = outcome.request
            await self._serve(turn_context, outcome.person)

    async def _serve(self, turn_context: TurnContext, person: Person) -> None:
        """Run the dialogs on the message for a known person."""
        activity = turn_context.activity
        await self._mark_person(turn_context, person)
        if is_shared(activity):
            # Others read the replies too: each turn's first says whom it answers.
            turn_context.on_send_activities(address_replies(person))
        slack_press = _slack_press(activity)
        slack_card = slack_press.card if slack_press is not None else None
        if slack_card is not None and activity.value is None:
            # A Slack button's reply, in the shape every other client's press has: ERA's
            # wording, which says nothing of the language the person speaks (read from
            # "火曜日の午前にミーティングを予約して", a press on a colleague's card was answered
            # in Japanese to a French speaker), and is never their words.
            activity.value = {REPLY_KEY: activity.text}
        owner = _button_owner(activity)
        if owner is None and self._draft_owners is not None and is_shared(activity):
            # A Send button that carries no mark of whom it was shown to (a Slack button, a
            # card from before buttons were marked) names the draft it sends, and the draft
            # its owner: read as the presser's own, it was "that draft isn't open any more".
            draft = pressed_draft(activity.text or "")
            if draft is not None:
                owner = await self._draft_owners.owner_of(draft)
        if (slack_press is not None and slack_press.owner_mark is not None
                and slack_press.owner_mark != _owner_mark(person.id)):
            # A Slack button carries no value, only its reply: the mark at its end says the
            # card was shown to someone else (in a channel, a colleague's help card pressed
            # acted as the presser's own request, where Teams said whose it was).
            noted = (await self._card_owners.owner_of(slack_press.tag)
                     if self._card_owners is not None else None)
            owner = noted if noted not in (None, person.id) else _SOMEONE_ELSE
        if owner is not None and owner != person.id:
            # In a group chat or channel everyone sees everyone's cards; a press on somebody
            # else's is not an answer to anything of this person's.
            someone = await self._directory.get(owner) if owner != _SOMEONE_ELSE else None
            language = turn_language(turn_context)
            await turn_context.send_activity(
                say(OTHER_PERSONS_BUTTON, language, whose=someone.first_name) if someone
                else say(OTHER_PERSONS_BUTTON_UNNAMED, language))
            return
        if _brings_only_files(activity):
            # Read as an empty message it would get "I'm not sure what you'd like me to do"; an
            # open question stays open for the words that follow.
            await turn_context.send_activity(say(FILES_UNREAD, turn_language(turn_context)))
            return
        if _brings_only_links(activity.text or ""):
            # A pasted link (Slack unfurls it) is no request: read as one, a manager's
            # "https://..." went to the advisor, which knew nothing of it and handed her to HR.
            await turn_context.send_activity(say(LINKS_UNREAD, turn_language(turn_context)))
            return
        card = slack_card or _card_of_press(activity)
        understanding = understand((activity.text or "").strip(), locale=activity.locale)
        flags = await self._flags.get(turn_context, dict)
        if (card is not None and not _is_open(card, flags.get(OPEN_CARDS))
                and (understanding.match.kind in _ANSWER_KINDS or _is_form(activity))):
            # A button of a card whose question was answered, dropped or replaced since: its
            # "Apply" or "2" would answer whatever is asked now, which it never showed, and its
            # edit form would become the text of whichever email is open now. (An example
            # request on a help card starts something new, as typing it would.)
            await turn_context.send_activity(say(STALE_BUTTON, turn_language(turn_context)))
            return
        addressee = None
        if (is_shared(activity) and understanding.match.kind in _NOT_A_REQUEST_TO_ERA
                and not understanding.tells_a_situation):
            # The mentions are looked at only for words that ask ERA for nothing.
            addressee = _addressee(activity) or _slack_addressee(activity)
            if addressee is not None and not _written_to_a_colleague(understanding, person,
                                                                     activity.locale):
                addressee = None
        if addressee is not None:
            # A question to a colleague that asks ERA for nothing: read as ERA's, Maria's
            # "<at>Alice</at> can you take Tuesday" (with or without its "?") was a situation
            # to advise on, found none, and handed her over to HR; "<at>Alice</at> could u
            # cover bob on saturday" (a request inside words to Alice) started giving Bob's
            # shift away. ("<at>Bob</at> hasnt shown up in 3 days", a statement, tells ERA of
            # Bob: the advisor knows it.)
            await turn_context.send_activity(
                say(ADDRESSED_TO_SOMEONE_ELSE, turn_language(turn_context), name=addressee)
                if addressee else say(ADDRESSED_TO_SOMEONE_UNNAMED, turn_language(turn_context)))
            return
        # A pressed button's reply ("send email draft-...") is ERA's own wording, not the
        # person's: it says nothing of the language they speak, and is no words of theirs.
        pressed = slack_card is not None or (isinstance(activity.value, dict)
                                             and activity.value.get(REPLY_KEY) == activity.text)
        if self._private_chat is not None and is_shared(activity):
            # The one reading of the message serves the shared-conversation checks too.
            if await self._private_chat.point_to_question(turn_context, person, understanding,
                                                          pressed=pressed):
                return
            if (understanding.intent is Intent.HELP
                    and await self._private_chat.question_waits(turn_context)):
                # "help" is "what are you waiting for?": ERA's question waits in the private
                # chat, so it is answered there. Here it got the list of what ERA can do, as
                # if nothing waited, and the question itself is not for everyone to read.
                await self._private_chat.move(turn_context, person, self.on_turn,
                                              pressed=pressed, said=HELP_THERE)
                return
            if self._private_chat.belongs_in_private(understanding, person,
                                                     activity.locale or None):
                await self._private_chat.move(turn_context, person, self.on_turn,
                                              pressed=pressed)
                return
        sent_cards: list[str] = []
        in_slack_channel = activity.channel_id == "slack" and is_shared(activity)
        turn_context.on_send_activities(
            _stamp_cards(person.id, sent_cards, note_owner=in_slack_channel))
        # The message's own language when it is clear, else the one kept for this person, the
        # client's locale, the person's preferred language.
        # A request written in another language ("cancel my shift" in a French conversation)
        # switches; only a short reply that fits the language spoken ("ok", "yes") keeps it.
        is_request = understanding.match.kind is MatchKind.COMMAND
        language = choose_language(
            None if pressed else understanding.language, activity.locale,
            person.preferred_language, _kept_language(),
            folded="" if is_request else understanding.folded,
        )
        _keep_language(language)
        await self._remember_reference(turn_context, person, language)
        if self._prepare_language is not None:
            self._prepare_language(language)
        EraTurn(
            person=person,
            locale=activity.locale or None,
            language=language,
            conversation_key=EraTurn.conversation_key_of(turn_context),
            channel_id=activity.channel_id or "",
            now=self._clock(),
            understanding=understanding,
            shared=is_shared(activity),
            pressed=pressed,
        ).attach(turn_context)
        # What DialogExtensions.run_dialog does for a bot that is not a skill, without the
        # memory snapshot it builds and sends as a trace on every turn (a trace only the
        # Emulator shows, computed for every channel).
        dialog_context = await self._dialogs.create_context(turn_context)
        result = await dialog_context.continue_dialog()
        if result.status == DialogTurnStatus.Empty:
            await dialog_context.begin_dialog(self._dialog.id)
        follow_up = take_follow_up(turn_context)
        if follow_up is not None:
            # The answer led to another question of the same flow: the request made after it
            # is not started behind the person's back, nor silently dropped.
            await turn_context.send_activity(say(
                "follow_up.later", language, request=format_list(follow_up.requests, language)))
        if dialog_context.active_dialog is None:
            flags.pop(OPEN_CARDS, None)  # nothing waits: no button answers anything
        elif sent_cards and flags.get(OPEN_CARDS) != sent_cards:
            flags[OPEN_CARDS] = sent_cards

    async def on_teams_members_added_dispatch(  # type: ignore[override]
        self, members_added: list[ChannelAccount], team_info: Any, turn_context: TurnContext
    ) -> None:
        """Welcome without the SDK's per-member profile fetch (one connector call per member,
        which the welcome does not need)."""
        await self.on_members_added_activity(members_added, turn_context)

    async def on_members_added_activity(
        self, members_added: list[ChannelAccount], turn_context: TurnContext
    ) -> None:
        """Welcome a person who joins, once per conversation; in a channel or group chat,
        introduce ERA once when it is added there, and greet no one who joins later (Teams
        tells of every new member of a team, and everyone there reads every welcome)."""
        activity = turn_context.activity
        bot_id = activity.recipient.id if activity.recipient else None
        shared = is_shared(activity)
        if shared:
            welcome_due = any(m.id == bot_id for m in members_added)
        else:
            personal_teams_install = activity.channel_id == "msteams" and (
                activity.conversation is not None
                and activity.conversation.conversation_type == "personal"
            )
            welcome_due = any(m.id != bot_id for m in members_added) or personal_teams_install
        flags = await self._flags.get(turn_context, dict)
        if not welcome_due or flags.get("welcomed"):
            return
        flags["welcomed"] = True
        flags[OPENED] = {"at": self._clock().isoformat()}  # "hi" just after: a short answer
        sender = activity.from_property
        person = await self._directory.identify(
            channel_user_id=sender.id if sender else "",
            aad_object_id=trusted_aad_object_id(activity),
        )
        language = choose_language(
            None, activity.locale, person.preferred_language if person else None,
            _kept_language(),
        )
        # Said to everyone there when shared: what ERA does for each of them, named to no one.
        reader = None if shared else person
        capabilities = self._main.capabilities_text(reader, language)
        if reader is not None:
            welcome = say("bot.welcome_named", language, first_name=reader.first_name,
                          capabilities=capabilities)
        else:
            welcome = say("bot.welcome", language, capabilities=capabilities)
        await turn_context.send_activity(welcome)

    async def _mark_person(self, turn_context: TurnContext, person: Person) -> None:
        """Name the directory person in their state document, so an erasure request for them
        finds it (its key holds only digests); written once, with the turn's own write."""
        flags = await self._flags.get(turn_context, dict)
        if flags.get(PERSON_ID_FLAG) != person.id:
            flags[PERSON_ID_FLAG] = person.id

    async def _remember_reference(
        self, turn_context: TurnContext, person: Person, language: str
    ) -> None:
        """Keep where the person can be reached proactively (their personal chat) and the
        language they speak there, for the notices ERA writes them later; group and channel
        conversations are not for personal notices. Written with the turn's own write, and
        only when one of them changed."""
        conversation = turn_context.activity.conversation
        if is_shared(turn_context.activity) or (
            conversation is not None and conversation.conversation_type not in (None, "personal")
        ):
            return
        flags = await self._flags.get(turn_context, dict)
        # Saved again when the channel moves the conversation to another service URL, or the
        # person speaks another language.
        saved_for = f"{person.id}|{turn_context.activity.service_url}|{language}"
        if flags.get("reference_saved_for") == saved_for:
            return
        self._references.save_with_turn(person.id, reference_of(turn_context.activity), language)
        flags["reference_saved_for"] = saved_for

    def _signs_in(self, activity: Any) -> bool:
        """Whether an unknown sender of this activity is asked to sign in: with an OAuth
        connection, on every channel but Teams, except the local demo channels while the demo
        identity is on."""
        if self._sign_in is None or not SignIn.applies_to(activity):
            return False
        return self._demo_identity is None or activity.channel_id not in DEMO_SWITCH

    async def _speaker(self, turn_context: TurnContext) -> Person | None:
        sender = turn_context.activity.from_property
        channel_user_id = sender.id if sender else ""
        person = await self._directory.identify(
            channel_user_id=channel_user_id or "",
            aad_object_id=trusted_aad_object_id(turn_context.activity),
        )
        if person is not None:
            return person
        sign_in = self._sign_in
        if sign_in is not None and self._signs_in(turn_context.activity):
            outcome = await sign_in.speaker(turn_context)
            if outcome.person is not None:
                turn_context.activity.text = outcome.request
            return outcome.person
        if self._demo_identity is None:
            logger.info("unknown user on %s refused", turn_context.activity.channel_id)
            language = choose_language(None, turn_context.activity.locale, None, None)
            await turn_context.send_activity(say(NOT_SET_UP, language))
            return None
        person = await self._directory.find_by_email(self._demo_identity)
        if person is None:
            raise RuntimeError(f"ERA_DEMO_IDENTITY {self._demo_identity} is not in the directory")
        flags = await self._flags.get(turn_context, dict)
        if not flags.get("demo_identity_announced"):
            flags["demo_identity_announced"] = True
            store = await self._directory.get_store(person.store_id)
            language = choose_language(
                None, turn_context.activity.locale, person.preferred_language,
                _kept_language(),
            )
            switch = DEMO_SWITCH.get(turn_context.activity.channel_id or "")
            how = say(switch, language) if switch else ""
            if store is not None:
                notice = say("bot.demo_identity_at_store", language, name=person.name,
                             role=say(f"role.{person.role}", language), store=store.name,
                             how=how)
            else:
                notice = say("bot.demo_identity", language, name=person.name,
                             role=say(f"role.{person.role}", language), how=how)
            await turn_context.send_activity(notice)
        return person
