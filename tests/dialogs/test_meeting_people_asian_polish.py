"""Meetings with several people in Polish, Japanese and Chinese, as a held-out round found them:
the Polish booking question read "Ty i Alice Martin i Chen Wei", the Japanese and Chinese
requests with two names asked which ONE person the meeting was with."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined


async def test_the_polish_booking_question_lists_two_people_with_one_and(
    bot: BotHarness,
) -> None:
    bot.as_person("maria")
    bot.locale = "pl-PL"
    await bot.say("umów spotkanie z Alice i Chen w czwartek")
    question = joined(await bot.say("1"))
    assert "Alice Martin i Chen Wei" in question, question
    assert " i Alice Martin i " not in question, question



@pytest.mark.parametrize(("locale", "request_text", "listed"), [
    ("ja-JP", "アリスさんとチェンさんと金曜の午後にミーティング", "あなた、Alice Martin、Chen Wei"),
    ("ja-JP", "AliceさんとChenさんと金曜の午後にミーティング", "あなた、Alice Martin、Chen Wei"),
    ("ja-JP", "アリスさん、チェンさんと金曜の午後にミーティング", "あなた、Alice Martin、Chen Wei"),
    ("ja-JP", "Alice，Chenと金曜の午後にミーティング", "あなた、Alice Martin、Chen Wei"),
    ("zh-CN", "和Alice还有Chen周五下午开会", "您、Alice Martin和Chen Wei"),
    ("zh-CN", "和爱丽丝还有陈伟周五下午开会", "您、Alice Martin和Chen Wei"),
    ("zh-CN", "周五下午和爱丽丝还有陈开会", "您、Alice Martin和Chen Wei"),
    ("pl-PL", "spotkanie z Alicją i Chenem w piątek po południu", "Ty, Alice Martin i Chen Wei"),
    ("pl-PL", "umów spotkanie z Bobem Smithem i Alicją w piątek", "Ty, Bob Smith i Alice Martin"),
    ("zh-CN", "和Alice女士以及Chen先生周五下午开会", "您、Alice Martin和Chen Wei"),
])
async def test_two_people_with_their_honorifics_are_both_invited(
    bot: BotHarness, locale: str, request_text: str, listed: str,
) -> None:
    """Both people are looked for, not "which one is the meeting with?"."""
    bot.as_person("maria")
    bot.locale = locale
    offered = joined(await bot.say(request_text))
    assert listed in offered, offered
    assert "27" in offered, offered


@pytest.mark.parametrize(("locale", "request_text", "new_day", "listed"), [
    ("ja-JP", "アリスさんとチェンさんと金曜の午後にミーティング", "やっぱり木曜",
     "あなた、Alice Martin、Chen Wei"),
    ("zh-CN", "和Alice还有Chen周五下午开会", "还是周四吧", "您、Alice Martin和Chen Wei"),
])
async def test_another_day_after_the_offer_keeps_both_people(
    bot: BotHarness, locale: str, request_text: str, new_day: str, listed: str,
) -> None:
    bot.as_person("maria")
    bot.locale = locale
    await bot.say(request_text)
    offered = joined(await bot.say(new_day))
    assert "26" in offered and listed in offered, offered


@pytest.mark.parametrize("told", [
    "昨日、アリスさんとミーティング", "アリスさん、昨日チェンさんとミーティング",
])
async def test_a_meeting_that_happened_is_no_request(bot: BotHarness, told: str) -> None:
    """Names listed with 、 make a request; a past day still tells what happened."""
    bot.as_person("maria")
    bot.locale = "ja-JP"
    assert "空き時間" not in joined(await bot.say(told))


@pytest.mark.parametrize(("locale", "request_text", "with_whom"), [
    ("pl-PL", "zadzwoń do zofii", "(Ty i Sophie Dubois)"),
    ("pl-PL", "umów rozmowę z Zofią w piątek", "Sophie Dubois"),
    ("it-IT", "chiama sofia venerdì", "Sophie Dubois"),
    ("es-ES", "llama a Sofía el viernes", "Sophie Dubois"),
])
async def test_another_languages_form_of_a_first_name_books_with_that_person(
    bot: BotHarness, locale: str, request_text: str, with_whom: str,
) -> None:
    """Zofia, Sofia, Sofía are Sophie: "zadzwoń do zofii" got "I couldn't find Zofii in your
    store" and a list to pick her from."""
    bot.as_person("maria")
    bot.locale = locale
    offered = joined(await bot.say(request_text))
    assert with_whom in offered, offered
    assert "Zofii”" not in offered and "«Sofia»" not in offered, offered
