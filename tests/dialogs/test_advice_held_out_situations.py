"""Situations from a held-out round as managers in ten languages, over the bot: a worker's
sick days every Monday is a sickness situation, not a shift to take them off; a request to
work from home is no lateness (it was advised on as lateness, then a written warning was
offered); a request for a pay rise is no leave request, resignation or sickness: ERA has no
playbook for pay, so it says what to do before answering and offers HR."""

from __future__ import annotations

import pytest

from core.playbook import PlaybookStage
from language.catalogue import say
from services.playbook_library import PlaybookLibrary
from tests.bot_harness import BotHarness, joined

LIBRARY = PlaybookLibrary.load()


def _opening(playbook_id: str, language: str) -> str:
    """The first line of a playbook's clarifying turn in `language`."""
    base = LIBRARY.get(playbook_id)
    assert base is not None
    local = LIBRARY.in_language(base, language)
    assert local is not None
    return local.template(PlaybookStage.CLARIFY).split("\n")[0]


@pytest.mark.parametrize(("locale", "language", "message"), [
    ("en-US", "en", "Bob Smith calls in sick every Monday"),
    ("en-US", "en", "Bob calls in sick on Mondays all the time"),
    ("pt-BR", "pt-BR", "o Chen falta toda segunda-feira dizendo que está doente"),
    ("zh-CN", "zh", "Bob每个星期一都请病假"),
])
async def test_sick_days_every_monday_are_a_sickness_situation(
    bot: BotHarness, locale: str, language: str, message: str
) -> None:
    """The finding: "Bob Smith calls in sick every Monday" got "Preview: Bob Smith off Mon 30
    Nov ... it becomes an open shift. Shall I apply this change?", and the Portuguese "Chen
    has no shift on Monday, so there is nothing to cover"."""
    bot.as_person("maria").locale = locale
    said = joined(await bot.say(message))
    assert said.startswith(_opening("sickness", language)), said


async def test_working_from_home_is_no_lateness(bot: BotHarness) -> None:
    """The finding: "Chen möchte zwei Tage pro Woche von zu Hause arbeiten" (Chen would like
    to work from home two days a week) was advised on as lateness ("zu Hause" is a word of
    "früher nach Hause gehen"), and after "darf ich das ablehnen?" and "ja", ERA recommended
    a written warning for lateness and offered to draft it."""
    bot.as_person("maria").locale = "de-DE"
    said = joined(await bot.say("Chen möchte zwei Tage pro Woche von zu Hause arbeiten"))
    assert _opening("lateness", "de") not in said, said
    said = joined(await bot.say("er ist Filialassistent, die Hälfte seiner Arbeit ist am Computer"))
    assert "Verspätung" not in said and "Abmahnung" not in said, said


@pytest.mark.parametrize(("locale", "language", "message"), [
    ("en-US", "en", "Alice asked me for a raise"),
    ("fr-FR", "fr", "Alice me demande une augmentation"),
    ("de-DE", "de", "Chen möchte eine Gehaltserhöhung"),
    ("es-ES", "es", "Alice pide un aumento de sueldo"),
    ("it-IT", "it", "Chen chiede un aumento di stipendio"),
    ("nl-NL", "nl", "Chen vraagt om loonsverhoging"),
    ("pl-PL", "pl", "Alice prosi o podwyżkę"),
    ("pt-BR", "pt-BR", "o Chen pediu um aumento"),
    ("en-US", "en", "Bob wants a pay rise"),
    ("ja-JP", "ja", "チェンさんが昇給を求めています"),
    ("zh-CN", "zh", "Chen想让我给他加薪"),
])
async def test_a_pay_rise_gets_what_to_do_before_answering_not_another_situation(
    bot: BotHarness, locale: str, language: str, message: str
) -> None:
    """The finding: a raise was advised on as a leave request ("Vérifiez les droits de Alice
    ... pour ce type de congé"), or as a resignation ("o Chen pediu um aumento"); then it got
    "what happened, and what worries you most about it?", and the answer was handed to HR
    unasked. No playbook covers pay: ERA says what to do before answering (listen, promise
    nothing, HR for the pay bands) and offers HR, handing nobody over unasked."""
    bot.as_person("maria").locale = locale
    said = joined(await bot.say(message))
    assert said == say("advice.pay_rise", language), said
    assert not any(a.type == "event" for a in bot.last_activities)


