"""Conversations about understanding, through the real bot (issues 13 and 14): typos start the
right flow, two close requests get a clarifying question, questions asked mid-flow are served and
the flow offered back, free-word declines end the step, a stray answer claims nothing, and
requests typed in many languages start their flow. The assertions look at the flow that started
and the question it asked (its id in turn memory, the options offered), not at English wording.
"""

from __future__ import annotations

import pytest

from core.turn_memory import TurnMemory
from language.catalogue import say
from tests.bot_harness import BotHarness, Reply, joined

CONVERSATION = "test:conv-1"
SCOPES = (
    "shift_cancel", "meeting_book", "meeting_cancel", "meeting_reschedule", "call_employee",
    "email", "my_shifts", "my_manager", "shift_assign",
)
YES_NO = ["yes", "no"]


async def questions(bot: BotHarness) -> dict[str, str | None]:
    """Every flow waiting in this conversation, with the id of the question it asked."""
    waiting: dict[str, str | None] = {}
    stored = (await bot.stored_state()).get("memory") or {}
    for scope in SCOPES:
        if scope not in stored:
            continue
        memory = TurnMemory.from_dict(stored[scope])
        if not memory.is_expired(bot.clock.now):
            question = memory.last_question
            waiting[scope] = question.id if question else None
    return waiting


def buttons(replies: list[Reply]) -> list[str]:
    """The values of every button offered in these replies."""
    return [value for reply in replies for _, value in reply.buttons]


# --- typos start the right flow ------------------------------------------------------------

TYPO_REQUESTS = [
    ("bob-smith", "en-US", "cancle my shift tomorrow", "shift_cancel", "cancellation_reason"),
    ("bob-smith", "en-US", "i need to cancel one of my shfits", "shift_cancel", "select_shift"),
    ("bob-smith", "en-US", "i need to cancle one of my shifts", "shift_cancel", "select_shift"),
    ("bob-smith", "en-US", "cancel my shfit tomorow", "shift_cancel", "cancellation_reason"),
    ("bob-smith", "fr-FR", "annuller mon shfit demain", "shift_cancel", "cancellation_reason"),
    # (Monday's one shift: "mi" is "my", not Wednesday.)
    ("bob-smith", "es-ES", "necesito cancelar mi tunro del lunes", "shift_cancel",
     "cancellation_reason"),
    ("maria", "en-US", "book a meting", "meeting_book", "time_preference"),
    ("maria", "en-US", "reschedual my meeting", "meeting_reschedule", "select_meeting"),
    ("maria", "en-US", "cancell my apointment", "meeting_cancel", "select_meeting"),
    ("maria", "de-DE", "verschieb mein meting", "meeting_reschedule", "select_meeting"),
    ("maria", "en-US", "schedual a meeting for tuesday morning", "meeting_book", None),
]


@pytest.mark.parametrize(
    ("person", "locale", "text", "scope", "question"), TYPO_REQUESTS,
    ids=[c[2] for c in TYPO_REQUESTS],
)
async def test_a_request_with_typos_starts_its_flow(
    bot: BotHarness, person: str, locale: str, text: str, scope: str, question: str | None
) -> None:
    bot.as_person(person)
    await bot.say(text, locale=locale)
    waiting = await questions(bot)
    assert scope in waiting
    if question is not None:
        assert waiting[scope] == question


# --- two close requests: ask which one ----------------------------------------------------

@pytest.mark.parametrize(
    ("answer", "scope"),
    [
        ("1", "meeting_cancel"),
        ("2", "shift_cancel"),
        ("the shift", "shift_cancel"),
        ("the meeting", "meeting_cancel"),
        ("cancel the shift", "shift_cancel"),
        ("the second one", "shift_cancel"),
    ],
)
async def test_a_cancellation_of_a_shift_meeting_asks_which_one(
    bot: BotHarness, answer: str, scope: str
) -> None:
    bot.as_person("bob-smith")
    asked = await bot.say("cancel my shift meeting tomorrow")
    assert len(buttons(asked)) == 2
    assert await questions(bot) == {}
    await bot.say(answer)
    assert scope in await questions(bot)


async def test_the_clarifying_question_is_answered_by_pressing_a_button(bot: BotHarness) -> None:
    bot.as_person("bob-smith")
    asked = await bot.say("I need to cancel my shift and the meeting")
    shift_button = next(value for reply in asked for title, value in reply.buttons
                        if "shift" in title)
    assert shift_button.isdigit()  # a press sends the option's number, in any language
    await bot.press(shift_button)
    assert "shift_cancel" in await questions(bot)


