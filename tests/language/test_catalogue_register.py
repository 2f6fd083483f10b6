"""Each catalogue speaks to the person in one register, the one its GLOSSARY.md fixes.

A Chinese manager read "在你的门店找不到“Bob”" (你) from a catalogue that otherwise says 您; an
Italian one read "Scusa, non ho capito…" among "Mi scusi"; a Polish worker was told "Proszę
podać imię i nazwisko" by an ERA that otherwise says "Podaj"; a Japanese manager read the casual
"わかりました" and "すみません" among "承知しました" and "申し訳ありません"; Dutch, Italian and
Portuguese prompts quoted with straight quotes ("ja") where the glossary sets ‘…’ or «…».

What a person is shown to type (an example after "try", a word in quotes) is their own words
and may use another register («!improve 你在我…», "Gib Alice Bobs Schicht…"): quoted text and
the capability examples (`main.example.*`) are left out of the check.
"""

from __future__ import annotations

import re

import pytest

from language.catalogue import default_catalogue

CATALOGUE = default_catalogue()
# Quoted text, in each language's quotes: the words a person is shown to type.
QUOTED = re.compile(r"«[^»]*»|„[^“”]*[“”]|‘[^’]*’|“[^”]*”|「[^」]*」|\"[^\"]*\"")
# What breaks each glossary's register in ERA's own words.
SLIPS: dict[str, re.Pattern[str]] = {
    "fr": re.compile(r"(?<![\w'’-])(?:tu|ton|ta|tes|toi|te)(?![\w'’-])"),
    "es": re.compile(r"\b(?:tu|tus|necesitas|quieres|puedes|tienes|pediste|dime|perdona"
                     r"|di que)\b", re.IGNORECASE),
    "de": re.compile(r"\b(?:du|dein\w*|dir|dich)\b", re.IGNORECASE),
    "it": re.compile(r"\b(?:Scusa|scegli|dimmi|rispondi|tuo|tua|tuoi|tue)\b", re.IGNORECASE),
    "nl": re.compile(r"\b(?:je|jij|jouw|jou|jezelf)\b", re.IGNORECASE),
    "pt": re.compile(r"\b(?:tu|teu|tua|teus|tuas|contigo)\b|-te\b", re.IGNORECASE),
    "pt-BR": re.compile(r"\b(?:tu|teu|tua|teus|tuas|contigo|senhor|senhora)\b|-te\b",
                        re.IGNORECASE),
    # Second person singular, never Pan/Pani; Ty/Twój/Ci/Cię capitalised; no "zdjął/zdjęła".
    "pl": re.compile(r"\b(?:Pan|Pani|Panu|Panią|Proszę (?:podać|odpowiedzieć|zwrócić)"
                     r"|twój|twoja|twoje|twojego|twojej|twoim|twoich|ciebie|tobie)\b"
                     r"|\w+ł/\w+ła\b"),
    "ja": re.compile(r"わかりました|すみません"),
    "zh-Hans": re.compile(r"你"),
}
# The quotes each glossary sets; a straight double quote is not one of them.
CURLY_QUOTED = ("es", "fr", "de", "it", "nl", "pt", "pt-BR", "pl", "ja", "zh-Hans")


def _own_words(language: str) -> list[tuple[str, str]]:
    """(message id, text with the user's quoted words taken out) for each form ERA says."""
    messages = CATALOGUE.language(language).messages
    return [(msg_id, QUOTED.sub("", form)) for msg_id, message in messages.items()
            if not msg_id.startswith("main.example.") for form in message.forms]


@pytest.mark.parametrize("language", SLIPS)
def test_era_keeps_one_register_in_each_language(language: str) -> None:
    """A Chinese shift manager who cannot be found in the store reads "在您的门店找不到…", not
    "在你的门店…"; an Italian one whose day was not understood reads "Mi scusi", not "Scusa"."""
    slips = [(msg_id, match.group(0), text) for msg_id, text in _own_words(language)
             for match in [SLIPS[language].search(text)] if match]
    assert not slips, slips


@pytest.mark.parametrize("language", CURLY_QUOTED)
def test_quotes_are_the_languages_own(language: str) -> None:
    """A Dutch manager is told "Antwoord ‘ja’ om verder te gaan", not "Antwoord "ja" …"."""
    messages = CATALOGUE.language(language).messages
    straight = [msg_id for msg_id, message in messages.items()
                if any('"' in form for form in message.forms)]
    assert not straight, straight
