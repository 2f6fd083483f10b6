"""The email flow through the real bot, as Maria (a store manager): drafted offline from a
template, edited and sent to the outbox; drafted and edited by a scripted LLM (the recipient
stays the directory's); Send pressed twice or redelivered sends once; started by the advisor
with its context; over HTTP with a card press."""

from __future__ import annotations

import asyncio
import json
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from language.catalogue import say
from services.org_database import OrgDatabase
from services.sqlite_directory import RECHECK_SECONDS
from services.stored_audit_log import StoredAuditLog
from tests.bot_harness import BotHarness, Reply, joined
from tests.conftest import FIXED_NOW
from tests.fakes.openai_server import FakeOpenAIServer, openai_server
from tests.http_harness import client_for, seed, start_app
from tools.local_connector import LocalConnector, render_activity

__all__ = ["openai_server"]


async def _outbox(data_dir: Path) -> list[dict[str, Any]]:
    db = await OrgDatabase.open(data_dir / "org.sqlite3")
    try:
        rows = await db.fetch_all("SELECT * FROM outbox ORDER BY rowid")
        return [dict(row) for row in rows]
    finally:
        await db.close()


def _button(replies: list[Reply], title: str) -> str:
    """The reply text the card button with this title carries."""
    for reply in replies:
        for button_title, value in reply.buttons:
            if button_title == title:
                return value
    raise AssertionError(f"no {title!r} button in {[r.buttons for r in replies]}")



async def test_offline_template_draft_is_edited_and_sent_to_the_outbox(
    bot: BotHarness, tmp_path: Path
) -> None:
    asked = joined(await bot.say("email Bob about his lateness"))
    assert 'There are 2 people called "Bob". Which one should I email?' in asked
    preview = await bot.say("2")
    text = joined(preview)
    assert "from the template" in text
    assert "To: Bob Smith (bob.smith@contoso.example)" in text
    assert "Subject: Your punctuality" in text
    assert "Dear Bob," in text and "talk with you about your punctuality." in text
    assert "his lateness" not in text
    assert "Maria Lopez" in text

    edit = joined(await bot.press(_button(preview, "Edit")))
    assert "type the new text" in edit
    refused = joined(await bot.say("make it firmer"))
    assert "needs the AI" in refused and "new text" in refused
    edited = await bot.say("Subject: Lateness\nDear Bob,\nPlease be on time from Monday.\nMaria")
    assert "Subject: Lateness" in joined(edited)
    assert "Please be on time from Monday." in joined(edited)
    assert await _outbox(tmp_path) == []

    sent = joined(await bot.press(_button(edited, "Send")))
    assert "Sent to Bob Smith (bob.smith@contoso.example)" in sent
    mails = await _outbox(tmp_path)
    assert len(mails) == 1
    assert json.loads(mails[0]["to_addresses"]) == ["bob.smith@contoso.example"]
    assert mails[0]["subject"] == "Lateness"
    assert mails[0]["body"] == "Dear Bob,\nPlease be on time from Monday.\nMaria"
    assert mails[0]["reply_to"] == "maria.lopez@contoso.example"
    # The mail system's message id is for operators, not for the manager.
    assert mails[0]["message_id"] not in sent and "message id" not in sent.casefold()


@pytest.mark.parametrize(("request_text", "written"), [
    ("email John Doe about the rota", "John Doe"),
    ("email Siobhan O'Brien about the rota", "Siobhan O'Brien"),
    ("email Zoë about the rota", "Zoë"),
])
async def test_an_email_to_someone_not_in_the_directory_says_so(
    bot: BotHarness, request_text: str, written: str
) -> None:
    """The manager named someone: "Who should I email? Please give their name." read as if
    she had not."""
    asked = joined(await bot.say(request_text))
    assert f'I couldn\'t find "{written}" in your store. Who should I email?' in asked
    assert "Dear Alice" in joined(await bot.say("Alice Martin"))


@pytest.mark.parametrize(("request_text", "locale", "language"), [
    ("email all staff that the meeting is cancelled", "en-US", "en"),
    ("envoie un mail à toute l'équipe que la réunion est annulée", "fr-FR", "fr"),
    ("envoie un mail à tout le personnel au sujet de la réunion", "fr-FR", "fr"),
    # As typed on a phone, without the apostrophe.
    ("envoie un mail à toute l équipe pour la réunion", "fr-FR", "fr"),
    ("manda una mail a tutti i dipendenti per la riunione", "it-IT", "it"),
    ("manda un correo a todo el personal que la reunión se cancela", "es-ES", "es"),
    ("schick eine E-Mail an alle wegen der Besprechung", "de-DE", "de"),
    ("manda una mail a tutto il personale per la riunione", "it-IT", "it"),
    ("mande um e-mail para toda a equipe sobre a reunião", "pt-BR", "pt-BR"),
    ("stuur een mail naar iedereen over de vergadering", "nl-NL", "nl"),
    ("wyślij maila do całego zespołu o spotkaniu", "pl-PL", "pl"),
    # Was "who?" as if nobody had been named.
    ("全員にメールして", "ja-JP", "ja"),
    ("スタッフ全員にメールを送って", "ja-JP", "ja"),
    ("给所有人发邮件", "zh-CN", "zh"),
    ("给大家发个邮件", "zh-CN", "zh"),
])
async def test_an_email_to_a_group_goes_to_the_whole_team_on_its_own_send(
    bot: BotHarness, request_text: str, locale: str, language: str
) -> None:
    """"Je n'ai pas trouvé « Toute L'Équipe »", "No he encontrado a «Todo»": the group was
    read as a name; then ERA said it emailed one person at a time. One email to the whole
    team is drafted now, every recipient in the preview, and nothing is sent before Send."""
    drafted = joined(await bot.say(request_text, locale=locale))
    if "@" not in drafted:
        # No topic given: it is asked, of the email to them all.
        assert all(name in drafted for name in ("Alice", "Bob", "Chen", "Sophie")), drafted
        drafted = joined(await bot.say("the new rota", locale=locale))
    assert all(address in drafted for address in (
        "alice.martin@contoso.example", "bob.jones@contoso.example",
        "bob.smith@contoso.example", "chen.wei@contoso.example")), drafted
    assert say("employee.who.email", language) not in drafted
    assert await bot.components.services.mail.list_recent() == []


async def test_a_group_given_as_whom_to_email_gets_one_email_to_them_all(
    bot: BotHarness,
) -> None:
    assert joined(await bot.say("send an email")) == say("employee.who.email", "en")
    asked = joined(await bot.say("everyone"))
    assert all(name in asked for name in ("Alice", "Bob", "Chen", "Sophie")), asked
    named = joined(await bot.say("the christmas party"))
    assert "alice.martin@contoso.example" in named and "chen.wei@contoso.example" in named
    assert await bot.components.services.mail.list_recent() == []


async def test_to_cc_and_from_lines_typed_in_an_edit_are_left_out_and_said_so(
    bot: BotHarness, tmp_path: Path
) -> None:
    preview = await bot.say("email Bob Smith about his lateness")
    await bot.press(_button(preview, "Edit"))
    edited = joined(await bot.say(
        "Subject: Lateness\nTo: attacker@evil.example\nBcc: daniel.okafor@contoso.example\n"
        "From: ceo@contoso.example\n\nDear Bob,\nPlease be on time."))
    assert "left out the To, Cc, Bcc and From lines" in edited
    assert "attacker" not in edited and "To: Bob Smith (bob.smith@contoso.example)" in edited
    await bot.say("send it")
    mails = await _outbox(tmp_path)
    assert json.loads(mails[0]["to_addresses"]) == ["bob.smith@contoso.example"]
    assert mails[0]["body"] == "Dear Bob,\nPlease be on time."
    # A plain edit says nothing of the kind.
    preview = await bot.say("email Alice about her lateness")
    await bot.press(_button(preview, "Edit"))
    assert "left out" not in joined(await bot.say("Subject: Hi\nDear Alice,\nSee me."))


