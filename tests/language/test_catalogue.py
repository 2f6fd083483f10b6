"""The message catalogues: every language says every message, with the same placeholders and
valid plural forms; lookups fall back from the most specific language to English; saying a
message is cheap."""

from __future__ import annotations

import re
import statistics
import string
import timeit
from datetime import date
from pathlib import Path

import pytest

from language.catalogue import (
    LOCALES_DIR,
    SOURCE_LANGUAGE,
    Catalogue,
    Message,
    default_catalogue,
    say,
)
from language.formatting import format_day

LANGUAGES = ("en", "fr", "es", "de", "it", "pt", "nl", "pl", "ja", "zh-Hans")
# Regional overlays: only the messages whose regional form differs; the language's catalogue
# fills in the rest.
OVERLAYS = ("pt-BR",)
CATALOGUE = default_catalogue()
ENGLISH = CATALOGUE.language(SOURCE_LANGUAGE)


def test_the_nine_languages_have_a_catalogue() -> None:
    assert set(LANGUAGES) <= set(CATALOGUE.languages)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_catalogue_has_every_message_and_nothing_else(language: str) -> None:
    messages = CATALOGUE.language(language).messages
    assert sorted(set(ENGLISH.messages) - set(messages)) == []
    assert sorted(set(messages) - set(ENGLISH.messages)) == []


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_an_overlay_holds_only_english_messages_and_leaves_the_rest_to_its_language(
    overlay: str,
) -> None:
    messages = CATALOGUE.language(overlay).messages
    assert messages
    assert sorted(set(messages) - set(ENGLISH.messages)) == []
    base = CATALOGUE.language(overlay.split("-")[0]).messages
    assert sorted(msg_id for msg_id, message in messages.items()
                  if message.forms == base[msg_id].forms) == []
    for msg_id in set(ENGLISH.messages) - set(messages):
        assert CATALOGUE.say(msg_id, overlay, **_params(ENGLISH.messages[msg_id])) == \
            CATALOGUE.say(msg_id, overlay.split("-")[0], **_params(ENGLISH.messages[msg_id]))


def _params(message: Message) -> dict[str, object]:
    params: dict[str, object] = {name: f"<{name}>" for name in message.placeholders}
    if message.plural:
        params["count"] = 2
    return params


@pytest.mark.parametrize("language", LANGUAGES + OVERLAYS)
def test_placeholders_are_the_english_ones(language: str) -> None:
    catalogue = CATALOGUE.language(language)
    wrong = {
        msg_id: (sorted(message.placeholders), sorted(ENGLISH.messages[msg_id].placeholders))
        for msg_id, message in catalogue.messages.items()
        if msg_id in ENGLISH.messages
        and message.placeholders - {"count"} != ENGLISH.messages[msg_id].placeholders - {"count"}
    }
    assert wrong == {}


@pytest.mark.parametrize("language", LANGUAGES + OVERLAYS)
def test_plural_messages_have_one_form_per_plural_category(language: str) -> None:
    catalogue = CATALOGUE.language(language)
    for msg_id, english in ENGLISH.messages.items():
        message = catalogue.messages.get(msg_id)
        if message is None and language in OVERLAYS:
            continue
        assert message.plural is english.plural, msg_id
        if message.plural:
            assert len(message.forms) == catalogue.plural_count, msg_id


# Words of the familiar register, in catalogues whose glossary says to address people formally
# (Italian "Lei", Dutch "u"). The "!improve" example quotes a user and may use them.
_FAMILIAR = {
    "it": re.compile(r"\b(?:ti serve|dimmi|nel tuo|hai chiesto|rispondi|scegli|scusa,|ti ha)\b",
                     re.IGNORECASE),
    "nl": re.compile(r"\b(?:je|jouw|jij|alsjeblieft)\b", re.IGNORECASE),
    # Brazilian business writing says "você" (implied); "tu", and "o senhor" beside it, would
    # mix registers.
    "pt-BR": re.compile(r"\b(?:tu|te|teu|tua|teus|tuas|contigo|o senhor|a senhora)\b",
                        re.IGNORECASE),
}


