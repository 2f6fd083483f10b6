"""Replies managers type at the email's preview, as Maria in English, French, German and
Spanish: help says what the preview accepts without showing the draft again; a yes with a
change is the change, never a send; a send at a later time is refused plainly and the draft
kept. Nothing goes out until a plain yes or Send."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from language.catalogue import say
from services.org_database import OrgDatabase
from tests.bot_harness import BotHarness, joined
from tests.fakes.openai_server import FakeOpenAIServer, openai_server

__all__ = ["openai_server"]

REQUESTS = {
    "en-US": "email Bob Smith about his lateness",
    "fr-FR": "envoie un email à Bob Smith à propos de son retard",
    "de-DE": "schreib Bob Smith eine E-Mail wegen seiner Verspätung",
    "es-ES": "envía un correo a Bob Smith sobre sus retrasos",
    "nl-NL": "mail bob smith over zijn te laat komen",
    "pl-PL": "napisz maila do boba smitha w sprawie spoznien",
    "it-IT": "manda una mail a Bob Smith per i ritardi",
    "pt-BR": "manda um email pro Bob Smith sobre os atrasos",
    "ja-JP": "ボブ・スミスさんに遅刻についてメールを送って",
    "zh-CN": "给Bob Smith发邮件说他迟到的事",
}
DRAFTED = "I would like to talk with you about your punctuality."


def _language(locale: str) -> str:
    """ERA's language for a client locale: Brazilian Portuguese has its own catalogue."""
    return "pt-BR" if locale == "pt-BR" else locale[:2]


async def _outbox(data_dir: Path) -> list[dict[str, Any]]:
    db = await OrgDatabase.open(data_dir / "org.sqlite3")
    try:
        rows = await db.fetch_all("SELECT * FROM outbox ORDER BY rowid")
        return [dict(row) for row in rows]
    finally:
        await db.close()


async def _preview(bot: BotHarness, locale: str) -> str:
    bot.as_person("maria").locale = locale
    preview = joined(await bot.say(REQUESTS[locale]))
    assert DRAFTED in preview
    return preview



@pytest.mark.parametrize(
    ("locale", "asked"),
    [("en-US", "help"), ("en-US", "?"), ("fr-FR", "aide"), ("de-DE", "hilfe"), ("es-ES", "ayuda")],
)
async def test_help_at_the_preview_says_what_it_takes_and_keeps_the_draft(
    bot: BotHarness, tmp_path: Path, locale: str, asked: str
) -> None:
    await _preview(bot, locale)
    helped = joined(await bot.say(asked))
    language = locale[:2]
    assert say("email.preview_help", language) in helped
    assert DRAFTED not in helped  # the draft is not shown again
    assert await _outbox(tmp_path) == []
    await bot.say(say("email.button_send", language))
    sent = await _outbox(tmp_path)
    assert len(sent) == 1 and DRAFTED in sent[0]["body"]


@pytest.mark.parametrize(
    ("locale", "reply", "subject"),
    [
        ("en-US", "yes but change the subject to Lateness on Monday", "Lateness on Monday"),
        ("en-US", 'ok, change the subject to "Your late arrivals"', "Your late arrivals"),
        ("fr-FR", "oui mais change l'objet en Retards de lundi", "Retards de lundi"),
        ("de-DE", "ja, aber ändere den Betreff auf Verspätungen", "Verspätungen"),
        ("es-ES", "sí, pero cambia el asunto a Retrasos del lunes", "Retrasos del lunes"),
    ],
)
async def test_a_yes_with_a_new_subject_changes_the_subject_and_sends_nothing(
    bot: BotHarness, tmp_path: Path, locale: str, reply: str, subject: str
) -> None:
    await _preview(bot, locale)
    changed = joined(await bot.say(reply))
    assert await _outbox(tmp_path) == []
    assert subject in changed and DRAFTED in changed  # the new preview, the text kept
    await bot.say(say("email.button_send", locale[:2]))
    sent = await _outbox(tmp_path)
    assert [(mail["subject"], DRAFTED in mail["body"]) for mail in sent] == [(subject, True)]


@pytest.mark.parametrize(
    ("locale", "reply", "subject"),
    [
        ("en-US", "yes but change the subject", "Late arrivals"),
        ("fr-FR", "oui mais change l'objet", "Retards"),
    ],
)
async def test_a_yes_asking_for_another_subject_asks_which_one(
    bot: BotHarness, tmp_path: Path, locale: str, reply: str, subject: str
) -> None:
    await _preview(bot, locale)
    asked = joined(await bot.say(reply))
    assert say("email.ask_subject", locale[:2]) in asked
    changed = joined(await bot.say(subject))
    assert subject in changed and DRAFTED in changed
    assert await _outbox(tmp_path) == []
    await bot.say(say("email.button_send", locale[:2]))
    assert [mail["subject"] for mail in await _outbox(tmp_path)] == [subject]


