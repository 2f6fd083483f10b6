"""The offline advisor over the shipped playbooks and the seeded demo directory: clarifying
questions first, the recommendation the decision guide picks for the facts gathered (which the
detectors act on), general answers to policy questions, follow-ups, honest knowledge gaps, and
answers in the manager's language."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from core.advice_conversation import AdviceConversation
from core.advice_topic import AdviceTopic
from core.advisor import AdviceReply
from core.conversation_turn import ConversationTurn, Role
from core.person import Person
from detectors.action_detection import ActionDetection
from detectors.action_flow import ActionFlow
from language.catalogue import say
from services.org_database import OrgDatabase
from services.playbook_advisor import (
    BEYOND_PLAYBOOK,
    CLOSING,
    FOR_HR,
    FROM_GUIDANCE,
    NO_GUIDANCE,
    NOT_AN_ANSWER,
    QUESTION_FOR_HR,
    STILL_ASKING,
    UNCLEAR_AFTER_ADVICE,
    WHY_ASKED,
    PlaybookAdvisor,
)
from services.playbook_library import PlaybookLibrary
from services.sqlite_directory import SqliteDirectory
from tests.conftest import FIXED_NOW

LIBRARY = PlaybookLibrary.load()


@pytest.fixture
async def advisor(org_db: OrgDatabase) -> PlaybookAdvisor:
    return PlaybookAdvisor(library=LIBRARY, directory=SqliteDirectory(org_db))


@pytest.fixture
async def maria(org_db: OrgDatabase) -> Person:
    person = await SqliteDirectory(org_db).get("maria")
    assert person is not None
    return person


def user(text: str) -> ConversationTurn:
    return ConversationTurn(Role.USER, text)


def era(text: str) -> ConversationTurn:
    return ConversationTurn(Role.ASSISTANT, text)


class Chat:
    """The manager's side of an advice conversation, its state kept as the dialog keeps it."""

    def __init__(self, advisor: PlaybookAdvisor, manager: Person, locale: str | None) -> None:
        self.advisor = advisor
        self.manager = manager
        self.locale = locale
        self.state = AdviceConversation()

    @property
    def history(self) -> list[ConversationTurn]:
        return list(self.state.history)

    async def say(self, text: str) -> AdviceReply:
        asked = self.state.with_message(text)
        reply = await self.advisor.advise(
            asked.history, manager=self.manager, locale=self.locale, conversation=asked
        )
        told = replace(asked, facts=self.state.facts) if reply.reasked else asked
        self.state = told.with_reply(
            reply.text, playbook_id=reply.playbook_id, now=FIXED_NOW, stage=reply.stage,
            step=reply.step, asked=reply.asked,
            employee_id=reply.employee.id if reply.employee else None,
            language_noted=reply.language_noted, reasked=reply.reasked,
        )
        return reply

    async def talk(self, *messages: str) -> AdviceReply:
        reply = None
        for message in messages:
            reply = await self.say(message)
        assert reply is not None
        return reply


@pytest.fixture
def chat(advisor: PlaybookAdvisor, maria: Person) -> Chat:
    return Chat(advisor, maria, "en-US")


def _flow(reply: AdviceReply, history: Sequence[ConversationTurn]) -> ActionFlow | None:
    """The flow the detectors launch on a reply, given the history before it."""
    return ActionDetection().detect(reply.text, history, "advice").flow


async def test_a_new_situation_gets_clarifying_questions_not_advice(chat: Chat) -> None:
    reply = await chat.say("My employee didn't show up for 3 days")
    assert reply.playbook_id == "no_show" and not reply.knowledge_gap
    assert "Have you been able to reach the employee yet" in reply.text
    assert "recommend" not in reply.text.lower()
    assert _flow(reply, chat.history[:1]) is None


async def test_the_answer_gets_the_recommendation_that_launches_the_call(chat: Chat) -> None:
    await chat.say("Bob Smith didn't show up for 3 days")
    reply = await chat.say("I tried calling once but he didn't pick up")
    assert reply.playbook_id == "no_show" and reply.step == "default"
    assert reply.employee is not None and reply.employee.id == "bob-smith"
    assert "schedule a call with Bob" in reply.text
    assert "Please keep in mind:" in reply.text
    result = ActionDetection().detect(reply.text, chat.history[:-1], "advice")
    assert result.flow is ActionFlow.CALENDAR and not result.email.triggered


async def test_not_spoken_to_yet_gets_an_informal_conversation_and_a_call_not_a_warning(
    chat: Chat,
) -> None:
    """The finding: asked whether they had spoken to the employee, the manager said no, and
    ERA recommended a formal written warning. A first conversation comes first."""
    asked = await chat.say("my employee Bob Smith keeps coming in late, like 20 min every day "
                           "this week")
    assert "Have you already spoken to Bob about it" in asked.text
    assert "how often" not in asked.text  # "every day this week" already said it
    reply = await chat.say("no i havent talked to him yet")
    assert reply.step == "default"
    assert chat.state.facts.spoken_to is False and chat.state.facts.every_shift
    assert "informal conversation, not a warning" in reply.text
    assert "written warning" not in reply.text.split("3.")[0]
    assert _flow(reply, chat.history[:-1]) is ActionFlow.CALENDAR


async def test_repeated_after_being_spoken_to_gets_the_written_warning_email(chat: Chat) -> None:
    await chat.say("One of my cashiers has been late 5 times this month")
    reply = await chat.say("Yes, I gave a verbal warning two weeks ago and wrote it down")
    assert reply.step == "written_warning"
    assert _flow(reply, chat.history[:-1]) is ActionFlow.EMAIL


async def test_an_answer_that_leaves_the_decisive_fact_open_gets_one_more_question(
    chat: Chat,
) -> None:
    await chat.say("Alice Martin has been late 4 times this month")
    again = await chat.say("about 15 minutes each time")
    assert again.stage == "clarify"
    assert again.text.startswith("Thanks. One more thing")
    assert "Have you already spoken to Alice about it" in again.text
    assert _flow(again, chat.history[:-1]) is None
    reply = await chat.say("nope")
    assert reply.step == "default" and chat.state.facts.spoken_to is False


async def test_the_decisive_question_is_asked_once_only(chat: Chat) -> None:
    await chat.say("Alice Martin has been late 4 times this month")
    await chat.say("about 15 minutes each time")
    reply = await chat.say("she takes the bus")
    assert reply.stage == "recommend" and reply.step == "default"
    # Never asked whether they had spoken: ERA does not claim they haven't.
    assert chat.state.facts.spoken_to is None
    assert "As you haven't spoken" not in reply.text
    assert "If you haven't spoken to Alice about it yet" in reply.text


@pytest.mark.parametrize(
    ("answer", "step"),
    [
        ("she told me she has been ill and is seeing a doctor", "wellbeing"),
        ("I already gave her a written warning in October", "formal_process"),
        ("yes, I talked to her last week and it keeps happening", "written_warning"),
        ("non, je ne lui ai pas encore parlé", "default"),
        ("no, todavía no he hablado con ella", "default"),
        ("ja, ich habe schon mit ihr gesprochen, aber sie kommt immer wieder zu spät",
         "written_warning"),
    ],
)
async def test_the_next_step_is_proportionate_to_the_facts(
    chat: Chat, answer: str, step: str
) -> None:
    await chat.say("Alice Martin keeps arriving late for her shifts, 4 times this month")
    reply = await chat.say(answer)
    assert reply.step == step