@pytest.mark.parametrize(("locale", "language", "message"), [
    ("zh-CN", "zh", "今天早上Bob Jones身上有酒味"),
    ("zh-CN", "zh", "Bob身上有酒气"),
    ("ja-JP", "ja", "ボブさんが今朝お酒の臭いがしました"),
    ("ja-JP", "ja", "ボブさんが酒臭かった"),
])
async def test_a_smell_of_alcohol_is_a_conduct_situation_in_chinese_and_japanese(
    bot: BotHarness, locale: str, language: str, message: str
) -> None:
    """The finding: "今天早上Bob Jones身上有酒味" (Bob smelled of alcohol this morning) got
    "抱歉，我不太确定您希望我做什么" and the list of what ERA can do, then a hand-over to HR;
    "Chen olía a alcohol" and "od Boba było czuć alkohol" got the conduct questions."""
    bot.as_person("maria").locale = locale
    said = joined(await bot.say(message))
    assert said.startswith(_opening("misconduct", language)), said


@pytest.mark.parametrize(("locale", "language", "message", "answer"), [
    ("de-DE", "de", "Chen möchte zwei Tage pro Woche von zu Hause arbeiten",
     "er ist Filialassistent, die Hälfte seiner Arbeit ist am Computer"),
    ("zh-CN", "zh", "Chen想每周在家办公两天", "他是门店助理，一半工作在电脑上"),
    ("nl-NL", "nl", "Bob Jones wil thuiswerken op vrijdag", "hij is kassamedewerker"),
    ("fr-FR", "fr", "Chen voudrait faire du télétravail le vendredi",
     "il est assistant de magasin, il travaille surtout sur ordinateur"),
])
async def test_a_request_no_playbook_covers_is_asked_about_then_given_to_hr(
    bot: BotHarness, locale: str, language: str, message: str, answer: str
) -> None:
    """The finding: "Chen möchte zwei Tage pro Woche von zu Hause arbeiten" got Chen's shifts
    of the week ("arbeiten" is a word of the schedule), "Chen想每周在家办公两天" got "not sure
    what you'd like me to do", and at ERA's question about a pay rise, "hij werkt hier 2 jaar
    en doet het goed" (he has worked here 2 years and does well) got who works today, or the
    performance questions. ERA asks what happened, then says it has no guidance and hands the
    case to HR."""
    bot.as_person("maria").locale = locale
    said = joined(await bot.say(message))
    assert said == say("advice.gap_question", language), said
    said = joined(await bot.say(answer))
    assert said.startswith(say("advice.no_guidance", language)), said


@pytest.mark.parametrize(("locale", "language", "message", "fact", "question"), [
    ("de-DE", "de", "Alice hat mir gesagt, dass sie schwanger ist",
     "sie arbeitet an der Kasse", "muss ich das der Personalabteilung melden?"),
    ("nl-NL", "nl", "Alice vertelde me dat ze zwanger is",
     "ze werkt in het magazijn en tilt zware dozen", "moet ik haar taken aanpassen?"),
    ("ja-JP", "ja", "アリスさんから妊娠したと報告がありました", "レジ担当で、立ち仕事が多いです",
     "人事に伝える必要がありますか？"),
    ("en-US", "en", "Alice told me she is pregnant", "she works on the till",
     "should I change her shifts?"),
    ("fr-FR", "fr", "Alice m'a annoncé qu'elle est enceinte", "elle travaille en caisse",
     "est-ce que je dois le dire à l'équipe ?"),
    ("zh-CN", "zh", "Alice告诉我她怀孕了", "她在收银台工作", "我需要调整她的班次吗？"),
    ("it-IT", "it", "Alice mi ha detto che è incinta",
     "lavora in magazzino e solleva pacchi pesanti", "devo cambiarle le mansioni?"),
])
async def test_a_pregnancy_is_her_news_for_hr_not_a_leave_request(
    bot: BotHarness, locale: str, language: str, message: str, fact: str, question: str
) -> None:
    """The finding: "Alice hat mir gesagt, dass sie schwanger ist" (and nl, ja) got the
    leave-request questions ("Um welche Art von Urlaub handelt es sich ..."), as if she had
    asked for leave. No playbook covers a pregnancy: ERA says what matters now (her news,
    confidential, nothing changed on the manager's own, HR for her rights) and offers to hand
    over; a fact told after it is noted and a question is HR's, with nobody handed over."""
    bot.as_person("maria").locale = locale
    said = joined(await bot.say(message))
    assert said == say("advice.pregnancy", language), said
    said = joined(await bot.say(fact))
    assert said == say("advice.noted_after_advice", language), said
    said = joined(await bot.say(question))
    assert said == say("advice.question_for_hr", language), said


