"""Word lists the reply interpreter reads short replies with, per language; data only, no logic.

Keys are ISO 639-1 language codes ("nb" and "nn" are read as "no"); "intl" holds what is the
same everywhere (emoji, "ok"). Entries are written as people type them; the interpreter folds
case, accents and punctuation of both the entries and the replies, so "sí" also covers "si" and
"d'accord" also covers "d accord". A phrase of several words is matched as a whole before its
words are read one by one ("no problem" is a yes, "not sure" is a hedge). When the same entry
means different things in different languages, the reply's locale decides; without a locale
CROSS_LANGUAGE_DEFAULTS names the language it is read in.
"""

from __future__ import annotations

from enum import StrEnum

from core.choice_option import TimeOfDay


class WordKind(StrEnum):
    """What a word or phrase says, independent of the options on offer."""

    AFFIRM = "affirm"  # yes, ok, sounds good
    NEGATE = "negate"  # no, cancel, none of them
    NEGATOR = "negator"  # not: turns the yes that follows into a no ("not ok", "pas d'accord")
    POST_NEGATOR = "post_negator"  # turns the yes before it into a no (Turkish "tamam değil")
    HEDGE = "hedge"  # maybe, later, tomorrow, but: a reply that does not decide
    QUESTION = "question"  # what?, why: the user asks instead of answering
    FILLER = "filler"  # articles, please, thanks, "shift", "option": no meaning of their own
    LAST = "last"  # the last option
    MIDDLE = "middle"  # the middle option (only when the count is odd)
    EARLIEST = "earliest"  # the option that starts first
    LATEST = "latest"  # the option that starts last
    LONGEST = "longest"
    SHORTEST = "shortest"
    NUMBER_SUFFIX = "number_suffix"  # "st" in "1st", "番目" in "2番目": after a number only


LANGUAGES: tuple[str, ...] = (
    "en", "fr", "es", "de", "it", "pt", "nl", "sv", "no", "da", "ru", "tr", "ja", "zh", "ar",
    "pl", "uk", "ko", "hi", "he", "el", "fi", "cs", "hu", "id", "ca",
)  # fmt: skip

LOCALE_ALIASES: dict[str, str] = {"nb": "no", "nn": "no", "ms": "id", "in": "id", "iw": "he"}