@pytest.mark.parametrize(
    ("locale", "reply"),
    [
        ("en-US", "ok, but make it shorter"),
        ("en-US", "yes and mention the meeting on Friday"),
        ("fr-FR", "oui mais plus court"),
        ("de-DE", "ja, aber kürzer"),
        ("de-DE", "ja, kürzer bitte"),
        ("es-ES", "sí pero más corto"),
    ],
)
async def test_a_yes_with_an_edit_is_an_edit_and_never_a_send(
    bot: BotHarness, tmp_path: Path, locale: str, reply: str
) -> None:
    await _preview(bot, locale)
    answered = joined(await bot.say(reply))
    # "shorter" is a remark on the length ERA knows; other instructions are for the AI.
    assert say("email.instruction_needs_ai", locale[:2]) in answered or say(
        "email.remark_needs_ai", locale[:2]) in answered
    assert await _outbox(tmp_path) == []


@pytest.mark.parametrize(
    ("locale", "reply"),
    [
        # "add that he was late twice" adds that sentence as typed (test_email_add_a_sentence);
        # German's and Dutch "dass"/"dat" reorder the words after them, so they stay the AI's.
        ("en-US", "mention the date of the meeting"),
        ("de-DE", "füg hinzu, dass er zweimal zu spät war"),
        ("nl-NL", "voeg toe dat hij twee keer te laat was"),
        ("nl-NL", "vermeld de datum van het gesprek"),
        ("it-IT", "menziona la data del colloquio"),
    ],
)
async def test_an_instruction_without_the_ai_says_so_and_keeps_the_draft(
    bot: BotHarness, tmp_path: Path, locale: str, reply: str
) -> None:
    await _preview(bot, locale)
    language = _language(locale)
    assert say("email.instruction_needs_ai", language) in joined(await bot.say(reply))
    assert await _outbox(tmp_path) == []
    await bot.say(say("email.button_send", language))
    (sent,) = await _outbox(tmp_path)
    assert DRAFTED in sent["body"]


@pytest.mark.parametrize(
    ("locale", "reply"),
    [("en-US", "yes, and cc HR"), ("en-US", "yes send it to HR")],
)
async def test_a_yes_with_a_word_it_cannot_place_sends_nothing_and_says_what_it_takes(
    bot: BotHarness, tmp_path: Path, locale: str, reply: str
) -> None:
    await _preview(bot, locale)
    answered = joined(await bot.say(reply))
    assert say("email.preview_reask", locale[:2]) in answered
    assert await _outbox(tmp_path) == []
    await bot.say(say("email.button_send", locale[:2]))
    sent = await _outbox(tmp_path)
    assert len(sent) == 1 and DRAFTED in sent[0]["body"]


async def test_with_the_ai_a_yes_with_an_edit_revises_the_draft(
    llm_bot: BotHarness, openai_server: FakeOpenAIServer, tmp_path: Path
) -> None:
    openai_server.queue_text(
        "Subject: Your punctuality\n\nDear Bob,\n\nPlease be on time.\n\n"
        "Thank you for your attention to this matter.\n\nMaria"
    )
    await llm_bot.say("email Bob Smith about his lateness")
    openai_server.queue_text("Subject: Punctuality\n\nDear Bob,\n\nPlease be on time.\n\nMaria")
    revised = joined(await llm_bot.say("ok, but make it shorter"))
    assert "make it shorter" in openai_server.chat_requests[-1].messages[-1]["content"]
    assert "Please be on time." in revised and "attention to this matter" not in revised
    assert await _outbox(tmp_path) == []


@pytest.mark.parametrize(
    ("locale", "reply"),
    [
        ("en-US", "send it tomorrow morning"),
        ("en-US", "yes, send it later"),
        ("fr-FR", "envoie-le demain matin"),
        ("de-DE", "schick sie morgen früh"),
        ("es-ES", "envíalo mañana"),
    ],
)
async def test_a_send_at_a_later_time_is_refused_plainly_and_the_draft_kept(
    bot: BotHarness, tmp_path: Path, locale: str, reply: str
) -> None:
    await _preview(bot, locale)
    answered = joined(await bot.say(reply))
    assert say("email.cannot_schedule", locale[:2]) in answered
    assert DRAFTED not in answered
    assert await _outbox(tmp_path) == []
    await bot.say(say("email.button_send", locale[:2]))
    sent = await _outbox(tmp_path)
    assert len(sent) == 1 and DRAFTED in sent[0]["body"]