async def test_new_facts_after_the_recommendation_change_it(chat: Chat) -> None:
    await chat.say("Bob Smith has been late 3 times this week")
    first = await chat.say("no, not yet")
    assert first.step == "default"
    later = await chat.say("Actually I did speak to him about it last month and he's still late")
    assert later.stage == "recommend" and later.step == "written_warning"


@pytest.mark.parametrize(
    ("opening", "answer", "flow"),
    [
        ("One of my cashiers has been late 5 times this month",
         "Yes, I gave a verbal warning two weeks ago and wrote it down", ActionFlow.EMAIL),
        ("Luca was rude to a customer yesterday",
         "Two customers saw it, it's the first time", ActionFlow.CALENDAR),
        ("Chen and Luca keep arguing on the shop floor",
         "It's about the rota, a few weeks now", ActionFlow.CALENDAR),
        ("Sophie handed in her resignation today",
         "Yes, a letter with her last day, she found a job closer to home", ActionFlow.EMAIL),
    ],
)
async def test_each_recommendation_names_an_action_the_detectors_know(
    chat: Chat, opening: str, answer: str, flow: ActionFlow
) -> None:
    asked = await chat.say(opening)
    assert _flow(asked, chat.history[:1]) is None
    reply = await chat.say(answer)
    assert _flow(reply, chat.history[:-1]) is flow


async def test_a_harassment_complaint_is_escalated_without_an_action_to_launch(
    chat: Chat,
) -> None:
    await chat.say("Alice told me a colleague keeps making comments about her body")
    reply = await chat.say("She told me herself this morning, they work the same shifts")
    assert reply.playbook_id == "harassment"
    assert "Report it to HR today" in reply.text
    assert "Never confront the accused with the complainant" in reply.text
    assert _flow(reply, chat.history[:-1]) is None


async def test_a_policy_question_gets_the_general_answer_without_questions(chat: Chat) -> None:
    reply = await chat.say("What should I do if an employee doesn't show up?")
    assert reply.playbook_id == "no_show" and not reply.knowledge_gap
    assert reply.text.startswith("In general, when someone doesn't show up")
    assert "?" not in reply.text


@pytest.mark.parametrize(("locale", "text"), [
    ("en-US", "Bob Smith keeps coming in late. What should I do?"),
    ("ja-JP", "Bob Smithが最近よく遅刻します。どうすればいいですか？"),
    ("zh-CN", "Bob Smith最近经常迟到，我该怎么办？"),
])
async def test_a_question_about_one_of_my_people_by_name_gets_the_clarifying_questions(
    chat: Chat, locale: str, text: str,
) -> None:
    chat.locale = locale
    reply = await chat.say(text)
    assert reply.playbook_id == "lateness"
    assert reply.stage == "clarify" and "Bob" in reply.text


async def test_a_general_question_naming_someone_still_gets_the_general_answer(
    chat: Chat,
) -> None:
    reply = await chat.say("In general, how do I handle Bob Smith being late?")
    assert reply.stage == "policy"


async def test_after_a_policy_answer_a_real_case_gets_the_clarifying_questions(
    chat: Chat,
) -> None:
    await chat.say("What should I do if an employee doesn't show up?")
    reply = await chat.say("It's happening now: Chen has not come in since Monday")
    assert "Have you been able to reach Chen yet" in reply.text


async def test_no_playbook_is_an_honest_knowledge_gap(chat: Chat) -> None:
    reply = await chat.say("What's our policy on bringing dogs to the office?")
    assert reply.knowledge_gap and reply.playbook_id is None
    assert reply.text == say(NO_GUIDANCE, "en")


async def test_after_the_recommendation_a_follow_up_then_a_gap(chat: Chat) -> None:
    await chat.talk("My employee didn't show up for 3 days", "Yes I called twice, no answer")
    follow_up = await chat.say("What if I still can't reach him next week?")
    assert follow_up.text.startswith("If you still can't reach the employee")
    assert not follow_up.knowledge_gap
    beyond = await chat.say("Can I stop paying him for those days then?")
    assert beyond.knowledge_gap and beyond.playbook_id == "no_show"
    assert beyond.text == say(BEYOND_PLAYBOOK, "en", title="no-show and absenteeism")


async def test_thanks_after_advice_closes_without_a_gap(chat: Chat) -> None:
    await chat.talk("My employee didn't show up for 3 days", "Yes I called twice, no answer")
    reply = await chat.say("Thanks, will do")
    assert reply.text == say(CLOSING, "en") and not reply.knowledge_gap


async def test_another_situation_after_advice_starts_over_with_its_questions(
    chat: Chat,
) -> None:
    await chat.talk("My employee didn't show up for 3 days", "Yes I called twice, no answer")
    reply = await chat.say("Another thing: Fatima wants two weeks off in December")
    assert reply.playbook_id == "leave_request"
    assert "What kind of leave is it" in reply.text
    assert reply.employee is not None and reply.employee.id == "fatima"


async def test_two_people_with_the_name_mean_nobody_in_particular(chat: Chat) -> None:
    reply = await chat.say("Bob didn't show up for 3 days")
    assert reply.employee is None
    assert "Have you been able to reach the employee yet" in reply.text


async def test_a_situation_in_french_is_understood(chat: Chat) -> None:
    chat.locale = "fr-FR"
    reply = await chat.say("Mon employé ne s'est pas présenté depuis 3 jours")
    assert reply.playbook_id == "no_show" and not reply.knowledge_gap


async def test_without_kept_state_the_history_alone_still_gets_the_recommendation(
    advisor: PlaybookAdvisor, maria: Person
) -> None:
    first = [user("Bob Smith didn't show up for 3 days")]
    asked = await advisor.advise(first, manager=maria, locale=None)
    history = [*first, era(asked.text), user("I tried calling once but he didn't pick up")]
    reply = await advisor.advise(history, manager=maria, locale=None)
    assert reply.stage == "recommend" and "schedule a call with Bob" in reply.text


async def test_the_history_must_end_with_the_manager(
    advisor: PlaybookAdvisor, maria: Person
) -> None:
    with pytest.raises(ValueError):
        await advisor.advise([era("Hello")], manager=maria, locale=None)


async def test_a_french_manager_is_advised_in_french(chat: Chat) -> None:
    chat.locale = "fr-FR"
    asked = await chat.say("Bob Smith arrive en retard tous les jours cette semaine")
    assert "En avez-vous déjà parlé avec Bob" in asked.text
    reply = await chat.say("non, je ne lui ai pas encore parlé")
    assert reply.step == "default"
    assert "la première étape proportionnée est un échange informel" in reply.text
    assert "Je peux planifier cet entretien avec Bob pour vous." in reply.text
    assert _flow(reply, chat.history[:-1]) is ActionFlow.CALENDAR