WORDS: dict[str, dict[WordKind, tuple[str, ...]]] = {
    "intl": {
        WordKind.AFFIRM: (
            "ok", "okay", "okey", "oki", "okie", "k", "kk", "o k", "👍", "👌", "✅", "✔", "☑",
            "🆗", "🙆",
        ),
        WordKind.NEGATE: ("👎", "❌", "✖", "❎", "🚫", "⛔", "🙅"),
        WordKind.HEDGE: ("hmm", "hm", "hmmm", "mmh", "🤔"),
        # Typed in every language ("odwołaj sobotę pls", "cancela el sábado porfa pls").
        WordKind.FILLER: ("pls", "plz", "plis", "thx"),
    },
    "en": {
        WordKind.AFFIRM: (
            "yes", "yeah", "yea", "yep", "yup", "yah", "yeh", "ya", "yas", "yess", "y", "aye",
            "sure", "sure thing", "certainly", "absolutely", "definitely", "of course", "ofc",
            "indeed", "correct", "right", "that's right", "exactly", "affirmative", "fine",
            "alright", "all right", "good", "great", "perfect", "cool", "awesome", "nice",
            "excellent", "sounds good", "sounds great", "sounds fine", "sounds perfect",
            "that works", "works for me", "works", "go ahead", "go for it", "do it",
            "let's do it", "let's go", "please do", "yes please", "proceed", "continue",
            "confirm", "confirmed", "i confirm", "approve", "approved", "agreed", "agree",
            "deal", "why not", "no problem", "no worries", "np", "roger", "lgtm", "sgtm",
            "yes sir", "looks good", "apply", "apply it", "submit", "save", "all good",
            "all set", "good to go", "that's fine", "it's fine", "fine by me", "go", "go on",
            "hell yes", "hell yeah", "i think so", "yes indeed",
        ),
        WordKind.NEGATE: (
            "no", "nope", "nah", "naw", "nay", "n", "no way", "not now", "not yet",
            "not really", "never", "never mind", "nevermind", "nvm", "cancel", "cancel it",
            "stop", "abort", "quit", "exit", "no thanks", "no thank you", "negative",
            "decline", "reject", "forget it", "skip", "wrong", "incorrect", "i disagree",
            "disagree", "none", "none of them", "none of these", "neither", "nothing",
            "i don't think so", "no need", "absolutely not", "of course not",
            "definitely not", "certainly not", "not at all", "not that", "please do not",
            "not this", "not this one", "not that one", "changed my mind", "i changed my mind",
            "hell no", "i think not", "scratch that",
            # Leaving it ("leave it", "drop it", "scrap that"): nothing done, a no.
            "leave it", "just leave it", "leave it for now", "leave that", "drop it",
            "drop that", "scrap it", "scrap that", "skip it", "skip that",
        ),
        WordKind.NEGATOR: ("not", "do not", "don't", "dont", "does not", "is not"),
        WordKind.HEDGE: (
            "maybe", "perhaps", "possibly", "probably", "might", "not sure", "unsure",
            # Asking for time or keeping it as it is, not a no ("leave it with me").
            "leave it with me", "leave it as it is", "leave it like that", "let me see",
            "let me check",
            "i guess", "i suppose", "guess", "suppose",
            "i'm not sure", "dunno", "idk", "i don't know", "don't know", "no idea", "no clue",
            "later", "wait", "hold on", "hang on", "let me think", "depends", "it depends",
            "either", "whatever", "any", "anything", "whichever", "both", "all", "but",
            "tomorrow", "today", "tonight", "yesterday", "next week", "someday", "another",
            "other", "different", "else", "doesn't matter", "don't care", "something else",
            # Every option, not one of them: "all of them", "each of them", "the two of them".
            "all of them", "both of them", "each of them", "every one", "each one",
            "all of these", "all of those", "the two of them", "the lot",
        ),
        WordKind.QUESTION: (
            "what", "which", "why", "how", "huh", "pardon", "come again", "sorry what",
            "what do you mean", "who", "when", "where", "what's that",
        ),
        WordKind.FILLER: (
            # "ok, yes after all", "after all, the second one": in the end, said of a choice.
            "after all", "in the end",
            "the", "a", "an", "ones", "that", "this", "it", "its", "i", "i'll", "i'd",
            "i'm", "me", "my", "we", "us", "let's", "let", "s", "do", "please", "pls", "plz",
            # Greetings are no yes: "good morning" is not "good".
            "good morning", "good afternoon", "good evening", "good night", "good day",
            "have a good day", "have a nice day",
            "thanks", "thank you", "thx", "ty", "cheers", "sorry", "shift", "shifts", "option",
            "options", "choice", "slot", "number", "nr", "num", "pick", "choose",
            "take", "want", "like", "prefer", "with", "for", "is", "be", "will", "would",
            "just", "then", "so", "well", "oh", "ah", "um", "uh", "er", "mm",
            "and", "or", "to", "at", "on", "in", "of", "around", "about", "actually", "rather",
            "instead", "time", "start", "starting", "starts", "really", "very", "much", "too",
            "also", "now", "course", "thing", "sounds", "looks", "seems", "you", "can",
            "could", "mine", "fits", "suits", "best", "meeting", "call", "person", "employee",
            "mr", "mrs", "ms", "have", "get", "give", "book me", "put me", "down", "work",
            "works for", "sir", "madam", "from", "until", "between",
        ),
        WordKind.LAST: ("last", "final", "the last", "latter", "bottom"),
        WordKind.MIDDLE: ("middle", "center", "centre"),
        WordKind.NUMBER_SUFFIX: ("st", "nd", "rd", "th"),
    },
    "fr": {
        WordKind.AFFIRM: (
            "oui", "ouais", "ouai", "ouep", "ouaip", "si", "d'accord", "dac", "daccord",
            "bien", "très bien", "tres bien", "exactement", "exact", "parfait", "bien sûr",
            "certainement", "absolument", "volontiers", "c'est bon", "c'est parfait",
            "ça marche", "ca marche", "ça me va", "ça va", "entendu", "allez-y", "vas-y", "go",
            "super", "génial", "impeccable", "nickel", "tout à fait", "carrément", "confirmer",
            "je confirme", "confirmé", "valider", "valide", "validez", "je valide", "oui merci",
            "bon",
            "pas de problème", "pas de souci", "sans problème", "avec plaisir", "correct",
            "c'est ça", "voilà", "continuer", "appliquer", "ok pour moi", "d'acc", "dacc",
            "je pense que oui", "je crois que oui",
        ),
        WordKind.NEGATE: (
            "non", "nan", "nope", "annuler", "annule", "annulez", "arrêter", "arrête",
            "arrêtez", "stop", "laisse tomber", "laissez tomber", "non merci", "jamais",
            "pas maintenant", "pas question", "surtout pas", "pas du tout", "aucun",
            "aucune", "ni l'un ni l'autre", "rien", "faux", "refuser", "pas ça",
            "je pense que non", "je crois que non", "j'ai changé d'avis",
            "laisse", "laisse ça", "laisse ça pour l'instant", "oublie ça",
        ),
        WordKind.NEGATOR: ("pas", "ne", "ne pas"),
        WordKind.HEDGE: (
            "peut-être", "peut être", "possible", "probablement", "plus tard", "tout à l'heure",
            "laisse-moi", "laisse moi", "laissez-moi", "laissez moi",
            "je ne sais pas", "je sais pas", "sais pas", "chais pas", "aucune idée",
            "attends", "attendez", "mais", "bof", "ça dépend", "n'importe", "n'importe lequel",
            "n'importe laquelle", "demain", "aujourd'hui", "ce soir", "autre", "l'autre",
            "les deux", "tous",
            "toutes", "tous les deux", "toutes les deux", "chacun", "chacune",
            # Indifference is no yes: "si tu veux" leaves the decision to ERA.
            "peu importe", "comme vous voulez", "comme tu veux", "si vous voulez", "si tu veux",
            "ça m'est égal", "je m'en fiche", "osef",
        ),
        WordKind.QUESTION: (
            "quoi", "comment", "pourquoi", "quel", "quelle", "lequel", "laquelle", "hein",
            "pardon", "qu'est-ce", "qu'est-ce que", "c'est-à-dire", "quand",
        ),
        WordKind.FILLER: (
            "le", "la", "les", "l", "celui", "celle", "celui-là", "celle-là",
            "ci", "là", "avec", "de", "du", "des", "d", "je", "j", "prends", "prendre", "veux",
            "voudrais", "choisis", "choisir", "préfère", "créneau", "option", "choix",
            "numéro", "n", "num", "poste", "shift", "vous", "service", "ce", "c", "est", "ça", "ca",
            "pour", "moi", "s'il", "te", "plaît", "plait", "s'il vous plaît",
            "s'il te plaît", "svp", "stp", "merci", "alors", "euh", "heu", "ben", "bah",
            "plutôt", "à", "a", "au", "en", "et", "ou", "vers", "qui commence", "qui",
            "commence", "me", "m", "va", "en fait", "finalement", "le créneau", "celui du",
            "celle du", "horaire", "équipe", "rendez-vous", "monsieur", "madame", "mme",
        ),
        WordKind.LAST: ("dernier", "dernière", "le dernier", "la dernière"),
        WordKind.MIDDLE: ("milieu", "du milieu"),
        WordKind.NUMBER_SUFFIX: ("er", "ère", "re", "e", "ème", "eme", "è", "nd", "nde", "o"),
    },
    "es": {
        WordKind.AFFIRM: (
            "sí", "si", "sip", "vale", "claro", "exacto", "exactamente", "por supuesto",
            "de acuerdo", "dale", "perfecto", "bien", "muy bien", "está bien", "bueno",
            "correcto", "adelante", "hazlo", "afirmativo", "seguro", "claro que sí", "listo",
            "genial", "confirmo", "confirmar", "confirmado", "sí gracias", "cierto",
            "sin problema", "no hay problema", "me parece bien", "me vale", "órale",
            "aplicar", "continuar", "sale", "eso", "eso es", "claro que sí", "venga",
            "venga va", "venga sí",
            "por supuesto que sí", "creo que sí", "que sí",
            "de una",
        ),
        WordKind.NEGATE: (
            "no", "nop", "nel", "cancelar", "cancela", "cancélalo", "parar", "detener",
            "déjalo", "olvídalo", "no gracias", "para nada", "nunca", "jamás",
            "de ninguna manera", "todavía no", "ahora no", "ninguno", "ninguna", "nada",
            "incorrecto", "tampoco", "anular", "anula", "claro que no", "por supuesto que no",
            "creo que no", "que no", "mejor no", "no quiero", "cambié de opinión",
            "ni de broma", "ni hablar", "ni loco", "ni loca",
        ),
        WordKind.NEGATOR: (),
        WordKind.HEDGE: (
            "quizás", "quizá", "tal vez", "a lo mejor", "puede ser", "no sé", "no lo sé",
            "ni idea", "más tarde", "luego", "después", "espera", "espere", "pero", "depende",
            "lo que sea", "cualquiera", "cualquier", "hoy", "pasado mañana",
            "otro", "otra", "el otro", "la otra", "ambos", "todos",
            # "los dos" is both of them; "el dos" is the second.
            "ambas", "todas", "los dos", "las dos", "todos ellos", "todas ellas",
            # Indifference is no yes ("da" alone is Russian for yes).
            "da igual", "me da igual", "me es igual", "igual", "me es indiferente",
            "indiferente", "como quieras", "como quiera", "lo que quieras", "lo que usted diga",
        ),
        WordKind.QUESTION: (
            "qué", "que", "cómo", "como", "por qué", "cuál", "cual", "perdón", "mande",
            "quién", "cuándo", "dónde",
        ),
        WordKind.FILLER: (
            "al final", "al final de cuentas", "pensándolo bien",
            "el", "la", "los", "las", "lo", "de", "del", "en", "por", "para", "quiero",
            "prefiero", "elijo", "tomo", "me quedo con", "opción", "número", "turno",
            "horario", "me", "yo", "ese", "esa", "este", "esta", "esto", "favor", "por favor",
            "porfa", "porfi",
            "gracias", "pues", "entonces", "y", "o", "a", "al", "la que", "el que", "lo que",
            "que empieza", "empieza", "mejor", "mm", "eh", "pon", "ponme", "dame", "con",
            "señor", "señora", "sr", "sra", "persona",
        ),
        WordKind.LAST: ("último", "última", "el último", "la última"),
        WordKind.MIDDLE: ("medio", "del medio", "el del medio", "la del medio"),
        WordKind.NUMBER_SUFFIX: ("o", "a", "er", "ero", "era", "do", "da", "ro", "to"),
    },
    "de": {
        WordKind.AFFIRM: (
            "ja", "jawohl", "jap", "jo", "jup", "japp", "gut", "genau", "klar", "sicher",
            "natürlich", "passt", "passt schon", "in ordnung", "alles klar", "einverstanden",
            "richtig", "korrekt", "stimmt", "gerne", "gern", "mach das", "mach es", "machen",
            "los", "los geht's", "perfekt", "super", "prima", "bestätigen", "bestätige",
            "bestätigt", "ja bitte", "ja danke", "sehr gut", "okay danke", "geht klar",
            "kein problem", "na klar", "selbstverständlich", "auf jeden fall", "weiter",
            "fortfahren", "anwenden", "das passt", "passt mir", "ok passt", "jep", "jup",
            "mach", "mach's", "mach schon", "mach ruhig", "ich denke schon",
            # Giving in after a hesitation: "na gut, mach", "also gut", "na schön".
            "na gut", "na schön", "also gut", "na gut dann", "dann mach",
            "sieht gut aus", "sieht gut aus so", "sieht super aus", "sieht perfekt aus",
            "joa", "jo passt",
            "klaro",
        ),
        WordKind.NEGATE: (
            "lass mal", "lass mal lieber", "lass gut sein", "lass es",
            "nein", "nee", "nö", "ne", "neee", "abbrechen", "abbruch", "stopp", "stop", "halt",
            "nein danke", "auf keinen fall", "keinesfalls", "niemals", "nie", "lieber nicht",
            "doch nicht", "vergiss es", "vergessen sie es", "keiner", "keine", "keins",
            "nichts", "falsch", "bloß nicht", "noch nicht", "jetzt nicht",
            "ach lass", "lass", "lass das", "lass das lieber",
        ),
        WordKind.NEGATOR: ("nicht", "kein"),
        WordKind.HEDGE: (
            "vielleicht", "eventuell", "evtl", "später", "weiß nicht", "weiss nicht",
            "lass mal sehen", "lass mich", "lass mich mal", "lass es so", "lass das so",
            "keine ahnung", "moment", "warte", "warten", "aber", "kommt darauf an",
            "kommt drauf an", "mal sehen", "egal", "irgendeine", "irgendeiner", "morgen",
            "heute", "übermorgen", "andere", "anderen", "beide", "alle", "weder",
            "beides", "die beiden", "alle beide", "alle davon", "jede", "jeden",
            "mir egal", "ist mir egal", "meinetwegen", "wurscht", "wie du willst",
            "wie sie wollen", "von mir aus",
        ),
        WordKind.QUESTION: (
            "was", "wie", "warum", "wieso", "weshalb", "welche", "welcher", "welches",
            "wie bitte", "hä", "häh", "wer", "wann", "wo",
        ),
        WordKind.FILLER: (
            "der", "die", "das", "den", "dem", "des", "einen", "einer", "ich",
            "nehme", "nehm", "möchte", "will", "wähle", "hätte", "bitte", "danke",
            "schicht", "option", "nummer", "nr", "am", "um", "im", "zum", "zur", "es", "also",
            "dann", "doch", "mal", "lieber", "äh", "ähm", "mir", "uhrzeit",
            "termin", "und", "oder", "von", "mit", "für", "dienst", "herr", "frau", "person",
        ),
        WordKind.LAST: (
            "letzte", "letzter", "letztes", "letzten", "letztem", "die letzte", "der letzte",
            "das letzte",
        ),
        WordKind.MIDDLE: ("mittlere", "mittleren", "mittlerer", "mittleres", "mitte"),
        WordKind.NUMBER_SUFFIX: ("te", "ter", "tes", "ten"),
    },
    "it": {
        WordKind.AFFIRM: (
            "sì", "si", "certo", "va bene", "esatto", "esattamente", "certamente",
            "d'accordo", "perfetto", "giusto", "corretto", "confermo", "confermare",
            "confermato", "procedi", "procedere", "vai", "dai", "benissimo", "bene",
            "volentieri", "assolutamente", "ovviamente", "sicuro", "sì grazie", "sicuramente",
            "nessun problema", "ottimo", "va benissimo", "continua", "applica", "ok grazie",
            "come no", "credo di sì", "penso di sì",
            "ovvio", "sisi",
        ),
        WordKind.NEGATE: (
            "no", "annulla", "annullare", "ferma", "fermati", "fermare", "basta", "stop",
            "no grazie", "lascia stare", "lascia perdere", "per niente", "mai", "assolutamente no",
            "non ora", "niente", "nessuno", "nessuna", "sbagliato", "neanche", "nemmeno",
            "meglio di no", "meglio no", "credo di no", "penso di no", "non voglio",
            "lascia", "lascia stare per ora", "lasciamo stare", "lasciamo perdere",
        ),
        WordKind.NEGATOR: ("non",),
        WordKind.HEDGE: (
            "forse", "magari", "più tardi", "dopo", "non so", "non lo so", "aspetta",
            "aspetti", "ma", "dipende", "boh", "qualsiasi", "uno qualsiasi", "domani", "oggi",
            "altro", "altra", "l'altro", "l'altra", "entrambi", "tutti",
            "entrambe", "tutte", "tutti e due", "tutte e due",
            "fa lo stesso", "è uguale", "uguale", "indifferente", "mi è indifferente",
            "come vuoi", "come preferisci", "come vuole", "come preferisce", "vabbè", "vabbe",
        ),
        WordKind.QUESTION: (
            "cosa", "che cosa", "come", "perché", "quale", "che", "chi",
            "quando", "dove",
        ),
        WordKind.FILLER: (
            "alla fine", "in fin dei conti", "ripensandoci", "dopotutto",
            "il", "lo", "la", "i", "gli", "le", "l", "quello", "quella", "così", "pure",
            "questo", "questa", "di", "del", "della", "dello", "per", "prendo", "voglio",
            "scelgo", "vorrei", "preferisco", "opzione", "numero", "turno", "grazie", "favore",
            "per favore", "allora", "pure", "e", "o", "alle", "a", "al", "in", "quello che",
            "che inizia", "inizia", "mi", "me", "eh", "ehm", "beh", "orario", "con", "signor",
            "signora", "sig", "persona", "più",
        ),
        WordKind.LAST: ("ultimo", "ultima", "l'ultimo", "l'ultima"),
        WordKind.MIDDLE: ("mezzo", "in mezzo", "centrale", "quello in mezzo", "di mezzo"),
        WordKind.NUMBER_SUFFIX: ("o", "a", "º", "ª"),
    },
    "pt": {
        WordKind.AFFIRM: (
            "sim", "claro", "exato", "exatamente", "certo", "beleza", "pode ser", "pode",
            "com certeza", "combinado", "perfeito", "isso", "isso mesmo", "tá", "ta", "tá bom",
            "ta bom", "tá certo", "está bem", "tudo bem", "fechado", "confirmo", "confirmar",
            "confirmado", "bora", "vamos", "positivo", "sim obrigado", "sim obrigada",
            "correto", "ótimo", "otimo", "legal", "show", "sem problema", "sem problemas",
            "pode seguir", "pode mandar", "continuar", "aplicar", "de acordo", "valeu",
            "claro que sim", "isso aí", "acho que sim", "pode sim", "blz", "fechou",
        ),
        WordKind.NEGATE: (
            "não", "nao", "cancelar", "cancela", "parar", "pare", "não obrigado",
            "não obrigada", "nunca", "jamais", "de jeito nenhum", "agora não", "negativo",
            "deixa pra lá", "deixa para lá", "deixa quieto", "esquece", "nenhum", "nenhuma",
            "nada", "errado",
            "melhor não", "acho que não", "claro que não", "não quero",
            "esquece isso", "deixa isso", "deixa estar",
        ),
        WordKind.NEGATOR: (),
        WordKind.HEDGE: (
            "talvez", "quem sabe", "mais tarde", "depois", "não sei", "nao sei", "sei lá",
            "espera", "espere", "mas", "depende", "qualquer", "qualquer um", "amanhã", "hoje",
            "outro", "outra", "o outro", "a outra", "ambos", "todos",
            "ambas", "todas", "os dois", "as duas",
            # "Hold on" as typed in Brazil: "calma" was the reason that cancelled the shift.
            "calma", "pera", "peraí", "pera aí", "espera aí", "um momento", "só um momento",
        ),
        WordKind.QUESTION: (
            # Not "porquê": folded it is "porque", "because" ("sim, porque estou doente").
            "o que", "o quê", "quê", "como", "por que", "qual", "hã", "oi", "quem",
            "quando", "onde",
        ),
        WordKind.FILLER: (
            "afinal", "no fim", "no final", "pensando bem",
            "o", "a", "os", "as", "de", "do", "da", "na", "em", "pro",
            "pra", "para", "quero", "prefiro", "escolho", "fico com", "opção", "número",
            "turno", "esse", "essa", "este", "esta", "obrigado", "obrigada", "por favor", "e",
            "ou", "às", "ao", "com", "me", "eu", "então", "entao", "né", "o que começa",
            "começa", "horário", "vou de", "vou", "senhor", "senhora", "sr", "sra", "pessoa",
            "mais",
        ),
        WordKind.LAST: ("último", "última", "o último", "a última"),
        WordKind.MIDDLE: ("meio", "do meio", "o do meio", "a do meio"),
        WordKind.NUMBER_SUFFIX: ("o", "a", "º", "ª"),
    },
    "nl": {
        WordKind.AFFIRM: (
            "ja", "jawel", "jazeker", "toch wel", "ja toch", "tuurlijk", "natuurlijk wel",
            "oké", "oke", "goed", "prima", "klopt", "precies",
            "zeker", "natuurlijk", "akkoord", "in orde", "top", "perfect", "doe maar",
            "is goed", "prima zo", "graag", "ga door", "ga je gang", "bevestigen",
            "bevestig", "ja graag", "ja hoor", "helemaal goed", "geen probleem", "uitstekend",
            "toepassen", "doorgaan", "dat klopt", "prima dank je", "jep", "jup", "doe het",
            "ik denk het wel", "ziet er goed uit", "ziet er prima uit", "ziet er perfect uit",
        ),
        WordKind.NEGATE: (
            "nee", "neen", "nope", "annuleren", "annuleer", "stop", "stoppen", "nee dank je",
            "nee bedankt", "laat maar", "nooit", "liever niet", "helemaal niet", "geen",
            "geen van beide", "geen enkele", "niets", "fout", "niet doen", "nee hoor",
            "ik denk het niet",
            "laat het", "laat het maar", "laat maar even", "laat zitten",
        ),
        WordKind.NEGATOR: ("niet",),
        WordKind.HEDGE: (
            "misschien", "wellicht", "later", "straks", "weet niet", "weet ik niet",
            "laat het zo", "laat me", "laat me even",
            "geen idee", "wacht", "maar", "hangt ervan af", "maakt niet uit", "morgen",
            "vandaag", "andere", "beide", "allebei",
        ),
        WordKind.QUESTION: ("wat", "hoe", "waarom", "welke", "wie", "wanneer", "waar", "huh"),
        WordKind.FILLER: (
            # "toch wel", "ok, toch maar doen": yes after all ("toch niet" stays a no).
            "toch", "toch maar", "uiteindelijk", "achteraf",
            "de", "het", "die", "dat", "deze", "ik", "neem", "wil", "kies", "optie",
            "nummer", "dienst", "shift", "alsjeblieft", "alstublieft", "aub", "dank",
            "dank je", "dank u", "bedankt", "s", "om", "van", "en", "of", "in", "met", "voor",
            "maar dan", "doe", "mij", "me", "nou", "dan", "die om", "tijd",
        ),
        WordKind.LAST: ("laatste", "de laatste"),
        WordKind.MIDDLE: ("middelste", "de middelste"),
        WordKind.NUMBER_SUFFIX: ("e", "ste", "de"),
    },
    "sv": {
        WordKind.AFFIRM: (
            "ja", "japp", "jajamen", "jo", "okej", "bra", "absolut", "visst", "precis",
            "självklart", "gärna", "kör", "kör på", "stämmer", "det stämmer", "toppen",
            "perfekt", "javisst", "ja tack", "fint", "låter bra", "det går bra", "ingen fara",
            "inga problem", "bekräfta", "bekräftar", "korrekt", "fortsätt", "gör det",
        ),
        WordKind.NEGATE: (
            "nej", "nä", "näe", "nej tack", "avbryt", "stopp", "sluta", "aldrig", "inte nu",
            "glöm det", "ingen", "inget", "ingen av dem", "fel",
        ),
        WordKind.NEGATOR: ("inte",),
        WordKind.HEDGE: (
            "kanske", "senare", "vet inte", "ingen aning", "vänta", "men", "beror på",
            "spelar ingen roll", "i morgon", "imorgon", "idag", "i dag", "båda", "alla",
        ),
        WordKind.QUESTION: ("vad", "hur", "varför", "vilken", "vilket", "va", "vem", "när"),
        WordKind.FILLER: (
            "den", "det", "jag", "tar", "vill", "väljer", "alternativ", "alternativet",
            "nummer", "pass", "passet", "skift", "tack", "snälla", "på", "och", "eller",
            "klockan", "kl", "om", "i", "med", "för", "ha", "a", "e",
        ),
        WordKind.LAST: ("sista", "den sista"),
        WordKind.MIDDLE: ("mittersta", "mellersta", "mitten"),
        WordKind.NUMBER_SUFFIX: ("a", "e"),
    },
    "no": {
        WordKind.AFFIRM: (
            "ja", "jo", "greit", "bra", "fint", "flott", "absolutt", "selvfølgelig", "stemmer",
            "det stemmer", "kjør", "kjør på", "gjerne", "ja takk", "perfekt", "supert",
            "helt greit", "i orden", "ikke noe problem", "bekreft", "bekrefter", "riktig",
            "fortsett", "javisst", "gjør det", "det er greit", "det er fint",
        ),
        WordKind.NEGATE: (
            "nei", "nei takk", "avbryt", "stopp", "aldri", "ikke nå", "glem det", "ingen",
            "ingen av dem", "feil",
        ),
        WordKind.NEGATOR: ("ikke",),
        WordKind.HEDGE: (
            "kanskje", "senere", "vet ikke", "aner ikke", "vent", "men", "kommer an på",
            "i morgen", "i dag", "begge", "alle",
        ),
        WordKind.QUESTION: ("hva", "hvordan", "hvorfor", "hvilken", "hvilket", "hæ", "hvem"),
        WordKind.FILLER: (
            "den", "det", "jeg", "tar", "vil", "velger", "alternativ", "nummer", "vakt",
            "vakten", "skift", "takk", "på", "og", "eller", "klokka", "klokken", "kl", "om",
            "med", "for", "e",
        ),
        WordKind.LAST: ("siste", "den siste"),
        WordKind.MIDDLE: ("midterste", "i midten"),
        WordKind.NUMBER_SUFFIX: ("e",),
    },
    "da": {
        WordKind.AFFIRM: (
            "ja", "jo", "okay", "fint", "godt", "fint nok", "præcis", "absolut",
            "selvfølgelig", "klart", "gerne", "ja tak", "det passer", "perfekt", "super",
            "kør", "kør bare", "i orden", "ikke noget problem", "bekræft", "bekræfter",
            "korrekt", "rigtigt", "fortsæt", "javel", "gør det", "det er fint",
        ),
        WordKind.NEGATE: (
            "nej", "nej tak", "annuller", "afbryd", "stop", "aldrig", "ikke nu", "glem det",
            "ingen", "ingen af dem", "forkert",
        ),
        WordKind.NEGATOR: ("ikke",),
        WordKind.HEDGE: (
            "måske", "senere", "ved ikke", "aner det ikke", "vent", "men", "det kommer an på",
            "i morgen", "i dag", "begge", "alle",
        ),
        WordKind.QUESTION: ("hvad", "hvordan", "hvorfor", "hvilken", "hvilket", "hvem"),
        WordKind.FILLER: (
            "den", "det", "jeg", "tager", "tar", "vil", "vælger", "mulighed", "nummer", "vagt",
            "vagten", "tak", "på", "og", "eller", "klokken", "kl", "om", "med", "for", "e",
        ),
        WordKind.LAST: ("sidste", "den sidste"),
        WordKind.MIDDLE: ("midterste", "i midten"),
        WordKind.NUMBER_SUFFIX: ("e",),
    },
    "ru": {
        WordKind.AFFIRM: (
            "да", "ага", "угу", "конечно", "хорошо", "ладно", "ок", "окей", "давай", "давайте",
            "da",
            "договорились", "верно", "точно", "правильно", "согласен", "согласна",
            "подтверждаю", "подтвердить", "да пожалуйста", "отлично", "супер", "можно",
            "годится", "пойдёт", "идёт", "разумеется", "именно", "без проблем",
            "нет проблем", "да спасибо", "продолжить", "продолжай", "применить", "норм",
            "всё верно", "всё хорошо", "всё правильно", "всё ок", "всё так",
        ),
        WordKind.NEGATE: (
            "нет", "неа", "не надо", "не нужно", "отмена", "отменить", "отмени", "стоп",
            "хватит", "нет спасибо",
            "никогда", "ни в коем случае", "ни один", "никакой", "ничего", "неверно",
            "неправильно", "не сейчас", "не хочу", "лучше не надо", "я передумал",
            "я передумала",
        ),
        WordKind.NEGATOR: ("не",),
        WordKind.HEDGE: (
            "может быть", "может", "возможно", "наверное", "потом", "позже", "не знаю",
            "подожди", "подождите", "но", "зависит", "любой", "любая", "завтра", "сегодня",
            "другой", "другая", "оба", "обе", "все",
        ),
        WordKind.QUESTION: (
            "что", "как", "почему", "какой", "какая", "чего", "зачем", "кто", "когда",
            "где", "шо",
        ),
        WordKind.FILLER: (
            "я", "беру", "возьму", "хочу", "выбираю", "вариант", "номер", "смена", "смену",
            "смены", "тот", "та", "то", "этот", "эта", "это", "пожалуйста", "спасибо", "в",
            "во", "на", "с", "и", "или", "ну", "мне", "вот", "тогда", "который", "которая",
            "начинается", "от", "с утра до", "смену с",
        ),
        WordKind.LAST: (
            "последний", "последняя", "последнее", "последнюю", "последнего", "последней",
        ),
        WordKind.MIDDLE: ("средний", "среднюю", "средняя", "посередине"),
        WordKind.NUMBER_SUFFIX: ("й", "я", "е", "ой", "ая", "ый", "ий", "ю", "ую", "го"),
    },
    "tr": {
        WordKind.AFFIRM: (
            "evet", "tamam", "olur", "peki", "tabii", "tabi", "elbette", "kesinlikle", "doğru",
            "aynen", "okey", "onaylıyorum", "onayla", "onay", "evet lütfen", "harika",
            "süper", "uygun", "tamamdır", "sorun yok", "problem yok",
            "devam", "devam et", "uygula", "iyi", "güzel", "mükemmel", "evet teşekkürler",
        ),
        WordKind.NEGATE: (
            "hayır", "yok", "istemiyorum", "dur", "vazgeç", "vazgeçtim", "olmaz",
            "hayır teşekkürler", "asla", "hiçbiri", "hiç", "yanlış", "şimdi değil", "iptal",
            "istemem", "iptal et", "vazgeç", "fikrimi değiştirdim",
        ),
        WordKind.POST_NEGATOR: ("değil",),
        WordKind.HEDGE: (
            "belki", "sonra", "daha sonra", "bilmiyorum", "bekle", "ama", "fakat", "yarın",
            "bugün", "herhangi", "herhangi biri", "farketmez", "fark etmez", "diğeri",
            "diğer", "ikisi", "hepsi",
        ),
        WordKind.QUESTION: ("ne", "nasıl", "neden", "niye", "hangi", "hangisi", "efendim", "kim"),
        WordKind.FILLER: (
            "ben", "alırım", "alayım", "istiyorum", "seçiyorum", "seçerim", "seçenek",
            "numara", "vardiya", "vardiyası", "vardiyayı", "olan", "lütfen", "teşekkürler",
            "teşekkür ederim", "sağol", "sağ ol", "bu", "şu", "o", "saat", "ve", "veya",
            "ile", "bana", "başlayan", "mesai",
        ),
        WordKind.LAST: ("son", "sonuncu", "sonuncusu", "en son", "sondaki"),
        WordKind.MIDDLE: ("ortadaki", "orta"),
        WordKind.NUMBER_SUFFIX: (
            "inci", "ıncı", "uncu", "üncü", "nci", "ncı", "ncu", "ncü", "ci", "cı", "cu",
            "cü",
        ),
    },
    "ja": {
        WordKind.AFFIRM: (
            "はい", "ええ", "うん", "オーケー", "おっけー", "オッケー", "いいよ", "いいね",
            "もちろん", "そう", "そうです", "その通り", "そのとおり", "了解",
            "了解です", "りょうかい", "承知しました", "かしこまりました", "わかりました",
            "分かりました", "お願いします", "おねがいします", "確定", "確認しました",
            "問題ない", "問題ありません", "正しい", "それでいい", "続ける", "適用",
            "はいお願いします", "了解しました", "それでお願いします",
            # "お願い" alone is a please ("2番お願い"); after "やっぱり" it asks for the action.
            "やっぱりお願い", "やはりお願い",
        ),
        WordKind.NEGATE: (
            "いいえ", "いや", "いえ", "ううん", "だめ", "ダメ", "駄目", "違う", "違います",
            "ちがう", "やめて", "やめる", "やめます", "やっぱりいいです", "やっぱりいい", "中止",
            "結構です", "要らない",
            "いらない", "いりません", "なし", "無し", "ない", "しない", "しないで", "不要",
            "キャンセル", "キャンセルして", "やめておきます", "やめとく", "やめときます",
            "じゃない", "ではない", "じゃなくて", "どちらでもない", "どれでもない",
            # "Not now, thanks": a polite no ("今はいい"), not a wait.
            "今はいい", "今はいいです", "今は結構です", "いいや",
        ),
        WordKind.HEDGE: (
            "たぶん", "多分", "かも", "かもしれない", "後で", "あとで", "わからない",
            "分からない", "わかりません", "ちょっと待って", "待って", "でも", "うーん", "えっと",
            "ええと", "明日", "今日", "どれでも", "どちらでも", "他", "ほか", "別",
            "全部", "両方", "両方とも", "すべて", "全て", "どちらも", "どっちも", "二つとも",
            # "The other one" says which shift, not why: "もう一つの方" was the reason that
            # cancelled the shift first chosen. "まだ" (not yet) decides nothing either.
            "もう一つ", "もうひとつ", "もう一方", "もう片方", "片方", "別の", "他の", "まだ",
        ),
        WordKind.QUESTION: (
            "何", "なに", "なん", "どういう", "どれ", "え", "えっ", "どうして", "なぜ", "どの",
            "どういうこと", "どういう意味",
        ),
        WordKind.FILLER: (
            "やっぱり", "やはり", "結局",
            "の", "を", "が", "は", "で", "に", "です", "でお願いします", "にします", "がいい",
            "がいいです", "でいい", "でいいです", "シフト", "オプション", "選択", "これ",
            "それ", "ください", "下さい", "お願い", "します", "で大丈夫", "ね", "よ", "な",
            "番", "号", "ありがとう", "ありがとうございます", "時間", "方", "ほう", "から",
            "選ぶ", "選びます", "する", "もの", "やつ", "枠", "から始まる",
            # Courtesies: no content of their own (never a cancellation reason).
            "よろしく", "よろしくお願いします", "よろしくお願いいたします", "お願いいたします",
            "すみません", "すいません", "申し訳ありません", "申し訳ありませんが",
            "申し訳ございません", "申し訳ございませんが", "ごめんなさい", "お疲れ様です",
            "お疲れさまです",
        ),
        WordKind.LAST: ("最後", "最後の", "一番最後", "最終", "ラスト"),
        WordKind.MIDDLE: ("真ん中", "まんなか", "中間"),
        WordKind.NUMBER_SUFFIX: ("番目", "番", "つ目", "個目", "目", "号", "位"),
    },
    "zh": {
        WordKind.AFFIRM: (
            "是", "是的", "好", "好的", "对", "对的", "行", "可以", "没问题", "嗯", "嗯嗯",
            "当然", "确定", "确认", "同意", "好吧", "没错", "对啊", "成", "好啊", "可以的",
            "行的", "对的对的", "對", "對的", "沒問題", "確定", "確認", "好滴", "是啊",
            "继续", "繼續", "应用", "就这个", "就这样", "不错", "看起来不错", "挺好", "很好",
            "看着不错", "写得不错",
        ),
        WordKind.NEGATE: (
            "不", "不要", "不是", "不对", "不行", "不用", "不用了", "算了", "别", "没有",
            "否", "不好", "停", "停止", "不可以", "不同意", "不對", "都不要", "都不", "哪个都不",
            "不需要", "不了", "不必", "取消", "取消吧", "不要了", "都不是",
            "不用发了", "先不发了", "不发了",
        ),
        WordKind.HEDGE: (
            "也许", "可能", "或许", "大概", "以后", "稍后", "等一下", "等等", "不知道",
            "但是", "不过", "再说", "明天", "今天", "随便", "都行", "都可以", "别的", "其他",
            "另一个", "不确定", "不清楚", "不一定",
            # Which shift, not why: "另外一个" was the reason that cancelled the one chosen.
            "另外", "另外一个", "另外那个", "另一個", "另外一個",
            # Every option, not the second: "两个都取消" is both shifts, "两个" alone is "2".
            "全部", "全部取消", "都取消", "都要", "两个都", "两个都要", "两个都取消", "两个都是",
            "兩個都", "兩個都要", "兩個都取消", "都取消吧", "全都", "全都取消",
            # How often, not which: "谈过一次了" (talked once) at a list of times chose the first.
            "一次", "两次", "兩次", "三次", "几次", "幾次", "多次", "很多次", "好几次", "一回",
        ),
        WordKind.QUESTION: (
            "什么", "什麼", "为什么", "為什麼", "怎么", "怎麼", "哪个", "哪個", "啥",
            "哪", "谁", "什么意思",
        ),
        WordKind.FILLER: (
            # Greetings are no yes: "下午好" is not "好".
            "早上好", "上午好", "中午好", "下午好", "晚上好", "早安", "晚安",
            "的", "个", "個", "选", "選", "选择", "選擇", "要", "我", "我要", "吧", "呢", "啊",
            "了", "班", "那个", "那個", "这个", "這個", "号", "號", "项", "項", "选项",
            "選項", "请", "請", "谢谢", "謝謝", "第", "位", "次", "就", "那", "这", "這",
            "开始", "開始", "时间", "时段", "排班", "其实", "其實",
            "不好意思", "对不起", "對不起", "抱歉", "麻烦你", "麻烦了", "你好", "您好",
        ),
        WordKind.LAST: ("最后", "最后一个", "最後", "最後一個", "最后那个", "末尾"),
        WordKind.MIDDLE: ("中间", "中间那个", "中間"),
        WordKind.NUMBER_SUFFIX: ("个", "個", "号", "號", "项", "項", "位"),
    },
    "ar": {
        WordKind.AFFIRM: (
            "نعم", "أجل", "حسنا", "حسناً", "صحيح", "تمام", "موافق", "موافقة", "بالتأكيد",
            "طبعا", "طبعاً", "أكيد", "ايوه", "أيوه", "ايوا", "إيه", "ماشي", "تم", "بالطبع",
            "نعم من فضلك", "نعم شكرا", "لا مشكلة", "لا بأس", "ممتاز", "جيد", "اوكي", "أوكي",
            "اكمل", "استمر", "تأكيد", "أؤكد", "اوافق", "أوافق",
        ),
        WordKind.NEGATE: (
            "لا", "كلا", "لأ", "لا شكرا", "لا شكراً", "أبدا", "أبداً", "مش", "توقف", "قف",
            "إلغاء", "الغاء", "ألغِ", "الغ", "ألغي", "الغي",
            "لا أحد", "ولا واحد", "لا شيء", "خطأ", "لا أريد", "ليس الآن",
        ),
        WordKind.NEGATOR: ("ليس", "غير"),
        WordKind.HEDGE: (
            "ربما", "لاحقا", "لاحقاً", "فيما بعد", "بعدين", "لا أعرف", "لا اعرف", "مش عارف",
            "انتظر", "لكن", "بس", "يمكن", "غدا", "غداً", "بكرة", "اليوم", "أي واحد", "الآخر",
            "كلاهما",
        ),
        WordKind.QUESTION: ("ماذا", "ما", "لماذا", "كيف", "أي", "ايش", "شو", "إيش", "وش", "متى"),
        WordKind.FILLER: (
            "الخيار", "خيار", "رقم", "من", "في", "أريد", "اريد", "اختار", "أختار", "الوردية",
            "وردية", "المناوبة", "مناوبة", "شكرا", "شكراً", "من فضلك", "لو سمحت", "هذا",
            "هذه", "ال", "و", "الساعة", "ساعة", "على", "الموعد",
        ),
        WordKind.LAST: ("الأخير", "الأخيرة", "الاخير", "الاخيرة"),
        WordKind.MIDDLE: ("الأوسط", "الوسط", "الوسطى"),
        WordKind.NUMBER_SUFFIX: (),
    },
    "pl": {
        WordKind.AFFIRM: (
            "tak", "jasne", "dobrze", "zgoda", "pewnie", "oczywiście", "okej", "dobra",
            "no dobra",
            # Polish "no" before a yes is "well" ("no jasne": of course), never a no.
            "no jasne", "no pewnie", "no tak", "no spoko", "no to dawaj", "spoko", "jasne że tak",
            # The buttons' words, typed: "Zatwierdź" (apply), "Wyślij" (send).
            "zatwierdź", "zatwierdzam", "potwierdź", "potwierdzam", "zastosuj", "wyślij",
            "śmiało", "dawaj", "w porządku", "może być", "zgadza się", "tak jest", "zrób to",
        ),
        WordKind.NEGATE: (
            "nie", "no nie", "nie dziękuję", "nieważne", "anuluj", "żaden", "nie trzeba",
            "nie, dzięki", "rezygnuję",
            "żadna", "żadne", "nie chcę", "żadna z tych", "żadne z tych", "żadna z nich",
            "żadne z nich",
            "zostaw", "zostaw to", "zostaw to na razie", "odpuść", "odpuść sobie",
            "daj sobie spokój",
        ),
        WordKind.HEDGE: (
            # Polish "no" alone is "yeah" as often as it is an English no: asked again, with
            # "tak" / "nie", never guessed either way ("no tak", "no nie" are read above).
            "no",
            "może", "później", "nie wiem", "jutro", "nie jestem pewien", "nie jestem pewna",
            "czekaj", "zaczekaj", "poczekaj", "chwila", "chwileczkę", "moment", "ale",
            "zostaw mi", "daj mi chwilę", "chwilę",
            # Every option, not a reason: "obie" was recorded as why two shifts were cancelled.
            "obie", "oba", "obydwie", "obydwa", "obie zmiany", "wszystkie", "wszystkie zmiany",
            "jedną i drugą", "jedna i druga",
        ),
        WordKind.QUESTION: ("co", "jak", "dlaczego", "który"),
        WordKind.LAST: ("ostatni", "ostatnia", "ostatnią", "ostatnie", "tę ostatnią"),
        # "ta w czwartek", "tę w piątek" (the one on Thursday, on Friday).
        WordKind.FILLER: (
            # "dobra, jednak tak": yes after all ("jednak nie" stays a no).
            "jednak", "mimo wszystko", "w sumie", "ostatecznie",
            "ja", "proszę", "dziękuję", "dzięki", "dzięks", "ta", "tę", "tą", "w", "we", "już"),
    },
    "uk": {
        WordKind.AFFIRM: ("так", "звісно", "добре", "гаразд", "згоден"),
        WordKind.NEGATE: ("ні", "скасувати", "ні дякую"),
        WordKind.HEDGE: ("можливо", "пізніше", "не знаю", "завтра"),
        WordKind.QUESTION: ("що", "як", "чому"),
    },
    "ko": {
        WordKind.AFFIRM: ("네", "예", "응", "그래", "좋아", "좋아요", "알겠습니다", "확인"),
        WordKind.NEGATE: ("아니요", "아니오", "아니", "아뇨", "취소", "싫어", "아님", "아니야"),
        WordKind.HEDGE: ("아마", "나중에", "모르겠어요", "내일"),
        WordKind.QUESTION: ("뭐", "왜", "무슨"),
    },
    "hi": {
        WordKind.AFFIRM: ("हाँ", "हां", "जी", "जी हाँ", "ठीक", "ठीक है", "haan", "han", "theek hai"),
        WordKind.NEGATE: ("नहीं", "ना", "nahi", "nahin", "nahi chahiye"),
        WordKind.HEDGE: ("शायद", "बाद में", "shayad", "baad mein"),
        WordKind.QUESTION: ("क्या", "kya"),
    },
    "he": {
        WordKind.AFFIRM: ("כן", "בסדר", "בטח", "נכון", "אוקיי", "סבבה"),
        WordKind.NEGATE: ("לא", "בטל", "לא תודה"),
        WordKind.HEDGE: ("אולי", "אחר כך", "לא יודע"),
        WordKind.QUESTION: ("מה", "למה", "איך"),
    },
    "el": {
        WordKind.AFFIRM: ("ναι", "εντάξει", "βεβαίως", "σωστά", "μάλιστα"),
        WordKind.NEGATE: ("όχι", "ακύρωση", "όχι ευχαριστώ"),
        WordKind.HEDGE: ("ίσως", "αργότερα", "δεν ξέρω"),
        WordKind.QUESTION: ("τι", "γιατί", "πώς"),
    },
    "fi": {
        WordKind.AFFIRM: ("kyllä", "joo", "juu", "selvä", "käy", "hyvä", "sopii"),
        WordKind.NEGATE: ("ei", "ei kiitos", "peruuta", "ei käy"),
        WordKind.HEDGE: ("ehkä", "myöhemmin", "en tiedä", "huomenna"),
        WordKind.QUESTION: ("mitä", "miksi", "miten"),
    },
    "cs": {
        WordKind.AFFIRM: ("ano", "jo", "jasně", "dobře", "souhlasím"),
        WordKind.NEGATE: ("ne", "zrušit", "ne díky"),
        WordKind.HEDGE: ("možná", "později", "nevím", "zítra"),
        WordKind.QUESTION: ("co", "proč", "jak"),
    },
    "hu": {
        WordKind.AFFIRM: ("igen", "persze", "rendben", "jó", "oké"),
        WordKind.NEGATE: ("nem", "mégse", "nem köszönöm"),
        WordKind.HEDGE: ("talán", "később", "nem tudom", "holnap"),
        WordKind.QUESTION: ("mi", "miért", "hogy"),
    },
    "id": {
        WordKind.AFFIRM: ("ya", "iya", "baik", "boleh", "setuju", "oke", "betul"),
        WordKind.NEGATE: ("tidak", "nggak", "gak", "enggak", "bukan", "batal", "jangan"),
        WordKind.HEDGE: ("mungkin", "nanti", "besok", "tidak tahu"),
        WordKind.QUESTION: ("apa", "kenapa", "bagaimana"),
    },
    "ca": {
        WordKind.AFFIRM: ("sí", "d'acord", "és clar", "perfecte", "endavant"),
        WordKind.NEGATE: ("no", "cancel·lar", "no gràcies"),
        WordKind.HEDGE: ("potser", "més tard", "no ho sé", "demà"),
        WordKind.QUESTION: ("què", "com", "per què"),
    },
}

