"""Where a person is reached proactively: their own chat, never a conversation others read."""

from __future__ import annotations

from botbuilder.core import MemoryStorage
from botbuilder.schema import ChannelAccount, ConversationAccount, ConversationReference

from state.conversation_reference_store import ConversationReferenceStore


def _reference(conversation: ConversationAccount) -> ConversationReference:
    return ConversationReference(
        channel_id="slack", service_url="https://slack.botframework.com/",
        user=ChannelAccount(id="U1:T456"), bot=ChannelAccount(id="era-bot"),
        conversation=conversation,
    )


async def test_a_direct_message_is_where_the_person_is_reached() -> None:
    store = ConversationReferenceStore(MemoryStorage())
    await store.save("bob-smith", _reference(ConversationAccount(id="B0ERA:T456:D1")))
    loaded = await store.load("bob-smith")
    assert loaded is not None and loaded.conversation.id == "B0ERA:T456:D1"


async def test_a_slack_channel_kept_as_the_persons_chat_is_not_used() -> None:
    # Kept before ERA told Slack channels (isGroup, no conversation type) from direct messages:
    # a notice about Bob's shift would go to the whole channel.
    store = ConversationReferenceStore(MemoryStorage())
    await store.save("bob-smith", _reference(ConversationAccount(id="B0ERA:T456:C1",
                                                                 is_group=True)))
    assert await store.load("bob-smith") is None


async def test_the_language_spoken_there_is_kept_with_the_reference() -> None:
    store = ConversationReferenceStore(MemoryStorage())
    reference = _reference(ConversationAccount(id="B0ERA:T456:D1"))
    await store.save("maria", reference, "nl-NL")
    loaded, language = await store.load_reach("maria")
    assert loaded is not None and language == "nl-NL"
    await store.save("bob-smith", reference)  # kept before languages were
    assert (await store.load_reach("bob-smith"))[1] is None