async def test_an_italian_manager_is_advised_in_italian(chat: Chat) -> None:
    chat.locale = "it-IT"
    asked = await chat.say("Bob Smith è arrivato in ritardo 3 volte questa settimana")
    assert not asked.language_noted and "inglese" not in asked.text
    assert "Ne ha già parlato con Bob" in asked.text
    reply = await chat.say("no, non gli ho ancora parlato")
    assert reply.step == "default"
    assert "il primo passo proporzionato è un colloquio informale" in reply.text
    assert "Se vuole, posso fissare io questa chiamata con Bob." in reply.text
    assert "Tenga presente:" in reply.text and "Please" not in reply.text
    assert _flow(reply, chat.history[:-1]) is ActionFlow.CALENDAR


async def test_an_italian_no_show_after_a_talk_gets_the_written_warning_email(
    chat: Chat,
) -> None:
    chat.locale = "it-IT"
    asked = await chat.say("Luca non si è presentato al lavoro da 3 giorni")
    assert "Ha già potuto contattare Luca" in asked.text
    reply = await chat.say("sì, mi ha risposto. Ne avevamo già parlato il mese scorso, ma è "
                           "successo di nuovo")
    assert reply.step == "written_warning"
    assert "Posso preparare io la bozza dell'e-mail di richiamo scritto" in reply.text
    assert _flow(reply, chat.history[:-1]) is ActionFlow.EMAIL


async def test_a_chinese_manager_is_advised_in_chinese(chat: Chat) -> None:
    chat.locale = "zh-CN"
    asked = await chat.say("Bob Smith这周每天都迟到")
    assert asked.text.startswith("屡次迟到或早退（班次结束前离开）最好尽早处理")
    assert "您是否已经就此和Bob谈过" in asked.text and "English" not in asked.text
    reply = await chat.say("还没有跟他谈过")
    assert reply.step == "default"
    assert "合适的第一步是一次非正式的谈话" in reply.text
    assert "我可以为您安排与Bob的这次通话。" in reply.text
    assert _flow(reply, chat.history[:-1]) is ActionFlow.CALENDAR


async def test_a_chinese_manager_gets_the_written_warning_email_after_a_talk(chat: Chat) -> None:
    chat.locale = "zh-CN"
    await chat.say("Chen这周迟到了3次")
    reply = await chat.say("上个月已经跟她谈过了，可她还是经常迟到")
    assert reply.step == "written_warning"
    assert "我可以为您起草这封书面警告邮件" in reply.text
    assert _flow(reply, chat.history[:-1]) is ActionFlow.EMAIL


async def test_a_chinese_no_show_with_no_reply_gets_the_call(chat: Chat) -> None:
    chat.locale = "zh-CN"
    asked = await chat.say("Luca已经3天没来上班了")
    assert "您是否已经联系上Luca" in asked.text
    reply = await chat.say("打了两次电话，没人接")
    assert reply.stage == "recommend" and "建议您与Luca安排一次通话" in reply.text
    assert _flow(reply, chat.history[:-1]) is ActionFlow.CALENDAR


async def test_a_chinese_policy_question_gets_the_general_answer(chat: Chat) -> None:
    chat.locale = "zh-CN"
    reply = await chat.say("员工迟到一般应该怎么处理？")
    assert reply.stage == "policy"
    assert reply.text.startswith("一般来说，屡次迟到应当循序渐进地处理")


async def test_after_chinese_advice_news_is_not_taken_for_thanks(chat: Chat) -> None:
    chat.locale = "zh-CN"
    await chat.talk("Alice跟我说有个同事一直对她动手动脚", "是她自己告诉我的，昨天")
    news = await chat.say("他们还在同一个班")
    assert news.stage == "follow_up" and "打击报复" in news.text
    assert (await chat.say("好的，谢谢")).stage == "closing"


async def test_a_portuguese_manager_is_advised_in_european_portuguese(chat: Chat) -> None:
    chat.locale = "pt-PT"
    asked = await chat.say("O Bob Smith chegou atrasado 3 vezes esta semana")
    assert asked.text.startswith("Vale a pena tratar cedo os atrasos ou as saídas")
    assert "Já falou com Bob sobre o assunto" in asked.text and "inglês" not in asked.text
    reply = await chat.say("não, ainda não falei com ele")
    assert reply.step == "default"
    assert "o primeiro passo adequado é uma conversa informal" in reply.text
    assert "Posso marcar essa conversa com Bob por si." in reply.text
    assert "inglês" not in reply.text and "informal conversation" not in reply.text
    assert _flow(reply, chat.history[:-1]) is ActionFlow.CALENDAR


async def test_a_repeated_no_show_in_portuguese_offers_the_written_warning(chat: Chat) -> None:
    chat.locale = "pt-PT"
    await chat.say("O Bob Smith faltou outra vez ao turno de ontem sem avisar")
    reply = await chat.say("Sim, já consegui falar com ele. Já tinha acontecido antes e já "
                           "falámos sobre isso")
    assert reply.step == "written_warning"
    assert "Posso redigir o e-mail de advertência por escrito" in reply.text
    assert _flow(reply, chat.history[:-1]) is ActionFlow.EMAIL


async def test_without_a_translation_the_advice_is_in_english_said_once(
    org_db: OrgDatabase, maria: Person
) -> None:
    english_only = PlaybookLibrary(list(LIBRARY.playbooks))
    chat = Chat(PlaybookAdvisor(library=english_only, directory=SqliteDirectory(org_db)), maria,
                "it-IT")
    asked = await chat.say("Bob Smith è arrivato in ritardo 3 volte questa settimana")
    # The note is in the person's language; the guidance that follows is English.
    assert asked.text.startswith(
        "Non ho ancora queste indicazioni in italiano, quindi Le rispondo in inglese.")
    reply = await chat.say("no")
    assert "italiano" not in reply.text and "informal conversation" in reply.text


async def test_a_language_without_a_catalogue_is_named_in_english(chat: Chat) -> None:
    chat.locale = "hu-HU"
    asked = await chat.say("Bob Smith 3-szor késett ezen a héten, he was late 3 times")
    assert asked.text.startswith(
        "I don't have this guidance in Hungarian yet, so I'm answering in English.")


async def test_the_english_guidance_note_is_said_in_polish(
    org_db: OrgDatabase, maria: Person
) -> None:
    english_only = PlaybookLibrary(list(LIBRARY.playbooks))
    chat = Chat(PlaybookAdvisor(library=english_only, directory=SqliteDirectory(org_db)), maria,
                "pl-PL")
    asked = await chat.say("Bob Smith spóźnił się 3 razy w tym tygodniu, he was late 3 times")
    assert asked.text.startswith(
        "Nie mam jeszcze tych wytycznych w języku: polski, więc odpowiadam po angielsku.")


async def test_a_polish_manager_is_advised_in_polish(chat: Chat) -> None:
    chat.locale = "pl-PL"
    asked = await chat.say("Bob Smith spoznil sie 3 razy w tym tygodniu")
    assert asked.text.startswith("Powtarzające się spóźnienia lub wyjścia przed końcem zmiany")
    assert "Czy była już rozmowa z pracownikiem (Bob) na ten temat" in asked.text
    assert "angielsku" not in asked.text and "Jak często" not in asked.text
    reply = await chat.say("nie, nie rozmawiałem z nim jeszcze")
    assert reply.step == "default"
    assert "właściwym pierwszym krokiem jest nieformalna rozmowa" in reply.text
    assert "Mogę umówić dla Ciebie tę rozmowę z pracownikiem (Bob)." in reply.text
    assert "angielsku" not in reply.text and "informal conversation" not in reply.text
    assert _flow(reply, chat.history[:-1]) is ActionFlow.CALENDAR


