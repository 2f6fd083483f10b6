"""The offline drafter writes letters from facts, in the employee's language: dates from the
seeded schedule and time cards, visible placeholders for what nobody said, never a sentence of
the manager's chat; with a model, the structured facts (not the chat) go into its prompt."""

from __future__ import annotations

import re
from dataclasses import replace
from zoneinfo import ZoneInfo

import pytest

from core.email_draft import EmailPurpose, unfilled_placeholders
from core.person import Person
from core.situation_facts import Fact, SituationFacts
from language.catalogue import say
from language.formatting import language_name
from services.demo_shift_backend import DemoShiftBackend
from services.email_drafter import EmailDrafter
from services.openai_llm_client import OpenAiLlmClient
from services.org_database import OrgDatabase
from services.sqlite_directory import SqliteDirectory
from services.stored_audit_log import StoredAuditLog
from state.sqlite_storage import SqliteStorage
from tests.conftest import FIXED_NOW
from tests.fakes.openai_server import FakeOpenAIServer, openai_server
from tests.language.test_catalogue import EUROPEAN_IN_PROSE

__all__ = ["openai_server"]  # the fixture, imported for pytest

LONDON = ZoneInfo("Europe/London")


@pytest.fixture
async def drafter(org_db: OrgDatabase, sqlite_storage: SqliteStorage) -> EmailDrafter:
    return EmailDrafter(llm=None,
                        shifts=DemoShiftBackend(org_db, StoredAuditLog(sqlite_storage)))


async def _person(org_db: OrgDatabase, person_id: str) -> Person:
    person = await SqliteDirectory(org_db).get(person_id)
    assert person is not None
    return person


def _facts(*messages: str, asked: tuple[Fact, ...] = ()) -> tuple[SituationFacts, list[str]]:
    facts = SituationFacts()
    for message in messages:
        facts = facts.with_message(message, asked=asked)
    return facts, list(messages)


def _shared_runs(letter: str, said: list[str], length: int = 5) -> set[str]:
    def runs(text: str) -> set[str]:
        words = re.findall(r"[\w']+", text.casefold())
        return {" ".join(words[i:i + length]) for i in range(len(words) - length + 1)}
    return runs(letter) & set().union(*(runs(message) for message in said))


async def _draft(
    drafter: EmailDrafter, org_db: OrgDatabase, purpose: EmailPurpose, employee_id: str,
    facts: SituationFacts,
) -> tuple[str, str, str]:
    prepared = await drafter.prepare(
        purpose, employee=await _person(org_db, employee_id),
        manager=await _person(org_db, "maria"), store_name="Contoso Market Riverside",
        tz=LONDON, facts=facts, now=FIXED_NOW,
    )
    subject, body = drafter.from_template(purpose, prepared.facts)
    return subject, body, prepared.note("en")


@pytest.mark.parametrize(("purpose", "employee", "messages"), [
    (EmailPurpose.WRITTEN_WARNING, "bob-smith",
     ["you keep coming in late, like 20 min every day this week. yes I spoke to you last "
      "month about it, its Alice Martin"]),
    (EmailPurpose.WRITTEN_WARNING, "alice",
     ["Alice has been late 5 times this month", "yes I gave her a verbal warning"]),
    (EmailPurpose.FOLLOW_UP, "bob-smith",
     ["we talked yesterday about his lateness and he promised to take an earlier bus"]),
    (EmailPurpose.DOCUMENT_ATTEMPTS, "luca",
     ["Luca didn't show up for 3 days", "I called him twice and texted, no answer at all"]),
])


async def test_offline_drafts_contain_no_sentence_from_the_chat(
    drafter: EmailDrafter, org_db: OrgDatabase, purpose: EmailPurpose, employee: str,
    messages: list[str],
) -> None:
    facts, said = _facts(*messages, asked=(Fact.SPOKEN_TO,))
    subject, body, _ = await _draft(drafter, org_db, purpose, employee, facts)
    letter = f"{subject}\n{body}"
    assert _shared_runs(letter, said) == set()
    for pronoun_swap in ("you keep coming in late", "your lateness", "you promised"):
        assert pronoun_swap not in letter


