"""A manager gives one person's shift to another ("give Alice Bob's Friday shift") and asks who
is free to take one ("who could cover Bob on Friday?"): the shift's holder, day and taker are
resolved once, the preview says who loses it and who gets it, the work rules are checked again
when it is applied, and a taker the rules refuse leaves the shift with its holder."""

from __future__ import annotations

import asyncio
from datetime import date
from zoneinfo import ZoneInfo

import pytest

from core.errors import ConflictError
from core.shift_change import ShiftChange
from language.catalogue import default_catalogue
from services.demo_organisation import RIVERSIDE
from services.org_database import OrgDatabase
from services.sqlite_directory import RECHECK_SECONDS
from tests.bot_harness import BotHarness, joined
from tests.conftest import FIXED_NOW

LONDON = ZoneInfo("Europe/London")
FRIDAY = date(2026, 11, 27)



async def _holders(bot: BotHarness, day: date) -> dict[str, list[str]]:
    """Who works which shift label on a day: {"Morning": ["bob-jones", ...]}."""
    holders: dict[str, list[str]] = {}
    for shift in await bot.shifts.shifts_on(RIVERSIDE, day, LONDON):
        if shift.person_id:
            holders.setdefault(shift.label, []).append(shift.person_id)
    return holders


async def test_give_someones_shift_to_someone_else(
    bot: BotHarness, chats: list[tuple[str, str]]
) -> None:
    bot.as_person("maria")
    preview = joined(await bot.say("give Luca Bob Jones's friday shift"))
    assert ("Preview: Luca Rossi takes Bob Jones's shift Fri 27 Nov, Morning 09:00-15:00 "
            "(stock clerk); Bob Jones no longer works it") in preview
    assert "bob-jones" in (await _holders(bot, FRIDAY))["Morning"]
    assert "Done: Luca Rossi takes Bob Jones's shift" in joined(await bot.say("yes"))
    morning = (await _holders(bot, FRIDAY))["Morning"]
    assert "luca" in morning and "bob-jones" not in morning
    assert "waiting for your answer" in joined(await bot.press("yes"))
    told = dict(chats)
    assert sorted(told) == ["bob-jones", "luca"] and len(chats) == 2
    assert "Maria Lopez" in told["bob-jones"] and "Luca Rossi" in told["bob-jones"]
    assert "Maria Lopez" in told["luca"] and "Bob Jones" in told["luca"]


@pytest.mark.parametrize(("request_text", "said"), [
    ("give Bob Jones's friday shift to Luca", "Preview: Luca Rossi takes Bob Jones's shift"),
    ("move bob jones's friday shift to luca", "Preview: Luca Rossi takes Bob Jones's shift"),
    ("luca will cover for bob jones on friday", "Preview: Luca Rossi takes Bob Jones's shift"),
    ("can luca cover bob jones's shift on friday?", "Preview: Luca Rossi takes Bob Jones's shift"),
    # One person out, another in: the one taken out is the holder, whatever the order.
    ("take bob jones off fri and put luca on it", "Preview: Luca Rossi takes Bob Jones's shift"),
    ("luca instead of bob jones on friday", "Preview: Luca Rossi takes Bob Jones's shift"),
    ("replace bob jones with luca on friday", "Preview: Luca Rossi takes Bob Jones's shift"),
    ("swap out bob jones for luca on friday", "Preview: Luca Rossi takes Bob Jones's shift"),
    ("remplace bob jones par luca vendredi", "Luca Rossi prend le poste de Bob Jones"),
    ("ersetze bob jones durch luca am freitag", "Luca Rossi übernimmt die Schicht von Bob Jones"),
    ("wstaw lucę zamiast bob jones w piątek", "Luca Rossi przejmuje zmianę Bob Jones"),
    # Taken off, then given: "give it to", "have ... do it", in four languages.
    ("take bob jones off friday and give it to luca",
     "Preview: Luca Rossi takes Bob Jones's shift"),
    ("take bob jones off fri and have luca do it", "Preview: Luca Rossi takes Bob Jones's shift"),
    ("nimm bob jones am freitag raus und gib die schicht luca",
     "Luca Rossi übernimmt die Schicht von Bob Jones"),
    ("enleve bob jones de vendredi et donne son poste a luca",
     "Luca Rossi prend le poste de Bob Jones"),
    ("quita a bob jones del viernes y daselo a luca", "Luca Rossi"),
    ("give bob jones friday shift to luca", "Preview: Luca Rossi takes Bob Jones's shift"),
    ("move bob jones's friday to luca", "Preview: Luca Rossi takes Bob Jones's shift"),
    ("donne le vendredi de bob jones à luca", "Luca Rossi prend le poste de Bob Jones"),
    # The day between the shift and its holder: it was an assignment, "which Bob?".
    ("donne le poste de vendredi de bob jones a luca", "Luca Rossi prend le poste de Bob Jones"),
    ("passe le service du vendredi de bob jones à luca", "Luca Rossi prend le poste de Bob Jones"),
    ("pasa el viernes de bob jones a luca", "Luca Rossi"),
    ("give Bob Jones's friday shift to Bob Smith",
     "Bob Smith can't take Bob Jones's shift Fri 27 Nov, Morning 09:00-15:00: Bob Smith is not "
     "qualified as stock clerk"),
])
async def test_the_holder_and_the_taker_are_told_apart(
    bot: BotHarness, request_text: str, said: str
) -> None:
    bot.as_person("maria")
    assert said in joined(await bot.say(request_text))