@pytest.mark.parametrize("language", sorted(_FAMILIAR))
def test_a_formal_catalogue_never_slips_into_the_familiar_register(language: str) -> None:
    familiar = sorted(
        msg_id
        for msg_id, message in ENGLISH.messages.items()
        if not msg_id.startswith("feedback.")
        and _FAMILIAR[language].search(CATALOGUE.say(msg_id, language, **_params(message)))
    )
    assert familiar == []


# Italian addresses the person as "Lei", and this catalogue writes its forms with a capital
# ("Le ho risposto", "il Suo negozio", "per Lei"), as Italian business writing does: a lowercase
# one reads as a third person ("solo lei" is "only she") beside the capitalised ones.
_ITALIAN_LOWERCASE_LEI = re.compile(
    r"\blei\b|\b(?:le|la) (?:ho risposto|ho proposto|aiuterò|mostrerò|chiedo|aspetta)\b"
    r"|\b(?:una|la|il|nella|nel|da parte) su[ao]\b(?! (?:turno|posto|responsabile|numero))"
)


def test_italian_writes_the_persons_lei_with_a_capital() -> None:
    """The finding: the channel pointer said "le ho risposto nella nostra chat privata, dove
    solo lei può vederlo", and "nulla in attesa di una sua risposta", where the catalogue
    elsewhere says "Lei", "Le", "Suo"."""
    slips = sorted(
        msg_id
        for msg_id, message in ENGLISH.messages.items()
        if not msg_id.startswith(("feedback.", "manager_notice.", "email_template."))
        and _ITALIAN_LOWERCASE_LEI.search(CATALOGUE.say(msg_id, "it", **_params(message)))
    )
    assert slips == []


def test_french_never_asks_with_a_half_inverted_pronoun() -> None:
    """'Dans quelle fonction Bob doit-il ou elle travailler ?' is not French: the inverted 'il'
    cannot be paired with a plain 'elle'."""
    slips = sorted(
        msg_id
        for msg_id, message in ENGLISH.messages.items()
        if re.search(r"-il ou elle\b", CATALOGUE.say(msg_id, "fr", **_params(message)))
    )
    assert slips == []


# Polish (GLOSSARY.md): the person is "Ty" (never "Pan/Pani", nor the impersonal "proszę" and an
# infinitive), and ERA speaks of itself in the feminine ("znalazłam", never "znalazłem").
_POLISH_SLIPS = re.compile(
    r"\bPan(?:a|u|em|i|ią)?\b|\b(?!udział)\w+łem\b|\b\w+łbym\b|\bproszę \w+(?:ać|ić|eć|yć|ść)\b"
)


def test_polish_says_ty_and_era_speaks_in_the_feminine() -> None:
    slips = sorted(
        msg_id
        for msg_id, message in ENGLISH.messages.items()
        if _POLISH_SLIPS.search(CATALOGUE.say(msg_id, "pl", **_params(message)))
    )
    assert slips == []


