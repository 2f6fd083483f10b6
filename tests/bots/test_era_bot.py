"""The activity handler: who is speaking, Teams mentions, card submits, welcome."""

from __future__ import annotations

from pathlib import Path

from botbuilder.schema import (
    Activity,
    ActivityTypes,
    ChannelAccount,
    ConversationAccount,
    Entity,
    Mention,
)

from bots.era_bot import NOT_SET_UP
from language.catalogue import say
from state.person_state import person_state_key
from tests.bot_harness import BotHarness, joined
from tests.conftest import FIXED_NOW

PRODUCTION = {"ERA_ENV": "production", "MicrosoftAppId": "app", "MicrosoftAppPassword": "pw"}


async def test_in_production_an_unknown_user_is_told_and_nothing_else(tmp_path: Path) -> None:
    bot = await BotHarness.start(tmp_path, FIXED_NOW, **PRODUCTION)
    try:
        bot.as_person("29:someone-new")
        replies = await bot.say("cancel my shift tomorrow")
        assert [r.text for r in replies] == [say(NOT_SET_UP, "en")]
        bot.as_person("bob-smith")
        assert "reason" in joined(await bot.say("cancel my shift tomorrow")).lower()
    finally:
        await bot.close()


async def test_a_teams_mention_is_stripped(tmp_path: Path) -> None:
    bot = await BotHarness.start(tmp_path, FIXED_NOW)
    try:
        bot.as_person("bob-smith")
        bot.channel_id = "msteams"
        mention = Mention(mentioned=ChannelAccount(id="bot", name="ERA"), text="<at>ERA</at>",
                          type="mention")
        activity = Activity(type=ActivityTypes.message, text="<at>ERA</at> what are my shifts?",
                            entities=[Entity().deserialize(mention.serialize())])
        replies = joined(await bot.send(activity))
        assert "Your shifts" in replies
    finally:
        await bot.close()


async def test_a_submit_without_text_or_reply_is_safe(tmp_path: Path) -> None:
    bot = await BotHarness.start(tmp_path, FIXED_NOW)
    try:
        bot.as_person("bob-smith")
        replies = joined(await bot.send(Activity(type=ActivityTypes.message, value={"x": 1})))
        assert "not sure" in replies.lower()
    finally:
        await bot.close()


async def test_teams_personal_install_is_welcomed_once(tmp_path: Path) -> None:
    bot = await BotHarness.start(tmp_path, FIXED_NOW)
    try:
        bot.channel_id = "msteams"
        update = Activity(
            type=ActivityTypes.conversation_update,
            members_added=[ChannelAccount(id="bot", name="ERA")],
            recipient=ChannelAccount(id="bot", name="ERA"),
            conversation=ConversationAccount(id="a:1", conversation_type="personal"),
            channel_data={"tenant": {"id": "tenant-1"}},
        )
        assert "I'm ERA" in joined(await bot.send(update))
        update.id = None
        assert await bot.send(update) == []
        bare = Activity(type=ActivityTypes.conversation_update,
                        members_added=[ChannelAccount(id="someone")],
                        conversation=ConversationAccount(id="a:2", conversation_type="personal"))
        assert "I'm ERA" in joined(await bot.send(bare))
    finally:
        await bot.close()


async def test_a_conversation_whose_state_cannot_be_read_is_reset_once(tmp_path: Path) -> None:
    import sqlite3

    bot = await BotHarness.start(tmp_path, FIXED_NOW)
    try:
        bot.as_person("bob-smith")
        await bot.say("what are my shifts?")
        key = person_state_key("test", "conv-1", "demo-bob-smith")
        with sqlite3.connect(tmp_path / "state.sqlite3") as db:
            changed = db.execute("UPDATE era_state SET document = ? WHERE key = ?",
                                 ('{"dialog": {"$type": "os.system"}}', key)).rowcount
        assert changed == 1
        broken = joined(await bot.say("what are my shifts?"))
        assert "reference" in broken
        assert "Your shifts" in joined(await bot.say("what are my shifts?"))
    finally:
        await bot.close()


async def test_the_demo_identity_notice_says_how_to_switch_where_the_user_is(
    tmp_path: Path,
) -> None:
    bot = await BotHarness.start(tmp_path, FIXED_NOW)
    try:
        notices = {}
        for channel in ("emulator", "webchat", "msteams"):
            bot.channel_id = channel
            bot.conversation_id = f"conv-{channel}"
            bot.as_person(f"unknown-{channel}")
            notices[channel] = joined(await bot.say("help"))
        assert "I'll take you for Maria Lopez" in notices["msteams"]
        assert "The console client's --as option picks someone else." in notices["emulator"]
        assert 'The "Chat as" picker at the top of the page' in notices["webchat"]
        assert "--as" not in notices["webchat"] and "--as" not in notices["msteams"]
        assert "picker" not in notices["msteams"]
    finally:
        await bot.close()


async def test_a_submitted_email_form_reads_as_the_typed_edit(tmp_path: Path) -> None:
    bot = await BotHarness.start(tmp_path, FIXED_NOW)
    try:
        await bot.say("email Bob Smith about his lateness")
        changed = joined(await bot.send(Activity(type=ActivityTypes.message, value={
            "era_form": "email", "era_subject": " Timekeeping ",
            "era_body": "Dear Bob,\r\nSee me.",
        })))
        assert "Subject: Timekeeping\nDear Bob,\nSee me.\nShall I send it?" in changed
    finally:
        await bot.close()