async def test_a_warning_lists_the_late_arrivals_from_the_time_cards(
    drafter: EmailDrafter, org_db: OrgDatabase
) -> None:
    facts, _ = _facts("Bob Smith keeps coming in late this week", "yes, I spoke to him",
                      asked=(Fact.SPOKEN_TO,))
    subject, body, note = await _draft(drafter, org_db, EmailPurpose.WRITTEN_WARNING,
                                       "bob-smith", facts)
    assert subject == "Written warning: your punctuality" and note == ""
    assert ("Our time records show that you arrived late for your shifts on Mon 16 Nov (20 "
            "minutes late), Wed 18 Nov (15 minutes late) and Thu 19 Nov (25 minutes late).") in body
    assert unfilled_placeholders(body) == ("[date of our conversation]",)


async def test_without_late_records_the_dates_are_a_placeholder(
    drafter: EmailDrafter, org_db: OrgDatabase
) -> None:
    facts, _ = _facts("Fatima was late 4 times last week")
    _, body, _ = await _draft(drafter, org_db, EmailPurpose.WRITTEN_WARNING, "fatima", facts)
    assert ("You have arrived late for your shift 4 times last week, on the following dates: "
            "[dates of the late arrivals].") in body
    # Nothing was said about an earlier conversation: no sentence about one.
    assert "spoke about this" not in body


async def test_absences_are_the_shifts_with_no_clock_in(
    drafter: EmailDrafter, org_db: OrgDatabase
) -> None:
    await org_db.execute_many([(
        "DELETE FROM time_cards WHERE person_id = 'luca' AND clock_in >= '2026-11-18'", ())])
    facts, _ = _facts("Luca didn't show up this week", "I called him twice, no answer")
    _, body, _ = await _draft(drafter, org_db, EmailPurpose.DOCUMENT_ATTEMPTS, "luca", facts)
    # Luca reads Italian.
    assert ("Non ha preso servizio nei turni previsti dei giorni mer 18 nov e ven 20 nov, e non "
            "ci ha avvisati in anticipo.") in body
    assert ("Ho cercato di contattarLa 2 volte per telefono o con un messaggio, senza ricevere "
            "risposta.") in body


@pytest.mark.parametrize(("employee", "opening", "closing"), [
    ("sophie", "Par ce courriel, je vous notifie un avertissement écrit concernant votre "
               "ponctualité.", "Cordialement,"),
    ("omar", "Por medio de este correo le comunico una amonestación por escrito en relación "
             "con su puntualidad.", "Atentamente,"),
    ("emma", "mit dieser E-Mail erteile ich Ihnen eine Abmahnung wegen Ihrer "
             "Unpünktlichkeit.", "Mit freundlichen Grüßen"),
    ("luca", "con la presente e-mail Le comunico un richiamo scritto per quanto riguarda la "
             "Sua puntualità.", "Cordiali saluti,"),
    ("ingrid", "Met deze e-mail geef ik u een formele schriftelijke waarschuwing in verband "
               "met uw telaatkomen.", "Met vriendelijke groet,"),
    ("chen", "特此就准时出勤问题向您发出正式书面警告。", "此致\n敬礼！"),
    ("pedro", "Venho, por este meio, comunicar-lhe uma advertência por escrito sobre a sua "
              "pontualidade.", "Com os melhores cumprimentos,"),
    ("yuki", "本メールをもちまして、出勤時刻の遅れについて、書面による警告をお伝えいたします。",
             "以上、よろしくお願いいたします。"),
])


async def test_the_letter_is_in_the_employees_language(
    drafter: EmailDrafter, org_db: OrgDatabase, employee: str, opening: str, closing: str
) -> None:
    facts, _ = _facts("late 3 times this month", "yes", asked=(Fact.SPOKEN_TO,))
    _, body, note = await _draft(drafter, org_db, EmailPurpose.WRITTEN_WARNING, employee,
                                 facts)
    assert opening in body and closing in body
    # The English-speaking manager is told which language the letter is in, and why.
    assert note.startswith("I've written it in ") and note.endswith(" reads."), note
    assert "templates" not in note
    assert "[" in body  # the dates and the conversation's date, in that language


@pytest.mark.parametrize("purpose", list(EmailPurpose))
@pytest.mark.parametrize("messages", [
    ("Luca è arrivato in ritardo 3 volte questa settimana", "sì, gliene ho già parlato"),
    ("Luca non si è presentato al lavoro da 3 giorni", "l'ho chiamato due volte, niente"),
])