async def test_cancel_at_the_clarifying_question_changes_nothing(bot: BotHarness) -> None:
    bot.as_person("bob-smith")
    await bot.say("cancel my shift meeting tomorrow")
    await bot.say("cancel")
    assert await questions(bot) == {}
    # The clarification is over: a new request is served as usual.
    await bot.say("cancel my shift tomorrow")
    assert (await questions(bot))["shift_cancel"] == "cancellation_reason"


async def test_another_request_at_the_clarifying_question_is_served(bot: BotHarness) -> None:
    bot.as_person("bob-smith")
    await bot.say("annuler mon shift et la réunion", locale="fr-FR")
    await bot.say("i need to cancel one of my shifts")
    assert (await questions(bot))["shift_cancel"] == "select_shift"


async def test_a_manager_is_not_asked_about_a_flow_they_cannot_use(bot: BotHarness) -> None:
    # Managers do not cancel their own shifts here: only the meeting reading is theirs.
    await bot.say("cancel my shift meeting tomorrow")
    assert list(await questions(bot)) == ["meeting_cancel"]


# --- questions and requests mid-flow ------------------------------------------------------

MID_FLOW_QUESTIONS = [
    ("what are my shifts?", "en-US"),
    ("who is my manager?", "en-US"),
    ("quels sont mes services ?", "fr-FR"),
    ("wann arbeite ich?", "de-DE"),
    ("quali sono i miei turni?", "it-IT"),
    ("シフトを教えて", "ja-JP"),
    ("我的经理是谁", "zh-CN"),
    ("qui est ma responsable ?", "fr-FR"),
]


@pytest.mark.parametrize(("text", "locale"), MID_FLOW_QUESTIONS,
                         ids=[c[0] for c in MID_FLOW_QUESTIONS])
async def test_a_question_at_the_list_of_shifts_is_served_and_the_flow_offered_back(
    bot: BotHarness, text: str, locale: str
) -> None:
    bot.as_person("bob-smith")
    await bot.say("cancel one of my shifts")
    served = await bot.say(text, locale=locale)
    assert len(served) == 2  # the answer, then the offer to come back
    assert buttons(served) == YES_NO
    resumed = await bot.say("yes")
    assert buttons(resumed)[:6] == ["1", "2", "3", "4", "5", "6"], resumed
    assert (await questions(bot))["shift_cancel"] == "select_shift"


async def test_a_question_at_the_reason_question_is_served_and_the_reason_asked_again(
    bot: BotHarness,
) -> None:
    bot.as_person("bob-smith")
    await bot.say("cancel my shift tomorrow")
    served = await bot.say("what are my shifts?")
    assert buttons(served) == YES_NO
    await bot.say("yes")
    assert (await questions(bot))["shift_cancel"] == "cancellation_reason"


async def test_a_question_at_a_confirmation_is_served_and_the_preview_offered_again(
    bot: BotHarness,
) -> None:
    await bot.say("assign bob jones on wed sales associate")
    await bot.say("1")
    assert (await questions(bot))["shift_assign"] == "confirm_preview"
    served = await bot.say("who is my manager?")
    assert buttons(served) == YES_NO
    await bot.say("yes")
    assert (await questions(bot))["shift_assign"] == "confirm_preview"


async def test_the_answer_mid_flow_is_the_answer_the_question_gets_alone(bot: BotHarness) -> None:
    bot.as_person("bob-smith")
    alone = joined(await bot.say("who is my manager?"))
    await bot.say("cancel one of my shifts")
    mid_flow = await bot.say("who is my manager?")
    assert mid_flow[0].text == alone
    assert "Maria Lopez" in alone


async def test_help_mid_flow_explains_the_question_and_keeps_it(bot: BotHarness) -> None:
    bot.as_person("bob-smith")
    await bot.say("cancel one of my shifts")
    await bot.say("help")
    assert (await questions(bot))["shift_cancel"] == "select_shift"
    await bot.say("2")
    assert (await questions(bot))["shift_cancel"] == "cancellation_reason"


async def test_who_is_my_manager_while_booking_a_meeting(bot: BotHarness) -> None:
    bot.as_person("alice")
    await bot.say("book a meeting")
    served = await bot.say("who is my manager?")
    assert buttons(served) == YES_NO
    await bot.say("no")
    assert "meeting_book" not in await questions(bot)


async def test_a_declined_offer_to_resume_drops_the_flow(bot: BotHarness) -> None:
    bot.as_person("bob-smith")
    await bot.say("cancel one of my shifts")
    await bot.say("what are my shifts?")
    await bot.say("no")
    assert await questions(bot) == {}