# How a reason is opened, when the opening is also a question word ("es que mi hija está
# enferma", "perché mia figlia è malata", "c'est que ma fille est malade", "é que estou
# doente"): followed by a statement and no question mark, the words are an answer, not a
# question back ("¿qué?", "perché?").
REASON_OPENERS: dict[str, tuple[str, ...]] = {
    "en": ("it's that", "it is that", "the thing is", "because", "cause", "since"),
    "fr": ("c'est que", "c est que", "parce que", "comme", "car", "vu que"),
    "es": ("es que", "lo que pasa es que", "porque", "como", "ya que", "pues"),
    "de": ("es ist so dass", "weil", "da"),
    "it": ("è che", "il fatto è che", "perché", "siccome", "poiché", "dato che", "che"),
    "pt": ("é que", "o que acontece é que", "porque", "como", "pois", "já que"),
    "nl": ("het is dat", "omdat", "want"),
    "pl": ("chodzi o to że", "bo", "ponieważ"),
}

# Nouns of an occasion: an ordinal before one counts times, it picks no option ("no, it's
# the first time", "c'est la première fois", "das erste Mal", "de eerste keer", "第一次").
OCCASION_NOUNS: dict[str, tuple[str, ...]] = {
    "en": ("time", "times"),
    "fr": ("fois",),
    "de": ("mal",),
    "nl": ("keer", "maal"),
    "es": ("vez", "veces"),
    "it": ("volta", "volte"),
    "pt": ("vez", "vezes"),
    "pl": ("raz", "razy"),
    "zh": ("次",),
}