# European Portuguese forms a Brazilian reads as foreign: "estou a tratar" (Brazil: "estou
# tratando"), equipa, registe, contacte, percebi, telemóvel, "Lamento", "por si", «…», "diga-me".
_EUROPEAN = re.compile(
    r"\b(?:est\w+|fic\w+|continu\w+) a [a-zà-ú]+(?:ar|er|ir|á|ê|í)\b|\bequipas?\b"
    r"|\bregist(?:e|ar|o)\b|\bcontact\w*|\bperceb\w*|\btelemóvel|\bpequeno-almoço|\blamento\b"
    r"|\bpor si\b|\bconsigo\b(?=[.,;!?)])|[«»]|\butilizador|\bpartilh\w*|\bguard(?:ar|ei|ado)\b"
    r"|\bmarcação|\b\w+-me\b|\bnuma?\b",
    re.IGNORECASE,
)
# In advice and letters (prompts/playbooks/pt_BR, prompts/email_templates/pt_BR), also: the
# clitic after a finite verb ("Registe-o", "trata-se", "Peço-lhe"; "redigi-lo" is Brazilian
# too), "tu" and "vós" forms, and words Brazil says otherwise (facto, ficheiro, "por vezes",
# baixa, despedimento, "Com os melhores cumprimentos", "a horas", sítio).
EUROPEAN_IN_PROSE = re.compile(
    _EUROPEAN.pattern
    + r"|\b\w+-(?:me|te|lhes?|se|o|a|os|as|nos|mo|ma)\b"
    + r"|\b(?:vós|voss[oa]s?|tu|te|teu|tua|teus|tuas|contigo)\b|\bfactos?\b|\bficheiros?\b"
    + r"|\bpor vezes\b|\bbaixa\b|\bdespedimento|\bcumprimentos\b|\ba horas\b|\bsítio\b",
    re.IGNORECASE,
)


# The GLOSSARY's "possessives without the article": Brazil says "seu turno", "sua resposta"
# where Portugal says "o seu turno", "a sua resposta" (after a preposition, "do seu", both do).
_ARTICLE_BEFORE_POSSESSIVE = re.compile(
    r"(?<![\w-])(?:[oa]s?) (?:seus?|suas?|meus?|minhas?)\b", re.IGNORECASE)


def test_brazilian_portuguese_reads_as_brazilian() -> None:
    european = sorted(
        msg_id
        for msg_id, message in ENGLISH.messages.items()
        if not msg_id.startswith("feedback.")
        and (EUROPEAN_IN_PROSE.search(text := CATALOGUE.say(msg_id, "pt-BR", **_params(message)))
             or _ARTICLE_BEFORE_POSSESSIVE.search(text))
    )
    assert european == []
    assert say("bot.busy", "pt-BR") == ("Ainda estou tratando da sua mensagem anterior. "
                                         "Por favor, envie esta novamente daqui a pouco.")


# "Qual lhe convém?" is Portugal's; Brazil asks "Qual horário fica melhor para você?". A name
# greeted takes the vocative comma, "Olá, Maria," (Portugal's letters write "Olá Maria,").
_EUROPEAN_ASKING_OR_GREETING = re.compile(r"\blhe conv[ée]m\b|\bOlá <", re.IGNORECASE)


def test_brazilian_portuguese_asks_which_time_and_greets_by_name_as_brazilians_do() -> None:
    european = sorted(
        msg_id for msg_id, message in ENGLISH.messages.items()
        if _EUROPEAN_ASKING_OR_GREETING.search(CATALOGUE.say(msg_id, "pt-BR", **_params(message)))
    )
    assert european == []
    assert say("meeting.nearest_free_times", "pt-BR", everyone="você e Bob Smith").endswith(
        "Qual horário fica melhor para você?")
    assert say("shift_cancel.manager_email_body", "pt-BR", manager="Maria", worker="Bob Smith",
               shift="sáb.", reason="doente").startswith("Olá, Maria,\n")
    assert say("bot.busy", "pt") == say("bot.busy", "pt-PT")
    assert "a tratar" in say("bot.busy", "pt")


@pytest.mark.parametrize("language", (*LANGUAGES, *OVERLAYS))
def test_a_change_the_manager_confirms_names_the_person_without_a_gender_slash(
    language: str,
) -> None:
    """The finding: "Alice Martin retirado/a do turno", "Bob Smith tolto/a dal turno" in the
    previews a manager confirms; the verb says it for anyone ("sai do turno", "esce dal")."""
    slashed = sorted(
        msg_id
        for msg_id, message in ENGLISH.messages.items()
        if msg_id.startswith("shift_change.summary.")
        and re.search(r"\w/[ao]\b", CATALOGUE.say(msg_id, language, **_params(message)))
    )
    assert slashed == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_renders(language: str) -> None:
    for msg_id, message in CATALOGUE.language(language).messages.items():
        params = {name: f"<{name}>" for name in message.placeholders}
        if message.plural:
            params["count"] = 2
        text = CATALOGUE.say(msg_id, language, **params)
        assert text.strip() and "{" not in text.replace("{{", ""), msg_id


