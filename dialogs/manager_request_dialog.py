"""The shape shared by a worker's requests that only their manager can answer.

A worker's "more hours" request and "running late" notice both ask whether to pass the worker's
words on to their manager, naming the manager (and, for lateness, the shift); on yes the manager
gets them by email and in chat, in the manager's language, once (the action ledger, keyed by
the flow's request id), and the effect is audited. No tells nobody. A subclass says what its
messages are called (`messages`), which question it asks, what it audits, and any extra fields
its sentences name; this base asks, reads the answer and passes the words on.
"""

from __future__ import annotations

from typing import Any

from botbuilder.dialogs import DialogTurnResult, WaterfallStepContext

from core.audit_record import AuditRecord
from core.intent import Intent
from core.name_matcher import find_names_in_text, spell_script_names, without_name
from core.person import Person
from core.reply_interpreter import ReplyIntent, describe_accepted, interpret_reply, read_words
from core.reply_lexicon import TELL_AFTER_A_NAME, TELL_BEFORE_A_NAME
from core.turn_memory import TurnMemory
from dialogs.employee_choice import store_employees
from dialogs.era_turn import EraTurn
from dialogs.flow_dialog import FlowDialog, FlowOutcome
from dialogs.manager_notice import ManagerNotice, ManagerReach, notice_language, one_line
from dialogs.manager_told import remember_told
from dialogs.rendering.markdown_text import quoted_words
from dialogs.reply_prompt import PREVIEW_AGAIN, AnswerStatus, ReplyAnswer, thanks_alone
from language import phrase
from language.catalogue import say
from language.formatting import format_accepted
from language.intent_rules import language_of
from language.phrase import Phrase, Sayable, said
from language.reply_words import words_after_yes
from state.action_ledger import ActionInProgressError

# The worker's words are passed on as written, up to this length.
MAX_WORDS = 300
# The flow option (and memory field) saying what a worker asks their manager about, when the
# flow serves more than one kind of request ("ask_manager": hours, or a change of shift).