# Ordinals that are also the adverb "before that" ("change it first", "cámbialo primero",
# "cambialo prima", "verander het eerst"): with a word of their own in the reply that is no
# choice, they say when, not which option; after one of ORDINAL_ARTICLES ("i want the first",
# "quiero el primero") they stay the ordinal.
ORDINAL_ADVERBS: dict[str, tuple[str, ...]] = {
    "en": ("first", "firstly"),
    "es": ("primero",),
    "it": ("prima",),
    "pt": ("primeiro",),
    "nl": ("eerst",),
}
ORDINAL_ARTICLES: dict[str, tuple[str, ...]] = {
    "en": ("the", "my", "your"),
    "es": ("el", "la", "lo", "al"),
    "it": ("la", "il", "lo", "alla", "al"),
    "pt": ("o", "a", "ao", "à"),
    "nl": ("de",),
}
# Verbs of booking an option whose object the ordinal right after them is ("book first", "reserva
# primero", "marca primeiro", "boek eerst" at a list of times: the first one). Said of the
# option itself, never of something done before it, so the ordinal stays one.
ORDINAL_VERBS: dict[str, tuple[str, ...]] = {
    "en": ("book", "reserve"),
    "es": ("reserva", "reservar", "agenda", "agendar"),
    "pt": ("marca", "marcar", "reserva", "reservar", "agenda", "agendar"),
    "nl": ("boek", "reserveer"),
}