def test_placeholders_are_plain_names() -> None:
    for message in ENGLISH.messages.values():
        for form in message.forms:
            for _, name, spec, conversion in string.Formatter().parse(form):
                assert not spec and not conversion, (message.msg_id, name)


def test_a_count_picks_the_plural_form() -> None:
    assert say("my_shifts.list_soon", "en", count=1) == "Your shift in the next two weeks:"
    assert say("my_shifts.list_soon", "en", count=3) == "Your shifts in the next two weeks:"
    # French counts 0 and 1 as singular, Japanese has one form.
    assert say("my_shifts.list_soon", "fr", count=0) == say("my_shifts.list_soon", "fr", count=1)
    assert say("my_shifts.list_soon", "fr", count=1) != say("my_shifts.list_soon", "fr", count=2)
    assert say("my_shifts.list_soon", "ja", count=1) == say("my_shifts.list_soon", "ja", count=5)


@pytest.mark.parametrize(("tag", "resolved"), [
    ("fr-CA", "fr"), ("fr", "fr"), ("de-AT", "de"), ("pt-BR", "pt-BR"), ("pt_BR", "pt-BR"),
    ("pt-PT", "pt"), ("pt", "pt"), ("zh-CN", "zh-Hans"),
    ("zh-Hans", "zh-Hans"), ("zh-TW", "zh-Hans"), ("ja-JP", "ja"), ("en-GB", "en"),
    ("pl-PL", "pl"), ("", None), (None, None),
])
def test_a_locale_resolves_to_its_most_specific_catalogue(tag: str | None,
                                                          resolved: str | None) -> None:
    assert CATALOGUE.resolve(tag) == resolved


def test_a_missing_message_falls_back_towards_english(tmp_path: Path) -> None:
    for language, text in (("en", "Hello"), ("fr", "Bonjour")):
        folder = tmp_path / language / "LC_MESSAGES"
        folder.mkdir(parents=True)
        (folder / "era.po").write_text(
            f'msgid "greet"\nmsgstr "{text}"\n\nmsgid "bye"\nmsgstr "{text} bye"\n'
            if language == "en" else f'msgid "greet"\nmsgstr "{text}"\n', encoding="utf-8",
        )
    catalogue = Catalogue.load(tmp_path)
    assert catalogue.say("greet", "fr-CA") == "Bonjour"
    assert catalogue.say("bye", "fr-CA") == "Hello bye"
    assert catalogue.say("greet", "pl") == "Hello"
    with pytest.raises(KeyError):
        catalogue.say("nothing", "fr")


def test_identify_finds_which_message_a_text_is() -> None:
    text = say("shift_cancel.done", "de", count=1,
               shift="Di., 24. Nov., Evening 20:00-23:00 (cashier)",
               told=say("shift_cancel.manager_told", "de", manager="Maria Lopez"))
    found = CATALOGUE.identify(text, "de")
    assert found[0] == "shift_cancel.done"
    assert "shift_cancel.manager_told" in found


def test_the_catalogue_files_are_where_the_readme_says() -> None:
    for language in LANGUAGES:
        assert (LOCALES_DIR / language.replace("-", "_") / "LC_MESSAGES" / "era.po").is_file()
        assert (LOCALES_DIR / language.replace("-", "_") / "GLOSSARY.md").is_file()


def test_saying_a_message_costs_microseconds() -> None:
    def one() -> str:
        return say("shift_cancel.done", "fr", count=1, shift="mar. 24 nov., Evening 20:00-23:00",
                   told="OK")

    one()
    runs = [timeit.timeit(one, number=200) / 200 for _ in range(15)]
    assert statistics.median(runs) < 20e-6


