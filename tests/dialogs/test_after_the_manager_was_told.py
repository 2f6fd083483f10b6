"""Just after ERA cancelled a worker's shift and told their manager ("… has been cancelled. I've
let Maria Lopez know. Anything else?"), or passed their lateness or hours request on, the worker
asks "did maria get it?", "est-ce que maria est au courant ?", "si ma avvisa maria per favore",
"did it work?" or "undo that". They got the whole list of what ERA can do; now they are told
plainly that Maria was told (or that it cannot be taken back, and who can change it), in their
language, and nothing is sent again."""

from __future__ import annotations

import pytest

from language.catalogue import say
from services.org_database import OrgDatabase
from tests.bot_harness import BotHarness, joined

CANCELS = [
    ("en-US", "cancel my shift tomorrow", "I'm sick", "did maria get it?"),
    ("en-US", "cancel my shift tomorrow", "I'm sick", "did it work?"),
    ("en-US", "cancel my shift tomorrow", "I'm sick", "did my manager get it??"),
    ("it-IT", "annulla il mio turno di domani", "sono malato", "si ma avvisa maria per favore"),
    ("nl-NL", "annuleer mijn dienst van morgen", "ik ben ziek",
     "ja hoor, stuur maar door naar maria"),
    ("fr-FR", "annule mon service de demain", "je suis malade",
     "est-ce que maria est au courant ?"),
    ("fr-FR", "annule mon service de demain", "je suis malade", "ca a marché ?"),
    ("de-DE", "sag meine Schicht morgen ab", "ich bin krank", "weiss sie bescheid?"),
    ("es-ES", "cancela mi turno de mañana", "estoy enfermo", "maria ya lo sabe?"),
    ("pt-PT", "cancela o meu turno de amanhã", "estou doente", "ela ja sabe?"),
    ("pl-PL", "odwołaj moją jutrzejszą zmianę", "jestem chory", "czy maria juz wie?"),
    ("ja-JP", "明日のシフトをキャンセルして", "体調不良です", "マリアさんに伝わった？"),
    ("zh-CN", "取消我明天的班", "我生病了", "她收到了吗？"),
]


async def _outbox(bot: BotHarness) -> int:
    db = await OrgDatabase.open(bot.components.settings.data_dir / "org.sqlite3")
    try:
        return len(await db.fetch_all("SELECT * FROM outbox"))
    finally:
        await db.close()


def _shaped_as(reply: str, msg_id: str, language: str, **fields: object) -> bool:
    """Whether `reply` is message `msg_id` with Maria Lopez named and any shift label."""
    head, _, tail = say(msg_id, language, manager="Maria Lopez", shift="\x00",
                        **fields).partition("\x00")
    return reply.startswith(head) and reply.endswith(tail)


@pytest.mark.parametrize(("locale", "request_text", "reason", "asked"), CANCELS)
async def test_asked_after_a_cancellation_says_maria_was_told_and_tells_nobody_again(
    bot: BotHarness, chats: list[tuple[str, str]], locale: str, request_text: str,
    reason: str, asked: str,
) -> None:
    bot.as_person("bob-smith")
    bot.locale = locale
    language = locale.split("-")[0]
    await bot.say(request_text)
    done = joined(await bot.say(reason))
    assert "Maria Lopez" in done
    mails, chatted = await _outbox(bot), len(chats)

    answer = joined(await bot.say(asked))

    assert _shaped_as(answer, "shift_cancel.already_told", language, count=1), answer
    assert await _outbox(bot) == mails and len(chats) == chatted


@pytest.mark.parametrize(("locale", "undo"), [
    ("en-US", "undo that"), ("de-DE", "mach das rückgängig"), ("fr-FR", "défais ça")])
async def test_undo_after_a_cancellation_says_only_the_manager_can_give_it_back(
    bot: BotHarness, chats: list[tuple[str, str]], locale: str, undo: str
) -> None:
    bot.as_person("bob-smith")
    bot.locale = locale
    language = locale.split("-")[0]
    request_text, reason = {"en": ("cancel my shift tomorrow", "I'm sick"),
                            "de": ("sag meine Schicht morgen ab", "ich bin krank"),
                            "fr": ("annule mon service de demain", "je suis malade")}[language]
    await bot.say(request_text)
    await bot.say(reason)
    mails, chatted = await _outbox(bot), len(chats)

    answer = joined(await bot.say(undo))

    assert _shaped_as(answer, "shift_cancel.cannot_undo", language, count=1), answer
    assert await _outbox(bot) == mails and len(chats) == chatted


async def test_after_running_late_did_she_get_it_and_undo_are_answered_plainly(
    bot: BotHarness, chats: list[tuple[str, str]]
) -> None:
    bot.as_person("bob-smith")
    await bot.say("I'll be 20 minutes late tomorrow")
    assert "Done:" in joined(await bot.say("yes"))
    assert len(chats) == 1

    got = joined(await bot.say("did she get it?"))
    undo = joined(await bot.say("undo"))

    assert _shaped_as(got, "running_late.already_told", "en"), got
    assert undo == say("manager_told.cannot_undo", "en", manager="Maria Lopez")
    assert await _outbox(bot) == 1 and len(chats) == 1


