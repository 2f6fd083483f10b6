"""The activity handler: who is speaking, Teams mentions, card submits, welcome."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from botbuilder.schema import (
    Activity,
    ActivityTypes,
    ChannelAccount,
    ConversationAccount,
    Entity,
    Mention,
)

from bots.era_bot import NOT_SET_UP, without_bot_mention
from language.catalogue import say
from services.org_database import OrgDatabase
from state.person_state import person_state_key
from tests.bot_harness import BotHarness, Reply, joined
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
        assert "That button reached me without an answer I can read" in replies
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


def _button_data(replies: list[Reply], title: str) -> dict[str, Any]:
    """What pressing the card button titled `title` in these replies submits."""
    for reply in replies:
        for attachment in reply.activity.attachments or ():
            for action in attachment.content.get("actions", []):
                if action.get("title") == title:
                    return dict(action["data"])
    raise AssertionError(f"no button {title!r} in {[r.text for r in replies]}")


async def test_the_button_of_a_preview_whose_day_was_corrected_applies_nothing(
    tmp_path: Path,
) -> None:
    """"no wait, tuesday" at Monday's swap preview shows Tuesday's preview: Monday's Apply,
    still on screen, must not apply Tuesday's change (nor Monday's)."""
    bot = await BotHarness.start(tmp_path, FIXED_NOW)
    try:
        monday = await bot.say("swap Alice and Bob Smith on Monday")
        assert "Preview:" in joined(monday) and "Mon 23 Nov" in joined(monday)
        tuesday = await bot.say("no wait, tuesday")
        assert "Tue 24 Nov" in joined(tuesday)
        stale = joined(await bot.send(Activity(
            type=ActivityTypes.message, value=_button_data(monday, "Apply"))))
        assert "earlier message" in stale and "Done" not in stale
        assert "Done:" in joined(await bot.send(Activity(
            type=ActivityTypes.message, value=_button_data(tuesday, "Apply"))))
    finally:
        await bot.close()


async def test_a_button_of_a_replaced_preview_does_not_apply_the_new_one(
    tmp_path: Path,
) -> None:
    bot = await BotHarness.start(tmp_path, FIXED_NOW)
    try:
        first = await bot.say("unassign bob jones from monday")
        assert "Preview: Bob Jones off" in joined(first)
        await bot.say("cancel")
        second = await bot.say("unassign bob smith from tuesday")
        assert "Preview: Bob Smith off" in joined(second)
        stale = joined(await bot.send(Activity(
            type=ActivityTypes.message, value=_button_data(first, "Apply"))))
        assert "earlier message" in stale and "Done" not in stale
        # The preview on screen is still the one its own button applies, once.
        assert "Done: Bob Smith off" in joined(await bot.send(Activity(
            type=ActivityTypes.message, value=_button_data(second, "Apply"))))
        again = joined(await bot.send(Activity(
            type=ActivityTypes.message, value=_button_data(second, "Apply"))))
        assert "earlier message" in again and "Done" not in again
    finally:
        await bot.close()


def _form_data(replies: list[Reply], **inputs: str) -> dict[str, Any]:
    """What submitting the email card's edit form in these replies with `inputs` sends."""
    for reply in replies:
        for attachment in reply.activity.attachments or ():
            for action in attachment.content.get("actions", []):
                if action.get("type") == "Action.ShowCard":
                    return {**action["card"]["actions"][0]["data"], **inputs}
    raise AssertionError(f"no edit form in {[r.text for r in replies]}")


async def test_the_edit_form_of_an_earlier_draft_changes_no_other_email(tmp_path: Path) -> None:
    """The form under Bob's cancelled draft, submitted at Alice's draft, became Alice's email
    ("Dear Bob, you were late again"), one "send" from going out; after the flow ended it
    started advice on lateness."""
    bot = await BotHarness.start(tmp_path, FIXED_NOW)
    try:
        first = await bot.say("email Bob Smith about the new rota")
        await bot.say("cancel")
        assert "Dear Alice" in joined(await bot.say("email Alice Martin about the new rota"))
        bobs = _form_data(first, era_subject="Late",
                          era_body="Dear Bob,\n\nYou were late again this week.\n\nMaria")
        stale = joined(await bot.send(Activity(type=ActivityTypes.message, value=bobs)))
        assert "earlier message" in stale and "late again" not in stale
        sent = joined(await bot.say("send"))
        assert "Sent to Alice Martin" in sent
        db = await OrgDatabase.open(tmp_path / "org.sqlite3")
        try:
            [body] = [row["body"] for row in await db.fetch_all("SELECT body FROM outbox")]
        finally:
            await db.close()
        assert body.startswith("Dear Alice") and "late again" not in body
        after = joined(await bot.send(Activity(type=ActivityTypes.message, value=bobs)))
        assert "earlier message" in after and "lateness" not in after.lower()
    finally:
        await bot.close()