@pytest.mark.parametrize(("locale", "request_text", "subject_line"), [
    ("fr-FR", "envoie un email à Bob Smith à propos de son retard", "Objet : Retards"),
    ("de-DE", "schreib Bob Smith eine E-Mail wegen seiner Verspätung", "Betreff: Pünktlichkeit"),
    ("es-ES", "envía un correo a Bob Smith sobre sus retrasos", "Asunto: Puntualidad"),
    ("it-IT", "manda una email a Bob Smith sul suo ritardo", "Oggetto: Puntualità"),
    ("nl-NL", "stuur Bob Smith een e-mail over zijn te laat komen", "Onderwerp: Op tijd komen"),
    ("pt-PT", "envie um email ao Bob Smith sobre os atrasos dele", "Assunto: Pontualidade"),
])
async def test_a_subject_line_typed_with_the_persons_own_label_changes_the_subject(
    bot: BotHarness, locale: str, request_text: str, subject_line: str
) -> None:
    # The edit question itself says to start with "Objet : ..." (in French): that line is the
    # new subject, not a first line of the text.
    bot.locale = locale
    first = joined(await bot.say(request_text))
    label = subject_line.split(":")[0].strip()
    assert label in first and "Dear Bob," in first
    edited = joined(await bot.say(subject_line))
    assert edited.count(label) == 1  # one subject line, none left in the text
    assert subject_line in edited
    assert "Dear Bob," in edited  # the text is kept
    assert "Your punctuality" not in edited


async def test_another_stores_manager_pressing_a_sent_emails_button_learns_nothing(
    bot: BotHarness, tmp_path: Path
) -> None:
    preview = await bot.say("email Bob Smith about his lateness")
    send = _button(preview, "Send")
    first = joined(await bot.press(send))
    assert "Sent to Bob Smith" in first
    bot.as_person("daniel")
    pressed = joined(await bot.press(send))
    assert "Bob Smith" not in pressed
    assert "isn't open any more" in pressed
    assert len(await _outbox(tmp_path)) == 1


async def test_a_second_send_press_says_it_was_sent_and_the_audit_keeps_the_message_id(
    bot: BotHarness, tmp_path: Path
) -> None:
    preview = await bot.say("email Bob Smith about his lateness")
    send = _button(preview, "Send")
    first = joined(await bot.press(send))
    again = joined(await bot.press(send))
    assert "already sent to Bob Smith" in again and "haven't sent it again" in again
    assert len(await _outbox(tmp_path)) == 1
    audit = await StoredAuditLog(bot.components.storage).recent(10)  # type: ignore[arg-type]
    assert [(r.action, r.actor_id, r.details["employee_id"]) for r in audit] == [
        ("mail.send", "maria", "bob-smith")]
    message_id = (await _outbox(tmp_path))[0]["message_id"]
    assert audit[0].details["message_id"] == message_id
    assert message_id not in first and message_id not in again


async def test_a_send_press_for_a_draft_that_was_cancelled_sends_nothing(
    bot: BotHarness, tmp_path: Path
) -> None:
    preview = await bot.say("email Alice about the weekend rota")
    stopped = joined(await bot.press(_button(preview, "Cancel")))
    assert "stopped drafting an email" in stopped and "Nothing was" in stopped
    late = joined(await bot.press(_button(preview, "Send")))
    assert "isn't open any more" in late and "nothing was sent" in late
    assert await _outbox(tmp_path) == []


async def test_a_written_warning_asks_what_it_is_about_and_no_sends_nothing(
    bot: BotHarness, tmp_path: Path
) -> None:
    asked = joined(await bot.say("draft a written warning for Bob Smith"))
    assert "What should the email to Bob Smith be about?" in asked
    preview = joined(await bot.say("he was late three times this month"))
    assert "Subject: Written warning: your punctuality" in preview
    # The dates come from ERA's time records, not from the manager's sentence.
    assert ("Our time records show that you arrived late for your shifts on Mon 9 Nov (20 "
            "minutes late)") in preview
    assert "Thu 19 Nov (25 minutes late)." in preview
    assert "he was late" not in preview and "you were late three times" not in preview
    assert "haven't sent it" in joined(await bot.say("no"))
    assert await _outbox(tmp_path) == []


async def test_other_stores_and_employees_are_refused(bot: BotHarness) -> None:
    refused = joined(await bot.say("email Omar about his hours"))
    assert "Omar Haddad isn't in your store" in refused
    bot.as_person("bob-smith")
    denied = joined(await bot.say("email Alice about the rota"))
    assert "managers" in denied


async def test_the_llm_drafts_and_follows_an_instruction_but_never_picks_the_recipient(
    llm_bot: BotHarness, openai_server: FakeOpenAIServer, tmp_path: Path
) -> None:
    openai_server.queue_text(
        "Subject: About your lateness\n\nDear Bob,\n\nI have noticed you arriving late "
        "recently. Let's talk about it this week.\n\nBest,\nMaria"
    )
    preview = joined(await llm_bot.say("email Bob Smith about his lateness"))
    assert "written with AI" in preview
    assert "Subject: About your lateness" in preview and "arriving late" in preview
    prompt = openai_server.chat_requests[-1].messages[-1]["content"]
    assert "Bob Smith" in prompt and "Maria Lopez" in prompt and "your punctuality" in prompt
    assert "his lateness" not in prompt  # facts, never the manager's words

    openai_server.queue_text(
        "To: someone.else@evil.example\nSubject: Lateness must stop\n\nDear Bob,\n\nYour "
        "lateness must stop now. We will meet on Friday.\n\nMaria"
    )
    revised = await llm_bot.say("make it firmer")
    text = joined(revised)
    assert "Subject: Lateness must stop" in text and "must stop now" in text
    assert "To: Bob Smith (bob.smith@contoso.example)" in text
    assert "evil.example" not in text
    assert "make it firmer" in openai_server.chat_requests[-1].messages[-1]["content"]

    await llm_bot.press(_button(revised, "Send"))
    mails = await _outbox(tmp_path)
    assert [json.loads(m["to_addresses"]) for m in mails] == [["bob.smith@contoso.example"]]
    assert mails[0]["subject"] == "Lateness must stop"
    assert "evil.example" not in mails[0]["body"]


async def test_a_failing_llm_falls_back_to_the_template_and_says_so(
    llm_bot: BotHarness, openai_server: FakeOpenAIServer
) -> None:
    openai_server.queue_error(500)
    openai_server.queue_error(500)
    preview = joined(await llm_bot.say("email Bob Smith about his lateness"))
    assert "didn't answer" in preview and "standard template" in preview
    assert "talk with you about your punctuality." in preview


