"""Multilingual phrase patterns that tell what kind of sentence ERA (or the manager) wrote.

Pure data plus their compiled forms: offers to act, suggestions, closing checks, requests for
information, answer-dependent openers, hypothetical and active-situation framing, negation and
contingency, in English, French, Spanish, German, Italian and Portuguese, with Dutch and
Polish where ERA's advice in them needs it (active situation, general advice, negation,
contingency; in Polish also offers, closing checks and requests for information). Every
pattern runs on text that was lower-cased and had its typographic apostrophes straightened, so
the fragments are written in lower case with a plain `'`. Patterns are compiled once at
import: detection must stay far under 50 microseconds, so nothing here is built per call.
"""

from __future__ import annotations

import re

from detectors.phrase_pattern import compile_phrases

# ERA offering to act itself: a yes launches the flow, so it is not a clarifying question.
OFFER_FRAGMENTS = (
    # English
    r"\bwould you (?:like|want|prefer) (?:for )?(?:me|us) to\b",
    r"\b(?:do|did) you want (?:me|us) to\b",
    r"\bwant me to\b",
    r"\b(?:shall|should|can|could|may) (?:i|we)\b(?! (?:just |first )?(?:ask|check|confirm|clarify"
    r"|verify|double-check))",
    r"\bwould it help (?:if i|if we|for me to)\b",
    r"\bhow about (?:i|we|me)\b",
    r"\b(?:is it ok(?:ay)?|do you mind) if i\b",
    r"\bwould you like (?:a|an|the|my|some) (?:draft|template|invite|invitation|hand|help)\b",
    r"\bi can [^?]{0,60}\bif you(?:'d)? (?:like|want|wish)\b",
    # French
    r"\b(?:voulez|souhaitez|désirez|voudriez|aimeriez|souhaiteriez|veux|voudrais|aimerais)"
    r"[- ](?:vous|tu)[- ]que (?:je|j'|nous|on)\b",
    r"\b(?:vous voulez|vous souhaitez|tu veux) que (?:je|j'|nous|on)\b",
    r"\b(?:dois-je|puis-je|devrais-je|pourrais-je)\b(?! (?:vous |te )?(?:demander|savoir"
    r"|comprendre|confirmer))",
    r"\best-ce que je (?:peux|dois|pourrais)\b",
    r"\bje (?:vous |te |lui |leur )?(?:le |la |les |l')?(?:planifie|programme|prépare|rédige"
    r"|envoie|organise|cale|réserve)\b",
    r"\bon (?:planifie|programme|organise|cale|envoie|rédige|prépare)\b",
    # Spanish
    r"\b(?:quiere|quieres|desea|deseas|prefiere|prefieres) que (?:yo\b|(?:se )?(?:le|lo|la|les|te)"
    r" \w+|(?:program|agend|envíe|envie|mande|redacte|prepare|organice|reserve|coordine|escriba"
    r"|llame|concierte|fije)\w*)",
    r"\b(?:le|te) gustaría que\b",
    r"\b(?:puedo|debo)\b(?! (?:preguntar|saber|entender|confirmar))",
    r"\b(?:programo|agendo|preparo|redacto|envío|mando|escribo"
    r"|organizo|reservo|coordino|concierto|fijo)\b",
    r"\b(?:le|te) ayudo a\b",
    # German
    r"\b(?:soll|sollen) (?:ich|wir)\b",
    r"\b(?:möchten|wollen|würden|hätten) sie(?: gerne)?,? dass ich\b",
    r"\b(?:möchtest|willst) du,? dass ich\b",
    r"\bdarf ich\b(?! (?:fragen|nachfragen))",
    r"\bkann ich\b(?! (?:fragen|nachfragen))",
    r"\bwäre es hilfreich,? wenn ich\b",
    # Italian
    r"\b(?:vuole|vuoi|desidera|desideri|preferisce|preferisci) che (?:io\b|(?:le|lo|la|gli|ti) \w+"
    r"|(?:programm|fiss|organizz|prepar|scriv|invi|mand|prenot|redig|chiam)\w*)",
    r"\b(?:le|ti) (?:piacerebbe|andrebbe) che\b",
    r"\bposso\b(?! (?:chiederle|chiederti|chiedere|sapere|perguntar|saber))",
    r"\bdevo (?:io )?(?:programm|fiss|organizz|prepar|scriv|invi|mand|prenot|redig)\w*",
    r"\b(?:programmo|preparo|scrivo|invio|mando|organizzo|fisso"
    r"|prenoto|redigo)\b",
    r"\bprocedo\b",
    # Portuguese ("posso" is above)
    r"\b(?:quer|deseja|prefere|gostaria) que (?:eu\b|(?:lhe|lhes) \w+|(?:marqu|agend|envi|redij"
    r"|prepar|organiz|escrev|mand|program|reserv)\w*)",
    r"\bdevo (?:eu )?(?:marc|agend|envi|redig|prepar|mand|escrev|organiz|program)\w*",
    r"\b(?:marco|agendo|redijo|escrevo|reservo)\b",
    # Polish
    r"\bczy (?:mam|mogę|powinnam) (?:\w+ )?(?:umówić|zaplanować|zorganizować|zarezerwować"
    r"|przygotować|wysłać|napisać|zredagować)\b",
    r"\b(?:chcesz|wolisz|czy chcesz),? (?:żebym|abym)\b",
    r"\bmogę\b(?! (?:zapytać|spytać|się dowiedzieć|prosić))",
    r"\b(?:umówię|przygotuję|wyślę|zaplanuję|zarezerwuję|napiszę)\b",
)

# Questions about when or how to carry out the action ("what time works best for you?", "do you
# want HR copied on it?") belong to acting, not to gathering context: they count as offers.
SCHEDULING_FRAGMENTS = (
    r"\bshould (?:it|the (?:e-?mail|letter|message|warning|invite|invitation)) (?:go|be sent"
    r"|be addressed|include|mention|come from)\b",
    r"\b(?:who|which address|what address) should (?:it|the (?:e-?mail|letter|message)) (?:go"
    r"|be sent|be addressed)\b",
    r"\bdo you want (?:hr|your manager|me|anyone|someone|them) (?:copied|cc'd|cced|included"
    r"|on (?:it|the (?:call|e-?mail|invite)))\b",
    r"\b(?:en copie|en copia|in kopie|in copia|in cc)\b",
    r"\bwhat (?:time|day|date|slot)s? (?:works?|suits?|would (?:work|suit|be best)|is best)\b",
    r"\bwhich (?:time|day|date|slot)s? (?:works?|suits?|would (?:work|suit)|is best"
    r"|do you prefer|would you prefer)\b",
    r"\bwhen (?:works?|suits?|would (?:work|suit)|is best|would be (?:best|good|convenient)"
    r"|are you (?:free|available))\b",
    r"\b(?:prefer|suit|suits|work|works|better)\b[^?]{0,30}\b(?:morning|afternoon|today|tomorrow)"
    r" or\b",
    r"\b(?:morning|afternoon|today|tomorrow) or (?:the )?(?:morning|afternoon|evening|today"
    r"|tomorrow)\b[^?]{0,20}\b(?:better|best|suit|suits|work|works|prefer)\b",
    r"\bquel(?:le)?s? (?:jour|moment|créneau|horaire|heure)s? (?:vous |te )?(?:convien|arrang"
    r"|irai|va\b)",
    r"\bquand (?:êtes-vous|seriez-vous|es-tu) disponible",
    r"\bquand (?:cela|ça) vous (?:convient|arrange|irait)",
    r"\bqué (?:día|hora|momento|horario) (?:le|te) (?:viene bien|conviene|va bien|parece)",
    r"\bcuándo (?:le|te) (?:viene bien|conviene|va bien)",
    r"\bcuándo (?:está|estás|estaría) disponible",
    r"\bwann (?:passt|hätten sie zeit|haben sie zeit|wäre es ihnen recht|würde es ihnen passen)",
    r"\bwelche(?:r|s|n)? (?:tag|termin|zeitpunkt|uhrzeit|zeit) (?:passt|wäre|ist ihnen)",
    r"\bquando (?:le|ti) (?:va bene|andrebbe bene|è comodo|farebbe comodo)",
    r"\bquando (?:è|sarebbe) disponibile",
    r"\b(?:che|quale) (?:giorno|ora|orario|momento) (?:le|ti) (?:va bene|andrebbe|conviene"
    r"|è comodo)",
    r"\bquale (?:giorno|orario) preferisce",
    r"\bquando (?:lhe )?(?:dá jeito|convém|está disponível|estaria disponível)",
    r"\b(?:que|qual) (?:dia|hora|horário|momento) (?:lhe )?(?:dá jeito|convém|prefere)",
    r"\bkiedy (?:ci )?(?:pasuje|odpowiada|będzie wygodnie)",
    r"\b(?:który|jaki|która) (?:dzień|termin|godzina|pora) (?:ci )?(?:pasuje|odpowiada)",
)