async def test_maternity_leave_asked_for_is_still_a_leave_request(bot: BotHarness) -> None:
    bot.as_person("maria").locale = "en-US"
    said = joined(await bot.say("Alice asked for maternity leave from March"))
    assert said.startswith(_opening("leave_request", "en")), said


async def test_after_a_pay_rise_a_fact_is_noted_and_nobody_is_handed_over(
    bot: BotHarness,
) -> None:
    """The finding: at ERA's question about a pay rise, "hij werkt hier 2 jaar en doet het
    goed" (he has worked here 2 years and does well) got "no guidance" and a hand-over to HR
    the manager had not asked for. It is noted; HR stays an offer."""
    bot.as_person("maria").locale = "nl-NL"
    said = joined(await bot.say("Chen vraagt om loonsverhoging"))
    assert said == say("advice.pay_rise", "nl"), said
    said = joined(await bot.say("hij werkt hier 2 jaar en doet het goed"))
    assert said == say("advice.noted_after_advice", "nl"), said
    assert not any(a.type == "event" for a in bot.last_activities)


@pytest.mark.parametrize(("locale", "language", "message", "playbook_id"), [
    ("it-IT", "it", "Sophie mi ha detto che vuole dare le dimissioni", "resignation"),
    ("it-IT", "it", "Sophie vuole dare le dimissioni", "resignation"),
    ("en-US", "en", "Fatima swore at a colleague in the stockroom yesterday", "misconduct"),
])
async def test_a_held_out_situation_gets_its_playbook_and_nobody_is_handed_over(
    bot: BotHarness, locale: str, language: str, message: str, playbook_id: str
) -> None:
    """The finding: "Sophie mi ha detto che vuole dare le dimissioni" (Sophie told me she wants
    to resign) was taken for the manager's own resignation ("Non posso ricevere io le
    dimissioni: ne parli con il Suo responsabile") and the manager was handed to HR; "Fatima
    swore at a colleague" got "what worries you most about it?", then no guidance and a
    hand-over nobody asked for."""
    bot.as_person("maria").locale = locale
    said = joined(await bot.say(message))
    assert said.startswith(_opening(playbook_id, language)), said
    assert not any(a.type == "event" for a in bot.last_activities)


async def test_yes_after_the_answer_to_a_question_at_the_offer_takes_the_offer_up(
    bot: BotHarness,
) -> None:
    """The finding: at "¿Redacto ese correo a Omar Haddad para que lo revise?", the question
    "¿le puedo mandar una amonestación por escrito?" was answered ("Puedo redactar el correo
    de amonestación ... Cuando quiera ese correo a Omar, diga «escribe a Omar»"), and the
    manager's "sí" after it got "Me alegra que le sirva": the draft is shown now, for its own
    yes (nothing is sent)."""
    bot.as_person("daniel").locale = "es-ES"
    await bot.say("Omar llega tarde casi todos los días")
    offered = joined(await bot.say("unas 6 veces este mes, ya le di un aviso verbal"))
    assert "¿Redacto ese correo a Omar Haddad" in offered, offered
    answered = joined(await bot.say("¿le puedo mandar una amonestación por escrito?"))
    assert "Cuando quiera ese correo a Omar" in answered, answered
    preview = joined(await bot.say("sí"))
    assert "Para: Omar Haddad (omar.haddad@contoso.example)" in preview, preview
    assert "Asunto: Amonestación por escrito" in preview, preview
    assert say("advice.closing", "es") not in preview