async def test_after_more_hours_in_german_weiss_sie_bescheid_says_it_was_passed_on(
    bot: BotHarness, chats: list[tuple[str, str]]
) -> None:
    bot.as_person("bob-smith")
    bot.locale = "de-DE"
    await bot.say("kann ich mehr Stunden bekommen?")
    await bot.say("ja")
    answer = joined(await bot.say("weiß sie bescheid?"))
    assert answer == say("more_hours.already_told", "de", manager="Maria Lopez")
    assert await _outbox(bot) == 1 and len(chats) == 1


async def test_half_an_hour_later_naming_maria_is_no_question_about_the_cancellation(
    bot: BotHarness, chats: list[tuple[str, str]]
) -> None:
    bot.as_person("bob-smith")
    await bot.say("cancel my shift tomorrow")
    await bot.say("I'm sick")
    bot.clock.advance(minutes=31)
    answer = joined(await bot.say("did maria get it?"))
    assert not _shaped_as(answer, "shift_cancel.already_told", "en", count=1)
    assert "Maria Lopez know that your shift" not in answer


MANAGER_ASKS = [
    ("en-US", "assign alice on wednesday evening as cashier", "yes", "did alice get it?"),
    ("en-US", "assign alice on wednesday evening as cashier", "yes", "does she know?"),
    ("fr-FR", "mets alice mercredi soir en caisse", "oui", "est-ce qu'alice est au courant ?"),
    ("de-DE", "trag alice am mittwoch abend als kassiererin ein", "ja",
     "weiß alice bescheid?"),
]


@pytest.mark.parametrize(("locale", "request_text", "yes", "asked"), MANAGER_ASKS)
async def test_a_manager_asking_whether_the_person_was_told_is_answered_not_handed_to_hr(
    bot: BotHarness, chats: list[tuple[str, str]], locale: str, request_text: str, yes: str,
    asked: str,
) -> None:
    """Maria's "did alice get it?" just after assigning Alice went to the advisor, which had no
    guidance and handed her to HR."""
    bot.as_person("maria").locale = locale
    language = locale.split("-")[0]
    await bot.say(request_text)
    assert "Alice Martin" in joined(await bot.say(yes))
    assert [person for person, _ in chats] == ["alice"]

    answer = joined(await bot.say(asked))

    head, _, tail = say("shift_change.people_told", language, names="Alice Martin",
                        summary="\x00").partition("\x00")
    assert answer.startswith(head) and answer.endswith(tail), answer
    assert len(chats) == 1


async def test_a_manager_is_told_when_the_person_could_not_be_reached(bot: BotHarness) -> None:
    bot.as_person("maria")
    await bot.say("assign alice on wednesday evening as cashier")
    await bot.say("yes")
    answer = joined(await bot.say("did alice get it?"))
    head, _, tail = say("shift_change.people_not_told", "en", names="Alice Martin",
                        summary="\x00").partition("\x00")
    assert answer.startswith(head) and answer.endswith(tail), answer


@pytest.mark.parametrize(("locale", "request_text", "reason", "new_words"), [
    ("en-US", "cancel my shift tomorrow", "I'm sick", "let her know i can do sunday instead"),
    ("en-US", "cancel my shift tomorrow", "I'm sick", "let maria know i can do sunday instead"),
    ("fr-FR", "annule mon service de demain", "je suis malade",
     "dis-lui que je peux travailler dimanche à la place"),
    ("de-DE", "sag meine Schicht morgen ab", "ich bin krank",
     "sag ihr bescheid dass ich sonntag kann"),
    ("pl-PL", "odwołaj moją jutrzejszą zmianę", "jestem chory",
     "powiedz jej że mogę w niedzielę"),
    ("ja-JP", "明日のシフトをキャンセルして", "体調不良です",
     "マリアさんに日曜日なら出られると伝えてください"),
    ("zh-CN", "取消我明天的班", "我生病了", "告诉她我周日可以上班"),
])
async def test_new_words_for_the_manager_are_not_answered_as_already_told(
    bot: BotHarness, locale: str, request_text: str, reason: str, new_words: str,
) -> None:
    """'let her know i can do sunday instead' just after a cancellation was answered "I've
    already let Maria Lopez know that your shift … is cancelled, so I haven't sent it again":
    the new words were dropped, and Bob was told they needed no passing on."""
    bot.as_person("bob-smith")
    bot.locale = locale
    language = locale.split("-")[0]
    await bot.say(request_text)
    await bot.say(reason)
    said = joined(await bot.say(new_words))
    assert not _shaped_as(said, "shift_cancel.already_told", language, count=1), said
