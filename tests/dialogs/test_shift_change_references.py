"""A manager points back at a shift change's questions instead of naming: "the other one" after
one of two Bobs was picked, "both" at a two-way question, "same for alice" at "which shift?",
corrections at a swap or move preview. Nothing is applied without its own yes."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from language.catalogue import say
from services.demo_organisation import RIVERSIDE
from tests.bot_harness import BotHarness, joined

LONDON = ZoneInfo("Europe/London")
WEDNESDAY = date(2026, 11, 25)
SATURDAY = date(2026, 11, 28)


async def _holders(bot: BotHarness, day: date) -> dict[str, list[str]]:
    """Who works which shift label on a day: {"Morning": ["bob-jones", ...]}."""
    holders: dict[str, list[str]] = {}
    for shift in await bot.shifts.shifts_on(RIVERSIDE, day, LONDON):
        if shift.person_id:
            holders.setdefault(shift.label, []).append(shift.person_id)
    return holders


@pytest.mark.parametrize(("locale", "request_text", "other_one"), [
    ("en-GB", "assign bob on wednesday as sales associate", "no, the other one"),
    ("fr-FR", "affecte bob mercredi comme vendeur", "non, l'autre"),
    ("es-ES", "asigna a bob el miércoles como vendedor", "el otro"),
    ("de-DE", "weise bob am mittwoch als verkäufer zu", "nein, die andere"),
    ("pl-PL", "przypisz boba w środę jako sprzedawcę", "ten drugi"),
    ("ja-JP", "ボブを水曜日に販売で入れて", "いや、もう一人の方"),
])
async def test_the_other_one_after_picking_one_of_two_bobs_is_the_other_bob(
    bot: BotHarness, locale: str, request_text: str, other_one: str
) -> None:
    """The finding: "the other one" after Bob Jones was picked was "didn't understand". It is
    Bob Smith now, his day and role kept and his shift asked; at his preview, the other one
    again is Bob Jones. Nothing is applied."""
    bot.as_person("maria").locale = locale
    before = await _holders(bot, WEDNESDAY)
    await bot.say(request_text)
    assert "Bob Jones" in joined(await bot.press("1"))
    switched = joined(await bot.say(other_one))
    assert "Bob Smith" in switched and "Bob Jones" not in switched, switched
    previewed = joined(await bot.say("3"))  # the evening, the one that fits Bob Smith
    assert "Bob Smith" in previewed, previewed
    back = joined(await bot.say(other_one))
    assert "Bob Jones" in back and "Bob Smith" not in back, back
    assert await _holders(bot, WEDNESDAY) == before


@pytest.mark.parametrize(("locale", "request_text", "other_one"), [
    ("en-GB", "swap alice and yuki on saturday", "the other one"),
    ("de-DE", "tausche alice und yuki am samstag", "die andere"),
])
async def test_the_other_one_that_could_mean_either_side_asks_again(
    bot: BotHarness, locale: str, request_text: str, other_one: str
) -> None:
    """At a swap preview no side was picked from two: "the other one" says what is accepted
    and shows the preview again; nothing is swapped."""
    bot.as_person("maria").locale = locale
    before = await _holders(bot, SATURDAY)
    await bot.say(request_text)
    again = joined(await bot.say(other_one))
    assert say("prompt.not_understood", locale[:2], accepted="").split("{")[0][:12] in again
    assert "Alice Martin" in again and "Yuki Tanaka" in again, again
    assert await _holders(bot, SATURDAY) == before


@pytest.mark.parametrize(("locale", "request_text", "correction", "put_in", "left_out"), [
    ("en-GB", "swap alice and yuki on saturday", "no, swap with fatima instead",
     "Fatima Khan", "Yuki Tanaka"),
    ("en-GB", "swap alice and yuki on saturday", "not yuki, fatima", "Fatima Khan",
     "Yuki Tanaka"),
    ("fr-FR", "échange alice et yuki samedi", "pas yuki, fatima", "Fatima Khan", "Yuki Tanaka"),
    ("es-ES", "intercambia a alice y yuki el sábado", "no, intercambia con fatima mejor",
     "Fatima Khan", "Yuki Tanaka"),
    ("pl-PL", "zamień alice i yuki w sobotę", "nie yuki, fatima", "Fatima Khan",
     "Yuki Tanaka"),
    ("ja-JP", "土曜日のアリスとユキのシフトを交換して", "ユキさんじゃなくてファティマさん",
     "Fatima Khan", "Yuki Tanaka"),
    ("de-DE", "tausche alice und yuki am samstag", "nicht alice, sondern fatima",
     "Fatima Khan", "Alice Martin"),
])
async def test_a_person_corrected_at_a_swap_preview_is_previewed_again(
    bot: BotHarness, locale: str, request_text: str, correction: str, put_in: str,
    left_out: str,
) -> None:
    """The finding: "not yuki, fatima" at a swap preview was "didn't understand". The one
    named out is replaced (with none named out, the second side); the new swap is previewed
    for its own yes and nothing is swapped."""
    bot.as_person("maria").locale = locale
    before = await _holders(bot, SATURDAY)
    await bot.say(request_text)
    again = joined(await bot.say(correction))
    assert put_in in again and left_out not in again, again
    assert await _holders(bot, SATURDAY) == before


@pytest.mark.parametrize(("locale", "request_text", "correction", "day", "person"), [
    ("en-GB", "move chen from tuesday to wednesday", "actually friday", "Fri 27 Nov",
     "Chen Wei"),
    ("en-GB", "move chen from tuesday to wednesday", "not chen, bob smith", "Wed 25 Nov",
     "Bob Smith"),
    ("de-DE", "verschiebe chens schicht von dienstag auf mittwoch", "nein, auf freitag",
     "Fr., 27. Nov.", "Chen Wei"),
    ("pl-PL", "przesuń zmianę chena z wtorku na środę", "nie, na piątek", "pt., 27 lis",
     "Chen Wei"),
    ("ja-JP", "チェンさんのシフトを火曜日から水曜日に移動して", "やっぱり金曜日", "11月27日(金)",
     "Chen Wei"),
])
async def test_a_correction_at_a_move_preview_is_previewed_again(
    bot: BotHarness, locale: str, request_text: str, correction: str, day: str, person: str,
) -> None:
    """The finding: "actually friday" or "not chen, bob smith" at a move preview was "didn't
    understand". A day is the day it goes to; a person is whose shift moves. The move is
    previewed again; nothing moves."""
    bot.as_person("maria").locale = locale
    days = [date(2026, 11, d) for d in (24, 25, 27)]
    before = [await _holders(bot, d) for d in days]
    await bot.say(request_text)
    again = joined(await bot.say(correction))
    assert person in again and day in again, again
    assert [await _holders(bot, d) for d in days] == before


async def test_more_than_a_correction_at_a_preview_is_no_correction(bot: BotHarness) -> None:
    """"no, fatima is off sick" says more than who instead: never read as "fatima"."""
    bot.as_person("maria")
    await bot.say("swap alice and yuki on saturday")
    again = joined(await bot.say("no, fatima is off sick"))
    assert "Fatima Khan" not in again, again


@pytest.mark.parametrize(("locale", "request_text", "same_for", "yes"), [
    ("en-GB", "assign bob jones on wednesday as sales associate", "same for alice", "yes"),
    ("fr-FR", "affecte bob jones mercredi comme vendeur", "pareil pour alice", "oui"),
    ("pl-PL", "przypisz boba jonesa w środę jako sprzedawcę", "to samo dla alice", "tak"),
    ("ja-JP", "ボブ・ジョーンズを水曜日に販売で入れて", "アリスさんも同じで", "はい"),
])
async def test_same_for_alice_at_which_shift_comes_after_bobs_own_yes(
    bot: BotHarness, locale: str, request_text: str, same_for: str, yes: str
) -> None:
    """The finding: "same for alice" at "which shift?" for Bob was "didn't understand". Bob's
    question stays the one to answer; once his preview is answered, Alice's same change is
    previewed with his shift, the evening, for its own yes. Nothing is applied for Alice."""
    bot.as_person("maria").locale = locale
    before = await _holders(bot, WEDNESDAY)
    await bot.say(request_text)
    noted = joined(await bot.say(same_for))
    assert "Alice Martin" in noted and "Bob Jones" in noted, noted
    assert "Bob Jones" in joined(await bot.say("3"))
    after_yes = await bot.say(yes)
    alices = joined(after_yes).split("Alice Martin", 1)[1]
    assert "20:00-23:00" in alices, joined(after_yes)
    assert "yes" in {value for _, value in after_yes[-1].buttons}  # her preview, not a list
    holders = await _holders(bot, WEDNESDAY)
    assert "alice" not in holders.get("Evening", []) and "alice" not in before.get("Evening", [])


async def test_same_for_alice_at_a_preview_gets_bobs_shift_not_a_list(bot: BotHarness) -> None:
    """The finding: after "same for alice" at Bob's evening preview and his yes, Alice was
    asked which shift again. She is previewed the evening, Bob's shift, for her own yes."""
    bot.as_person("maria")
    await bot.say("assign bob jones on wednesday as sales associate")
    await bot.say("3")
    await bot.say("same for alice")
    after_yes = await bot.say("yes")
    alices = joined(after_yes).split("Alice Martin", 1)[1]
    assert "Evening 20:00-23:00" in alices, joined(after_yes)
    assert "yes" in {value for _, value in after_yes[-1].buttons}
    assert "alice" not in (await _holders(bot, WEDNESDAY)).get("Evening", [])