async def test_the_advisor_starts_the_email_with_its_context(
    bot: BotHarness, tmp_path: Path
) -> None:
    await bot.say("One of my cashiers has been late 5 times this month")
    launched = joined(await bot.say("yes"))
    assert "I can draft the written warning email for you" in launched
    assert "Shall I draft that email for you to review?" in launched
    assert "Who should I email?" not in launched  # not before the manager's yes
    launched = joined(await bot.say("yes"))
    assert "Who should I email?" in launched  # no "what about?": the advisor said
    preview = joined(await bot.say("Fatima"))
    assert "To: Fatima Khan (fatima.khan@contoso.example)" in preview
    assert "Subject: Written warning" in preview
    # Fatima's time records show no late arrival: the dates are asked for, not made up.
    assert ("You have arrived late for your shift 5 times this month, on the following dates: "
            "[dates of the late arrivals].") in preview
    assert "We already spoke about this on [date of our conversation]" in preview
    assert "please fill in [dates of the late arrivals] and [date of our conversation]" in preview
    assert await _outbox(tmp_path) == []
    refused = joined(await bot.say("send"))
    assert "can't send it yet" in refused and await _outbox(tmp_path) == []
    filled = await bot.say("2, 4, 9, 11 and 16 November")
    assert "on the following dates: 2, 4, 9, 11 and 16 November." in joined(filled)
    assert "please fill in [date of our conversation]" in joined(filled)
    assert "Send" not in [title for reply in filled for title, _ in reply.buttons]
    ready = await bot.say("10 November")
    assert "We already spoke about this on 10 November" in joined(ready)
    sent = joined(await bot.press(_button(ready, "Send")))
    assert "Sent to Fatima Khan" in sent
    mails = await _outbox(tmp_path)
    assert len(mails) == 1 and "[" not in mails[0]["body"]


async def test_a_chinese_manager_gets_a_chinese_warning_for_a_chinese_reader(
    bot: BotHarness, tmp_path: Path
) -> None:
    bot.as_person("maria").locale = "zh-CN"
    asked = joined(await bot.say("Chen这周迟到了3次"))
    assert "您是否已经就此和Chen谈过" in asked and "English" not in asked
    advice = joined(await bot.say("上个月已经跟她谈过了，可她还是经常迟到"))
    assert "我可以为您起草这封书面警告邮件" in advice
    assert "要我起草这封发给Chen Wei的邮件供您审阅吗？" in advice
    preview = joined(await bot.say("好的"))
    assert "主题：书面警告：准时出勤问题" in preview
    assert "特此就准时出勤问题向您发出正式书面警告。" in preview
    assert "本周您已迟到3次，日期如下：[迟到日期]。" in preview
    assert "英文" not in preview  # no "written in English" note
    await bot.say("11月16日、18日和19日")
    ready = await bot.say("11月3日")
    assert "我们已于11月3日就此事谈过" in joined(ready)
    assert "已发送给Chen Wei" in joined(await bot.press(_button(ready, "发送")))
    mails = await _outbox(tmp_path)
    assert len(mails) == 1 and "[" not in mails[0]["body"] and "Dear" not in mails[0]["body"]


async def test_over_http_a_card_press_sends_once_even_when_redelivered(tmp_path: Path) -> None:
    def clock() -> datetime:
        return FIXED_NOW

    await seed(tmp_path, FIXED_NOW)
    app = await start_app(tmp_path, clock)
    try:
        async with LocalConnector() as connector:
            client = client_for(app, connector, "maria")
            preview = await client.say("email Bob Smith about his lateness")
            card = next(a for a in preview if a.get("attachments"))
            assert card["attachments"][0]["contentType"] == (
                "application/vnd.microsoft.card.adaptive")
            text, buttons = render_activity(card)
            assert "To: Bob Smith (bob.smith@contoso.example)" in text
            send = dict(buttons)["Send"]
            press = client.activity(value={"era_reply": send})
            before = len(connector.messages(client.conversation_id))
            assert await client.post(press) < 400
            assert await client.post(press) < 400  # the channel redelivers the same activity
            answers = [render_activity(a)[0]
                       for a in connector.messages(client.conversation_id)[before:]]
            assert len(answers) == 1 and "Sent to Bob Smith" in answers[0]
            again = "\n".join(render_activity(a)[0] for a in await client.press(send))
            assert "already sent" in again and "Bob Smith" in again
            assert "message id" not in again.casefold() and "@outbox" not in again
    finally:
        await app.stop()
    assert len(await _outbox(tmp_path)) == 1


async def test_a_failed_send_keeps_the_draft_and_send_retries_it(tmp_path: Path) -> None:
    import asyncio
    import socket

    from aiosmtpd.smtp import SMTP as SMTPServer

    from tests.services.test_smtp_mail_service import Mailroom

    with socket.socket() as probe:  # a port where nothing listens yet: the mail server is down
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    bot = await BotHarness.start(tmp_path, FIXED_NOW, ERA_MAIL_BACKEND="smtp",
                                 SMTP_HOST="127.0.0.1", SMTP_PORT=str(port),
                                 SMTP_STARTTLS="false")
    try:
        bot.as_person("maria")
        await bot.say("email Bob Smith about his lateness")
        edited = await bot.say("Subject: Lateness\nDear Bob,\nPlease be on time.\nMaria")
        failed = joined(await bot.press(_button(edited, "Send")))
        assert "NOT sent" in failed and "The draft is kept" in failed
        assert "waiting for your answer" not in failed.lower()

        mailroom = Mailroom()
        server = await asyncio.get_running_loop().create_server(
            lambda: SMTPServer(mailroom, hostname="smtp.test"), "127.0.0.1", port)
        try:
            sent = joined(await bot.say("send"))
            assert "Sent to Bob Smith" in sent
            again = joined(await bot.press(_button(edited, "Send")))
            assert "already sent" in again
        finally:
            server.close()
        assert len(mailroom.messages) == 1
        assert b"Please be on time." in bytes(mailroom.messages[0].content or b"")
    finally:
        await bot.close()


async def test_a_send_by_someone_who_is_no_longer_a_manager_is_refused(
    bot: BotHarness, tmp_path: Path
) -> None:
    preview = await bot.say("email Bob Smith about his lateness")
    db = await OrgDatabase.open(tmp_path / "org.sqlite3")
    try:
        await db.execute("UPDATE people SET role = 'employee' WHERE id = 'maria'")
    finally:
        await db.close()
    await asyncio.sleep(RECHECK_SECONDS)  # an admin tool's change is seen within it
    refused = joined(await bot.press(_button(preview, "Send")))
    assert "Only a manager can send this email" in refused and "not sent" in refused
    assert await _outbox(tmp_path) == []
    after = joined(await bot.say("hello"))
    assert "went wrong" not in after.lower()


@pytest.mark.parametrize(("locale", "request_text"), [
    ("it-IT", "scrivi un'email a Alice sul suo ritardo"),
    ("nl-NL", "stuur een e-mail naar Alice over haar te laat komen"),
    ("pt-PT", "envia um email à Alice sobre o atraso dela"),
])
async def test_a_lateness_email_asked_for_in_it_nl_pt_is_about_punctuality(
    bot: BotHarness, locale: str, request_text: str
) -> None:
    bot.as_person("maria").locale = locale
    draft = joined(await bot.say(request_text))
    assert "I would like to talk with you about your punctuality." in draft, draft
    assert "ritardo" not in draft and "laat" not in draft and "atraso" not in draft


async def test_a_topic_in_another_language_than_the_letter_is_quoted_in_it(
    bot: BotHarness
) -> None:
    # An Italian topic is not pasted into Alice's English sentence as if it were English, nor
    # lost: the letter quotes the manager's words.
    bot.as_person("maria").locale = "it-IT"
    draft = joined(await bot.say("scrivi un'email a Alice riguardo i turni del weekend"))
    assert "Dear Alice" in draft and "about “i turni del weekend”." in draft, draft
    assert "[" not in draft