@pytest.mark.parametrize(("locale", "situation", "answer", "question", "offer"), [
    ("pt-PT", "O Luca faltou ao turno de sábado sem avisar",
     "foi a primeira vez, ainda não falei com ele", "devo marcar uma reunião?",
     "Quer que procure uma hora para essa chamada com Luca Rossi?"),
    ("en-US", "Luca didn't show up for his Saturday shift and didn't call",
     "it was the first time, I haven't spoken to him yet", "should I book a meeting with him?",
     "Shall I find a time for that call with Luca Rossi?"),
])
async def test_asking_whether_to_have_the_meeting_offered_is_the_step_not_hrs(
    bot: BotHarness, locale: str, situation: str, answer: str, question: str, offer: str,
) -> None:
    """The finding: at "Quer que procure uma hora para essa chamada com Luca Rossi?", "devo
    marcar uma reunião?" (should I book a meeting?) got "that's for HR ... say 'talk to a
    person'", and the manager's "sim" after it handed them over to HR. The meeting is the step
    suggested: ERA says so and asks again; nothing is listed or booked before the yes."""
    bot.as_person("maria").locale = locale
    await bot.say(situation)
    assert offer in joined(await bot.say(answer))
    said = joined(await bot.say(question))
    assert said.startswith(say("advice.offer_is_the_step", locale[:2])), said
    assert offer in said and "[1]" not in said.split(offer, 1)[1].split("\n", 1)[0]
    assert not any(a.type == "event" for a in bot.last_activities)
    times = joined(await bot.say({"pt-PT": "sim", "en-US": "yes"}[locale]))
    # The free times with Luca (a card of them), for a choice still to be confirmed.
    assert "Luca Rossi" in times and offer not in times, times


@pytest.mark.parametrize(("locale", "language", "message"), [
    ("nl-NL", "nl", "Bob Jones vraagt om een referentie voor een nieuwe baan"),
    ("es-ES", "es", "Chen quiere una carta de recomendación"),
    ("pt-PT", "pt", "o Luca pediu uma carta de referência"),
])
async def test_a_reference_asked_for_is_no_resignation(
    bot: BotHarness, locale: str, language: str, message: str
) -> None:
    """The finding: "Bob Jones vraagt om een referentie voor een nieuwe baan" and "Chen quiere
    una carta de recomendación" got the resignation advice ("confirm the resignation in
    writing") and the offer to draft that confirmation to someone who had not resigned. No
    playbook covers a reference: ERA asks what happened, then hands the case to HR."""
    bot.as_person("maria").locale = locale
    said = joined(await bot.say(message))
    assert said == say("advice.gap_question", language), said


@pytest.mark.parametrize(("locale", "language", "message"), [
    ("fr-FR", "fr", "Alice pleure souvent pendant son service"),
    ("de-DE", "de", "Sophie weint oft während ihrer Schicht"),
    ("nl-NL", "nl", "Alice huilt vaak tijdens haar dienst"),
    ("es-ES", "es", "Alice llora a menudo durante su turno"),
    ("it-IT", "it", "Alice piange spesso durante il turno"),
    ("pl-PL", "pl", "Alice często płacze w trakcie zmiany"),
])
async def test_someone_crying_during_their_shift_is_asked_about_not_shown_their_shifts(
    bot: BotHarness, locale: str, language: str, message: str
) -> None:
    """The finding: "Alice pleure souvent pendant son service" got Alice's shifts of the week
    ("service" is a word of the schedule). It is a remark about a person: ERA asks what
    happened before anything else."""
    bot.as_person("maria").locale = locale
    said = joined(await bot.say(message))
    assert said == say("advice.gap_question", language), said