# "Would you like to schedule ...?" invites the manager to start a flow ERA runs; only tool verbs
# count, so "do you want to call the employee yourself" stays a question about the situation.
INVITATION_FRAGMENTS = (
    r"\b(?:would|do) you (?:like|want|wish) to (?:go ahead and )?(?:schedule|book|set up|arrange"
    r"|send|draft|write|prepare|plan|organi[sz]e|go ahead|proceed|move forward)\b",
    r"\bready (?:for me )?to (?:schedule|book|send|draft)\b",
    r"\b(?:voulez|souhaitez|aimeriez|voudriez)[- ]vous (?:planifier|programmer|organiser|envoyer"
    r"|rédiger|préparer|fixer|caler|réserver|procéder)\b",
    r"\b(?:quiere|desea|quieres|deseas|le gustaría) (?:programar|agendar|enviar|redactar|preparar"
    r"|organizar|reservar|concertar|proceder|coordinar)\b",
    r"\b(?:möchten|wollen) sie (?:\S+ ){0,5}(?:vereinbaren|planen|ansetzen|buchen|senden"
    r"|schicken|verschicken|entwerfen|aufsetzen|verfassen|einplanen)\b",
    r"\b(?:vuole|desidera|vuoi|le piacerebbe) (?:programmare|fissare|organizzare|inviare|mandare"
    r"|preparare|scrivere|prenotare|procedere)\b",
    r"\b(?:quer|deseja|gostaria de|pretende) (?:marcar|agendar|enviar|redigir|preparar|organizar"
    r"|programar|avançar|prosseguir)\b",
    r"\b(?:chcesz|czy chcesz) (?:umówić|zaplanować|zorganizować|wysłać|przygotować"
    r"|zarezerwować)\b",
)

# "yourself" turns an invitation into a question about who acts.
SELF_FRAGMENTS = (
    r"\byourself\b",
    r"\bvous-même\b",
    r"\btoi-même\b",
    r"\busted mism[oa]\b",
    r"\btú mism[oa]\b",
    r"\bselbst\b",
    r"\bselber\b",
    r"\blei stess[oa]\b",
    r"\bte stess[oa]\b",
    r"\bvocê mesm[oa]\b",
    r"\bpor si mesm[oa]\b",
    r"\bosobiście\b",
    r"\bsamodzielnie\b",
)

# A choice put to the manager ("..., or should I ...") is a question even when one side is an offer.
CHOICE_BEFORE_OFFER = re.compile(r"(?:\bor|\bou|\bo|\boder|\boppure|\bo bien)[\s,]*$")

# Suggestions phrased as questions recommend something; they ask nothing of the manager.
SUGGESTION_FRAGMENTS = (
    r"\bwhy not\b",
    r"\bwhy don't you\b",
    r"\bhow about (?:\w+ing|a|an)\b",
    r"\bwhat about (?:\w+ing|a|an)\b",
    r"\bpourquoi ne pas\b",
    r"\bque diriez-vous de\b",
    r"\bet si (?:vous|on|nous)\b",
    r"\bpor qué no\b",
    r"\bqué tal si\b",
    r"\bqué (?:le|te) parece si\b",
    r"\bwarum nicht\b",
    r"\bwie wäre es (?:mit|wenn)\b",
    r"\bwas halten sie davon\b",
    r"\bperché non\b",
    r"\bche ne dice di\b",
    r"\bcosa ne (?:pensa|dice) di\b",
    r"\bporque não\b",
    r"\bpor que não\b",
    r"\bque tal\b",
    r"\bdlaczego nie\b",
    r"\bco powiesz na\b",
)

# Closing checks ("does that help?") end a recommendation; they are not clarifying questions.
CLOSING_FRAGMENTS = (
    r"(?:does|would|will) (?:that|this) (?:help|make sense|sound \w+|work(?: for you)?|seem \w+"
    r"|be (?:ok|okay|helpful|useful|all right|alright))",
    r"sounds? (?:good|ok|okay|right|like a plan|reasonable|fair)",
    r"is (?:that|this) (?:ok|okay|alright|all right|helpful|clear|useful)",
    r"any (?:other |more |further )?questions",
    r"(?:is there )?anything else(?: (?:you'd like|you would like|you want|i can)(?: to know"
    r"| to discuss| help (?:you )?with| do for you)?)?",
    r"do you have any (?:other |more |further )?questions",
    r"makes? sense",
    r"(?:ok|okay|good) (?:with|for) you",
    r"what do you think",
    r"how does (?:that|this) sound",
    r"(?:ok|okay|alright)",
    r"(?:cela|ça|ceci) (?:vous|te) (?:convient|va|aide|semble \w+|paraît \w+)",
    r"qu'en (?:pensez-vous|penses-tu|dites-vous)",
    r"d'accord",
    r"(?:autre chose|d'autres questions)",
    r"est-ce (?:que )?(?:cela|ça) (?:vous )?(?:aide|convient|va)",
    r"est-ce clair",
    r"(?:le|te) parece(?: bien)?",
    r"qué (?:le|te) parece",
    r"de acuerdo",
    r"(?:le|te) sirve",
    r"(?:le|te) ayuda",
    r"algo más",
    r"alguna otra pregunta",
    r"tiene sentido",
    r"vale",
    r"passt (?:das|ihnen das|dir das)",
    r"ist (?:das|dies) (?:so )?(?:in ordnung|ok|okay|hilfreich"
    r"|klar)",
    r"was (?:meinen|denken) sie",
    r"einverstanden",
    r"noch (?:weitere )?fragen",
    r"weitere fragen",
    r"sonst noch (?:etwas|was)",
    r"hilft (?:ihnen |dir )?das",
    r"klingt (?:das )?gut",
    r"(?:le|ti) va bene",
    r"va bene",
    r"cosa ne (?:pensa|pensi)",
    r"che ne (?:pensa|pensi|dice|dici)",
    r"(?:le|ti) sembra \w+",
    r"d'accordo",
    r"altre domande",
    r"qualcos'altro",
    r"(?:le|ti) è utile",
    r"ha senso",
    r"(?:isto|isso) (?:ajuda|faz sentido|lhe serve|lhe parece bem)",
    r"(?:parece-lhe|acha) bem",
    r"o que (?:acha|lhe parece)",
    r"está bem",
    r"de acordo",
    r"faz sentido",
    r"mais alguma (?:coisa|questão|pergunta|dúvida)",
    r"alguma (?:outra )?(?:questão|pergunta|dúvida)",
    r"czy to (?:pomaga|pomoże|ma sens|jest jasne|brzmi dobrze)",
    r"(?:czy )?(?:mogę (?:ci )?(?:jeszcze )?)?(?:w )?czymś jeszcze (?:pomóc)?",
    r"(?:masz )?(?:jeszcze )?jakieś (?:inne )?pytania",
)