@pytest.mark.parametrize(("locale", "request_text"), [
    ("zh-CN", "给Bob Smith发一封关于迟到的邮件"),
    ("zh-CN", "给Bob Smith发邮件,说一下迟到的事"),
    ("ja-JP", "Bob Smithさんに遅刻についてのメールを送って"),
])
async def test_a_lateness_email_asked_for_in_chinese_or_japanese_is_drafted_at_once(
    bot: BotHarness, locale: str, request_text: str
) -> None:
    bot.as_person("maria").locale = locale
    draft = joined(await bot.say(request_text))
    assert "I would like to talk with you about your punctuality." in draft, draft
    assert "迟到" not in draft and "遅刻" not in draft


async def test_a_chinese_email_request_without_a_topic_asks_for_it(bot: BotHarness) -> None:
    bot.as_person("maria").locale = "zh-CN"
    asked = joined(await bot.say("给Bob Smith发邮件"))
    assert "给Bob Smith的邮件要写什么内容" in asked, asked


@pytest.mark.parametrize(("locale", "request_text", "change", "asked"), [
    ("en-US", "email Bob Smith", "send it to Chen instead",
     "What should the email to Chen be about?"),
    ("en-US", "email Bob Smith", "actually email Alice",
     "What should the email to Alice be about?"),
    ("en-US", "email Bob Smith", "Alice", "What should the email to Alice be about?"),
    ("it-IT", "manda una mail a Bob Smith", "mandala a Chen invece",
     "Di cosa deve parlare l'e-mail a Chen?"),
    ("pl-PL", "wyślij maila do Boba Smitha", "wyślij to do Alicji",
     "Czego ma dotyczyć mail (adresat: Alice)?"),
    ("de-DE", "schreib Bob Smith eine Mail", "schick sie lieber an Alice",
     "Worum soll es in der E-Mail an Alice gehen?"),
])
async def test_a_change_of_recipient_at_the_topic_question_changes_the_recipient(
    bot: BotHarness, tmp_path: Path, locale: str, request_text: str, change: str, asked: str
) -> None:
    bot.as_person("maria").locale = locale
    await bot.say(request_text)
    moved = joined(await bot.say(change))
    assert asked in moved, moved
    draft = joined(await bot.say("being late three times this month", locale="en-US"))
    assert "bob.smith@" not in draft and "Dear Bob" not in draft
    assert await _outbox(tmp_path) == []


async def test_the_topic_question_names_which_of_two_namesakes_the_email_is_for(
    bot: BotHarness, tmp_path: Path
) -> None:
    """ "no wait make it to bob jones" was asked "the email to Bob" again: which Bob?"""
    bot.as_person("maria")
    assert "What should the email to Bob Smith be about?" in joined(
        await bot.say("draft a warning email to bob smith"))
    moved = joined(await bot.say("no wait make it to bob jones"))
    assert "What should the email to Bob Jones be about?" in moved, moved
    draft = joined(await bot.say("being late"))
    assert "bob.jones@" in draft and "bob.smith@" not in draft
    assert await _outbox(tmp_path) == []


async def test_two_people_of_the_new_name_at_the_topic_question_are_asked_about(
    bot: BotHarness
) -> None:
    await bot.say("email Chen")
    asked = joined(await bot.say("send it to Bob instead"))
    assert 'There are 2 people called "Bob"' in asked
    assert "What should the email to Bob Smith be about?" in joined(await bot.say("Bob Smith"))


async def test_a_topic_that_mentions_a_colleague_stays_the_topic(bot: BotHarness) -> None:
    await bot.say("email Alice Martin")
    draft = joined(await bot.say("her lateness since she swapped with Chen"))
    assert "Dear Alice," in draft and "alice.martin@" in draft


@pytest.mark.parametrize(
    ("locale", "request_text", "topic"),
    [
        ("it-IT", "manda una mail a Luca sui ritardi", "la Sua puntualità"),
        ("it-IT", "manda una mail a Luca riguardo ai ritardi", "la Sua puntualità"),
        ("it-IT", "scrivi a Luca sulle assenze", "le Sue assenze dal lavoro"),
        ("it-IT", "manda una mail a Luca in merito alle sue assenze", "le Sue assenze dal lavoro"),
        ("pl-PL", "wyślij maila do Luki o spóźnieniach", "la Sua puntualità"),
        ("pl-PL", "wyślij maila do Luki w sprawie nieobecności", "le Sue assenze dal lavoro"),
        ("pl-PL", "napisz maila do Boba Smitha odnośnie do spóźnień", "your punctuality"),
    ],
)
async def test_an_italian_or_polish_request_gives_the_emails_topic(
    bot: BotHarness, locale: str, request_text: str, topic: str
) -> None:
    bot.as_person("maria").locale = locale
    draft = joined(await bot.say(request_text))
    assert topic in draft, draft
    assert "[" not in draft.split("Maria Lopez")[0]


@pytest.mark.parametrize(
    ("locale", "request_text", "reply", "asked"),
    [
        ("en-US", "email Bob Smith", "SEND", "What should the email to Bob Smith be about?"),
        ("en-US", "email Bob Smith", "hmm", "What should the email to Bob Smith be about?"),
        ("it-IT", "manda una mail a Bob Smith", "invia",
         "Di cosa deve parlare l'e-mail a Bob Smith?"),
        ("pl-PL", "wyślij maila do Boba Smitha", "wyślij",
         "Czego ma dotyczyć mail (adresat: Bob Smith)?"),
        ("de-DE", "schreib Bob Smith eine Mail", "senden",
         "Worum soll es in der E-Mail an Bob Smith gehen?"),
    ],
)
async def test_a_reply_that_names_no_subject_is_not_the_emails_topic(
    bot: BotHarness, tmp_path: Path, locale: str, request_text: str, reply: str, asked: str
) -> None:
    bot.as_person("maria").locale = locale
    await bot.say(request_text)
    again = joined(await bot.say(reply))
    assert asked in again and "Dear Bob" not in again, again
    draft = joined(await bot.say("being late three times this month", locale="en-US"))
    assert "your punctuality" in draft
    assert await _outbox(tmp_path) == []


async def test_an_abbreviated_about_gives_the_topic(bot: BotHarness) -> None:
    draft = joined(await bot.say("email bob smith abt his lateness"))
    assert "I would like to talk with you about your punctuality." in draft, draft


@pytest.mark.parametrize(
    ("locale", "request_text", "instruction"),
    [
        ("en-US", "email Alice about her lateness", "actually make it a written warning"),
        ("it-IT", "manda una mail a Alice sui ritardi", "rendila più gentile"),
        ("pl-PL", "napisz maila do Alicji o spóźnieniach", "zrób go bardziej uprzejmym"),
        ("de-DE", "schreib Alice eine Mail wegen ihrer Verspätungen", "mach sie freundlicher"),
        ("es-ES", "mándale un correo a Alice por llegar tarde", "cambia el asunto a puntualidad"),
        ("fr-FR", "envoie un mail à Alice pour ses retards", "modifie l'objet : ponctualité"),
        ("de-DE", "schreib Alice eine Mail wegen ihrer Verspätungen",
         "ändere den Betreff auf Pünktlichkeit"),
    ],
)
async def test_an_instruction_without_the_ai_never_replaces_the_letter(
    bot: BotHarness, tmp_path: Path, locale: str, request_text: str, instruction: str
) -> None:
    bot.as_person("maria").locale = locale
    await bot.say(request_text)
    await bot.say(instruction)
    await bot.say("send")
    sent = [str(row["body"]) for row in await _outbox(tmp_path)]
    assert len(sent) == 1 and instruction not in sent[0]
    assert "I would like to talk with you about your punctuality." in sent[0]


