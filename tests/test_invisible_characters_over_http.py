"""Characters no one can see, over the real `/api/messages` endpoint: a zero-width joiner inside a
name finds the person, and a right-to-left override in a worker's reason cannot reverse ERA's own
words in the manager's notification."""

from __future__ import annotations

from tests.http_harness import RunningApp, client_for
from tools.local_connector import LocalConnector, render_activity

RIGHT_TO_LEFT_OVERRIDE = "\u202e"
ZERO_WIDTH_JOINER = "\u200d"


def _text(replies: list[dict[str, object]]) -> str:
    return "\n".join(render_activity(a)[0] for a in replies)


async def test_a_zero_width_joiner_inside_a_name_still_finds_the_person(
    app: RunningApp, connector: LocalConnector
) -> None:
    maria = client_for(app, connector, "maria", channel_id="msteams")
    said = _text(await maria.say(f"assign Ali{ZERO_WIDTH_JOINER}ce on Wednesday, cashier"))
    assert "Alice Martin on Wed 25 Nov as cashier" in said
    assert "couldn't find" not in said


async def test_a_right_to_left_override_in_a_reason_does_not_reach_the_manager(
    app: RunningApp, connector: LocalConnector
) -> None:
    maria = client_for(app, connector, "maria", channel_id="msteams")
    await maria.say("hello")  # ERA knows where to reach Maria
    bob = client_for(app, connector, "bob-smith", channel_id="msteams")
    await bob.say("cancel my shift tomorrow")
    said = _text(await bob.say(f"sick {RIGHT_TO_LEFT_OVERRIDE}reven kcab gnimoc"))
    assert "has been cancelled" in said
    notice = _text(connector.messages(maria.conversation_id)[-1:])
    assert "Reason: sick reven kcab gnimoc. The shift is now open." in notice
    assert RIGHT_TO_LEFT_OVERRIDE not in notice


async def test_a_message_of_nothing_but_invisible_marks_never_becomes_the_email(
    app: RunningApp, connector: LocalConnector
) -> None:
    """The finding: at "What should the email say instead?", a message of zero-width marks
    ("\\u200b\\u200d\\u2060\\ufeff", as a paste can carry) left one joiner, which became the
    whole text of the email, and a "Send" after it sent a blank-looking email."""
    maria = client_for(app, connector, "maria", channel_id="msteams")
    assert "Dear Alice" in _text(await maria.say("email alice martin about the weekend rota"))
    await maria.say("edit")
    said = _text(await maria.say(f"\u200b{ZERO_WIDTH_JOINER}\u2060\ufeff"))
    assert "as you changed it" not in said
    preview = _text(await maria.say("cancel"))
    assert "Sent" not in preview


async def test_control_characters_in_a_request_are_not_read_as_words(
    app: RunningApp, connector: LocalConnector
) -> None:
    """The finding: "cancel\\x00 my shift\\x07 tomorrow" (a NUL and a bell, which no chat
    client shows) in Web Chat was not read as a cancellation, and Bob got "I'm not sure what
    you'd like me to do"; in French the same."""
    bob = client_for(app, connector, "bob-smith", channel_id="webchat")
    assert "I found your shift" in _text(await bob.say("cancel\x00 my shift\x07 tomorrow"))
    bob_fr = client_for(app, connector, "bob-smith", channel_id="webchat", locale="fr-FR")
    said = _text(await bob_fr.say("an\x00nule mon\x1b poste de demain"))
    assert "J'ai trouvé votre poste" in said