# Ordinals by position: ORDINALS[lang][0] are the words for the first option, and so on.
ORDINALS: dict[str, tuple[tuple[str, ...], ...]] = {
    "en": (
        ("first", "firstly"), ("second",), ("third",), ("fourth",), ("fifth",), ("sixth",),
        ("seventh",), ("eighth",), ("ninth",), ("tenth",),
    ),
    "fr": (
        ("premier", "première"), ("deuxième", "second", "seconde"),
        ("troisième",), ("quatrième",), ("cinquième",), ("sixième",), ("septième",),
        ("huitième",), ("neuvième",), ("dixième",),
    ),
    "es": (
        ("primero", "primera", "primer"), ("segundo", "segunda"),
        ("tercero", "tercera", "tercer"), ("cuarto", "cuarta"), ("quinto", "quinta"),
        ("sexto", "sexta"), ("séptimo", "séptima"), ("octavo", "octava"),
        ("noveno", "novena"), ("décimo", "décima"),
    ),
    "de": (
        ("erste", "erster", "erstes", "ersten", "erstem", "erstere"),
        ("zweite", "zweiter", "zweites", "zweiten", "zweitem"),
        ("dritte", "dritter", "drittes", "dritten", "drittem"),
        ("vierte", "vierter", "viertes", "vierten"), ("fünfte", "fünfter", "fünftes", "fünften"),
        ("sechste", "sechster", "sechsten"), ("siebte", "siebter", "siebten"),
        ("achte", "achter", "achten"), ("neunte", "neunter", "neunten"),
        ("zehnte", "zehnter", "zehnten"),
    ),
    "it": (
        ("primo", "prima"), ("secondo", "seconda"), ("terzo", "terza"), ("quarto", "quarta"),
        ("quinto", "quinta"), ("sesto", "sesta"), ("settimo", "settima"),
        ("ottavo", "ottava"), ("nono", "nona"), ("decimo", "decima"),
    ),
    "pt": (
        ("primeiro", "primeira"), ("segundo", "segunda"), ("terceiro", "terceira"),
        ("quarto", "quarta"), ("quinto", "quinta"), ("sexto", "sexta"),
        ("sétimo", "sétima"), ("oitavo", "oitava"), ("nono", "nona"), ("décimo", "décima"),
    ),
    "nl": (
        ("eerste", "eerst"), ("tweede",), ("derde",), ("vierde",), ("vijfde",), ("zesde",),
        ("zevende",), ("achtste",), ("negende",), ("tiende",),
    ),
    "sv": (
        ("första", "förste"), ("andra", "andre"), ("tredje",), ("fjärde",), ("femte",),
        ("sjätte",), ("sjunde",), ("åttonde",), ("nionde",), ("tionde",),
    ),
    "no": (
        ("første", "først"), ("andre", "annen", "annet"), ("tredje",), ("fjerde",),
        ("femte",), ("sjette",), ("sjuende", "syvende"), ("åttende",), ("niende",),
        ("tiende",),
    ),
    "da": (
        ("første", "først"), ("anden", "andet"), ("tredje",), ("fjerde",), ("femte",),
        ("sjette",), ("syvende",), ("ottende",), ("niende",), ("tiende",),
    ),
    "ru": (
        ("первый", "первая", "первое", "первую", "первого", "первой", "первом"),
        ("второй", "вторая", "второе", "вторую", "второго", "втором"),
        ("третий", "третья", "третье", "третью", "третьего", "третьей"),
        ("четвёртый", "четвёртая", "четвёртую"), ("пятый", "пятая", "пятую"),
        ("шестой", "шестая"), ("седьмой", "седьмая"), ("восьмой", "восьмая"),
        ("девятый", "девятая"), ("десятый", "десятая"),
    ),
    "tr": (
        ("birinci", "ilk", "ilki", "birincisi"), ("ikinci", "ikincisi"),
        ("üçüncü", "üçüncüsü"), ("dördüncü", "dördüncüsü"), ("beşinci", "beşincisi"),
        ("altıncı",), ("yedinci",), ("sekizinci",), ("dokuzuncu",), ("onuncu",),
    ),
    "ja": (
        ("一番目", "一つ目", "ひとつめ", "最初", "最初の", "一番", "初め"),
        ("二番目", "二つ目", "ふたつめ", "二番"), ("三番目", "三つ目", "みっつめ", "三番"),
        ("四番目", "四つ目", "四番"), ("五番目", "五つ目", "五番"),
        ("六番目",), ("七番目",), ("八番目",), ("九番目",), ("十番目",),
    ),
    "zh": (
        ("第一", "第一个", "第一個", "第一项", "头一个", "首个"),
        ("第二", "第二个", "第二個", "第二项"), ("第三", "第三个", "第三個", "第三项"),
        ("第四", "第四个", "第四個"), ("第五", "第五个", "第五個"), ("第六", "第六个"),
        ("第七", "第七个"), ("第八", "第八个"), ("第九", "第九个"), ("第十", "第十个"),
    ),
    "ar": (
        ("الأول", "الأولى", "الاول", "الاولى", "أول", "اول"), ("الثاني", "الثانية", "ثاني"),
        ("الثالث", "الثالثة", "ثالث"), ("الرابع", "الرابعة"), ("الخامس", "الخامسة"),
        ("السادس", "السادسة"), ("السابع", "السابعة"), ("الثامن", "الثامنة"),
        ("التاسع", "التاسعة"), ("العاشر", "العاشرة"),
    ),
    "pl": (
        ("pierwszy", "pierwsza", "pierwsze", "pierwszą", "pierwszego"),
        ("drugi", "druga", "drugie", "drugą", "drugiego"),
        ("trzeci", "trzecia", "trzecie", "trzecią", "trzeciego"),
        ("czwarty", "czwarta", "czwarte", "czwartą", "czwartego"),
        ("piąty", "piąta", "piąte", "piątą", "piątego"),
        ("szósty", "szósta", "szóste", "szóstą", "szóstego"),
        ("siódmy", "siódma", "siódme", "siódmą", "siódmego"),
        ("ósmy", "ósma", "ósme", "ósmą", "ósmego"),
        ("dziewiąty", "dziewiąta", "dziewiąte", "dziewiątą", "dziewiątego"),
        ("dziesiąty", "dziesiąta", "dziesiąte", "dziesiątą", "dziesiątego"),
    ),
    "ko": (
        ("첫번째", "첫 번째", "첫째"), ("두번째", "두 번째", "둘째"), ("세번째", "세 번째", "셋째"),
    ),
}

# Cardinal numbers by value: CARDINALS[lang][0] are the words for 1, and so on.
CARDINALS: dict[str, tuple[tuple[str, ...], ...]] = {
    "en": (
        ("one",), ("two",), ("three",), ("four",), ("five",), ("six",), ("seven",),
        ("eight",), ("nine",), ("ten",), ("eleven",), ("twelve",),
    ),
    "fr": (
        ("un", "une"), ("deux",), ("trois",), ("quatre",), ("cinq",), ("six",), ("sept",),
        ("huit",), ("neuf",), ("dix",), ("onze",), ("douze",),
    ),
    "es": (
        ("uno", "una", "un"), ("dos",), ("tres",), ("cuatro",), ("cinco",), ("seis",),
        ("siete",), ("ocho",), ("nueve",), ("diez",), ("once",), ("doce",),
    ),
    "de": (
        ("eins", "ein", "eine"), ("zwei", "zwo"), ("drei",), ("vier",), ("fünf",),
        ("sechs",), ("sieben",), ("acht",), ("neun",), ("zehn",), ("elf",), ("zwölf",),
    ),
    "it": (
        ("uno", "una", "un"), ("due",), ("tre",), ("quattro",), ("cinque",), ("sei",),
        ("sette",), ("otto",), ("nove",), ("dieci",), ("undici",), ("dodici",),
    ),
    "pt": (
        ("um", "uma"), ("dois", "duas"), ("três",), ("quatro",), ("cinco",), ("seis",),
        ("sete",), ("oito",), ("nove",), ("dez",), ("onze",), ("doze",),
    ),
    "nl": (
        ("een",), ("twee",), ("drie",), ("vier",), ("vijf",), ("zes",), ("zeven",),
        ("acht",), ("negen",), ("tien",), ("elf",), ("twaalf",),
    ),
    "pl": (
        ("jeden", "jedna", "jedno", "jedynka"), ("dwa", "dwie", "dwójka"), ("trzy", "trójka"),
        ("cztery", "czwórka"), ("pięć", "piątka"), ("sześć", "szóstka"), ("siedem", "siódemka"),
        ("osiem", "ósemka"), ("dziewięć", "dziewiątka"), ("dziesięć", "dziesiątka"),
        ("jedenaście",), ("dwanaście",),
    ),
    "sv": (
        ("ett", "en"), ("två",), ("tre",), ("fyra",), ("fem",), ("sex",), ("sju",),
        ("åtta",), ("nio",), ("tio",), ("elva",), ("tolv",),
    ),
    "no": (
        ("en", "ett", "et", "ei"), ("to",), ("tre",), ("fire",), ("fem",), ("seks",),
        ("sju", "syv"), ("åtte",), ("ni",), ("ti",), ("elleve",), ("tolv",),
    ),
    "da": (
        ("en", "et"), ("to",), ("tre",), ("fire",), ("fem",), ("seks",), ("syv",),
        ("otte",), ("ni",), ("ti",), ("elleve",), ("tolv",),
    ),
    "ru": (
        ("один", "одна", "одно", "раз"), ("два", "две"), ("три",), ("четыре",), ("пять",),
        ("шесть",), ("семь",), ("восемь",), ("девять",), ("десять",), ("одиннадцать",),
        ("двенадцать",),
    ),
    "tr": (
        ("bir",), ("iki",), ("üç",), ("dört",), ("beş",), ("altı",), ("yedi",), ("sekiz",),
        ("dokuz",), ("on",), ("on bir",), ("on iki",),
    ),
    "ja": (
        ("一", "ひとつ", "一つ"), ("二", "ふたつ", "二つ"), ("三", "みっつ", "三つ"),
        ("四", "四つ"), ("五", "五つ"),
        ("六",), ("七",), ("八",), ("九",), ("十",),
    ),
    "zh": (
        ("一", "壹", "一个", "一個"), ("二", "两", "兩", "贰", "两个", "兩個"), ("三", "叁"),
        ("四",), ("五",), ("六",), ("七",), ("八",), ("九",), ("十",),
    ),
    "ar": (
        ("واحد", "واحدة"), ("اثنان", "اثنين", "إثنين"), ("ثلاثة", "ثلاث"), ("أربعة", "اربعة"),
        ("خمسة",), ("ستة",), ("سبعة",), ("ثمانية",), ("تسعة",), ("عشرة",),
        ("أحد عشر",), ("اثنا عشر",),
    ),
}

# Days of the week, Monday first, for options whose labels name a day ("Tuesday 10:00").
WEEKDAYS: dict[str, tuple[tuple[str, ...], ...]] = {
    "en": (
        ("monday", "mon"), ("tuesday", "tue", "tues"), ("wednesday", "wed"),
        ("thursday", "thu", "thur", "thurs"), ("friday", "fri"), ("saturday", "sat"),
        ("sunday", "sun"),
    ),
    "fr": (
        ("lundi",), ("mardi",), ("mercredi",), ("jeudi",), ("vendredi",), ("samedi",),
        ("dimanche",),
    ),
    "es": (
        ("lunes",), ("martes",), ("miércoles",), ("jueves",), ("viernes",), ("sábado",),
        ("domingo",),
    ),
    "de": (
        ("montag",), ("dienstag",), ("mittwoch",), ("donnerstag",), ("freitag",),
        ("samstag", "sonnabend"), ("sonntag",),
    ),
    "it": (
        ("lunedì",), ("martedì",), ("mercoledì",), ("giovedì",), ("venerdì",), ("sabato",),
        ("domenica",),
    ),
    "pt": (
        # "segunda" alone is also "the second": only "o de segunda", "na segunda" is the day.
        ("segunda-feira", "de segunda", "na segunda", "da segunda"),
        ("terça-feira", "terça"),
        ("quarta-feira", "de quarta", "na quarta", "da quarta"),
        ("quinta-feira", "de quinta", "na quinta", "da quinta"),
        ("sexta-feira", "de sexta", "na sexta", "da sexta"),
        ("sábado",), ("domingo",),
    ),
    "nl": (
        ("maandag",), ("dinsdag",), ("woensdag",), ("donderdag",), ("vrijdag",),
        ("zaterdag",), ("zondag",),
    ),
    "pl": (
        ("poniedziałek", "poniedziałku"), ("wtorek", "wtorku"), ("środa", "środę", "środy"),
        ("czwartek", "czwartku"), ("piątek", "piątku"), ("sobota", "sobotę", "soboty"),
        ("niedziela", "niedzielę", "niedzieli"),
    ),
    "sv": (
        ("måndag",), ("tisdag",), ("onsdag",), ("torsdag",), ("fredag",), ("lördag",),
        ("söndag",),
    ),
    "no": (
        ("mandag",), ("tirsdag",), ("onsdag",), ("torsdag",), ("fredag",), ("lørdag",),
        ("søndag",),
    ),
    "da": (
        ("mandag",), ("tirsdag",), ("onsdag",), ("torsdag",), ("fredag",), ("lørdag",),
        ("søndag",),
    ),
    "ru": (
        ("понедельник",), ("вторник",), ("среда", "среду"), ("четверг",),
        ("пятница", "пятницу"), ("суббота", "субботу"), ("воскресенье",),
    ),
    "tr": (
        ("pazartesi",), ("salı",), ("çarşamba",), ("perşembe",), ("cuma",), ("cumartesi",),
        ("pazar",),
    ),
    "ja": (
        ("月曜日", "月曜"), ("火曜日", "火曜"), ("水曜日", "水曜"), ("木曜日", "木曜"),
        ("金曜日", "金曜"), ("土曜日", "土曜"), ("日曜日", "日曜"),
    ),
    "zh": (
        ("星期一", "周一", "礼拜一"), ("星期二", "周二", "礼拜二"), ("星期三", "周三", "礼拜三"),
        ("星期四", "周四", "礼拜四"), ("星期五", "周五", "礼拜五"), ("星期六", "周六", "礼拜六"),
        ("星期日", "星期天", "周日", "礼拜天"),
    ),
    "ar": (
        ("الاثنين", "الإثنين"), ("الثلاثاء",), ("الأربعاء",), ("الخميس",), ("الجمعة",),
        ("السبت",), ("الأحد",),
    ),
}