# Reported speech introduced by a colon: "ask them: is everything all right?" is not ERA asking.
SPEECH_INTRO = re.compile(
    r"\b(?:say|says|saying|ask|asks|asking|tell|telling|write|text|e\.g|for example|such as|like"
    r"|dire|dites(?:-lui|-leur)?|demandez(?:-lui|-leur)?|demander|écrivez|par exemple|decir"
    r"|decirle|diga|dígale|dile|pregunt\w*|escriba|por ejemplo|sagen|fragen|schreiben"
    r"|zum beispiel|z\.b|dirgli|dirle|dica|chieda|chiedere|chiedergli|chiederle|scriva"
    r"|per esempio|ad esempio|pergunte(?:-lhe|-lhes)?|perguntar|dizer-lhe|por exemplo"
    r"|zapytaj|zapytać|powiedz|powiedzieć|napisz|na przykład|np\.)"
    r"(?:\b|(?<=\.))[^:]{0,40}:\s*\S"
)

# Requests for information that carry no question mark.
INFO_REQUEST_FRAGMENTS = (
    r"\b(?:can|could|would) you (?:please )?(?:tell|let me know|share|clarify|confirm|provide"
    r"|explain|describe|give me)\b",
    r"\bplease (?:tell|share|clarify|confirm|let me know|provide|describe|explain)\b",
    r"\blet me know whether\b",
    r"\btell me (?:more|whether|what|when|how|which|who|why|a bit)\b",
    r"\bi(?:'d| would)? need to know\b",
    r"\bi need (?:a bit |a little |some )?(?:more )?(?:context"
    r"|details?|information|info)\b",
    r"\bbefore i (?:can )?(?:recommend|suggest|advise)\b",
    r"\bcan you clarify\b",
    r"\bjust to (?:make sure|confirm|check|be sure)\b",
    r"\bto make sure i (?:understand|have)\b",
    r"\bhelp me understand\b",
    r"\bi'm wondering (?:whether|if)\b",
    r"\ba few (?:things|questions) (?:i need|first|to)\b",
    r"\b(?:pouvez|pourriez)-vous (?:me )?(?:dire|préciser|confirmer|indiquer|expliquer|décrire)\b",
    r"\bdites-moi\b",
    r"\bprécisez\b",
    r"\bmerci de (?:me )?(?:préciser|confirmer|indiquer|dire)\b",
    r"\bj'ai besoin de savoir\b",
    r"\b(?:juste )?pour (?:être sûr|m'assurer|confirmer|vérifier)\b",
    r"\bavant de (?:vous )?(?:recommander|conseiller)\b",
    r"\baidez-moi à comprendre\b",
    r"\b(?:puede|podría|puedes|podrías) (?:decirme|indicarme|confirmarme|confirmar|aclarar"
    r"|aclararme|explicarme|contarme|precisar)\b",
    r"\b(?:dígame|cuénteme|indíqueme)\b",
    r"\bnecesito saber\b",
    r"\bpara (?:asegurarme|confirmar)\b",
    r"\bantes de (?:recomendarle|recomendar|aconsejarle)\b",
    r"\bayúdeme a entender\b",
    r"\b(?:können|könnten) sie (?:mir )?(?:\S+ ){0,3}(?:sagen|mitteilen|bestätigen|erklären"
    r"|beschreiben|schildern|erzählen)\b",
    r"\bsagen sie mir\b",
    r"\b(?:erzählen|schildern|beschreiben) sie (?:mir )?(?:bitte )?(?:\S+ ){0,2}?(?:mehr|genauer"
    r"|was|wie|wann|ob)\b",
    r"\bteilen sie mir mit\b",
    r"\bich muss wissen\b",
    r"\bum sicherzugehen\b",
    r"\bnur zur sicherheit\b",
    r"\bbevor ich (?:ihnen )?(?:etwas )?(?:empfehle|rate)\b",
    r"\b(?:può|potrebbe|puoi|potresti) (?:dirmi|indicarmi|confermarmi|confermare|chiarire"
    r"|spiegarmi|raccontarmi|precisare|descrivere)\b",
    r"\bmi (?:dica|racconti)\b",
    r"\bho bisogno di sapere\b",
    r"\bper essere sicur[oa]\b",
    r"\bprima di (?:consigliarle|raccomandarle|consigliare)\b",
    r"\bmi aiuti a capire\b",
    r"\b(?:pode|poderia)(?:-me)? (?:dizer-me|indicar-me|confirmar-me|confirmar|esclarecer"
    r"|explicar-me|contar-me|precisar)\b",
    r"\b(?:diga-me|conte-me|indique-me)\b",
    r"\bpreciso de saber\b",
    r"\bpara (?:ter a certeza|confirmar)\b",
    r"\bantes de (?:lhe )?(?:recomendar|aconselhar)\b",
    r"\bajude-me a perceber\b",
    r"\b(?:powiedz|napisz|wyjaśnij|doprecyzuj|potwierdź) mi\b",
    r"\bmuszę wiedzieć\b",
    r"\bżeby mieć pewność\b",
    r"\bzanim (?:coś )?(?:zaproponuję|doradzę|zalecę)\b",
)

# Requests for information recognised only at the start of a sentence ("whether they called in").
# A text holding none of the words has no such sentence: its sentences are not even looked at.
INFO_REQUEST_START_WORDS = ("tell me", "clarify", "whether")
INFO_REQUEST_START = re.compile(
    r"^(?:please )?(?:" + "|".join(map(re.escape, INFO_REQUEST_START_WORDS)) + r")\b"
)

# A manager asking back about ERA's question ("why does that matter?") has not answered it; any
# other question (their policy question, say) is an answer to "what would you like to know?".
COUNTER_QUESTION = re.compile(
    r"^(?:why|what do you mean|what does that mean|why does (?:that|it|this) matter|why do you"
    r" (?:ask|need|want)|how is (?:that|this|it) relevant|what for|pourquoi|qu'entendez-vous"
    r"|c'est-à-dire|pour quoi faire|por qué|qué quiere decir|para qué|warum|wieso|weshalb"
    r"|was meinen sie|wozu|perché|cosa intende|in che senso|a cosa serve|porquê|o que quer dizer"
    r"|para quê)\b"
)

# Sentences that open with an inverted verb read as questions even without a question mark.
INVERTED_START = re.compile(
    r"^(?:(?:and|so|also|et|donc|und|also) )?(?:have|has|had|did|do|does|were|was|is|are|can|could"
    r"|will) (?:you|they|he|she|these|this|those|there|it|the employee|anyone|we)\b"
    r"|^(?:avez-vous|a-t-il|a-t-elle|ont-ils|est-ce que|êtes-vous|était-ce|s'agit-il|sont-ils)\b"
    r"|^(?:haben sie|hat er|hat sie|ist er|ist sie|waren das|war das|gibt es|wissen sie)\b"
)

