"""ERA in Microsoft's Web Chat, in a real browser: headless Chromium (Debian's package) driven by
playwright-core opens the local Web Chat page served by the app, presses real card buttons and
fills the email form, and the test checks what a person sees.

Flows: a manager's email (draft, edit in the card form, send), a manager's advice that offers
a call (answer the clarifying question, say yes, pick a slot with a button, confirm), and a
shift worker cancelling a shift; the same in German, French and Japanese browsers (each flow
gets a browser context in its language), a press on an answered card, and a slow answer with
"ERA is typing". Every flow checks that nothing in the page logs an error to the console.
Screenshots of every step are kept under test-artifacts/browser/ (their paths are printed).
`make test` installs what this needs (npm ci in webchat/, and the chromium package when
/usr/bin/chromium is missing); without them the test fails saying so.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from app import TYPING_AFTER_SECONDS
from tests.conftest import FIXED_NOW
from tests.fakes.openai_server import DEFAULT_API_KEY, FakeOpenAIServer
from tests.http_harness import RunningApp, seed, start_app

ROOT = Path(__file__).resolve().parents[2]
DRIVER = Path(__file__).with_name("webchat_driver.cjs")
ARTIFACTS = ROOT / "test-artifacts" / "browser"
GERMAN_ARTIFACTS = ARTIFACTS.with_name("browser-de")
WORLD_ARTIFACTS = ARTIFACTS.with_name("browser-fr-ja")
SLOW_ARTIFACTS = ARTIFACTS.with_name("browser-slow")
CHROMIUM = Path(os.environ.get("ERA_CHROMIUM", "/usr/bin/chromium"))
PLAYWRIGHT = ROOT / "webchat" / "node_modules" / "playwright-core"
WEBCHAT_BUNDLE = ROOT / "webchat" / "node_modules" / "botframework-webchat" / "dist" / "webchat.js"
DRIVER_TIMEOUT_S = 600

EMAIL_BODY = ("Dear Bob,\n\nYou were late three times this month.\nPlease be on time from now "
              "on.\n\nKind regards,\nMaria Lopez")

FLOWS: list[dict[str, Any]] = [
    {"name": "email", "steps": [
        {"open": "/?as=demo-maria"},
        {"say": "email Bob Smith about his lateness", "until": "Shall I send it?"},
        {"press": "Edit", "local": True},
        {"fill": {"Subject": "Timekeeping", "Text of the email": EMAIL_BODY}},
        {"press": "Save changes", "until": "as you changed it"},
        {"press": "Send", "until": "Sent to Bob Smith"},
    ]},
    {"name": "advice-to-call", "steps": [
        {"open": "/?as=demo-maria"},
        {"say": "My employee didn't show up for 3 days"},
        {"say": "I tried calling Bob Smith once but he didn't pick up",
         "until": "Shall I find a time for that call"},
        {"press": "Yes", "until": "Here are the free times"},
        {"press": "2. ", "until": "Book a 30-minute call"},
        {"press": "Book it", "until": "is booked"},
    ]},
    {"name": "shift-cancel", "steps": [
        {"open": "/?as=demo-bob-smith"},
        {"say": "I want to cancel one of my shifts"},
        {"press": "2. "},
        {"say": "I have a doctor's appointment", "until": "has been cancelled"},
    ]},
]

# What must never reach a person: markdown markup, command tags, JSON, template placeholders.
LEAKS = {
    "markdown": re.compile(r"\*\*|__\w"),
    "tag": re.compile(r"</?[A-Z_]{3,}>"),
    "json": re.compile(r"[{\[]\s*\"\w+\"\s*:|era_reply|__isBotFrameworkCardAction"),
    "placeholder": re.compile(r"\{[a-z_]+\}"),
}


def _missing() -> list[str]:
    missing = []
    if not CHROMIUM.is_file():
        missing.append(f"{CHROMIUM} (apt-get install chromium)")
    if not (PLAYWRIGHT.is_dir() and WEBCHAT_BUNDLE.is_file()):
        missing.append("webchat/node_modules (cd webchat && npm ci)")
    if shutil.which("node") is None:
        missing.append("node (Node.js)")
    return missing


@pytest.fixture
async def app(tmp_path: Path) -> AsyncIterator[RunningApp]:
    """The real app on a loopback port, on the seeded demo organisation at the suite's time."""
    await seed(tmp_path, FIXED_NOW)
    running = await start_app(tmp_path, lambda: FIXED_NOW)
    yield running
    await running.stop()


