"""Retrieval over the real playbooks: the right playbook for situations told in five languages,
no match (a knowledge gap) for questions no playbook covers, and the tokenisation behind it."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.playbook import Playbook, parse_playbook
from core.playbook_index import PlaybookIndex
from language.situation_words import index_words

PLAYBOOKS_DIR = Path(__file__).resolve().parents[2] / "prompts" / "playbooks"


def _playbooks() -> list[Playbook]:
    return [
        parse_playbook(path.read_text(encoding="utf-8"), source=path.name)
        for path in sorted(PLAYBOOKS_DIR.glob("*.md"))
        if "." not in path.stem  # not a variant ("lateness.left_early.md"): no keywords
    ]


WORDS = index_words()
INDEX = PlaybookIndex(_playbooks(), words=WORDS)


def test_every_situation_of_the_issue_has_a_playbook() -> None:
    assert {p.id for p in INDEX.playbooks} == {
        "no_show", "lateness", "performance", "misconduct", "harassment", "conflict",
        "leave_request", "resignation", "bereavement", "sickness", "general_policy",
    }


# Spoken French drops "ne" ("il a pas bossé"); Spanish, Italian and Portuguese say "didn't show"
# their own ways. These were knowledge gaps handed to HR.
@pytest.mark.parametrize("message", [
    "alice a pas montré hier", "alice s'est pas pointée", "bob a pas bossé hier",
    "alice no vino ayer", "alice no apareció", "bob non si è fatto vedere ieri",
    "alice non si è fatta vedere", "alice não deu as caras",
])
def test_a_no_show_said_as_people_speak(message: str) -> None:
    match = INDEX.best(message)
    assert match is not None and match.playbook.id == "no_show", (message, match)


# Harassment told with the verb, as managers type it (the nouns alone were known): the
# advisor had no playbook and handed over abruptly with "I have no guidance on this".
@pytest.mark.parametrize("message", [
    "alice si lamenta che il suo capo la molesta", "un collega molesta alice",
    "alice dice che il responsabile la tocca", "alice sagt ihr chef belaestigt sie",
    "a alice disse que o gerente esta assediando ela", "o chefe assedia a alice",
])
def test_harassment_told_with_the_verb(message: str) -> None:
    match = INDEX.best(message)
    assert match is not None and match.playbook.id == "harassment", (message, match)


# Bullying in German as managers type it ("schikaniert", "fertiggemacht", "mobbt"): the
# advisor had no playbook and handed a complaint about a team leader straight to HR with
# "Dazu habe ich leider keine Empfehlung".
@pytest.mark.parametrize("message", [
    "Ein Mitarbeiter hat sich bei mir über seinen Teamleiter beschwert, er fühlt sich "
    "schikaniert und ungerecht behandelt. Wie gehe ich vor?",
    "Ein Mitarbeiter fühlt sich von seinem Teamleiter schikaniert",
    "meine Mitarbeiterin wird von ihrer Chefin fertiggemacht",
    "der Schichtleiter mobbt Alice",
])
def test_bullying_said_in_german_is_harassment(message: str) -> None:
    match = INDEX.best(message)
    assert match is not None and match.playbook.id == "harassment", (message, match)


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("alice's dad died on sunday, how do I support her?", "bereavement"),
        ("Fatima hat ihre Mutter verloren, was soll ich tun", "bereavement"),
        ("bob asked for bereavement leave next week", "leave_request"),
    ],
)
def test_a_death_is_bereavement_and_leave_for_it_is_a_leave_request(
    message: str, expected: str
) -> None:
    """A manager told of a death gets the bereavement guidance (it was a quarrel, misconduct or
    a knowledge gap); a request for days off for it stays a leave request."""
    match = INDEX.best(message)
    assert match is not None and match.playbook.id == expected, (message, match)


# Poor performance as managers type it: "perf", "bosse mal" (was a no-show), "rinde poco" had
# no playbook, and the advisor handed over with "I have no guidance on this".
@pytest.mark.parametrize("message", [
    "chen a un souci de perf depuis 2 mois, jsp quoi faire", "chen bosse mal depuis 2 mois",
    "chen est pas au niveau", "chen rinde poco ultimamente", "chen lavora male da due mesi",
    "o chen ta rendendo pouco", "chen arbeitet schlecht",
])
def test_poor_performance_said_as_people_speak(message: str) -> None:
    match = INDEX.best(message)
    assert match is not None and match.playbook.id == "performance", (message, match)


@pytest.mark.parametrize("message", [
    "alice llega con olor a alcohol", "bob sent l'alcool ce matin", "emma riecht nach alkohol",
    "luca puzza di alcol", "he smells of alcohol", "o pedro cheira a álcool",
    "ingrid ruikt naar alcohol",
    # "al lavoro", "zur Arbeit" drew performance ("work") over the drink itself.
    "Luca è arrivato ubriaco al lavoro", "Luca kam betrunken zur Arbeit",
])
def test_alcohol_at_work_is_conduct(message: str) -> None:
    """The finding: "alice llega con olor a alcohol" got lateness advice ("llega", arrives)."""
    match = INDEX.best(message)
    assert match is not None and match.playbook.id == "misconduct", (message, match)


@pytest.mark.parametrize(("message", "expected"), [
    ("luca est arrivé ivre ce matin", "misconduct"),  # was lateness (arrivé)
    ("omar le gritó a un cliente ayer", "misconduct"),  # was harassment
    ("luca dorme durante il turno", "misconduct"),  # was an unreported absence
    ("bob is asleep on shift again", "misconduct"),
    ("alice ha litigato con chen davanti ai clienti", "conflict"),  # was harassment
    ("ingrid zit de hele dag op haar telefoon", "general_policy"),  # was a leave request
])
def test_the_held_out_remarks_find_their_playbook(message: str, expected: str) -> None:
    match = INDEX.best(message)
    assert match is not None and match.playbook.id == expected, (message, match)


# A quarrel as managers type it: "estão sempre a discutir", "vivem brigando", "se prennent la
# tête", "zoffen sich" had no playbook and were handed over with "I have no guidance on this".
@pytest.mark.parametrize("message", [
    "o chen e a alice estao sempre a discutir na loja", "o chen e a alice vivem brigando",
    "chen et alice se prennent la tete tout le temps", "chen und alice zoffen sich staendig",
])
def test_a_quarrel_said_as_people_speak(message: str) -> None:
    match = INDEX.best(message)
    assert match is not None and match.playbook.id == "conflict", (message, match)


# A customer's complaint about an employee is about their conduct, not harassment ("complained"
# met harassment's "made a complaint"), unless the words say harassment.
@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("a customer complained about bob", "misconduct"),
        ("we got a customer complaint about bob smith", "misconduct"),
        ("customers keep complaining about bob's service", "misconduct"),
        ("un client s'est plaint de bob", "misconduct"),
        ("un cliente se quejó de bob", "misconduct"),
        ("ein Kunde hat sich über Bob beschwert", "misconduct"),
        ("un cliente si è lamentato di bob", "misconduct"),
        ("um cliente reclamou do bob", "misconduct"),
        ("een klant heeft geklaagd over bob", "misconduct"),
        ("klient poskarżył się na boba", "misconduct"),
        ("お客様からボブについて苦情がありました", "misconduct"),
        ("顾客投诉了鲍勃", "misconduct"),
        ("a customer complained that bob harassed her", "harassment"),
        ("a customer complained that bob made comments about her body", "harassment"),
        ("un client s'est plaint que bob l'a harcelée", "harassment"),
        ("alice made a complaint against bob", "harassment"),
    ],
)
def test_a_customer_complaint_is_conduct_unless_it_says_harassment(
    message: str, expected: str
) -> None:
    match = INDEX.best(message)
    assert match is not None and match.playbook.id == expected, (message, match)


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("My employee didn't show up for 3 days", "no_show"),
        # Typed without apostrophes, and "didn't call" is no question about calling in sick.
        ("bob didnt show up for his shift yesterday and didnt call", "no_show"),
        ("alice didnt show and never called", "no_show"),
        ("bob was a no call no show on saturday", "no_show"),
        # "showing up on her phone" was a no-show; the phone is the matter.
        ("alice keeps showing up on her phone during shifts", "general_policy"),
        ("bob didnt show up and isnt picking up the phone", "no_show"),
        ("Bob hasn't come in since Monday and isn't answering his phone", "no_show"),
        ("Mon employé ne s'est pas présenté depuis trois jours", "no_show"),
        ("Mi empleado no se presentó al trabajo ayer", "no_show"),
        ("Mein Mitarbeiter ist seit drei Tagen nicht erschienen", "no_show"),
        ("mi empleada falta mucho, que hago", "no_show"),
        ("chen falta mucho al trabajo", "no_show"),
        ("chen fehlt ständig was soll ich machen", "no_show"),
        # Frequent sick calls are sickness absence, not a quarrel.
        ("mein mitarbeiter meldet sich dauernd krank", "sickness"),
        ("my employee keeps calling in sick", "sickness"),
        ("Il mio dipendente non si è presentato per tre giorni", "no_show"),
        ("One of my cashiers has been late 5 times this month", "lateness"),
        ("Elle arrive toujours en retard", "lateness"),
        ("Llega tarde casi todos los días", "lateness"),
        ("Er kommt ständig zu spät", "lateness"),
        ("È sempre in ritardo", "lateness"),
        ("Bob's work has been sloppy, lots of mistakes", "performance"),
        ("Bob's low performance worries me", "performance"),
        ("Luca was rude to a customer yesterday", "misconduct"),
        ("I think Bob stole money from the till", "misconduct"),
        # Showing up is no no-show: showing up drunk is misconduct.
        ("Bob keeps showing up drunk", "misconduct"),
        ("Chen showed up drunk again", "misconduct"),
        ("Alice told me a colleague keeps making comments about her body", "harassment"),
        ("Une salariée se plaint de harcèlement", "harassment"),
        ("il subit un harcèlement moral de son chef", "harassment"),
        ("ela sofre assédio moral no trabalho", "harassment"),
        ("Eine Mitarbeiterin fühlt sich von einem Kollegen belästigt", "harassment"),
        ("Chen and Luca keep arguing on the shop floor", "conflict"),
        ("Deux vendeurs ne s'entendent pas du tout", "conflict"),
        ("Fatima wants two weeks off in December", "leave_request"),
        ("Can I refuse a holiday request in December?", "leave_request"),
        ("Luca handed in his resignation today", "resignation"),
        ("Il a démissionné ce matin", "resignation"),
        ("How many breaks are staff entitled to?", "general_policy"),
        # Portuguese, Dutch, Japanese and Chinese (the last two written without spaces).
        ("meu funcionário chega atrasado todo dia", "lateness"),
        ("ele faltou três dias sem avisar", "no_show"),
        ("ela pediu demissão", "resignation"),
        ("o funcionário roubou dinheiro do caixa", "misconduct"),
        ("mijn medewerker komt steeds te laat", "lateness"),
        ("zij is al drie dagen afwezig", "no_show"),
        ("hij heeft ontslag genomen", "resignation"),
        ("部下が毎日遅刻します", "lateness"),
        ("部下が無断欠勤しました", "no_show"),
        ("同僚同士が喧嘩しています", "conflict"),
        ("部下に有給休暇を取りたいと言われました", "leave_request"),
        ("我的员工经常迟到", "lateness"),
        ("员工三天没来上班也联系不上", "no_show"),
        ("这个员工受到性骚扰", "harassment"),
        ("我的员工表现不好", "performance"),
    ],
)
def test_the_situation_finds_its_playbook(message: str, expected: str) -> None:
    match = INDEX.best(message)
    assert match is not None, message
    assert match.playbook.id == expected


@pytest.mark.parametrize(
    "message",
    [
        "What's our policy on bringing dogs to the office?",
        "Can employees expense their home internet?",
        "How do I set up the printer?",
        "What are the rules for company cars?",
        "Can I give an employee a bonus?",
        "What is the capital of France?",
        # Polite Japanese endings and common kana are in no keyword.
        "もらえませんか",
        "今日はいい天気ですね",
        "你好，请问一下",
    ],
)
def test_a_question_no_playbook_covers_is_no_match(message: str) -> None:
    assert INDEX.best(message) is None


@pytest.mark.parametrize(
    "message",
    ["not now", "not yet", "not really", "pas maintenant", "nicht jetzt", "non grazie",
     "ahora no", "agora não", "nie teraz", "niet nu", "never mind"],
)
def test_a_bare_decline_is_no_situation(message: str) -> None:
    # "not now" after ERA's offer once opened the no-show advice: "not" is in its keywords.
    assert INDEX.best(message) is None


@pytest.mark.parametrize(
    ("message", "expected"),
    [("he is not performing", "performance"), ("il n'est pas venu", "no_show"),
     ("er ist nicht erschienen", "no_show"), ("bob has not shown up for 3 days", "no_show")],
)
def test_a_negation_still_counts_next_to_its_word(message: str, expected: str) -> None:
    match = INDEX.best(message)
    assert match is not None and match.playbook.id == expected


@pytest.mark.parametrize(
    "message",
    [
        "nobody wants to work weekends",
        "my team keeps refusing overtime",
        "nobody wants to work on Sundays",
        "personne ne veut travailler le week-end",
        "mon équipe refuse les heures supplémentaires",
        "nadie quiere trabajar los fines de semana",
        "mi equipo se niega a hacer horas extra",
        "niemand will am Wochenende arbeiten",
        "mein Team verweigert Überstunden",
        "nessuno vuole lavorare nel fine settimana",
        "la mia squadra rifiuta gli straordinari",
        "ninguém quer trabalhar aos fins de semana",
        "a minha equipa recusa horas extras",
        "niemand wil in het weekend werken",
        "mijn team weigert overuren",
        "誰も週末に働きたがらない",
        "チームが残業を断る",
        "没人愿意周末上班",
        "团队拒绝加班",
    ],
)
def test_weekend_work_and_refused_overtime_are_general_policy(message: str) -> None:
    """Who must work weekends or overtime is a question of contract, handbook and law."""
    match = INDEX.best(message)
    assert match is not None and match.playbook.id == "general_policy", message


@pytest.mark.parametrize(
    "message",
    [
        "staff morale is low",
        "team morale is really low",
        "le moral de l'équipe est bas",
        "il morale della squadra è basso",
        "het moreel van het team is laag",
        "チームの士気が低い",
        "团队士气低落",
        "el ánimo del equipo está muy bajo",
        "la moral del equipo está por los suelos",
        "a moral da equipa está muito baixa",
        "o ambiente na equipa está péssimo",
        "Die Stimmung im Team ist schlecht",
        "le moral de l'équipe est au plus bas",
        "il morale del team è a terra",
        "de sfeer in het team is slecht",
        "morale w zespole jest bardzo niskie",
        "チームのやる気がない",
        "the whole team is demotivated",
    ],
)
def test_low_morale_is_no_playbooks_not_performance_or_harassment(message: str) -> None:
    """No playbook covers a team's morale: a knowledge gap (HR), not a wrong playbook (the
    "bajo" of "bajo rendimiento", the "schlechte Stimmung" of a dispute)."""
    assert INDEX.best(message) is None


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Bob está de baja desde el lunes", "sickness"),
        ("a Ana está de baixa médica", "sickness"),
        ("il subit un harcèlement moral de son chef", "harassment"),
        ("ela sofre assédio moral no trabalho", "harassment"),
        ("sufre acoso moral de su jefe", "harassment"),
        ("Bob und Alice streiten sich ständig, schlechte Stimmung", "conflict"),
        ("mau ambiente entre o João e a Ana, discutem", "conflict"),
    ],
)
def test_words_morale_shares_still_find_their_playbook(message: str, expected: str) -> None:
    """Leave, sick leave, moral harassment and a dispute are not low morale."""
    match = INDEX.best(message)
    assert match is not None and match.playbook.id == expected, message


@pytest.mark.parametrize(
    "message",
    [
        "alice seems really stressed lately, she cried at work today",
        "alicia parece muy estresada últimamente, hoy lloró en el trabajo",
        "alice lijkt de laatste tijd erg gestrest, ze huilde vandaag op het werk",
        "alice ostatnio wydaje się bardzo zestresowana, dziś płakała w pracy",  # a guard
    ],
)
def test_someone_in_tears_is_no_playbook_not_lateness(message: str) -> None:
    """The finding: a manager worried about a worker in tears got the lateness questions
    ("how often has Alice been late?"): "lately" stems to "late", and "de laatste tijd" shares
    "tijd" with "niet op tijd". No playbook covers mental health: a knowledge gap (HR)."""
    assert INDEX.best(message) is None


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("bob has been late a lot recently", "lateness"),
        ("alice is de laatste tijd vaak te laat", "lateness"),
        ("bob ciągle się spóźnia, mówi że to stres", "lateness"),
        ("Bob has been underperforming and seems stressed", "performance"),
        ("two of my cashiers keep arguing and one of them cried", "conflict"),
        ("my employee says her manager harasses her and she cried", "harassment"),
    ],
)
def test_words_wellbeing_shares_still_find_their_playbook(message: str, expected: str) -> None:
    """Lateness said with "lately", stress as a reason, tears in a dispute stay their playbook."""
    match = INDEX.best(message)
    assert match is not None and match.playbook.id == expected, message


def test_the_best_match_is_ranked_first_with_its_score() -> None:
    ranked = INDEX.scores("He keeps arriving late and was rude to a customer about it")
    assert [m.playbook.id for m in ranked[:2]] == ["lateness", "misconduct"]
    assert ranked[0].score > ranked[1].score > 0
    best = INDEX.best("He keeps arriving late and was rude to a customer about it")
    assert best == ranked[0]


def test_a_weak_match_below_the_threshold_is_no_match() -> None:
    strict = PlaybookIndex(INDEX.playbooks, words=WORDS, min_score=100.0)
    assert INDEX.best("Elle arrive toujours en retard") is not None
    assert strict.best("Elle arrive toujours en retard") is None


@pytest.mark.parametrize(
    ("words", "shared"),
    [
        (("harassment", "harassed", "harassing"), "harass"),
        (("absence", "absences"), "absenc"),
        (("resignation", "resigned", "resign"), "resign"),
        (("harcèlement", "harceler"), "harcel"),
    ],
)
def test_inflections_meet_at_one_stem(words: tuple[str, ...], shared: str) -> None:
    assert {WORDS.terms(word)[0] for word in words} == {shared}


def test_stop_words_go_and_neighbours_pair_up() -> None:
    assert WORDS.terms("My employee didn't show up") == ["didnt", "show", "didnt_show"]
    assert WORDS.terms("My employee didnt show up") == WORDS.terms("My employee didn’t show up")
    assert WORDS.terms("What's the policy for the staff?") == []
    assert WORDS.stem("late") == "late" and WORDS.stem("2026") == "2026"


def test_an_index_needs_playbooks() -> None:
    with pytest.raises(ValueError):
        PlaybookIndex([], words=WORDS)


# Sickness absence had no playbook: a pattern of sick days got the general answer about company
# rules ("off sick") or was a knowledge gap handed to HR ("ständig krank"), and a long illness
# or a return to work after it found nothing to say.
@pytest.mark.parametrize(("message", "expected"), [
    ("bob has been on long-term sick leave since march, what do I do", "sickness"),
    ("alice is coming back next week after three months off ill", "sickness"),
    ("Alice revient lundi après un long arrêt maladie", "sickness"),
    ("Bob kommt nach langer Krankheit zurück", "sickness"),
    ("alice vuelve de una baja larga el lunes", "sickness"),
    ("Alice torna dopo una lunga malattia", "sickness"),
    ("bob is sick every monday", "sickness"),
    # What is not sickness stays what it was.
    ("bob is late every monday", "lateness"),
    ("bob didnt show up and didnt call", "no_show"),
    ("alice is depressed and keeps crying", None),
])
def test_sickness_absence_finds_the_sickness_playbook(message: str, expected: str | None) -> None:
    match = INDEX.best(message)
    assert (match.playbook.id if match else None) == expected, (message, match)


# Short notes as managers type them: each picked no playbook (a knowledge gap handed to HR) or
# the wrong one ("no hace bien su trabajo" was a conflict, "macht ihre Arbeit nicht richtig"
# a bereavement, "krijgt zijn werk niet af" a policy question).
@pytest.mark.parametrize(("message", "expected"), [
    ("alice tiene problemas con sus tareas", "performance"),
    ("bob no hace bien su trabajo", "performance"),
    ("alice struggles with her tasks", "performance"),
    ("bob can't keep up with his work", "performance"),
    ("bob fait n'importe quoi au boulot", "performance"),
    ("bob kommt mit seinen Aufgaben nicht klar", "performance"),
    ("alice macht ihre Arbeit nicht richtig", "performance"),
    ("bob non riesce a fare il suo lavoro", "performance"),
    ("alice sbaglia sempre", "performance"),
    ("a alice tem dificuldades com as tarefas", "performance"),
    ("bob krijgt zijn werk niet af", "performance"),
    ("bob nie radzi sobie z obowiązkami", "performance"),
    ("bobさんは仕事ができない", "performance"),
    ("alice工作做不好", "performance"),
    ("alice y bob no se hablan", "conflict"),
    ("bob und alice können sich nicht ausstehen", "conflict"),
    ("bob kommt nicht klar mit alice", "conflict"),
    ("bob e alice non si sopportano", "conflict"),
    ("bob e alice não se falam", "conflict"),
    ("bob偷钱", "misconduct"),
    ("bob has been off for 6 weeks with a bad back", "sickness"),
    ("alice had surgery and is coming back monday", "sickness"),
    ("Alice a été hospitalisée, elle revient lundi", "sickness"),
    # Not pulled in: a problem with a colleague is no performance case, a till is no surgery.
    ("alice tiene problemas con un compañero", None),
    ("the till operation is slow", "performance"),
])
def test_a_short_note_finds_its_playbook(message: str, expected: str | None) -> None:
    match = INDEX.best(message)
    assert (match.playbook.id if match else None) == expected, (message, match)


# Leaving for another job: "se va" and "geht" are also leaving early, and Spanish, German and
# Italian got the lateness playbook (whose next answer drafted a written warning), English
# "he is leaving" a leave request, Dutch misconduct, Chinese bereavement.
@pytest.mark.parametrize("message", [
    "Chen me ha dicho que se va, ha encontrado otro trabajo",
    "Chen told me he is leaving, he found another job",
    "Chen m'a dit qu'il part, il a trouvé un autre travail",
    "Chen hat mir gesagt, dass er geht, er hat einen anderen Job gefunden",
    "Chen mi ha detto che se ne va, ha trovato un altro lavoro",
    "Chen zei dat hij weggaat, hij heeft een andere baan gevonden",
    "Chen说他要走了，找到了别的工作",
])
def test_leaving_for_another_job_is_a_resignation(message: str) -> None:
    match = INDEX.best(message)
    assert match is not None and match.playbook.id == "resignation", (message, match)


# "another" and "found" count only beside the word they go with ("another job"): these are
# no resignation.
@pytest.mark.parametrize(("message", "expected"), [
    ("Bob was late another time this week", "lateness"),
    ("Alice and Bob had another argument", "conflict"),
    ("Chen se va temprano todos los días", "lateness"),
    ("Bob geht immer früher", "lateness"),
    ("Bob found his keys", None),
    ("Bob hat seinen Schlüssel gefunden", None),
])
def test_another_or_found_alone_is_no_resignation(message: str, expected: str | None) -> None:
    match = INDEX.best(message)
    assert (match.playbook.id if match else None) == expected, (message, match)


@pytest.mark.parametrize(("message", "expected"), [
    # Two people arguing in front of customers is a conflict between them; one person rude in
    # front of customers stays misconduct.
    ("Alice et Chen se disputent tout le temps devant les clients", "conflict"),
    ("Bob a été impoli devant les clients", "misconduct"),
    ("un client s'est plaint de Bob", "misconduct"),
    ("Chen y Bob Jones discuten delante de los clientes", "conflict"),
    ("Bob fue grosero con un cliente", "misconduct"),
    ("Bob acosó a una clienta", "harassment"),
    ("je soupçonne Chen de voler dans la caisse", "misconduct"),
    # A pay rise is no sickness ("sick pay"), and doing well no performance concern.
    ("Bob wants a pay rise", None),
    ("Bob needs sick pay", "sickness"),
    ("Chen vraagt om loonsverhoging hij werkt hier 2 jaar en doet het goed", None),
    ("hij doet het werk niet goed", "performance"),
    # Working from home is a request no playbook covers; "seiner Arbeit" is no performance.
    ("Chen möchte zwei Tage pro Woche von zu Hause arbeiten er ist Filialassistent, "
     "die Hälfte seiner Arbeit ist am Computer", None),
    ("Bob macht seine Arbeit nicht richtig", "performance"),
    ("bob kommt mit seinen Aufgaben nicht klar", "performance"),
])
def test_whose_words_a_situation_shares_does_not_decide_it(
    message: str, expected: str | None
) -> None:
    """The finding: "Alice et Chen se disputent tout le temps devant les clients" got the
    misconduct questions ("clients" alone scored misconduct and harassment), "Bob wants a pay
    rise" the sickness questions ("sick pay"), and the answer "hij werkt hier 2 jaar en doet
    het goed" about a pay rise the performance questions ("doet het werk niet goed")."""
    match = INDEX.best(message)
    assert (match.playbook.id if match else None) == expected, (message, match)