# Days of the week as option labels abbreviate them ("ven 27 nov", "sex., 27 de nov.", "vr 27
# nov.", "pt., 27 lis", "mié., 2 dic.", "Mi., 2. Dez."), Monday first. Read in labels only: as
# a reply "di", "ma" or "sex" are other words, and a reply names the day in full ("venerdì",
# "sexta-feira", "w piątek").
LABEL_WEEKDAYS: dict[str, tuple[str, ...]] = {
    "it": ("lun", "mar", "mer", "gio", "ven", "sab", "dom"),
    "pt": ("seg", "ter", "qua", "qui", "sex", "sáb", "dom"),
    "nl": ("ma", "di", "wo", "do", "vr", "za", "zo"),
    "pl": ("pon", "wt", "śr", "czw", "pt", "sob", "niedz"),
    "es": ("lun", "mar", "mié", "jue", "vie", "sáb", "dom"),
    "fr": ("lun", "mar", "mer", "jeu", "ven", "sam", "dim"),
    "de": ("mo", "di", "mi", "do", "fr", "sa", "so"),
}
# Japanese date labels write the day of the week after the date, one character in brackets
# ("12月5日(土)"), Monday first.
BRACKETED_LABEL_WEEKDAYS: dict[str, tuple[str, ...]] = {
    "ja": ("月", "火", "水", "木", "金", "土", "日"),
}
# "Wait" words: alone they hesitate; before a choice they correct the one just made ("no wait,
# wednesday", "nee wacht, woensdag", "no aspetta, il secondo").
WAIT_WORDS: tuple[str, ...] = (
    "wait", "hold on", "hang on", "wacht", "wacht even", "aspetta", "aspetti", "espera",
    "espere", "czekaj", "zaczekaj", "poczekaj", "attends", "attendez", "warte", "warten sie",
)  # fmt: skip
# The word before a number that makes it a day of the month, as a reply to dated options:
# "quello del 2", "o do dia 2", "die van de 2e" (the one on the 2nd, not the second one).
MONTH_DAY_MARKERS: dict[str, tuple[str, ...]] = {
    "it": ("del", "dell"),
    "pt": ("dia",),
    "nl": ("van de",),
    "pl": ("z", "ze"),
}
# Month names, folded, full and short, in the languages whose dates are written with one: a
# number next to one is a date ("annule le 2 decembre", "dec 2" is the option on the 2nd).
MONTH_NAMES: tuple[str, ...] = (
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december",
    "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
    "janvier", "fevrier", "mars", "avril", "mai", "juin", "juillet", "aout", "septembre",
    "octobre", "novembre", "decembre",
    "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre",
    "octubre", "noviembre", "diciembre",
    "januar", "februar", "marz", "maerz", "juni", "juli", "oktober", "dezember",
    "gennaio", "febbraio", "aprile", "maggio", "giugno", "luglio", "settembre", "ottobre",
    "dicembre", "gen", "dic",
    "janeiro", "fevereiro", "marco", "maio", "junho", "julho", "setembro", "outubro", "dezembro",
    "fev", "dez",
    "januari", "februari", "maart", "mei", "augustus",
    # Polish, as named ("grudzień") and as dated ("2 grudnia").
    "styczen", "luty", "marzec", "kwiecien", "maj", "czerwiec", "lipiec", "sierpien", "wrzesien",
    "pazdziernik", "listopad", "grudzien", "stycznia", "lutego", "marca", "kwietnia", "maja",
    "czerwca", "lipca", "sierpnia", "wrzesnia", "pazdziernika", "listopada", "grudnia",
)
# Portuguese weekdays that are also ordinals ("sexta" is Friday and the sixth): with options
# on days, one of them alone names the option on that day, when there is one.
DAY_ORDINALS: dict[str, dict[str, int]] = {
    "pt": {"segunda": 0, "terça": 1, "quarta": 2, "quinta": 3, "sexta": 4},
}

# Superlatives over the options' times: the earliest / latest start, the longest / shortest.
SUPERLATIVES: dict[str, dict[WordKind, tuple[str, ...]]] = {
    "en": {
        WordKind.EARLIEST: ("earliest", "the earliest"),
        WordKind.LATEST: ("latest", "the latest"),
        WordKind.LONGEST: ("longest", "the longest"),
        WordKind.SHORTEST: ("shortest", "the shortest"),
    },
    "fr": {
        WordKind.EARLIEST: ("le plus tôt", "la plus tôt"),
        WordKind.LATEST: ("le plus tard", "la plus tard"),
        WordKind.LONGEST: ("le plus long", "la plus longue"),
        WordKind.SHORTEST: ("le plus court", "la plus courte"),
    },
    "es": {
        WordKind.EARLIEST: ("el más temprano", "la más temprana"),
        WordKind.LATEST: ("el más tarde", "la más tarde", "el más tardío"),
        WordKind.LONGEST: ("el más largo", "la más larga"),
        WordKind.SHORTEST: ("el más corto", "la más corta"),
    },
    "de": {
        WordKind.EARLIEST: ("früheste", "frühste", "die früheste", "der früheste", "frühesten"),
        WordKind.LATEST: ("späteste", "die späteste", "der späteste", "spätesten"),
        WordKind.LONGEST: ("längste", "die längste", "längsten"),
        WordKind.SHORTEST: ("kürzeste", "die kürzeste", "kürzesten"),
    },
    "it": {
        WordKind.EARLIEST: ("il più presto", "la più presto"),
        WordKind.LATEST: ("il più tardi", "la più tardi"),
        WordKind.LONGEST: ("il più lungo", "la più lunga"),
        WordKind.SHORTEST: ("il più corto", "la più corta", "il più breve"),
    },
    "pt": {
        WordKind.EARLIEST: ("o mais cedo", "a mais cedo"),
        WordKind.LATEST: ("o mais tarde", "a mais tarde"),
        WordKind.LONGEST: ("o mais longo", "a mais longa"),
        WordKind.SHORTEST: ("o mais curto", "a mais curta"),
    },
    "nl": {
        WordKind.EARLIEST: ("vroegste", "de vroegste"),
        WordKind.LONGEST: ("langste", "de langste"),
        WordKind.SHORTEST: ("kortste", "de kortste"),
    },
    "sv": {
        WordKind.EARLIEST: ("tidigaste", "den tidigaste"),
        WordKind.LATEST: ("senaste", "den senaste"),
        WordKind.LONGEST: ("längsta", "den längsta"),
        WordKind.SHORTEST: ("kortaste", "den kortaste"),
    },
    "no": {
        WordKind.EARLIEST: ("tidligste", "den tidligste"),
        WordKind.LATEST: ("seneste", "den seneste"),
        WordKind.LONGEST: ("lengste", "den lengste"),
        WordKind.SHORTEST: ("korteste", "den korteste"),
    },
    "da": {
        WordKind.EARLIEST: ("tidligste", "den tidligste"),
        WordKind.LATEST: ("seneste", "den seneste"),
        WordKind.LONGEST: ("længste", "den længste"),
        WordKind.SHORTEST: ("korteste", "den korteste"),
    },
    "ru": {
        WordKind.EARLIEST: ("самая ранняя", "самую раннюю", "самый ранний"),
        WordKind.LATEST: ("самая поздняя", "самую позднюю", "самый поздний"),
        WordKind.LONGEST: ("самая длинная", "самую длинную", "самый длинный"),
        WordKind.SHORTEST: ("самая короткая", "самую короткую", "самый короткий"),
    },
    "tr": {
        WordKind.EARLIEST: ("en erken", "en erken olan"),
        WordKind.LATEST: ("en geç", "en geç olan"),
        WordKind.LONGEST: ("en uzun",),
        WordKind.SHORTEST: ("en kısa",),
    },
    "ja": {
        WordKind.EARLIEST: ("一番早い", "いちばん早い", "早い方", "早いほう"),
        WordKind.LATEST: ("一番遅い", "いちばん遅い", "遅い方", "遅いほう"),
        WordKind.LONGEST: ("一番長い", "長い方"),
        WordKind.SHORTEST: ("一番短い", "短い方"),
    },
    "zh": {
        WordKind.EARLIEST: ("最早", "最早的", "最早那个"),
        WordKind.LATEST: ("最晚", "最晚的", "最晚那个"),
        WordKind.LONGEST: ("最长", "最长的"),
        WordKind.SHORTEST: ("最短", "最短的"),
    },
    "ar": {
        WordKind.EARLIEST: ("الأبكر",),
        WordKind.LATEST: ("الأكثر تأخرا",),
        WordKind.LONGEST: ("الأطول",),
        WordKind.SHORTEST: ("الأقصر",),
    },
}

# Number words that are also articles ("one" in "the second one", "un" in "un matin"): they
# select only when nothing else in the reply does.
WEAK_CARDINALS: frozenset[str] = frozenset({
    "one", "un", "une", "uno", "una", "ein", "eine", "um", "uma", "een", "en", "ett", "et",
    "ei", "bir", "раз", "一つ", "一个", "一個",
})  # fmt: skip

