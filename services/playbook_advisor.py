"""The offline advisor (the embedded default): answers from the playbooks, never beyond them.

Each reply follows from the manager's newest message, the facts gathered so far (the advice
conversation's `SituationFacts`, updated with the newest message) and ERA's previous reply:

- a new situation that matches a playbook gets the clarifying questions its facts do not
  already answer; a policy or hypothetical question ("what should I do if ...", or any
  question that is not about a case of theirs) gets the playbook's general answer instead;
- the manager's answer gets the recommendation the playbook's decision guide picks for the
  facts (an informal conversation before a written warning; HR for a repeat after a written
  warning; a wellbeing check-in when health is involved). When the answer leaves a decisive
  fact unknown ("have you spoken to them yet?"), ERA asks that one question again, once;
- right after an action flow ended (the call booked, the email sent), such a question is still
  answered from the topic the flow ended; anything else opens a new topic;
- after a recommendation, a message that changes a fact the guide decides on gets the
  recommendation for the new facts; a question about the advice itself (what to say in the
  meeting, how to document it, a written warning, dismissal, a denial, how long to wait, what
  HR needs: core.advice_topic) gets the parts of the same playbook tagged with its topic, for
  the step recommended and the same employee, even when a word of it ("meeting") is a keyword
  of another playbook; another question gets the playbook's next step ("if it continues"); a
  short acknowledgement a closing line; another situation starts that one;
- no matching playbook, or a question beyond what the playbook covers (a follow-up topic no
  part of it is tagged with), is a knowledge gap: ERA
  says plainly that it has no guidance and points to HR, and never makes advice up.

Replies are in the manager's language (their locale) when the playbook has a translation in it
(a regional variant for a regional locale: pt-BR, while pt-PT reads European Portuguese), else
in English, and ERA says so once per conversation. Retrieval understands the keywords of
every playbook language.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from enum import StrEnum
from functools import cache

from core.advice_conversation import AdviceConversation
from core.advice_topic import AdviceTopic
from core.advisor import (
    ANSWERING_FACTS,
    GAP_QUESTION_STAGE,
    AdviceReply,
    SetAside,
    answers_a_question,
    each_named,
    people_named,
    set_aside,
    shared_first_name,
    the_one,
)
from core.conversation_turn import ConversationTurn, Role
from core.directory import Directory
from core.name_matcher import find_names_in_text, spell_script_names, without_name
from core.person import Person
from core.playbook import (
    DEFAULT_STEP,
    ENGLISH,
    HAND_OVER_ACTION,
    Playbook,
    PlaybookStage,
    variant_for,
)
from core.playbook_index import PlaybookMatch
from core.situation_facts import (
    Fact,
    SituationFacts,
    is_acknowledgement,
    is_bare_answer,
    read_facts,
)
from core.text_fold import fold_text
from detectors.situation_framing import Framing, frame_conversation
from language.advice_topics import (
    advice_topic,
    asks_if_it_continues,
    asks_if_it_is_legal,
    asks_why_asked,
)
from language.catalogue import say
from language.formatting import language_name
from language.interrupts import acknowledges_only, is_decline, is_indifferent
from language.situation_words import (
    opens_with_someone_unnamed,
    reported_by,
    says_they_cannot_work,
    speaks_of_a_pay_dispute,
    speaks_of_a_pay_rise,
    speaks_of_a_young_worker,
    speaks_of_distress,
    speaks_of_pregnancy,
    tells_a_refusal,
    tells_of_family_illness,
    told_parts,
    without_family_illness,
    without_only_whom,
)
from services.playbook_library import PlaybookLibrary

logger = logging.getLogger(__name__)

# A message this short, asking nothing, after advice is an acknowledgement ("thanks, will do").
_ACKNOWLEDGEMENT_WORDS = 6
_UNSPACED_CHARACTER = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")
_WORD = re.compile(r"\w+")
_QUESTION_MARKS = ("?", "？", "¿", "؟")
# Clarifying rounds per topic: the questions, then at most one more for a decisive fact.
MAX_CLARIFYING_ROUNDS = 2
_EPOCH = datetime(2000, 1, 1, tzinfo=UTC)

NO_GUIDANCE = "advice.no_guidance"
BEYOND_PLAYBOOK = "advice.beyond_guidance"
CLOSING = "advice.closing"
ONE_MORE_QUESTION = "advice.one_more_question"
ENGLISH_ONLY = "advice.english_only"
FROM_GUIDANCE = "advice.from_guidance"
STILL_ASKING = "advice.still_asking"
NOT_AN_ANSWER = "advice.not_an_answer"
UNCLEAR_AFTER_ADVICE = "advice.unclear_after_advice"
NOTED_AFTER_ADVICE = "advice.noted_after_advice"
FOR_HR = "advice.for_hr"
QUESTION_FOR_HR = "advice.question_for_hr"
PREGNANCY = "advice.pregnancy"
PAY_RISE = "advice.pay_rise"
PAY_DISPUTE = "advice.pay_dispute"
YOUNG_WORKER = "advice.young_worker"
WELLBEING = "advice.wellbeing"
# The support told with the employee's absence ("he can't do his shifts this week"): the shifts
# are covered when the manager asks, never taken away with the support.
WELLBEING_SHIFTS = "advice.wellbeing_shifts"
GAP_QUESTION = "advice.gap_question"
# Only a name at the question about a remark ("bob smith"): what happened with them is asked.
GAP_QUESTION_PERSON = "advice.gap_question_person"
WHY_ASKED = "advice.why_asked"
# Someone else's situation told at a clarifying question: the first one is set aside.
OTHER_PERSON = "advice.other_person"
OTHER_SITUATION = "advice.other_situation"
# Two situations told in one first message: both heard, the first taken now.
TWO_SITUATIONS = "advice.two_situations"
# A part of a message scoring less than this for a playbook tells no situation of its own.
_PART_SCORE = 1.8
# Playbooks of one kind: two parts leaning to two of them tell one situation ("she is off sick
# and hasn't called" is one absence), not two.
_KINDS = ({"no_show", "sickness", "leave_request", "bereavement"},
          {"misconduct", "harassment", "conflict"})
# A policy question is no situation told: never the second of two.
_NO_SITUATION = "general_policy"
# Situations that bring their own leave: a question about time off after their advice is
# about that leave, not a new leave request.
_LEAVE_REQUEST = "leave_request"
_BRINGS_LEAVE = frozenset({"bereavement", "sickness"})
# The playbooks of someone not at work: with a family member ill, told why they cannot work.
_ABSENCES = frozenset({"no_show", "sickness", "leave_request"})
# The playbook whose translation says the support for a personal difficulty with its words for
# an employee not named.
_SICKNESS = "sickness"
# A message of one "word" this long, or of this many words, that says nothing ERA can read is
# no answer (a key held down, a text pasted by mistake).
_LONG_TOKEN = 25
_LONG_MESSAGE_WORDS = 25


class _Next(StrEnum):
    CLARIFY = "clarify"
    RECOMMEND = "recommend"
    FOLLOW_UP = "follow_up"
    POLICY = "policy"
    ANSWER = "answer"
    CLOSING = "closing"
    GAP = "gap"
    FOR_HR = "for_hr"  # whether it is legal, or a dismissal the playbook leaves to HR
    ASIDE = "aside"  # a question about the advice at a clarifying question: answered, asked again
    UNCLEAR = "unclear"  # no answer, no question, no situation: asked again
    WHY_ASKED = "why_asked"  # "why do you need that?" at a clarifying question: said, asked again
    NOTED = "noted"  # a fact told after the advice that does not change the step: noted
    QUESTION = "question"  # after the advice, a question no part of the playbook answers
    PREGNANCY = "pregnancy"  # a pregnancy announced: what matters, and HR
    PAY_RISE = "pay_rise"  # a pay rise asked for: what to do before answering, and HR
    PAY_DISPUTE = "pay_dispute"  # pay said to be wrong or missing: what to check, payroll
    YOUNG_WORKER = "young_worker"  # a worker under 18 and their hours: legal limits, HR first
    WELLBEING = "wellbeing"  # a personal or family difficulty: support, leave from HR, a call


# The stages after the advice was given.
_ADVISED = frozenset({str(_Next.RECOMMEND), str(_Next.FOLLOW_UP), str(_Next.ANSWER)})
_CONTINUING = frozenset({
    str(_Next.CLARIFY), str(_Next.RECOMMEND), str(_Next.FOLLOW_UP), str(_Next.POLICY),
    str(_Next.ANSWER),
})


# The parts a message tells ("bob was late again" | "and alice wants to quit"), each with the
# playbook that scores best for it alone.
_ScoredParts = Callable[[str], tuple[tuple[str, PlaybookMatch | None], ...]]


class PlaybookAdvisor:
    """Implements core.advisor.Advisor over the playbook library, without any outside call
    but the directory (to name the employee)."""

    def __init__(self, *, library: PlaybookLibrary, directory: Directory) -> None:
        self._library = library
        self._directory = directory

    async def advise(
        self,
        history: Sequence[ConversationTurn],
        *,
        manager: Person,
        locale: str | None,
        conversation: AdviceConversation | None = None,
    ) -> AdviceReply:
        """ERA's reply to the newest message (the last turn, the manager's)."""
        if not history or history[-1].role is not Role.USER:
            raise ValueError("the history must end with the manager's message")
        state = conversation if conversation is not None else self._replay(history)
        people = await self._directory.list_people(store_id=manager.store_id)
        # The newest message naming anyone is the latest one when it names someone, or else the
        # newest earlier one: each message is read for names once.
        latest_named = people_named(history[-1:], people, manager)
        earlier_named = people_named(history[:-1], people, manager)
        named = latest_named or earlier_named
        employee = the_one(named)
        earlier = {person.id for person in earlier_named}
        # "Bob" names Bob Smith and Bob Jones: it is about Bob Smith if he was named before.
        newcomer = bool(latest_named) and not any(p.id in earlier for p in latest_named)
        latest = history[-1].content
        language = _language(locale, self._library.languages())
        if self._announces_pregnancy(latest, state):
            # "Alice vertelde me dat ze zwanger is": her news, no leave request. No playbook
            # covers it: what matters now (confidential, nothing changed alone, HR for her
            # rights), and the offer to hand over.
            logger.info("playbook advisor: a pregnancy announced")
            return AdviceReply(say(PREGNANCY, language), employee=employee,
                               names_someone=bool(named), stage=str(_Next.PREGNANCY),
                               offers_hand_over=True)
        if self._tells_of_a_young_worker(latest, state):
            # "Zosia is 16 and works until 11pm": working time with legal limits of its own
            # (night work, hours, breaks) that depend on the country; no performance concern
            # for "pracuje", no schedule. HR first, and the offer to hand over.
            logger.info("playbook advisor: a young worker's working time")
            return AdviceReply(say(YOUNG_WORKER, language), employee=employee,
                               names_someone=bool(named), stage=str(_Next.YOUNG_WORKER),
                               offers_hand_over=True)
        if self._tells_of_a_pay_error(latest, state):
            # "o bob diz que o salário dele veio errado", "alice says her overtime wasn't
            # paid": no playbook covers pay, and it is no pay rise nor a vague worry. What to
            # check, what payroll needs, what not to promise; the offer to hand over.
            logger.info("playbook advisor: pay said to be wrong or missing")
            return AdviceReply(say(PAY_DISPUTE, language), employee=employee,
                               names_someone=bool(named), stage=str(_Next.PAY_DISPUTE),
                               offers_hand_over=True)
        if self._asks_for_a_pay_rise(latest, state):
            # "Bob wants a pay rise": no playbook covers pay. What to do before answering
            # (listen, promise nothing, HR for the bands), and the offer to hand over, rather
            # than "what worries you most about it?".
            logger.info("playbook advisor: a pay rise asked for")
            return AdviceReply(say(PAY_RISE, language), employee=employee,
                               names_someone=bool(named), stage=str(_Next.PAY_RISE),
                               offers_hand_over=True)
        if self._tells_a_personal_difficulty(history, state, names_someone=bool(named)):
            # "Alice cries at work, her mum is in hospital": a hard time of hers, not her own
            # sickness nor misconduct. Support (a private word, flexibility, leave and help
            # through HR), the offer of a private call and of the hand-over.
            if state.stage != GAP_QUESTION_STAGE:
                # What happened and what worries the manager most, first: the advice (and the
                # call it offers) comes with the answer.
                logger.info("playbook advisor: a personal or family difficulty, asked about")
                return AdviceReply(say(GAP_QUESTION, language), employee=employee,
                                   names_someone=bool(named), stage=GAP_QUESTION_STAGE)
            logger.info("playbook advisor: a personal or family difficulty")
            sickness = self._library.get(_SICKNESS)
            local = (self._library.in_language(sickness, language) or sickness) \
                if sickness is not None else None
            text = say(WELLBEING, language, employee="{employee}")
            if self._tells_an_absence(_with_the_remark(history)):
                # "... and he can't do his shifts this week": how to have them covered, asked
                # for when the manager is ready; nothing is taken off the rota with the support.
                # Before the closing offers, so the call offered stays the last word.
                support, offers = text.rsplit("\n\n", 1)
                shifts = say(WELLBEING_SHIFTS, language, employee="{employee}")
                text = f"{support}\n\n{shifts}\n\n{offers}"
            first_name = employee.first_name if employee else None
            return AdviceReply(local.fill_employee(text, first_name) if local is not None
                               else text.replace("{employee}", first_name or ""),
                               employee=employee, names_someone=bool(named),
                               stage=str(_Next.WELLBEING), offers_hand_over=True)
        if state.stage in (str(_Next.PREGNANCY), str(_Next.PAY_RISE), str(_Next.WELLBEING),
                           str(_Next.YOUNG_WORKER), str(_Next.PAY_DISPUTE)) \
                and not is_acknowledgement(latest) and not newcomer:
            # "moet ik haar taken aanpassen?": HR's, with the offer to hand over; "lavora in
            # magazzino e solleva pacchi pesanti": noted (what HR will look at with her), no
            # performance concern for a word of one ("lavora").
            asks = _asks(latest)
            return AdviceReply(say(QUESTION_FOR_HR if asks else NOTED_AFTER_ADVICE, language),
                               employee=employee, names_someone=bool(named),
                               stage=state.stage, reasked=True, offers_hand_over=asks)
        aside = set_aside(latest, latest_named=latest_named, earlier_named=earlier_named,
                          people=people, conversation=state,
                          asking=state.stage == str(_Next.CLARIFY), index=self._library.index)
        said_aside = ""
        if aside is not None:
            # "also Alice was rude to a customer yesterday" while ERA asks about Bob's
            # lateness: Alice's situation, not an answer about Bob's. Bob's is set aside
            # (said plainly) and Alice's starts afresh.
            said_aside = set_aside_said(aside, latest_named, language)
            state = AdviceConversation(history=state.history,
                                       language_noted=state.language_noted)
        elif newcomer and state.stage == str(_Next.CLARIFY) and state.playbook_id \
                and earlier_named:
            # "Alice says he was late four times": an answer about the first person.
            named = earlier_named
            employee = the_one(named)
        topic = None if _is_acknowledgement(latest) else advice_topic(latest)
        if topic is None and not newcomer and self._asks_about_its_leave(latest, state):
            # "wie viele Tage Sonderurlaub bekommt er?" after the bereavement advice: the leave
            # of this situation, which HR sets (its parts tagged for HR), not a new request.
            topic = AdviceTopic.HR
        if topic is None and not newcomer and self._refused_the_request(latest, state):
            # "I refused his leave request, what now?" after the leave-request advice: the
            # answer in writing (which ERA can draft) and HR if it is disputed, from that
            # playbook, not "that's for HR".
            topic = AdviceTopic.DOCUMENT
        playbook, step, facts = self._next(
            history, state, names_someone=bool(named),
            topic=None if newcomer else topic, newcomer=newcomer,
            says_nothing=not latest_named and (
                (state.stage == str(_Next.CLARIFY)
                 and (_puts_off(latest) or is_indifferent(fold_text(latest))))
                or (_says_nothing(latest) and not self._about(latest, state.playbook_id))),
            legal=asks_if_it_is_legal(latest),
        )
        logger.info("playbook advisor: %s (%s)", step, playbook.id if playbook else "no playbook")
        # The parts of a message that tells two situations are scored once, whoever asks.
        index = self._library.index
        scored: _ScoredParts = cache(
            lambda text: tuple((part, index.best(part)) for part in told_parts(text)))
        if playbook is not None and len(named) > 1:
            # "bob smith was late again and alice wants to quit": the lateness is Bob's alone;
            # a call is offered to him, never to everyone the message named.
            named = self._of_the_situation(history, named, playbook, scored)
            employee = the_one(named)
        playbook_id = playbook.id if playbook else None
        # "Bob keeps leaving early": the advice names what was described, not lateness.
        variant = variant_for(facts)
        parts: tuple[str, ...] = ()
        if step is _Next.ANSWER and playbook is not None and topic is not None:
            local = self._library.in_language(playbook, language, variant) or playbook
            parts = local.answer_parts(topic, _answered_step(state))
            if not parts:
                step = _Next.FOR_HR if topic is AdviceTopic.DISMISSAL else _Next.GAP
        if latest_named and (step is _Next.GAP or (
                step is _Next.RECOMMEND and playbook_id == _NO_SITUATION
                and state.stage == str(_Next.CLARIFY))) \
                and self._only_names(latest, latest_named, language):
            # "bob smith" at "what happened?" (or at the general questions of "I need advice
            # about an employee"): whom it is about, not what happened. Handed to HR, or
            # answered with the general rules, it told them nothing; what happened with that
            # person is asked, and the answer is read with it.
            first = latest_named[0]
            logger.info("playbook advisor: only a name; asked what happened with them")
            return AdviceReply(
                say(GAP_QUESTION_PERSON, language,
                    name=employee.name if employee is not None else first.first_name),
                employee=employee, names_someone=True, stage=GAP_QUESTION_STAGE)
        if step is _Next.GAP:
            local = self._library.in_language(playbook, language, variant) if playbook else None
            title = _title(local or playbook) if playbook else ""
            text = (say(BEYOND_PLAYBOOK, language, title=title) if playbook
                    else say(NO_GUIDANCE, language))
            return AdviceReply(text, knowledge_gap=True, playbook_id=playbook_id,
                               employee=employee, names_someone=bool(named),
                               stage=str(step))
        if step is _Next.CLOSING or playbook is None:
            return AdviceReply(say(CLOSING, language), playbook_id=playbook_id, employee=employee,
                               names_someone=bool(named), stage=str(_Next.CLOSING),
                               step=state.step if playbook else None, closes=True)
        local = self._library.in_language(playbook, language, variant)
        noted = False
        prefix = ""
        if local is None:
            local = playbook
            if not state.language_noted:
                noted = True
                name = language_name(language, language)
                prefix = say(ENGLISH_ONLY, language, language=name) + "\n\n"
        name = employee.first_name if employee else None
        if step is _Next.NOTED:
            # The advice stands, with what was told kept in the facts.
            logger.info("playbook advisor: %s, a fact that keeps step %s", playbook.id, state.step)
            return AdviceReply(say(NOTED_AFTER_ADVICE, language), playbook_id=state.playbook_id,
                               employee=employee, names_someone=bool(named), stage=state.stage,
                               step=state.step, asked=state.asked, noted=True)
        if step in (_Next.UNCLEAR, _Next.FOR_HR, _Next.QUESTION) \
                and state.stage != str(_Next.CLARIFY):
            # The advice stands: the conversation carries on where it was.
            text = say({_Next.UNCLEAR: UNCLEAR_AFTER_ADVICE, _Next.FOR_HR: FOR_HR}.get(
                step, QUESTION_FOR_HR), language)
            return AdviceReply(text, playbook_id=state.playbook_id, employee=employee,
                               names_someone=bool(named), stage=state.stage, step=state.step,
                               asked=state.asked, reasked=True,
                               offers_hand_over=step is not _Next.UNCLEAR)
        if step in (_Next.ASIDE, _Next.UNCLEAR, _Next.FOR_HR, _Next.WHY_ASKED):
            return self._ask_again(local, step, topic, state, name, language, prefix, noted,
                                   employee=employee, names_someone=bool(named))
        if said_aside:
            prefix = f"{said_aside}\n\n{prefix}"
        if step is _Next.CLARIFY and state.playbook_id != playbook.id:
            # "bob was late again and alice wants to quit": the other one is not dropped
            # unsaid; it is named, and offered for when this one is done.
            other = self._other_situation(latest, playbook, scored)
            if other is not None:
                other_local = self._library.in_language(other, language) or other
                prefix = say(TWO_SITUATIONS, language, first=local.title,
                             second=other_local.title) + "\n\n" + prefix
        if step is _Next.CLARIFY:
            text, asked = self._clarify(local, facts, state, name)
            return AdviceReply(prefix + text, playbook_id=playbook_id, employee=employee,
                               names_someone=bool(named), stage=str(step), asked=asked,
                               language_noted=noted, fresh=bool(said_aside))
        if step is _Next.ANSWER:
            title = _title(local)
            bullets = "\n".join(f"- {part}" for part in parts)
            text = local.fill_employee(
                f"{say(FROM_GUIDANCE, language, title=title)}\n\n{bullets}", name)
            logger.info("playbook advisor: %s answers a question about %s", playbook.id, topic)
            return AdviceReply(prefix + text, playbook_id=playbook_id, employee=employee,
                               names_someone=bool(named), stage=str(step),
                               step=_answered_step(state), language_noted=noted)
        chosen = playbook.decide(facts) if step is _Next.RECOMMEND else None
        if chosen is not None:
            logger.info("playbook advisor: %s recommends %s", playbook.id, chosen)
            text = local.render(PlaybookStage.RECOMMEND, name, chosen)
        else:
            text = local.render(PlaybookStage(str(step)), name)
        return AdviceReply(prefix + text, playbook_id=playbook_id, employee=employee,
                           names_someone=bool(named), stage=str(step), step=chosen,
                           language_noted=noted, fresh=bool(said_aside),
                           people=each_named(history, people, manager,
                                             reported_by=reported_by)
                           if chosen is not None and employee is None and named else (),
                           offers_hand_over=chosen is not None
                           and playbook.action_of(chosen) == HAND_OVER_ACTION)

    def _only_names(self, text: str, named: Sequence[Person], language: str | None) -> bool:
        """Whether a message says no more than whom it is about: "bob smith", "it's about
        luca", "c'est pour Alice", "鲍勃史密斯", "アリスさんのこと". Without the names, only
        stop words are left (not so in "a alice anda estranha", which tells how she is), and
        in Chinese or Japanese only words that say whom it is about ("关于", "のこと")."""
        rest = " ".join(spell_script_names(text, named).split())
        # Whoever is named in full first: "bob smith" is Bob Smith, not Bob Jones and "smith".
        spelled = fold_text(rest)
        for person in sorted(named, key=lambda someone: fold_text(someone.name) not in spelled):
            unnamed = without_name(rest, person, language=language)
            rest = rest if unnamed is None else unnamed
        if _UNSPACED_CHARACTER.search(rest):
            # "鲍勃哭了" (Bob cried) is short, yet tells what happened: only the words that say
            # whom it is about ("关于", "的事", "のこと") may be left.
            return not _UNSPACED_CHARACTER.search(without_only_whom(rest))
        return self._library.index.words.only_stop_words(rest) and not any(
            character.isdigit() for character in rest)

    def _of_the_situation(
        self, history: Sequence[ConversationTurn], named: Sequence[Person], playbook: Playbook,
        scored: _ScoredParts,
    ) -> tuple[Person, ...]:
        """Of the several people a message names, those of the parts that tell
        `playbook`'s situation, when a part tells another situation ("... and alice wants to
        quit"); a part opening with "he" or "she" is of the one the part before named. All
        of `named` when no part tells another situation, or the parts name nobody."""
        said = next((turn.content for turn in reversed(history) if turn.role is Role.USER
                     and find_names_in_text(turn.content, named)), "")
        parts = scored(said)
        if len(parts) < 2:
            return tuple(named)
        kind = next((k for k in _KINDS if playbook.id in k), {playbook.id})
        # Whether each part tells another situation (True), this one (False), or none (None:
        # "bob smith est encore" before "en retard" split off), which is the next part's.
        others: list[bool | None] = []
        for _, match in parts:
            others.append(None if match is None or match.score < _PART_SCORE
                          or match.playbook.id == _NO_SITUATION
                          else match.playbook.id not in kind)
        told = [flag for flag in others if flag is not None]
        if True not in told:
            return tuple(named)
        own: list[Person] = []
        before: list[Person] = []
        for index, (part, _) in enumerate(parts):
            found = find_names_in_text(part, named)
            is_other = next((flag for flag in others[index:] if flag is not None), told[-1])
            if not is_other:
                own.extend(before if opens_with_someone_unnamed(part) else ())
                own.extend(found)
            before = found or before
        kept = tuple(person for person in named if person in own)
        return kept or tuple(named)

    @staticmethod
    def _other_situation(text: str, playbook: Playbook, scored: _ScoredParts
                         ) -> Playbook | None:
        """Another situation a part of the message tells, of another kind than `playbook`'s
        ("... and alice wants to quit" with the lateness), or None."""
        parts = scored(text)
        if len(parts) < 2:
            return None
        kind = next((k for k in _KINDS if playbook.id in k), {playbook.id})
        for _, match in parts:
            if match is not None and match.score >= _PART_SCORE \
                    and match.playbook.id not in kind and match.playbook.id != _NO_SITUATION:
                return match.playbook
        return None

    def _announces_pregnancy(self, text: str, state: AdviceConversation) -> bool:
        """Whether a message tells of a pregnancy as news, not as an answer to ERA's questions
        ("she is pregnant, that's why she is late") nor with a situation a playbook covers."""
        if state.stage == str(_Next.CLARIFY) or not speaks_of_pregnancy(text):
            return False
        match = self._library.index.best(text)
        return match is None or match.playbook.id == _LEAVE_REQUEST

    def _tells_a_personal_difficulty(
        self, history: Sequence[ConversationTurn], state: AdviceConversation, *,
        names_someone: bool,
    ) -> bool:
        """Whether a new topic tells of an employee's personal or family difficulty: a family
        member ill or in hospital ("her mum is in hospital"), or, in the answer to what
        happened after a remark no playbook covered, the distress of someone named ("Alice
        often cries at work" ... "I don't know why"). Not when a playbook's situation is told
        with it ("he is late every day since his dad is in hospital" is lateness), nor as an
        answer to a playbook's questions."""
        if state.stage in _CONTINUING or state.stage == str(_Next.WELLBEING):
            return False
        at_the_question = state.stage == GAP_QUESTION_STAGE
        text = _with_the_remark(history) if at_the_question else history[-1].content
        if not tells_of_family_illness(text) and not (
                at_the_question and names_someone and speaks_of_distress(text)):
            return False
        # What it says besides: a family member's illness leans to sickness ("in hospital")
        # or to bereavement ("his mother"), which are about the employee's own. The remark is
        # read as a first message is; the answer to the question tells another situation only
        # in a playbook's own words ("she was rude to a customer"): scored, a short answer's
        # stray word ("don't know", "mit ihr") would count as one.
        said = [turn.content for turn in history if turn.role is Role.USER]
        told = said[-2] if at_the_question else said[-1]
        remark = without_family_illness(told)
        if self._library.index.best(remark) is not None and not self._tells_an_absence(told):
            return False
        answer = without_family_illness(said[-1])
        # After "his wife is in hospital", "she had surgery yesterday" ("operiert", "手術") is
        # still her illness, not his own sickness.
        theirs = tells_of_family_illness(told)
        return not at_the_question or not any(
            self._about(answer, playbook.id) for playbook in self._library.index.playbooks
            if not (theirs and playbook.id == _SICKNESS))

    def _tells_an_absence(self, text: str) -> bool:
        """Whether a message with a family member's illness says the employee cannot work
        ("he can't do his shifts this week", "il peut pas faire ses services", "er kann diese
        Woche nicht arbeiten"): that absence is the family's, so the support answers it, not
        the sickness or no-show advice."""
        if not tells_of_family_illness(text):
            return False
        if says_they_cannot_work(text):
            return True
        match = self._library.index.best(without_family_illness(text))
        return match is not None and match.playbook.id in _ABSENCES

    @staticmethod
    def _tells_of_a_young_worker(text: str, state: AdviceConversation) -> bool:
        """Whether a new topic tells of a worker under 18 and their working hours, not as an
        answer to ERA's questions."""
        return state.stage not in (str(_Next.CLARIFY), str(_Next.YOUNG_WORKER)) \
            and speaks_of_a_young_worker(text)

    @staticmethod
    def _tells_of_a_pay_error(text: str, state: AdviceConversation) -> bool:
        """Whether a new topic tells of pay the employee says is wrong or missing, not as an
        answer to ERA's questions nor again after that advice."""
        return state.stage not in (str(_Next.CLARIFY), str(_Next.PAY_DISPUTE)) \
            and speaks_of_a_pay_dispute(text)

    def _asks_for_a_pay_rise(self, text: str, state: AdviceConversation) -> bool:
        """Whether a message tells of a pay rise asked for, with no situation a playbook
        covers ("il y a une augmentation de ses retards" is lateness) and not as an answer."""
        return state.stage != str(_Next.CLARIFY) and state.stage != str(_Next.PAY_RISE) \
            and speaks_of_a_pay_rise(text) and self._library.index.best(text) is None

    def _asks_about_its_leave(self, text: str, state: AdviceConversation) -> bool:
        """Whether a question after the advice asks about time off in a situation that
        brings its own leave (a death in the family, sickness)."""
        if state.stage not in _ADVISED or state.playbook_id not in _BRINGS_LEAVE \
                or not _asks(text):
            return False
        match = self._library.index.best(text)
        return match is not None and match.playbook.id == _LEAVE_REQUEST

    @staticmethod
    def _refused_the_request(text: str, state: AdviceConversation) -> bool:
        """Whether the manager says they turned down the request the leave-request advice was
        about."""
        return _LEAVE_REQUEST in (state.playbook_id, state.ended_playbook_id) \
            and tells_a_refusal(text)

    def _about(self, text: str, playbook_id: str | None) -> bool:
        """Whether a message names one of the topic's playbook keywords as they are ("late"),
        not as retrieval scores them ("arrives" is near "arrives late" in a pasted text)."""
        playbook = self._library.get(playbook_id) if playbook_id else None
        if playbook is None:
            return self._library.index.best(text) is not None
        folded = f" {' '.join(_WORD.findall(fold_text(text)))} "
        # Chinese and Japanese run their words together: their keywords are found anywhere.
        return any((fold_text(phrase) in folded) if _UNSPACED_CHARACTER.search(phrase)
                   else f" {' '.join(_WORD.findall(fold_text(phrase)))} " in folded
                   for phrase in playbook.keyword_phrases)

    def _ask_again(
        self, playbook: Playbook, step: _Next, topic: AdviceTopic | None,
        state: AdviceConversation, name: str | None, language: str, prefix: str, noted: bool,
        *, employee: Person | None, names_someone: bool,
    ) -> AdviceReply:
        """The clarifying questions asked again: after the answer to a question the manager
        asked instead (what the playbook says about it, that it is for HR, or why ERA asks),
        or after a message that answered none of them."""
        asked_before = set(state.asked)
        indexes = tuple(index for index, tags in enumerate(playbook.question_facts)
                        if asked_before & set(tags)) or playbook.open_questions(state.facts) \
            or (len(playbook.questions) - 1,)
        questions = "\n".join(f"- {playbook.questions[index]}" for index in indexes)
        if step is _Next.UNCLEAR:
            text = f"{say(NOT_AN_ANSWER, language)}\n\n{questions}"
        elif step is _Next.FOR_HR:
            text = f"{say(FOR_HR, language)}\n\n{say(STILL_ASKING, language)}\n\n{questions}"
        elif step is _Next.WHY_ASKED:
            text = f"{say(WHY_ASKED, language)}\n\n{say(STILL_ASKING, language)}\n\n{questions}"
        else:
            parts = (playbook.answer_parts(topic, DEFAULT_STEP) if topic is not None
                     else (playbook.follow_up,) if playbook.follow_up else ())
            if parts:
                bullets = "\n".join(f"- {part}" for part in parts)
                answer = f"{say(FROM_GUIDANCE, language, title=_title(playbook))}\n\n{bullets}"
            else:
                answer = say(BEYOND_PLAYBOOK, language, title=_title(playbook))
            text = f"{answer}\n\n{say(STILL_ASKING, language)}\n\n{questions}"
        logger.info("playbook advisor: %s asks its questions again (%s)", playbook.id, step)
        return AdviceReply(prefix + playbook.fill_employee(text, name), playbook_id=playbook.id,
                           employee=employee, names_someone=names_someone,
                           stage=str(_Next.CLARIFY), asked=playbook.asked_facts(indexes),
                           language_noted=noted, reasked=True,
                           offers_hand_over=step is _Next.FOR_HR)

    def _clarify(
        self, playbook: Playbook, facts: SituationFacts, state: AdviceConversation,
        employee: str | None,
    ) -> tuple[str, tuple[Fact, ...]]:
        """The clarifying turn: the questions the facts leave open (the decisive one alone
        in a second round); the facts they ask about."""
        second_round = state.stage == str(_Next.CLARIFY) and state.playbook_id == playbook.id
        if second_round:
            indexes = playbook.missing_decisive(facts)[:1]
            lead = say(ONE_MORE_QUESTION, playbook.language)
        else:
            indexes = playbook.open_questions(facts) or (len(playbook.questions) - 1,)
            lead = playbook.acknowledgement
        bullets = "\n".join(f"- {playbook.questions[index]}" for index in indexes)
        text = f"{lead}\n\n{bullets}" if lead else bullets
        return playbook.fill_employee(text, employee), playbook.asked_facts(indexes)

    def _next(
        self, history: Sequence[ConversationTurn], state: AdviceConversation, *,
        names_someone: bool = False, topic: AdviceTopic | None = None, newcomer: bool = False,
        says_nothing: bool = False, legal: bool = False,
    ) -> tuple[Playbook | None, _Next, SituationFacts]:
        """The playbook, the kind of reply and the facts for the newest message. `topic` is
        what a question about the advice asks (None: it is no such question, or it names
        someone the conversation was not about): such a question stays on the playbook, and
        at a clarifying question it is answered and the questions asked again, as they are
        after a message that `says_nothing` (no fact, no name, no situation: "asdf"). Whether
        something is `legal` is for HR: ERA says so and offers them, the advice kept.
        A situation about someone the conversation was not about (`newcomer`) starts anew,
        even under the same playbook ("Alice was rude to a customer too")."""
        latest = history[-1].content
        # The answer to "what happened?" after a remark no playbook covered is read with that
        # remark ("elle pleure dans la réserve" ... "son père est décédé").
        match = self._library.index.best(
            _with_the_remark(history) if state.stage == GAP_QUESTION_STAGE else latest)
        playbook = self._library.get(state.playbook_id) if state.playbook_id else None
        stage = state.stage
        facts = state.facts
        current = playbook or (self._library.get(state.ended_playbook_id)
                               if state.ended_playbook_id else None)
        if legal and current is not None and not newcomer:
            return current, _Next.FOR_HR, facts
        if playbook is None and state.ended_playbook_id and topic is not None:
            playbook = self._library.get(state.ended_playbook_id)
            if playbook is not None:
                return playbook, _Next.ANSWER, facts
        if playbook is not None and stage == str(_Next.CLOSING) and topic is not None:
            return playbook, _Next.ANSWER, facts
        if playbook is None or stage not in _CONTINUING:
            if match is None:
                # At the question about a remark no playbook covers, a short answer that
                # tells nothing ("ich weiß es nicht") leaves it for HR; an "ok" ends it.
                if len(history) > 1 and _is_acknowledgement(latest) and (
                        stage != GAP_QUESTION_STAGE or acknowledges_only(fold_text(latest))):
                    return None, _Next.CLOSING, facts
                return None, _Next.GAP, facts
            return (match.playbook, _opening(history[-1], names_someone),
                    _fresh(match.playbook, latest))
        if stage == str(_Next.CLARIFY):
            if asks_why_asked(latest) and not answers_a_question(latest):
                return playbook, _Next.WHY_ASKED, facts
            if _asks_aside(latest, topic):
                return playbook, _Next.ASIDE, facts
            if says_nothing:
                return playbook, _Next.UNCLEAR, facts
            if state.rounds < MAX_CLARIFYING_ROUNDS and playbook.missing_decisive(facts):
                return playbook, _Next.CLARIFY, facts
            return playbook, _Next.RECOMMEND, facts
        # A question after the advice about the same person ("can I make him apologise?" after
        # the misconduct advice about Chen) asks about this case, whatever other playbook its
        # words lean to: it stays here (answered, or HR's), never a new situation.
        about_this_case = stage in _ADVISED and _asks(latest)
        if match is not None and (newcomer or (match.playbook.id != playbook.id
                                               and topic is None and not about_this_case)):
            return (match.playbook, _opening(history[-1], names_someone),
                    _fresh(match.playbook, latest))
        if stage == str(_Next.POLICY) and frame_conversation(history[-1:]) is Framing.ACTIVE:
            return playbook, _Next.CLARIFY, facts
        if stage in (str(_Next.RECOMMEND), str(_Next.FOLLOW_UP)) and state.step is not None \
                and playbook.decide(facts) != state.step:
            return playbook, _Next.RECOMMEND, facts
        if topic is not None:
            return playbook, _Next.ANSWER, facts
        if asks_if_it_continues(latest) and playbook.follow_up:
            return playbook, _Next.FOLLOW_UP, facts
        # After advice a short word is an acknowledgement ("thx"); a long text is no answer.
        if says_nothing and (len(latest.split()) > 1 or len(latest) >= _LONG_TOKEN):
            return playbook, _Next.UNCLEAR, facts
        # "he says it's the bus", "actually it was 6 times": more about the situation, which
        # leaves the step as it was (a step it changes is recommended above). Not "glad that
        # helps", as if the manager had said thanks.
        # So is the situation said again ("Bob Smith 总是迟到"), unless thanks open it.
        if stage in _ADVISED and not _asks(latest) and (_tells_a_fact(latest) or (
                self._about(latest, playbook.id) and not _opens_with_thanks(latest))):
            return playbook, _Next.NOTED, facts
        if _is_acknowledgement(latest):
            return playbook, _Next.CLOSING, facts
        if stage == str(_Next.RECOMMEND) and _asks(latest):
            # "should I tell the team?", "est-ce que je peux fouiller son sac ?": a question
            # no part of the playbook answers is HR's, said so with the offer to hand over;
            # the playbook's next step ("if it continues") is no answer to it.
            return playbook, _Next.QUESTION, facts
        if stage == str(_Next.RECOMMEND) and playbook.follow_up:
            return playbook, _Next.FOLLOW_UP, facts
        return playbook, _Next.GAP, facts

    def _replay(self, history: Sequence[ConversationTurn]) -> AdviceConversation:
        """The conversation state rebuilt from the history alone (when the caller keeps
        none), recognising ERA's own playbook replies."""
        state = AdviceConversation()
        for turn in history:
            if turn.role is Role.USER:
                state = state.with_message(turn.content)
                continue
            recognised = self._library.recognise(turn.content)
            if recognised is None:
                state = state.with_reply(turn.content, playbook_id=None, now=_EPOCH)
                continue
            playbook, stage = recognised
            asked = playbook.asked_facts(tuple(range(len(playbook.questions))))
            state = state.with_reply(
                turn.content, playbook_id=playbook.id, now=_EPOCH, stage=str(stage),
                step="default" if stage is PlaybookStage.RECOMMEND else None,
                asked=asked if stage is PlaybookStage.CLARIFY else (),
            )
        return state


def set_aside_said(
    aside: SetAside, latest_named: Sequence[Person], language: str | None
) -> str:
    """What ERA says of the situation it sets aside for another person's, in `language` (a
    language or a locale)."""
    if aside.previous:
        return say(OTHER_PERSON, language, previous=aside.previous,
                   employee=shared_first_name(latest_named) or "")
    return say(OTHER_SITUATION, language)


def _with_the_remark(history: Sequence[ConversationTurn]) -> str:
    """The manager's last two messages: the remark ERA asked about, and the answer."""
    said = [turn.content for turn in history if turn.role is Role.USER]
    return " ".join(said[-2:])


def _fresh(playbook: Playbook, message: str) -> SituationFacts:
    """The facts of a new topic: what its first message says."""
    return SituationFacts(topic=playbook.id).with_message(message)


def _answered_step(state: AdviceConversation) -> str:
    """The step recommended in the topic a question about the advice is about: the current
    one, or the one an action flow has just ended."""
    if state.playbook_id:
        return state.step or DEFAULT_STEP
    return state.ended_step or DEFAULT_STEP


def _title(playbook: Playbook) -> str:
    """A playbook's title inside a sentence: lower case, but German nouns keep their capital."""
    return playbook.title if playbook.language == "de" else playbook.title.lower()


def _language(locale: str | None, written: frozenset[str]) -> str:
    """The two-letter language of a locale ("fr-FR" -> "fr"), with its region when the
    playbooks are `written` in a regional variant of it ("pt-BR"; "pt-PT" -> "pt"); English
    when unknown."""
    if not locale:
        return ENGLISH
    parts = locale.replace("_", "-").split("-")
    language = parts[0].casefold() or ENGLISH
    regional = f"{language}-{parts[1].upper()}" if len(parts) > 1 else language
    return regional if regional in written else language



def _opening(message: ConversationTurn, names_someone: bool) -> _Next:
    """How to open a situation: its general answer for a policy or hypothetical question,
    otherwise the clarifying questions. A question about one of the manager's people by name
    ("Bob Smith keeps coming in late, what should I do?") is about a real case."""
    framing = frame_conversation([message])
    asks = _asks(message.content)
    if framing is Framing.HYPOTHETICAL or (
            framing is Framing.UNKNOWN and asks and not names_someone):
        return _Next.POLICY
    return _Next.CLARIFY


def _asks_aside(text: str, topic: AdviceTopic | None) -> bool:
    """Whether a message at a clarifying question is a question about the advice ("what if
    he denies it?", "what if it happens again?") rather than an answer; an answer with a
    question after it ("yes, I warned him, should I write it down?") is an answer."""
    if answers_a_question(text):
        return False
    # "yes, ..." opens with an answer; "y si lo niega?" (and if) and "et si" do not.
    head = text.split(",")[0] if "," in text else ""
    if head and len(head.split()) <= 2 and is_bare_answer(head):
        return False
    if asks_if_it_continues(text):
        return True
    return topic is not None and _asks(text)



def _asks(text: str) -> bool:
    """Whether a message has a question mark, in any script."""
    return any(mark in text for mark in _QUESTION_MARKS)


def _tells_a_fact(text: str) -> bool:
    """Whether a message tells something about the situation: the reason ("he
    says it's the bus"), a count ("actually it was 6 times") or another fact the clarifying
    questions ask. (A lone "one" is no count: "他们还在同一个班", they are still on one shift.)"""
    found = read_facts(text)
    return found.get("reason_known") is True or (found.get("occurrences") or 0) > 1 or any(
        found.get(name) is not None for name in ANSWERING_FACTS if name != "occurrences")


def _opens_with_thanks(text: str) -> bool:
    """Whether a message opens with an acknowledgement ("ok, I'll talk to him about the
    lateness", "thanks, ..."): it answers the advice, whatever it says after."""
    first = text.strip().split(maxsplit=1)
    return bool(first) and is_acknowledgement(first[0])


def _says_nothing(text: str) -> bool:
    """A message no answer can be read in: no fact, no yes or no, and either one Latin-script
    "word" ("asdf", a key held down) or a long text (pasted by mistake). Not knowing is an
    answer ("idk", "ni idea")."""
    found = read_facts(text)
    if any(value not in (None, (), False) for value in found.values()):
        return False
    if found.get("reason_known") is False:
        return False
    if is_bare_answer(text):
        return False
    words = text.split()
    if len(words) == 1 and not _UNSPACED_CHARACTER.search(text):
        return True
    # Chinese and Japanese run their words together: a long run of them is a sentence.
    return len(words) >= _LONG_MESSAGE_WORDS or any(
        len(word) >= _LONG_TOKEN and not _UNSPACED_CHARACTER.search(word) for word in words)


def _puts_off(text: str) -> bool:
    """A putting-off and nothing else ("vielleicht später", "peut-être plus tard", "以后再说"): at
    a clarifying question the answer is still to come, so the advice cannot go on as if it had
    been given (after the advice it is an acknowledgement, as "later" always was). It says
    nothing even when a word of it is a topic's ("más tarde", later: "tarde" is also late)."""
    return is_decline(fold_text(text), whole=True) and not is_bare_answer(text)


def _is_acknowledgement(text: str) -> bool:
    return _word_count(text) <= _ACKNOWLEDGEMENT_WORDS and not _asks(text)


def _word_count(text: str) -> int:
    """The words of a message; Chinese and Japanese run theirs together, so each of their
    characters counts as one ("好的，谢谢" is short, "他们还在同一个班" tells something)."""
    count = 0
    for token in text.split():
        unspaced = len(_UNSPACED_CHARACTER.findall(token))
        rest = _UNSPACED_CHARACTER.sub("", token)
        count += unspaced + (1 if not unspaced or any(c.isalnum() for c in rest) else 0)
    return count
