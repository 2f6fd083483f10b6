"""Finding people by the names managers type."""

from __future__ import annotations

import pytest

from core.name_matcher import (
    find_names_in_text,
    fully_named,
    look_alike,
    match_people,
    nickname_matches,
)
from core.person import Person, PersonRole


def _person(pid: str, name: str) -> Person:
    email = name.lower().replace(" ", ".") + "@contoso.example"
    return Person(pid, name, email, PersonRole.EMPLOYEE, "store")


PEOPLE = [
    _person("bs", "Bob Smith"), _person("bj", "Bob Jones"), _person("am", "Alice Martin"),
    _person("fk", "Fatima Khan"), _person("sd", "Sophie Dubois"), _person("cw", "Chen Wei"),
]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("bob", {"bs", "bj"}),
        ("Bob Smith", {"bs"}),
        ("bob s", {"bs"}),
        ("BOB JONES", {"bj"}),
        ("alice", {"am"}),
        ("martin", {"am"}),
        ("Fatma", {"fk"}),
        ("sophie dubois", {"sd"}),
        ("Sophie Dubóis", {"sd"}),
        ("alice.martin@contoso.example", {"am"}),
        ("zed", set()),
        ("", set()),
    ],
)
def test_match_people(query: str, expected: set[str]) -> None:
    assert {p.id for p in match_people(query, PEOPLE)} == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("assign bob on wed sales associate", ["bs", "bj"]),
        ("assign Bob Smith on wed", ["bs"]),
        ("swap alice and bob jones on tuesday", ["am", "bj"]),
        ("swap Chen, Fatima on friday", ["cw", "fk"]),
        ("assign someone on wed", []),
    ],
)
def test_find_names_in_text(text: str, expected: list[str]) -> None:
    assert [p.id for p in find_names_in_text(text, PEOPLE)] == expected


def test_fully_named_needs_the_whole_name() -> None:
    people = [Person("bj", "Bob Jones", "bj@x.example", PersonRole.EMPLOYEE, "s"),
              Person("bs", "Bob Smith", "bs@x.example", PersonRole.EMPLOYEE, "s")]
    assert [p.id for p in fully_named("cancel Bob Jones's shift", people)] == ["bj"]
    assert fully_named("cancel Bob's shift", people) == []


def test_a_name_inside_unspaced_text_is_found() -> None:
    alice = Person("a", "Alice Martin", "a@x.example", PersonRole.EMPLOYEE, "s")
    jose = Person("j", "José Núñez", "j@x.example", PersonRole.EMPLOYEE, "s")
    assert find_names_in_text("明天下午3点和Alice开个会", [alice, jose]) == [alice]
    assert find_names_in_text("明日Aliceと会議", [alice, jose]) == [alice]
    assert find_names_in_text("José님과 회의", [alice, jose]) == [jose]
    assert find_names_in_text("book with José tomorrow", [alice, jose]) == [jose]