@pytest.mark.parametrize(
    ("locale", "request_text", "topic"),
    [
        ("en-US", "email Alice Martin about her performance", "your performance at work"),
        ("en-US", "email Alice Martin about her behaviour", "your conduct at work"),
        ("it-IT", "manda una mail a Luca sul suo rendimento", "il Suo rendimento sul lavoro"),
        ("it-IT", "manda una mail a Luca sul suo comportamento",
         "il Suo comportamento sul lavoro"),
        ("pl-PL", "wyślij maila do Luki o wynikach pracy", "il Suo rendimento sul lavoro"),
        ("pl-PL", "wyślij maila do Luki w sprawie jego zachowania",
         "il Suo comportamento sul lavoro"),
        ("pl-PL", "wyślij maila do Alicji o jej zachowaniu", "your conduct at work"),
    ],
)
async def test_performance_and_conduct_emails_say_what_they_are_about(
    bot: BotHarness, locale: str, request_text: str, topic: str
) -> None:
    bot.as_person("maria").locale = locale
    draft = joined(await bot.say(request_text))
    assert topic in draft, draft
    assert "[" not in draft.split("Maria Lopez")[0]


@pytest.mark.parametrize(
    ("locale", "call", "switch", "asked"),
    [
        ("en-US", "book a call with Alice", "yes, email her",
         "What should the email to Alice be about?"),
        ("it-IT", "fissa una chiamata con Alice", "mandale una mail",
         "Di cosa deve parlare l'e-mail ad Alice?"),
        ("pl-PL", "umów rozmowę z Alicją", "wyślij jej maila",
         "Czego ma dotyczyć mail (adresat: Alice)?"),
        ("de-DE", "plane einen Anruf mit Alice", "schreib ihr eine Mail",
         "Worum soll es in der E-Mail an Alice gehen?"),
    ],
)
async def test_an_email_asked_for_by_pronoun_mid_call_is_for_the_calls_employee(
    bot: BotHarness, locale: str, call: str, switch: str, asked: str
) -> None:
    bot.as_person("maria").locale = locale
    await bot.say(call)
    assert asked in joined(await bot.say(switch))


async def test_an_email_naming_someone_mid_call_is_for_them(bot: BotHarness) -> None:
    await bot.say("book a call with Alice")
    draft = joined(await bot.say("email Bob Smith about his lateness"))
    assert "Dear Bob," in draft and "bob.smith@" in draft


@pytest.mark.parametrize(("locale", "request_text", "made", "letter"), [
    ("en-US", "email Alice about her leave request",
     "Here's a draft of the answer to a leave request",
     "Thank you for your leave request for [dates of the leave]."),
    ("fr-FR", "envoie un email à Sophie au sujet de sa demande de congé",
     "Voici un projet de réponse à une demande de congé",
     "Je vous remercie pour votre demande de congé du [dates du congé]."),
    ("it-IT", "manda una mail a Luca sulla sua richiesta di ferie",
     "Ecco una bozza di risposta a una richiesta di ferie o permesso",
     "La ringrazio per la Sua richiesta di ferie o permesso per [date richieste]."),
    ("ja-JP", "Yukiさんに休暇申請の件でメールを送って",
     "休暇申請への回答の下書きです",
     "[休暇の日程]の休暇申請をいただき、ありがとうございました。"),
    ("zh-CN", "给Chen发邮件，关于他的请假申请",
     "这是一份请假申请答复邮件的草稿",
     "感谢您提交[请假日期]的请假申请。"),
])
async def test_an_email_about_a_leave_request_is_the_answer_to_it(
    bot: BotHarness, locale: str, request_text: str, made: str, letter: str
) -> None:
    """The finding: it was a follow-up ("Thank you for talking with me on [date of our
    conversation]") or a general "I would like to talk with you about [what this is about]"."""
    bot.as_person("maria").locale = locale
    draft = joined(await bot.say(request_text))
    assert made in draft and letter in draft, draft
    assert "[what this is about]" not in draft and "[date of our conversation]" not in draft


async def test_the_leave_request_advices_email_is_the_answer_to_the_request(
    bot: BotHarness,
) -> None:
    await bot.say("Alice asked for two weeks of annual leave in December")
    advice = joined(await bot.say(
        "It's annual leave from 14 to 28 December, she asked a month ago, nobody else is off"))
    assert "I can draft that email to Alice" in advice, advice
    preview = joined(await bot.say("yes"))
    assert "Subject: Your leave request" in preview, preview
    assert "Thank you for your leave request for [dates of the leave]." in preview
async def test_a_name_in_katakana_is_the_recipient(bot: BotHarness) -> None:
    bot.as_person("maria").locale = "ja-JP"
    preview = joined(await bot.say("チェン・ウェイさんに遅刻についてメールして"))
    assert "Chen Wei (chen.wei@contoso.example)" in preview