@pytest.mark.parametrize("message", [
    "Bob siempre se toma descansos largos",
    "Bob ciągle robi długie przerwy",
    "Chen ciągle wychodzi na papierosa",
    "Chen macht ständig Raucherpausen",
    "Chen neemt te veel rookpauzes",
    "A Alice está sempre ao telemóvel na caixa",
    "Chen老是出去抽烟",
    "Bob keeps taking long breaks",
    "Chen takes extra smoke breaks",
])
def test_long_or_smoke_breaks_and_the_phone_are_the_everyday_rules_not_an_absence(
    message: str,
) -> None:
    """The finding: 'descansos largos' and 'długie przerwy' (long breaks) got the sickness
    advice ('baja larga', 'długie zwolnienie': a long sick leave), 'wychodzi na papierosa'
    (goes out for a cigarette) the lateness advice, 'rookpauzes' the resignation advice, and
    'Raucherpausen', 'ao telemóvel' and '抽烟' no advice at all. Breaks and phones at work are
    the everyday rules (the contract, the handbook, local law), as 'long breaks' already was."""
    match = INDEX.best(message)
    assert match is not None and match.playbook.id == "general_policy", (message, match)


@pytest.mark.parametrize("message", [
    "Alice m'a dit que Chen fait sans arrêt des commentaires sur son corps",
    "Alice hat mir gesagt, dass Chen ständig Kommentare über ihren Körper macht",
    "Alice mi ha detto che Chen fa continuamente commenti sul suo corpo",
    "Alice说Chen总是评论她的身材",
    "チェンさんがアリスさんの体についてしつこく発言していると彼女から聞きました",
    "Alice vertelde me dat Chen steeds opmerkingen maakt over haar lichaam",
])
def test_comments_about_someones_body_are_harassment(message: str) -> None:
    """The finding: comments about a colleague's body were advised on as performance (fr,
    de) or as the everyday rules (it), and in Chinese and Japanese found no playbook at all, so
    the manager was handed to HR after one question, as for a remark no playbook covers."""
    match = INDEX.best(message)
    assert match is not None and match.playbook.id == "harassment", (message, match)


@pytest.mark.parametrize("message", [
    "nein danke", "nein, noch nicht", "nee, nog niet gesproken", "no, todavía no",
    "não, ainda não", "no, non ancora", "nie, jeszcze nie",
])
def test_a_plain_no_leans_to_no_playbook(message: str) -> None:
    """Found at the re-read: keywords such as "akzeptiert kein nein" made a bare "nein danke"
    or "nee, nog niet" a harassment situation."""
    assert INDEX.best(message) is None, (message, INDEX.best(message))