async def test_a_yes_sent_before_the_preview_was_asked_for_does_not_apply_it(
    tmp_path: Path,
) -> None:
    """Delivered late, after the manager said no and asked for another change, a "yes" typed
    while Bob Jones's preview was shown applied Chen's, which did not exist when it was sent."""
    bot = await BotHarness.start(tmp_path, FIXED_NOW)
    try:
        await bot.say("unassign bob jones from monday")
        typed_then = datetime.now(UTC)
        await bot.say("no")
        await bot.send(Activity(type=ActivityTypes.message, text="unassign chen from tuesday",
                                timestamp=typed_then + timedelta(seconds=5)))
        late = joined(await bot.send(Activity(type=ActivityTypes.message, text="yes",
                                              timestamp=typed_then)))
        assert "Done" not in late and "before" in late and "Preview: Chen Wei off" in late
        assert "Done: Chen Wei off" in joined(await bot.say("yes"))
    finally:
        await bot.close()


async def test_a_yes_stamped_by_another_clock_of_the_channel_a_moment_earlier_still_applies(
    tmp_path: Path,
) -> None:
    """The request's stamp and the answer's may come from different clocks of the channel
    (Slack's for typed text, the Bot Service's for a button; two Teams front ends): a "yes"
    stamped 400 ms before the request it answers was refused as "sent before my last
    question", and the preview asked again and again."""
    bot = await BotHarness.start(tmp_path, FIXED_NOW)
    try:
        asked_at = datetime.now(UTC)
        preview = joined(await bot.send(Activity(
            type=ActivityTypes.message, text="unassign chen from tuesday", timestamp=asked_at)))
        assert "Preview: Chen Wei off" in preview, preview
        done = joined(await bot.send(Activity(type=ActivityTypes.message, text="yes",
                                              timestamp=asked_at - timedelta(milliseconds=400))))
        assert "Done: Chen Wei off" in done and "before" not in done, done
    finally:
        await bot.close()


async def test_a_question_shown_again_takes_either_cards_button_and_help_examples_still_work(
    tmp_path: Path,
) -> None:
    bot = await BotHarness.start(tmp_path, FIXED_NOW)
    try:
        help_card = await bot.say("help")
        first = await bot.say("unassign alice from monday")
        assert "Preview: Alice Martin off" in joined(first)
        assert "Preview: Alice Martin off" in joined(await bot.say("maybe"))
        assert "Done: Alice Martin off" in joined(await bot.send(Activity(
            type=ActivityTypes.message, value=_button_data(first, "Apply"))))
        example = next(title for reply in help_card for title, _ in reply.buttons)
        started = joined(await bot.send(Activity(
            type=ActivityTypes.message, value=_button_data(help_card, example))))
        assert "earlier message" not in started
    finally:
        await bot.close()


def _slack_button(replies: list[Reply], title: str) -> str:
    """What pressing the Slack button titled `title` in these replies posts as the text."""
    for reply in replies:
        for shown, sent in reply.buttons:
            if shown == title:
                return sent
    raise AssertionError(f"no button {title!r} in {[r.text for r in replies]}")


async def test_on_slack_a_button_of_a_replaced_preview_does_not_apply_the_new_one(
    tmp_path: Path,
) -> None:
    """Slack posts a button's reply as the person's text: "Apply" under Bob Jones's preview,
    pressed after it was cancelled, applied Bob Smith's change shown since."""
    bot = await BotHarness.start(tmp_path, FIXED_NOW)
    bot.channel_id = "slack"
    try:
        first = await bot.say("unassign bob jones from monday")
        assert "Preview: Bob Jones off" in joined(first)
        await bot.say("cancel")
        second = await bot.say("unassign bob smith from tuesday")
        assert "Preview: Bob Smith off" in joined(second)
        stale = joined(await bot.say(_slack_button(first, "Apply")))
        assert "earlier message" in stale and "Done" not in stale
        assert "Done: Bob Smith off" in joined(await bot.say(_slack_button(second, "Apply")))
        # A typed yes is no button press: it answers whatever is asked, as ever.
        await bot.say("unassign alice from monday")
        assert "Done: Alice Martin off" in joined(await bot.say("yes"))
    finally:
        await bot.close()


def _teams_message(text: str, *mentions: dict[str, Any]) -> Activity:
    return Activity(type=ActivityTypes.message, text=text,
                    entities=[Entity().deserialize(m) for m in mentions])


_ERA_MENTION = {"type": "mention", "mentioned": {"id": "bot", "name": "ERA"},
                "text": "<at>ERA</at>"}


def test_only_the_mention_markup_goes_not_the_bots_name_elsewhere() -> None:
    hr = {"type": "mention", "mentioned": {"id": "bot", "name": "HR"}, "text": "<at>HR</at>"}
    activity = _teams_message("<at>HR</at> is the HR letter to Bob ready?", hr)
    activity.recipient = ChannelAccount(id="bot", name="HR")
    # The SDK's stripping read "is the  letter to Bob ready?".
    assert without_bot_mention(activity) == "is the HR letter to Bob ready?"


