"""Plain text on the channels that render markdown (Teams, Web Chat): a sentence after a list
stays its own paragraph instead of being read as the end of the list's last item."""

from __future__ import annotations

from dialogs.rendering.markdown_text import closed_lists
from language.catalogue import say
from tests.bot_harness import BotHarness


def test_a_line_after_a_list_starts_a_new_paragraph() -> None:
    text = ("Your shifts:\n- Sun 29 Nov, Afternoon 15:00-20:00\n- Tue 1 Dec, Morning 09:00-15:00\n"
            "To cancel one, say for example “cancel my shift on Friday”.")
    assert closed_lists(text) == (
        "Your shifts:\n- Sun 29 Nov, Afternoon 15:00-20:00\n- Tue 1 Dec, Morning 09:00-15:00\n"
        "\nTo cancel one, say for example “cancel my shift on Friday”.")
    # A heading after a list (the next day's shifts) and numbered lists are closed too.
    assert closed_lists("Mon:\n- a\nTue:\n1. b\n2. c\nMore") == (
        "Mon:\n- a\n\nTue:\n1. b\n2. c\n\nMore")
    # Text that is already apart, or has no list, is left as it is.
    for kept in ("I can:\n- a\n- b\n\nSay “help” any time.", "One line\nand another",
                 "- only\n- a list"):
        assert closed_lists(kept) == kept


async def test_the_roster_ends_with_its_own_sentence_in_web_chat(bot: BotHarness) -> None:
    bot.as_person("maria")
    bot.channel_id = "webchat"
    for language, question in (("en", "who's on shift today?"), ("de", "Wer arbeitet heute?")):
        reply = (await bot.say(question))[-1].text
        what_next = say("store_schedule.what_next", language,
                        assign=say("main.example.shift_assign", language),
                        unassign=say("main.example.shift_unassign", language),
                        swap=say("main.example.shift_swap", language))
        # The closing sentence follows a blank line, not the last shift's line.
        assert "\n\n" + what_next in reply, reply
