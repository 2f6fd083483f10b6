"""The offline drafter writes letters from facts, in the employee's language: dates from the
seeded schedule and time cards, visible placeholders for what nobody said, never a sentence of
the manager's chat; with a model, the structured facts (not the chat) go into its prompt."""

from __future__ import annotations

import re
from zoneinfo import ZoneInfo

import pytest

from core.email_draft import EmailPurpose, unfilled_placeholders
from core.person import Person
from core.situation_facts import Fact, SituationFacts
from services.demo_shift_backend import DemoShiftBackend
from services.email_drafter import EmailDrafter
from services.org_database import OrgDatabase
from services.sqlite_directory import SqliteDirectory
from services.stored_audit_log import StoredAuditLog
from state.sqlite_storage import SqliteStorage
from tests.conftest import FIXED_NOW

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
    assert ("You did not come to your scheduled shifts on Wed 18 Nov and Fri 20 Nov, and you "
            "did not let us know in advance.") in body
    assert "I have tried to reach you 2 times by phone or message, without a reply." in body


@pytest.mark.parametrize(("employee", "opening", "closing"), [
    ("sophie", "Par ce courriel, je vous notifie un avertissement écrit concernant votre "
               "ponctualité.", "Cordialement,"),
    ("omar", "Por medio de este correo le comunico una amonestación por escrito en relación "
             "con su puntualidad.", "Atentamente,"),
    ("emma", "mit dieser E-Mail erteile ich Ihnen eine Abmahnung wegen Ihrer "
             "Unpünktlichkeit.", "Mit freundlichen Grüßen"),
    ("yuki", "本メールをもちまして、出勤時刻の遅れについて、書面による警告をお伝えいたします。",
             "以上、よろしくお願いいたします。"),
])
async def test_the_letter_is_in_the_employees_language(
    drafter: EmailDrafter, org_db: OrgDatabase, employee: str, opening: str, closing: str
) -> None:
    facts, _ = _facts("late 3 times this month", "yes", asked=(Fact.SPOKEN_TO,))
    _, body, note = await _draft(drafter, org_db, EmailPurpose.WRITTEN_WARNING, employee,
                                 facts)
    assert opening in body and closing in body and note == ""
    assert "[" in body  # the dates and the conversation's date, in that language


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
    assert note == "" and body.startswith("Yuki Tanaka 様\n")
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
    _, body, note = await _draft(drafter, org_db, EmailPurpose.WRITTEN_WARNING, "chen", facts)
    assert body.startswith("Dear Chen,")
    assert note == "I've written it in English: I don't have letter templates in Chinese yet."


async def test_a_general_email_uses_a_short_requested_topic_but_not_chat_about_someone(
    drafter: EmailDrafter, org_db: OrgDatabase
) -> None:
    employee = await _person(org_db, "alice")
    manager = await _person(org_db, "maria")
    for topic, expected in (("the weekend rota", "about the weekend rota."),
                            ("his attitude with customers", "about [what this is about].")):
        prepared = await drafter.prepare(
            EmailPurpose.GENERAL, employee=employee, manager=manager, store_name="Riverside",
            tz=LONDON, facts=SituationFacts(), now=FIXED_NOW, request_topic=topic,
        )
        _, body = drafter.from_template(EmailPurpose.GENERAL, prepared.facts)
        assert expected in body