@pytest.mark.parametrize(
    ("locale", "reply"),
    [
        ("en-US", "yes send it to him"),
        ("en-US", "yes, send it right away"),
        ("fr-FR", "oui, envoie-le maintenant"),
        ("de-DE", "ja, bitte senden"),
        ("es-ES", "sí, envíalo ahora"),
    ],
)
async def test_a_yes_to_the_recipient_or_now_sends(
    bot: BotHarness, tmp_path: Path, locale: str, reply: str
) -> None:
    await _preview(bot, locale)
    await bot.say(reply)
    sent = await _outbox(tmp_path)
    assert len(sent) == 1 and DRAFTED in sent[0]["body"]


@pytest.mark.parametrize(
    ("locale", "reply"),
    [
        ("en-US", "ok no"), ("en-US", "yes no"), ("en-US", "no yes"), ("en-US", "yes but no"),
        ("fr-FR", "oui non"), ("fr-FR", "non oui"), ("de-DE", "ja nein"),
        ("es-ES", "sí, no"), ("es-ES", "no sí"),
    ],
)
async def test_a_yes_and_a_no_together_changes_nothing_and_says_what_it_takes(
    bot: BotHarness, tmp_path: Path, locale: str, reply: str
) -> None:
    await _preview(bot, locale)
    answered = joined(await bot.say(reply))
    language = locale[:2]
    assert say("email.preview_reask", language) in answered
    assert say("email.instruction_needs_ai", language) not in answered  # not read as an edit
    assert await _outbox(tmp_path) == []
    await bot.say(say("email.button_send", language))  # the draft was kept as it was
    sent = await _outbox(tmp_path)
    assert len(sent) == 1 and DRAFTED in sent[0]["body"]


async def test_a_new_text_with_an_email_address_keeps_the_conversation_in_english(
    bot: BotHarness, tmp_path: Path
) -> None:
    # "com" in "gmail.com" is a Portuguese word: the preview came back in Portuguese.
    await _preview(bot, "en-US")
    changed = joined(await bot.say("Subject: Hi\nDear Bob, see hr@gmail.com."))
    assert "Dear Bob, see hr@gmail.com." in changed
    assert "Shall I send it?" in changed


@pytest.mark.parametrize(
    "reply",
    ["change the subject to Hello\rBcc: evil@gmail.com", "change the subject to Hello\x00there"],
)
async def test_a_subject_with_a_line_break_or_nul_is_one_line_and_sends_to_the_recipient_only(
    bot: BotHarness, tmp_path: Path, reply: str
) -> None:
    # The preview took such a subject, then "send" failed and the email was never sent.
    await _preview(bot, "en-US")
    await bot.say(reply)
    await bot.say(say("email.button_send", "en"))
    sent = await _outbox(tmp_path)
    assert len(sent) == 1
    # A NUL is dropped where the message arrives, as every control character and invisible
    # mark is ("can\x00cel my shift" is "cancel my shift"), so the subject reads "Hellothere".
    assert sent[0]["subject"] in ("Hello Bcc: evil@gmail.com", "Hellothere")
    assert sent[0]["to_addresses"] == '["bob.smith@contoso.example"]'
    assert sent[0]["cc_addresses"] == "[]"


@pytest.mark.parametrize(
    ("locale", "undo"),
    [
        ("en-US", "undo"), ("en-US", "undo that"), ("fr-FR", "défais ça"),
        ("de-DE", "mach das rückgängig"), ("es-ES", "deshazlo"),
    ],
)
async def test_undo_after_the_send_says_plainly_it_stays_sent(
    bot: BotHarness, tmp_path: Path, locale: str, undo: str
) -> None:
    # "undo" got "Sorry, I'm not sure what you'd like me to do".
    await _preview(bot, locale)
    await bot.say(say("email.button_send", locale[:2]))
    answered = joined(await bot.say(undo))
    assert answered.startswith(say("main.cannot_undo", locale[:2], capabilities="").strip())
    assert len(await _outbox(tmp_path)) == 1


@pytest.mark.parametrize(
    "request_text",
    [
        "email <b>Bob Smith</b> about his lateness",  # Teams' formatted text
        "<p>email <strong>Bob Smith</strong> about his lateness</p>",
        "email **Bob Smith** about his lateness",  # Web Chat and Slack pass markdown on
    ],
)
async def test_a_request_with_bold_or_paragraph_markup_is_read_without_it(
    bot: BotHarness, tmp_path: Path, request_text: str
) -> None:
    # The markup hid the request: ERA gave lateness advice, or handed the manager to HR.
    bot.as_person("maria").locale = "en-US"
    preview = joined(await bot.say(request_text))
    assert DRAFTED in preview and "bob.smith@contoso.example" in preview
    assert "<b>" not in preview and "**" not in preview