@pytest.mark.parametrize(("locale", "request_text", "both"), [
    ("en-GB", "book a call with bob", "both"),
    ("fr-FR", "appelle bob", "les deux"),
    ("es-ES", "llama a bob", "los dos"),
    ("de-DE", "ruf bob an", "beide"),
    ("pl-PL", "zadzwoń do boba", "oboje"),
    ("ja-JP", "ボブさんと電話したい", "両方"),
])
async def test_both_at_which_bob_is_the_call_with_is_one_call_with_both(
    bot: BotHarness, locale: str, request_text: str, both: str
) -> None:
    """The finding: "both" at "which Bob is the call with?" was "didn't understand". A call
    can be with several people: its times are offered for the two Bobs together, nothing
    booked before a time is picked and confirmed."""
    bot.as_person("maria").locale = locale
    await bot.say(request_text)
    offered = joined(await bot.say(both))
    asked = say("employee.which_same_name.call", locale[:2], count=2, query="Bob")
    assert asked not in offered and "Bob Jones" in offered and "Bob Smith" in offered, offered


@pytest.mark.parametrize(("locale", "request_text", "both", "yes"), [
    ("en-GB", "unassign bob on thursday", "both", "yes"),
    ("de-DE", "nimm bob am donnerstag raus", "beide", "ja"),
    ("ja-JP", "木曜日のボブのシフトを外して", "両方", "はい"),
])
async def test_both_at_which_bob_to_unassign_is_one_at_a_time(
    bot: BotHarness, locale: str, request_text: str, both: str, yes: str
) -> None:
    """The finding: "both" at "which Bob should I take off?" was "didn't understand". A change
    is one person's: ERA says it goes one at a time; Bob Jones's is previewed, and Bob Smith's
    follows his yes, for its own."""
    bot.as_person("maria").locale = locale
    thursday = date(2026, 11, 26)
    before = await _holders(bot, thursday)
    await bot.say(request_text)
    first = joined(await bot.say(both))
    assert first.index("Bob Jones") < first.index("Bob Smith"), first
    assert await _holders(bot, thursday) == before
    second = joined(await bot.say(yes))
    assert "Bob Smith" in second, second
    working = {person for people in (await _holders(bot, thursday)).values()
               for person in people}
    assert "bob-jones" not in working and "bob-smith" in working