# A recap question confirms what the manager already said ("just to confirm - you've already
# called twice?", "so this has been going on for two weeks?", "..., right?"): advice after it
# stands. Openers, closing tags and declarative word order mark it.
RECAP_QUESTION = re.compile(
    r"^(?:(?:ok|okay|right|alright|d'accord|bon|vale|bien|gut|ok|bene)[,\s]+)?(?:just to (?:confirm"
    r"|check|be sure|make sure)|to (?:confirm|be clear)|so\b|if i understand|if i've understood"
    r"|donc|alors|si je comprends bien|pour confirmer|juste pour confirmer|entonces|o sea|así que"
    r"|para confirmar|si entiendo bien|also\b|wenn ich (?:sie )?richtig verstehe|zur bestätigung"
    r"|quindi|dunque|allora|per conferma|se ho capito bene)"
    r"|^(?:you|you've|you're|you'd|they|they've|they're|he|he's|she|she's|it|it's|this|that"
    r"|these|there's|vous (?:l'|les |lui |leur )?(?:avez|êtes)|il a|elle a|ils ont|c'est"
    r"|sie haben|sie hatten|sie sind|er hat|er ist|sie ist|das (?:ist|war)|es (?:ist|war))\b"
    r"|(?:,|\s)(?:right|correct|yes|no|is that right|is that correct|n'est-ce pas|c'est bien ça|non"
    r"|verdad|cierto|no es así|oder|nicht wahr|richtig|stimmt's|vero|giusto|è così|no)"
    r"\s*[?？؟]?\s*$"
)

# A question in interrogative form (inverted verb, question word) asks for something new; one
# without (Spanish "¿lo llamó dos veces?") may be a recap and is given the benefit of the doubt.
INTERROGATIVE_START = re.compile(
    r"^(?:and |but |also |or |et |mais |y |pero |und |aber |e |ma |mas )?(?:"
    r"(?:have|has|had|did|do|does|is|are|was|were|can|could|will|would|should|shall|may|might"
    r"|must) (?:you|they|he|she|it|this|that|these|those|there|we|i|anyone|anybody|someone|the"
    r"|your|their|his|her)\b|(?:what|when|where|why|how|who|whom|whose|which)\b"
    r"|\w+-t-(?:il|elle|on)\b|\w+-(?:vous|il|elle|ils|elles|on|je|tu)\b|est-ce qu|qu'est-ce"
    r"|(?:que|quand|pourquoi|comment|qui|quel|quelle|quels|quelles|où|combien|lequel|laquelle)\b"
    r"|(?:qué|cuándo|dónde|por qué|cómo|quién|quiénes|cuál|cuáles|cuánto|cuántos|cuántas|ha|han"
    r"|había|tiene|tienen|hay|es|son|está|están|sabe|saben|puede|pueden|podría|le|les)\b"
    r"|(?:haben|hat|hatten|hatte|ist|sind|war|waren|wird|werden|gibt|gab|können|kann|könnten"
    r"|wissen|weiß|kennen|kam|kommt|wurde|wurden|hätten|sollte|darf|was|wann|wo|warum|wieso"
    r"|weshalb|wie|wer|wen|wem|welche|welcher|welches|welchen)\b"
    r"|(?:cosa|che cosa|che|quando|dove|perché|come|chi|quale|quali|quanto|quanti|quante|ha"
    r"|hanno|aveva|è|sono|era|erano|c'è|ci sono|avete|sa|sapete|può|potrebbe|le|gli)\b"
    r"|(?:o que|quando|onde|porque|porquê|como|quem|qual|quais|quanto|quantos|quantas|já|há"
    r"|houve|tem|têm|sabe|pode|consegue|conseguiu|foi|eram|estão|recebeu|falou)\b)"
)

# After a question, advice that holds whatever the answer ("either way", "in the meantime").
ANSWER_INDEPENDENT = compile_phrases(
    (
        r"\b(?:either way|regardless|in any case|whatever the answer|in the meantime|meanwhile"
        r"|in all cases)\b",
        r"\b(?:de toute façon|quoi qu'il en soit|en attendant|dans tous les cas)\b",
        r"\b(?:en cualquier caso|de todos modos|mientras tanto|sea como sea|en todo caso)\b",
        r"\b(?:so oder so|in jedem fall|auf jeden fall|unabhängig davon|in der zwischenzeit"
        r"|inzwischen)\b",
        r"\b(?:in ogni caso|comunque|nel frattempo|in tutti i casi)\b",
        r"\b(?:de qualquer forma|de qualquer modo|em qualquer caso|seja como for|entretanto"
        r"|em todos os casos)\b",
    )
)

# A question ERA answers itself ("why does it matter? because ...") is rhetorical.
SELF_ANSWER = re.compile(
    r"^(?:because|that's because|it's because|parce que|c'est parce que|car|porque|es porque|weil"
    r"|denn|perché|poiché)\b"
)

# After a question, these openers make the advice depend on the answer still to come.
ANSWER_CONDITIONAL = re.compile(
    r"^(?:and |but |et |mais |y |pero |und |aber |e |ma |mas )?(?:if so|if not|if yes|if no"
    r"|if they have"
    r"|if they haven't|if you have|if you haven't|if they did|if they didn't|if you did"
    r"|if you didn't|if that's the case|if that is the case|if the answer is|otherwise"
    r"|si oui|si non|si c'est le cas|si ce n'est pas le cas|sinon|dans le cas contraire"
    r"|si es así|si es el caso|si no|si sí|de lo contrario|en caso contrario"
    r"|falls ja|falls nicht|wenn ja|wenn nicht|wenn dem so ist|falls dem so ist|andernfalls"
    r"|ansonsten|se sì|se si|se no|se non|se è così|in caso contrario|altrimenti|se sim|se não"
    r"|se for o caso|se for esse o caso|caso contrário|de outro modo)\b"
)