@pytest.mark.parametrize("question", [
    "what shifts does alice have this week?",
    "how many hours did chen work last week?",
])
async def test_a_question_about_a_colleague_never_readdresses_the_draft(
    bot: BotHarness, tmp_path: Path, question: str
) -> None:
    # It once redrafted the email to Alice: a question about her is not "send it to her".
    await _preview(bot, "en-US")
    reply = joined(await bot.say(question))
    assert "Dear Alice" not in reply and "Chen Wei，" not in reply, reply
    assert "haven't sent anything to Bob" not in reply, reply
    # The draft to Bob is shown again, or set aside while the question is answered.
    assert "Dear Bob," in reply or "Shall we get back to drafting an email?" in reply, reply
    assert await _outbox(tmp_path) == []


@pytest.mark.parametrize("change", ["alice?", "can you send it to alice instead?", "no, alice"])
async def test_a_short_question_naming_the_new_recipient_still_readdresses(
    bot: BotHarness, change: str
) -> None:
    await _preview(bot, "en-US")
    assert "Dear Alice," in joined(await bot.say(change))


async def test_send_at_shall_we_get_back_shows_the_draft_again_and_sends_nothing(
    bot: BotHarness, tmp_path: Path
) -> None:
    """"send" at "Shall we get back to drafting an email?" got the yes/no question again."""
    await _preview(bot, "en-US")
    aside = joined(await bot.say("what shifts does alice have this week?"))
    assert "Shall we get back to drafting an email?" in aside, aside
    again = joined(await bot.say("send"))
    assert DRAFTED in again and await _outbox(tmp_path) == []
    await bot.say("send")
    assert len(await _outbox(tmp_path)) == 1


@pytest.mark.parametrize("reply", ["is this legal", "show me the email", "show", "top"])
async def test_an_english_question_with_another_languages_yes_word_sends_nothing(
    bot: BotHarness, tmp_path: Path, reply: str
) -> None:
    # "show" and "legal" are a yes in Brazilian Portuguese, "top" in Dutch: from an English
    # speaker they sent the written warning.
    await _preview(bot, "en-US")
    answered = joined(await bot.say(reply))
    assert "Sent to" not in answered
    assert await _outbox(tmp_path) == []
    await bot.say("send")
    assert len(await _outbox(tmp_path)) == 1


# Typed at the preview, each of these used to become the email's text.
REMARKS = {
    "en-US": {"long": "that looks a bit long", "friendlier": "can you make it friendlier",
              "who": "who else gets this?", "wait": "wait I need to check with hr first",
              "remark": "hmm not sure about the second paragraph"},
    "fr-FR": {"long": "c'est un peu long", "friendlier": "tu peux le rendre plus chaleureux ?",
              "who": "qui d'autre le reçoit ?", "wait": "attends, je dois vérifier avec les RH",
              "remark": "hmm pas sûr du deuxième paragraphe"},
    "es-ES": {"long": "es un poco largo", "friendlier": "hazlo más cercano",
              "who": "¿quién más lo recibe?", "wait": "espera, tengo que consultar con RR. HH.",
              "remark": "hmm no estoy seguro del segundo párrafo"},
    "de-DE": {"long": "das ist etwas lang", "friendlier": "mach sie freundlicher",
              "who": "wer bekommt das sonst noch?",
              "wait": "warte, ich muss das erst mit HR klären",
              "remark": "hmm, nicht sicher wegen dem zweiten Absatz"},
    "it-IT": {"long": "è un po' lunga", "friendlier": "rendila più gentile",
              "who": "chi altro la riceve?", "wait": "aspetta, devo sentire le risorse umane",
              "remark": "mah, non sono sicura del secondo paragrafo"},
    "pt-BR": {"long": "tá meio longo", "friendlier": "deixa mais amigável",
              "who": "quem mais recebe?", "wait": "peraí, preciso verificar com o RH primeiro",
              "remark": "hmm não tenho certeza do segundo parágrafo"},
    "nl-NL": {"long": "dat is wat lang", "friendlier": "maak hem vriendelijker",
              "who": "wie krijgt dit nog meer?", "wait": "wacht, ik moet het even navragen bij HR",
              "remark": "hmm weet niet over de tweede alinea"},
    "pl-PL": {"long": "trochę za długi", "friendlier": "napisz to cieplej",
              "who": "kto jeszcze to dostanie?", "wait": "poczekaj, muszę to sprawdzić z HR",
              "remark": "hmm nie jestem pewna drugiego akapitu"},
    "ja-JP": {"long": "ちょっと長すぎる", "friendlier": "もう少し柔らかくして",
              "who": "誰に届くの？", "wait": "ちょっと待って、人事に確認してから",
              "remark": "うーん、二段落目が微妙"},
    "zh-CN": {"long": "有点长", "friendlier": "语气友好一点", "who": "谁会收到？",
              "wait": "等一下，我先确认一下", "remark": "这段我不太确定"},
}
ANSWERS = {"long": "email.remark_needs_ai", "friendlier": "email.remark_needs_ai",
           "who": "email.recipients", "wait": "email.kept_waiting", "remark": "email.not_text"}