async def test_a_repeated_no_show_in_polish_offers_the_written_warning(chat: Chat) -> None:
    chat.locale = "pl-PL"
    await chat.say("Bob Smith znowu nie przyszedł wczoraj na zmianę i nie uprzedził")
    reply = await chat.say("Tak, udało mi się do niego dodzwonić. To nie pierwszy raz, "
                           "rozmawialiśmy już o tym")
    assert reply.step == "written_warning"
    assert "Mogę przygotować projekt e-maila z pisemnym upomnieniem" in reply.text
    assert _flow(reply, chat.history[:-1]) is ActionFlow.EMAIL


@pytest.mark.parametrize(("answer", "step"), [
    ("yes, he threatened Luca yesterday", "hr_now"),
    ("no, just arguments about the rota", "default"),
    ("yes", "hr_now"),
])
async def test_a_conflict_with_threats_goes_to_hr_at_once(
    chat: Chat, answer: str, step: str
) -> None:
    await chat.say("Chen and Luca keep arguing on the shop floor")
    reply = await chat.say(answer)
    assert reply.step == step
    expected = None if step == "hr_now" else ActionFlow.CALENDAR
    assert _flow(reply, chat.history[:-1]) is expected


@pytest.mark.parametrize(("locale", "situation", "answer", "people"), [
    ("en-US", "Chen and Luca keep arguing on the shop floor", "no, just arguments about the rota",
     ("Chen Wei", "Luca Rossi")),
    ("fr-FR", "luca et chen se disputent sans arrêt en rayon", "non, pas de menaces",
     ("Luca Rossi", "Chen Wei")),
    ("ja-JP", "チェンさんとソフィーさんが売り場でいつも口論しています",
     "2週間前からです。脅しはありません",
     ("Chen Wei", "Sophie Dubois")),
])
async def test_the_call_recommended_in_a_conflict_is_with_each_of_the_people_named(
    advisor: PlaybookAdvisor, maria: Person, locale: str, situation: str, answer: str,
    people: tuple[str, ...],
) -> None:
    """The finding: the one-to-ones recommended with each of them were offered as "that call",
    whose yes asked which of the two the call was with. The reply says who the situation is
    between, in the order named, so each gets their own call."""
    chat = Chat(advisor, maria, locale)
    await chat.say(situation)
    reply = await chat.say(answer)
    assert reply.step == "default" and reply.employee is None
    assert tuple(person.name for person in reply.people) == people


async def test_two_people_of_one_name_are_no_call_with_each(chat: Chat) -> None:
    """"Bob" is Bob Smith and Bob Jones: whom the call is with is asked, not guessed."""
    await chat.say("Bob and Alice keep arguing on the shop floor")
    reply = await chat.say("no, just arguments about the rota")
    assert reply.step == "default" and reply.people == ()


@pytest.mark.parametrize(("locale", "situation", "answer"), [
    ("en-US", "Chen and Luca keep arguing on the shop floor", "yes, he threatened him"),
    ("nl-NL", "chen en luca maken steeds ruzie in de winkel", "ja, hij heeft hem bedreigd"),
    ("zh-CN", "陈伟和卢卡总是在卖场吵架", "是的，他威胁了他"),
])
async def test_the_hand_over_a_recommendation_offers_is_a_fact_of_the_reply(
    advisor: PlaybookAdvisor, maria: Person, locale: str, situation: str, answer: str,
) -> None:
    """A yes after 'say "talk to a person" and I'll put you through to HR' takes that offer:
    the reply says it offered it (the dialog no longer reads ERA's own words back)."""
    chat = Chat(advisor, maria, locale)
    asked = await chat.say(situation)
    assert not asked.offers_hand_over
    reply = await chat.say(answer)
    assert reply.step == "hr_now" and reply.offers_hand_over


async def test_advice_that_offers_a_call_offers_no_hand_over(chat: Chat) -> None:
    await chat.say("Chen and Luca keep arguing on the shop floor")
    reply = await chat.say("no, just arguments about the rota")
    assert reply.step == "default" and not reply.offers_hand_over


# -- questions about the advice itself ----------------------------------------------------------

_RUDE = ("Bob Smith has been rude to customers twice this week",
         "yes I talked to him once last month")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("what should I say in the meeting?", "hear their side of the story"),
        ("how do I document this?", "Write down the facts today"),
        ("should I give him a written warning?", "hand it to HR for a formal disciplinary process"),
        ("what if he denies it?", "Separate facts from assumptions"),
        ("can I fire him?", "a suspension or dismissal depends on your company's own policy"),
        ("how long should I wait?", "Tell HR now"),
        ("what does HR need from me?", "Tell HR now"),
    ],
)
async def test_a_question_about_the_advice_is_answered_from_the_same_playbook(
    chat: Chat, question: str, expected: str
) -> None:
    """The finding: after advice on Bob's rudeness, "what should I say in the meeting?" got the
    clarifying questions of the performance playbook ("meeting" is one of its keywords), and
    the other questions the next step once, then a hand-over to HR."""
    await chat.talk(*_RUDE)
    reply = await chat.say(question)
    assert reply.playbook_id == "misconduct" and not reply.knowledge_gap
    assert reply.text.startswith(say(FROM_GUIDANCE, "en", title="misconduct"))
    assert expected in reply.text
    assert reply.employee is not None and reply.employee.id == "bob-smith"


@pytest.mark.parametrize(
    ("locale", "talk", "question"),
    [
        ("en-US", ("Bob Smith keeps coming in late", "for 3 weeks, almost every day",
                   "no not yet"), "what if he denies it?"),
        ("de-DE", ("bob smith kommt dauernd zu spat", "seit 3 wochen, fast jeden tag",
                   "nein, noch nicht mit ihm gesprochen"), "was wenn er es abstreitet?"),
        ("nl-NL", ("bob smith komt steeds te laat", "al 2 weken, bijna elke dag",
                   "nee nog niet"), "wat als hij het ontkent?"),
        ("pl-PL", ("bob smith ciagle sie spoznia", "od 3 tygodni prawie codziennie",
                   "nie, jeszcze nie rozmawialam"), "a co jesli zaprzeczy?"),
        ("ja-JP", ("Bob Smithさんが最近よく遅刻します", "3週間、ほぼ毎日です",
                   "いいえ、まだ話していません"), "本人が否定したらどうすればいいですか？"),
        ("zh-CN", ("Bob Smith最近经常迟到", "三个星期了，几乎每天", "还没有跟他谈过"),
         "如果他不承认怎么办？"),
    ],
)
async def test_a_denial_after_the_first_talk_is_advised_not_handed_to_hr(
    chat: Chat, locale: str, talk: tuple[str, ...], question: str
) -> None:
    """After the advice to talk to Bob about his lateness, "what if he denies it?" was handed
    over to HR in every language: only the written-warning step said what to do about it."""
    chat.locale = locale
    advice = await chat.talk(*talk)
    assert advice.step == "default", advice.text
    reply = await chat.say(question)
    assert reply.playbook_id == "lateness" and not reply.knowledge_gap, reply.text
    assert reply.stage == "answer"