@pytest.mark.parametrize(("locale", "request_text", "yes"), [
    ("zh-CN", "把鲍勃·琼斯周五的班给卢卡", "确认"),
    ("ja-JP", "金曜日のボブ・ジョーンズさんのシフトをルカさんに変えて", "はい"),
])
async def test_names_in_chinese_or_kana_keep_who_holds_and_who_takes(
    bot: BotHarness, locale: str, request_text: str, yes: str
) -> None:
    """The words around a name written in characters or kana say whose shift it is."""
    bot.as_person("maria").locale = locale
    await bot.say(request_text)
    await bot.say(yes)
    morning = (await _holders(bot, FRIDAY))["Morning"]
    assert "luca" in morning and "bob-jones" not in morning


async def test_a_first_name_shared_by_two_is_asked_about_and_what_does_not_fit_says_why(
    bot: BotHarness,
) -> None:
    """"Alice Bob's" is not one name: the two Bobs are asked about, not Alice."""
    bot.as_person("maria")
    which = joined(await bot.say("give Alice Bob's friday shift"))
    assert 'There are 2 people called "Bob". Whose shift should I give' in which
    assert "Alice Martin" not in which
    refused = joined(await bot.say("Bob Smith"))
    assert "Alice Martin can't take Bob Smith's shift Fri 27 Nov, Afternoon 15:00-20:00" in refused
    assert "limit 30 h" in refused and "Nothing was changed" in refused
    assert "bob-smith" in (await _holders(bot, FRIDAY))["Afternoon"]


@pytest.mark.parametrize("request_text", [
    "give bob smiths friday shift to sophie",
    "put sophie on bob smiths friday shift",
    "bob smiths shift on friday goes to sophie",
    "give bobs friday shift to sophie",
    # Without any possessive, or without the word "shift".
    "give bob smith friday shift to sophie",
    "move bob smith's friday to sophie",
])
async def test_a_possessive_without_its_apostrophe_is_the_holders_shift(
    bot: BotHarness, request_text: str
) -> None:
    """ "bobs friday shift" is Bob's shift going to Sophie, not a shift assigned to Sophie."""
    bot.as_person("maria")
    said = joined(await bot.say(request_text))
    if "Whose shift" in said:  # two Bobs: the one who works that Friday is Bob Smith
        said = joined(await bot.say("Bob Smith"))
    assert "Preview: Sophie Dubois takes Bob Smith's shift" in said


