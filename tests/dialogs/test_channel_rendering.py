"""The same conversations as Teams, Web Chat, Slack and a channel without cards receive them:
one rendering step per channel from one message structure.

Every Adaptive Card is validated against the official Adaptive Card 1.5 schema (vendored in
tests/data/adaptive_card_schema with its licence)."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from botbuilder.schema import Activity, ActivityTypes
from jsonschema import Draft6Validator

from core.choice_option import ChoiceOption
from core.question_id import QuestionId
from core.reply_interpreter import ReplyIntent, interpret_reply
from dialogs.question_card import question_activity
from language.catalogue import say
from tests.bot_harness import BotHarness, Reply
from tests.conftest import FIXED_NOW

SCHEMA = Path(__file__).parents[1] / "data" / "adaptive_card_schema" / "adaptive-card-1.5.json"
ADAPTIVE = "application/vnd.microsoft.card.adaptive"
HERO = "application/vnd.microsoft.card.hero"
CHANNELS = ("msteams", "webchat", "slack", "telegram")


@cache
def _validator() -> Draft6Validator:
    return Draft6Validator(json.loads(SCHEMA.read_text(encoding="utf-8")))


@pytest.fixture(params=CHANNELS)
async def bot(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[BotHarness]:
    """The bot at FIXED_NOW, spoken to on one channel."""
    harness = await BotHarness.start(tmp_path, FIXED_NOW)
    harness.channel_id = request.param
    yield harness
    await harness.close()


def _cards(replies: list[Reply]) -> list[dict[str, Any]]:
    return [a.content for r in replies for a in (r.activity.attachments or [])
            if a.content_type == ADAPTIVE]


def _heroes(replies: list[Reply]) -> list[dict[str, Any]]:
    return [a.content.serialize() if hasattr(a.content, "serialize") else a.content
            for r in replies for a in (r.activity.attachments or []) if a.content_type == HERO]


def _texts(card: dict[str, Any]) -> list[str]:
    return [e["text"] for e in card["body"] if e["type"] == "TextBlock"]


def _actions(card: dict[str, Any]) -> list[dict[str, Any]]:
    nested = [a for e in card["body"] if e["type"] == "ActionSet" for a in e["actions"]]
    return list(card.get("actions", [])) + nested


def _check_card(card: dict[str, Any], channel: str) -> None:
    """What every card must be: valid 1.5, with fallback text, short titles, no markdown."""
    errors = sorted(_validator().iter_errors(card), key=str)
    assert not errors, [e.message for e in errors[:3]]
    assert card["version"] == ("1.5" if channel == "msteams" else card["version"])
    assert card["fallbackText"].strip()
    for action in _actions(card):
        assert len(action["title"]) <= 40, action["title"]
    for text in _texts(card):
        assert "**" not in text and "\n" not in text
    # The lowest version that has what the card uses (ActionSet came in 1.2).
    if any(e["type"] == "ActionSet" for e in card["body"]):
        assert card["version"] in ("1.2", "1.5")


def _check_all(replies: list[Reply], channel: str) -> None:
    for card in _cards(replies):
        _check_card(card, channel)
    for hero in _heroes(replies):
        assert len(hero.get("buttons") or []) <= 5


async def test_the_email_preview_on_every_channel(bot: BotHarness) -> None:
    channel = bot.channel_id
    preview = await bot.say("email Bob Smith about his lateness")
    _check_all(preview, channel)
    reply = preview[-1]
    if channel in ("msteams", "webchat"):
        card = _cards(preview)[-1]
        facts = next(e for e in card["body"] if e["type"] == "FactSet")["facts"]
        assert facts == [
            {"title": "To", "value": "Bob Smith (bob.smith@contoso.example)"},
            {"title": "Subject", "value": "Your punctuality"},
        ]
        texts = _texts(card)
        # The signature lines stay separate lines.
        assert texts[texts.index("Kind regards,") + 1] == "Maria Lopez"
        assert card["version"] == ("1.5" if channel == "msteams" else "1.0")
        send, edit, cancel = _actions(card)
        assert (send["title"], edit["title"], cancel["title"]) == ("Send", "Edit", "Cancel")
        if channel == "msteams":
            assert send["data"]["msteams"] == {
                "type": "messageBack", "text": send["data"]["era_reply"], "displayText": "Send",
                "value": {"era_reply": send["data"]["era_reply"], "era_for": "maria",
                          "era_card": send["data"]["era_card"]}}
        else:
            assert send["data"]["cardAction"]["type"] == "messageBack"
            assert send["data"]["cardAction"]["displayText"] == "Send"
            assert send["data"]["cardAction"]["value"] == {
                "era_reply": send["data"]["era_reply"], "era_for": "maria",
                "era_card": send["data"]["era_card"]}
        # Edit opens a form with the subject and the multi-line body, filled with the draft.
        assert edit["type"] == "Action.ShowCard"
        inputs = {e["id"]: e for e in edit["card"]["body"] if e["type"] == "Input.Text"}
        assert inputs["era_subject"]["value"] == "Your punctuality"
        assert inputs["era_body"]["isMultiline"] is True
        assert inputs["era_body"]["value"].startswith("Dear Bob,\n\n")
        assert card["fallbackText"].startswith("Here's a draft of")
    elif channel == "slack":
        hero = _heroes(preview)[-1]
        assert ("To: Bob Smith (bob.smith@contoso.example)\nSubject: Your punctuality"
                in hero["text"])
        assert [b["title"] for b in hero["buttons"]] == ["Send", "Edit", "Cancel"]
    else:
        assert not reply.activity.attachments
        assert "Subject: Your punctuality\n\nDear Bob," in reply.activity.text
        assert '- Edit (reply "Edit")' in reply.activity.text
        assert '- Send (reply "Send")' in reply.activity.text


async def test_the_edit_form_and_a_typed_subject_line_change_the_email(bot: BotHarness) -> None:
    await bot.say("email Bob Smith about his lateness")
    # The card form's submit, as Teams and Web Chat deliver it (inputs in activity.value).
    edited = await bot.send(Activity(type=ActivityTypes.message, value={
        "era_form": "email", "era_subject": "Timekeeping",
        "era_body": "Dear Bob,\r\n\r\nYou were late again.\r\nPlease come and see me.",
    }))
    text = "\n".join(r.text for r in edited)
    assert "Here's the email as you changed it" in text
    assert "Subject: Timekeeping" in text
    assert "You were late again.\nPlease come and see me." in text
    _check_all(edited, bot.channel_id)
    # Typed: "edit", then a single-line "Subject: ..." changes the subject and keeps the text.
    asked = await bot.say("edit")
    _check_all(asked, bot.channel_id)
    if bot.channel_id in ("msteams", "webchat"):
        # The edit question carries the form itself, filled with the current draft.
        card = _cards(asked)[-1]
        inputs = {e["id"]: e["value"] for e in card["body"] if e["type"] == "Input.Text"}
        assert inputs == {"era_subject": "Timekeeping",
                          "era_body": "Dear Bob,\n\nYou were late again.\nPlease come and see me."}
        assert [a["title"] for a in _actions(card)] == ["Save changes"]
    retitled = "\n".join(r.text for r in await bot.say("Subject: Punctuality"))
    assert "without any text" not in retitled
    assert "Subject: Punctuality" in retitled and "You were late again." in retitled
    # And straight at the preview too.
    again = "\n".join(r.text for r in await bot.say("Subject: Being on time"))
    assert "Subject: Being on time" in again and "Please come and see me." in again
    sent = "\n".join(r.text for r in await bot.say("send"))
    assert "Sent to Bob Smith" in sent
    assert "Message id" not in sent
    # Teams and Web Chat render markdown: the address is code, not a link.
    if bot.channel_id in ("msteams", "webchat"):
        assert "(`bob.smith@contoso.example`)" in sent
    else:
        assert "(bob.smith@contoso.example)" in sent and "`" not in sent


MARKUP_BODY = ("Dear Bob,\n\n*Important*: 5*3*2 = 30\n# of late days: 3\n> as agreed\n"
               "- be on time\n\nMaria")


async def test_an_email_preview_card_shows_the_text_as_it_will_be_sent(bot: BotHarness) -> None:
    """A card's TextBlock is markdown in Web Chat and Teams: "*Important*" would show in
    italics, "5*3*2" as "532", "# of late days" as a heading. The preview shows the characters
    that will be sent: such lines are RichTextBlocks, whose TextRuns are never markdown."""
    await bot.say("email Bob Smith about his lateness")
    edited = await bot.send(Activity(type=ActivityTypes.message, value={
        "era_form": "email", "era_subject": "Timekeeping", "era_body": MARKUP_BODY,
    }))
    _check_all(edited, bot.channel_id)
    if bot.channel_id not in ("msteams", "webchat"):
        return
    card = _cards(edited)[-1]
    runs = [run["text"] for e in card["body"] if e["type"] == "RichTextBlock"
            for run in e["inlines"]]
    markup = ["*Important*: 5*3*2 = 30", "# of late days: 3", "> as agreed", "- be on time"]
    assert runs == markup
    assert not set(markup) & set(_texts(card))
    assert "Dear Bob," in _texts(card) and "Maria" in _texts(card)
    assert card["version"] in ("1.2", "1.5")


async def test_many_call_slots_on_every_channel(bot: BotHarness) -> None:
    channel = bot.channel_id
    offered = await bot.say("book a call with Alice")
    _check_all(offered, channel)
    if channel in ("msteams", "webchat"):
        card = _cards(offered)[-1]
        titles = [a["title"] for a in _actions(card)]
        assert titles[:2] == ["1. Mon 23 Nov, 15:00-15:30", "2. Mon 23 Nov, 15:30-16:00"]
        assert "Another time" in titles
        # More than five buttons: each in its own row, so none is hidden.
        assert "actions" not in card and card["version"] in ("1.2", "1.5")
        shown = _actions(card)[1]["data"]
        display = (shown["msteams"] if channel == "msteams" else shown["cardAction"])[
            "displayText"]
        assert display in ("2. Mon 23 Nov, 15:30-16:00", "2 – Mon 23 Nov, 15:30-16:00")
    elif channel == "slack":
        hero = _heroes(offered)[-1]
        lines = hero["text"].splitlines()
        numbered = [line for line in lines if re.match(r"\d+\. ", line)]
        assert len(numbered) >= 6  # every slot is in the text, not only on buttons
        assert "Reply with the number of your choice (1-" in hero["text"]
        assert len(hero["buttons"]) == 5
        assert "Another time" in [b["title"] for b in hero["buttons"]]
    else:
        text = offered[-1].activity.text
        assert "1. Mon 23 Nov, 15:00-15:30\n2. Mon 23 Nov, 15:30-16:00" in text
    # A typed number answers it on every channel.
    assert "Book a 30-minute call with Alice Martin" in "\n".join(
        r.text for r in await bot.say("2"))


async def test_options_that_do_not_fit_are_explained_not_offered(bot: BotHarness) -> None:
    channel = bot.channel_id
    await bot.say("assign bob on wed sales associate")
    offered = await bot.say("Bob Smith")
    _check_all(offered, channel)
    text = "\n".join(r.text for r in offered)
    assert "overlaps Bob Smith's shift Wed 25 Nov, Morning 09:00-15:00" in text
    if channel in ("msteams", "webchat"):
        card = _cards(offered)[-1]
        titles = [a["title"] for a in _actions(card)]
        assert not any(t.startswith("1. Morning") for t in titles)  # does not fit: no button
        assert any(t.startswith("1 – Morning") and "can't be chosen" in t for t in _texts(card))
    elif channel == "slack":
        hero = _heroes(offered)[-1]
        assert "✗ 1. Morning" in hero["text"]
        assert not any(b["title"].startswith("1. Morning") for b in hero["buttons"])
    # A typed choice of it is refused with the reason.
    refused = "\n".join(r.text for r in await bot.say("1"))
    assert "doesn't fit" in refused


def test_long_option_titles_are_cut_with_the_details_in_the_body() -> None:
    label = "Fri 27 Nov, 09:00-09:30: Meeting: Bob Smith and Maria Lopez with Bob Smith"
    options = [ChoiceOption("opt_1", 0, "Thu 26 Nov, 10:00-10:30: 1:1 check-in"),
               ChoiceOption("opt_2", 1, label)]
    for channel in ("msteams", "webchat"):
        card = question_activity(channel, "Which meeting?", options=options,
                                 language="en").attachments[0].content
        _check_card(card, channel)
        first, second = (a["title"] for a in card["actions"])
        assert first == "1. Thu 26 Nov, 10:00-10:30: 1:1 check-in"  # 40 characters: kept
        assert second.startswith("2. Fri 27 Nov, 09:00-09:30") and len(second) <= 40
        # The body lists every option in full, numbered.
        assert f"2 – {label}" in _texts(card)
        assert f"1 – {options[0].label}" in _texts(card)
    slack = question_activity("slack", "Which meeting?", options=options,
                              language="en").attachments[0].content
    assert f"2. {label}" in slack.text
    plain = question_activity("sms", "Which meeting?", options=options, language="en")
    assert plain.text == f"Which meeting?\n\n1. {options[0].label}\n2. {label}"


def test_a_title_is_never_cut_inside_brackets() -> None:
    # The button read "1. Bob Jones (stock clerk", cut at the comma inside the brackets.
    options = [ChoiceOption("opt_1", 0, "Bob Jones (stock clerk, sales associate)"),
               ChoiceOption("opt_2", 1, "Bob Smith (sales associate, cashier)")]
    for channel in ("msteams", "webchat"):
        card = question_activity(channel, "Which Bob?", options=options,
                                 language="en").attachments[0].content
        assert [a["title"] for a in card["actions"]] == ["1. Bob Jones", "2. Bob Smith"]
    slack = question_activity("slack", "Which Bob?", options=options,
                              language="en").attachments[0].content
    assert [b.title for b in slack.buttons] == ["1. Bob Jones", "2. Bob Smith"]


@pytest.mark.parametrize(("labels", "titles"), [
    # "who's free on saturday?": some buttons named the day, some not, two read the same.
    (["Sat 5 Dec, Morning 09:00-15:00 (sales associate) — Bob Smith",
      "Sat 5 Dec, Morning 09:00-15:00 (supervisor) — Sophie Dubois",
      "Sat 5 Dec, Afternoon 15:00-20:00 (cashier) — Alice Martin",
      "Sat 5 Dec, Evening 20:00-23:00 (cashier) — Fatima Khan",
      "Sat 5 Dec, Evening 20:00-23:00 (cashier) — Yuki Tanaka"],
     ["1. Morning 09:00-15:00 — Bob Smith", "2. Morning 09:00-15:00 — Sophie Dubois",
      "3. Afternoon 15:00-20:00 — Alice Martin", "4. Evening 20:00-23:00 — Fatima Khan",
      "5. Evening 20:00-23:00 — Yuki Tanaka"]),
    # Who could take it: one with her role, one without.
    (["Fatima Khan (cashier)", "Yuki Tanaka (cashier, sales associate)"],
     ["1. Fatima Khan", "2. Yuki Tanaka"]),
    # As before: titles that fit stay as they are.
    (["Mon 23 Nov, 15:00-15:30", "Mon 23 Nov, 15:30-16:00"],
     ["1. Mon 23 Nov, 15:00-15:30", "2. Mon 23 Nov, 15:30-16:00"]),
])
def test_the_buttons_of_one_list_are_titled_alike(labels: list[str], titles: list[str]) -> None:
    """When some titles must be cut, every button of the list is titled the same way, each
    naming its own option; the body still lists every option in full."""
    options = [ChoiceOption(f"opt_{i + 1}", i, label) for i, label in enumerate(labels)]
    card = question_activity("msteams", "Which one?", options=options,
                             language="en").attachments[0].content
    _check_card(card, "msteams")
    assert [a["title"] for a in card["actions"]] == titles
    slack = question_activity("slack", "Which one?", options=options,
                              language="en").attachments[0].content
    assert [b.title for b in slack.buttons][:len(titles)] == titles


def test_two_options_that_start_alike_have_buttons_that_tell_them_apart() -> None:
    """'chi è libero venerdì pomeriggio?' offered two buttons both reading '… ven 4 dic,
    Pomeriggio 15:00-20:00': one shift in sales, one at the till, told apart only in the text."""
    options = [ChoiceOption("opt_1", 0, "ven 4 dic, Pomeriggio 15:00-20:00 (vendita) — Bob Smith"),
               ChoiceOption("opt_2", 1, "ven 4 dic, Pomeriggio 15:00-20:00 (cassa) — Yuki Tanaka"),
               ChoiceOption("opt_3", 2, "sab 5 dic, Mattina 09:00-15:00 (vendita) — Bob Smith")]
    card = question_activity("msteams", "Quale?", options=options,
                             language="it").attachments[0].content
    _check_card(card, "msteams")
    titles = [a["title"] for a in card["actions"]][:3]
    assert "vendita" in titles[0] and "cassa" in titles[1]
    assert titles[2] == "3. sab 5 dic, Mattina 09:00-15:00"  # its own title as before
    slack = question_activity("slack", "Quale?", options=options,
                              language="it").attachments[0].content
    assert len({b.title.split(" ", 1)[1] for b in slack.buttons[:3]}) == 3