@pytest.mark.parametrize("locale", list(REMARKS))
@pytest.mark.parametrize("kind", list(ANSWERS))
async def test_remarks_and_questions_at_the_preview_never_become_the_email(
    bot: BotHarness, tmp_path: Path, locale: str, kind: str
) -> None:
    await _preview(bot, locale)
    language = _language(locale)
    reply = joined(await bot.say(REMARKS[locale][kind]))
    expected = say(ANSWERS[kind], language, name="Bob Smith", email="bob.smith@contoso.example")
    assert expected in reply
    assert await _outbox(tmp_path) == []
    await bot.say(say("email.button_send", language))
    sent = await _outbox(tmp_path)
    assert len(sent) == 1 and DRAFTED in sent[0]["body"]
    assert REMARKS[locale][kind] not in sent[0]["body"]


@pytest.mark.parametrize(
    ("locale", "reply", "body"),
    [
        ("en-US", "use this: Hi Bob, please be on time from Monday.",
         "Hi Bob, please be on time from Monday."),
        ("en-US", "replace the text with please come and see me at 9 on Monday",
         "please come and see me at 9 on Monday"),
        ("en-US", "make the text say Hi Bob, please be on time from Monday.",
         "Hi Bob, please be on time from Monday."),
        ("en-US", "change the text to say please be on time from Monday",
         "please be on time from Monday"),
        ("en-US", "Dear Bob, please be on time from Monday. Maria",
         "Dear Bob, please be on time from Monday. Maria"),
        ("fr-FR", "utilisez ceci : merci d'être à l'heure dès lundi.",
         "merci d'être à l'heure dès lundi."),
        ("fr-FR", "Bonjour Bob, merci d'être à l'heure dès lundi.",
         "Bonjour Bob, merci d'être à l'heure dès lundi."),
        ("es-ES", "el texto debe decir: por favor, sea puntual desde el lunes.",
         "por favor, sea puntual desde el lunes."),
        ("de-DE", "der Text soll lauten: Bitte sei ab Montag pünktlich.",
         "Bitte sei ab Montag pünktlich."),
        ("de-DE", "Hallo Bob, bitte sei ab Montag pünktlich.",
         "Hallo Bob, bitte sei ab Montag pünktlich."),
    ],
)
async def test_text_becomes_the_email_when_it_reads_as_one_or_the_manager_says_so(
    bot: BotHarness, tmp_path: Path, locale: str, reply: str, body: str
) -> None:
    await _preview(bot, locale)
    shown = joined(await bot.say(reply))
    assert body in shown and DRAFTED not in shown  # the final text is shown before any send
    assert await _outbox(tmp_path) == []
    await bot.say(say("email.button_send", locale[:2]))
    assert [mail["body"] for mail in await _outbox(tmp_path)] == [body]


@pytest.mark.parametrize(
    ("locale", "remark", "answer"),
    [
        ("en-US", "hmm not sure about the second paragraph", "email.not_text"),
        ("it-IT", "più formale", "email.remark_needs_ai"),
        ("pl-PL", "bardziej formalnie", "email.remark_needs_ai"),
        ("pt-BR", "mais curto", "email.remark_needs_ai"),
    ],
)
async def test_a_remark_after_edit_is_not_the_new_text(
    bot: BotHarness, tmp_path: Path, locale: str, remark: str, answer: str
) -> None:
    await _preview(bot, locale)
    language = _language(locale)
    await bot.say(say("email.button_edit", language))
    reply = joined(await bot.say(remark))
    assert say(answer, language) in reply
    await bot.say(say("email.button_send", language))
    sent = await _outbox(tmp_path)
    assert len(sent) == 1 and DRAFTED in sent[0]["body"]