async def test_a_taker_refused_at_the_effect_leaves_the_shift_with_its_holder(
    bot: BotHarness,
) -> None:
    """Sophie fits when previewed; by the "yes" her weekly limit is lower: nothing half-done."""
    bot.as_person("maria")
    preview = joined(await bot.say("give Sophie Bob Smith's friday shift"))
    assert "Preview: Sophie Dubois takes Bob Smith's shift" in preview
    db = await OrgDatabase.open(bot.components.settings.data_dir / "org.sqlite3")
    try:
        await db.execute("UPDATE people SET weekly_hour_limit = 4 WHERE id = 'sophie'")
    finally:
        await db.close()
    await asyncio.sleep(RECHECK_SECONDS)
    refused = joined(await bot.say("yes"))
    assert "Nothing was changed" in refused and "limit 4 h" in refused
    afternoon = (await _holders(bot, FRIDAY))["Afternoon"]
    assert "bob-smith" in afternoon and "sophie" not in afternoon


async def test_the_backend_refuses_a_taker_over_her_hours_and_bob_keeps_the_shift(
    bot: BotHarness,
) -> None:
    """A change made without a preview (Alice is over her hours) is refused whole."""
    directory = bot.components.services.directory
    maria, bob, alice = [await directory.get(i) for i in ("maria", "bob-smith", "alice")]
    assert maria and bob and alice
    shift = next(s for s in await bot.shifts.shifts_on(RIVERSIDE, FRIDAY, LONDON)
                 if s.person_id == "bob-smith")
    change = ShiftChange.reassign(actor=maria, shift=shift, holder=bob, person=alice,
                                  tz=LONDON, now=FIXED_NOW)
    with pytest.raises(ConflictError):
        await bot.shifts.apply(change, actor=maria, conversation_id="c", now=FIXED_NOW)
    assert (await bot.shifts.get_shift(shift.id)).person_id == "bob-smith"  # type: ignore[union-attr]


async def test_who_could_cover_lists_why_and_gives_it_to_the_one_picked(bot: BotHarness) -> None:
    bot.as_person("maria")
    listed = joined(await bot.say("who could cover bob smith on friday?"))
    assert ("Who could take Bob Smith's shift Fri 27 Nov, Afternoon 15:00-20:00 "
            "(sales associate):") in listed
    assert "- Sophie Dubois: free then, qualified as sales associate" in listed
    assert "- Alice Martin: not possible: it would bring Alice Martin to 32 h" in listed
    assert "- Yuki Tanaka: not possible: it overlaps Yuki Tanaka's shift" in listed
    assert "Luca Rossi" not in listed  # not a sales associate
    assert "bob-smith" in (await _holders(bot, FRIDAY))["Afternoon"]  # asking changed nothing
    preview = joined(await bot.say("Sophie"))
    assert "Preview: Sophie Dubois takes Bob Smith's shift" in preview
    assert "Done:" in joined(await bot.say("yes"))
    afternoon = (await _holders(bot, FRIDAY))["Afternoon"]
    assert "sophie" in afternoon and "bob-smith" not in afternoon


async def test_who_is_free_asks_which_shift_and_a_no_changes_nothing(
    bot: BotHarness, chats: list[tuple[str, str]]
) -> None:
    bot.as_person("maria")
    before = await _holders(bot, FRIDAY)
    which = joined(await bot.say("who's free friday afternoon?"))
    assert "There are several shifts on Fri 27 Nov" in which
    assert "Afternoon 15:00-20:00 (cashier) — Yuki Tanaka" in which
    assert "Evening" not in which and "Morning" not in which
    listed = joined(await bot.say("the sales associate one"))
    assert "Who could take Bob Smith's shift" in listed
    assert "OK, I haven't changed anything." in joined(await bot.say("no"))
    assert await _holders(bot, FRIDAY) == before and chats == []


