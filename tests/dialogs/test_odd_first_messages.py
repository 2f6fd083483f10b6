"""A new user's odd first messages: a pasted signature, a symbol or an emoji alone, a second
"hi" just after ERA's welcome, and "?" at one of ERA's questions.

The findings: Alice's signature ("Alice Martin | Sales Associate | Riverside Store") got "I
can only advise managers" (its job title read as a situation) and Maria's went to the advisor,
which answered about grief; "?", "😀" and "..." got "Sorry, I'm not sure what you'd like me to
do"; "hallo" right after the welcome got the whole welcome list again; and "?" at "which Bob?"
got "Sorry, I didn't understand that" instead of the question explained.
"""

from __future__ import annotations

import pytest
from botbuilder.schema import Activity, ActivityTypes, ChannelAccount

from bots.handoff import HANDOFF_INITIATE
from language.catalogue import say
from tests.bot_harness import BotHarness, Reply, joined

FIRST_NAMES = {"alice": "Alice", "bob-smith": "Bob", "maria": "Maria"}


def _opening(key: str, language: str, person: str) -> str:
    """The words of a message before the list of what ERA can do."""
    return say(key, language, first_name=FIRST_NAMES[person], capabilities="").strip()


def _not_sure(language: str) -> str:
    return say("main.not_understood", language, capabilities="").strip()


async def _welcomed(bot: BotHarness) -> str:
    """Open the chat as a channel does when the person adds ERA; the welcome's text."""
    me = bot._sender()
    update = Activity(type=ActivityTypes.conversation_update, members_added=[me],
                      recipient=ChannelAccount(id="era-bot", name="ERA"))
    return joined(await bot.send(update))


def _handed_over(bot: BotHarness) -> bool:
    return any(a.type == ActivityTypes.event and a.name == HANDOFF_INITIATE
               for a in bot.last_activities)


SIGNATURES = [
    ("alice", "en-US", "en", "Alice Martin | Sales Associate | Riverside Store"),
    ("alice", "en-US", "en",
     "Alice Martin | Sales Associate | Riverside Store\n+1 555 0100\nSent from my iPhone"),
    ("alice", "fr-FR", "fr",
     "Alice Martin\nVendeuse | Magasin Riverside\nTél. 06 12 34 56 78\nEnvoyé de mon iPhone"),
    ("bob-smith", "de-DE", "de", "Bob Smith | Verkäufer | Filiale Riverside"),
    ("bob-smith", "es-ES", "es", "Bob Smith\nDependiente · Tienda Riverside\n"
                                 "Enviado desde mi iPhone"),
    ("bob-smith", "nl-NL", "nl", "Bob Smith | Verkoper\nVerzonden vanaf mijn iPhone"),
    ("alice", "pl-PL", "pl", "Alice Martin | Sprzedawczyni\nWysłane z iPhone'a"),
    ("alice", "it-IT", "it", "Alice Martin | Commessa | Negozio Riverside"),
    ("alice", "pt-PT", "pt", "Alice Martin | Vendedora\nEnviado do meu iPhone"),
    ("alice", "ja-JP", "ja", "アリス・マーティン\n販売スタッフ\niPhoneから送信"),
    ("alice", "zh-CN", "zh-Hans", "爱丽丝\n销售员\n发自我的iPhone"),
    ("maria", "en-US", "en", "Maria Lopez | Store Manager | Riverside Store | +1 555 0199"),
    ("maria", "de-DE", "de", "Maria Lopez\nFilialleiterin | Filiale Riverside\n"
                             "Von meinem iPhone gesendet"),
]


@pytest.mark.parametrize(("person", "locale", "language", "text"), SIGNATURES)
async def test_a_pasted_signature_is_no_request_and_gets_what_era_can_do(
    bot: BotHarness, person: str, locale: str, language: str, text: str
) -> None:
    bot.as_person(person)
    bot.locale = locale
    said = joined(await bot.say(text))
    assert _opening("main.signature", language, person) in said
    assert say("flow.advice.denied", language) not in said
    assert _not_sure(language) not in said
    assert not _handed_over(bot)


# A request in the person's language first: a symbol is no first contact, and still no failure.
SYMBOLS = [("en-US", "en", "what are my shifts?", "?"), ("en-US", "en", "my shifts", "😀"),
           ("en-US", "en", "who is my manager?", "..."),
           ("fr-FR", "fr", "quels sont mes postes ?", "?"),
           ("de-DE", "de", "wer ist mein Vorgesetzter?", "🙂"),
           ("ja-JP", "ja", "私のシフトは？", "？"),
           ("zh-CN", "zh-Hans", "我的经理是谁？", "。。。"),
           ("pl-PL", "pl", "jakie mam zmiany?", "?!")]


@pytest.mark.parametrize(("locale", "language", "before", "text"), SYMBOLS)
async def test_a_symbol_alone_gets_what_era_can_do_with_no_apology(
    bot: BotHarness, locale: str, language: str, before: str, text: str
) -> None:
    bot.as_person("alice")
    bot.locale = locale
    await bot.say(before)
    replies = await bot.say(text)
    said = joined(replies)
    assert _opening("main.what_for", language, "alice") in said
    assert _not_sure(language) not in said
    assert replies[-1].buttons  # the examples, to press