# The manager frames the conversation as general: these win over anything else in the message.
HYPOTHETICAL_STRONG = compile_phrases(
    (
        r"\bin general\b",
        r"\bgenerally speaking\b",
        r"\bhypothetic",
        r"\bin theory\b",
        r"\btheoretically\b",
        r"\bas a (?:general )?rule\b",
        r"\bgeneral question\b",
        r"\bjust curious\b",
        r"\bfor future reference\b",
        r"\basking for a friend\b",
        r"\bin principle\b",
        r"\bnot (?:right now|at the moment|currently)\b",
        r"\bno (?:specific|particular|real) (?:case|situation|person)\b",
        r"\bnot (?:a|about a) (?:specific|particular|real) (?:case|situation|person)\b",
        r"\bjust (?:trying to understand|wondering|asking|curious)\b",
        r"\bfor my own understanding\b",
        r"\ben général\b",
        r"\bpas (?:pour le moment|en ce moment|actuellement)\b",
        r"\bpas de cas (?:précis|concret)\b",
        r"\b(?:juste|simplement) pour (?:savoir|comprendre)\b",
        r"\bno (?:por ahora|de momento|en este momento)\b",
        r"\bno (?:es|se trata de) un caso concreto\b",
        r"\bsolo (?:por saber|quiero entender|para entender)\b",
        r"\b(?:im moment|derzeit|gerade) nicht\b",
        r"\bkein konkreter fall\b",
        r"\bnur (?:interessehalber|zum verständnis)\b",
        r"\bnon (?:al momento|ora|adesso)\b",
        r"\bnessun caso concreto\b",
        r"\bsolo per (?:sapere|capire)\b",
        r"\bde (?:manière|façon) générale\b",
        r"\bhypoth",
        r"\ben théorie\b",
        r"\b(?:question|réponse) générale\b",
        r"\ben règle générale\b",
        r"\bpar curiosité\b",
        r"\ben principe\b",
        r"\ben general\b",
        r"\bhipot[ée]tic",
        r"\ben teoría\b",
        r"\b(?:pregunta|respuesta) general\b",
        r"\bpor curiosidad\b",
        r"\bcomo (?:norma|regla) general\b",
        r"\ben principio\b",
        r"\bim allgemeinen\b",
        r"\ballgemeine(?:n)? frage\b",
        r"\btheoretisch\b",
        r"\bgrundsätzlich\b",
        r"\bganz allgemein\b",
        r"\baus neugier\b",
        r"\bprinzipiell\b",
        r"\bin generale\b",
        r"\bipotetic",
        r"\bin teoria\b",
        r"\b(?:domanda|risposta) generale\b",
        r"\bper curiosità\b",
        r"\bin linea (?:di massima"
        r"|generale)\b",
        r"\bin via generale\b",
        r"\bem geral\b",
        r"\bde (?:um modo|uma forma) geral\b",
        r"\bem teoria\b",
        r"\b(?:pergunta|questão|resposta) geral\b",
        r"\bpor curiosidade\b",
        r"\bem princípio\b",
        r"\bnão (?:é|se trata de) (?:um caso concreto|nenhum caso concreto)\b",
        r"\bsó (?:para saber|por curiosidade|para perceber)\b",
        r"\bogólnie (?:rzecz biorąc|mówiąc|pytam)\b",
        r"\btak ogólnie\b",
        r"\bco do zasady\b",
        r"\bteoretycznie\b",
        r"\bhipotetyczn",
        r"\bw teorii\b",
        r"\bz ciekawości\b",
        r"\b(?:pytanie ogólne|ogólne pytanie)\b",
        r"\bnie chodzi o (?:konkretn\w+|żadn\w+ konkretn\w+) (?:osobę|przypadek|sytuację)\b",
    )
)

# The same in Chinese, found inside the text: "一般来说", "一般应该怎么处理", "理论上".
HYPOTHETICAL_STRONG_UNSPACED = re.compile(
    r"一般来说|一般情况下|通常来说|(?:一般|通常)(?:应该|应当|该|要)?(?:怎么|如何)(?:处理|办)"
    r"|理论上|原则上|出于好奇|只是(?:随便)?问问|(?:不是|没有)具体的(?:人|情况|案例)"
)

# Weaker general framing ("what should I do if ...", "policy"): it yields to active-situation
# markers anywhere in the conversation.
HYPOTHETICAL_WEAK = compile_phrases(
    (
        r"\bwhat (?:should|do|would|can|must) (?:i|we|you|a manager|managers|one) do (?:if|when)\b",
        r"\bwhat happens (?:if|when)\b",
        r"\bwhat would you (?:recommend|suggest|advise|do) (?:if|when)\b",
        r"\bcan (?:i|we|a manager|managers) (?:fire|dismiss|terminate|discipline|sack|suspend"
        r"|let go) (?:someone|somebody|an? |employees|staff|people)",
        r"\bwhat if\b",
        r"\bpolic(?:y|ies)\b",
        r"\bhow (?:should|do|would|can) (?:i|we|you|managers?) (?:handle|deal with|respond to"
        r"|approach)"
        r" (?:an? |someone|somebody|employees|staff|people)",
        r"\bis it (?:legal|allowed|ok|okay|acceptable) to\b",
        r"\bwhat(?:'s| is| are) the (?:usual |normal |standard )?(?:process|procedure|rules?)\b",
        r"\bque (?:dois-je|devrais-je|faut-il|doit-on) faire (?:si|quand|lorsqu)",
        r"\bque faire (?:si|quand|lorsqu)",
        r"\bpolitique\b",
        r"\brèglement\b",
        r"\bprocédure\b",
        r"\best-il (?:légal|permis|possible) de\b",
        r"\bqué (?:debo|debería|hay que|se debe|tengo que) hacer (?:si|cuando)\b",
        r"\bqué (?:hago|se hace) (?:si|cuando)\b",
        r"\bpolítica\b",
        r"\bnormativa\b",
        r"\bprocedimiento\b",
        r"\bes legal\b",
        r"\bwas (?:soll|sollte|muss|kann) (?:ich|man) (?:\S+ ){0,2}tun,? (?:wenn|falls)\b",
        r"\bwas mache ich,? (?:wenn|falls)\b",
        r"\bwas tun,? wenn\b",
        r"\brichtlinie\b",
        r"\bregelung\b",
        r"\bist es (?:erlaubt|zulässig|legal)\b",
        r"\bcosa (?:devo|dovrei|si deve|bisogna) fare (?:se|quando)\b",
        r"\bcosa (?:faccio|si fa) (?:se|quando)\b",
        r"\bche fare se\b",
        r"\bpolitica\b",
        r"\bregolamento\b",
        r"\bprocedura\b",
        r"\bè (?:legale|consentito|lecito)\b",
        r"\bo que (?:devo|deve|se deve|é preciso|tenho de|tenho que) fazer (?:se|quando)\b",
        r"\bo que (?:faço|se faz) (?:se|quando)\b",
        r"\bregulamento\b",
        r"\bé (?:legal|permitido|lícito)\b",
        r"\bco (?:\w+ ){0,2}?(?:zrobić|robić),? (?:jeśli|jeżeli|gdy|kiedy)\b",
        r"\bjak (?:postępować|reagować|się zachować),? (?:jeśli|jeżeli|gdy|kiedy)\b",
        r"\bregulamin\w*\b",
        r"\bczy (?:to )?(?:jest )?(?:legalne|dozwolone|zgodne z prawem)\b",
    )
)