async def test_questions_about_the_advice_keep_answering_one_after_another(chat: Chat) -> None:
    await chat.talk(*_RUDE)
    replies = [await chat.say(question) for question in (
        "what should I say in the meeting?", "what if he denies it?", "can I fire him?",
        "how do I document this?")]
    assert all(reply.playbook_id == "misconduct" and not reply.knowledge_gap
               for reply in replies)
    assert "meeting with Bob" in replies[0].text


async def test_what_to_say_in_the_meeting_keeps_the_meeting_offer(chat: Chat) -> None:
    await chat.talk(*_RUDE)
    reply = await chat.say("what should I say in the meeting?")
    assert _flow(reply, chat.history[:-1]) is ActionFlow.CALENDAR


async def test_asking_about_a_written_warning_does_not_count_as_one_given(chat: Chat) -> None:
    """Asked before any talk, the question once read as a warning given before, and ERA
    answered that Bob's lateness had reached the formal disciplinary procedure."""
    await chat.talk("Bob Smith keeps coming in late, about 4 times this month",
                    "no I haven't talked to him yet, no idea why")
    reply = await chat.say("should I give him a written warning?")
    assert reply.stage == "answer" and reply.step == "default"
    assert chat.state.facts.prior_warnings is None and chat.state.facts.spoken_to is False
    assert "the next step is a written warning, and I can help you draft it then" in reply.text
    assert "formal disciplinary procedure, which is not a step to take alone" not in reply.text


async def test_after_the_written_warning_step_the_warning_question_offers_the_email(
    chat: Chat,
) -> None:
    await chat.talk("One of my cashiers has been late 5 times this month",
                    "Yes, I gave a verbal warning two weeks ago and wrote it down")
    reply = await chat.say("what should the written warning say?")
    assert reply.stage == "answer" and reply.step == "written_warning"
    assert "Send a written warning by email" in reply.text
    assert _flow(reply, chat.history[:-1]) is ActionFlow.EMAIL


async def test_a_dismissal_the_playbook_leaves_to_hr_offers_hr_and_keeps_the_advice(
    chat: Chat,
) -> None:
    await chat.talk("Alice told me Bob Smith keeps making comments about her body",
                    "she told me herself yesterday, nobody is in danger")
    reply = await chat.say("can I fire him?")
    assert not reply.knowledge_gap and reply.playbook_id == "harassment"
    assert reply.text == say(FOR_HR, "en")
    again = await chat.say("what do I say to her?")
    assert again.playbook_id == "harassment" and not again.knowledge_gap


async def test_a_question_the_playbook_does_not_cover_is_an_honest_gap_naming_hr(
    chat: Chat,
) -> None:
    await chat.talk("Alice told me Bob Smith keeps making comments about her body",
                    "she told me herself yesterday, nobody is in danger")
    reply = await chat.say("should I give him a written warning?")
    assert reply.knowledge_gap and reply.playbook_id == "harassment"
    assert reply.text == say(BEYOND_PLAYBOOK, "en", title="harassment complaint")


@pytest.mark.parametrize(("locale", "question"), [
    ("en-US", "is that legal?"), ("fr-FR", "c'est légal ?"), ("es-ES", "¿es legal?"),
    ("de-DE", "ist das überhaupt erlaubt?")])
async def test_whether_it_is_legal_is_for_hr_said_gracefully_without_leaving_the_advice(
    advisor: PlaybookAdvisor, maria: Person, locale: str, question: str,
) -> None:
    chat = Chat(advisor, maria, locale)
    first = await chat.say({"en": "Bob Smith keeps coming in late",
                            "fr": "Bob Smith arrive souvent en retard",
                            "es": "Bob Smith llega tarde a menudo",
                            "de": "Bob Smith kommt ständig zu spät"}[locale[:2]])
    at_question = await chat.say(question)
    assert at_question.text.startswith(say(FOR_HR, locale[:2]))
    assert first.text.splitlines()[-1] in at_question.text  # the question asked again
    assert not at_question.knowledge_gap and chat.state.stage == "clarify"


async def test_a_question_after_thanks_is_still_about_the_situation(chat: Chat) -> None:
    await chat.talk(*_RUDE, "thanks, will do")
    reply = await chat.say("what if he denies it?")
    assert reply.playbook_id == "misconduct" and not reply.knowledge_gap
    assert "Separate facts from assumptions" in reply.text


async def test_a_question_about_someone_else_is_not_answered_for_bob(chat: Chat) -> None:
    await chat.talk(*_RUDE)
    reply = await chat.say("can I fire Alice?")
    assert reply.stage != "answer"


@pytest.mark.parametrize(
    ("locale", "opening", "answer", "question", "topic"),
    [
        ("fr-FR", "Bob Smith a été impoli avec des clients deux fois cette semaine",
         "oui je lui ai déjà parlé le mois dernier",
         "que dois-je lui dire pendant l'entretien ?", AdviceTopic.SAY),
        ("de-DE", "Bob Smith war diese Woche zweimal unhöflich zu Kunden",
         "ja, ich habe letzten Monat mit ihm gesprochen", "und wenn er es bestreitet?",
         AdviceTopic.DISPUTE),
        ("es-ES", "Bob Smith ha sido grosero con los clientes dos veces esta semana",
         "sí, ya hablé con él el mes pasado", "¿puedo despedirlo?", AdviceTopic.DISMISSAL),
        ("it-IT", "Bob Smith è stato scortese con i clienti due volte questa settimana",
         "sì, gli ho già parlato il mese scorso", "cosa gli dico durante il colloquio?",
         AdviceTopic.SAY),
        ("pt-PT", "O Bob Smith foi mal-educado com clientes duas vezes esta semana",
         "sim, já falei com ele no mês passado", "como devo documentar isto?",
         AdviceTopic.DOCUMENT),
        ("nl-NL", "Bob Smith was deze week twee keer onbeleefd tegen klanten",
         "ja, ik heb vorige maand met hem gesproken", "wat heeft HR van mij nodig?",
         AdviceTopic.HR),
        ("pl-PL", "Bob Smith był w tym tygodniu dwa razy niegrzeczny wobec klientów",
         "tak, rozmawiałam z nim w zeszłym miesiącu", "a jeśli zaprzeczy?",
         AdviceTopic.DISPUTE),
        ("ja-JP", "Bob Smithさんが今週2回お客様に失礼な態度をとりました",
         "はい、先月本人と話しました", "面談で何を言えばいいですか？", AdviceTopic.SAY),
        ("zh-CN", "我的员工Bob Smith这周两次对顾客很无礼", "是的，上个月我跟他谈过",
         "我可以开除他吗？", AdviceTopic.DISMISSAL),
    ],
)
async def test_a_question_about_the_advice_is_answered_in_the_managers_language(
    advisor: PlaybookAdvisor, maria: Person, locale: str, opening: str, answer: str,
    question: str, topic: AdviceTopic,
) -> None:
    chat = Chat(advisor, maria, locale)
    await chat.talk(opening, answer)
    reply = await chat.say(question)
    language = locale.split("-")[0]
    local = LIBRARY.in_language(LIBRARY.get("misconduct"), language)
    assert reply.playbook_id == "misconduct" and not reply.knowledge_gap
    assert reply.stage == "answer"
    first = local.fill_employee(local.answer_parts(topic)[0], "Bob")
    assert first in reply.text