POLISH_PEOPLE = [
    *PEOPLE,
    _person("jk", "Jan Kowalski"), _person("jn", "Jana Nowak"), _person("ak", "Anna Kowalska"),
    _person("mw", "Marek Wiśniewski"), _person("al", "Ala Lis"), _person("lr", "Luca Rossi"),
    _person("ls", "Lucy Stone"),
]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("odwołaj zmianę Bobowi Smithowi", ["bs"]),
        ("umów spotkanie z Bobem Smithem", ["bs"]),
        ("zdejmij Boba Jonesa ze zmiany w piątek", ["bj"]),
        ("wyślij maila do Alicji Martin", ["am"]),
        ("zadzwoń do Alicji", ["am"]),
        ("porozmawiam z Alicją", ["am"]),
        ("umów rozmowę z Fatimą Khan", ["fk"]),
        ("napisz do Fatimy", ["fk"]),
        ("zamień Chena i Alice we wtorek", ["cw", "am"]),
        ("przypisz Jana Kowalskiego w środę", ["jk"]),
        ("spotkanie z Janem", ["jk"]),
        ("wyślij maila do Jany Nowak", ["jn"]),
        ("zadzwoń do Anny Kowalskiej", ["ak"]),
        ("z Markiem Wiśniewskim", ["mw"]),
        ("z Markiem", ["mw"]),
        ("umów spotkanie z Luca Rossim", ["lr"]),
        ("wyślij maila do Luki o spóźnieniach", ["lr"]),
        ("zadzwoń do Luki Rossiego", ["lr"]),
        ("umów rozmowę z Luką", ["lr"]),
        ("napisz Luce, że jutro ma wolne", ["lr"]),
        # Not a name: ordinary words that a name's case would spell, and unrelated people.
        ("ale nie mogę jutro przyjść", []),
        ("umów spotkanie z Lucy", ["ls"]),
    ],
)
def test_polish_messages_name_people_in_any_case(text: str, expected: list[str]) -> None:
    found = find_names_in_text(text, POLISH_PEOPLE, language="pl")
    assert [p.id for p in found] == expected


@pytest.mark.parametrize(
    "text",
    ["umów spotkanie z Bobem Smithem", "wyślij maila do Alicji Martin", "zadzwoń do Janem"],
)
def test_declined_names_are_read_only_in_polish(text: str) -> None:
    assert find_names_in_text(text, POLISH_PEOPLE, language="fr") == []
    assert find_names_in_text(text, POLISH_PEOPLE) == []


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("Boba", {"bs", "bj"}),
        ("Bobem Smithem", {"bs"}),
        ("Smithowi", {"bs"}),
        ("Alicji", {"am"}),
        ("Alicję Martin", {"am"}),
        ("Jana", {"jk", "jn"}),  # Jan's genitive and Jana: Polish readers ask too
        ("Janem", {"jk"}),
        ("Jany", {"jn"}),
        ("Kowalskiego", {"jk"}),
        ("Kowalskiej", {"ak"}),
        ("Kowalska", {"ak"}),
        ("Lucy", {"ls"}),
    ],
)
def test_match_people_reads_polish_cases(query: str, expected: set[str]) -> None:
    assert {p.id for p in match_people(query, POLISH_PEOPLE, language="pl-PL")} == expected


def test_full_names_in_a_polish_case_count_as_written_in_full() -> None:
    found = fully_named("odwołaj zmianę Bobowi Jonesowi", POLISH_PEOPLE, language="pl")
    assert [p.id for p in found] == ["bj"]
    assert fully_named("odwołaj zmianę Bobowi Jonesowi", POLISH_PEOPLE) == []


# A Cyrillic А, В and а typed (or pasted) into Latin names.
SPOOFED_ALICE = "\u0410lice"
SPOOFED_BOB = "\u0412ob"


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        (SPOOFED_ALICE, {"am"}),
        (SPOOFED_BOB, {"bs", "bj"}),
        (f"{SPOOFED_BOB} Jones", {"bj"}),
        ("M\u0430rtin", {"am"}),
    ],
)
def test_a_name_typed_with_lookalike_letters_finds_the_person_it_shows(
    query: str, expected: set[str]
) -> None:
    assert {p.id for p in match_people(query, PEOPLE)} == expected


def test_a_lookalike_name_is_found_in_a_sentence() -> None:
    found = find_names_in_text(f"swap {SPOOFED_BOB} Jones and {SPOOFED_ALICE} on tuesday", PEOPLE)
    assert [p.id for p in found] == ["bj", "am"]


def test_a_word_wholly_in_another_script_is_not_read_as_latin() -> None:
    # "Мах" is three Cyrillic letters drawn like M, a, x: a Cyrillic word, not Max.
    people = [*PEOPLE, _person("mm", "Max Mustermann")]
    assert match_people("\u041c\u0430\u0445", people) == []