@pytest.mark.parametrize(("manager", "locale", "request_text", "made", "letter"), [
    ("maria", "en-US", "email bob smith to thank him for his help on saturday",
     "Here's a draft of a thank-you email", "Thank you for your help on Saturday."),
    ("maria", "en-US", "email bob smith asking him to cover friday evening",
     "Here's a draft of an email with a request",
     "I would like to ask you to cover Friday evening."),
    ("maria", "en-US", "email alice to remind her that the store opens at 8 tomorrow",
     "Here's a draft of a reminder",
     "This is a friendly reminder that the store opens at 8 tomorrow."),
    ("maria", "en-US", "write to bob smith saying that the staff room will be closed on monday",
     "Here's a draft of an email passing on information",
     "I would like to let you know that the staff room will be closed on Monday."),
    ("maria", "en-US", "write an email to bob smith that he should bring his badge tomorrow",
     "Here's a draft of an email passing on information",
     "I would like to let you know that you should bring your badge tomorrow."),
    ("maria", "fr-FR", "écris un mail à sophie pour lui dire de venir demain à 9h",
     "Voici un projet d'e-mail d'information", "de venir demain à 9h"),
    ("maria", "fr-FR", "écris un email à sophie pour la remercier de son aide samedi",
     "Voici un projet d'e-mail de remerciement",
     "Je tiens à vous remercier pour votre aide samedi."),
    ("maria", "fr-FR", "envoie un mail a sophie pour lui rappeler la reunion de lundi",
     "Voici un projet de rappel", "Je me permets de vous rappeler la reunion de lundi."),
    ("daniel", "de-DE", "schreib emma eine mail und bedanke dich für ihre hilfe am samstag",
     "Hier ist ein Entwurf einer Dankes-E-Mail", "vielen Dank für Ihre Hilfe am Samstag."),
    ("daniel", "es-ES", "envía un correo a omar para pedirle que cubra el viernes",
     "Este es un borrador de correo con una petición", "Quisiera pedirle que cubra el viernes."),
    ("maria", "it-IT", "scrivi una mail a luca per ringraziarlo per il suo aiuto di sabato",
     "Ecco una bozza di e-mail di ringraziamento", "La ringrazio per il Suo aiuto di sabato."),
    ("daniel", "pt-PT", "envia um email ao pedro para dizer que o horário já está disponível",
     "Aqui está um rascunho de e-mail informativo",
     "Venho por este meio informar que o horário já está disponível."),
    ("daniel", "nl-NL", "stuur ingrid een mail om haar te bedanken voor haar hulp zaterdag",
     "Hier is een concept van een bedankmail", "Hartelijk dank voor uw hulp zaterdag."),
    ("maria", "ja-JP", "Yukiさんに土曜日の手伝いのお礼のメールを送って",
     "お礼のメールの下書きです", "土曜日の手伝いの件、誠にありがとうございました。"),
    ("maria", "ja-JP", "Yukiさんにシフト表が公開されたことをメールで伝えて",
     "お知らせのメールの下書きです", "シフト表が公開されたことをお知らせいたします。"),
    ("maria", "zh-CN", "给chen发邮件感谢他周六的帮助", "这是一份感谢邮件草稿",
     "感谢您周六的帮助。"),
    ("maria", "zh-CN", "给chen发邮件告诉他排班表已经发布了", "这是一份通知邮件草稿",
     "特此通知您：排班表已经发布了。"),
    # What to tell said the German, Dutch, Spanish, Italian, Portuguese and Japanese way was
    # asked about again ("Worum soll es in der E-Mail an Emma Schmidt gehen?").
    ("daniel", "de-DE", "schreib Emma eine Mail, dass sie morgen ihren Ausweis mitbringen soll",
     "Hier ist ein Entwurf einer E-Mail mit Informationen",
     "dass Sie morgen Ihren Ausweis mitbringen sollen."),
    ("daniel", "de-DE", "schreib emma eine mail dass sie morgen um 9 kommt",
     "Hier ist ein Entwurf einer E-Mail mit Informationen", "dass Sie morgen um 9 kommen."),
    ("daniel", "nl-NL", "stuur Ingrid een mail dat ze morgen haar pas meeneemt",
     "Hier is een concept van een informatieve e-mail",
     "Graag laat ik u weten dat u morgen uw pas meeneemt."),
    ("daniel", "es-ES", "escríbele un correo a Omar para que traiga mañana su tarjeta",
     "Este es un borrador de correo con una petición",
     "Quisiera pedirle que traiga mañana su tarjeta."),
    ("maria", "it-IT", "manda una mail a Luca che porti domani il badge",
     "Ecco una bozza di e-mail con una richiesta", "vorrei chiederLe che porti domani il badge."),
    ("daniel", "pt-PT", "manda um email ao Pedro para trazer o crachá amanhã",
     "Aqui está um rascunho de e-mail com um pedido",
     "Gostaria de lhe pedir para trazer o crachá amanhã."),
    ("maria", "ja-JP", "明日バッジを持ってくるようにユキさんにメールして",
     "お願いのメールの下書きです", "明日バッジを持ってくることをお願いできますでしょうか。"),
    # Held out: more ways of saying what to tell ("what should the email be about?" before).
    ("maria", "en-US", "email bob smith: dont forget your badge tomorrow",
     "Here's a draft of a reminder",
     "This is a friendly reminder not to forget your badge tomorrow."),
    ("maria", "en-US", "email bob smith to bring his badge tomorrow",
     "Here's a draft of an email with a request",
     "I would like to ask you to bring your badge tomorrow."),
    ("maria", "fr-FR", "ecris a sophie qu'elle doit apporter son badge demain",
     "Voici un projet d'e-mail d'information",
     "Je souhaite vous informer que vous devez apporter votre badge demain."),
    ("maria", "pl-PL", "napisz do boba smitha ze ma jutro przyniesc identyfikator",
     "Oto szkic maila informacyjnego",
     "I would like to let you know about “ze ma jutro przyniesc identyfikator”."),
    ("daniel", "es-ES", "escribe a omar que mañana tiene que traer su tarjeta",
     "Este es un borrador de correo", "que mañana tiene que traer su tarjeta."),
    ("maria", "it-IT", "scrivi a luca che domani deve portare il badge",
     "Ecco una bozza di e-mail", "che domani deve portare il badge."),
    ("daniel", "pt-PT", "escreve ao pedro que ele tem de trazer o crachá amanhã",
     "Aqui está um rascunho de e-mail informativo",
     "Venho por este meio informar que tem de trazer o crachá amanhã."),
    ("maria", "ja-JP", "ボブ・スミスに明日社員証を持ってくるようにメールして",
     "お願いのメールの下書きです", "I would like to ask you about “明日社員証を持ってくること”."),
    ("maria", "ja-JP", "ユキさんにメールで明日バッジを忘れないように伝えて",
     "お願いのメールの下書きです", "明日バッジを忘れないことをお願いできますでしょうか。"),
    ("maria", "zh-CN", "发邮件告诉chen明天记得带工牌", "这是一份通知邮件草稿",
     "特此通知您：明天记得带工牌。"),
    # What is sent, then "by email" (it listed Yuki's Saturday shift).
    ("maria", "ja-JP", "ユキさんに土曜日のシフトのお礼をメールで送って",
     "お礼のメールの下書きです", "土曜日のシフトの件、誠にありがとうございました。"),
    # Quoted in Bob's English letter, a thank-you's words kept their preposition ("Thank you
    # for “por cubrir el sabado”").
    ("maria", "es-ES", "escribele a bob smith para darle las gracias por cubrir el sabado",
     "Este es un borrador de correo de agradecimiento", "Thank you for “cubrir el sabado”."),
    ("maria", "pt-PT", "envia um email ao bob smith para agradecer pela ajuda de sábado",
     "Aqui está um rascunho de e-mail de agradecimento", "Thank you for “ajuda de sábado”."),
    # A thank-you named without the word "email" (it was advice on sickness, or on nothing).
    ("maria", "en-US", "send bob smith a thank you note for his help on saturday",
     "Here's a draft of a thank-you email", "Thank you for your help on Saturday."),
    ("maria", "en-US", "send bob smith a thank-you for his help on saturday",
     "Here's a draft of a thank-you email", "Thank you for your help on Saturday."),
    ("maria", "en-US", "shoot bob smith an email to thank him for his help on saturday",
     "Here's a draft of a thank-you email", "Thank you for your help on Saturday."),
    ("daniel", "de-DE", "schick emma ein dankeschön für ihre hilfe am samstag",
     "Hier ist ein Entwurf einer Dankes-E-Mail", "vielen Dank für Ihre Hilfe am Samstag."),
    ("daniel", "nl-NL", "stuur ingrid een bedankje voor haar hulp zaterdag",
     "Hier is een concept van een bedankmail", "Hartelijk dank voor uw hulp zaterdag."),
    ("daniel", "nl-NL", "stuur ingrid een bedankmail voor haar hulp zaterdag",
     "Hier is een concept van een bedankmail", "Hartelijk dank voor uw hulp zaterdag."),
    ("maria", "pl-PL", "wyslij chenowi podziekowanie za sobote",
     "Oto szkic maila z podziękowaniem", "感谢“sobote”"),
    # "by email" said after the person (it was "Bob Jones has no shift on Mon 23 Nov").
    ("maria", "en-US", "remind bob jones by email that his shift starts at 7 tomorrow",
     "Here's a draft of a reminder",
     "This is a friendly reminder that your shift starts at 7 tomorrow."),
    ("maria", "en-US", "remind bob jones by email about the team meeting",
     "Here's a draft of a reminder", "This is a friendly reminder about the team meeting."),
    ("maria", "en-US", "tell alice via email that the store opens at 8 on sunday",
     "Here's a draft of an email passing on information",
     "I would like to let you know that the store opens at 8 on Sunday."),
])
async def test_an_email_that_says_what_it_is_for_is_drafted_as_that_at_once(
    bot: BotHarness, manager: str, locale: str, request_text: str, made: str, letter: str
) -> None:
    bot.as_person(manager).locale = locale
    preview = joined(await bot.say(request_text))
    assert made in preview, preview
    assert letter in preview, preview
    # Never the generic "I would like to talk with you about ..." nor a warning's words.
    assert "[" not in preview.split(made, 1)[1], preview


@pytest.mark.parametrize(("locale", "request_text"), [
    ("en-US", "write a warning to bob smith and remind him about punctuality"),
    ("fr-FR", "envoie un avertissement à bob smith pour lui rappeler les horaires"),
    ("de-DE", "schreib bob smith eine verwarnung und erinnere ihn an die pünktlichkeit"),
])
async def test_a_warning_that_reminds_is_not_a_friendly_reminder(
    bot: BotHarness, locale: str, request_text: str
) -> None:
    bot.as_person("maria").locale = locale
    preview = joined(await bot.say(request_text))
    assert "friendly reminder" not in preview and "Reminder" not in preview, preview
    assert "rappel" not in preview.casefold() and "Erinnerung" not in preview