@pytest.mark.parametrize(("locale", "language", "message"), [
    ("it-IT", "it", "mi mancano 50 euro dalla cassa dopo il turno di Bob Smith"),
    ("de-DE", "de", "in der Kasse fehlen 50 Euro nach Bob Smiths Schicht"),
    ("zh-CN", "zh", "Bob Smith下班后收银台少了500块钱"),
])
async def test_money_missing_from_the_till_is_a_conduct_situation(
    bot: BotHarness, locale: str, language: str, message: str
) -> None:
    """The finding: "mi mancano 50 euro dalla cassa dopo il turno di Bob Smith" got the
    sickness questions ("Le assenze per malattia chiedono delicatezza"), the German one the
    performance questions, and the Chinese one a question with no guidance behind it."""
    bot.as_person("maria").locale = locale
    said = joined(await bot.say(message))
    assert said.startswith(_opening("misconduct", language)), said


async def test_a_managers_own_stress_is_asked_about_not_advised_as_misconduct(
    bot: BotHarness,
) -> None:
    """The finding: "I'm really stressed lately and can't sleep" got "That sounds serious
    ... who saw it?", then the misconduct advice (theft, violence) and a call offered with "the
    employee" ("sleep" is a word of sleeping on the job). ERA asks what happened, then passes
    it to HR."""
    said = joined(await bot.say("I'm really stressed lately and can't sleep"))
    assert said == say("advice.gap_question", "en"), said
    said = joined(await bot.say("the store is understaffed"))
    assert said.startswith(say("advice.no_guidance", "en")), said


def _wellbeing_opening(language: str, first_name: str) -> str:
    """The first paragraph of the support for a personal or family difficulty."""
    return say("advice.wellbeing", language, employee=first_name).split("\n")[0]


@pytest.mark.parametrize(("locale", "language", "remark", "answer", "first", "full"), [
    ("en-US", "en", "Alice often cries at work", "her mum is in hospital", "Alice",
     "Alice Martin"),
    ("fr-FR", "fr", "Alice pleure souvent pendant son service", "sa mère est hospitalisée",
     "Alice", "Alice Martin"),
    ("de-DE", "de", "Sophie weint oft während ihrer Schicht",
     "ihre Mutter liegt im Krankenhaus", "Sophie", "Sophie Dubois"),
    ("pl-PL", "pl", "Alice często płacze w trakcie zmiany", "jej mama jest w szpitalu",
     "Alice", "Alice Martin"),
    ("zh-CN", "zh-Hans", "陈伟最近上班老是哭", "他妈妈住院了", "Chen", "Chen Wei"),
])
async def test_someone_in_tears_over_a_parent_in_hospital_gets_support_and_a_call_to_choose(
    bot: BotHarness, locale: str, language: str, remark: str, answer: str, first: str,
    full: str,
) -> None:
    """The finding: "Alice often cries at work" got the misconduct questions ("That sounds
    serious ... who saw it?"), and with "her mum is in hospital" the sickness questions about
    Alice's own absences. It is a hard time of hers: ERA asks what happened, then advises
    support (a private word, flexibility, leave through HR) and offers a private call, booked
    only after a yes."""
    bot.as_person("maria").locale = locale
    said = joined(await bot.say(remark))
    assert said == say("advice.gap_question", language), said
    said = joined(await bot.say(answer))
    assert said.startswith(_wellbeing_opening(language, first)), said
    assert _opening("sickness", language) not in said
    assert say("advice.offer_call", language, employee=full) in said, said


async def test_a_parent_in_hospital_told_first_is_asked_about_then_supported(
    bot: BotHarness,
) -> None:
    bot.as_person("maria").locale = "en-US"
    said = joined(await bot.say("Chen seems distracted lately, his dad is in hospital"))
    assert said == say("advice.gap_question", "en"), said
    said = joined(await bot.say("I haven't spoken to him yet"))
    assert said.startswith(_wellbeing_opening("en", "Chen")), said
    declined = joined(await bot.say("no"))
    assert "is booked" not in declined and say("call.kept", "en") in declined