# --- declines and changes of mind in free words -------------------------------------------

DECLINES = [
    ("no thanks, I'll ring him myself", "en-US"),
    ("nah I'll call her myself", "en-US"),
    ("no thank you", "en-US"),
    ("not now", "en-US"),
    ("non merci", "fr-FR"),
    ("nein danke, ich rufe ihn selbst an", "de-DE"),
    ("no grazie, lo chiamo io", "it-IT"),
    ("nee dank je, ik bel hem zelf", "nl-NL"),
]


@pytest.mark.parametrize(("text", "locale"), DECLINES, ids=[c[0] for c in DECLINES])
async def test_a_free_word_decline_at_who_ends_the_call_booking(
    bot: BotHarness, text: str, locale: str
) -> None:
    await bot.say("book a call")
    assert (await questions(bot))["call_employee"] == "person_name"
    declined = joined(await bot.say(text, locale=locale))
    assert "call_employee" not in await questions(bot)
    assert text not in declined


async def test_no_thanks_after_the_advisor_offered_a_call(bot: BotHarness) -> None:
    await bot.say("My employee didn't show up for 3 days")
    await bot.say("I tried calling once but he didn't pick up")
    await bot.say("yes")  # the call ERA offered, taken up: it asks who the call is with
    assert (await questions(bot))["call_employee"] == "person_name"
    declined = joined(await bot.say("no thanks, I'll ring him myself"))
    assert "call_employee" not in await questions(bot)
    assert "ring him myself" not in declined


CHANGES_OF_MIND = [
    ("actually, forget it", "en-US"),
    ("leave it", "en-US"),
    ("laisse tomber", "fr-FR"),
    ("vergiss es", "de-DE"),
    ("lascia perdere", "it-IT"),
    ("déjalo", "es-ES"),
]


@pytest.mark.parametrize(("text", "locale"), CHANGES_OF_MIND, ids=[c[0] for c in CHANGES_OF_MIND])
async def test_a_change_of_mind_ends_the_step(bot: BotHarness, text: str, locale: str) -> None:
    await bot.say("email someone")
    assert (await questions(bot))["email"] == "person_name"
    await bot.say(text, locale=locale)
    assert "email" not in await questions(bot)


async def test_a_name_not_in_the_store_is_told_apart_from_a_refusal(bot: BotHarness) -> None:
    await bot.say("book a call")
    unknown_name = joined(await bot.say("Zed Zebulon"))
    assert "Zed Zebulon" in unknown_name
    assert (await questions(bot))["call_employee"] == "person_name"
    not_a_name = joined(await bot.say("he's the new guy from the bakery, the tall one"))
    assert "the new guy" not in not_a_name
    assert (await questions(bot))["call_employee"] == "person_name"
    await bot.say("Alice Martin")
    assert (await questions(bot))["call_employee"] != "person_name"


# --- nothing pending: no claim that anything was done --------------------------------------

@pytest.mark.parametrize("text", ["2", "yes", "ok", "oui"])
async def test_a_stray_answer_claims_nothing_was_done(bot: BotHarness, text: str) -> None:
    bot.as_person("bob-smith")
    reply = joined(await bot.say(text)).lower()
    assert "done" not in reply and "confirmed" not in reply
    assert await questions(bot) == {}


# --- requests typed in many languages start their flow -------------------------------------

NATIVE_REQUESTS = [
    ("ja-JP", "明日のシフトをキャンセルしたい"),
    ("zh-CN", "我想取消明天的班"),
    ("fr-FR", "bonjour, je dois annuler mon shift de demain"),
    ("de-DE", "kann ich meine Schicht morgen absagen"),
    ("pl-PL", "muszę odwołać jutrzejszą zmianę"),
    ("tr-TR", "yarınki vardiyamı iptal etmem gerekiyor"),
    ("ru-RU", "мне нужно отменить смену на завтра"),
    ("ko-KR", "내일 근무 취소하고 싶어요"),
    ("ar-SA", "أريد إلغاء مناوبتي غدا"),
    ("hi-IN", "मुझे कल की शिफ्ट रद्द करनी है"),
]


@pytest.mark.parametrize(("locale", "text"), NATIVE_REQUESTS, ids=[c[0] for c in NATIVE_REQUESTS])
async def test_a_shift_cancellation_in_the_persons_language_starts_the_flow(
    bot: BotHarness, locale: str, text: str
) -> None:
    bot.as_person("bob-smith")
    await bot.say(text, locale=locale)
    assert (await questions(bot)).get("shift_cancel") in ("cancellation_reason", "select_shift")