async def test_the_answer_to_the_topic_question_says_what_the_email_is_for(
    bot: BotHarness, tmp_path: Path
) -> None:
    asked = joined(await bot.say("email bob smith"))
    assert "What should the email to Bob Smith be about?" in asked
    preview = joined(await bot.say("thank him for his help on saturday"))
    assert "Here's a draft of a thank-you email" in preview, preview
    assert "Thank you for your help on Saturday." in preview
    sent = joined(await bot.say("send"))
    assert "Sent to Bob Smith (bob.smith@contoso.example)." in sent
    mails = await _outbox(tmp_path)
    assert mails[0]["subject"] == "Thank you"
    assert "Thank you for your help on Saturday." in mails[0]["body"]


async def test_a_french_thank_you_to_an_english_reader_quotes_what_it_is_for(
    bot: BotHarness
) -> None:
    # Bob reads English: the letter is English, and what the manager thanks him for, said to
    # him, is quoted in her words rather than left as a blank she would fill in English.
    bot.as_person("maria").locale = "fr-FR"
    preview = joined(await bot.say(
        "écris un email à bob smith pour le remercier de son aide samedi"))
    assert "Voici un projet d'e-mail de remerciement" in preview, preview
    assert "Je l'ai rédigé en anglais, la langue que lit Bob." in preview
    assert "Dear Bob," in preview and "Thank you for “votre aide samedi”." in preview
    assert "[what this is about]" not in preview and "Dois-je l'envoyer ?" in preview


@pytest.mark.parametrize(
    ("locale", "request_text", "in_english", "made"),
    [
        ("fr-FR", "écris à bob smith pour le remercier de ce qu'il a dit samedi",
         "en anglais ou avec vos propres mots", "Voici un projet d'e-mail de remerciement"),
        ("es-ES", "manda un correo a bob smith para darle las gracias por lo que él hizo el sabado",
         "en inglés o con sus propias palabras", "Este es un borrador"),
        ("it-IT", "scrivi una mail a bob smith per ringraziarlo di ciò che lei ha fatto sabato",
         "in inglese o con parole Sue", "Ecco una bozza"),
        ("pt-PT", "manda um email ao bob smith a agradecer o que ele fez no sabado",
         "em inglês ou por palavras suas", "Aqui está um rascunho"),
    ],
)
async def test_the_blank_of_a_letter_in_another_language_is_asked_and_filled_in_it(
    bot: BotHarness, tmp_path: Path, locale: str, request_text: str, in_english: str,
    made: str,
) -> None:
    # The topic typed in French cannot go into Bob's English letter: ERA says to type it in
    # English, and the English answer fills it without ERA switching to English or the
    # letter saying "Thank you for thank you for".
    bot.as_person("maria").locale = locale
    preview = joined(await bot.say(request_text))
    assert "[what this is about]" in preview and in_english in preview, preview
    filled = joined(await bot.say("thank you for your help on saturday"))
    assert made in filled, filled
    assert "Here's a draft" not in filled and "Shall I send it?" not in filled
    assert "Thank you for your help on saturday. It is much appreciated." in filled
    joined(await bot.say("ok"))
    mails = await _outbox(tmp_path)
    assert len(mails) == 1 and "Thank you for your help on saturday." in mails[0]["body"]


@pytest.mark.parametrize(
    ("locale", "request_text", "correction", "asked"),
    [
        ("en-US", "email alice", "no, chen not alice", "What should the email to Chen be about?"),
        ("en-US", "email alice", "chen instead of alice",
         "What should the email to Chen be about?"),
        ("fr-FR", "écris un email à alice", "non, à chen au lieu d'alice",
         "Quel doit être l'objet de l'e-mail à Chen ?"),
        ("de-DE", "schreib alice eine mail", "nein, an Chen, nicht an Alice",
         "Worum soll es in der E-Mail an Chen gehen?"),
    ],
)
async def test_a_correction_at_what_the_email_is_about_is_for_the_one_meant(
    bot: BotHarness, locale: str, request_text: str, correction: str, asked: str,
) -> None:
    # It was the topic of Alice's email: "I would like to talk with you about no, chen not
    # alice".
    bot.as_person("maria").locale = locale
    await bot.say(request_text)
    again = joined(await bot.say(correction))
    assert asked in again, again
    assert correction not in again


@pytest.mark.parametrize(
    ("locale", "request_text", "wait"),
    [
        ("en-US", "email bob smith", "wait, I need to check with HR first"),
        ("fr-FR", "écris un email à bob smith", "attends, je dois d'abord voir avec les RH"),
        ("es-ES", "manda un correo a bob smith", "espera, tengo que consultar con RR. HH."),
    ],
)
async def test_a_wait_at_what_the_email_is_about_drafts_nothing(
    bot: BotHarness, locale: str, request_text: str, wait: str,
) -> None:
    # It was the topic: "I would like to talk with you about wait, I need to check with HR".
    bot.as_person("maria").locale = locale
    asked = joined(await bot.say(request_text))
    again = joined(await bot.say(wait))
    assert wait not in again and "Dear Bob" not in again, again
    assert asked.split("?")[0] in again  # the same question, asked again


@pytest.mark.parametrize(
    ("locale", "request_text", "wait", "send"),
    [
        ("fr-FR", "écris à bob smith pour le remercier de ce qu'il a dit samedi",
         "attends, je dois vérifier avec les RH", "envoie"),
        ("es-ES", "manda un correo a bob smith para darle las gracias por lo que él hizo el sabado",
         "espera, tengo que consultar con RR. HH.", "envíalo"),
        ("de-DE",
         "schreib bob smith eine mail, um ihm für seine hilfe mit ihr am samstag zu danken",
         "warte, ich muss das erst mit HR klären", "senden"),
    ],
)
async def test_a_wait_while_a_blank_waits_is_no_value_for_it(
    bot: BotHarness, tmp_path: Path, locale: str, request_text: str, wait: str, send: str,
) -> None:
    # Over HTTP "attends, je dois vérifier avec les RH" became the letter's text.
    bot.as_person("maria").locale = locale
    preview = joined(await bot.say(request_text))
    assert "[what this is about]" in preview, preview
    kept = joined(await bot.say(wait))
    assert wait not in kept and "[what this is about]" in kept, kept
    joined(await bot.say(send))
    assert await _outbox(tmp_path) == []


@pytest.mark.parametrize("change", ["change le sujet : Merci !", "change l'objet : Merci !"])
async def test_a_subject_change_while_a_blank_waits_changes_the_subject(
    bot: BotHarness, tmp_path: Path, change: str
) -> None:
    # Over HTTP "change le sujet : Merci !" filled the blank ("Thank you for change le sujet :
    # Merci !.") and "envoie" sent that.
    bot.as_person("maria").locale = "fr-FR"
    joined(await bot.say("écris à alice pour la remercier de ce qu'il a dit samedi"))
    changed = joined(await bot.say(change))
    assert "Objet : Merci !" in changed, changed
    assert "Thank you for [what this is about]." in changed
    assert "change" not in changed.split("Objet")[1]
    joined(await bot.say("envoie"))
    assert await _outbox(tmp_path) == []