async def test_a_first_name_shared_with_someone_else_is_still_the_person_named_before(
    chat: Chat,
) -> None:
    await chat.talk("Alice told me Bob Smith keeps making comments about her body",
                    "she told me herself yesterday, nobody is in danger")
    reply = await chat.say("what should I say to Bob?")
    assert reply.stage == "answer" and reply.playbook_id == "harassment"
    assert "Do not investigate it yourself, and do not raise it with the person accused" in (
        reply.text)


@pytest.mark.parametrize(("locale", "said", "not_said"), [
    ("pt-BR", ("Registre em uma nota curta", "para você"),
     ("Registe", "por si")),
    ("pt-PT", ("registe numa nota breve", "por si"), ("Registre", "para você")),
])
async def test_a_brazilian_manager_gets_brazilian_advice_and_a_portuguese_one_european(
    advisor: PlaybookAdvisor, maria: Person, locale: str, said: tuple[str, ...],
    not_said: tuple[str, ...],
) -> None:
    chat = Chat(advisor, maria, locale)
    opening = await chat.say("O Bob chegou atrasado de novo, já é a terceira vez esta semana")
    advice = await chat.say("ainda não falei com ele, ele diz que é o ônibus")
    answer = await chat.say("como documento isso?")
    text = "\n".join(reply.text for reply in (opening, advice, answer))
    assert advice.playbook_id == "lateness" and answer.stage == "answer"
    assert answer.text.startswith(say(FROM_GUIDANCE, locale, title="atrasos ou saídas antecipadas"))
    for words in said:
        assert words.casefold() in text.casefold(), words
    for words in not_said:
        assert words not in text, words


# -- questions and stray messages at a clarifying question ------------------------------------

_FOLLOW_UPS = {
    "en-US": ("Bob Smith keeps coming in late",
              ["what if he denies it?", "and if she says it's not true?",
               "what if it happens again?"]),
    "fr-FR": ("Bob Smith arrive souvent en retard",
              ["et s'il nie ?", "et si elle dit que c'est faux ?", "et si ça recommence ?"]),
    "es-ES": ("Bob Smith llega tarde a menudo",
              ["¿y si lo niega?", "¿y si dice que no es verdad?", "¿y si vuelve a pasar?"]),
    "de-DE": ("Bob Smith kommt ständig zu spät",
              ["und wenn er es abstreitet?", "und wenn sie sagt, das stimmt nicht?",
               "und wenn es wieder passiert?"]),
}


@pytest.mark.parametrize("locale", list(_FOLLOW_UPS))
async def test_a_question_at_a_clarifying_question_is_answered_and_the_question_asked_again(
    advisor: PlaybookAdvisor, maria: Person, locale: str,
) -> None:
    opening, questions = _FOLLOW_UPS[locale]
    language = locale[:2]
    chat = Chat(advisor, maria, locale)
    first = await chat.say(opening)
    asked = first.text.splitlines()[-1]
    for question in questions:
        reply = await chat.say(question)
        assert reply.text.startswith(say(FROM_GUIDANCE, language, title="X").split("X")[0])
        assert say(STILL_ASKING, language) in reply.text
        assert asked in reply.text  # the questions again, not the recommendation
        assert not reply.knowledge_gap
    # The real answers still get the recommendation, not a second round of questions.
    answers = {"en": "about 3 times this month. no, I haven't spoken to him",
               "fr": "3 fois ce mois-ci. non, je ne lui ai pas encore parlé",
               "es": "3 veces este mes. no, todavía no he hablado con él",
               "de": "3 mal diesen Monat. nein, ich habe noch nicht mit ihm gesprochen"}
    reply = await chat.say(answers[language])
    assert reply.stage == "recommend"


_WHY_ASKED_BACK = {
    "en-US": ("Bob Smith keeps coming in late", ["why do you need that?", "why r u asking",
                                                  "why all these questions?"]),
    "es-ES": ("Bob Smith llega tarde a menudo", ["¿para qué lo necesitas?", "¿por qué preguntas?"]),
    "nl-NL": ("Bob Smith komt steeds te laat", ["waarom wil je dat weten?",
                                               "waar heb je dat voor nodig?"]),
    "pl-PL": ("Bob Smith ciągle się spóźnia", ["po co ci to?", "dlaczego o to pytasz?"]),
    "fr-FR": ("Bob Smith arrive souvent en retard", ["pourquoi vous avez besoin de savoir ça ?"]),
    "de-DE": ("Bob Smith kommt ständig zu spät", ["warum willst du das wissen?"]),
    "it-IT": ("Bob Smith arriva sempre in ritardo", ["perché me lo chiedi?"]),
    "pt-PT": ("Bob Smith chega sempre atrasado", ["para que precisas disso?"]),
    "ja-JP": ("ボブ・スミスがいつも遅刻します", ["なぜそれが必要なの？"]),
    "zh-CN": ("Bob Smith 经常迟到", ["为什么要问这个？"]),
}


@pytest.mark.parametrize("locale", list(_WHY_ASKED_BACK))
async def test_why_do_you_need_that_is_answered_and_the_questions_asked_again(
    advisor: PlaybookAdvisor, maria: Person, locale: str,
) -> None:
    """The finding: Maria's "why do you need that?" at the clarifying questions got "Thanks,
    that's what I needed" and a recommendation, as if she had answered them."""
    opening, questions = _WHY_ASKED_BACK[locale]
    language = locale[:2]
    for question in questions:
        chat = Chat(advisor, maria, locale)
        asked = (await chat.say(opening)).text.splitlines()[-1]
        reply = await chat.say(question)
        assert reply.text.startswith(say(WHY_ASKED, language)), (question, reply.text)
        assert asked in reply.text and reply.stage == "clarify", question
        assert not reply.knowledge_gap



async def test_an_answer_with_why_after_it_is_an_answer(chat: Chat) -> None:
    """A question back after the answer ("no I haven't, why do you ask?") keeps the answer."""
    await chat.say("Bob Smith keeps coming in late")
    reply = await chat.say("3 times this month, no I haven't talked to him. why do you ask?")
    assert not reply.text.startswith(say(WHY_ASKED, "en")), reply.text
    assert reply.stage == "recommend"


@pytest.mark.parametrize(("locale", "opening", "dont_know"), [
    ("en-US", "Bob Smith keeps coming in late", "idk"),
    ("en-US", "Bob Smith keeps coming in late", "dunno"),
    ("pl-PL", "Bob Smith ciągle się spóźnia", "nwm"),
])
async def test_a_texted_i_dont_know_is_an_answer_like_no_idea(
    advisor: PlaybookAdvisor, maria: Person, locale: str, opening: str, dont_know: str,
) -> None:
    """The finding: "idk" at the clarifying questions was "Sorry, I couldn't find an answer to
    my question in that", while "no idea", "ni idea" and "nie wiem" moved the conversation on."""
    chat = Chat(advisor, maria, locale)
    await chat.say(opening)
    reply = await chat.say(dont_know)
    assert not reply.text.startswith(say(NOT_AN_ANSWER, locale[:2])), reply.text
    assert not reply.knowledge_gap


@pytest.mark.parametrize("stray", ["asdf", "x" * 10_000, (
    "The quarterly revenue report shows a 5% increase in sales across the northern region, "
    "driven by new product launches and improved supply chain efficiency in all stores.")])