# Signs the manager is describing a real, current case: their people, their actions, dates.
ACTIVE_SITUATION = compile_phrases(
    (
        r"\b(?:my|our) (?:\w+ )?(?:employee|employees|staff|worker|workers|team|cashier|cashiers"
        r"|reports?|colleague|associates?|nurse|driver|server|agent|technician|apprentice|intern"
        r"|member|store|shop|branch|department|crew|supervisor)\b",
        r"\bone of (?:my|our)\b",
        r"\bsomeone (?:on|in|from) (?:my|our)\b",
        r"\b(?:i|we)(?:'ve| have| had)? (?:already |just )?(?:tried|called|spoke|spoken|talked"
        r"|emailed"
        r"|texted|messaged|sent|gave|given|warned|met|asked|told|documented|wrote|written|noticed"
        r"|checked|reached|left)\b",
        r"\b(?:he|she|they)(?:'s| has| have| had| was| were)? (?:\w+ )?(?:missed|didn't|did not"
        r"|hasn't|haven't|showed|came|left|walked|refused|said|told|complained|yelled|arrived|quit"
        r"|resigned|keeps|kept)\b",
        r"\b(?:didn't|did not|hasn't|has not|haven't|isn't|is not|aren't) (?:show|come|turn|call"
        r"|answer|respond|pick|answering|responding|picking)",
        r"\b(?:yesterday|today|this morning|this afternoon|last night|last week|this week"
        r"|this month"
        r"|last month|since (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|last))\b",
        r"\b(?:in a row|right now|currently|at the moment|so far)\b",
        r"\b(?:has|have|had) (?:already |now |just )?(?:missed|skipped|been late|been absent"
        r"|called in|walked out|quit|refused|stopped)\b",
        r"\b(?:last|past) (?:\d+|two|three|four|five|several|few) (?:shifts|days|weeks|months)\b",
        r"\b(?:twice|\d+ times|(?:two|three|four|five|several) times)\b",
        r"\bfor (?:\d+|two|three|four|five|several) (?:days|weeks|shifts|months)\b",
        r"\b(?:mon|ma|mes|notre|nos) (?:\w+ )?(?:employé|employée|employés|employées|salarié"
        r"|salariée|salariés|collaborat\w+|équipe|caissi\w+|agents?|vendeu\w+|stagiaire|apprenti\w*"
        r"|magasin|service)\b",
        r"\b(?:un|une) de mes\b",
        r"\bj'ai (?:déjà )?(?:essayé|appelé|parlé|eu|envoyé|donné|averti|écrit|noté|vérifié)\b",
        r"\bje l'ai\b",
        r"\b(?:il|elle|ils|elles) (?:ne |n')?(?:s'est|a|ont|vient|arrive|répond)\b",
        r"\b(?:hier|aujourd'hui|ce matin|cette semaine|la semaine dernière|ce mois-ci"
        r"|le mois dernier"
        r"|depuis|actuellement|en ce moment)\b",
        r"\b(?:deux|trois|quatre|\d+) fois\b",
        r"\bsans (?:réponse|nouvelles)\b",
        r"\b(?:mi|mis|nuestro|nuestra|nuestros|nuestras) (?:\w+ )?(?:empleado|empleada|empleados"
        r"|empleadas|trabajador\w*|cajer[oa]s?|equipo|colaborador\w*|tienda|personal"
        r"|dependient\w*)\b",
        r"\b(?:uno|una) de mis\b",
        r"\b(?:he|hemos) (?:intentado|llamado|hablado|dado|enviado|escrito|avisado)\b",
        r"\b(?:intenté|llamé|hablé|envié|escribí|le di|lo anoté|lo llamé|la llamé)\b",
        r"\bno (?:vino|ha venido|se presentó|se ha presentado|contesta|contestó|responde"
        r"|respondió)\b",
        r"\b(?:faltó|ha faltado|llega tarde|llegó tarde)\b",
        r"\b(?:ayer|hoy|esta semana|la semana pasada|este mes|el mes pasado|desde hace|actualmente"
        r"|ahora mismo)\b",
        r"\b(?:dos|tres|cuatro|\d+) veces\b",
        r"\bsin respuesta\b",
        r"\b(?:mein|meine|meinen|meinem|meiner|unser|unsere|unseren"
        r"|unserem) (?:\w+ )?(?:mitarbeiter\w*"
        r"|angestellte\w*|kassierer\w*|team|kolleg\w*|azubi\w*|auszubildende\w*|verkäufer\w*"
        r"|filiale"
        r"|laden)\b",
        r"\b(?:einer|eine|einen) meiner\b",
        r"\bich habe (?:\S+ ){0,3}(?:versucht|angerufen|gesprochen|geschickt|geschrieben|ermahnt"
        r"|abgemahnt|dokumentiert|gegeben|erreicht)\b",
        r"\b(?:gestern|heute|diese woche|letzte woche|vergangene woche|diesen monat|seit|derzeit"
        r"|aktuell)\b",
        r"\b(?:zweimal|dreimal|\d+ ?mal|mehrmals)\b",
        r"\bnicht (?:\S+ ){0,3}(?:erschienen|gekommen|ran|erreichbar)\b",
        r"\b(?:mio|mia|miei|mie|nostro|nostra|nostri|nostre) (?:\w+ )?(?:dipendent\w+"
        r"|collaborator\w+"
        r"|lavorator\w+|cassier\w+|squadra|team|negozio|personale|commess\w+)\b",
        r"\b(?:un|una|uno) (?:mio|mia|dei miei|delle mie)\b",
        r"\bho (?:già )?(?:provato|chiamato|parlato|dato|inviato|scritto|annotato|avvisato)\b",
        r"\bl'ho\b",
        r"\bnon (?:si (?:è )?presenta\w*|risponde|ha risposto|è venut\w|viene)\b",
        r"\b(?:ieri|oggi|questa settimana|la settimana scorsa|questo mese|il mese scorso"
        r"|attualmente"
        r"|in questo momento)\b",
        r"\bda (?:due|tre|quattro|\d+) (?:giorni|settimane|mesi)\b",
        r"\b(?:due|tre|quattro|\d+) volte\b",
        r"\bsenza risposta\b",
        # Portuguese
        r"\b(?:meu|minha|meus|minhas|nosso|nossa|nossos|nossas) (?:\w+ )?(?:funcionári\w+"
        r"|colaborador\w*|empregad\w+|equipe|equipa|loja|atendente\w*|vendedor\w*|operador\w*"
        r"|estagiári\w+|pessoal)\b",
        r"\b(?:um|uma) (?:dos meus|das minhas|dos nossos|das nossas)\b",
        r"\b(?:já )?(?:tentei|liguei|falei|mandei|enviei|escrevi|avisei|adverti|conversei)\b",
        r"\bnão (?:veio|apareceu|aparece|compareceu|atende|atendeu|responde|respondeu)\b",
        r"\b(?:ontem|hoje|esta semana|essa semana|semana passada|este mês|esse mês|mês passado"
        r"|desde|atualmente|neste momento)\b",
        r"\b(?:duas|três|quatro|\d+) vezes\b",
        # Dutch
        r"\b(?:mijn|onze|ons) (?:\w+ )?(?:medewerker\w*|werknemer\w*|collega\w*|kassière\w*"
        r"|caissière\w*|team|winkel|personeel|verkoper\w*|stagiair\w*)\b",
        r"\b(?:een|één) van (?:mijn|onze)\b",
        r"\bik heb (?:\S+ ){0,3}(?:geprobeerd|gebeld|gesproken|gestuurd|geschreven|gewaarschuwd"
        r"|gegeven|bereikt|gemaild)\b",
        r"\b(?:gisteren|vandaag|deze week|vorige week|deze maand|vorige maand|sinds|momenteel)\b",
        r"\b(?:twee|drie|vier|\d+) keer\b",
        r"\bniet (?:\S+ ){0,2}(?:komen opdagen|opgedaagd|gekomen|bereikbaar)\b",
        # Polish
        r"\b(?:mój|moja|moje|moi|mojego|mojej|nasz|nasza|nasze|nasi|naszego|naszej) (?:\w+ )?"
        r"(?:pracownik\w*|pracownic\w*|kasjer\w*|sprzedaw\w*|zespół|zespole|ekip\w*|sklep\w*"
        r"|podwładn\w*|stażyst\w*|personel\w*)\b",
        r"\b(?:jeden|jedna) z (?:moich|naszych)\b",
        r"\b(?:dzwoniłe[mś]|dzwoniłam|rozmawiałe[mś]|rozmawiałam|pisałe[mś]|pisałam|wysłałe[mś]"
        r"|wysłałam|próbowałe[mś]|próbowałam|upomniałe[mś]|upomniałam|ostrzegałe[mś]"
        r"|ostrzegałam)\b",
        r"\bnie (?:przyszedł|przyszła|przychodzi|pojawił|pojawiła|pojawia|stawił|stawiła|odbiera"
        r"|odpowiada|odpisuje)\b",
        r"\b(?:wczoraj|dzisiaj|dziś|w tym tygodniu|w zeszłym tygodniu|w tym miesiącu"
        r"|w zeszłym miesiącu|obecnie)\b",
        r"\bod (?:\d+|dwóch|trzech|czterech|kilku) (?:dni|tygodni|zmian)\b",
        r"\b(?:dwa|trzy|cztery|pięć|\d+) razy\b",
    )
)

