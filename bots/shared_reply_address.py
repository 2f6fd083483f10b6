"""Says whom a reply answers in a conversation other people read too.

In a Teams channel thread or group chat where Maria and Bob both talk to ERA, "Done." or
"Which one?" could be either one's answer. So the first message of each turn there is addressed
to the person who spoke: in Teams with an @mention of them (a mention entity and its `<at>`
markup in the text, as Teams bots do, which also notifies them), elsewhere (Slack through the
Azure Bot Service connector) with their first name in front, in the language of the turn. A
reply that already names them ("Avec plaisir, Maria !") is addressed by that name: in Teams the
name becomes the @mention, elsewhere nothing is added ("Maria : Avec plaisir, Maria !" named her
twice). In a one-to-one chat nobody else reads the reply, and it is left as it is.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

from botbuilder.core import CardFactory, TurnContext
from botbuilder.schema import Activity, ActivityTypes, ChannelAccount, Mention, ResourceResponse

from bots.turn_language import turn_language
from core.person import Person
from language.catalogue import say

ADDRESSED = "bot.addressed"
HERO_CARD = CardFactory.content_types.hero_card
# Characters that would end or break the <at> markup of a Teams mention.
_MARKUP = str.maketrans("", "", "<>")
# A Latin letter or digit next to a name makes it part of a longer word ("Marian"); a Japanese
# "さん" after it does not. A capitalised word after it makes it someone's full name
# ("Maria Garcia"), which names that person rather than addresses the reader.
_WORD_PART = "0-9A-Za-z\u00c0-\u024f"
_NAMED = r"(?<![{part}]){name}(?![{part}])(?!\s+[A-Z\u00c0-\u00de])"

SendHandler = Callable[
    [TurnContext, list[Activity], Callable[[], Awaitable[list[ResourceResponse]]]],
    Awaitable[list[ResourceResponse]],
]


def address_replies(person: Person) -> SendHandler:
    """An on-send handler that addresses the turn's first message to `person`."""
    addressed = False

    async def address(
        context: TurnContext, activities: list[Activity],
        send: Callable[[], Awaitable[list[ResourceResponse]]],
    ) -> list[ResourceResponse]:
        nonlocal addressed
        for activity in activities:
            if addressed or activity.type != ActivityTypes.message:
                continue
            if activity.channel_id == "msteams" or context.activity.channel_id == "msteams":
                addressed = _mention(activity, context.activity.from_property, person)
            else:
                addressed = _name_in_front(activity, person, turn_language(context))
        return await send()

    return address


def _mention(activity: Activity, sender: ChannelAccount | None, person: Person) -> bool:
    """Put an @mention of the sender before the message's text (a card with no text gets the
    mention alone above it); whether the message was addressed."""
    if sender is None or not sender.id:
        return False
    name = (sender.name or person.name).translate(_MARKUP).strip() or person.first_name
    named = _first_name_in(activity.text or "", person)
    if named is not None:
        markup = f"<at>{named.group(0)}</at>"
        text = activity.text or ""
        activity.text = f"{text[:named.start()]}{markup}{text[named.end():]}"
    else:
        markup = f"<at>{name}</at>"
        activity.text = f"{markup} {activity.text}" if activity.text else markup
    mention = Mention(mentioned=ChannelAccount(id=sender.id, name=name), text=markup,
                      type="mention")
    activity.entities = [*(activity.entities or ()), mention]
    return True


def _name_in_front(activity: Activity, person: Person, language: str) -> bool:
    """Put the person's first name before the message's text, or before a hero card's text
    (Slack's questions are hero cards); whether the message was addressed."""
    if activity.text:
        if _first_name_in(activity.text, person) is None:
            activity.text = say(ADDRESSED, language, name=person.first_name, text=activity.text)
        return True
    for attachment in activity.attachments or ():
        content = attachment.content
        if attachment.content_type == HERO_CARD and _card_text(content):
            if _first_name_in(_card_text(content), person) is None:
                _set_card_text(content, say(ADDRESSED, language, name=person.first_name,
                                            text=_card_text(content)))
            return True
    return False


def _first_name_in(text: str, person: Person) -> re.Match[str] | None:
    """Where the reply already calls the person by their first name, if it does: in its first
    line, where ERA's replies greet, thank or see off ("Avec plaisir, Maria !"); a name further
    on is in an example or a fact ("try 'Remove Chen from Thursday's shift'")."""
    first_name = person.first_name.strip()
    first_line = text.split("\n", 1)[0]
    if not first_name or first_name not in first_line:
        return None
    return re.search(_NAMED.format(part=_WORD_PART, name=re.escape(first_name)), first_line)


def _card_text(content: Any) -> str:
    """A hero card's text, whether the card is the SDK's object or its JSON."""
    text = content.get("text") if isinstance(content, dict) else getattr(content, "text", None)
    return text if isinstance(text, str) else ""


def _set_card_text(content: Any, text: str) -> None:
    if isinstance(content, dict):
        content["text"] = text
    else:
        content.text = text