async def test_nobody_free_is_said_with_each_ones_limit(bot: BotHarness) -> None:
    bot.as_person("maria")
    said = joined(await bot.say("who could cover Yuki on friday?"))
    assert "Who could take Yuki Tanaka's shift Fri 27 Nov, Afternoon 15:00-20:00" in said
    assert "not possible" in said
    assert "Nobody who could work it is free" in said and "Nothing was changed" in said


@pytest.mark.parametrize(("locale", "text", "language"), [
    ("fr-FR", "qui peut remplacer Bob Smith vendredi ?", "fr"),
    ("de-DE", "wer kann am Freitag für Bob Smith einspringen?", "de"),
    ("es-ES", "¿quién puede cubrir a Bob Smith el viernes?", "es"),
])
async def test_who_could_cover_in_other_languages(
    bot: BotHarness, locale: str, text: str, language: str
) -> None:
    bot.as_person("maria").locale = locale
    listed = joined(await bot.say(text))
    assert "shift_cover.intro_held" in default_catalogue().identify(listed.splitlines()[0],
                                                                     language)
    assert "Sophie Dubois" in listed and "Alice Martin" in listed


@pytest.mark.parametrize(("locale", "first", "again"), [
    ("en-US", "who's free saturday afternoon?", "who's free on saturday?"),
    ("nl-NL", "wie is er vrij op zaterdagmiddag?", "wie is er vrij op zaterdag?"),
    ("it-IT", "chi è libero sabato pomeriggio?", "chi è libero sabato?"),
    ("pl-PL", "kto jest wolny w sobotę po południu?", "kto może w sobotę rano?"),
])
async def test_the_question_asked_anew_at_its_list_is_asked_again_not_a_pick(
    bot: BotHarness, locale: str, first: str, again: str
) -> None:
    """The finding: "wie is er vrij op zaterdag?" at the list of who could take Alice's
    Saturday afternoon shift got "Sorry, I didn't understand. Reply 1 or 2"; Polish "kto może
    w sobotę rano?" was not understood anywhere. The question asked anew is asked again (which
    of Saturday's shifts?); nothing changes."""
    bot.as_person("maria").locale = locale
    saturday = date(2026, 11, 28)
    before = await _holders(bot, saturday)
    assert "Fatima Khan" in joined(await bot.say(first))
    said = joined(await bot.say(again))
    first_line = said.splitlines()[0]
    assert default_catalogue().identify(first_line, locale.split("-")[0]) == [
        "shift_cover.which_shift"], said
    assert "28" in first_line
    assert await _holders(bot, saturday) == before


@pytest.mark.parametrize(("locale", "text"), [
    ("en-US", "who's free saturday afternoon?"),
    ("fr-FR", "qui est libre samedi après-midi ?"),
    ("de-DE", "wer hat Samstagnachmittag frei?"),
    ("es-ES", "¿quién está libre el sábado por la tarde?"),
    ("it-IT", "chi è libero sabato pomeriggio?"),
    ("nl-NL", "wie is er vrij op zaterdagmiddag?"),
    ("pl-PL", "kto jest wolny w sobotę po południu?"),
    ("pt-PT", "quem está livre sábado à tarde?"),
    ("ja-JP", "土曜日の午後に空いている人は？"),
    ("zh-CN", "周六下午谁有空？"),
])
async def test_who_is_free_without_a_person_says_it_is_the_one_shift_then(
    bot: BotHarness, locale: str, text: str
) -> None:
    """The finding: 'who's free saturday afternoon?' was answered 'Who could take Alice
    Martin's shift …', as if the manager had asked about Alice. The answer now says the one
    shift then is Alice's, and who could take it; nothing changes."""
    bot.as_person("maria").locale = locale
    saturday = date(2026, 11, 28)
    before = await _holders(bot, saturday)
    listed = joined(await bot.say(text))
    first_line = listed.splitlines()[0]
    assert "shift_cover.intro_only_held" in default_catalogue().identify(
        first_line, locale.split("-")[0]), listed
    assert "Alice Martin" in first_line and "Fatima Khan" in listed
    assert await _holders(bot, saturday) == before