# The same in Chinese and Japanese, which have no spaces and so no word edges to start from.
ACTIVE_SITUATION_UNSPACED = re.compile(
    r"部下|うちの(?:スタッフ|従業員|社員|バイト|パート)|私の(?:スタッフ|従業員|社員)|従業員が|スタッフが"
    r"|昨日|今日|今週|先週|今月|先月|\d+回|[二三四五六七八九十]回|電話しました|話しました|連絡しました"
    r"|我的(?:员工|下属|店员|同事|收银员)|我们店|员工|下属|店员|昨天|今天|这周|这个星期|上周"
    r"|本月|这个月|上个月|\d+次|[两三四五六七八九十]次|打过电话|谈过|联系过|一直没来"
)

# ERA speaking in general terms ("in general, you'd ..."): policy explanation, not a plan.
GENERIC_ADVICE = compile_phrases(
    (
        r"\bin general\b",
        r"\bgenerally\b",
        r"\btypically\b",
        r"\busually\b",
        r"\bas a (?:general )?rule\b",
        r"\bin most cases\b",
        r"\bbest practice\b",
        r"\bthe (?:usual|standard|typical|normal) (?:approach|process|procedure|practice|step)\b",
        r"\bmost (?:managers|companies|employers)\b",
        r"\bin (?:that|such a|a) situation(?: like (?:this|that))?\b",
        r"\bin (?:such|these|those) (?:cases|situations)\b",
        r"\bin cases like (?:this|that)\b",
        r"\bthe usual first step\b",
        r"\bin principle\b",
        r"\ben général\b",
        r"\bgénéralement\b",
        r"\ben règle générale\b",
        r"\bhabituellement\b",
        r"\bd'habitude\b",
        r"\bnormalement\b",
        r"\bdans la plupart des cas\b",
        r"\ben principe\b",
        r"\ben general\b",
        r"\bpor lo general\b",
        r"\bgeneralmente\b",
        r"\bnormalmente\b",
        r"\bhabitualmente\b",
        r"\bcomo (?:norma|regla) general\b",
        r"\ben la mayoría de los casos\b",
        r"\ben principio\b",
        r"\bim allgemeinen\b",
        r"\bgenerell\b",
        r"\bgrundsätzlich\b",
        r"\bnormalerweise\b",
        r"\bin der regel\b",
        r"\büblicherweise\b",
        r"\btypischerweise\b",
        r"\bprinzipiell\b",
        r"\bin generale\b",
        r"\bdi solito\b",
        r"\bsolitamente\b",
        r"\bdi norma\b",
        r"\bin genere\b",
        r"\bin linea di massima\b",
        r"\bnella maggior parte dei casi\b",
        r"\bin het algemeen\b",
        r"\bdoorgaans\b",
        r"\bgewoonlijk\b",
        r"\bnormaal gesproken\b",
        r"\bin de meeste gevallen\b",
        r"\bem geral\b",
        r"\bde (?:um modo|uma forma) geral\b",
        r"\bregra geral\b",
        r"\bpor norma\b",
        r"\bem princípio\b",
        r"\bna maioria dos casos\b",
        r"\bco do zasady\b",
        r"\bzazwyczaj\b",
        r"\bna ogół\b",
        r"\bz reguły\b",
        r"\bogólnie\b",
        r"\bw większości przypadków\b",
        r"\bw takich (?:sytuacjach|przypadkach)\b",
    )
)

# Words that turn a recommendation into advice against it, in the few words before it.
NEGATION = compile_phrases(
    (
        r"\b(?:don't|do not|doesn't|does not|not|never|no need|avoid|wouldn't|would not|shouldn't"
        r"|should not|won't|will not|can't|cannot|instead of|rather than|hold off|too early to"
        r"|too soon to|without|no reason to|refrain from|neither|nor)\b",
        r"\b(?:ne|pas|jamais|inutile|évitez|éviter|sans|plutôt que|au lieu de|trop tôt pour)\b",
        r"\bn'",
        r"\b(?:no|nunca|evite|evitar|sin|en lugar de|en vez de|todavía no|aún no|ni)\b",
        r"\b(?:nicht|kein|keine|keinen|keiner|nie|niemals|ohne|statt|anstatt|vermeiden)\b",
        r"\b(?:non|mai|eviti|evitare|senza|invece di|anziché|piuttosto che|né)\b",
        r"\b(?:niet|geen|nooit|zonder|in plaats van|vermijd)\b",
        r"\b(?:não|nunca|jamais|nem|sem|evite|evitar|em vez de|em lugar de|ao invés de"
        r"|ainda não)\b",
        r"\b(?:nie|nigdy|bez|zamiast|unikaj|unikać|ani|za wcześnie na|nie ma potrzeby)\b",
    )
)

# The same in Chinese, found inside the text (no spaces, so no word edges): "不要", "请勿",
# "而不是"; "不要忘记" and "不要犹豫" encourage the action.
NEGATION_UNSPACED = re.compile(
    r"不要(?!忘|犹豫)|不用|不必|无需|不需要|没必要|切勿|请勿|而不是|而非|避免|先不|暂不|暂时不|不宜"
)

# Idioms that contain a negation word but encourage the action.
POSITIVE_IDIOMS = compile_phrases(
    (
        r"\bdon't hesitate to\b",
        r"\b(?:don't|do not) forget to\b",
        r"\bn'oubliez pas d(?:e\b|')",
        r"\bno (?:se )?olvide (?:de )?",
        r"\bvergessen sie nicht\b",
        r"\bnon (?:si )?dimentichi (?:di\b)?",
        r"\bdo not hesitate to\b",
        r"\bnot only\b",
        r"\bnot just\b",
        r"\bwhy not\b",
        r"\bwhy don't you\b",
        r"\bpourquoi ne pas\b",
        r"\bpor qué no\b",
        r"\bwarum nicht\b",
        r"\bperché non\b",
        r"\bno matter\b",
        r"\bn'hésitez pas à\b",
        r"\bpas seulement\b",
        r"\bno dude en\b",
        r"\bno solo\b",
        r"\bzögern sie nicht\b",
        r"\bnicht nur\b",
        r"\bnon esiti a\b",
        r"\bnon solo\b",
        r"\baarzel niet\b",
        r"\bvergeet niet\b",
        r"\bniet alleen\b",
        r"\bnão hesite em\b",
        r"\bnão se esqueça de\b",
        r"\bnão (?:só|apenas)\b",
        r"\bporque não\b",
        r"\bpor que não\b",
        r"\bnie wahaj się\b",
        r"\bnie zapomnij\b",
        r"\bnie tylko\b",
        r"\bdlaczego nie\b",
        r"\bczemu nie\b",
    )
)