TIMES_OF_DAY: dict[str, dict[TimeOfDay, tuple[str, ...]]] = {
    "en": {
        TimeOfDay.MORNING: ("morning", "mornings", "in the morning", "morn"),
        TimeOfDay.AFTERNOON: ("afternoon", "afternoons", "in the afternoon", "arvo"),
        TimeOfDay.EVENING: ("evening", "evenings", "in the evening", "night", "nights", "eve",
                            "nite", "tonite"),
    },
    "fr": {
        TimeOfDay.MORNING: ("matin", "matinée", "le matin", "du matin", "au matin"),
        TimeOfDay.AFTERNOON: ("après-midi", "aprem", "aprèm", "de l'après-midi"),
        TimeOfDay.EVENING: ("soir", "soirée", "le soir", "du soir", "nuit", "de nuit"),
    },
    "es": {
        TimeOfDay.MORNING: ("mañana", "por la mañana", "de la mañana", "matutino", "mañanas",
                            "matutinos"),
        TimeOfDay.AFTERNOON: ("tarde", "por la tarde", "de la tarde", "vespertino", "vespertinos"),
        TimeOfDay.EVENING: ("noche", "por la noche", "de la noche", "nocturno", "nocturnos"),
    },
    "de": {
        TimeOfDay.MORNING: (
            "vormittag", "vormittags", "morgens", "am morgen", "früh", "frühschicht",
            "vormittagsschicht", "frühschichten", "vormittagsschichten",
        ),
        TimeOfDay.AFTERNOON: ("nachmittag", "nachmittags", "nachmittagsschicht", "mittags",
                              "nachmittagsschichten"),
        TimeOfDay.EVENING: (
            "abend", "abends", "am abend", "spätschicht", "abendschicht", "nacht", "nachts",
            "nachtschicht", "spätschichten", "abendschichten", "nachtschichten", "abenddienste",
        ),
    },
    "it": {
        TimeOfDay.MORNING: ("mattina", "mattino", "mattinata", "di mattina", "la mattina",
                            "mattutino", "mattutini"),
        TimeOfDay.AFTERNOON: ("pomeriggio", "di pomeriggio", "il pomeriggio", "pomeridiano",
                              "pomeridiani"),
        TimeOfDay.EVENING: ("sera", "serata", "di sera", "la sera", "notte", "serale", "serali",
                            "notturno", "notturni"),
    },
    "pt": {
        TimeOfDay.MORNING: ("manhã", "de manhã", "da manhã", "pela manhã", "matutino",
                            "matutinos"),
        TimeOfDay.AFTERNOON: ("tarde", "à tarde", "da tarde", "pela tarde", "vespertino",
                              "vespertinos"),
        TimeOfDay.EVENING: ("noite", "à noite", "da noite", "pela noite", "noturno", "noturnos"),
    },
    "nl": {
        TimeOfDay.MORNING: ("ochtend", "'s ochtends", "morgens", "'s morgens", "voormiddag",
                            "ochtenddienst", "ochtenddiensten"),
        TimeOfDay.AFTERNOON: ("middag", "'s middags", "namiddag", "middagdienst",
                              "middagdiensten"),
        TimeOfDay.EVENING: ("avond", "'s avonds", "avonddienst", "nacht", "'s nachts",
                            "avonddiensten", "nachtdienst", "nachtdiensten"),
    },
    "pl": {
        TimeOfDay.MORNING: ("rano", "rankiem", "z rana", "poranna", "poranną", "poranne",
                            "ranna", "ranną", "ranne", "przed południem"),
        TimeOfDay.AFTERNOON: ("po południu", "popołudnie", "popołudniowa", "popołudniową",
                              "popołudniowe"),
        TimeOfDay.EVENING: ("wieczór", "wieczorem", "wieczorna", "wieczorną", "wieczorne",
                            "noc", "w nocy", "nocna", "nocną", "nocne"),
    },
    "sv": {
        TimeOfDay.MORNING: ("morgon", "morgonen", "förmiddag", "förmiddagen", "på morgonen"),
        TimeOfDay.AFTERNOON: ("eftermiddag", "eftermiddagen", "på eftermiddagen"),
        TimeOfDay.EVENING: ("kväll", "kvällen", "på kvällen", "natt", "natten"),
    },
    "no": {
        TimeOfDay.MORNING: ("morgen", "morgenen", "formiddag", "formiddagen", "om morgenen"),
        TimeOfDay.AFTERNOON: ("ettermiddag", "ettermiddagen", "på ettermiddagen"),
        TimeOfDay.EVENING: ("kveld", "kvelden", "om kvelden", "natt", "natten"),
    },
    "da": {
        TimeOfDay.MORNING: ("morgen", "morgenen", "formiddag", "formiddagen", "om morgenen"),
        TimeOfDay.AFTERNOON: ("eftermiddag", "eftermiddagen", "om eftermiddagen"),
        TimeOfDay.EVENING: ("aften", "aftenen", "om aftenen", "nat", "natten"),
    },
    "ru": {
        TimeOfDay.MORNING: ("утро", "утром", "утра", "утренняя", "утренний", "утреннюю",
                            "с утра"),
        TimeOfDay.AFTERNOON: ("днём", "днем", "дня", "после обеда"),
        TimeOfDay.EVENING: ("вечер", "вечером", "вечера", "вечерняя", "вечерний", "вечернюю",
                            "ночь", "ночью", "ночи", "ночная"),
    },
    "tr": {
        TimeOfDay.MORNING: ("sabah", "sabahki", "sabahleyin", "sabah vardiyası", "öğleden önce"),
        TimeOfDay.AFTERNOON: ("öğleden sonra", "öğleden sonraki"),
        TimeOfDay.EVENING: ("akşam", "akşamki", "akşamleyin", "gece", "geceki"),
    },
    "ja": {
        TimeOfDay.MORNING: ("朝", "午前", "午前中", "朝の", "早番", "モーニング"),
        TimeOfDay.AFTERNOON: ("午後", "昼", "昼間", "昼の", "中番"),
        TimeOfDay.EVENING: ("夜", "夕方", "晩", "夜の", "遅番", "夜勤"),
    },
    "zh": {
        TimeOfDay.MORNING: ("早上", "上午", "早晨", "早班", "早", "清晨"),
        TimeOfDay.AFTERNOON: ("下午", "午后", "中班", "中午"),
        TimeOfDay.EVENING: ("晚上", "傍晚", "晚班", "晚", "夜里", "夜班", "夜间", "夜晚"),
    },
    "ar": {
        TimeOfDay.MORNING: ("الصباح", "صباح", "صباحا", "صباحاً", "الصبح", "صباحية"),
        TimeOfDay.AFTERNOON: ("الظهر", "بعد الظهر", "العصر", "عصرا", "الظهيرة"),
        TimeOfDay.EVENING: ("المساء", "مساء", "مساءً", "مساءا", "الليل", "ليلا", "ليلاً",
                            "مسائية"),
    },
}

# Words before a bare hour that make it a clock time in one language only ("quello delle 15",
# "o das 15", "ta o 15": the one at 3 pm); elsewhere they are other words ("o" is "or" in
# Spanish, Portuguese and Italian, "das" an article in German).
CLOCK_AT_WORDS: dict[str, tuple[str, ...]] = {
    "it": ("delle", "dalle"),
    "pt": ("das",),
    "pl": ("o", "od", "godz", "godz.", "godzina"),
}

# Words that name a clock time ("noon" is 12:00).
CLOCK_WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {"12:00": ("noon", "midday", "12 noon"), "00:00": ("midnight",)},
    "fr": {"12:00": ("midi",), "00:00": ("minuit",)},
    "es": {"12:00": ("mediodía",), "00:00": ("medianoche",)},
    "de": {"12:00": ("mittag", "zwölf uhr"), "00:00": ("mitternacht",)},
    "it": {"12:00": ("mezzogiorno", "mezzodì"), "00:00": ("mezzanotte",)},
    "pt": {"12:00": ("meio-dia", "meio dia"), "00:00": ("meia-noite", "meia noite")},
    "nl": {"00:00": ("middernacht",)},
    "sv": {"00:00": ("midnatt",)},
    "ru": {"12:00": ("полдень",), "00:00": ("полночь",)},
    "tr": {"12:00": ("öğle", "öğlen", "öğle vakti")},
    "ja": {"12:00": ("正午",)},
    "zh": {"12:00": ("正午",)},
}

# Words that confirm at a question about that action ("cancel it" at "Are you sure you want to
# cancel this shift?"); elsewhere a cancel word rejects.
ACTION_WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "cancel": {
        "en": ("cancel", "cancel it", "cancel the shift", "cancel that", "please cancel",
               "call it off", "drop it"),
        "fr": ("annuler", "annule", "annulez", "annule-le", "annule-la", "annulez-le"),
        "es": ("cancelar", "cancela", "cancélalo", "cancélala", "anular", "anula"),
        "de": ("stornieren", "storniere", "storniert", "absagen", "abbrechen", "streichen",
               "löschen"),
        "it": ("annulla", "annullare", "annullala", "annullalo", "cancella", "cancellare",
               "annullarlo", "annullarla", "disdire", "disdirlo", "disdirla", "cancellarlo",
               "cancellarla"),
        "pt": ("cancelar", "cancela", "cancele", "cancelá", "cancelado", "cancelá-lo",
               "cancelá-la", "desmarcar"),
        "nl": ("annuleren", "annuleer", "annuleer het", "afzeggen", "zeg af", "afmelden"),
        "sv": ("avboka", "avbryt", "ställ in", "stryk"),
        "no": ("avlys", "avbestill", "avbryt", "kanseller"),
        "da": ("aflys", "annuller", "afbestil", "afbryd"),
        "ru": ("отменить", "отмени", "отменяй", "отмена", "отменяйте", "отмените"),
        "tr": ("iptal", "iptal et", "iptal edin", "iptal edilsin"),
        "ja": ("キャンセル", "キャンセルして", "キャンセルします", "取り消し", "取消"),
        "zh": ("取消", "取消吧", "取消它"),
        "ar": ("إلغاء", "الغاء", "ألغِ", "الغ", "ألغي", "الغي"),
        "pl": ("odwołaj", "odwołaj ją", "odwołaj je", "odwołać", "anuluj", "anuluj ją",
               "odwoływać", "anulować", "odwolaj", "odwolac", "odwolywac"),
    },
    "send": {
        "en": ("send", "send it", "send now", "send the email", "send email", "ship it",
               "fire away", "send it off", "send it out", "send away",
               # Typed in a hurry: "snd it", "sned it", "sendit".
               "snd", "snd it", "sned", "sned it", "sendit", "send ti"),
        "fr": ("envoyer", "envoie", "envoyez", "envoie-le", "envoyez-le", "envoie-la",
               "envoyez-la", "expédie", "expédie-le", "expédie-la"),
        "es": ("enviar", "envía", "envíalo", "mandar", "mándalo", "manda", "envíala",
               "mándala", "envíalo ya", "mándalo ya"),
        "de": ("senden", "sende", "absenden", "schick", "schicken", "verschicken",
               "abschicken", "schick sie ab", "schick es ab", "schick ab", "schick sie",
               "schick es", "schick sie los", "schick es los", "schick los", "sende sie",
               "sende es", "sende sie ab", "schicken sie es ab", "schicken sie sie ab",
               "schicken sie ab", "raus damit", "kann raus", "kann so raus", "ab damit",
               "ab die post", "schick raus", "schick sie raus", "schick es raus"),
        "it": ("invia", "inviare", "invialo", "manda", "mandala", "mandalo", "inviala",
               "spedisci", "spediscila", "invia pure", "manda pure", "mandala pure"),
        "pt": ("enviar", "envia", "envie", "mandar", "manda", "pode enviar", "pode mandar",
               "manda ver", "envia aí", "manda aí", "pode mandar ver"),
        "nl": ("verstuur", "versturen", "stuur", "sturen", "verzend", "verzenden",
               "verstuur maar", "stuur maar", "stuur hem maar", "verstuur hem maar",
               "verstuur hem", "stuur hem", "mag weg", "mag de deur uit", "stuur maar op",
               "stuur hem maar op", "stuur het maar op", "stuur op", "stuur hem op",
               "verstuur het maar", "verstuur het"),
        "sv": ("skicka", "skicka det"),
        "no": ("send", "send den", "send det"),
        "da": ("send", "send den", "send det"),
        "ru": ("отправить", "отправь", "отправляй", "отправьте", "посылай"),
        "tr": ("gönder", "gönderin", "yolla"),
        "ja": ("送信", "送って", "送信して", "送る", "送信します", "送ってください",
               "送信してください", "送っていいよ", "送信でお願いします"),
        "zh": ("发送", "發送", "发吧", "发", "發", "发出去", "发了吧", "就这样发"),
        "ar": ("أرسل", "ارسل", "إرسال", "ارسال"),
        "pl": ("wyślij", "wyślij go", "wyślij maila", "wysyłaj", "wysłać", "możesz wysłać",
               "wyślij ją", "śmiało wyślij", "puść go", "puszczaj"),
    },
    "book": {
        "en": ("book", "book it", "book that", "schedule it", "schedule", "reserve"),
        "fr": ("réserver", "réserve", "réservez", "planifier", "planifie"),
        "es": ("reservar", "reserva", "resérvalo", "agendar", "agenda", "programar"),
        "de": ("buchen", "buche", "buch es", "eintragen", "reservieren"),
        "it": ("prenota", "prenotare", "prenotalo", "fissa", "fissalo"),
        "pt": ("reservar", "reserva", "marcar", "marca", "agendar", "agenda"),
        "nl": ("boek", "boeken", "inplannen", "plan in", "reserveer"),
        "sv": ("boka", "boka det", "boka in"),
        "no": ("book", "bestill", "book det"),
        "da": ("book", "book det", "bestil"),
        "ru": ("забронировать", "забронируй", "запиши", "записать", "назначь", "назначить"),
        "tr": ("rezerve et", "ayarla", "planla"),
        "ja": ("予約", "予約して", "予約します"),
        "zh": ("预订", "預訂", "预约", "預約", "订", "訂"),
        "ar": ("احجز", "حجز", "أحجز"),
        "pl": ("umów", "umów je", "umów ją", "zarezerwuj", "zaplanuj", "rezerwuj"),
    },
    "resume": {
        "en": ("resume", "continue", "carry on", "pick up", "keep going"),
        "fr": ("reprendre", "reprends", "continuer", "continue"),
        "es": ("continuar", "continúa", "seguir", "sigue", "reanudar"),
        "de": ("weitermachen", "fortsetzen", "weiter", "fortfahren"),
        "it": ("riprendi", "riprendere", "continua", "continuare"),
        "pt": ("continuar", "continua", "retomar", "seguir"),
        "nl": ("hervatten", "doorgaan", "verder"),
        "sv": ("fortsätt", "återuppta"),
        "no": ("fortsett", "gjenoppta"),
        "da": ("fortsæt", "genoptag"),
        "ru": ("продолжить", "продолжай", "продолжим"),
        "tr": ("devam", "devam et", "devam edelim"),
        "ja": ("続ける", "続けて", "再開"),
        "zh": ("继续", "繼續"),
        "ar": ("استمر", "تابع", "متابعة"),
        "pl": ("kontynuuj", "kontynuujmy", "wracamy", "wróćmy", "dalej"),
    },
    # Telling the manager, or passing a request on to them: "yes, tell her", "pass it on",
    # "transmettez-lui", "gib es weiter", "pásaselo" (the sending words are added below).
    "tell": {
        "en": ("tell", "tell her", "tell him", "tell them", "tell my manager", "let her know",
               "let him know", "let them know", "pass it on", "pass it along", "pass on",
               "forward it", "ask her", "ask him", "ask them"),
        "fr": ("prévenir", "prévenez", "prévenez-la", "prévenez-le", "préviens-la",
               "préviens-le", "transmets", "transmettez", "transmets-lui", "transmettez-lui",
               "transmets-la", "transmettez-la", "fais suivre", "faites suivre",
               "demande-lui", "demandez-lui"),
        "es": ("avisar", "avísele", "avísale", "avisa", "pásaselo", "pásalo", "transmítelo",
               "transmítela", "reenvíalo", "pregúntale", "dile", "dígale"),
        "de": ("bescheid geben", "gib bescheid", "geben sie bescheid", "informieren",
               "weitergeben", "gib es weiter", "gib weiter", "geben sie es weiter",
               "leite es weiter", "weiterleiten", "frag sie", "frag ihn", "sag es ihr",
               "sag es ihm"),
        "it": ("avvisare", "avvisala", "avvisalo", "avvisa", "inoltra", "inoltrala",
               "inoltralo", "inoltrare", "passala", "passalo", "girala", "giralo", "chiedile",
               "chiedigli", "diglielo"),
        "pt": ("avisar", "avise", "avisa", "avise-o", "avise-a", "repassa", "repasse",
               "encaminha", "encaminhe", "pergunta a ela", "pergunta a ele", "passa adiante",
               "pode passar"),
        "nl": ("laat het weten", "laat weten", "zeg het", "geef het door", "geef maar door",
               "geef door", "doorgeven", "doorsturen", "stuur door", "stuur het door",
               "vraag het", "vraag het maar"),
        "ja": ("伝えて", "知らせて", "連絡して", "伝えてください", "聞いて", "聞いてください",
               "頼んで", "転送して"),
        "zh": ("告诉他", "告诉她", "通知他", "通知她", "转达", "转告", "帮我转达", "帮我问",
               "发给他", "发给她", "转给他", "转给她"),
        "pl": ("powiadom", "powiadom ją", "powiadom go", "daj znać", "daj jej znać",
               "daj mu znać", "przekaż", "przekaż jej", "przekaż mu", "przekaż dalej",
               "przekaż to", "zapytaj", "zapytaj ją", "zapytaj go"),
    },
}
# The verbs of asking or telling that a person's name follows in a yes to "Shall I ask Maria?":
# "yes ask maria", "oui, demande à Maria", "ja frag maria", "sí, pregúntale a María" (the name
# right after one of them; "i will talk to maria" or "maria knows" is no yes).
TELL_BEFORE_A_NAME: dict[str, tuple[str, ...]] = {
    "en": ("ask", "tell", "message", "text", "ping", "email", "let"),
    "fr": ("demande", "demandez", "dis", "dites", "dis-le", "dites-le", "préviens", "prévenez",
           "écris", "écrivez", "transmets", "transmettez", "transmets-le", "transmettez-le"),
    "de": ("frag", "fragen sie", "frage", "sag", "sagen sie", "schreib", "schreiben sie"),
    "es": ("pregunta", "pregúntale", "pregúntele", "dile", "dígale", "avisa", "avísale",
           "escribe", "escríbele", "díselo", "dígaselo"),
    "it": ("chiedi", "chieda", "chiedilo", "dillo", "diglielo", "avvisa", "avvisi", "scrivi"),
    "pt": ("pergunta", "pergunte", "avisa", "avise", "diz", "diga", "fala", "fale", "escreve"),
    "nl": ("vraag", "vraag het", "vraag het maar", "zeg het", "laat", "stuur"),
    "pl": ("zapytaj", "powiedz", "powiadom", "napisz do", "przekaż"),
    # Chinese names read apart from the words around them ("告诉 alice").
    "zh-Hans": ("告诉", "问", "问问", "通知", "跟", "和", "给", "联系", "问一下", "告诉一下"),
}
# Japanese says the name first: "アリスさんに伝えて", "アリスに聞いてください".
TELL_AFTER_A_NAME: dict[str, tuple[str, ...]] = {
    "ja": ("伝えて", "聞いて", "訊いて", "確認して", "連絡して", "言って", "知らせて", "頼んで",
           "送って", "相談して", "メッセージ", "メール"),
}
# Passing a worker's words on is sending them: at "Shall I pass your request on to Maria?" or
# "Shall I tell Maria you'll be late?", "send it", "envoie", "schick es", "mándalo" are a yes.
ACTION_WORDS["tell"] = {
    language: (*ACTION_WORDS["tell"].get(language, ()), *ACTION_WORDS["send"].get(language, ()))
    for language in (*ACTION_WORDS["tell"], *ACTION_WORDS["send"])
}