async def test_an_italian_letter_has_no_english_left(
    drafter: EmailDrafter, org_db: OrgDatabase, purpose: EmailPurpose, messages: tuple[str, str]
) -> None:
    facts, _ = _facts(*messages, asked=(Fact.SPOKEN_TO,))
    subject, body, note = await _draft(drafter, org_db, purpose, "luca", facts)
    letter = f"{subject}\n{body}"
    assert "English" not in note and body.startswith("Gentile Luca,") and "Cordiali saluti," in body
    assert "$" not in letter
    english = re.findall(r"\b(?:the|you|your|dear|regards|shifts?|late|please|of|on|and|we"
                         r"|minutes|what|times)\b", letter.replace("Riverside", ""),
                         flags=re.IGNORECASE)
    assert english == [], letter


_ENGLISH_WORDS = re.compile(r"\b(?:dear|regards|the|you|your|please|and|with|this|that)\b",
                            re.IGNORECASE)


@pytest.mark.parametrize("purpose", list(EmailPurpose))
@pytest.mark.parametrize("messages", [
    ("Ingrid is deze week 3 keer te laat gekomen", "ja, ik heb haar vorige week gesproken"),
    ("Ingrid is al 2 dagen niet komen opdagen", "ik heb haar twee keer gebeld, geen reactie"),
    ("Ik wil Ingrid een e-mail sturen",),
])


async def test_a_dutch_letter_has_no_english_and_no_unfilled_name(
    drafter: EmailDrafter, org_db: OrgDatabase, purpose: EmailPurpose,
    messages: tuple[str, ...],
) -> None:
    facts, _ = _facts(*messages, asked=(Fact.SPOKEN_TO,))
    subject, body, note = await _draft(drafter, org_db, purpose, "ingrid", facts)
    letter = f"{subject}\n{body}"
    assert "English" not in note and body.startswith("Beste Ingrid,")
    assert "$" not in letter
    assert _ENGLISH_WORDS.search(letter) is None, letter
    assert "Met vriendelijke groet,\nMaria Lopez" in body


@pytest.mark.parametrize("purpose", list(EmailPurpose))
@pytest.mark.parametrize(("topic_messages", "asked"), [
    (["Pedro keeps coming in late this week", "yes, I spoke to him"], (Fact.SPOKEN_TO,)),
    (["Pedro didn't show up for 3 days", "I called him twice, no answer"], ()),
    ([], ()),
])


async def test_a_portuguese_letter_has_no_english_and_no_unfilled_name(
    drafter: EmailDrafter, org_db: OrgDatabase, purpose: EmailPurpose,
    topic_messages: list[str], asked: tuple[Fact, ...],
) -> None:
    facts, _ = _facts(*topic_messages, asked=asked)
    subject, body, note = await _draft(drafter, org_db, purpose, "pedro", facts)
    letter = f"{subject}\n{body}"
    assert "English" not in note and body.startswith("Caro(a) Pedro,")
    assert "$" not in letter
    english = ("Dear", "Kind regards", "you", "your", "shift", "late", "warning", "November",
               "Nov", "Mon", "Wed", "Sun")
    assert not set(re.findall(r"[A-Za-z]+", letter)) & set(english)
    for placeholder in unfilled_placeholders(body):
        assert not set(re.findall(r"[A-Za-z]+", placeholder)) & set(english), placeholder


async def test_a_portuguese_warning_lists_the_dates_in_european_portuguese(
    drafter: EmailDrafter, org_db: OrgDatabase
) -> None:
    await org_db.execute_many([(
        "DELETE FROM time_cards WHERE person_id = 'pedro' AND clock_in >= '2026-11-18'", ())])
    facts, _ = _facts("Pedro didn't show up this week", "I called him twice, no answer")
    _, body, _ = await _draft(drafter, org_db, EmailPurpose.DOCUMENT_ATTEMPTS, "pedro", facts)
    assert ("Não compareceu aos turnos que tinha na escala a 19 de novembro, e não nos avisou "
            "previamente.") in body
    assert body.endswith("Contoso Market Riverside\n22 de novembro de 2026")
    assert ("Tentei entrar em contacto consigo 2 vezes, por telefone ou mensagem, sem obter "
            "resposta.") in body


@pytest.mark.parametrize(("purpose", "messages"), [
    (EmailPurpose.WRITTEN_WARNING, ["Yukiさんが今週3回遅刻しました", "はい、先月話しました"]),
    (EmailPurpose.WRITTEN_WARNING, ["Yukiさんが今月2回無断欠勤しました"]),
    (EmailPurpose.FOLLOW_UP, ["昨日Yukiさんと遅刻について話しました"]),
    (EmailPurpose.DOCUMENT_ATTEMPTS, ["Yukiさんが今週ずっと来ていません", "2回電話しました"]),
    (EmailPurpose.GENERAL, ["Yukiさんにメールして"]),
])