def _as_the_client_posts(action: dict[str, Any], channel: str) -> Activity:
    """The message a card button's press arrives as: Teams posts the messageBack's text and its
    own `value`; Web Chat performs the Bot Framework card action (its text, its `value`, and the
    title it showed in channelData)."""
    data = action["data"]
    back = data["msteams"] if channel == "msteams" else data["cardAction"]
    return Activity(type=ActivityTypes.message, text=back["text"], value=back.get("value"),
                    channel_data={"messageBack": {"displayText": back["displayText"]}})


@pytest.mark.parametrize("channel", ["msteams", "webchat"])
async def test_a_pressed_button_keeps_the_language_of_the_conversation(
    channel: str, tmp_path: Path
) -> None:
    """A German manager presses "Senden" under the email preview: the button's reply is ERA's
    own wording ("send email draft-..."), so the answer stays German (it used to switch to
    English, in a browser set to English as much as in one set to German)."""
    bot = await BotHarness.start(tmp_path, FIXED_NOW)
    bot.channel_id = channel
    try:
        preview = await bot.say("Schreib Bob Smith eine E-Mail wegen seiner Verspätungen")
        send = next(a for a in _actions(_cards(preview)[-1]) if a["title"] == "Senden")
        for locale in ("en-GB", "de-DE"):
            activity = _as_the_client_posts(send, channel)
            activity.locale = locale
            sent = "\n".join(r.text for r in await bot.send(activity))
            # Sent once; the second press is told so, in German too.
            assert "gesendet" in sent and "Sent to" not in sent and "already sent" not in sent, sent
    finally:
        await bot.close()



