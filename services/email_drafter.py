"""Drafts and revises the emails a manager sends an employee: from the templates in
prompts/email_templates/<lang>/ (offline), or with the chat model (when one is configured).

A draft is written from facts, never from the manager's chat: the situation's structured facts
(core.situation_facts: how often, over which period, what was already done) and ERA's own data,
for lateness and absence the employee's scheduled shifts in that period from the shift backend
and, where the backend keeps them, their clock-ins (time cards), so a written warning lists the
actual dates ("Mon 16 Nov (20 minutes late), Wed 18 Nov (15 minutes late) ..."). What is not
known stays as a visible placeholder in square brackets for the manager to fill before sending.

The letter is in the employee's preferred language when templates exist in it (en, fr, es, de, it,
pt, nl, pl, ja, zh: one folder per language with the templates and `phrases.txt`, the sentences
composed from the facts; see prompts/email_templates/README.md), else in English, and the
drafter says so. A regional folder (pt_BR) varies its language's for a reader of that region
(pt-BR), with only the templates and phrases it writes otherwise.

The model writes only the subject and the body; the recipient comes from the directory and
never from its answer (header lines such as "To:" in an answer are dropped). It gets the
structured facts and the filled template as the starting point, so an AI draft keeps the same
facts and placeholders. Model failures raise BackendError("llm", ...) for the dialog to fall
back on the template and say so.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from pathlib import Path
from string import Template

from babel.dates import format_date
from babel.lists import format_list

from core.email_draft import (
    REQUESTED_KINDS,
    DraftFacts,
    EmailPurpose,
    fill_template,
    split_subject,
)
from core.errors import BackendError, ConfigError
from core.llm_client import ChatMessage, LlmClient
from core.person import Person
from core.shift import Shift
from core.shift_backend import ShiftBackend
from core.situation_facts import Period, SituationFacts, facts_summary
from core.time_card import TimeCard, TimeCardsUnavailableError
from language.catalogue import in_every_language, say
from language.formatting import format_list as listed
from language.formatting import language_name
from language.topic_articles import in_nominative, without_leading_article

logger = logging.getLogger(__name__)
# A subject line may open with the label of any language ("Objet : ...", "件名：..."): typed
# back by a person or written by the model.
SUBJECT_LABELS = in_every_language("render.subject_label")

TEMPLATES_DIR = Path(__file__).resolve().parent.parent / "prompts" / "email_templates"
ENGLISH = "en"
PHRASES_FILE = "phrases.txt"
# A clock-in more than this after the start is late.
LATE_AFTER = timedelta(minutes=1)
RECENT = timedelta(days=30)
_TEMPERATURE = 0.3
_MAX_TOKENS = 700
# The CLDR locale a letter's dates are written in, and the short day format per language.
_CLDR_LOCALE = {"en": "en_GB", "pt": "pt_PT"}
# A bracketed placeholder of a phrase, for the manager to fill ("[date of our conversation]").
_PLACEHOLDER = re.compile(r"\[[^\]]+\]")
_DAY_FORMAT = {
    "de": "EEE d. MMM",
    "pt": "d 'de' MMMM",
    "pl": "d MMMM",
    "ja": "M月d日EEEE",
    "zh": "M月d日EEE",
}
IN_ENGLISH = "email.written_in_english"
IN_READER_LANGUAGE = "email.written_in_reader_language"
IN_ASKED_LANGUAGE = "email.written_in_asked_language"
IN_MANAGER_LANGUAGE = "email.written_for_several_languages"
READER_LANGUAGE = "email.reader_language"
WORDS_QUOTED = "email.words_quoted"

_SYSTEM = (
    "You write short, professional, plain-text workplace emails that a store manager sends to "
    "one of their employees, as an experienced HR professional would. Be factual, clear and "
    "respectful. Use only the facts you are given: do not invent dates, incidents, policies or "
    "consequences. Keep every placeholder in square brackets, such as [date of our "
    "conversation], exactly as written: the manager fills them in. Write in the language of the "
    "template you are given, in its formal register. Answer with the subject on the first line "
    "as 'Subject: ...', then an empty line, then the body, signed with the manager's name. Do "
    "not add To, From or Cc lines."
)
_TRANSLATE_SYSTEM = (
    "You translate the words a store manager typed for a workplace email into the language of "
    "that email. The words are said to the employee who receives it, in a formal register "
    "('his help' becomes 'your help'). Answer with the translation alone, on one line: no "
    "quotation marks, no explanation."
)
_TRANSLATE_MAX_TOKENS = 120
# A translation longer than this is no translation of a short phrase: the words are quoted.
_TRANSLATION_CHARS = 300


@dataclass(frozen=True)
class PreparedDraft:
    """The facts a draft is filled from, and the language the employee reads when the letter
    is in English instead (no templates in it), "" otherwise."""

    facts: DraftFacts
    in_english_for: str = ""
    # The language the employee reads, when the manager asked for the letter in another one.
    asked_instead_of: str = ""
    # The language of the manager's words the letter quotes as typed (no model translated
    # them), "" when it quotes none.
    quoted_from: str = ""
    # One letter to people who read different languages: each one's first name and language.
    readers: tuple[tuple[str, str], ...] = ()

    def note(self, language: str | None) -> str:
        """What to tell the manager (in `language`) about the letter's language, when it is
        not theirs (a French manager's letter to an English reader is in English) or they
        asked for it ("write it in English"), or ""; and that the words it quotes in their
        language are not translated ("“dat u zaterdag een uur eerder moet komen”" in an
        English letter)."""
        name = self.facts.employee_name.split()[0]
        if self.readers:
            letter = self.facts.language
            other = next((read for _, read in self.readers if read != _base(letter)), letter)
            said = say(IN_MANAGER_LANGUAGE, language,
                       language=language_name(letter, language),
                       other=language_name(other, language),
                       readers=listed([
                           say(READER_LANGUAGE, language, name=listed(names, language),
                               language=language_name(read, language))
                           for read, names in _by_language(self.readers).items()], language))
        elif self.asked_instead_of:
            said = say(IN_ASKED_LANGUAGE, language, name=name,
                       language=language_name(self.facts.language, language),
                       reader_language=language_name(self.asked_instead_of, language))
        elif self.in_english_for:
            said = say(IN_ENGLISH, language,
                       language=language_name(self.in_english_for, language))
        elif _base(language or ENGLISH) == _base(self.facts.language):
            said = ""
        else:
            said = say(IN_READER_LANGUAGE, language, name=name,
                       language=language_name(self.facts.language, language))
        if not self.quoted_from:
            return said
        quoted = say(WORDS_QUOTED, language, name=name,
                     language=language_name(self.quoted_from, language))
        return f"{said} {quoted}" if said else quoted


class EmailDrafter:
    """Makes email text from templates and facts, and with the chat model when `llm` is
    given; `shifts` (the shift backend) supplies the dates for lateness and absence."""

    def __init__(
        self,
        *,
        llm: LlmClient | None,
        shifts: ShiftBackend | None = None,
        templates_dir: Path = TEMPLATES_DIR,
    ) -> None:
        self._llm = llm
        self._shifts = shifts
        self._templates: dict[tuple[str, EmailPurpose], str] = {}
        # A letter to several people, where the language addresses them otherwise than one
        # ("<purpose>.group.md": Spanish "ustedes", Italian "voi", Portuguese "vocês").
        self._group_templates: dict[tuple[str, EmailPurpose], str] = {}
        self._phrases: dict[str, dict[str, str]] = {}
        # A language's folder ("pt") before its regional variants ("pt_BR"), which hold only
        # the templates and phrases whose regional form differs and keep the rest from it.
        folders = sorted((path for path in templates_dir.iterdir() if path.is_dir()),
                         key=lambda folder: ("_" in folder.name, folder.name))
        for folder in folders:
            language = folder.name.replace("_", "-")
            base = _base(language)
            if language == base:
                self._phrases[language] = _read_phrases(folder / PHRASES_FILE)
            elif base not in self._phrases:
                raise ConfigError(f"the email templates in {folder} vary a '{base}' folder "
                                  "that does not exist")
            else:
                own = folder / PHRASES_FILE
                self._phrases[language] = {**self._phrases[base],
                                           **(_read_phrases(own) if own.exists() else {})}
            for purpose in EmailPurpose:
                path = folder / f"{purpose}.md"
                self._templates[(language, purpose)] = (
                    _read(path) if language == base or path.exists()
                    else self._templates[(base, purpose)])
                group = folder / f"{purpose}.group.md"
                if group.exists():
                    self._group_templates[(language, purpose)] = _read(group)
                elif (base, purpose) in self._group_templates:
                    self._group_templates[(language, purpose)] = (
                        self._group_templates[(base, purpose)])
        if ENGLISH not in self._phrases:
            raise ConfigError(f"the email templates in {templates_dir} need an '{ENGLISH}' folder")
        for language, phrases in self._phrases.items():
            missing = set(self._phrases[ENGLISH]) - set(phrases)
            if missing:
                raise ConfigError(f"email phrases missing in {language}: "
                                  + ", ".join(sorted(missing)))

    @property
    def uses_ai(self) -> bool:
        """Whether drafting and instructions go to the chat model."""
        return self._llm is not None

    @property
    def languages(self) -> frozenset[str]:
        """The languages letters can be written in."""
        return frozenset(self._phrases)

    def language_for(self, person: Person) -> str:
        """The letter's language: the person's preferred one when templates exist, in its
        regional variant when there is one ("pt-BR"; "pt-PT" -> "pt"), else en."""
        return self._letter_language(person.preferred_language or ENGLISH)

    def _letter_language(self, locale: str) -> str:
        """The letter language with templates closest to `locale` ("zh-Hans" -> "zh")."""
        parts = locale.replace("_", "-").split("-")
        wanted = parts[0].lower()
        regional = f"{wanted}-{parts[1].upper()}" if len(parts) > 1 else wanted
        if regional in self._phrases:
            return regional
        return wanted if wanted in self._phrases else ENGLISH

    async def prepare(
        self,
        purpose: EmailPurpose,
        *,
        employee: Person,
        manager: Person,
        store_name: str,
        tz: tzinfo,
        facts: SituationFacts,
        now: datetime,
        request_topic: str = "",
        request_language: str | None = None,
        letter_language: str | None = None,
        readers: tuple[Person, ...] = (),
    ) -> PreparedDraft:
        """The facts of a draft: the composed sentences in the letter's language, with the
        dates from the schedule and time cards where the situation is lateness or absence.
        `request_topic` is what a manager's own request named as the email's subject ("email
        Alice about the weekend rota", "to thank him for his help"): a general email about no
        known situation, a thank-you, a reminder, a notice or a request uses it said to the
        employee ("his help" -> "your help") when it is a short phrase that speaks of no one
        else in the third person. Typed in another language than the letter's
        (`request_language`, the request's: an Italian "turni del weekend" for an English
        letter), it is translated by the chat model when one is configured, else quoted in the
        manager's words, so the letter keeps its subject and topic without the manager writing
        a language they may not know. `letter_language`: the language the manager asked the
        letter in ("write it in English"), when it is one with templates; else the employee's.
        `readers`: everyone one letter to several people goes to; when they read different
        languages and none was asked, it is written in the manager's (`request_language`),
        which the note says with each reader's."""
        wanted = (employee.preferred_language or ENGLISH).split("-")[0].lower()
        language = self.language_for(employee)
        asked_instead_of = ""
        mixed: tuple[tuple[str, str], ...] = ()
        if letter_language in self._phrases:
            if _base(letter_language) != _base(language):
                asked_instead_of = wanted
            language = letter_language
        elif len({_base(self.language_for(reader)) for reader in readers}) > 1:
            language = self._letter_language(request_language or ENGLISH)
            mixed = tuple((reader.first_name, _base(reader.preferred_language or ENGLISH))
                          for reader in readers)
        in_english_for = (wanted if _base(language) != wanted
                          and not asked_instead_of and not mixed else "")
        phrases = self._phrases[language]
        topic = facts.topic if facts.topic in _DRAFTED_TOPICS else "unknown"
        incidents = ""
        if purpose is not EmailPurpose.GENERAL and purpose not in REQUESTED_KINDS \
                and topic in _DATED_TOPICS:
            incidents = await self._incidents(topic, employee, facts, tz, now, phrases, language)
        previous = ""
        if purpose is EmailPurpose.WRITTEN_WARNING:
            if facts.prior_warnings:
                previous = phrases["previous.warning"]
            elif facts.spoken_to:
                previous = phrases["previous.spoken"]
                spoken_on = _spoken_on(facts, now.astimezone(tz).date())
                if spoken_on is not None:
                    # The day the manager said they spoke ("I spoke to him on tuesday") fills
                    # the sentence's one placeholder, the date of that conversation.
                    previous = _PLACEHOLDER.sub(format_date(
                        spoken_on, _DAY_FORMAT.get(_base(language), "EEE d MMM"),
                        locale=_cldr_locale(language)), previous, count=1)
        attempts = ""
        if purpose is EmailPurpose.DOCUMENT_ATTEMPTS:
            if facts.attempts is None:
                attempts = phrases["attempts.unknown"]
            elif facts.attempts == 1:
                attempts = phrases["attempts.one"]
            else:
                attempts = _fill(phrases["attempts.count"], count=str(facts.attempts))
        # Leaving before the end of a shift is the lateness playbook's other half: its letter
        # speaks of leaving early, never of late arrivals the manager did not mention.
        worded = "leaving_early" if topic == "lateness" and facts.leaves_early_only else topic
        subject_text = phrases[f"subject.{worded}"]
        topic_text = phrases[f"topic.{worded}"]
        # The request's language is the lexicon's ("zh-Hans"), the letter's a base one ("zh").
        same_language = request_language is None or (
            _base(request_language) == _base(language))

        def said(max_words: int) -> str | None:
            if same_language:
                return _addressed(request_topic, _base(language), max_words)
            if request_language is None:
                return None
            # The manager's words, said to the employee in the manager's language ("his help"
            # -> "your help"), for the letter to say in its own.
            return _addressed(request_topic, _base(request_language), max_words)

        quoted_from = ""

        async def in_letter(words: str) -> tuple[str, str]:
            nonlocal quoted_from
            if same_language or request_language is None:
                # A subject says the topic on its own: "Szkolenie", not the "Szkolenia" of
                # "w sprawie szkolenia" (the letter's sentence keeps its case).
                # German "wegen dem Dienstplan": the subject is "Dienstplan", not "Dem dienstplan".
                typed_in = request_language or language
                return words, _capitalised(in_nominative(
                    without_leading_article(words, typed_in), typed_in))
            sentence, subject, translated = await self._for_letter(
                words, request_language, language)
            if not translated:
                quoted_from = request_language
            return sentence, subject

        general = said(_MAX_TOPIC_WORDS) if (
            topic == "unknown" and purpose is EmailPurpose.GENERAL) else None
        if general:
            topic_text, subject_text = await in_letter(general)
        if purpose in REQUESTED_KINDS:
            # A thank-you, a reminder, a notice or a request says what the manager asked in
            # the letter's own words ("his help on saturday" -> "your help on saturday"), or
            # leaves a blank for the manager; its subject is the template's.
            kind_topic = said(_MAX_KIND_TOPIC_WORDS)
            # A thank-you asked for without saying what for ("écris à alice pour la
            # remercier") thanks for the employee's work; the other kinds need their topic.
            untold = purpose is EmailPurpose.THANKS and not request_topic.strip()
            unsaid = "thanks.general" if untold else "topic.unknown"
            topic_text = (await in_letter(kind_topic))[0] if kind_topic else phrases[unsaid]
            if kind_topic and not same_language:
                # Words from another language carry no lead of the letter's own: "a friendly
                # reminder about “la riunione di lunedì”", not "a friendly reminder “...”".
                topic_text = _fill(phrases[f"lead.{purpose}"], topic=topic_text)
        local_today = now.astimezone(tz).date()
        draft_facts = DraftFacts(
            employee_name=employee.name, manager_name=manager.name, store_name=store_name,
            date=format_date(local_today, "long", locale=_cldr_locale(language)),
            topic=topic_text, subject=subject_text,
            incidents=incidents, previous_steps=previous,
            expectations=phrases[f"expect.{worded}"], attempts=attempts, language=language,
            readers=max(1, len(readers)),
        )
        return PreparedDraft(draft_facts, in_english_for, asked_instead_of, quoted_from, mixed)

    async def in_letter_language(
        self, words: str, *, source: str, letter: str, capital: bool = False
    ) -> str:
        """Words the manager typed in `source` for a letter in `letter`: translated by the chat
        model when one is configured (and answers), else quoted as typed in the letter's
        quotation marks. `capital`: a subject's, with a capital letter."""
        sentence, subject, _ = await self._for_letter(words.strip(), source, letter)
        return subject if capital else sentence

    async def _for_letter(self, words: str, source: str, letter: str
                          ) -> tuple[str, str, bool]:
        """(in a sentence, as a subject, whether translated) of words typed in another
        language than the letter's: the model's translation, else the words quoted."""
        translated = await self._translated(words, source, letter)
        if translated is not None:
            return translated, _capitalised(translated), True
        # Quoted, the words lose the article that carries their own language's case or
        # gender: "about “Dienstplanänderung”", not "about “der Dienstplanänderung”"; and
        # the case their own endings carry: "about “szkolenie”", not "about “szkolenia”".
        words = in_nominative(without_leading_article(words, source), source)
        quoted = self._phrases[letter]["quoted"]
        return _fill(quoted, words=words), _fill(quoted, words=_capitalised(words)), False

    async def _translated(self, words: str, source: str, letter: str) -> str | None:
        """The model's translation of `words`, or None (no model, or no usable answer)."""
        if self._llm is None:
            return None
        prompt = (f"Translate from {language_name(source, ENGLISH)} into "
                  f"{language_name(letter, ENGLISH)}: {words}")
        try:
            reply = await self._llm.complete(
                [ChatMessage.system(_TRANSLATE_SYSTEM), ChatMessage.user(prompt)],
                temperature=0, max_tokens=_TRANSLATE_MAX_TOKENS,
            )
        except BackendError:
            logger.warning("email draft: the words could not be translated; quoted instead",
                           exc_info=True)
            return None
        translated = reply.content.strip().strip("\"'“”«»„「」").strip()
        if not translated or "\n" in translated or len(translated) > _TRANSLATION_CHARS \
                or "[" in translated:
            return None
        return translated.rstrip(".。")

    def from_template(self, purpose: EmailPurpose, facts: DraftFacts) -> tuple[str, str]:
        """(subject, body) from the purpose's template in the facts' language (its group
        form, when it has one, for a letter to several people)."""
        group = (self._group_templates.get((facts.language, purpose))
                 if facts.readers > 1 else None)
        template = group or self._templates.get((facts.language, purpose)) or self._templates[
            (ENGLISH, purpose)]
        return fill_template(template, facts)

    async def with_ai(
        self, purpose: EmailPurpose, facts: DraftFacts, situation: SituationFacts | None = None
    ) -> tuple[str, str]:
        """(subject, body) written by the model from the structured facts and the filled
        template (never from the manager's chat)."""
        subject, body = self.from_template(purpose, facts)
        known = facts_summary(situation) if situation is not None else ""
        prompt = (
            f"Write {purpose.description} from {facts.manager_name} (manager at "
            f"{facts.store_name}) to {facts.employee_name}. Today is {facts.date}.\n"
            f"Facts gathered: {known or 'none beyond the template'}\n\n"
            "Start from this template and improve it; keep it about the same length, keep its "
            "language and keep every [placeholder]:\n"
            f"Subject: {subject}\n\n{body}"
        )
        return await self._complete(prompt, fallback_subject=subject)

    async def revise(self, subject: str, body: str, instruction: str) -> tuple[str, str]:
        """(subject, body) of the current email rewritten as the instruction asks."""
        prompt = (
            f"Here is the current email:\n\nSubject: {subject}\n\n{body}\n\n"
            f"Rewrite it following this instruction from the manager: {instruction}\n"
            "Keep the facts and the signature; change only what the instruction asks."
        )
        return await self._complete(prompt, fallback_subject=subject)

    async def _incidents(
        self, topic: str, employee: Person, facts: SituationFacts, tz: tzinfo, now: datetime,
        phrases: dict[str, str], language: str,
    ) -> str:
        """The sentence saying what happened, with dates from ERA's records when it has them."""
        start, end = _window(facts.period, now, tz)
        shifts: list[Shift] = []
        cards: list[TimeCard] | None = None
        if self._shifts is not None:
            try:
                shifts = [s for s in await self._shifts.shifts_between(
                    employee.id, start=start, end=end) if s.starts_at < now]
                cards = await self._shifts.time_cards(employee.id, start=start - timedelta(
                    hours=2), end=end)
            except TimeCardsUnavailableError:
                cards = None
            except BackendError:
                logger.warning("email draft: the schedule could not be read", exc_info=True)
                shifts, cards = [], None
        period = phrases[f"period.{facts.period or 'recent'}"]

        def day(shift: Shift) -> str:
            return format_date(shift.starts_at.astimezone(tz).date(),
                               _DAY_FORMAT.get(_base(language), "EEE d MMM"),
                               locale=_cldr_locale(language))

        def listed(items: list[str]) -> str:
            return format_list(items, locale=_cldr_locale(language))

        if topic == "lateness" and facts.leaves_early_only:
            # Time cards record arrivals only: the dates are the manager's to fill in.
            if facts.occurrences:
                return _fill(phrases["early.count"], count=str(facts.occurrences), period=period)
            return phrases["early.unknown"]
        if topic == "lateness":
            if cards is not None:
                late = _late_arrivals(shifts, cards)
                if late:
                    items = [_fill(phrases["late.one"], day=day(s), minutes=str(m))
                             for s, m in late]
                    return _fill(phrases["late.records"], list=listed(items))
            if facts.every_shift and shifts:
                return _fill(phrases["late.every_shift"], period=period,
                             list=listed([day(s) for s in shifts]))
            named = [s for s in shifts if s.starts_at.astimezone(tz).weekday() in facts.weekdays]
            if named:
                return _fill(phrases["late.days"], list=listed([day(s) for s in named]))
            if facts.occurrences:
                return _fill(phrases["late.count"], count=str(facts.occurrences), period=period)
            return phrases["late.unknown"]
        missed: list[Shift] = []
        if cards is not None:
            missed = _missed(shifts, cards)
        elif facts.occurrences:
            missed = shifts[-facts.occurrences:]
        if missed:
            return _fill(phrases["missed.list"], list=listed([day(s) for s in missed]))
        return phrases["missed.unknown"]

    async def _complete(self, prompt: str, *, fallback_subject: str) -> tuple[str, str]:
        if self._llm is None:
            raise BackendError("llm", "no chat model is configured")
        reply = await self._llm.complete(
            [ChatMessage.system(_SYSTEM), ChatMessage.user(prompt)],
            temperature=_TEMPERATURE, max_tokens=_MAX_TOKENS,
        )
        subject, body = split_subject(reply.content, SUBJECT_LABELS)
        if not body:
            raise BackendError("llm", "the model answered without an email body")
        logger.info("email drafted by the model (%d characters)", len(body))
        return (subject or fallback_subject)[:200], body


_MAX_TOPIC_WORDS = 8
# The situations a letter has its own words for (phrases.txt: topic.*, subject.*, expect.*),
# and those whose dates come from the schedule and time cards.
_DRAFTED_TOPICS = ("lateness", "no_show", "performance", "misconduct", "sickness", "conflict")
_DATED_TOPICS = ("lateness", "no_show")
# Chinese and Japanese write without spaces: a topic speaks of someone when it holds he or she
# anywhere ("彼の研修", "his training", is not said to the employee).
_THIRD_PERSON_UNSPACED = ("他", "她", "彼")


# How a request's topic, said of the employee, is said to them in the letter (formal register):
# possessives and object pronouns, and the articles French and Italian fuse with "de" / "di"
# ("remercier du travail" -> "pour le travail"). A word mapped to itself is already right ("su
# ayuda", "a sua ajuda"); "" drops it (Polish, where "Pana/Pani" would need the gender).
_SECOND_PERSON: dict[str, dict[str, str]] = {
    "en": {"his": "your", "her": "your", "their": "your", "him": "you", "them": "you",
           "himself": "yourself", "herself": "yourself"},
    "fr": {"son": "votre", "sa": "votre", "ses": "vos", "lui": "vous", "du": "le", "des": "les"},
    "es": {"su": "su", "sus": "sus"},
    "de": {"sein": "Ihr", "seine": "Ihre", "seinen": "Ihren", "seinem": "Ihrem",
           "seiner": "Ihrer", "seines": "Ihres", "ihre": "Ihre", "ihren": "Ihren",
           "ihrem": "Ihrem", "ihrer": "Ihrer", "ihres": "Ihres", "ihm": "Ihnen"},
    "it": {"suo": "Suo", "sua": "Sua", "suoi": "Suoi", "sue": "Sue", "del": "il",
           "dello": "lo", "della": "la", "dei": "i", "degli": "gli", "delle": "le"},
    "pt": {"seu": "seu", "sua": "sua", "seus": "seus", "suas": "suas"},
    "nl": {"zijn": "uw", "haar": "uw", "hun": "uw", "hem": "u"},
    "pl": {"jego": "", "jej": ""},
}
# The words that still speak of someone else once the swaps are made, per language (the
# French "il" is the Italian article).
_STILL_THIRD_PERSON: dict[str, frozenset[str]] = {
    "en": frozenset({"he", "she", "they", "hers", "theirs"}),
    "fr": frozenset({"il", "elle", "ils", "elles", "leur", "leurs"}),
    "es": frozenset({"él", "ella", "ellos", "ellas"}),
    "de": frozenset({"er", "sie", "ihn", "ihr", "ihnen"}),
    "it": frozenset({"lui", "lei", "loro", "egli", "ella"}),
    "pt": frozenset({"ele", "ela", "eles", "elas", "dele", "dela", "deles", "delas"}),
    "nl": frozenset({"hij", "zij", "ze", "haar"}),
    "pl": frozenset({"on", "ona", "oni", "one", "mu", "go", "ją"}),
}
# The articles fused with the preposition before the topic, changed only at its start.
_LEADING_ONLY = frozenset({"du", "des", "del", "dello", "della", "dei", "degli", "delle"})
# English: "if he can work on sunday" -> "if you can work on sunday" (a modal keeps its form).
_ENGLISH_SUBJECT = re.compile(
    r"\b(?:he|she|they)(?= (?:can|could|will|would|should|must|might|may)\b)", re.IGNORECASE)
_MAX_KIND_TOPIC_WORDS = 20
# Words a letter writes with a capital although the manager typed them in lower case ("your
# help on Saturday", "Ihre Hilfe am Samstag").
_PROPER_CASE: dict[str, dict[str, str]] = {
    language: {word.casefold(): word for word in words.split()}
    for language, words in {
        ENGLISH: "I Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February "
                 "March April June July August September October November December Christmas "
                 "Easter",
        "de": "Montag Dienstag Mittwoch Donnerstag Freitag Samstag Sonntag Sonnabend Januar "
              "Februar März April Mai Juni Juli August September Oktober November Dezember "
              "Hilfe Unterstützung Einsatz Arbeit Schicht Schichten Termin Inventur Woche "
              "Wochenende",
    }.items()
}


# German and Dutch say what to tell in a clause of its own ("dass er morgen seinen Ausweis
# mitbringen soll", "dat hij morgen zijn pas meeneemt"): said to the employee, its subject is
# the polite "Sie" / "u". German "Sie" takes the plural verb, at the clause's end; Dutch "u"
# keeps the verb as it is ("u neemt").
_GERMAN_SUBJECT = re.compile(r"^dass (?:er|sie)(?= )")
_DUTCH_SUBJECT = re.compile(r"^dat (?:hij|zij|ze)(?= )")
_GERMAN_PLURAL = {"soll": "sollen", "sollte": "sollten", "kann": "können", "könnte": "könnten",
                  "muss": "müssen", "müsste": "müssten", "darf": "dürfen", "will": "wollen",
                  "möchte": "möchten", "wird": "werden", "ist": "sind", "hat": "haben",
                  "nimmt": "nehmen", "gibt": "geben", "trägt": "tragen", "hält": "halten",
                  "fährt": "fahren", "liest": "lesen", "sieht": "sehen", "spricht": "sprechen",
                  "weiß": "wissen", "läuft": "laufen", "lässt": "lassen", "isst": "essen"}


# English words dictated to the employee ("email bob: dont forget your badge tomorrow") as the
# reminder's sentence goes on: "This is a friendly reminder not to forget your badge tomorrow".
_ENGLISH_DICTATED = (
    (re.compile(r"^(?:please |pls |plz )?(?:don'?t|don’t|do not) forget to ", re.IGNORECASE),
     "to "),
    (re.compile(r"^(?:please |pls |plz )?(?:don'?t|don’t|do not) ", re.IGNORECASE), "not to "),
    (re.compile(r"^(?:please |pls |plz )?remember to ", re.IGNORECASE), "to "),
    (re.compile(r"^(?:please |pls |plz )?remember ", re.IGNORECASE), "about "),
    (re.compile(r"^(?:please |pls |plz )?bring ", re.IGNORECASE), "to bring "),
)


# French says it with "qu'il" / "qu'elle" and the verb after it: to the employee, "que vous" and
# the verb's vous form ("qu'il doit apporter" -> "que vous devez apporter"). As in English, only
# a modal verb or a subjunctive says something asked of them: "qu'il est en retard" still speaks
# of someone.
_FRENCH_SUBJECT = re.compile(r"^(?:qu'|qu’|que )(?:il|elle)s? ", re.IGNORECASE)
_FRENCH_VOUS = {"doit": "devez", "doivent": "devez", "devra": "devrez", "devrait": "devriez",
                "peut": "pouvez", "peuvent": "pouvez", "pourra": "pourrez",
                "pourrait": "pourriez", "va": "allez", "vont": "allez", "ait": "ayez",
                "soit": "soyez", "vienne": "veniez", "fasse": "fassiez", "puisse": "puissiez",
                "doive": "deviez", "prenne": "preniez", "apporte": "apportiez",
                "passe": "passiez", "arrive": "arriviez", "appelle": "appeliez"}


def _french_clause(topic: str) -> str:
    """"qu'il doit apporter son badge" -> "que vous devez apporter son badge" (the possessive
    is changed with the other words); unchanged when the verb is none of the table's."""
    found = _FRENCH_SUBJECT.match(topic)
    if found is None:
        return topic
    rest = topic[found.end():]
    negation = re.match(r"(?:ne |n'|n’)", rest, re.IGNORECASE)
    lead = ""
    if negation:
        lead, rest = negation.group(0), rest[negation.end():]
    verb, space, after = rest.partition(" ")
    key = verb.casefold()
    if key not in _FRENCH_VOUS:
        return topic
    verb = _FRENCH_VOUS[key]
    if lead and verb[:1].casefold() in "aeiouéèêh":
        lead = "n'"
    return f"que vous {lead}{verb}{space}{after}"


# Portuguese, Spanish and Italian leave out the subject pronoun: said to the employee, "que ele
# tem de trazer" is "que tem de trazer" (the verb's form is the polite "você" / "usted" / "Lei").
# Only before a verb that asks something of them, as in English and French: "que ele está
# atrasado" still speaks of someone.
_DROPPED_SUBJECT = {
    "pt": re.compile(r"^(que(?: \S+)?) (?:ele|ela)(?= (?:tem|deve|precisa|pode|vai|não)\b)",
                     re.IGNORECASE),
    "es": re.compile(r"^(que(?: \S+)?) (?:él|ella)(?= (?:tiene|debe|puede|va|no)\b)",
                     re.IGNORECASE),
    "it": re.compile(r"^(che(?: \S+)?) (?:lui|lei)(?= (?:deve|dovrà|può|potrà|non)\b)",
                     re.IGNORECASE),
}


def _polite_clause(topic: str, language: str) -> str:
    """A German, Dutch or French clause about the employee said to them: "dass er ...
    mitbringen soll" -> "dass Sie ... mitbringen sollen", "dat hij ... meeneemt" -> "dat u ...
    meeneemt", "qu'il doit apporter" -> "que vous devez apporter"."""
    if language == "nl":
        return _DUTCH_SUBJECT.sub("dat u", topic)
    if language == "fr":
        return _french_clause(topic)
    if language in _DROPPED_SUBJECT:
        return _DROPPED_SUBJECT[language].sub(r"\1", topic)
    found = _GERMAN_SUBJECT.match(topic) if language == "de" else None
    if found is None:
        return topic
    words = f"dass Sie{topic[found.end():]}".split(" ")
    verb = words[-1]
    # The verb ends the clause, with its separable prefix ("mitnimmt" -> "mitnehmen").
    for singular, plural in _GERMAN_PLURAL.items():
        if verb.endswith(singular):
            words[-1] = verb[: len(verb) - len(singular)] + plural
            break
    else:
        if verb.endswith("et"):
            words[-1] = verb[:-1] + "n"
        elif verb.endswith("t") and not verb.endswith("en"):
            words[-1] = verb[:-1] + "en"
    return " ".join(words)


_FRENCH_ARTICLE = {"du": "le ", "des": "les ", "de la": "la ", "de l'": "l'", "de l’": "l'"}
_FRENCH_PARTITIVE = re.compile(r"^(du|des|de la|de l'|de l’)(?: |(?<='))", re.IGNORECASE)


def _addressed(
    request_topic: str, language: str, max_words: int = _MAX_KIND_TOPIC_WORDS
) -> str | None:
    """A request's topic said to the employee ("his help" -> "your help", "son aide" -> "votre
    aide", "他周六的帮助" -> "您周六的帮助"), or None when it still speaks of someone in the third
    person or is no short phrase."""
    topic = request_topic.strip().rstrip(".")
    if language == ENGLISH:
        topic = _ENGLISH_SUBJECT.sub("you", topic)
        for dictated, said_as in _ENGLISH_DICTATED:
            if dictated.match(topic):
                topic = dictated.sub(said_as, topic, count=1)
                break
    if language == "zh":
        topic = topic.replace("他们", "您").replace("他", "您").replace("她", "您")
    topic = _polite_clause(topic, language)
    if language == "ja" and topic.endswith("ように"):
        # "明日バッジを持ってくるように" is asked as a thing: "…持ってくること" をお願い.
        topic = topic[: -len("ように")] + "こと"
    if topic.startswith(("dell'", "dell’")):
        topic = "l'" + topic[5:]
    if language == "fr":
        # "au sujet du nouveau planning": the topic is "le nouveau planning".
        topic = _FRENCH_PARTITIVE.sub(lambda m: _FRENCH_ARTICLE[m.group(1).casefold()], topic)
    swaps = _SECOND_PERSON.get(language, {})
    words = topic.split(" ")
    said: list[str] = []
    for index, word in enumerate(words):
        key = word.casefold()
        last = index == len(words) - 1
        if key in swaps and (key not in _LEADING_ONLY or index == 0) \
                and not (language == "nl" and last):
            if swaps[key]:
                said.append(swaps[key])
            continue
        if language == "de" and word == "Sie":
            said.append(word)  # the polite "you", not "she"
            continue
        # "qu'il", "s'il": the word after an elision counts too.
        if key.strip(",").replace("’", "'").split("'")[-1] in _STILL_THIRD_PERSON.get(
                language, frozenset()):
            return None
        said.append(word)
    topic = " ".join(_PROPER_CASE.get(language, {}).get(word.casefold(), word) for word in said)
    if not topic or len(said) > max_words or any(
            pronoun in topic for pronoun in _THIRD_PERSON_UNSPACED):
        return None
    return topic


def _window(period: Period | None, now: datetime, tz: tzinfo) -> tuple[datetime, datetime]:
    """The [start, end) a period names, in the store's time zone (the last 30 days when the
    manager named none)."""
    today = now.astimezone(tz).date()

    def midnight(day: date) -> datetime:
        return datetime.combine(day, time(), tzinfo=tz).astimezone(UTC)

    monday = today - timedelta(days=today.weekday())
    first = today.replace(day=1)
    previous_first = (first - timedelta(days=1)).replace(day=1)
    if period is Period.TODAY:
        return midnight(today), now
    if period is Period.THIS_WEEK:
        return midnight(monday), now
    if period is Period.LAST_WEEK:
        return midnight(monday - timedelta(days=7)), midnight(monday)
    if period is Period.THIS_MONTH:
        return midnight(first), now
    if period is Period.LAST_MONTH:
        return midnight(previous_first), midnight(first)
    return now - RECENT, now


def _late_arrivals(shifts: list[Shift], cards: list[TimeCard]) -> list[tuple[Shift, int]]:
    """The shifts clocked in late for, with the minutes late."""
    late = []
    for shift in shifts:
        card = _card_for(shift, cards)
        if card is not None and card.clock_in - shift.starts_at > LATE_AFTER:
            late.append((shift, int((card.clock_in - shift.starts_at).total_seconds() // 60)))
    return late


def _missed(shifts: list[Shift], cards: list[TimeCard]) -> list[Shift]:
    """The shifts with no clock-in at all."""
    return [shift for shift in shifts if _card_for(shift, cards) is None]


def _card_for(shift: Shift, cards: list[TimeCard]) -> TimeCard | None:
    for card in cards:
        if card.shift_id == shift.id or (
            card.shift_id is None
            and shift.starts_at - timedelta(hours=2) <= card.clock_in < shift.ends_at
        ):
            return card
    return None


def _capitalised(words: str) -> str:
    return words[:1].upper() + words[1:]


def _fill(text: str, **values: str) -> str:
    return Template(text).safe_substitute(values)


def _by_language(readers: tuple[tuple[str, str], ...]) -> dict[str, list[str]]:
    """The readers' first names by the language they read, each name once ("Bob" for both
    Bobs), in the order they come."""
    grouped: dict[str, list[str]] = {}
    for first, read in readers:
        names = grouped.setdefault(read, [])
        if first not in names:
            names.append(first)
    return grouped


def _base(language: str) -> str:
    """The language of a tag without its region ("pt-BR" -> "pt", "zh-Hans" -> "zh")."""
    return language.replace("_", "-").split("-")[0].lower()


def _cldr_locale(language: str) -> str:
    """The CLDR locale a letter in `language` is dated in ("pt" -> pt_PT, "pt-BR" -> pt_BR)."""
    return _CLDR_LOCALE.get(language, language.replace("-", "_"))


def _read(path: Path) -> str:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ConfigError(f"cannot read the email template {path}: {error}") from error
    if not text.strip():
        raise ConfigError(f"the email template {path} is empty")
    return text


def _read_phrases(path: Path) -> dict[str, str]:
    phrases: dict[str, str] = {}
    for number, line in enumerate(_read(path).splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        key, equals, text = line.partition("=")
        if not equals or not key.strip() or not text.strip():
            raise ConfigError(f"{path}:{number}: expected 'key = text'")
        phrases[key.strip()] = text.strip()
    return phrases


def _spoken_on(facts: SituationFacts, today: date) -> date | None:
    """The date the manager spoke to the employee, when they said it: today, or the last day
    before today of the weekday they named ("on tuesday" said on a Monday: six days ago);
    None when they did not say."""
    if facts.spoken_on is not None:
        back = (today.weekday() - facts.spoken_on) % 7 or 7
        return today - timedelta(days=back)
    if facts.spoken_when is Period.TODAY:
        return today
    return None