async def test_a_japanese_letter_has_no_english_and_no_unfilled_name(
    drafter: EmailDrafter, org_db: OrgDatabase, purpose: EmailPurpose, messages: list[str]
) -> None:
    facts, _ = _facts(*messages, asked=(Fact.SPOKEN_TO,))
    subject, body, note = await _draft(drafter, org_db, purpose, "yuki", facts)
    assert "English" not in note and body.startswith("Yuki Tanaka 様\n")
    assert body.rstrip().endswith("Maria Lopez" if purpose is EmailPurpose.GENERAL
                                  else "2026年11月22日")
    letter = f"{subject}\n{body}"
    assert "$" not in letter
    names = ("Yuki", "Tanaka", "Maria", "Lopez", "Contoso", "Market", "Riverside")
    assert [word for word in re.findall(r"[A-Za-z]+", letter) if word not in names] == []
    assert all(re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", placeholder)
               for placeholder in unfilled_placeholders(letter))


async def test_a_japanese_letter_lists_the_missed_shifts_in_japanese(
    drafter: EmailDrafter, org_db: OrgDatabase
) -> None:
    await org_db.execute_many([(
        "DELETE FROM time_cards WHERE person_id = 'yuki' AND clock_in >= '2026-11-16'", ())])
    facts, _ = _facts("Yukiさんが今週無断欠勤しています")
    _, body, _ = await _draft(drafter, org_db, EmailPurpose.DOCUMENT_ATTEMPTS, "yuki", facts)
    assert ("11月20日金曜日、11月21日土曜日の予定されていたシフトに、事前のご連絡なく出勤されません"
            "でした。") in body
    assert "[回数]回ご連絡を試みましたが" in body


async def test_a_language_without_templates_gets_english_and_says_so(
    drafter: EmailDrafter, org_db: OrgDatabase
) -> None:
    facts, _ = _facts("Chen was late twice this week")
    chen = replace(await _person(org_db, "chen"), preferred_language="ko-KR")
    prepared = await drafter.prepare(
        EmailPurpose.WRITTEN_WARNING, employee=chen, manager=await _person(org_db, "maria"),
        store_name="Contoso Market Riverside", tz=LONDON, facts=facts, now=FIXED_NOW,
    )
    _, body = drafter.from_template(EmailPurpose.WRITTEN_WARNING, prepared.facts)
    assert body.startswith("Dear Chen,")
    assert prepared.note("en") == (
        "I've written it in English: I don't have letter templates in Korean yet.")


@pytest.mark.parametrize(("purpose", "messages"), [
    (EmailPurpose.WRITTEN_WARNING, ["Bob这周迟到了好几次", "谈过了，他还是迟到"]),
    (EmailPurpose.FOLLOW_UP, ["Bob经常迟到"]),
    (EmailPurpose.DOCUMENT_ATTEMPTS, ["Bob这周没来上班", "打了两次电话，没人接"]),
    (EmailPurpose.GENERAL, ["给Bob发邮件"]),
])


async def test_a_letter_to_a_chinese_reader_is_all_chinese(
    drafter: EmailDrafter, org_db: OrgDatabase, purpose: EmailPurpose, messages: list[str]
) -> None:
    facts, _ = _facts(*messages, asked=(Fact.SPOKEN_TO,))
    bob = replace(await _person(org_db, "bob-smith"), preferred_language="zh-CN")
    prepared = await drafter.prepare(
        purpose, employee=bob, manager=await _person(org_db, "maria"),
        store_name="Contoso Market Riverside", tz=LONDON, facts=facts, now=FIXED_NOW,
    )
    subject, body = drafter.from_template(purpose, prepared.facts)
    assert prepared.note("zh") == ""
    assert body.startswith("Bob Smith，您好：") and "此致\n敬礼！\n\nMaria Lopez" in body
    letter = f"{subject}\n{body}"
    for data in ("Bob Smith", "Maria Lopez", "Contoso Market Riverside"):
        letter = letter.replace(data, "")
    # No English sentence, no $name left unfilled; the placeholders are Chinese too.
    assert re.search(r"[A-Za-z$]", letter) is None, letter
    assert all(re.search(r"[\u4e00-\u9fff]", p) for p in unfilled_placeholders(letter))