async def test_with_the_ai_a_remark_on_length_shortens_and_waits_for_send(
    llm_bot: BotHarness, openai_server: FakeOpenAIServer, tmp_path: Path
) -> None:
    openai_server.queue_text(
        "Subject: Your punctuality\n\nDear Bob,\n\nPlease be on time.\n\nMaria")
    await llm_bot.say(REQUESTS["en-US"])
    openai_server.queue_text("Subject: Punctuality\n\nBob, please be on time.\n\nMaria")
    shown = joined(await llm_bot.say("that looks a bit long"))
    assert "Make it shorter" in openai_server.chat_requests[-1].messages[-1]["content"]
    assert "Bob, please be on time." in shown and "that looks a bit long" not in shown
    assert await _outbox(tmp_path) == []
    await llm_bot.say("send")
    assert [m["body"] for m in await _outbox(tmp_path)] == ["Bob, please be on time.\n\nMaria"]


async def test_with_the_ai_an_instruction_with_another_languages_remark_word_is_made(
    llm_bot: BotHarness, openai_server: FakeOpenAIServer, tmp_path: Path
) -> None:
    """French "attends" (wait) in "make sure he attends the training" kept the draft as it was
    ("nothing has been sent, and I'm keeping the draft") instead of changing it."""
    openai_server.queue_text(
        "Subject: Your punctuality\n\nDear Bob,\n\nPlease be on time.\n\nMaria")
    await llm_bot.say(REQUESTS["en-US"])
    openai_server.queue_text(
        "Subject: Training\n\nBob, please attend the training on Friday.\n\nMaria")
    shown = joined(await llm_bot.say("make sure he attends the training on friday"))
    assert "attends the training" in openai_server.chat_requests[-1].messages[-1]["content"]
    assert "please attend the training on Friday." in shown, shown
    assert await _outbox(tmp_path) == []


@pytest.mark.parametrize(
    ("locale", "change", "subject"),
    [
        ("nl-NL", "verander het onderwerp naar Laatste waarschuwing", "Laatste waarschuwing"),
        ("pl-PL", "zmien temat na Ostatnie upomnienie", "Ostatnie upomnienie"),
        ("de-DE", "der betreff soll Pünktlichkeit sein", "Pünktlichkeit"),
        # The verb after the word, as in a note ("Sorry, dat begreep ik niet", the subject kept).
        ("de-DE", "betreff ändern: Pünktlichkeit", "Pünktlichkeit"),
        ("de-DE", "Betreff ändern in Pünktlichkeit", "Pünktlichkeit"),
        ("nl-NL", "onderwerp wijzigen naar Stiptheid", "Stiptheid"),
        ("nl-NL", "onderwerp aanpassen: Stiptheid", "Stiptheid"),
    ],
)
async def test_a_new_subject_typed_as_people_do_keeps_the_text(
    bot: BotHarness, tmp_path: Path, locale: str, change: str, subject: str
) -> None:
    """In Dutch the instruction became the whole email; in Polish it left the email for a
    shift hand-over ("Czyją zmianę mam przekazać?")."""
    await _preview(bot, locale)
    changed = joined(await bot.say(change))
    assert subject in changed and DRAFTED in changed, changed
    assert change not in changed
    await bot.say(say("email.button_send", locale[:2]))
    sent = await _outbox(tmp_path)
    assert [(mail["subject"], DRAFTED in mail["body"]) for mail in sent] == [(subject, True)]


@pytest.mark.parametrize(
    ("locale", "typed", "text"),
    [
        ("de-DE", "text: Bitte sei ab morgen pünktlich.", "Bitte sei ab morgen pünktlich."),
        ("nl-NL", "tekst: Wil je voortaan op tijd komen?", "Wil je voortaan op tijd komen?"),
        ("pl-PL", "tresc: Prosze przychodzic punktualnie.", "Prosze przychodzic punktualnie."),
    ],
)
async def test_a_new_text_after_its_label_is_the_email_without_the_label(
    bot: BotHarness, tmp_path: Path, locale: str, typed: str, text: str
) -> None:
    """"text: ..." was sent as an email opening with "text:"; "tekst: ..." was not understood."""
    await _preview(bot, locale)
    await bot.say(typed)
    await bot.say(say("email.button_send", locale[:2]))
    sent = await _outbox(tmp_path)
    assert [mail["body"] for mail in sent] == [text]


@pytest.mark.parametrize(
    ("locale", "change", "greeting"),
    [
        ("de-DE", "schick sie an alice statt bob", "Dear Alice,"),
        ("nl-NL", "stuur maar naar alice ipv bob", "Dear Alice,"),
        ("pl-PL", "wyslij do alice zamiast boba", "Dear Alice,"),
        ("en-US", "send it to alice instead of bob", "Dear Alice,"),
        ("fr-FR", "envoie-le à alice au lieu de bob", "Dear Alice,"),
        ("es-ES", "mándaselo a alice en vez de a bob", "Dear Alice,"),
    ],
)
async def test_another_recipient_in_the_recipients_place_readdresses_the_draft(
    bot: BotHarness, tmp_path: Path, locale: str, change: str, greeting: str
) -> None:
    """Naming the recipient too ("an Alice statt Bob") was taken for an instruction for the
    AI, which is off: the email could not be readdressed."""
    await _preview(bot, locale)
    reply = joined(await bot.say(change))
    assert greeting in reply and "Dear Bob," not in reply, reply
    assert await _outbox(tmp_path) == []