@pytest.mark.parametrize(
    ("language", "locale"),
    [("en", "en-US"), ("fr", "fr-FR"), ("es", "es-ES"), ("de", "de-DE"), ("nl", "nl-NL"),
     ("it", "it-IT"), ("pt", "pt-PT"), ("pt_BR", "pt-BR"), ("pl", "pl-PL"), ("ja", "ja-JP"),
     ("zh_Hans", "zh-CN")],
)
@pytest.mark.parametrize("message", ["shift_cancel.none_of_these", "meeting.none_of_these"])
def test_none_of_these_as_text_says_the_words_of_the_language_and_they_work(
    language: str, locale: str, message: str
) -> None:
    # Without cards, a German list ended '- Keine davon (antworten Sie „none of these“)'.
    title = say(message, language)
    options = [ChoiceOption("opt_1", 0, "Mon 30 Nov, Morning 09:00-15:00"),
               ChoiceOption("opt_2", 1, "Tue 1 Dec, Evening 20:00-23:00")]
    plain = question_activity("sms", "?", options=options, buttons=[(title, "none of these")],
                              language=language)
    assert say("render.button_reply", language, title=title, reply=title) in plain.text
    assert "none of these" not in plain.text or language == "en"
    # And what it says to type is read as none of them.
    typed = interpret_reply(title, QuestionId.SELECT_SHIFT, options, locale)
    assert typed.intent is ReplyIntent.REJECT