async def test_a_chinese_warning_lists_the_late_arrivals_as_chinese_dates(
    drafter: EmailDrafter, org_db: OrgDatabase
) -> None:
    facts, _ = _facts("Bob这周一直迟到", "谈过了", asked=(Fact.SPOKEN_TO,))
    bob = replace(await _person(org_db, "bob-smith"), preferred_language="zh-CN")
    prepared = await drafter.prepare(
        EmailPurpose.WRITTEN_WARNING, employee=bob, manager=await _person(org_db, "maria"),
        store_name="Contoso Market Riverside", tz=LONDON, facts=facts, now=FIXED_NOW,
    )
    subject, body = drafter.from_template(EmailPurpose.WRITTEN_WARNING, prepared.facts)
    assert subject == "书面警告：准时出勤问题"
    assert ("根据考勤记录，您在以下日期的班次中迟到：11月16日周一（迟到20分钟）、"
            "11月18日周三（迟到15分钟）和11月19日周四（迟到25分钟）。") in body
    assert body.endswith("2026年11月22日")


async def test_a_general_email_uses_a_short_requested_topic_but_not_chat_about_someone(
    drafter: EmailDrafter, org_db: OrgDatabase
) -> None:
    employee = await _person(org_db, "alice")
    manager = await _person(org_db, "maria")
    for topic, expected in (("the weekend rota", "about the weekend rota."),
                            # Said of her, written to her.
                            ("his attitude with customers", "about your attitude with customers."),
                            ("what she told Chen yesterday", "about [what this is about].")):
        prepared = await drafter.prepare(
            EmailPurpose.GENERAL, employee=employee, manager=manager, store_name="Riverside",
            tz=LONDON, facts=SituationFacts(), now=FIXED_NOW, request_topic=topic,
        )
        _, body = drafter.from_template(EmailPurpose.GENERAL, prepared.facts)
        assert expected in body


# The request's language is the Chinese lexicon's, "zh-Hans", as the email dialog passes it.
@pytest.mark.parametrize("request_language", ["zh", "zh-Hans"])
async def test_a_chinese_general_email_uses_the_topic_said_to_the_employee(
    drafter: EmailDrafter, org_db: OrgDatabase, request_language: str
) -> None:
    bob = replace(await _person(org_db, "bob-smith"), preferred_language="zh-CN")
    manager = await _person(org_db, "maria")
    for topic, expected in (("周末排班", "我想和您谈一谈周末排班。"),
                            ("他对顾客的态度", "我想和您谈一谈您对顾客的态度。")):
        prepared = await drafter.prepare(
            EmailPurpose.GENERAL, employee=bob, manager=manager, store_name="Riverside",
            tz=LONDON, facts=SituationFacts(), now=FIXED_NOW, request_topic=topic,
            request_language=request_language,
        )
        _, body = drafter.from_template(EmailPurpose.GENERAL, prepared.facts)
        assert expected in body, body


@pytest.mark.parametrize("purpose", list(EmailPurpose))
@pytest.mark.parametrize(("messages", "asked"), [
    (["Bob spóźnił się 3 razy w tym tygodniu", "tak, rozmawiałam z nim"], (Fact.SPOKEN_TO,)),
    (["Bob nie przyszedł do pracy w tym tygodniu", "dzwoniłam dwa razy, nie odbiera"], ()),
    ([], ()),
])
async def test_a_polish_letter_has_no_english_and_no_unfilled_name(
    drafter: EmailDrafter, org_db: OrgDatabase, purpose: EmailPurpose, messages: list[str],
    asked: tuple[Fact, ...],
) -> None:
    facts, _ = _facts(*messages, asked=asked)
    bob = replace(await _person(org_db, "bob-smith"), preferred_language="pl-PL")
    prepared = await drafter.prepare(
        purpose, employee=bob, manager=await _person(org_db, "maria"),
        store_name="Contoso Market Riverside", tz=LONDON, facts=facts, now=FIXED_NOW,
    )
    subject, body = drafter.from_template(purpose, prepared.facts)
    assert prepared.note("pl") == ""
    assert body.startswith("Dzień dobry Bob,\n\n") and "Z poważaniem\nMaria Lopez" in body
    letter = f"{subject}\n{body}"
    assert "$" not in letter
    for data in ("Bob", "Maria Lopez", "Contoso Market Riverside"):
        letter = letter.replace(data, "")
    english = ("Dear", "Kind", "regards", "you", "your", "shift", "shifts", "late", "warning",
               "November", "Nov", "Mon", "Wed", "Thu", "Sun", "the", "on", "and", "minutes")
    assert not set(re.findall(r"[A-Za-z]+", letter)) & set(english), letter
    # Neither Pan nor Pani: the letter does not guess the employee's gender.
    assert not re.search(r"\b(?:Pan|Pani|Panu|Pana|Panią)\b", letter)
    for placeholder in unfilled_placeholders(body):
        assert re.search(r"[ąćęłńóśźż]|\b(?:data|daty|co|czego|temat)\b", placeholder), placeholder