async def test_a_message_that_answers_nothing_is_not_taken_as_an_answer(
    chat: Chat, stray: str,
) -> None:
    await chat.say("Bob Smith keeps coming in late")
    reply = await chat.say(stray)
    assert reply.text.startswith(say(NOT_AN_ANSWER, "en"))
    assert "how often" in reply.text
    assert not reply.knowledge_gap
    assert stray not in chat.state.situation


async def test_a_pasted_text_after_the_advice_is_asked_about_not_handed_to_hr(
    chat: Chat,
) -> None:
    await chat.say("Bob Smith keeps coming in late")
    await chat.say("about 3 times this month, I haven't spoken to him yet")
    reply = await chat.say(
        "Our summer newsletter: a new coffee machine arrives on the second floor soon, and "
        "the parking garage will be repainted, so please use the side entrance meanwhile.")
    assert reply.text == say(UNCLEAR_AFTER_ADVICE, "en")
    assert not reply.knowledge_gap
    again = await chat.say("what do I say to him?")
    assert "one-to-one" in again.text


async def test_what_if_it_happens_again_after_an_answer_is_the_next_step_not_hr(
    chat: Chat,
) -> None:
    await chat.talk("Bob Smith keeps coming in late", "3 times, I haven't spoken to him")
    await chat.say("what do I say to him?")
    reply = await chat.say("what if it happens again?")
    assert not reply.knowledge_gap
    assert "formal meeting" in reply.text


async def test_an_answer_with_a_question_after_it_is_still_an_answer(chat: Chat) -> None:
    await chat.say("Bob Smith keeps coming in late")
    reply = await chat.say("about 3 times, and yes I gave him a verbal warning, should I note it?")
    assert reply.stage == "recommend"
    assert chat.state.facts.spoken_to is True


async def test_a_yes_then_a_question_answers_the_question_asked(chat: Chat) -> None:
    await chat.talk("Bob Smith keeps coming in late", "about 3 times this month")
    reply = await chat.say("yes, should I write it down?")
    assert reply.stage == "recommend"
    assert chat.state.facts.spoken_to is True


_PUT_OFF = {
    "de-DE": ("Bob Smith kommt ständig zu spät", "vielleicht später",
              "3 mal diesen Monat. nein, ich habe noch nicht mit ihm gesprochen"),
    "fr-FR": ("Bob Smith arrive souvent en retard", "peut-être plus tard",
              "3 fois ce mois-ci. non, je ne lui ai pas encore parlé"),
    "es-ES": ("Bob Smith llega tarde a menudo", "quizás más tarde",
              "3 veces este mes. no, todavía no he hablado con él"),
    "zh-CN": ("Bob Smith 经常迟到", "以后再说", "这个月迟到了3次，我还没跟他谈过"),
}


@pytest.mark.parametrize("locale", list(_PUT_OFF))
async def test_putting_off_a_clarifying_question_is_no_answer_to_it(
    advisor: PlaybookAdvisor, maria: Person, locale: str,
) -> None:
    """"Vielleicht später" was read as the answer: the advice went on as if it knew how often
    and whether anyone had spoken to him; "quizás más tarde" even read as lateness."""
    opening, put_off, answer = _PUT_OFF[locale]
    chat = Chat(advisor, maria, locale)
    asked = (await chat.say(opening)).text.splitlines()[-1]
    reply = await chat.say(put_off)
    assert reply.text.startswith(say(NOT_AN_ANSWER, locale[:2]))
    assert asked in reply.text
    assert not reply.knowledge_gap
    assert (await chat.say(answer)).stage == "recommend"


_INDIFFERENT = {
    "fr-FR": ("Bob Smith arrive souvent en retard", "peu importe",
              "3 fois ce mois-ci. non, je ne lui ai pas encore parlé"),
    "zh-CN": ("Bob Smith 经常迟到", "随便", "这个月迟到了3次，我还没跟他谈过"),
    "pt-BR": ("o Bob Smith chega atrasado toda hora", "tanto faz",
              "3 vezes este mês. não, ainda não falei com ele"),
    "nl-NL": ("Bob Smith komt steeds te laat", "maakt niet uit",
              "3 keer deze maand. nee, ik heb er nog niet met hem over gesproken"),
    "ja-JP": ("Bob Smithさんがよく遅刻します", "どっちでもいい",
              "今月3回遅刻しました。まだ本人と話していません"),
}


@pytest.mark.parametrize("locale", list(_INDIFFERENT))
async def test_not_minding_at_a_clarifying_question_is_no_answer_to_it(
    advisor: PlaybookAdvisor, maria: Person, locale: str,
) -> None:
    """"Peu importe" and "随便" were read as answers: the advice dropped how often and why and
    asked only whether anyone had spoken to him, as if it knew the rest."""
    opening, indifferent, answer = _INDIFFERENT[locale]
    chat = Chat(advisor, maria, locale)
    asked = (await chat.say(opening)).text.splitlines()[-1]
    reply = await chat.say(indifferent)
    language = "pt-BR" if locale == "pt-BR" else locale[:2]
    assert reply.text.startswith(say(NOT_AN_ANSWER, language))
    assert asked in reply.text
    assert (await chat.say(answer)).stage == "recommend"


@pytest.mark.parametrize(("locale", "situation", "answer", "question", "next_step"), [
    ("en-US", "Alice told me Chen keeps making comments about her body",
     "it happened three times this week, I haven't talked to him yet",
     "should I tell the team?", "If anything else happens in the meantime"),
    ("fr-FR", "je soupçonne Chen de voler dans la caisse",
     "il manque 50 euros trois fois ce mois-ci, je ne lui en ai pas parlé",
     "est-ce que je peux fouiller son sac ?", None),
    # Its words lean to another playbook (performance): it started that situation afresh.
    ("en-US", "Chen was rude to a customer this morning",
     "the customer complained to me, it is the second time this month",
     "can I make him apologise?", None),
    ("fr-FR", "Chen a été impoli avec un client ce matin",
     "le client s'est plaint, c'est la deuxième fois ce mois-ci",
     "je peux l'obliger à s'excuser ?", None),
])
async def test_a_question_after_the_advice_is_not_answered_with_the_next_step(
    chat: Chat, locale: str, situation: str, answer: str, question: str, next_step: str | None,
) -> None:
    """The finding: a question after the advice got the playbook's "if it continues" text, as
    if it answered it. A question no part of the playbook answers is HR's: ERA says so, offers
    the hand-over, and the advice stands (no hand-over unasked)."""
    chat.locale = locale
    advised = await chat.talk(situation, answer)
    assert advised.stage == "recommend"
    reply = await chat.say(question)
    assert reply.text == say(QUESTION_FOR_HR, locale[:2])
    assert not reply.knowledge_gap and reply.playbook_id == advised.playbook_id
    assert reply.stage == "recommend" and reply.step == advised.step
    if next_step is not None:
        assert next_step not in reply.text