class ManagerRequestDialog(FlowDialog):
    """Ask whether to pass a worker's words on to their manager, then do it once."""

    #: The catalogue prefix of the flow's messages ("more_hours" -> "more_hours.confirm").
    messages: str
    #: The action ledger's kind; also the prefix of the notice's request id.
    ledger_kind: str
    #: The question asked before the manager is told.
    confirm_question: str
    #: The audit record's action.
    audit_action: str

    async def fields(
        self, memory: TurnMemory, worker: Person, language: str
    ) -> dict[str, str]:
        """The extra placeholders the flow's sentences name, in `language`."""
        return {name: said(value, language)
                for name, value in (await self.phrase_fields(memory, worker)).items()}

    async def phrase_fields(self, memory: TurnMemory, worker: Person) -> dict[str, Sayable]:
        """Those placeholders in any language (none by default)."""
        return {}

    def message(self, memory: TurnMemory, name: str) -> str:
        """The catalogue id of the flow's sentence `name` ("confirm", "kept") for the request
        in `memory`."""
        return f"{self.messages}.{name}"

    def audit_action_of(self, memory: TurnMemory) -> str:
        """The audit record's action for the request in `memory`."""
        return self.audit_action

    def audit_subject(self, memory: TurnMemory, worker: Person) -> str:
        """What the audit record is about (the worker by default)."""
        return worker.id

    def finish_result(self, memory: TurnMemory) -> dict[str, Any]:
        """What the flow ends with once the manager is told (nothing by default)."""
        return {}

    def corrected_words(self, memory: TurnMemory, text: str, locale: str | None) -> str | None:
        """The words to pass on as an answer corrects them ("no, 30 min" of the delay in "I'll
        be 15 min late"), or None when it corrects nothing (the default)."""
        return None

    async def unclear_answer(
        self, step: WaterfallStepContext, memory: TurnMemory, text: str
    ) -> DialogTurnResult:
        """An answer that is neither yes nor no: say what is accepted and ask again. The
        request said again ("can I get more hours next week?" after "more hours please"),
        in any language, is the words to pass on now, asked about again: no yes is taken
        from it."""
        language = self.language(step)
        turn = EraTurn.of(step.context)
        if text and turn.understood(text).intent is self.intent:
            await self.save_memory(step.context, memory.with_data(words=text[:MAX_WORDS]))
            return await step.replace_dialog(self.initial_dialog_id, {"reask": True})
        if text and await self._yes_naming_manager(memory, text, turn):
            # "ok can you ask maria then", "oui, demande à Maria": the yes names whom to tell.
            return await self._pass_on(step, memory)
        if thanks_alone(turn, text):
            # "merci", "danke", "ありがとう": thanks is neither a yes nor a no. It is welcomed
            # and the question asked again, as at "Shall we get back to …?"; nothing is sent.
            await step.context.send_activity(say("prompt.thanks", language))
            return await step.replace_dialog(self.initial_dialog_id, {"reask": True})
        more = words_after_yes(text, self.confirm_question, turn.locale) if text else None
        if more is not None and turn.understood(more).intent in (Intent.UNKNOWN, self.intent):
            # "yes, I have a doctor's appointment", "ja bitte, ich habe einen Arzttermin": the
            # words are added to what the manager gets, shown for a fresh yes; never sent
            # without one. Another request after the yes ("yes, and cancel my friday shift")
            # is no words for the manager.
            return await self.add_words(step, memory, more)
        if self._own_words(turn, text):
            # "10 de plus par semaine", "only weekends", "like 15 mins", "Stau auf der A3":
            # a detail of the request, not an answer; it joins the words for a fresh yes.
            return await self.add_words(step, memory, text)
        if text and read_words(text, self.confirm_question, turn.locale).asks:
            # "wem sagst du das?", "what will you tell her?": the question again (whom, what,
            # for which shift) is the answer; nothing is sent.
            await step.context.send_activity(say(PREVIEW_AGAIN, language))
            return await step.replace_dialog(self.initial_dialog_id, {"reask": True})
        accepted = format_accepted(describe_accepted(self.confirm_question, ()), language)
        await step.context.send_activity(
            say("prompt.not_understood", language, accepted=accepted))
        return await step.replace_dialog(self.initial_dialog_id, {"reask": True})

    async def _yes_naming_manager(self, memory: TurnMemory, text: str, turn: EraTurn) -> bool:
        """Whether the answer is a yes once the manager's name is left out of it ("yes ask
        maria", "ok can you ask maria then", "ja, frag Maria", "tak, zapytaj Marię"): the
        interpreter knows "ask her", not the name. Only a name right after a verb of asking
        or telling counts: "ask maria if I can swap", "fine, i will talk to maria", "ok maria
        knows" are no yes."""
        manager = await self.services.directory.get(str(memory.data["manager_id"]))
        if manager is None:
            return False
        unnamed = without_name(text, manager, language=turn.locale,
                               after=TELL_BEFORE_A_NAME.get(language_of(turn.locale) or "", ()))
        return unnamed is not None and interpret_reply(
            unnamed, self.confirm_question, (), turn.locale).intent is ReplyIntent.CONFIRM

    async def _someone_else(
        self, memory: TurnMemory, text: str, turn: EraTurn
    ) -> Person | None:
        """The colleague an answer asks ERA to tell or ask instead of the manager offered
        ("tell alice", "no, ask alice", "dis-le à alice", "frag lieber Alice"): named right
        after a verb of asking or telling, with the manager not named. None otherwise ("yes,
        alice can cover for me" is words for the manager)."""
        if not text or turn.pressed:
            return None
        language = language_of(turn.locale) or ""
        verbs = TELL_BEFORE_A_NAME.get(language, ())
        endings = TELL_AFTER_A_NAME.get(language, ())
        if not verbs and not endings:
            return None
        colleagues = await store_employees(self.services.directory, turn.person)
        manager_id = str(memory.data["manager_id"])
        named = find_names_in_text(text, colleagues, language=turn.locale)
        if not named or any(person.id == manager_id for person in named):
            return None
        # "アリスさんに伝えて", "告诉爱丽丝": names in kana or hanzi as the directory spells them.
        spelled = spell_script_names(text, colleagues)
        return next((person for person in named
                     if without_name(spelled, person, language=turn.locale, after=verbs,
                                     before=endings) is not None), None)

    def _own_words(self, turn: EraTurn, text: str) -> bool:
        """Whether an answer that is neither yes nor no is words of the worker's own for the
        manager: a number ("10 de plus", "40 min"), or words the reply interpreter cannot place
        that neither ask ERA something ("was kostet ein Kaffee?", "which days?") nor make
        another request ("what are my shifts")."""
        if not text or turn.understood(text).intent is not Intent.UNKNOWN:
            return False
        read = read_words(text, self.confirm_question, turn.locale)
        return any(c.isdigit() for c in text) or bool(read.own_words and not read.asks)

    async def add_words(
        self, step: WaterfallStepContext, memory: TurnMemory, more: str
    ) -> DialogTurnResult:
        """The worker's further words joined to those passed on, said so, and the question
        asked again with them all, for a fresh yes."""
        words = f"{str(memory.data['words']).rstrip()} {more.strip()}"[:MAX_WORDS]
        await self.save_memory(step.context, memory.with_data(words=words))
        await step.context.send_activity(say("manager_request.words_added",
                                             self.language(step)))
        return await step.replace_dialog(self.initial_dialog_id, {"reask": True})

    async def reask(self, step: WaterfallStepContext) -> DialogTurnResult:
        """The question asked again from the stored memory (after an unclear answer)."""
        lookup = await self.load_memory(step.context)
        if lookup.memory is None:
            return await self.end_expired(step)
        return await self.ask_to_pass_on(step, lookup.memory)

    async def ask_to_pass_on(
        self, step: WaterfallStepContext, memory: TurnMemory
    ) -> DialogTurnResult:
        """Ask whether to tell the manager, naming them, quoting the words."""
        turn = EraTurn.of(step.context)
        manager = await self.services.directory.get(str(memory.data["manager_id"]))
        extra = await self.phrase_fields(memory, turn.person)
        return await self.ask(
            step, memory, self.confirm_question,
            Phrase.of(self.message(memory, "confirm"), manager=manager.name if manager else "",
                      words=memory.data["words"], **extra),
            buttons=phrase.yes_no_buttons(), return_unknown=True,
        )

    async def _confirm_step(self, step: WaterfallStepContext) -> DialogTurnResult:
        answer: ReplyAnswer = step.result
        if answer.status is AnswerStatus.EXPIRED:
            return await self.end_expired(step)
        lookup = await self.load_memory(step.context)
        if lookup.memory is None:
            return await self.end_expired(step)
        text = answer.text.strip()
        other = await self._someone_else(lookup.memory, text, EraTurn.of(step.context))
        if other is not None:
            # "tell alice", "no ask alice", "dis-le à alice": only the manager offered can be
            # asked; naming someone else is no yes (nor words for the manager). Nothing is
            # sent, and the question is asked again.
            manager = await self.services.directory.get(str(lookup.memory.data["manager_id"]))
            await step.context.send_activity(say(
                "manager_request.only_the_manager", self.language(step),
                manager=manager.name if manager else "", name=other.name))
            return await step.replace_dialog(self.initial_dialog_id, {"reask": True})
        corrected = (self.corrected_words(lookup.memory, text, EraTurn.of(step.context).locale)
                     if text and answer.intent is not ReplyIntent.CONFIRM else None)
        if corrected is not None:
            # "no, 30 min", "nein, eher 30 Minuten": the words are changed, not added to (and
            # "no, 30" is no no); asked again with them, for a fresh yes.
            await self.save_memory(step.context,
                                   lookup.memory.with_data(words=corrected[:MAX_WORDS]))
            await step.context.send_activity(say("manager_request.words_changed",
                                                 self.language(step)))
            return await step.replace_dialog(self.initial_dialog_id, {"reask": True})
        if answer.intent is ReplyIntent.UNKNOWN:
            return await self.unclear_answer(step, lookup.memory, text)
        if answer.intent is not ReplyIntent.CONFIRM:
            manager = await self.services.directory.get(str(lookup.memory.data["manager_id"]))
            await step.context.send_activity(say(
                self.message(lookup.memory, "kept"), self.language(step),
                manager=manager.name if manager else ""))
            return await self.finish(step, FlowOutcome.CANCELLED)
        return await self._pass_on(step, lookup.memory)

    async def _pass_on(self, step: WaterfallStepContext, memory: TurnMemory) -> DialogTurnResult:
        """Tell the manager once; a second yes (a double press, a redelivered message) is
        answered from the ledger."""
        turn = EraTurn.of(step.context)
        worker = turn.person
        request_id = str(memory.data["request_id"])
        manager = await self.services.directory.get(str(memory.data["manager_id"]))
        if manager is None:
            await step.context.send_activity(say(f"{self.messages}.no_manager", turn.language))
            return await self.finish(step)

        async def tell() -> dict[str, str]:
            notice = await self._notice(memory, worker, manager)
            reach = await notice.send(manager, request_id=f"{self.ledger_kind}-{request_id}",
                                      mail=self.services.mail, notifier=self.services.notifier)
            return {"reach": str(reach)}

        def audited(result: dict[str, str]) -> AuditRecord:
            return turn.audit_entry(self.audit_action_of(memory),
                                    self.audit_subject(memory, worker),
                                    manager_id=manager.id, reach=result["reach"],
                                    request_id=request_id)

        try:
            outcome = await self.services.ledger.run_once(self.ledger_kind, request_id, tell,
                                                          audited=audited)
        except ActionInProgressError:
            await step.context.send_activity(say("running_late.in_progress", turn.language))
            return await self.finish(step)
        extra = await self.fields(memory, worker, turn.language)
        reach = ManagerReach(outcome.result["reach"])
        told = "already_told" if outcome.replayed else _TOLD[reach]
        remember_told(manager.id, reach, status=self.message(memory, "already_told"),
                      not_reached=self.message(memory, "not_told"),
                      undo="manager_told.cannot_undo",
                      undo_not_reached=self.message(memory, "not_told"),
                      fields={"manager": manager.name, **extra}, now=turn.now)
        await step.context.send_activity(
            say(self.message(memory, told), turn.language, manager=manager.name, **extra))
        return await self.finish(step, **self.finish_result(memory))

    async def _notice(self, memory: TurnMemory, worker: Person, manager: Person) -> ManagerNotice:
        """The manager's email and chat message, in the manager's language."""
        theirs = await notice_language(self.services.notifier, manager)
        extra = await self.fields(memory, worker, theirs)
        words = str(memory.data["words"])
        return ManagerNotice(
            subject=say(self.message(memory, "manager_email_subject"), theirs, worker=worker.name,
                        **extra),
            body=say(self.message(memory, "manager_email_body"), theirs, manager=manager.first_name,
                     worker=worker.name, words=one_line(words), **extra),
            chat=say(self.message(memory, "manager_notice"), theirs, worker=worker.name,
                     words=quoted_words(words), **extra),
        )


# The last word of the message that says how the manager was reached.
_TOLD = {
    ManagerReach.EMAILED: "done",
    ManagerReach.CHATTED: "done_in_chat",
    ManagerReach.NOT_TOLD: "not_told",
}