async def test_a_polish_warning_lists_the_late_arrivals_as_polish_dates(
    drafter: EmailDrafter, org_db: OrgDatabase
) -> None:
    facts, _ = _facts("Bob ciągle się spóźnia w tym tygodniu", "tak, rozmawiałam z nim",
                      asked=(Fact.SPOKEN_TO,))
    bob = replace(await _person(org_db, "bob-smith"), preferred_language="pl-PL")
    prepared = await drafter.prepare(
        EmailPurpose.WRITTEN_WARNING, employee=bob, manager=await _person(org_db, "maria"),
        store_name="Contoso Market Riverside", tz=LONDON, facts=facts, now=FIXED_NOW,
    )
    subject, body = drafter.from_template(EmailPurpose.WRITTEN_WARNING, prepared.facts)
    assert subject == "Pisemne upomnienie: punktualność"
    assert ("Z ewidencji czasu pracy wynikają spóźnienia na zmiany w następujących dniach: "
            "16 listopada (20 min spóźnienia), 18 listopada (15 min spóźnienia) i 19 listopada "
            "(25 min spóźnienia).") in body
    assert "Rozmowa na ten temat odbyła się już [data naszej rozmowy]" in body
    assert body.endswith("Contoso Market Riverside\n22 listopada 2026")


@pytest.mark.parametrize(("purpose", "language", "topic", "sentence"), [
    # Typed in lower case, written as a letter writes it.
    (EmailPurpose.THANKS, "en", "his help on saturday", "Thank you for your help on Saturday."),
    (EmailPurpose.THANKS, "fr", "son aide samedi", "vous remercier pour votre aide samedi."),
    (EmailPurpose.THANKS, "fr", "du travail de samedi",
     "vous remercier pour le travail de samedi."),
    (EmailPurpose.THANKS, "de", "seine Hilfe am Samstag", "vielen Dank für Ihre Hilfe am Samstag."),
    (EmailPurpose.THANKS, "de", "seine hilfe am samstag", "vielen Dank für Ihre Hilfe am Samstag."),
    (EmailPurpose.THANKS, "it", "dell'aiuto di sabato", "La ringrazio per l'aiuto di sabato."),
    (EmailPurpose.THANKS, "nl", "zijn hulp zaterdag", "Hartelijk dank voor uw hulp zaterdag."),
    (EmailPurpose.THANKS, "pl", "jego pomoc w sobotę", "dziękuję za pomoc w sobotę."),
    (EmailPurpose.THANKS, "zh", "他周六的帮助", "感谢您周六的帮助。"),
    (EmailPurpose.REQUEST, "en", "if he can work on sunday",
     "I would like to ask you if you can work on Sunday."),
    # Still about someone else: a blank for the manager, never "you is" or "il".
    (EmailPurpose.NOTICE, "en", "that he is late again", "let you know [what this is about]."),
    (EmailPurpose.NOTICE, "fr", "qu'il est en retard", "vous informer [objet du courriel]."),
])
async def test_a_requested_kind_of_email_says_the_topic_to_the_employee(
    drafter: EmailDrafter, org_db: OrgDatabase, purpose: EmailPurpose, language: str,
    topic: str, sentence: str,
) -> None:
    employee = replace(await _person(org_db, "alice"), preferred_language=language)
    manager = await _person(org_db, "maria")
    prepared = await drafter.prepare(
        purpose, employee=employee, manager=manager, store_name="Riverside", tz=LONDON,
        facts=SituationFacts(), now=FIXED_NOW, request_topic=topic, request_language=language,
    )
    _, body = drafter.from_template(purpose, prepared.facts)
    assert sentence in body, body