@pytest.mark.parametrize(("locale", "request_text", "both"), [
    ("en-GB", "swap bob and alice on monday", "both"),
    ("fr-FR", "échange bob et alice lundi", "les deux"),
    ("de-DE", "tausche bob und alice am montag", "beide"),
])
async def test_both_at_which_bob_of_a_swap_picks_neither_and_says_why(
    bot: BotHarness, locale: str, request_text: str, both: str
) -> None:
    """The finding: "both" at "which Bob should swap?" was "didn't understand", with no word
    on why. A swap is one pair: neither Bob is picked, ERA says it swaps one Bob here (the
    other's swap can be asked after) and asks again; the Bob then picked is previewed, and
    nothing is swapped before the yes."""
    bot.as_person("maria").locale = locale
    monday = date(2026, 11, 23)
    before = await _holders(bot, monday)
    asked = await bot.say(request_text)
    offered = [title for reply in asked for title, _ in reply.buttons]
    assert sum("Bob" in title for title in offered) == 2, offered
    told = await bot.say(both)
    assert joined(told).startswith(
        say("shift_change.one_pair_at_a_time", locale[:2], name="Bob")), joined(told)
    assert [title for reply in told for title, _ in reply.buttons] == offered
    previewed = joined(await bot.say("2"))
    assert "Bob Smith" in previewed and "Bob Jones" not in previewed, previewed
    assert await _holders(bot, monday) == before