# Advice for later ("if it continues", "if they don't answer") or deferred until the manager has
# answered ("once I have this", "depending on your answers", "decide whether to"): not the step
# to take now.
CONTINGENCY = compile_phrases(
    (
        r"\bif (?:[\w']+ ){0,4}?(?:continues?|persists?|happens again|repeats?|gets worse"
        r"|(?:doesn't|don't|does not|do not|won't|can't|cannot|still don't|still doesn't"
        r"|still can't|aren't able to|are unable to|fail to) (?:improve|respond|answer|reply"
        r"|pick up|change|get back|turn up|show up|reach|contact|get hold|get through|get in touch"
        r"|hear back)|no (?:response|answer|reply|improvement|change)|fails?"
        r"|keeps? (?:happening|up))\b",
        r"\b(?:failing that|if that (?:fails|doesn't work|does not work))\b",
        r"\bshould (?:it|this|that|they|he|she) (?:continue|persist|happen again|repeat)\b",
        r"\bif nothing changes\b",
        r"\bin the future\b",
        r"\beventually\b",
        r"\bdown the line\b",
        r"\bnext time\b",
        r"\bif it comes to that\b",
        r"\bas a last resort\b",
        r"\bif (?:needed|necessary)\b",
        r"\blater\b(?! (?:today|this|tonight|on today))",
        r"\bonce (?:i|we) (?:have|know|hear|understand|get|see)\b",
        r"\bonce you(?:'ve| have)? (?:answered|told|confirmed|shared|let me know|replied)\b",
        r"\b(?:when|after|once) you (?:let me know|tell me|confirm|get back|answer|reply)\b",
        r"\bdepending on (?:your|the|their|what|how|whether|this|that)\b",
        r"\b(?:decide|choose|figure out|work out|consider) (?:whether|if|between)\b",
        r"\bwhether (?:or not )?to\b",
        r"\blet me know(?:,| and)",
        r"\bune fois que (?:j'aurai|nous aurons|vous aurez)\b",
        r"\b(?:selon|en fonction de) (?:vos|ses|leurs|ces) réponses\b",
        r"\bdécider s'il\b",
        r"\bdécider si\b",
        r"\bune vez que (?:tenga|sepa|me (?:diga|confirme))\b",
        r"\b(?:según|dependiendo de) (?:sus|tus|las) respuestas\b",
        r"\bdecidir si\b",
        r"\bsobald (?:ich|sie)\b",
        r"\bje nachdem\b",
        r"\bentscheiden,? ob\b",
        r"\buna volta che (?:avrò|avremo|mi (?:dirà|avrà detto))\b",
        r"\b(?:in base alle|a seconda delle) (?:sue|tue) risposte\b",
        r"\bdecidere se\b",
        r"\byou can always\b",
        r"\bsi (?:[\w']+ ){0,3}?(?:continue|persiste|se reproduit|recommence|ne répond|ne change"
        r"|ne s'améliore|n'arrivez pas|ne parvenez pas|ne le joignez pas|n'obtenez pas)",
        r"\ben cas de (?:récidive|non-réponse)\b",
        r"\bà l'avenir\b",
        r"\bplus tard\b",
        r"\bsi (?:nécessaire|besoin)\b",
        r"\bau besoin\b",
        r"\ben dernier recours\b",
        r"\bsi (?:[\w']+ ){0,3}?(?:contin[uú]a|persiste|se repite|no responde|no contesta|no cambia"
        r"|no mejora|no logra|no consigue|no puede (?:contactar|localizar))",
        r"\ben caso de reincidencia\b",
        r"\ben el futuro\b",
        r"\bmás adelante\b",
        r"\bsi (?:es necesario|hace falta)\b",
        r"\bcomo último recurso\b",
        r"\b(?:wenn|falls|sollte) (?:\S+ ){0,4}?(?:wiederholt|fortsetzt|anhält|weitergeht"
        r"|nicht (?:bessert|ändert|meldet|reagiert|erreichen|erreichbar|zurückruft))",
        r"\bim wiederholungsfall\b",
        r"\bkünftig\b",
        r"\bzukünftig\b",
        r"\bspäter\b",
        r"\bbei bedarf\b",
        r"\bnotfalls\b",
        r"\bfalls nötig\b",
        r"\bals letztes mittel\b",
        r"\bse (?:[\w']+ ){0,3}?(?:continua|persiste|si ripete|non risponde|non cambia|non migliora"
        r"|dovesse|non riesce)",
        r"\bin caso di (?:recidiva|mancata risposta)\b",
        r"\bin futuro\b",
        r"\bpiù avanti\b",
        r"\bse (?:necessario|serve)\b",
        r"\bcome ultima risorsa\b",
        r"\b(?:als|wanneer|indien|mocht|mochten|blijft|blijven) (?:\S+ ){0,5}?(?:doorgaat|doorgaan"
        r"|aanhoudt|herhaalt|niet verbetert|niet reageert|niet opneemt|niet bereikt|niet bereiken)",
        r"\bin de toekomst\b",
        r"\bzo nodig\b",
        r"\bindien nodig\b",
        r"\bals laatste redmiddel\b",
        r"\bzodra (?:ik|u)\b",
        r"\bafhankelijk van (?:uw|de|het|wat|hoe)\b",
        r"\bse (?:[\w']+ ){0,3}?(?:continuar|continuarem|persistir|persistirem|se repetir"
        r"|se repetirem|voltar a acontecer|não (?:responder|atender|melhorar|mudar|conseguir))",
        r"\bcaso (?:[\w']+ ){0,3}?(?:continue|continuem|persista|persistam|se repita)",
        r"\bem caso de reincidência\b",
        r"\bno futuro\b",
        r"\bmais (?:tarde|adiante)\b",
        r"\bse (?:necessário|for necessário|for preciso)\b",
        r"\b(?:como|em) último (?:recurso|caso)\b",
        r"\b(?:consoante|dependendo d)[ao]s (?:suas )?respostas\b",
        r"\b(?:jeśli|jeżeli|gdyby|gdy|kiedy) (?:\S+ ){0,4}?(?:(?:będ\w+ )?się (?:powtarza\w*"
        r"|powtórz\w*|utrzymywa\w*|utrzyma\w*)|powtarza\w*|powtórz\w*|będ\w+ trwa\w*"
        r"|(?:nadal|dalej) (?:\S+ )?(?:trwa\w*|spóźnia\w*|nie)|nie (?:popraw\w*|zmieni\w*"
        r"|odpowi\w*|odbier\w*|uda\w*|odezw\w*))",
        r"\bw przyszłości\b",
        r"\bpóźniej\b",
        r"\bw razie potrzeby\b",
        r"\bjeśli (?:to )?(?:będzie )?(?:potrzebne|konieczne)\b",
        r"\bw ostateczności\b",
        r"\bw razie powtórzenia\b",
        r"\bnastępnym razem\b",
        r"\bgdy tylko (?:poznam|dowiem się|odpowiesz|potwierdzisz)\b",
        r"\bw zależności od (?:twoich|odpowiedzi|tego)\b",
        r"\bzdecydować,? czy\b",
    )
)

# The same in Chinese, found inside the text: "如果…仍然继续", "届时", "必要时".
CONTINGENCY_UNSPACED = re.compile(
    r"如果|假如|倘若|万一|一旦|若(?!干)|要是|届时|到时|将来|下次|必要时|如有需要|作为最后手段"
)

# Where a clause ends, for the negation and contingency windows (full-width marks too: "，。；").
CLAUSE_BREAK = re.compile(
    r"[,;:.!?？؟¿¡—–()\n，。；：！（）]|\s-\s|\b(?:but|and|then|so|mais|et|puis|donc|pero|y|luego|aber|und"
    r"|dann|ma|e|poi|quindi|mas)\b"
)

SELF_REFERENCE = compile_phrases(SELF_FRAGMENTS)
CLOSING = re.compile(
    r"^(?:(?:so|ok|okay|great|alors|bon|entonces|bien|also|gut|allora|bene)[,\s]+)?"
    r"(?:" + "|".join(CLOSING_FRAGMENTS) + r")\b"
    # At most one more word ("does that sound good to you?", "sound good, Maria?"): "ok, did
    # they call in?" is a question, not a closing check.
    r"(?:[ ,]+(?:for you|to you|with you|for now|so far|[\w'-]+))?[\s!.?？؟]*$"
)
INFO_REQUEST = compile_phrases(INFO_REQUEST_FRAGMENTS)