@pytest.mark.parametrize(
    ("locale", "change"),
    [
        ("en-US", "send it to chen instead"),
        ("en-US", "no, chen not bob"),
        ("de-DE", "an Chen statt Bob"),
        ("fr-FR", "envoie-le plutôt à chen"),
    ],
)
async def test_a_new_recipient_keeps_the_managers_subject_and_text(
    bot: BotHarness, tmp_path: Path, locale: str, change: str
) -> None:
    """The draft was written again from the template (in Chinese, for Chen): the subject and
    text the manager had written were lost."""
    await _preview(bot, locale)
    await bot.say(
        "Subject: Rota next week\nDear Bob,\nplease check the new rota by Friday.\nMaria")
    moved = joined(await bot.say(change))
    # ERA answers in the manager's language, or in English after an English text from them.
    languages = {locale[:2], "en"}
    assert any(say("email.not_sent_to", language, name="Bob Smith") in moved
               for language in languages), moved
    assert any(say("email.kept_for_new_recipient_greeting", language, name="Chen",
                   before="Dear Bob,", after="Dear Chen,") in moved for language in languages)
    assert "Dear Chen,\nplease check the new rota by Friday." in moved.replace("\r", "")
    assert "Rota next week" in moved and "您好" not in moved
    assert await _outbox(tmp_path) == []
    await bot.say(say("email.button_send", locale[:2]))
    (sent,) = await _outbox(tmp_path)
    assert "chen.wei@contoso.example" in sent["to_addresses"]
    assert sent["subject"] == "Rota next week"
    assert sent["body"] == "Dear Chen,\nplease check the new rota by Friday.\nMaria"


async def test_a_new_recipient_of_a_changed_subject_keeps_it_and_says_what_else_names_the_old(
    bot: BotHarness, tmp_path: Path
) -> None:
    await _preview(bot, "en-US")
    await bot.say("change the subject to Punctuality")
    moved = joined(await bot.say("send it to chen instead"))
    assert "Dear Chen," in moved and DRAFTED in moved and "您好" not in moved
    await bot.say("send")
    (sent,) = await _outbox(tmp_path)
    assert sent["subject"] == "Punctuality" and sent["body"].startswith("Dear Chen,")

    await _preview(bot, "en-US")
    await bot.say("Dear Bob, the rota changed. Bob, please check it. Maria")
    moved = joined(await bot.say("send it to chen instead"))
    assert say("email.old_name_left", "en", old="Bob", name="Chen") in moved
    assert "Dear Chen, the rota changed. Bob, please check it. Maria" in moved


async def test_a_new_recipient_of_the_untouched_template_gets_it_in_their_language(
    bot: BotHarness, tmp_path: Path
) -> None:
    await _preview(bot, "en-US")
    moved = joined(await bot.say("send it to chen instead"))
    assert "Chen Wei，您好" in moved and "kept your subject" not in moved
    assert await _outbox(tmp_path) == []


@pytest.mark.parametrize(
    ("locale", "asked", "change", "subject", "said"),
    [
        ("en-US", "send an email to bob smith about the new rota", "send it to chen instead",
         "“The new rota”", "我想和您谈一谈“the new rota”。"),
        ("en-US", "send an email to bob smith to thank him for his help on saturday",
         "send it to chen instead", None, "感谢“your help on Saturday”"),
        ("fr-FR", "envoie un email à bob smith sur ses retards", "envoie-le plutôt à chen",
         "关于准时出勤", "我想和您谈一谈准时出勤问题。"),
    ],
)
async def test_an_untouched_draft_for_a_new_recipient_keeps_its_subject_and_topic(
    bot: BotHarness, tmp_path: Path, locale: str, asked: str, change: str,
    subject: str | None, said: str
) -> None:
    """The finding: "send it to chen instead" wrote Chen's letter in Chinese with its subject
    and topic blank ([邮件主题], [邮件事由]) although Bob's letter had them."""
    bot.locale = locale
    await bot.say(asked)
    again = await bot.say(change)
    shown = joined(again)
    assert "Chen Wei，您好" in shown and said in shown, shown
    assert "[邮件主题]" not in shown and "[邮件事由]" not in shown, shown
    if subject is not None:
        assert subject in str(again[-1].activity.attachments[0].content), shown
    assert await _outbox(tmp_path) == []