@pytest.mark.parametrize(("locale", "situation", "answer", "question"), [
    ("de-DE", "Bobs Vater ist gestern gestorben", "er hat Schichten am Freitag und Samstag",
     "wie viele Tage Sonderurlaub bekommt er?"),
    ("zh-CN", "Alice的父亲昨天去世了", "她这周有三个班", "她可以请几天丧假？"),
    ("pl-PL", "matka Chena zmarła w weekend", "ma zmiany w poniedziałek i wtorek",
     "ile dni wolnego mu przysługuje?"),
    ("en-US", "Bob Smith's father passed away yesterday", "he has shifts on Friday and Saturday",
     "how many days off does he get?"),
])
async def test_a_question_about_leave_after_the_bereavement_advice_is_about_that_leave(
    chat: Chat, locale: str, situation: str, answer: str, question: str,
) -> None:
    """The finding: after the bereavement advice, "wie viele Tage Sonderurlaub bekommt er?"
    started the leave-request questions afresh ("What kind of leave is it ..."), as a new
    request. It is answered from the bereavement guidance (HR says which leave applies)."""
    chat.locale = locale
    advised = await chat.talk(situation, answer)
    assert advised.playbook_id == "bereavement" and advised.stage == "recommend"
    reply = await chat.say(question)
    assert reply.playbook_id == "bereavement" and reply.stage == "answer", reply.text
    assert reply.text.startswith(say(FROM_GUIDANCE, locale[:2], title="")[:8]), reply.text
    assert not reply.knowledge_gap


@pytest.mark.parametrize(("locale", "situation", "count", "question"), [
    ("fr-FR", "Bob Smith arrive souvent en retard", "il est arrivé en retard 4 fois ce mois-ci",
     "je peux lui envoyer un avertissement écrit ?"),
    ("fr-FR", "Bob Smith arrive souvent en retard", "il est arrivé en retard 4 fois ce mois-ci",
     "on peut lui donner un avertissement écrit ?"),
    ("es-ES", "Bob Smith llega tarde a menudo", "llegó tarde 4 veces este mes",
     "¿podría darle una amonestación por escrito?"),
    ("de-DE", "Bob Smith kommt ständig zu spät", "er war diesen Monat 4 Mal zu spät",
     "darf ich ihm eine Abmahnung geben?"),
    ("it-IT", "Bob Smith arriva sempre in ritardo", "è arrivato in ritardo 4 volte questo mese",
     "potrei dargli un richiamo scritto?"),
    ("pl-PL", "Bob Smith ciągle się spóźnia", "spóźnił się 4 razy w tym miesiącu",
     "mogę mu dać pisemne upomnienie?"),
    ("pt-PT", "O Bob Smith chega sempre atrasado", "chegou atrasado 4 vezes este mês",
     "poderia dar-lhe uma advertência por escrito?"),
    ("ja-JP", "ボブ・スミスはいつも遅刻する", "今月4回遅刻した", "書面で警告できますか？"),
    ("en-US", "Bob Smith keeps coming in late", "he was late 4 times this month",
     "may I give him a written warning?"),
])
async def test_asking_whether_to_give_a_written_warning_is_no_warning_given(
    advisor: PlaybookAdvisor, maria: Person, locale: str, situation: str, count: str,
    question: str,
) -> None:
    """The finding: at 'have you already spoken to Bob?', the French 'je peux lui envoyer un
    avertissement écrit ?' was read as a written warning already given, and the manager got
    the formal disciplinary procedure ('Comme votre salarié a déjà reçu un avertissement
    écrit...'). Asking whether to warn is a question: it is answered from the guidance and the
    question still open is asked again."""
    chat = Chat(advisor, maria, locale)
    await chat.talk(situation, count)
    reply = await chat.say(question)
    language = locale[:2]
    assert reply.stage == "clarify"
    assert say(STILL_ASKING, language) in reply.text
    assert chat.state.facts.prior_warnings is None


@pytest.mark.parametrize(("locale", "situation", "answer", "refused", "written"), [
    ("en-US", "Bob Smith asked for two weeks off in December",
     "holiday, 15 to 29 December, he asked yesterday; we'd be short on the tills",
     "I refused his leave request, what now?", "Give Bob a clear answer in writing"),
    ("fr-FR", "Bob Smith m'a demandé deux semaines de congé en décembre",
     "congés payés du 15 au 29 décembre, il a demandé hier ; on manquerait de monde en caisse",
     "j'ai refusé sa demande, et maintenant ?", "Donnez à Bob une réponse claire par écrit"),
    ("de-DE", "Bob Smith hat zwei Wochen Urlaub im Dezember beantragt",
     "Erholungsurlaub vom 15. bis 29. Dezember, gestern beantragt; an der Kasse wäre es knapp",
     "ich habe seinen Urlaubsantrag abgelehnt, was jetzt?", "Bob"),
    ("zh-CN", "Bob Smith申请了十二月休假两周", "年假，12月15日到29日，他昨天申请的，收银台会缺人",
     "我拒绝了他的请假，现在怎么办？", "Bob"),
])
async def test_a_leave_request_refused_after_the_advice_gets_what_comes_next(
    advisor: PlaybookAdvisor, maria: Person, locale: str, situation: str, answer: str,
    refused: str, written: str,
) -> None:
    """The finding: after the leave-request advice, 'I refused his leave request, what now?'
    got 'I don't have guidance on that question ... HR is the right one to answer it'. What
    comes next is in the playbook: the answer in writing with the reason (which ERA can
    draft), and HR if it is disputed or the leave may be a right."""
    chat = Chat(advisor, maria, locale)
    advised = await chat.talk(situation, answer)
    assert advised.stage == "recommend" and advised.playbook_id == "leave_request"
    reply = await chat.say(refused)
    language = locale[:2]
    assert reply.text != say(QUESTION_FOR_HR, language)
    assert not reply.knowledge_gap and reply.playbook_id == "leave_request"
    assert written in reply.text
    assert _flow(reply, chat.history[:-1]) is ActionFlow.EMAIL


@pytest.mark.parametrize(("locale", "situation", "answer", "people"), [
    ("es-ES", "chen dice que sophie le grita y le insulta delante de los clientes",
     "no, no he hablado con ella", ("Sophie Dubois", "Chen Wei")),
    ("en-US", "chen says sophie shouts at him and insults him in front of customers",
     "no, I haven't spoken to her", ("Sophie Dubois", "Chen Wei")),
    ("fr-FR", "chen se plaint que sophie l'insulte devant les clients",
     "non, je ne lui ai pas encore parlé", ("Sophie Dubois", "Chen Wei")),
    ("de-DE", "Chen sagt, dass Sophie ihn vor den Kunden anschreit und beleidigt",
     "nein, ich habe noch nicht mit ihr gesprochen", ("Sophie Dubois", "Chen Wei")),
    ("en-US", "sophie shouts at chen and insults him in front of customers",
     "no, I haven't spoken to her", ("Sophie Dubois", "Chen Wei")),
])
async def test_the_call_offered_first_is_with_the_accused_not_the_reporter(
    advisor: PlaybookAdvisor, maria: Person, locale: str, situation: str, answer: str,
    people: tuple[str, ...],
) -> None:
    """The finding: "chen dice que sophie le grita ..." offered the call with Chen, who told
    of it, first. The one the report is about comes first; the one who reported it after."""
    chat = Chat(advisor, maria, locale)
    await chat.say(situation)
    reply = await chat.say(answer)
    assert reply.employee is None and reply.step is not None
    assert tuple(person.name for person in reply.people) == people