async def _drive(
    app: RunningApp, tmp_path: Path, request: pytest.FixtureRequest,
    flows: list[dict[str, Any]] = FLOWS, locale: str | None = None,
    artifacts: Path = ARTIFACTS,
) -> dict[str, Any]:
    """Run `flows` in the browser (set to `locale`), keeping screenshots in `artifacts`."""
    missing = _missing()
    assert not missing, (
        "the browser test needs: " + ", ".join(missing) + " (make test installs them)")
    scenario = tmp_path / "scenario.json"
    scenario.write_text(json.dumps({"flows": flows, "locale": locale}), encoding="utf-8")
    shutil.rmtree(artifacts, ignore_errors=True)
    process = await asyncio.create_subprocess_exec(
        "node", str(DRIVER), app.url, str(scenario), str(artifacts),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        env={**os.environ, "ERA_CHROMIUM": str(CHROMIUM)},
    )
    stdout, stderr = await asyncio.wait_for(process.communicate(), DRIVER_TIMEOUT_S)
    assert process.returncode == 0, stderr.decode(errors="replace")[-3000:]
    result: dict[str, Any] = json.loads(stdout)
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:  # the screenshots' paths, shown even when output is captured
        reporter.write_line(f"\nbrowser screenshots in {artifacts}:")
        for shot in sorted(artifacts.glob("*.png")):
            reporter.write_line(f"  {shot}")
    for step in result["results"]:
        # Web Chat's markdown prints typographic quotes: compare with the bot's plain ones.
        step["transcript"] = step["transcript"].replace("\u2019", "'")
        step["userMessages"] = [m.replace("\u2019", "'") for m in step["userMessages"]]
    (artifacts / "transcripts.json").write_text(json.dumps(result, indent=1), encoding="utf-8")
    last = result["results"][-1] if result["results"] else {}
    assert result["failure"] is None, (
        f"{result['failure']}\nlast step: {last.get('step')}\n{last.get('transcript', '')[-2000:]}"
        f"\nthe page's console: {result['consoleMessages'][-10:]}")
    # Nothing in the page (Web Chat, the page's script, a missing file) logs an error.
    errors = [m for m in result["consoleMessages"] if m["type"] in ("error", "pageerror")]
    assert errors == [], errors
    for step in result["results"]:
        # "ERA is typing" only on a slow turn (ERA sends it after TYPING_AFTER_SECONDS), and
        # never left showing under an answer. (That a slow turn shows it is
        # test_a_slow_answer_shows_era_typing_until_it_comes: on a loaded machine a turn just
        # past the threshold may bring its typing and its answer in the same poll.)
        answered_in = step["answeredIn"]
        if step["typingSeen"]:
            assert answered_in is not None and answered_in >= TYPING_AFTER_SECONDS, step
        assert step["typingNow"] == 0, step
    return result


def _steps(result: dict[str, Any], flow: str) -> list[dict[str, Any]]:
    return [step for step in result["results"] if step["flow"] == flow]


async def _outbox(app: RunningApp) -> list[dict[str, Any]]:
    async with aiohttp.ClientSession() as session, session.get(
        f"{app.url}/api/outbox"
    ) as response:
        entries: list[dict[str, Any]] = await response.json()
        return entries