# A wait, then a change of tone or length: the change is asked for. "wait, make it friendlier"
# kept the draft as it was ("No problem: nothing has been sent, and I'm keeping the draft"), the
# change never mentioned.
WAIT_THEN_CHANGE = {
    "en-US": "wait, make it friendlier",
    "fr-FR": "attends, plus court",
    "de-DE": "warte, etwas freundlicher bitte",
    "es-ES": "espera, más corto",
    "it-IT": "aspetta, cambia il tono, più gentile",
    "ja-JP": "ちょっと待って、もう少し柔らかくして",
    "zh-CN": "等一下，语气友好一点",
}


@pytest.mark.parametrize("locale", list(WAIT_THEN_CHANGE))
async def test_a_wait_then_a_change_of_tone_asks_for_the_change(
    bot: BotHarness, tmp_path: Path, locale: str
) -> None:
    await _preview(bot, locale)
    language = _language(locale)
    reply = joined(await bot.say(WAIT_THEN_CHANGE[locale]))
    assert say("email.remark_needs_ai", language, name="Bob Smith",
               email="bob.smith@contoso.example") in reply, reply
    assert await _outbox(tmp_path) == []


@pytest.mark.parametrize(
    ("locale", "reply"),
    [
        ("en-US", "send it to bob and chen"),
        ("en-US", "send it to bob smith and chen wei"),
        ("en-US", "send it, and to chen too"),
        ("fr-FR", "oui, et à chen aussi"),
        ("de-DE", "ja, auch an Chen"),
        ("es-ES", "sí, y a Chen también"),
        ("it-IT", "sì, anche a Chen"),
        ("nl-NL", "ja, ook naar Chen"),
        ("pl-PL", "tak, i do Chena też"),
        ("pt-BR", "sim, e para o Chen também"),
        ("ja-JP", "Chenにも送って"),
        ("zh-CN", "也发给Chen"),
    ],
)
async def test_another_recipient_besides_is_added_and_sent_only_on_a_new_yes(
    bot: BotHarness, tmp_path: Path, locale: str, reply: str
) -> None:
    """The finding: "send it to bob and chen" was taken for an instruction needing the AI,
    and "yes, and cc chen" drafted the email again for Chen alone, dropping Bob ("cc" now
    makes a copy: test_email_copy_at_the_preview.py). Chen is added:
    the preview shows them both and greets them both, nothing is sent until its own Send, which
    sends one email to both."""
    await _preview(bot, locale)
    answered = joined(await bot.say(reply))
    language = _language(locale)
    assert "Bob Smith (bob.smith@contoso.example), Chen Wei (chen.wei@contoso.example)" \
        in answered, answered
    assert "Dear Bob and Chen," in answered
    assert await _outbox(tmp_path) == []
    await bot.say(say("email.button_send", language))
    (sent,) = await _outbox(tmp_path)
    assert "bob.smith@contoso.example" in sent["to_addresses"]
    assert "chen.wei@contoso.example" in sent["to_addresses"]


async def test_an_edit_that_names_someone_with_also_is_no_second_recipient(
    bot: BotHarness, tmp_path: Path
) -> None:
    """Re-read: "also mention chen's help" asks for a change to Bob's email, not for Chen as a
    second recipient (nor a new draft for Chen)."""
    await _preview(bot, "en-US")
    answered = joined(await bot.say("also mention chen's help"))
    assert "chen.wei@contoso.example" not in answered, answered
    assert "Dear Chen," not in answered
    assert await _outbox(tmp_path) == []


@pytest.mark.parametrize(
    ("locale", "hesitation"),
    [("en-US", "maybe"), ("en-US", "hmm"), ("en-US", "not sure"), ("fr-FR", "peut-être"),
     ("de-DE", "vielleicht"), ("es-ES", "no sé"), ("nl-NL", "misschien"),
     ("pl-PL", "może")],
)
async def test_a_hesitation_at_the_preview_keeps_the_draft_waiting(
    bot: BotHarness, tmp_path: Path, locale: str, hesitation: str
) -> None:
    """The finding: "maybe", "hmm", "peut-être", "vielleicht" at "Shall I send it?" were told
    "I only use your words as the email's text when they read like an email", as though they
    had been offered as the letter."""
    await _preview(bot, locale)
    language = _language(locale)
    reply = joined(await bot.say(hesitation))
    assert say("email.kept_waiting", language) in reply
    assert say("email.not_text", language) not in reply
    assert await _outbox(tmp_path) == []
    await bot.say(say("email.button_send", language))
    sent = await _outbox(tmp_path)
    assert len(sent) == 1 and DRAFTED in sent[0]["body"]