# Words that reject at a question about that action ("keep it" at a cancellation question).
ACTION_REVERSALS: dict[str, dict[str, tuple[str, ...]]] = {
    "cancel": {
        "en": ("keep", "keep it", "keep the shift", "leave it", "don't cancel"),
        "fr": ("garder", "garde", "gardez", "garde-le", "conserver", "ne pas annuler"),
        "es": ("mantener", "mantenlo", "conservar", "dejarlo", "no cancelar", "no lo canceles",
               "no la canceles", "no canceles"),
        "de": ("behalten", "behalte", "nicht stornieren", "nicht absagen", "behalte sie",
               "behalt sie", "behalte die schicht"),
        "it": ("tenere", "tienilo", "mantieni", "non annullare", "tieni", "lo tengo",
               "tengo il turno", "lascialo", "non annullarlo", "non voglio più",
               "non più"),
        "pt": ("manter", "mantém", "mantenha", "não cancelar", "nao cancela", "deixa o turno",
               "fico com o turno", "não cancela não", "não quero mais", "deixa estar",
               "deixa ficar", "fico com ele", "fica com ele"),
        "nl": ("houden", "behouden", "niet annuleren", "hou hem", "houd hem", "laat staan",
               "laat hem staan", "niet afzeggen", "hoeft niet meer", "wil ik niet meer"),
        "sv": ("behåll", "behålla"),
        "no": ("behold", "beholde"),
        "da": ("behold", "beholde"),
        "ru": ("оставить", "оставь", "оставьте", "не отменяй", "не отменять"),
        "tr": ("kalsın", "tut", "iptal etme"),
        "ja": ("残す", "そのまま", "キャンセルしない"),
        "zh": ("保留", "不取消", "别取消", "不要取消"),
        "ar": ("احتفظ", "لا تلغي", "لا تلغ"),
        "pl": ("zostaw", "zostaw ją", "zostaw je", "zachowaj", "nie odwołuj", "nie anuluj",
               "nie odwoluj", "już nie chcę", "nie chcę już"),
    },
    "send": {
        "en": ("don't send", "do not send", "hold it"),
        "fr": ("ne pas envoyer", "n'envoie pas"),
        "es": ("no enviar", "no lo envíes"),
        "de": ("nicht senden", "nicht schicken"),
        "it": ("non inviare", "non mandare"),
        "pt": ("não enviar", "não envie"),
        "ru": ("не отправляй", "не отправлять"),
        "tr": ("gönderme",),
        "ja": ("送らないで", "送信しない"),
        "zh": ("不要发送", "别发", "不发"),
        "ar": ("لا ترسل",),
        "pl": ("nie wysyłaj", "nie wysyłaj go"),
    },
}
# "don't send it", "n'envoie pas" at "Shall I pass it on to Maria?" is a no.
ACTION_REVERSALS["tell"] = ACTION_REVERSALS["send"]

# Which action a confirm question is about, by a word of its id ("confirm_cancel" -> cancel).
QUESTION_ACTIONS: dict[str, str] = {
    "cancel": "cancel",
    "cancellation": "cancel",
    "send": "send",
    "email": "send",
    "booking": "book",
    "book": "book",
    "meeting": "book",
    "resume": "resume",
    "late": "tell",  # confirm_late: "yes, tell her" is a yes
    "pass": "tell",  # confirm_pass_on: "yes, pass it on", "send it" is a yes
}

# Words that turn a "no" before them into a correction rather than a negation of what follows
# ("no, rather the evening", "non plutôt le soir", "nein, lieber die zweite"). A comma does the
# same; without either, "no 2", "never 3" or "no el 1" rule an option out instead of choosing it.
CORRECTION_MARKERS: tuple[str, ...] = (
    "rather", "instead", "actually", "i mean", "wait", "oh wait", "plutôt", "en fait",
    "finalement", "je veux dire",
    "mejor", "más bien", "en realidad", "lieber", "eher", "doch", "sondern", "eigentlich",
    "piuttosto", "invece", "anzi", "em vez", "na verdade", "liever", "eigenlijk", "hellre",
    "heller", "hellere", "snarere", "лучше", "скорее", "yerine", "むしろ", "やっぱり", "还是",
    "بل",
)  # fmt: skip

# Negative words that also negate the yes right after them ("no está bien", "non va bene").
NEGATING_PARTICLES: tuple[str, ...] = (
    "no", "non", "não", "nie", "nem", "ne", "ei", "لا", "不", "别", "不要",
    # "non voglio (più) annullarlo", "não quero mais cancelar", "nie chcę już odwoływać".
    "non voglio", "não quero", "nie chcę",
)  # fmt: skip

# Yes-words a negating particle never turns into a no: "no yes", "non oui", "no sí" say both
# (unlike "no vale", "non va bene", "不好"), so the reply is unclear.
BARE_YES_WORDS: tuple[str, ...] = (
    "yes", "yeah", "yep", "yup", "oui", "ouais", "sí", "si", "ja", "jawohl", "sim", "tak",
    "igen", "ano", "はい", "ええ", "うん", "👍",
)  # fmt: skip

# A please said alone at a yes/no question ("Shall I send it?" "please"): a yes. Said with an
# option ("2番お願い", "the second please") it is only a courtesy, so these are no yes words.
PLEASE_ALONE_WORDS: tuple[str, ...] = (
    "please", "pls", "plz", "pretty please", "s'il te plaît", "s'il vous plaît", "stp", "svp",
    "bitte", "bitte schön", "gerne", "gern", "por favor", "porfa", "per favore", "per piacere",
    "por gentileza", "alsjeblieft", "alstublieft", "aub", "proszę", "poproszę", "お願い",
    "お願いね", "おねがい", "お願いします", "よろしく", "よろしくお願いします", "麻烦了",
    "麻烦你了", "拜托了", "拜託了",
)  # fmt: skip

# Words that put a condition on a yes ("yes if Chen agrees", "ok as long as it's before 5"):
# a yes with one of them confirms nothing, so ERA asks again rather than guess.
CONDITION_WORDS: tuple[str, ...] = (
    "if", "unless", "provided", "providing", "as long as", "assuming",
    "à condition", "pourvu", "sauf si", "tant que", "à moins",
    "siempre que", "siempre y cuando", "con tal", "a menos", "a no ser", "salvo que",
    "wenn", "falls", "sofern", "solange", "vorausgesetzt", "außer",
    "もし", "なら", "ならば", "れば", "たら",
)  # fmt: skip

# Japanese for "in that case", whose condition is what ERA just said: "はい、それならお願いします"
# (yes, then go ahead) is a yes, though "なら" and "たら" make one conditional elsewhere. Found
# where a clause starts ("はい、でしたら"), not after words ("チェンさんがOKだったら" is if).
CONDITION_CONNECTIVES: tuple[str, ...] = (
    "それなら", "それならば", "それでしたら", "それだったら", "でしたら", "だったら",
)  # fmt: skip

# Languages where "si" is both yes and if: after another yes ("oui si Chen est d'accord") or
# before words of a clause ("si quieres", "sí, si Chen está de acuerdo") it is the if.
SI_IS_ALSO_IF: frozenset[str] = frozenset({"fr", "es", "ca"})

# How an entry that means different things in different languages is read when the reply has
# no locale (or a locale none of those languages is): in the language named here.
# Reply words people type whatever language they write in ("ok", "yes", "no", "👍"): with
# nothing else, such a reply is no sign that the person changed language.
UNIVERSAL_REPLY_WORDS: dict[str, tuple[WordKind, ...]] = {
    "intl": tuple(WordKind),
    "en": (WordKind.AFFIRM, WordKind.NEGATE, WordKind.FILLER),
}

# Reply words of other languages that are ordinary English words: "show" (pt "great"), "legal"
# (pt "cool"), "top", "sale", "dale", "vale", "bra", "sip", "genial", "nickel". Read as a yes or a
# no only when the reply's locale is a language whose word it is: at "Shall I send it?", "is
# this legal" or "show me the email" from an English speaker (or a Slack message, which has no
# locale) sent the letter.
ENGLISH_FALSE_FRIENDS: tuple[str, ...] = (
    "show", "legal", "top", "sale", "dale", "vale", "bra", "sip", "genial", "nickel",
)  # fmt: skip

# Words that acknowledge what was said without answering its question, besides the yes words
# every language shares ("ok", "👍"): "ok thanks" or "d'accord merci" to "Have you already
# spoken to Bob about it?" says nothing about whether they did.
ACKNOWLEDGEMENTS: dict[str, tuple[str, ...]] = {
    "fr": ("d'accord", "dac"), "es": ("vale",), "it": ("va bene",), "de": ("alles klar",),
    "nl": ("oke", "oké"), "pl": ("okej",), "ja": ("了解", "了解です", "わかりました"),
    "zh": ("好的", "好"),
}  # fmt: skip

CROSS_LANGUAGE_DEFAULTS: dict[str, str] = {
    "ne": "de", "tak": "pl", "ei": "fi", "los": "de", "da": "ru", "na": "sv",
}