async def test_the_main_flows_work_in_web_chat(
    app: RunningApp, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    result = await _drive(app, tmp_path, request)

    for step in result["results"]:
        for kind, pattern in LEAKS.items():
            found = pattern.search(step["transcript"])
            assert found is None, f"{kind} {found.group(0)!r} shown in {step['flow']}: {step}"
        # Nothing in the conversation is turned into a link (addresses, message ids).
        assert step["links"] == [], step
        # At 360 px no button title is cut, and no label (To, Subject) is broken in two.
        assert step["cutButtons"] == [], step
        assert step["brokenLabels"] == [], step
        # Only the newest card can be pressed or filled in.
        assert step["staleControls"] == 0, step

    email = _steps(result, "email")
    preview = email[1]
    assert "Here's a draft of" in preview["transcript"]
    assert re.search(r"To\s+Bob Smith \(bob\.smith@contoso\.example\)", preview["transcript"])
    assert re.search(r"Subject\s+Your punctuality", preview["transcript"])
    # The signature keeps its line break.
    assert re.search(r"Kind regards,[ \t]*\n\s*Maria Lopez", preview["transcript"])
    # The edit form opens in the card, filled with the draft; saving shows the new preview.
    assert "Text of the email" in email[2]["transcript"]
    saved = email[4]
    assert "Here's the email as you changed it" in saved["transcript"]
    assert re.search(r"Subject\s+Timekeeping", saved["transcript"])
    assert re.search(r"three times this month\.[ \t]*\n\s*Please be on time from now on\.",
                     saved["transcript"])
    sent = email[5]
    assert "Sent to Bob Smith" in sent["transcript"]
    assert sent["userMessages"][-1] == "Send"
    mails = await _outbox(app)
    emails = [m for m in mails if "bob.smith@contoso.example" in str(m["to"])
              and not str(m["subject"]).startswith(("Invitation", "Shift"))]
    assert [m["subject"] for m in emails] == ["Timekeeping"]
    assert "You were late three times this month.\nPlease be on time" in emails[0]["body"]

    call = _steps(result, "advice-to-call")
    # ERA offers the call; nothing is listed before the manager's yes.
    assert "Shall I find a time for that call with Bob Smith?" in call[2]["transcript"]
    assert "Here are the free times" not in call[2]["transcript"]
    assert call[3]["userMessages"][-1] == "Yes"
    assert "Here are the free times" in call[3]["transcript"]
    chosen = call[4]["userMessages"][-1]
    assert chosen.startswith("2 – Mon 23 Nov")
    assert "Book a 30-minute call with Bob Smith" in call[4]["transcript"]
    assert call[5]["userMessages"][-1] == "Book it"
    assert "Your call with Bob Smith" in call[5]["transcript"]
    assert "is booked" in call[5]["transcript"]

    shift = _steps(result, "shift-cancel")
    assert "Which one do you want to cancel?" in shift[1]["transcript"]
    assert shift[2]["userMessages"][-1].startswith("2 – ")
    assert "reason" in shift[2]["transcript"].lower()
    assert "has been cancelled" in shift[3]["transcript"]
    assert shift[3]["userMessages"][-1] == "I have a doctor's appointment"


GERMAN_FLOWS: list[dict[str, Any]] = [
    {"name": "de-email", "steps": [
        {"open": "/?as=demo-maria"},
        {"say": "Schreib Bob Smith eine E-Mail wegen seiner Verspätungen",
         "until": "Soll ich sie senden?"},
        {"press": "Senden", "twice": True, "until": "gesendet"},
        {"say": "Hilfe", "until": "Wer arbeitet morgen?"},
        {"say": "Termin am Montagnachmittag planen", "until": "Welche passt Ihnen?"},
    ]},
    {"name": "de-shift-cancel", "steps": [
        {"open": "/?as=demo-bob-smith"},
        {"say": "Ich möchte eine meiner Schichten absagen", "until": "Welche möchten Sie"},
        {"say": "2", "until": "Grund"},
        {"say": "Ich habe einen Arzttermin", "until": "wurde abgesagt"},
    ]},
]


async def test_a_german_browser_gets_german_and_answered_cards_switch_off(
    app: RunningApp, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """A browser set to German: Web Chat and ERA's welcome speak German, pressing "Senden"
    answers in German (the button's reply is ERA's wording, not English from the person), a
    double tap sends one message, and a card whose question was answered (pressed or typed)
    can no longer be pressed."""
    result = await _drive(app, tmp_path, request, GERMAN_FLOWS, "de-DE", GERMAN_ARTIFACTS)

    email = _steps(result, "de-email")
    assert "Hallo Maria" in email[0]["transcript"]
    assert "Nachricht eingeben" in email[0]["sendBox"]  # Web Chat's own words
    assert "Soll ich sie senden?" in email[1]["transcript"]
    sent = email[2]
    assert "An Bob Smith" in sent["transcript"] and "gesendet" in sent["transcript"]
    assert "Sent to" not in sent["transcript"] and "already sent" not in sent["transcript"]
    # Pressed twice, sent once: one "Senden" from the person, and the card is switched off.
    assert sent["userMessages"].count("Senden") == 1, sent["userMessages"]
    assert sent["newestCardControls"] == 0
    mails = await _outbox(app)
    assert len([m for m in mails if "bob.smith@contoso.example" in str(m["to"])]) == 1
    # Help's examples are buttons; the longest ("Mein Mitarbeiter ist seit 3 Tagen nicht
    # erschienen") is shown whole on a phone (checked below for every step).
    assert "Mein Mitarbeiter ist seit 3 Tagen nicht erschienen" in email[3]["transcript"]
    # A meeting with HR: whose free times they are, in German ("für" takes "die").
    assert "für Sie und die Personalabteilung" in _said_last(email[4]), _said_last(email[4])
    assert email[4]["newestCardControls"] > 0

    shift = _steps(result, "de-shift-cancel")
    assert "Hallo Bob" in shift[0]["transcript"]
    assert shift[1]["newestCardControls"] > 0  # the question is open: its buttons work
    # The shift was chosen by typing "2": the list's buttons are off, the reason is asked.
    assert "Was ist der Grund" in shift[2]["transcript"]
    assert shift[2]["newestCardControls"] == 0
    assert "wurde abgesagt" in shift[3]["transcript"]
    # A switched-off button does not look like one that can be pressed.
    pressable = set(shift[1]["buttonColours"]["on"])
    assert pressable and shift[2]["buttonColours"]["off"]
    assert not pressable & set(shift[2]["buttonColours"]["off"]), shift[2]["buttonColours"]
    for step in result["results"]:
        assert step["staleControls"] == 0, step
        assert step["cutButtons"] == [], step


# An edited email whose text markdown would change ("*" lost, "#" a heading, ">" a quote).
FRENCH_BODY = ("Bonjour Bob,\n\nMerci d'être à l'heure.\n*Important* : 5*3*2 = 30\n"
               "# de retards : 3\n> comme convenu\n\nMaria")
MARKUP_LINES = ["*Important* : 5*3*2 = 30", "# de retards : 3", "> comme convenu"]

# Bob's fellow workers Sophie Dubois (French) and Yuki Tanaka (Japanese) each cancel a shift with
# the card's buttons, then press a button of the answered list (the page switches it off; the
# driver undoes that, as a client that keeps old cards pressable would). Maria, in French,
# rewrites an email in the card's form and sends it.
WORLD_FLOWS: list[dict[str, Any]] = [
    {"name": "fr-shift-cancel", "locale": "fr-FR", "steps": [
        {"open": "/?as=demo-sophie"},
        {"say": "Je veux annuler un de mes postes", "until": "Lequel souhaitez-vous annuler"},
        {"press": "2. ", "until": "motif"},
        {"say": "J'ai un rendez-vous chez le médecin", "until": "a été annulé"},
        {"stale": "3. ", "until": "Ce bouton"},
    ]},
    {"name": "ja-shift-cancel", "locale": "ja-JP", "steps": [
        {"open": "/?as=demo-yuki"},
        {"say": "シフトをキャンセルしたい", "until": "どれをキャンセルしますか"},
        {"press": "2. ", "until": "理由"},
        {"say": "病院の予約があります", "until": "キャンセルしました"},
        {"stale": "1. ", "until": "そのボタン"},
    ]},
    {"name": "fr-email", "locale": "fr-FR", "steps": [
        {"open": "/?as=demo-maria"},
        {"say": "Écris un e-mail à Bob Smith au sujet de ses retards",
         "until": "Dois-je l’envoyer"},
        {"press": "Modifier", "local": True},
        {"fill": {"Objet": "Ponctualité à l'accueil",
                  "Texte de l'e-mail": FRENCH_BODY}},
        {"press": "Enregistrer les modifications", "until": "Objet"},
        {"press": "Envoyer", "until": "Bob Smith"},
    ]},
]


def _said_last(step: dict[str, Any]) -> str:
    """What came after the person's last message in the step's transcript."""
    last = step["userMessages"][-1] if step["userMessages"] else ""
    return step["transcript"][step["transcript"].rfind(last) + len(last):]


async def test_french_and_japanese_workers_cancel_with_buttons_and_old_buttons_do_nothing(
    app: RunningApp, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """Browsers set to French and Japanese: Web Chat posts every message (typed or pressed)
    with the browser's locale, ERA answers in it, accents and Japanese show as written, lists
    are lists, no markdown shows, and a button of an answered card does nothing but say so."""
    result = await _drive(app, tmp_path, request, WORLD_FLOWS, None, WORLD_ARTIFACTS)
    for step in result["results"]:
        for kind, pattern in LEAKS.items():
            found = pattern.search(step["transcript"])
            assert found is None, f"{kind} {found.group(0)!r} shown in {step['flow']}: {step}"
        assert step["suggestedActions"] == [], step  # ERA's choices are card buttons
        assert step["cutButtons"] == [], step
        assert step["staleControls"] == 0 or step["step"].get("stale"), step

    french = _steps(result, "fr-shift-cancel")
    # The welcome: French, its capabilities a list (not one run-on paragraph).
    assert "Bonjour Sophie" in french[0]["transcript"]
    assert "Tapez votre message" in french[0]["sendBox"]
    assert any("annuler l’un de vos postes" in item for item in french[0]["newestListItems"])
    assert "Lequel souhaitez-vous annuler ?" in french[1]["transcript"]
    pressed = french[2]["userMessages"][-1]
    assert re.fullmatch(r"2 – \w+\. \d+ \w+\.?, (Matin|Après-midi|Soir) \d\d:\d\d-\d\d:\d\d",
                        pressed), pressed
    assert "Quel est le motif de l'annulation ?" in _said_last(french[2])
    done = _said_last(french[3])
    assert "a été annulé" in done and "J'ai prévenu Maria Lopez" in done
    stale = _said_last(french[4])
    assert "Ce bouton se trouve sur un message précédent" in stale
    assert "annulé" not in stale and "motif" not in stale

    japanese = _steps(result, "ja-shift-cancel")
    assert "こんにちは" in japanese[0]["transcript"] or "Yuki" in japanese[0]["transcript"]
    assert japanese[0]["newestListItems"], japanese[0]
    assert "どれをキャンセルしますか？" in japanese[1]["transcript"]
    assert re.fullmatch(r"2 – \d+月\d+日\(.\) .+ \d\d:\d\d-\d\d:\d\d（.+）",
                        japanese[2]["userMessages"][-1]), japanese[2]["userMessages"]
    assert "キャンセルの理由" in _said_last(japanese[2])
    assert "シフトをキャンセルしました" in _said_last(japanese[3])
    stale = _said_last(japanese[4])
    assert "そのボタンは、質問が終わった以前のメッセージのものなので、何も操作していません" in stale

    # One shift each was cancelled, the one chosen, and the manager told with the reason as
    # written: the stale press cancelled nothing more.
    mails = await _outbox(app)
    for person, reason in (("Sophie Dubois", "J'ai un rendez-vous chez le médecin"),
                           ("Yuki Tanaka", "病院の予約があります")):
        notes = [m for m in mails if str(m["subject"]).startswith(f"Shift cancelled: {person}")]
        assert len(notes) == 1, mails
        assert f"Reason given: {reason}" in notes[0]["body"]

    email = _steps(result, "fr-email")
    assert "Voici un projet d'e-mail" in email[1]["transcript"]
    assert "Texte de l'e-mail" in email[2]["transcript"]
    saved = _said_last(email[4])
    assert re.search(r"Objet\s*:?\s+Ponctualité à l'accueil", saved), saved
    assert re.search(r"Merci d'être à l'heure\.", saved), saved
    # The preview shows the text as it will be sent: no italics, heading or quote made of it.
    for line in MARKUP_LINES:
        assert f"\n{line}\n" in saved, saved
    assert email[4]["markdownShown"] == [], email[4]["markdownShown"]
    assert email[5]["userMessages"][-1] == "Envoyer"
    sent = [m for m in mails if m["subject"] == "Ponctualité à l'accueil"]
    assert len(sent) == 1 and sent[0]["body"] == FRENCH_BODY, mails


SLOW_ADVICE = (
    "Three days without a word needs attention. Have you tried reaching Bob yet, and were "
    "these shifts in a row?"
)


async def test_a_slow_answer_shows_era_typing_until_it_comes(
    tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """The advice model takes 2.5 s: Web Chat shows "ERA is typing" meanwhile, and the
    indicator is gone once the answer is there (the fast welcome shows none)."""
    async with FakeOpenAIServer() as llm:
        llm.queue_text(SLOW_ADVICE, delay_seconds=2.5)
        await seed(tmp_path, FIXED_NOW)
        app = await start_app(tmp_path, lambda: FIXED_NOW, OPENAI_BASE_URL=llm.base_url,
                              OPENAI_API_KEY=DEFAULT_API_KEY)
        try:
            flows = [{"name": "slow-advice", "steps": [
                {"open": "/?as=demo-maria"},
                {"say": "My employee didn't show up for 3 days", "until": "in a row?"},
            ]}]
            result = await _drive(app, tmp_path, request, flows, None, SLOW_ARTIFACTS)
        finally:
            await app.stop()
    welcome, slow = result["results"]
    assert not welcome["typingSeen"]
    assert slow["answeredIn"] >= 2.5
    assert slow["typingSeen"], slow
    assert slow["typingNow"] == 0
    assert SLOW_ADVICE in slow["transcript"]
