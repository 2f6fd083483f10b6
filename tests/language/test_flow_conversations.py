"""One conversation per main flow in each of the nine languages, through the real bot: ERA says
the flow's messages in the person's language (chosen from the client's locale, or from the
person's preferred language) and no English sentence leaks into another language.

Requests are typed in English and replies are numbers and "yes": understanding requests in
other languages is the understanding side's job; this checks what ERA says. The language of an
English message would be English (the message's own language comes first), so here the message
language is left unknown and the locale decides."""

from __future__ import annotations

import asyncio
import dataclasses
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

import bots.era_bot
from language.catalogue import default_catalogue, say
from services.org_database import OrgDatabase
from services.sqlite_directory import RECHECK_SECONDS
from tests.bot_harness import BotHarness, Reply
from tests.conftest import FIXED_NOW
from tests.language.conversation_check import english_leaks, said

LOCALES = {
    "en": "en-US", "fr": "fr-FR", "es": "es-ES", "de": "de-DE", "it": "it-IT", "pt": "pt-PT",
    "pt-BR": "pt-BR",
    "nl": "nl-NL", "pl": "pl-PL", "ja": "ja-JP", "zh-Hans": "zh-CN",
}
LANGUAGES = pytest.mark.parametrize("language", list(LOCALES))


@pytest.fixture
async def harness(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[BotHarness]:
    """The bot on a fresh demo organisation, at FIXED_NOW (Sunday 22 Nov 2026, 10:00 UTC), with
    the message language left unknown (see the module docstring)."""
    understand = bots.era_bot.understand

    def without_language(*args: Any, **kwargs: Any) -> Any:
        return dataclasses.replace(understand(*args, **kwargs), language=None)

    monkeypatch.setattr(bots.era_bot, "understand", without_language)
    bot = await BotHarness.start(tmp_path, FIXED_NOW)
    yield bot
    await bot.close()


def _speaking(bot: BotHarness, person: str, language: str) -> BotHarness:
    bot.as_person(person).locale = LOCALES[language]
    return bot


def _check(replies: list[Reply], language: str, *expected: str) -> None:
    found = said(replies, language)
    missing = [msg_id for msg_id in expected if msg_id not in found]
    assert missing == [], (missing, [r.text for r in replies])
    assert english_leaks(replies, language) == []


def _button(replies: list[Reply], title: str) -> str:
    return next(reply for r in replies for t, reply in r.buttons if t == title)


@LANGUAGES
async def test_shift_cancellation(harness: BotHarness, language: str) -> None:
    bot = _speaking(harness, "bob-smith", language)
    asked = await bot.say("cancel my shift tomorrow")
    _check(asked, language, "shift_cancel.found_one", "shift_cancel.reason_question")
    done = await bot.say("I have a doctor's appointment")
    _check(done, language, "shift_cancel.done", "shift_cancel.manager_told")


@LANGUAGES
async def test_two_shifts_cancelled_together_are_spoken_of_in_the_plural(
    harness: BotHarness, language: str
) -> None:
    """ "cancel monday and tue" cancels both after one reason: the question and the result
    speak of shifts, not of "your shift on Mon and Tue"."""
    bot = _speaking(harness, "bob-smith", language)
    asked = await bot.say(_BOTH_DAYS[language])
    _check(asked, language, "shift_cancel.reason_question")
    _assert_plural(asked, language, "shift_cancel.reason_question")
    done = await bot.say("I have exams")
    _check(done, language, "shift_cancel.done")
    _assert_plural(done, language, "shift_cancel.done")


_BOTH_DAYS = {
    "en": "cancel monday and tue", "fr": "annule lundi et mardi",
    "es": "cancela lunes y martes", "de": "storniere Montag und Dienstag",
    "it": "annulla lunedì e martedì", "pt": "cancela segunda e terça",
    "pt-BR": "cancela segunda e terça",
    "nl": "annuleer maandag en dinsdag", "pl": "odwołaj moje zmiany w poniedziałek i wtorek",
    "ja": "月曜日と火曜日のシフトをキャンセル", "zh-Hans": "取消周一和周二的班",
}


def _assert_plural(replies: list[Reply], language: str, msg_id: str) -> None:
    """Every fixed piece of the message's form for two is in the replies."""
    catalogue = default_catalogue()
    message = catalogue.language(language.replace("_", "-")).messages[msg_id]
    form = message.forms[catalogue.language(language).plural_index(2)]
    text = " ".join(reply.text or "" for reply in replies)
    pieces = [piece.strip() for piece in re.split(r"\{\w+\}", form) if piece.strip()]
    assert pieces and all(piece in text for piece in pieces), (pieces, text)


_MOVE_MY_SHIFT = {
    "en": "move my shift to sunday", "fr": "déplacer mon poste à dimanche",
    "es": "¿puedo cambiar mi turno del sábado?", "de": "meine Schicht auf Sonntag verschieben",
    "it": "spostare il mio turno a domenica", "pt": "mudar o meu turno para domingo",
    "pt-BR": "mudar meu turno para domingo",
    "nl": "mijn dienst naar zondag verplaatsen", "pl": "przenieś moją zmianę na niedzielę",
    "ja": "シフトを日曜日に変更したい", "zh-Hans": "把我的班改到周日",
}


@LANGUAGES
async def test_a_worker_who_asks_to_move_a_shift_is_offered_to_ask_the_manager_by_name(
    harness: BotHarness, language: str
) -> None:
    """A worker cannot move shifts in ERA: they are told who decides (their manager, by
    name) and ERA offers to ask them with the worker's words; a no asks nobody."""
    bot = _speaking(harness, "bob-smith", language)
    told = await bot.say(_MOVE_MY_SHIFT[language])
    _check(told, language, "ask_manager.shift_change.confirm")
    text = " ".join(reply.text or "" for reply in told)
    assert "Maria Lopez" in text and _MOVE_MY_SHIFT[language] in text
    _check(await bot.press(_button(told, say("button.no", language))), language,
           "ask_manager.kept")


@LANGUAGES
async def test_my_shifts(harness: BotHarness, language: str) -> None:
    bot = _speaking(harness, "bob-smith", language)
    listed = await bot.say("what are my shifts?")
    _check(listed, language, "my_shifts.list_soon", "my_shifts.how_to_cancel")


@LANGUAGES
async def test_assign(harness: BotHarness, language: str) -> None:
    bot = _speaking(harness, "maria", language)
    offered = await bot.say("assign bob jones on wed sales associate")
    _check(offered, language, "shift_assign.which_shift")
    preview = await bot.say("1")
    _check(preview, language, "shift_change.preview")
    assert CATALOGUE.say("shift_change.button_apply", language) in [
        title for reply in preview for title, _ in reply.buttons]
    done = await bot.say("yes")
    _check(done, language, "shift_change.done")


@LANGUAGES
async def test_email(harness: BotHarness, language: str) -> None:
    bot = _speaking(harness, "maria", language)
    preview = await bot.say("email Bob Smith about his lateness")
    _check(preview, language, "email.preview", "email.made.template.general")
    sent = await bot.press(_button(preview, CATALOGUE.say("email.button_send", language)))
    _check(sent, language, "email.sent")


@LANGUAGES
async def test_call(harness: BotHarness, language: str) -> None:
    bot = _speaking(harness, "maria", language)
    offered = await bot.say("book a call with Alice")
    _check(offered, language, "meeting.free_times_week")
    confirm = await bot.say("1")
    _check(confirm, language, "call.booking_question")
    done = await bot.say("yes")
    _check(done, language, "call.booked")


@LANGUAGES
async def test_meeting_booking(harness: BotHarness, language: str) -> None:
    bot = _speaking(harness, "bob-smith", language)
    offered = await bot.say("book a meeting on tuesday morning")
    _check(offered, language, "meeting.free_times")
    confirm = await bot.say("1")
    _check(confirm, language, "meeting.booking_question")
    done = await bot.say("yes")
    _check(done, language, "meeting.booked")


@LANGUAGES
async def test_advice(harness: BotHarness, language: str) -> None:
    bot = _speaking(harness, "maria", language)
    # The advice itself comes from the playbooks (their own languages); ERA's words follow it.
    await bot.say("My employee didn't show up for 3 days and isn't answering the phone")
    recorded = await bot.say("!improve ask fewer questions")
    _check(recorded, language, "feedback.recorded_with_answer")
    stopped = await bot.say("cancel")
    _check(stopped, language, "flow.advice.stopped")


@LANGUAGES
async def test_help_cancel_and_start_over(harness: BotHarness, language: str) -> None:
    bot = _speaking(harness, "bob-smith", language)
    _check(await bot.say("help"), language, "main.help", "main.capability.shift_cancel")
    await bot.say("cancel my shift tomorrow")
    helped = await bot.say("help")
    _check(helped, language, "flow.shift_cancel.now", "flow.help_asked", "flow.help_ways_out")
    _check(await bot.say("cancel"), language, "flow.shift_cancel.stopped")
    _check(await bot.say("start over"), language, "main.fresh_start")


@pytest.mark.parametrize("language", ["fr", "ja", "de"])
async def test_the_preferred_language_speaks_when_the_client_gives_none(
    harness: BotHarness, language: str
) -> None:
    person = {"fr": "sophie", "ja": "yuki", "de": "emma"}[language]
    bot = harness.as_person(person)
    bot.locale = None
    _check(await bot.say("what are my shifts?"), language, "my_shifts.list_soon")


async def test_a_client_without_a_locale_keeps_the_conversations_language(
    harness: BotHarness,
) -> None:
    bot = _speaking(harness, "bob-smith", "fr")
    await bot.say("what are my shifts?")
    bot.locale = None
    _check(await bot.say("what are my shifts?"), "fr", "my_shifts.list_soon")


async def test_the_manager_is_told_in_the_managers_own_language(harness: BotHarness) -> None:
    """Chen writes in Chinese; his manager Maria reads German: each gets their language."""
    db = await OrgDatabase.open(harness.components.settings.data_dir / "org.sqlite3")
    try:
        await db.execute("UPDATE people SET preferred_language = 'de-DE' WHERE id = 'maria'")
    finally:
        await db.close()
    await asyncio.sleep(RECHECK_SECONDS)  # an admin tool's change is seen within it
    bot = _speaking(harness, "chen", "zh-Hans")
    _check(await bot.say("cancel my shift on tuesday"), "zh-Hans", "shift_cancel.found_one")
    _check(await bot.say("生病了"), "zh-Hans", "shift_cancel.done")
    db = await OrgDatabase.open(harness.components.settings.data_dir / "org.sqlite3")
    try:
        mails = [dict(row) for row in await db.fetch_all("SELECT * FROM outbox")]
    finally:
        await db.close()
    assert len(mails) == 1
    body = str(mails[0]["body"])
    # Who could cover the shift is a line of its own, before the signature.
    cover = next(line for line in body.split("\n") if set(CATALOGUE.identify(line, "de"))
                 & {"shift_cancel.could_cover", "shift_cancel.nobody_free"})
    assert "shift_cancel.manager_email_body" in CATALOGUE.identify(
        body.replace(cover + "\n", ""), "de")
    assert "生病了" in body and "Di., 24. Nov." in body


async def test_a_brazilian_manager_is_told_in_brazilian_portuguese(harness: BotHarness) -> None:
    """The directory says pt-BR (as Graph's preferredLanguage does): the notice of a cancelled
    shift is written from the pt-BR catalogue, not the European one."""
    db = await OrgDatabase.open(harness.components.settings.data_dir / "org.sqlite3")
    try:
        await db.execute("UPDATE people SET preferred_language = 'pt-BR' WHERE id = 'maria'")
    finally:
        await db.close()
    await asyncio.sleep(RECHECK_SECONDS)
    bot = _speaking(harness, "bob-smith", "en")
    await bot.say("cancel my shift tomorrow")
    _check(await bot.say("I have a fever"), "en", "shift_cancel.done")
    db = await OrgDatabase.open(harness.components.settings.data_dir / "org.sqlite3")
    try:
        mails = [dict(row) for row in await db.fetch_all("SELECT * FROM outbox")]
    finally:
        await db.close()
    body = str(mails[-1]["body"])
    assert "cancelou o turno de" in body and "precisa ser coberto" in body
    assert "precisa de ser coberto" not in body and "nessa altura" not in body


CATALOGUE = default_catalogue()


def test_the_leak_check_sees_english_and_not_data() -> None:
    english = Reply(CATALOGUE.say("shift_cancel.found_one", "en",
                                  shift="Tue 24 Nov, Evening 20:00-23:00 (cashier)"), [], None)  # type: ignore[arg-type]
    assert english_leaks([english], "fr") != []
    french = Reply(CATALOGUE.say("shift_cancel.found_one", "fr",
                                 shift="mar. 24 nov., Evening 20:00-23:00 (cashier)"), [], None)  # type: ignore[arg-type]
    assert english_leaks([french], "fr") == []
    assert said([french], "fr") == {"shift_cancel.found_one"}


# --- more flows: swap, unassign, meetings, hand-over, the router's question, other channels ---


@LANGUAGES
async def test_swap(harness: BotHarness, language: str) -> None:
    bot = _speaking(harness, "maria", language)
    _check(await bot.say("swap Alice and Bob Smith on Tuesday"), language, "shift_change.preview")
    _check(await bot.say("yes"), language, "shift_change.done")


@LANGUAGES
async def test_unassign(harness: BotHarness, language: str) -> None:
    bot = _speaking(harness, "maria", language)
    _check(await bot.say("unassign Chen from Thursday"), language, "shift_change.preview")
    _check(await bot.say("yes"), language, "shift_change.done")


@LANGUAGES
async def test_meeting_cancellation(harness: BotHarness, language: str) -> None:
    bot = _speaking(harness, "bob-smith", language)
    await bot.say("book a meeting on tuesday morning")
    await bot.say("1")
    await bot.say("yes")
    asked = await bot.say("cancel my meeting with Maria")
    _check(asked, language, "meeting_cancel.confirm_found_alone")
    _check(await bot.say("yes"), language, "meeting_cancel.done")


@LANGUAGES
async def test_hand_over_to_a_person(harness: BotHarness, language: str) -> None:
    bot = _speaking(harness, "bob-smith", language)
    _check(await bot.say("talk to a person"), language, "transfer.ask_need")
    _check(await bot.say("my payslip is wrong"), language, "handoff.user_message")


@LANGUAGES
async def test_who_is_my_manager(harness: BotHarness, language: str) -> None:
    bot = _speaking(harness, "bob-smith", language)
    _check(await bot.say("who is my manager?"), language, "my_manager.is")


@LANGUAGES
async def test_the_routers_question_and_its_buttons(harness: BotHarness, language: str) -> None:
    bot = _speaking(harness, "bob-smith", language)
    asked = await bot.say("I need to cancel my shift and the meeting")
    _check(asked, language, "main.clarify_which")
    label = CATALOGUE.say("main.request.shift_cancel", language)
    _check(await bot.press(_button(asked, label[:1].upper() + label[1:])), language,
           "shift_cancel.found_several_soon")


@LANGUAGES
@pytest.mark.parametrize("channel", ["slack", "sms"])
async def test_options_on_slack_and_plain_text(
    harness: BotHarness, language: str, channel: str
) -> None:
    """The renderers' own words ("Reply with the number ...", "not available") are said in the
    person's language too."""
    bot = _speaking(harness, "maria", language)
    bot.channel_id = channel
    offered = await bot.say("assign bob jones on wed sales associate")
    _check(offered, language, "shift_assign.which_shift")
    if channel == "slack":
        _check(offered, language, "render.type_a_number")


# --- requests written in the person's own language ------------------------------------------

# (locale, cancel tomorrow's shift, my shifts, help, cancel, start over, talk to a person), as
# people type them. The first nine get ERA's replies in their language; the others (no
# catalogue yet) in English, but every request must start the right flow.
NATIVE: dict[str, tuple[str, str, str, str, str, str, str]] = {
    "en": ("en-GB", "I need to cancel my shift tomorrow", "what are my shifts?", "help",
           "cancel", "start over", "talk to a person"),
    "fr": ("fr-FR", "bonjour, je dois annuler mon shift de demain", "quels sont mes postes ?",
           "aide", "annuler", "recommencer", "je veux parler à quelqu'un"),
    "es": ("es-ES", "tengo que cancelar mi turno de mañana", "¿cuáles son mis turnos?", "ayuda",
           "cancelar", "empezar de nuevo", "quiero hablar con una persona"),
    "de": ("de-DE", "ich muss meine Schicht morgen absagen", "welche Schichten habe ich?",
           "Hilfe", "abbrechen", "neu beginnen", "ich möchte mit einer Person sprechen"),
    "it": ("it-IT", "devo annullare il mio turno di domani", "quali sono i miei turni?", "aiuto",
           "annulla", "ricominciare", "voglio parlare con una persona"),
    "pt": ("pt-PT", "preciso de cancelar o meu turno de amanhã", "quais são os meus turnos?",
           "ajuda", "cancelar", "recomeçar", "quero falar com uma pessoa"),
    "pt-BR": ("pt-BR", "preciso cancelar meu turno de amanhã", "quais são meus turnos?",
              "ajuda", "cancelar", "recomeçar", "quero falar com uma pessoa"),
    "nl": ("nl-NL", "ik moet mijn dienst van morgen afzeggen", "wat zijn mijn diensten?",
           "hulp", "annuleren", "opnieuw beginnen", "ik wil met iemand praten"),
    "ja": ("ja-JP", "明日のシフトをキャンセルしたい", "私のシフトを教えて", "ヘルプ",
           "キャンセル", "最初からやり直し", "人間と話したい"),
    "zh-Hans": ("zh-CN", "我要取消明天的班次", "我的班次是什么时候？", "帮助", "取消",
                "重新开始", "转人工"),
    "pl": ("pl-PL", "muszę odwołać jutrzejszą zmianę", "jakie mam zmiany?", "pomoc", "anuluj",
           "zacznij od nowa", "chcę porozmawiać z człowiekiem"),
    "tr": ("tr-TR", "yarınki vardiyamı iptal etmem gerekiyor", "vardiyalarım neler?", "yardım",
           "iptal", "baştan başla", "bir insanla konuşmak istiyorum"),
    "ar": ("ar-SA", "أريد إلغاء مناوبتي غدا", "ما هي مناوباتي؟", "مساعدة", "إلغاء",
           "ابدأ من جديد", "أريد التحدث إلى شخص"),
    "hi": ("hi-IN", "मुझे कल की शिफ्ट रद्द करनी है", "मेरी शिफ्ट कौन सी हैं?", "मदद", "रद्द करो",
           "फिर से शुरू करो", "मुझे किसी इंसान से बात करनी है"),
    "ko": ("ko-KR", "내일 근무를 취소해야 해요", "제 시프트가 언제예요?", "도움말", "취소",
           "처음부터 다시", "상담원과 이야기하고 싶어요"),
    "ru": ("ru-RU", "мне нужно отменить завтрашнюю смену", "какие у меня смены?", "помощь",
           "отмена", "начать сначала", "хочу поговорить с человеком"),
}


@pytest.fixture
async def native(tmp_path: Path) -> AsyncIterator[BotHarness]:
    """The bot as it runs: the language of the person's message counts."""
    bot = await BotHarness.start(tmp_path, FIXED_NOW)
    yield bot
    await bot.close()


@pytest.mark.parametrize("language", list(NATIVE))
async def test_requests_in_the_persons_own_language(native: BotHarness, language: str) -> None:
    locale, cancel_shift, my_shifts, help_, cancel, start_over, transfer = NATIVE[language]
    replies_in = CATALOGUE.resolve(language) or "en"
    bot = native.as_person("bob-smith")
    bot.locale = locale
    started = await bot.say(cancel_shift)
    if CATALOGUE.resolve(language) is not None:
        _check(started, replies_in, "shift_cancel.found_one", "shift_cancel.reason_question")
    else:
        # The time-phrase parser does not read these languages' day words yet: the flow
        # starts with the coming week's shifts instead of tomorrow's.
        _check(started, replies_in)
        assert said(started, replies_in) & {"shift_cancel.found_one",
                                            "shift_cancel.found_several_soon"}
    _check(await bot.say(help_), replies_in, "flow.shift_cancel.now", "flow.help_asked")
    _check(await bot.say(cancel), replies_in, "flow.shift_cancel.stopped")
    _check(await bot.say(my_shifts), replies_in, "my_shifts.list_soon")
    _check(await bot.say(start_over), replies_in, "main.fresh_start")
    _check(await bot.say(transfer), replies_in, "transfer.ask_need")


# Polish managers decline the names they type ("z Bobem Smithem", "Alicji"): ERA still finds
# the person, and answers in Polish.
POLISH_DECLINED_NAMES = [
    ("umów rozmowę z Alicją Martin", "Alice Martin"),
    ("zadzwoń do Chena", "Chen Wei"),
    ("umów spotkanie z Bobem Smithem w poniedziałek", "Bob Smith"),
]


@pytest.mark.parametrize(("request_text", "person"), POLISH_DECLINED_NAMES)
async def test_a_polish_manager_names_people_in_any_case(
    native: BotHarness, request_text: str, person: str
) -> None:
    bot = native.as_person("maria")
    bot.locale = "pl-PL"
    offered = await bot.say(request_text)
    assert said(offered, "pl") & {"meeting.free_times", "meeting.free_times_week"}, [
        r.text for r in offered]
    assert any(person in reply for reply in offered)
    assert english_leaks(offered, "pl") == []
    _check(await bot.say("1"), "pl", "meeting.booking_question" if "spotkanie" in request_text
           else "call.booking_question")


async def test_a_polish_manager_takes_a_declined_name_off_a_shift(native: BotHarness) -> None:
    bot = native.as_person("maria")
    bot.locale = "pl-PL"
    preview = await bot.say("zdejmij Boba Jonesa ze zmiany we wtorek")
    _check(preview, "pl", "shift_change.preview")
    assert any("Bob Jones" in reply for reply in preview)
    _check(await bot.say("tak"), "pl", "shift_change.done")



# A Polish day is often an adjective ("z piątkowej zmiany", off Friday's shift): ERA previews
# the change instead of asking which day, and the button's word typed ("Zatwierdź") applies it.
@pytest.mark.parametrize(("request_text", "person", "answer"), [
    ("zdejmij Boba Smitha z piątkowej zmiany", "Bob Smith", "Zatwierdź"),
    ("usuń Alice Martin z sobotniej zmiany", "Alice Martin", "zatwierdzam"),
    ("wypisz Chen Wei z czwartkowej zmiany", "Chen Wei", "potwierdzam"),
])
async def test_a_polish_manager_takes_someone_off_a_day_said_as_an_adjective(
    native: BotHarness, request_text: str, person: str, answer: str
) -> None:
    bot = native.as_person("maria")
    bot.locale = "pl-PL"
    preview = await bot.say(request_text)
    _check(preview, "pl", "shift_change.preview")
    assert any(person in reply.text for reply in preview)
    _check(await bot.say(answer), "pl", "shift_change.done")

# --- the leak check itself can fail -------------------------------------------------------


def _reply(text: str, buttons: list[tuple[str, str]] | None = None) -> Reply:
    return Reply(text, buttons or [], None)  # type: ignore[arg-type]


@pytest.mark.parametrize("language", [lang for lang in LOCALES if lang != "en"])
def test_a_hard_coded_english_sentence_is_caught(language: str) -> None:
    """What this test suite exists to catch: a sentence that never went through the catalogue
    (the old "Shall I try sending it again?"), a renderer's English word, an English button."""
    question = CATALOGUE.say("email.retry_question", language)
    assert english_leaks([_reply(question)], language) == []
    assert english_leaks([_reply("Shall I try sending it again?")], language) != []
    assert english_leaks([_reply(f"{question}\n\nReply with the number of your choice (1-3), "
                                 "or press a button.")], language) != []
    assert english_leaks([_reply(question, [("Try again", "yes")])], language) != []
    # An English catalogue message said instead of the language's own is caught by its id.
    english = CATALOGUE.say("my_manager.is", "en", name="Maria Lopez",
                            email="maria.lopez@contoso.example")
    assert any(leak.startswith("my_manager.is") for leak in english_leaks([_reply(english)],
                                                                           language))


def test_data_is_not_a_leak() -> None:
    """Names, the schedule's labels and roles, a booked meeting's title and the demo calendar's
    subjects are data, not English."""
    for meeting in ("jeu. 26 nov., 10:00-10:30 : 1:1 check-in, Maria Lopez",
                    "mar. 24 nov., 09:00-09:30 : Meeting: Bob Smith and Maria Lopez"):
        text = CATALOGUE.say("meeting_cancel.confirm_found_alone", "fr", meeting=meeting)
        assert english_leaks([_reply(text)], "fr") == []
    shift = CATALOGUE.say("shift_cancel.found_one", "fr",
                          shift="mar. 24 nov., Evening 20:00-23:00 (sales associate)")
    assert english_leaks([_reply(shift)], "fr") == []


@LANGUAGES
async def test_a_confirmation_in_plain_text(harness: BotHarness, language: str) -> None:
    """A channel without cards lists the buttons as the words to type, in the language."""
    bot = _speaking(harness, "maria", language)
    bot.channel_id = "sms"
    await bot.say("assign bob jones on wed sales associate")
    preview = await bot.say("1")
    _check(preview, language, "shift_change.preview")
    yes = CATALOGUE.say("button.yes", language)
    assert any(yes in reply.text for reply in preview)
    _check(await bot.say(yes), language, "shift_change.done")