async def _draft_for(
    drafter: EmailDrafter, employee: Person, manager: Person, purpose: EmailPurpose,
    facts: SituationFacts,
) -> tuple[str, str, str]:
    prepared = await drafter.prepare(
        purpose, employee=employee, manager=manager, store_name="Contoso Market Hillside",
        tz=LONDON, facts=facts, now=FIXED_NOW,
    )
    subject, body = drafter.from_template(purpose, prepared.facts)
    return subject, body, prepared.note(manager.preferred_language)


@pytest.mark.parametrize("purpose", list(EmailPurpose))
@pytest.mark.parametrize(("topic_messages", "asked"), [
    (["Pedro keeps coming in late this week", "yes, I spoke to him"], (Fact.SPOKEN_TO,)),
    (["Pedro didn't show up for 3 days", "I called him twice, no answer"], ()),
    (["Pedro is underperforming"], ()),
    ([], ()),
])
async def test_a_brazilian_reader_gets_a_brazilian_letter_and_a_portuguese_one_european(
    drafter: EmailDrafter, org_db: OrgDatabase, purpose: EmailPurpose,
    topic_messages: list[str], asked: tuple[Fact, ...],
) -> None:
    facts, _ = _facts(*topic_messages, asked=asked)
    pedro = await _person(org_db, "pedro")
    manager = replace(await _person(org_db, "daniel"), preferred_language="pt-BR")
    subject, body, note = await _draft_for(
        drafter, replace(pedro, preferred_language="pt-BR"), manager, purpose, facts)
    letter = f"{subject}\n{body}"
    assert note == "" and body.startswith("Prezado(a) Pedro,") and "$" not in letter
    assert sorted({found.group(0) for found in EUROPEAN_IN_PROSE.finditer(letter)}) == []
    assert "Atenciosamente,\nDaniel Okafor" in body
    subject, body, note = await _draft_for(drafter, pedro, manager, purpose, facts)
    assert note == "" and body.startswith("Caro(a) Pedro,")
    assert "Com os melhores cumprimentos,\nDaniel Okafor" in body


async def test_a_brazilian_letter_lists_the_dates_in_brazilian_portuguese(
    drafter: EmailDrafter, org_db: OrgDatabase
) -> None:
    await org_db.execute_many([(
        "DELETE FROM time_cards WHERE person_id = 'pedro' AND clock_in >= '2026-11-18'", ())])
    facts, _ = _facts("Pedro didn't show up this week", "I called him twice, no answer")
    pedro = replace(await _person(org_db, "pedro"), preferred_language="pt_BR")
    _, body, _ = await _draft_for(drafter, pedro, await _person(org_db, "daniel"),
                                  EmailPurpose.DOCUMENT_ATTEMPTS, facts)
    assert ("Você não compareceu aos turnos da escala em 19 de novembro e não nos avisou com "
            "antecedência.") in body
    assert "Tentei entrar em contato com você 2 vezes, por telefone ou mensagem" in body
    assert body.endswith("Contoso Market Hillside\n22 de novembro de 2026")


@pytest.mark.parametrize(("language", "subject", "sentence"), [
    ("ja", "「The new rota」", "「the new rota」"),
    ("de", "„The new rota“", "Thema sprechen: „The new rota“"),
    ("zh", "“The new rota”", "“the new rota”"),
    ("fr", "« The new rota »", "« the new rota »"),
])
async def test_a_letter_in_another_language_quotes_the_managers_topic(
    drafter: EmailDrafter, org_db: OrgDatabase, language: str, subject: str, sentence: str,
) -> None:
    """An email to someone who reads Japanese, German, Chinese or French, asked for in
    English: offline, the topic the manager named stays, quoted in their words, where the
    letter had blanks ([件名], [邮件事由]) the manager could only fill in a language they may not
    know."""
    employee = replace(await _person(org_db, "alice"), preferred_language=language)
    prepared = await drafter.prepare(
        EmailPurpose.GENERAL, employee=employee, manager=await _person(org_db, "maria"),
        store_name="Riverside", tz=LONDON, facts=SituationFacts(), now=FIXED_NOW,
        request_topic="the new rota", request_language="en",
    )
    got_subject, body = drafter.from_template(EmailPurpose.GENERAL, prepared.facts)
    assert got_subject == subject and sentence in body, (got_subject, body)
    assert "[" not in got_subject + body
    # The manager is told the words stay as typed, in English, for Alice to read.
    assert say("email.words_quoted", "en", name="Alice", language="English") in prepared.note(
        "en"), prepared.note("en")