@pytest.mark.parametrize("channel", ["slack", "telegram"])
async def test_the_greetings_suggestions_are_said_once_without_cards(
    channel: str, tmp_path: Path
) -> None:
    # The greeting says 'cancel one of your shifts (try "Cancel my shift tomorrow")' and offers
    # the same words as buttons; a Slack card's text (or plain text) listed them all again as
    # '- Cancel my shift tomorrow (reply "Cancel my shift tomorrow")'.
    harness = await BotHarness.start(tmp_path, FIXED_NOW)
    harness.channel_id = channel
    harness.as_person("bob-smith")
    try:
        greeting = (await harness.say("hello"))[-1]
    finally:
        await harness.close()
    heroes = _heroes([greeting])
    text = heroes[0]["text"] if heroes else greeting.activity.text
    suggestion = say("main.example.shift_cancel", "en")
    assert text.count(suggestion) == 1
    if heroes:
        assert suggestion in [b["title"] for b in heroes[0]["buttons"]]


_EMAIL_REQUESTS = {
    "en-US": "email bob smith about his lateness",
    "fr-FR": "écris un email à bob smith sur ses retards",
    "es-ES": "escribe un email a bob smith sobre sus retrasos",
    "de-DE": "schreib bob smith eine E-Mail wegen seiner Verspätungen",
    "it-IT": "scrivi una mail a bob smith sui suoi ritardi",
    "pt-BR": "escreva um email para bob smith sobre os atrasos dele",
    "nl-NL": "schrijf een mail aan bob smith over zijn te laat komen",
    "pl-PL": "napisz maila do boba smitha w sprawie spóźnień",
    "ja-JP": "ボブ・スミスに遅刻についてメールして",
    "zh-CN": "给bob smith发邮件说他迟到的事",
}


@pytest.mark.parametrize("locale", list(_EMAIL_REQUESTS))
@pytest.mark.parametrize(("button", "answer"), [("email.button_edit", "email.edit_question"),
                                                ("email.button_cancel", "flow.email.stopped"),
                                                ("email.button_send", "email.sent")])
async def test_the_email_previews_buttons_as_text_say_words_that_work(
    locale: str, button: str, answer: str, tmp_path: Path
) -> None:
    # Without cards the preview said '- Verwerfen (antworten Sie „cancel“)' and '- Senden
    # (antworten Sie „send email draft-54595c2f8b78“)': English or a code to type for a German
    # reader, and "Verwerfen" itself, typed, was not understood.
    language = locale
    harness = await BotHarness.start(tmp_path, FIXED_NOW)
    harness.channel_id = "telegram"
    harness.locale = locale
    try:
        preview = (await harness.say(_EMAIL_REQUESTS[locale]))[-1].text
        title = say(button, language)
        assert say("render.button_reply", language, title=title, reply=title) in preview
        reply = "\n".join(r.text for r in await harness.say(title))
    finally:
        await harness.close()
    expected = say(answer, language, name="Bob Smith", email="bob.smith@contoso.example")
    assert expected in reply