async def test_lateness_with_a_parent_in_hospital_is_still_lateness(bot: BotHarness) -> None:
    said = joined(await bot.say("Bob Smith is late every day since his dad is in hospital"))
    assert said.startswith(_opening("lateness", "en")), said


@pytest.mark.parametrize(("locale", "message"), [
    ("en-GB", "Bob's wife called to say he's sick today"),
    ("en-GB", "Alice's partner phoned in sick for her again"),
    ("fr-FR", "la mère de Chen a appelé, il est malade depuis lundi"),
])
async def test_the_employees_own_sickness_told_by_a_relative_is_no_family_illness(
    bot: BotHarness, locale: str, message: str
) -> None:
    """Re-read finding: the family-illness words took "Bob's wife called to say he's sick" for
    the wife's illness, and the answer to ERA's question got the support reply about the
    relative; it is the employee's own sickness (sickness advice, or the absence to cover)."""
    said = joined(await bot.say(message, locale=locale))
    said += joined(await bot.say("no idea" if locale == "en-GB" else "je ne sais pas",
                                 locale=locale))
    assert "going through a difficult time" not in said
    assert "traverser une période difficile" not in said


async def test_sickness_told_by_the_wife_opens_the_sickness_advice(bot: BotHarness) -> None:
    said = joined(await bot.say("Bob's wife called to say he's sick today", locale="en-GB"))
    assert said.startswith(_opening("sickness", "en")), said


@pytest.mark.parametrize(("locale", "language", "message"), [
    ("zh-CN", "zh-Hans", "我最近压力很大，睡不着"),
    ("ja-JP", "ja", "最近ストレスがひどくて眠れません"),
])
async def test_a_managers_own_stress_in_chinese_or_japanese_is_asked_about_not_greeted(
    bot: BotHarness, locale: str, language: str, message: str,
) -> None:
    """The finding: "我最近压力很大，睡不着" (I'm very stressed lately and can't sleep) got
    "Maria，您好！请问有什么可以帮您？" and the list of what ERA can do, as the same
    sentence in English is asked about."""
    bot.as_person("maria").locale = locale
    said = joined(await bot.say(message))
    assert said == say("advice.gap_question", language), said


@pytest.mark.parametrize(("locale", "language", "message"), [
    ("es-ES", "es", "alice se llevo productos sin pagar, la vi en las camaras"),
    ("en-US", "en", "alice took products without paying, I saw it on cctv"),
    ("de-DE", "de", "Alice hat Ware mitgenommen ohne zu bezahlen"),
    ("it-IT", "it", "Alice ha preso merce senza pagare"),
    ("nl-NL", "nl", "Alice heeft spullen meegenomen zonder te betalen"),
    ("zh-CN", "zh", "Alice拿了东西没付钱，监控拍到了"),
])
async def test_goods_taken_without_paying_is_a_conduct_situation(
    bot: BotHarness, locale: str, language: str, message: str
) -> None:
    """The finding: "alice se llevo productos sin pagar, la vi en las camaras" got the
    performance questions and then a one-to-one about 'two or three objectives'; the other
    languages found no playbook at all (a question, then HR)."""
    bot.as_person("maria").locale = locale
    said = joined(await bot.say(message))
    assert said.startswith(_opening("misconduct", language)), said


@pytest.mark.parametrize(("locale", "language", "message"), [
    ("en-US", "en", "alice keeps arguing with customers"),
    ("fr-FR", "fr", "Alice se dispute avec les clients"),
    ("de-DE", "de", "Sophie streitet ständig mit Kunden"),
    ("pl-PL", "pl", "Alice kłóci się z klientami"),
    ("zh-CN", "zh", "陈伟老是和顾客吵架"),
])
async def test_arguing_with_customers_is_conduct_not_a_conflict_between_colleagues(
    bot: BotHarness, locale: str, language: str, message: str
) -> None:
    """The finding: "she keeps arguing with customers" got "Tension between colleagues tends
    to grow ..." and the questions about a conflict between two of the team."""
    bot.as_person("maria").locale = locale
    said = joined(await bot.say(message))
    assert said.startswith(_opening("misconduct", language)), said