@pytest.mark.parametrize(("request_language", "topic", "translation", "sentence"), [
    ("en", "the new schedule", "新的排班表", "我想和您谈一谈新的排班表。"),
    ("fr", "le nouveau planning", "新的排班表", "我想和您谈一谈新的排班表。"),
    ("it", "il nuovo orario", "新的排班表", "我想和您谈一谈新的排班表。"),
])
async def test_with_the_ai_the_managers_topic_is_translated_into_the_letters_language(
    org_db: OrgDatabase, openai_server: FakeOpenAIServer, request_language: str, topic: str,
    translation: str, sentence: str,
) -> None:
    """With a chat model the topic typed in English, French or Italian is said in Chinese in
    Chen's letter, subject and body, neither blank nor quoted; if the model fails, quoted."""
    llm = OpenAiLlmClient(client=openai_server.client(), model="gpt-test",
                          call_timeout_seconds=2, budget_seconds=2)
    drafter = EmailDrafter(llm=llm)
    chen = await _person(org_db, "chen")
    assert chen.preferred_language and chen.preferred_language.startswith("zh")

    async def drafted() -> tuple[str, str]:
        prepared = await drafter.prepare(
            EmailPurpose.GENERAL, employee=chen, manager=await _person(org_db, "maria"),
            store_name="Riverside", tz=LONDON, facts=SituationFacts(), now=FIXED_NOW,
            request_topic=topic, request_language=request_language,
        )
        return drafter.from_template(EmailPurpose.GENERAL, prepared.facts)

    openai_server.queue_text(f"“{translation}”")
    subject, body = await drafted()
    assert subject == translation and sentence in body, (subject, body)
    # Translated, nothing is quoted: the manager is not told to edit the words.
    openai_server.queue_text(f"“{translation}”")
    translated = await drafter.prepare(
        EmailPurpose.GENERAL, employee=chen, manager=await _person(org_db, "maria"),
        store_name="Riverside", tz=LONDON, facts=SituationFacts(), now=FIXED_NOW,
        request_topic=topic, request_language=request_language,
    )
    quoted_note = say("email.words_quoted", "en", name="Chen",
                      language=language_name(request_language, "en"))
    assert quoted_note not in translated.note("en")
    asked = openai_server.chat_requests[0].messages[-1]["content"]
    assert topic in asked and "Chinese" in asked, asked
    openai_server.queue_error(500)
    subject, body = await drafted()
    assert f"“{topic}”" in body and "[" not in subject + body, (subject, body)
    openai_server.queue_error(500)
    failed = await drafter.prepare(
        EmailPurpose.GENERAL, employee=chen, manager=await _person(org_db, "maria"),
        store_name="Riverside", tz=LONDON, facts=SituationFacts(), now=FIXED_NOW,
        request_topic=topic, request_language=request_language,
    )
    assert quoted_note in failed.note("en")


@pytest.mark.parametrize(("language", "topic", "subject"), [
    ("en-GB", "sickness", "Your absences through illness"),
    ("fr-FR", "sickness", "Vos absences pour maladie"),
    ("de-DE", "sickness", "Ihre krankheitsbedingten Fehlzeiten"),
    ("ja-JP", "sickness", "病気による欠勤について"),
    ("zh-CN", "sickness", "关于病假缺勤"),
    ("pt-BR", "conflict", "Suas relações de trabalho na equipe"),
    ("es-ES", "conflict", "Sus relaciones de trabajo en el equipo"),
    ("pl-PL", "conflict", "Współpraca w zespole"),
])
@pytest.mark.parametrize("purpose", [EmailPurpose.GENERAL, EmailPurpose.FOLLOW_UP])
async def test_a_letter_after_sickness_or_conflict_advice_has_its_subject(
    drafter: EmailDrafter, org_db: OrgDatabase, purpose: EmailPurpose, language: str,
    topic: str, subject: str,
) -> None:
    """The advice the letter follows names its subject, in the letter's language: no
    [subject] blank for the manager to fill, and the expectations are said, not a blank."""
    bob = replace(await _person(org_db, "bob-smith"), preferred_language=language)
    manager = await _person(org_db, "maria")
    written, body, _ = await _draft_for(
        drafter, bob, manager, purpose, SituationFacts(topic=topic))
    assert subject.casefold() in written.casefold()
    blanks = unfilled_placeholders(f"{written}\n{body}")
    # A follow-up still asks for the date of the conversation and what was agreed.
    assert len(blanks) == (2 if purpose is EmailPurpose.FOLLOW_UP else 0), blanks