ROOT = Path(__file__).resolve().parents[2]
_LITERAL_ID = re.compile(r"""(?:say|_text)\(\s*(?:f?)["']([a-z_]+(?:\.[a-z_{}.]+)+)["']""")
_SAID_CONSTANT = re.compile(r"say\(\s*([A-Z][A-Z_]+)\b")


def _ids_in_code() -> set[str]:
    found: set[str] = set()
    for package in ("bots", "dialogs", "services", "language"):
        for path in (ROOT / package).rglob("*.py"):
            source = path.read_text(encoding="utf-8")
            found.update(_LITERAL_ID.findall(source))
            for name in set(_SAID_CONSTANT.findall(source)):
                value = re.search(rf"""^{name}\s*=\s*["']([^"']+)["']""", source, re.M)
                if value is not None:
                    found.add(value.group(1))
    return found


def test_every_message_id_the_code_says_exists() -> None:
    """Literal ids (and the fixed parts of composed ones) name English messages."""
    english = set(ENGLISH.messages)
    missing = []
    for msg_id in _ids_in_code():
        if "{" in msg_id:
            prefix = msg_id.split("{")[0]
            if not any(known.startswith(prefix) for known in english):
                missing.append(msg_id)
        elif msg_id not in english:
            missing.append(msg_id)
    assert sorted(missing) == []


@pytest.mark.parametrize("intent", ["advice", "call_employee", "email", "feedback", "transfer",
                                    "meeting_book", "meeting_cancel", "meeting_reschedule",
                                    "my_shifts", "running_late", "shift_assign", "shift_cancel",
                                    "shift_swap", "shift_unassign", "store_schedule",
                                    "absence_report"])
def test_every_flow_has_its_own_whole_sentences(intent: str) -> None:
    for sentence in ("stopped", "dropped", "now", "resume", "resume_reask"):
        assert f"flow.{intent}.{sentence}" in ENGLISH.messages


def test_every_flows_own_message_ids_exist() -> None:
    import importlib
    import pkgutil

    import dialogs
    from dialogs.flow_dialog import FlowDialog

    for module in pkgutil.iter_modules(dialogs.__path__):
        importlib.import_module(f"dialogs.{module.name}")
    flows: list[type] = []
    pending: list[type] = [FlowDialog]
    while pending:
        flow = pending.pop()
        flows.append(flow)
        pending.extend(flow.__subclasses__())
    for flow in flows:
        for attribute in ("denied_text", "meeting_question", "preference_question"):
            msg_id = getattr(flow, attribute, None)
            if msg_id is not None:
                assert msg_id in ENGLISH.messages, (flow.__name__, attribute, msg_id)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_sentence_ending_in_an_abbreviated_date_has_one_full_stop(language: str) -> None:
    searched = say("window.on_day", language, day=format_day(date(2026, 11, 24), language))
    said = say("meeting.no_free_time_in", language, searched=searched, minutes=30)
    assert searched in said and ".." not in said
    # A value's own dots stay, and a value that does not end in one still gets the full stop.
    assert say("meeting.found_alone", "en", meeting="A.B.") == "I found this meeting: A.B."
    assert say("meeting.found_alone", "en", meeting="Mon 24") == "I found this meeting: Mon 24."


def test_a_regional_reader_gets_the_schedule_words_of_its_language() -> None:
    from language.schedule_terms import schedule_term

    assert schedule_term("Morning", "pt-BR") == schedule_term("Morning", "pt") == "Manhã"
    assert schedule_term("sales associate", "pt-BR") == "vendas"
    assert schedule_term("Morning", "en-GB") == "Morning"
    assert schedule_term("Night shift", "pt-BR") == "Night shift"


def test_identify_reads_a_regional_language_with_its_fallback() -> None:
    text = say("shift_cancel.manager_told", "pt-BR", manager="Maria Lopez")
    assert CATALOGUE.identify(text, "pt-BR") == ["shift_cancel.manager_told"]
    assert CATALOGUE.messages_of("pt-BR")["bot.busy"].forms == (say("bot.busy", "pt-BR"),)