@pytest.mark.parametrize(("locale", "language", "message"), [
    ("ja-JP", "ja", "チェンさんがソフィーさんに何度も食事に誘われて困っていると言っています"),
    ("en-US", "en", "chen keeps hitting on alice and she is uncomfortable"),
    ("de-DE", "de", "Chen baggert sie ständig an, Alice will das nicht"),
    ("zh-CN", "zh", "陈伟一直约苏菲出去，她很困扰"),
])
async def test_unwanted_invitations_again_and_again_are_harassment(
    bot: BotHarness, locale: str, language: str, message: str
) -> None:
    """The finding: "チェンさんがソフィーさんに何度も食事に誘われて困っていると言っています"
    (Chen says Sophie keeps asking him to dinner and it troubles him) found no playbook: a
    question, then "わかりません" handed the manager to HR with no advice."""
    bot.as_person("maria").locale = locale
    said = joined(await bot.say(message))
    assert said.startswith(_opening("harassment", language)), said


@pytest.mark.parametrize(("locale", "language", "message"), [
    ("fr-FR", "fr", "bob jones a répondu mal à un client ce matin devant tout le monde"),
    ("es-ES", "es", "Bob Jones le contestó mal a un cliente esta mañana"),
    ("it-IT", "it", "Bob Jones ha risposto male a un cliente stamattina"),
    ("pt-BR", "pt-BR", "o Bob Jones respondeu mal a um cliente hoje de manhã"),
])
async def test_a_rude_answer_to_a_customer_is_conduct_not_performance(
    bot: BotHarness, locale: str, language: str, message: str
) -> None:
    """The finding: "bob jones a répondu mal à un client ce matin devant tout le monde" got
    the performance questions ('Qu'est-ce qui ne va pas exactement ...'), then a one-to-one
    about objectives and training."""
    bot.as_person("maria").locale = locale
    said = joined(await bot.say(message))
    assert said.startswith(_opening("misconduct", language)), said


@pytest.mark.parametrize(("locale", "language", "remark", "answer", "first"), [
    ("en-US", "en", "Alice is really down lately, her dad is in hospital",
     "i dont know what to do", "Alice"),
    ("de-DE", "de", "Sophie ist völlig fertig mit den Nerven, weint dauernd",
     "nein hab noch nicht mit ihr geredet", "Sophie"),
])
async def test_a_short_answer_at_the_question_keeps_the_support(
    bot: BotHarness, locale: str, language: str, remark: str, answer: str, first: str,
) -> None:
    """Found at the re-read: read together with the remark, "i dont know what to do" scored
    as a conflict ("don't get along") and the answer got the sickness questions; a stray word
    of a short answer tells no other situation."""
    bot.as_person("maria").locale = locale
    await bot.say(remark)
    said = joined(await bot.say(answer))
    assert said.startswith(_wellbeing_opening(language, first)), said


async def test_another_situation_told_at_the_question_is_that_situation(bot: BotHarness) -> None:
    await bot.say("Alice often cries at work")
    said = joined(await bot.say("she was rude to a customer yesterday"))
    assert not said.startswith(_wellbeing_opening("en", "Alice")), said


@pytest.mark.parametrize("message", [
    "Chen sagt, seine Überstunden wurden nicht bezahlt",
    "l'azienda non ha pagato i suoi straordinari",
    "chen zegt dat zijn overuren niet betaald zijn",
])
def test_unpaid_wages_are_no_misconduct(message: str) -> None:
    """Re-read finding: 'nicht bezahlt', 'non ha pagato' (goods not paid for) took a complaint
    about unpaid overtime for misconduct ("Das klingt ernst …")."""
    best = PlaybookLibrary.load().index.best(message)
    assert best is None or best.playbook.id != "misconduct"