@pytest.mark.parametrize(("locale", "language", "text"), [
    ("en-US", "en", "asdf"), ("de-DE", "de", "moin moin, was geht"),
    ("es-ES", "es", "soy nueva aquí"),
])
async def test_a_first_message_not_understood_after_the_welcome_gets_no_apology(
    bot: BotHarness, locale: str, language: str, text: str
) -> None:
    bot.as_person("alice")
    bot.locale = locale
    await _welcomed(bot)
    said = joined(await bot.say(text))
    assert _opening("main.what_for", language, "alice") in said
    assert _not_sure(language) not in said
    # The second one in a row is not understood, and names the way to a person.
    again = joined(await bot.say("qwertz"))
    assert say("main.not_understood_again", language) in again


GREETINGS = [("en-US", "en", "hi"), ("de-DE", "de", "hallo"), ("fr-FR", "fr", "bonjour"),
             ("nl-NL", "nl", "hoi"), ("es-ES", "es", "hola buenas"),
             ("ja-JP", "ja", "こんにちは"), ("zh-CN", "zh-Hans", "你好")]


@pytest.mark.parametrize(("locale", "language", "text"), GREETINGS)
async def test_a_greeting_just_after_the_welcome_is_answered_shortly(
    bot: BotHarness, locale: str, language: str, text: str
) -> None:
    bot.as_person("bob-smith")
    bot.locale = locale
    welcome = await _welcomed(bot)
    replies: list[Reply] = await bot.say(text)
    said = joined(replies)
    assert said.startswith(say("main.greeting_again", language, first_name="Bob")), said
    # Not the welcome's list again: its examples come as buttons only.
    example = say("main.example.shift_cancel", language)
    assert example in welcome and example not in said
    assert example in [title for title, _ in replies[-1].buttons]


async def test_a_greeting_after_a_request_or_a_while_gets_the_whole_answer(
    bot: BotHarness,
) -> None:
    bot.as_person("bob-smith")
    first = joined(await bot.say("hi"))
    assert say("main.example.shift_cancel", "en") in first  # no welcome before: the list
    await bot.say("what are my shifts?")
    assert say("main.example.shift_cancel", "en") in joined(await bot.say("hello"))
    bot.clock.advance(minutes=30)
    assert say("main.example.shift_cancel", "en") in joined(await bot.say("hi"))


@pytest.mark.parametrize(("person", "locale", "language", "asking", "mark"), [
    ("maria", "en-US", "en", "assign bob on wednesday", "?"),
    ("maria", "fr-FR", "fr", "réserve un appel avec Bob", "?"),
    ("maria", "de-DE", "de", "schreib Bob eine E-Mail, um ihm für seine Hilfe zu danken", "?"),
    ("maria", "ja-JP", "ja", "ボブさんと金曜日のシフトを交換して", "？"),
    ("bob-smith", "en-US", "en", "cancel my shift", "??"),
    ("bob-smith", "it-IT", "it", "posso avere più ore?", "?"),
    ("alice", "es-ES", "es", "programa una reunión el martes por la mañana", "¿?"),
])
async def test_a_question_mark_at_a_question_explains_it(
    bot: BotHarness, person: str, locale: str, language: str, asking: str, mark: str
) -> None:
    bot.as_person(person)
    bot.locale = locale
    asked = (await bot.say(asking))[-1]
    replies = await bot.say(mark)
    said = joined(replies)
    assert say("prompt.not_understood", language, accepted="").strip() not in said
    assert say("flow.help_asked", language, question="").strip() in said
    # The question is asked again, as it was, with its buttons.
    assert replies[-1].text == asked.text and replies[-1].buttons == asked.buttons


@pytest.mark.parametrize(("person", "locale", "language", "asking", "stop", "answer", "key"), [
    ("maria", "de-DE", "de", "teile Bob Smith am Mittwoch ein", "abbrechen", "nein",
     "main.stray_no"),
    ("maria", "fr-FR", "fr", "affecte Bob Smith mercredi", "annuler", "non", "main.stray_no"),
    ("maria", "nl-NL", "nl", "plan Bob Smith in op woensdag", "stop", "nee", "main.stray_no"),
    ("alice", "ja-JP", "ja", "火曜日の午前にミーティングを予約して", "キャンセル", "いいえ",
     "main.stray_no"),
    ("alice", "pl-PL", "pl", "umów spotkanie we wtorek rano", "anuluj", "nie", "main.stray_no"),
    ("alice", "pt-PT", "pt", "marca uma reunião na terça de manhã", "cancelar", "não",
     "main.stray_no"),
    ("maria", "es-ES", "es", "asigna a Bob Smith el miércoles", "cancelar", "sí",
     "main.stray_yes"),
    ("maria", "en-US", "en", "assign bob smith on wednesday", "cancel", "yes", "main.stray_yes"),
])
async def test_a_yes_or_a_no_just_after_a_stopped_flow_answers_anything_else(
    bot: BotHarness, person: str, locale: str, language: str, asking: str, stop: str,
    answer: str, key: str,
) -> None:
    """The finding: "nein" just after "OK, I've stopped assigning the shift" got "Nothing is
    waiting for your answer right now"; a no now closes politely, a yes asks what."""
    bot.as_person(person)
    bot.locale = locale
    await bot.say(asking)
    await bot.say(stop)
    said = joined(await bot.say(answer))
    opening = say(key, language, first_name=FIRST_NAMES[person], capabilities="").strip()
    assert said.startswith(opening), said
    assert say("main.stray_reply", language) not in said