async def test_a_japanese_instruction_while_a_blank_waits_is_no_value_for_it(
    bot: BotHarness, tmp_path: Path
) -> None:
    # Over HTTP "本文に「9時集合」と追加して" went into "[what this is about]" and "送信" sent it.
    bot.as_person("maria").locale = "ja-JP"
    preview = joined(await bot.say("ファティマさんに彼の研修についてメールして"))
    assert "[what this is about]" in preview
    asked = joined(await bot.say("本文に「9時集合」と追加して"))
    assert "追加して" not in asked
    # The sentence is added to the text (0b4c2ca7); the blank still waits for its own value.
    assert "9時集合。" in asked and "[what this is about]" in asked, asked
    joined(await bot.say("キャンセル"))
    assert await _outbox(tmp_path) == []


@pytest.mark.parametrize(
    ("locale", "request_text", "wait"),
    [
        ("pt-BR", "manda um email pro Bob Smith sobre os atrasos dele",
         "peraí, preciso falar com o RH"),
        ("pt-PT", "envia um email ao Bob Smith sobre os atrasos dele",
         "espera, tenho de falar com os RH primeiro"),
        ("en-US", "email Bob Smith about his lateness", "wait, I need to check with HR first"),
        ("en-GB", "email Bob Smith about his lateness", "hold on, I need to talk to HR"),
        ("fr-FR", "écris un email à Bob Smith à propos de ses retards",
         "attends, je dois voir avec les RH"),
        ("es-ES", "manda un correo a Bob Smith sobre sus retrasos",
         "momento, tengo que hablar con RRHH"),
        ("de-DE", "schreib Bob Smith eine E-Mail wegen seiner Verspätungen",
         "moment, ich muss erst mit der Personalabteilung sprechen"),
        ("it-IT", "scrivi una email a Bob Smith sui suoi ritardi",
         "aspetta, devo parlare con le risorse umane"),
        ("nl-NL", "mail Bob Smith over zijn te laat komen",
         "wacht even, ik moet eerst met HR praten"),
        ("pl-PL", "napisz maila do Bob Smith o jego spóźnieniach",
         "czekaj, muszę porozmawiać z działem kadr"),
    ],
)
async def test_a_wait_to_check_with_hr_at_the_preview_keeps_the_draft(
    bot: BotHarness, tmp_path: Path, locale: str, request_text: str, wait: str,
) -> None:
    # "peraí, preciso falar com o RH" at a preview started a hand-over to HR: she meant to
    # check with HR before sending, and the draft was to be kept.
    bot.as_person("maria").locale = locale
    preview = joined(await bot.say(request_text))
    assert "Bob" in preview, preview
    kept = joined(await bot.say(wait))
    language = {"pt-PT": "pt", "en-US": "en", "en-GB": "en"}.get(locale, locale[:2])
    language = "pt-BR" if locale == "pt-BR" else language
    # Kept as a wait; where the words also ask for HR, the reply says how to reach them.
    assert any(say(kept_id, language) in kept
               for kept_id in ("email.kept_waiting", "email.kept_hr_offered")), kept
    assert await _outbox(tmp_path) == []


@pytest.mark.parametrize(
    ("locale", "request_text", "need", "hand_over"),
    [
        ("en-GB", "email Bob Smith about his lateness", "I need to talk to HR",
         "talk to a person"),
        ("fr-FR", "écris un email à Bob Smith à propos de ses retards", "je dois parler aux RH",
         "parler à quelqu'un"),
        ("de-DE", "schreib Bob Smith eine E-Mail wegen seiner Verspätungen",
         "ich muss mit der Personalabteilung sprechen", "mit einer Person sprechen"),
        ("es-ES", "manda un correo a Bob Smith sobre sus retrasos",
         "necesito hablar con recursos humanos", "hablar con una persona"),
        ("nl-NL", "mail Bob Smith over zijn te laat komen", "ik moet met HR praten",
         "met iemand praten"),
        ("ja-JP", "ボブ・スミスさんに遅刻についてメールを書いて", "人事に相談しないといけない",
         "人間と話したい"),
        ("zh-CN", "给Bob Smith写一封关于他迟到的邮件", "我需要和人事谈谈", "转人工"),
        ("it-IT", "scrivi un'email a Bob Smith sui suoi ritardi",
         "devo parlare con le risorse umane", "parlare con una persona"),
        ("pt-BR", "manda um email para o Bob Smith sobre os atrasos dele",
         "preciso falar com o RH", "falar com uma pessoa"),
        ("pl-PL", "napisz maila do Bob Smith w sprawie jego spóźnień",
         "muszę porozmawiać z działem kadr", "połącz z człowiekiem"),
        ("es-ES", "manda un correo a Bob Smith sobre sus retrasos",
         "tengo que hablar con RRHH", "hablar con una persona"),
        ("nl-NL", "mail Bob Smith over zijn te laat komen",
         "ik moet even met personeelszaken overleggen", "met iemand praten"),
    ],
)
async def test_a_need_to_talk_to_hr_at_the_preview_keeps_the_draft_and_says_how(
    bot: BotHarness, tmp_path: Path, locale: str, request_text: str, need: str, hand_over: str,
) -> None:
    """The finding: a bare "I need to talk to HR" at the preview kept the draft as a wait
    without saying how to reach HR, and "je dois parler aux RH" started a hand-over that
    left the draft behind unsaid. Both now keep the draft and say so, with how to be handed
    over to HR and that the draft is then not sent; the words given do hand over."""
    bot.as_person("maria").locale = locale
    await bot.say(request_text)
    kept = joined(await bot.say(need))
    assert kept == say("email.kept_hr_offered", locale), kept
    assert hand_over in kept
    handed = joined(await bot.say(hand_over))
    assert say("email.kept_hr_offered", locale) not in handed, handed
    assert say("transfer.ask_need", locale) in handed, handed
    assert await _outbox(tmp_path) == []


@pytest.mark.parametrize(
    ("locale", "request_text", "ask"),
    [
        ("pt-BR", "manda um email pro Bob Smith sobre os atrasos dele", "passa isso pro RH"),
        ("en-US", "email Bob Smith about his lateness", "wait, transfer me to a person"),
    ],
)
async def test_a_clear_ask_for_hr_at_the_preview_still_hands_over(
    bot: BotHarness, locale: str, request_text: str, ask: str,
) -> None:
    bot.as_person("maria").locale = locale
    await bot.say(request_text)
    told = joined(await bot.say(ask))
    language = "en" if locale == "en-US" else locale
    assert say("email.kept_waiting", language) not in told, told


@pytest.mark.parametrize(("locale", "told", "answered", "made", "letter"), [
    # Since b8bc0f7f ERA first asks whether Chen resigned formally (he may only be thinking of
    # it); a yes in writing gets the resignation's advice and the letter.
    ("es-ES", "Chen me ha dicho que se va, ha encontrado otro trabajo",
     "sí, me lo ha dado por escrito",
     "Este es un borrador de acuse de recibo de la dimisión",
     "[最后工作日]"),
])
async def test_the_resignation_advices_email_acknowledges_the_resignation(
    bot: BotHarness, locale: str, told: str, answered: str, made: str, letter: str
) -> None:
    """The finding: after the advice 'acknowledge the resignation in writing', the draft was a
    follow-up of a conversation with four blanks ('感谢您于[谈话日期]与我就[邮件事由]进行沟通');
    it is the letter confirming the resignation, whose one blank is the last working day."""
    bot.as_person("maria").locale = locale
    await bot.say(told)
    await bot.say(answered)  # the advice, and ERA offers the letter
    preview = joined(await bot.say("sí"))
    assert made in preview and letter in preview, preview
    assert "[谈话日期]" not in preview and "[邮件事由]" not in preview
    assert await bot.components.services.mail.list_recent() == []