def test_a_lookalike_in_the_directory_never_stands_in_for_the_person_it_copies() -> None:
    # Two accounts whose names look the same: whichever way the name is typed, both match
    # (the dialog asks which one, and shows their emails), never the lookalike alone.
    spoof = Person("spoof", f"{SPOOFED_ALICE} Martin", "alice.martin@evil.example",
                   PersonRole.EMPLOYEE, "store")
    people = [*PEOPLE, spoof]
    assert {p.id for p in match_people(f"{SPOOFED_ALICE} Martin", people)} == {"am", "spoof"}
    assert {p.id for p in match_people("Alice Martin", people)} == {"am", "spoof"}
    assert look_alike(people) == {"am", "spoof"}


# Another language's form of a first name is the same person: "zadzwoń do Zofii" got "I couldn't
# find Zofii in your store" (Sophie); "chiama Sofia", "llama a Sofía" the same.
@pytest.mark.parametrize(("text", "language", "expected"), [
    ("zadzwoń do zofii", "pl", ["sd"]),
    ("umów spotkanie z Zofią Dubois", "pl", ["sd"]),
    ("napisz maila do Alicji i Zofii", "pl", ["am", "sd"]),
    ("chiama sofia domani", "it", ["sd"]),
    ("llama a Sofía mañana", "es", ["sd"]),
    ("email alicia about the rota", "en", ["am"]),
    # Not a name's form: nobody.
    ("call sofa", "en", []),
    ("zadzwoń do zosi", "pl", []),
])
def test_another_languages_form_of_a_first_name_finds_the_person(
    text: str, language: str, expected: list[str]
) -> None:
    assert [p.id for p in find_names_in_text(text, PEOPLE, language=language)] == expected


@pytest.mark.parametrize(("query", "language", "expected"), [
    ("Zofii", "pl", {"sd"}),
    ("Zofia Dubois", "pl", {"sd"}),
    ("Sofía", "es", {"sd"}),
    ("alicia", "es", {"am"}),
])
def test_match_people_reads_another_languages_form_of_a_first_name(
    query: str, language: str, expected: set[str]
) -> None:
    assert {p.id for p in match_people(query, PEOPLE, language=language)} == expected


def test_someone_called_by_the_other_form_is_found_before_the_equivalent() -> None:
    """With a Sofia Rossi in the store, "Sofia" is her, not Sophie too."""
    people = [*PEOPLE, _person("sr", "Sofia Rossi")]
    assert [p.id for p in find_names_in_text("chiama sofia", people, language="it")] == ["sr"]
    assert {p.id for p in match_people("sofia", people, language="it")} == {"sr"}


@pytest.mark.parametrize("text", [
    "bob est marié et a deux enfants", "il s est marié samedi, il demande un congé",
    "je me suis mariée samedi",
])
def test_french_married_is_not_maria(text: str) -> None:
    """Folded, "marié" is "marie", which was an equivalent of Maria: Maria Lopez was named in
    French messages about a wedding (and, after a cancellation, got "already told")."""
    maria = _person("ml", "Maria Lopez")
    assert maria not in find_names_in_text(text, [*PEOPLE, maria], language="fr")


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("sofi", {"sd"}),  # a pet name of Sofia, Sophie's name in other languages
        ("soph", {"sd"}),
        ("chenny", {"cw"}),
        ("bobby smith", {"bs"}),
        ("bobby", {"bs", "bj"}),  # two people fit: both, so the dialog asks which one
        ("fati", {"fk"}),
        ("ali", {"am"}),
        ("al", set()),  # too short to stand for anyone
        ("sophisticated", set()),
        ("bobby kowalski", set()),
    ],
)
def test_match_people_by_pet_names(query: str, expected: set[str]) -> None:
    assert {p.id for p in match_people(query, PEOPLE)} == expected
    assert {p.id for p in nickname_matches(query, PEOPLE)} == expected