# --- the conversation keeps its language -----------------------------------------------------


@pytest.mark.parametrize(("locale", "request_text", "reply", "booked"), [
    ("fr-FR", "réserve une réunion mardi", "yes", "est planifiée"),
    ("de-DE", "Buche ein Meeting am Dienstag", "yes", "ist gebucht"),
    ("fr-FR", "réserve une réunion mardi", "ok", "est planifiée"),
])
async def test_a_one_word_english_answer_keeps_the_conversations_language(
    bot: BotHarness, locale: str, request_text: str, reply: str, booked: str
) -> None:
    bot.locale = locale
    await bot.say(request_text)
    await bot.say("1")
    assert booked in joined(await bot.say(reply))


async def test_a_full_sentence_in_another_language_switches(bot: BotHarness) -> None:
    bot.locale = "fr-FR"
    await bot.say("réserve une réunion mardi")
    await bot.say("1")
    assert "is booked" in joined(await bot.say("I would like to book it please, thanks"))


async def test_kanji_alone_keep_a_japanese_conversation_in_japanese(bot: BotHarness) -> None:
    bot.as_person("bob-smith")
    bot.locale = "ja-JP"
    await bot.say("明日のシフトをキャンセルしたい")
    again = joined(await bot.say("明日"))  # no reason yet: the question is asked again
    assert "キャンセルの理由を教えてください" in again
    assert "请问" not in again and "原因" not in again


async def test_a_first_message_in_kanji_alone_is_answered_in_japanese(bot: BotHarness) -> None:
    bot.as_person("bob-smith")
    bot.locale = "ja-JP"
    answered = joined(await bot.say("明日"))
    assert any("\u3040" <= ch <= "\u30ff" for ch in answered), answered


@pytest.mark.parametrize("text", [
    "anuluj jutrzejszą zmianę", "muszę odwołać jutrzejszą zmianę", "anuluj moją zmianę jutro",
])
async def test_a_polish_day_word_finds_the_one_shift_of_that_day(
    bot: BotHarness, text: str
) -> None:
    # "jutrzejszą" is "tomorrow's": Bob has one shift tomorrow, so the reason is asked at once.
    bot.as_person("bob-smith")
    found = joined(await bot.say(text, locale="pl-PL"))
    assert (await questions(bot)).get("shift_cancel") == "cancellation_reason"
    assert "pon., 23 lis" in found and "wt., 24 lis" not in found


@pytest.mark.parametrize(("locale", "request_text", "reply"), [
    ("en-US", "cancel my shift meeting tomorrow", "the other one"),
    ("fr-FR", "annuler mon poste réunion demain", "non, l'autre"),
])
async def test_the_other_one_at_did_you_mean_asks_again_what_is_accepted(
    bot: BotHarness, locale: str, request_text: str, reply: str
) -> None:
    # Neither option is proposed over the other, so "the other one" names neither: the
    # question comes again with what it accepts, and the request is not dropped.
    bot.as_person("bob-smith")
    bot.locale = locale
    asked = await bot.say(request_text)
    again = await bot.say(reply)
    accepted = say("reply.accepted.two_or_name", locale[:2], first=1, last=2)
    assert accepted in joined(again)
    assert again[-1].buttons == asked[-1].buttons
    picked = await bot.say("2")  # the shift, as the first time
    assert (await questions(bot)).get("shift_cancel") == "cancellation_reason", joined(picked)


async def test_a_short_request_in_another_language_switches(bot: BotHarness) -> None:
    # "cancel my shift" is a request, not a reply made of universal words: answered in English.
    bot.as_person("bob-smith")
    bot.locale = "en-US"
    await bot.say("bonjour, quels sont mes postes ?")
    listed = joined(await bot.say("cancel my shift"))
    assert "Which one do you want to cancel?" in listed
    assert "annuler" not in listed.lower()


@pytest.mark.parametrize(
    "pasted",
    [
        '{"type":"AdaptiveCard","version":"1.5","body":[{"type":"TextBlock","text":"yes"}],'
        '"actions":[{"type":"Action.Submit","data":{"era_reply":"yes"}}]}',
        '[{"id": 17, "status": "active", "store": "riverside"}]',
    ],
)
async def test_pasted_json_is_not_a_situation_to_advise_on(bot: BotHarness, pasted: str) -> None:
    # A manager's pasted card JSON got the advisor's opening questions about a complaint. As
    # a first message it gets what ERA can do, with no apology.
    bot.as_person("maria")
    answered = joined(await bot.say(pasted))
    assert answered.startswith(say("main.what_for", "en", first_name="Maria",
                                   capabilities="").strip())