async def _give_bob_smith_monday_evening(bot: BotHarness) -> None:
    """Bob Smith works Monday's morning; Maria gives him Monday's evening too."""
    bot.as_person("maria").locale = "en-GB"
    await bot.say("assign bob smith on monday evening as cashier")
    await bot.say("yes")


@pytest.mark.parametrize(("locale", "request_text", "other_one"), [
    ("en-GB", "unassign bob smith on monday", "no, the other one"),
    ("fr-FR", "retire bob smith de son poste de lundi", "non, l'autre"),
    ("de-DE", "nimm bob smith am montag raus", "nein, die andere"),
])
async def test_the_other_one_of_two_shifts_on_one_day_is_the_other_shift(
    bot: BotHarness, locale: str, request_text: str, other_one: str
) -> None:
    """The finding: "the other one" at the preview of Bob Smith's morning, picked of his two
    Monday shifts, was "didn't understand, reply yes or no". It is his evening now, previewed
    for its own yes; nothing changes before it, and the yes takes the evening only."""
    monday = date(2026, 11, 23)
    await _give_bob_smith_monday_evening(bot)
    before = await _holders(bot, monday)
    bot.as_person("maria").locale = locale
    await bot.say(request_text)
    morning = joined(await bot.say("1"))
    assert "09:00" in morning, morning
    evening = joined(await bot.say(other_one))
    assert "20:00" in evening and "09:00" not in evening, evening
    assert await _holders(bot, monday) == before
    await bot.say({"en-GB": "yes", "fr-FR": "oui", "de-DE": "ja"}[locale])
    after = await _holders(bot, monday)
    assert "bob-smith" in after["Morning"] and "bob-smith" not in after.get("Evening", [])


async def test_the_other_one_of_a_workers_two_shifts_on_one_day_waits_for_the_reason(
    bot: BotHarness,
) -> None:
    """Bob Smith's two Monday shifts listed, the morning picked, "l'autre" is the evening,
    restated with the reason question; nothing is cancelled before the reason."""
    monday = date(2026, 11, 23)
    await _give_bob_smith_monday_evening(bot)
    before = await _holders(bot, monday)
    bot.as_person("bob-smith").locale = "fr-FR"
    await bot.say("annule mon poste de lundi")
    await bot.say("1")
    asked = joined(await bot.say("non, l'autre"))
    assert "20:00" in asked and "09:00" not in asked, asked
    assert await _holders(bot, monday) == before
    await bot.say("je suis malade")
    after = await _holders(bot, monday)
    assert "bob-smith" in after["Morning"] and "bob-smith" not in after.get("Evening", [])