async def test_a_colleague_mentioned_in_teams_reads_as_their_name(tmp_path: Path) -> None:
    bot = await BotHarness.start(tmp_path, FIXED_NOW)
    try:
        bot.channel_id = "msteams"
        alice = {"type": "mention", "mentioned": {"id": "29:alice", "name": "Alice Martin"},
                 "text": "<at>Alice Martin</at>"}
        replies = joined(await bot.send(_teams_message(
            "<at>ERA</at> email <at>Alice Martin</at> about the weekend rota",
            _ERA_MENTION, alice)))
        assert "<at>" not in replies and "Alice" in replies
    finally:
        await bot.close()


async def test_a_mention_entity_of_the_wrong_shape_breaks_nothing(tmp_path: Path) -> None:
    bot = await BotHarness.start(tmp_path, FIXED_NOW)
    try:
        bot.as_person("bob-smith")
        bot.channel_id = "msteams"
        assert "reason" in joined(await bot.say("cancel my shift tomorrow")).lower()
        odd = [{"type": "mention", "mentioned": "bot", "text": 5},
               {"type": "mention", "text": "<at>ERA</at>"}, {"mentioned": {"id": "bot"}}]
        replies = joined(await bot.send(_teams_message("<at>ERA</at> sick", *odd)))
        assert "something went wrong" not in replies
        assert "cancelled" in replies
    finally:
        await bot.close()


async def test_added_to_a_team_era_introduces_itself_once_and_greets_no_new_member(
    tmp_path: Path,
) -> None:
    bot = await BotHarness.start(tmp_path, FIXED_NOW)
    try:
        bot.channel_id = "msteams"
        team = ConversationAccount(id="19:general@thread.tacv2", conversation_type="channel",
                                   is_group=True)

        def added(*members: str, locale: str = "fr-FR") -> Activity:
            return Activity(
                type=ActivityTypes.conversation_update, locale=locale, conversation=team,
                members_added=[ChannelAccount(id=m) for m in members],
                recipient=ChannelAccount(id="bot", name="ERA"),
                channel_data={"tenant": {"id": "t"}, "team": {"id": "team-1"},
                              "eventType": "teamMemberAdded"},
            )

        # Maria installs ERA in her team: one introduction, in her language, to everyone.
        introduction = joined(await bot.send(added("bot")))
        assert "je suis ERA" in introduction and "Maria" not in introduction
        assert await bot.send(added("bot")) == []
        # New members join the team later: nobody is greeted (Maria least of all).
        assert await bot.send(added("29:alice", "29:chen")) == []
        bot.as_person("bob-smith")
        assert await bot.send(added("29:omar", locale="en-US")) == []
    finally:
        await bot.close()


async def test_the_help_card_is_rendered_once_and_each_persons_buttons_are_their_own(
    tmp_path: Path,
) -> None:
    from dialogs.question_card import RENDERED

    bot = await BotHarness.start(tmp_path, FIXED_NOW)
    try:
        bob_card = await bot.as_person("bob-smith").say("help")
        before = RENDERED.hits
        bot.conversation_id = "alice-conversation"
        alice_card = await bot.as_person("alice").say("help")
        # The same card, rendered once: the second help is the first one's JSON, copied.
        assert RENDERED.hits == before + 1
        assert [r.text for r in alice_card] == [r.text for r in bob_card]
        example = next(title for reply in bob_card for title, _ in reply.buttons)
        assert _button_data(bob_card, example)["era_for"] == "bob-smith"
        assert _button_data(alice_card, example)["era_for"] == "alice"
        # Alice's stamp did not reach the card Bob was sent, nor the one kept for the next help.
        assert bob_card[0].activity.attachments[0].content is not \
            alice_card[0].activity.attachments[0].content
        bot.conversation_id = "bob-again"
        again = await bot.as_person("bob-smith").say("help")
        assert _button_data(again, example)["era_for"] == "bob-smith"
        bot.conversation_id = "conv-1"
        started = joined(await bot.as_person("bob-smith").send(Activity(
            type=ActivityTypes.message, value=_button_data(bob_card, example))))
        assert "earlier message" not in started
    finally:
        await bot.close()


async def test_a_card_sent_again_is_stamped_from_its_kept_layout_with_the_same_card_id(
    tmp_path: Path,
) -> None:
    from bots import era_bot

    bot = await BotHarness.start(tmp_path, FIXED_NOW)
    try:
        era_bot._LAYOUTS.clear()
        bob_card = await bot.as_person("bob-smith").say("help")
        bot.conversation_id = "alice-conversation"
        alice_card = await bot.as_person("alice").say("help")
        # One layout for the one card, found again for Alice's copy.
        assert len(era_bot._LAYOUTS) == 1
        titles = [title for reply in bob_card for title, _ in reply.buttons]
        assert titles and titles == [title for reply in alice_card for title, _ in reply.buttons]
        for title in titles:
            bob_data, alice_data = _button_data(bob_card, title), _button_data(alice_card, title)
            assert bob_data["era_card"] == alice_data["era_card"]
            assert (bob_data["era_for"], alice_data["era_for"]) == ("bob-smith", "alice")
    finally:
        await bot.close()
