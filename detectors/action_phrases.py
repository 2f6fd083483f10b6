"""The phrases by which ERA recommends a call or an email, in nine languages, plus the legacy lists.

The context-aware patterns describe the language rather than list sentences: a scheduling verb,
up to three words, then a meeting noun ("schedule a short follow-up call", "planifiez un
entretien", "programar una llamada", "ein Gespräch ... vereinbaren", "fissare un colloquio",
"een gesprek ... inplannen", "marcar uma reunião"); a sending or drafting verb, then a mail
noun; a recommending verb, then either noun ("I recommend a written warning"); and the direct
forms ("call the employee", "llámelo", "rufen Sie ihn ... an"). Chinese and Japanese, written
without spaces, have their phrases among the infixes ("为您安排与Bob的这次通话", "通話を予約").
They run on normalised text (lower case, straight apostrophes); `CALENDAR_NAMED` runs on the
original text, because only capitals tell "call Tom" from "call the shots". The legacy lists are
the old keyword-only method, kept word for word for comparison.
"""

from __future__ import annotations

# Up to four words between a verb and its noun ("them a quick 15-minute", "l'", "un'"), after an
# optional "each of them".
# A gap never crosses a word that starts another phrase: "get HR's advice before the meeting"
# recommends no meeting.
_GAP = (
    r"(?:(?:each|both|all)\s+of\s+them\s+)?(?:(?!(?:before|after|during|about|until|since|because"
    r"|if|when|while|than|from|without|what|how|why|avant|après|pendant|depuis|parce|quand|sans"
    r"|antes|después|durante|desde|porque|cuando|sin|bevor|nach|während|seit|weil|wenn|ohne"
    r"|prima|dopo|perché|quando|senza|depois|enquanto|sem)\b)(?:[\w'-]+\s+|\w+')){0,4}?"
)
_PERSON = (
    r"(?:him|her|them|(?:the|your|this|that)\s+(?:[\w-]+\s+)?(?:employee|worker|staff\s+member"
    r"|team\s+member|associate|cashier|colleague|individual|person|report|staffer|clerk|server"
    r"|driver|nurse|agent))"
)

_EN_RECOMMEND = (
    r"\b(?:recommend\w*|suggest\w*|propos\w*|advis\w*|next\s+step\s+(?:is|would\s+be)|time\s+for"
    r"|worth)\s+"
)
_EN_CAL_NOUN = (
    r"(?:call|phone\s+call|meeting|1:1|one[- ](?:on|to)[- ]one|1-on-1|check[- ]in|catch[- ]up"
    r"|conversation|chat|sit[- ]down|appointment|calendar\s+invite|invite|invitation|time\s+to"
    r"\s+(?:talk|meet|speak)|hearing)\b(?!\s+(?:notes?|summary|minutes|records?|log|recording"
    r"|history|transcript|e-?mail|letter)\b)"
)
_EN_MAIL_NOUN = (
    r"(?:e-?mails?|letter|written\s+warning|warning\s+letter|formal\s+warning)\b"
    r"(?!\s+(?:address|addresses|thread|history|account|inbox)\b)"
)
_FR_CAL_NOUN = (
    r"(?:appels?|entretien|réunion|rendez-vous|rdv|point|échange|entrevue|visio\w*|créneau"
    r"|tête-à-tête)\b"
)
_FR_MAIL_NOUN = r"(?:e-?mail|mail|courriel|message|lettre|courrier|avertissement)\b"
_ES_CAL_NOUN = r"(?:llamada|reunión|cita|entrevista|conversación|videollamada|encuentro)\b"
_ES_MAIL_NOUN = (
    r"(?:correo|e-?mail|mensaje|carta|amonestación|advertencia\s+(?:por\s+)?escrita"
    r"|aviso\s+por\s+escrito)\b"
)
_DE_CAL_STEM = r"(?:gespräch|telefonat|termin|anruf|meeting|besprechung|treffen|rückruf)\w*"
_DE_CAL_NOUN = r"\w*" + _DE_CAL_STEM
_DE_CAL_VERB = (
    r"(?:vereinbaren|vereinbare|planen|anberaumen|ansetzen|einplanen|organisieren|buchen"
    r"|einrichten|festlegen|führen|abhalten|vorschlagen|ausmachen|verabreden|einladen|einzuladen"
    r"|laden)\b"
)
_DE_MAIL_STEM = r"(?:e-mail|email|mail|nachricht|brief|abmahnung|verwarnung)\b"
# "mit der Mitarbeiterin oder dem Mitarbeiter", "an die Mitarbeiterin oder den Mitarbeiter": the
# advice's words for an employee not named (two Bobs, or nobody) are one person, not five words
# between the noun and its verb.
_DE_EITHER = (r"(?:(?:mit|an|für)\s+(?:der|die|dem|den|einer|einem|einen)\s+\S+\s+oder"
              r"\s+(?:der|die|dem|den|einer|einem|einen)\s+\S+\s+)?")
_DE_MAIL_NOUN = r"(?:\w+-)?" + _DE_MAIL_STEM
_DE_MAIL_VERB = (
    r"(?:senden|schicken|verschicken|versenden|schreiben|verfassen|entwerfen|entwerfe|aufsetzen"
    r"|formulieren|erteilen|aussprechen|zukommen\s+lassen)\b"
)
_IT_CAL_NOUN = (
    r"(?:chiamata|telefonata|riunione|incontro|colloquio|appuntamento|videochiamata|call)\b"
)
_IT_MAIL_NOUN = (
    r"(?:e-?mail|mail|messaggio|lettera|richiamo\s+scritto|ammonimento\s+scritto"
    r"|comunicazione\s+scritta)\b"
)
_PT_CAL_NOUN = (
    r"(?:chamada|chamadas|telefonema|reunião|reuniões|conversa|conversas|entrevista|encontro"
    r"|videochamada|ponto\s+de\s+situação)\b"
)
_PT_MAIL_NOUN = (
    r"(?:e-?mail|mensagem|carta|advertência\s+por\s+escrito|advertência\s+escrita)\b"
    r"(?!\s+(?:de\s+)?(?:endereço|morada))"
)
# Polish: nouns declined ("rozmowę", "spotkania", "e-mailem"); a gap never crosses "po", "przed",
# "jeśli" ...: "zapisuj po rozmowie" books nothing.
_PL_GAP = (
    r"(?:(?!(?:po|przed|podczas|bez|jeśli|jeżeli|gdy|gdyby|kiedy|zanim|żeby|aby|niż|o|od)\b)"
    r"\S+\s+){0,7}?"
)
_PL_CAL_NOUN = (
    r"(?:rozmow[aęyie]|rozmów|spotkani[aeu]|spotkań|wideorozmow\w*|połączeni[aeu])\b"
    r"(?!\s+(?:z\s+działem\s+hr|z\s+hr))"
)
_PL_MAIL_NOUN = (
    r"(?:e-?mail(?:a|em|u|e|i)?|mail(?:a|em|u)?|wiadomoś(?:ć|ci)|list(?:u|em)?"
    r"|pisemn(?:e|ego|ym)\s+upomnieni(?:e|a|em)|upomnieni(?:e|a|em)\s+na\s+piśmie)\b"
    r"(?!\s+(?:adres\w*|skrzynk\w*))"
)
_WORDS_5 = r"(?:\S+\s+){0,5}?"
# Dutch: compounds ("exitgesprek", "één-op-ééngesprek", "bevestigingsmail") and the verb last
# ("een gesprek met Bob in te plannen") as in German. "Afspraken" (agreements) and "overleg" (also
# a verb: "overleg met HR") are no meetings; a gap never crosses "tot", "na", "van" ...: "regel tot
# dat gesprek vervanging" books nothing.
_NL_GAP = (
    r"(?:(?!(?:tot|na|nadat|voordat|sinds|tijdens|zonder|omdat|als|wanneer|over|van|dan)\b)"
    r"\S+\s+){0,5}?"
)
_NL_CAL_STEM = (
    r"(?:gesprek(?:ken)?|afspraak|telefoontje|belafspraak|bespreking|meeting|videocall)\b"
)
_NL_CAL_NOUN = r"[\w-]*" + _NL_CAL_STEM
_NL_CAL_VERB = (
    r"(?:in\s+te\s+plannen|inplannen|te\s+plannen|plannen|te\s+organiseren|organiseren"
    r"|te\s+regelen|regelen|te\s+beleggen|beleggen|te\s+voeren|voeren|te\s+boeken|boeken"
    r"|af\s+te\s+spreken|afspreken|vast\s+te\s+leggen|vastleggen)\b"
)
_NL_MAIL_STEM = r"(?:e-?mail|mail|brief|schriftelijke\s+waarschuwing)\b"
_NL_MAIL_NOUN = r"(?:[\w-]*mail|brief|waarschuwingsbrief|schriftelijke\s+waarschuwing)\b"
_NL_MAIL_VERB = (
    r"(?:op\s+te\s+stellen|opstellen|te\s+sturen|sturen|te\s+versturen|versturen|op\s+te\s+sturen"
    r"|opsturen|te\s+schrijven|schrijven|te\s+geven|geven)\b"
)
# Chinese: up to sixteen characters between a verb and its noun, never across punctuation
# ("安排一次简短的一对一通话", "起草一封确认收到Sophie辞职的邮件").
_ZH_GAP = r"[^，。；：！？、,.;:!?\n]{0,16}?"
_ZH_CAL_NOUN = r"(?:通话|电话|面谈|谈话|会谈|会议|会面|一对一|沟通)"
_ZH_MAIL_NOUN = r"(?:电子邮件|邮件|书面警告|警告信|信函|确认信)"
# Japanese has no spaces: its phrases are found inside the text, as the German compounds are,
# and only in a sentence with no condition before them ("遅刻が続く場合、..." is for later). The
# noun comes first, then within a few characters the verb in an affirmative form: an offer, a
# piece of advice or a request ("通話を予約できます", "面談を設定することをおすすめします",
# "メールで送ってください"); "設定しないでください", "予約できません" and "設定することは
# おすすめしません" do not match.
_JA_SENTENCE = (
    r"(?:^|(?<=[\n。]))(?:(?!場合|ようなら|ようであれば|続けば|今後|次回|後日|必要に応じて)"
    r"[^\n。])*?"
)
_JA_DO = (
    r"(?:(?:いたし|し|でき)ま(?:す|しょう)|(?:すること)?を?(?:おすすめ|お勧め|推奨)"
    r"(?!しません|できません|しない)|して(?:ください|おきます))"
)
_JA_CAL_NOUN = r"(?:通話|面談|ミーティング|打ち合わせ|話し合い|1on1|1対1)"
_JA_CAL_ACT = (
    r"(?:(?:予約|設定|手配|調整|セット)"
    + _JA_DO
    + r"|設け(?:ます|ましょう|てください|ることを(?:おすすめ|お勧め)(?!しません|できません)))"
)
_JA_MAIL_NOUN = r"(?:メール|書面による警告|警告書|警告文)"
_JA_MAIL_ACT = (
    r"(?:(?:作成|下書き|起案|送信|送付|用意|準備)"
    + _JA_DO
    + r"|送(?:ります|りましょう|ってください|ることを(?:おすすめ|お勧め)(?!しません|できません))"
    r"|お送りします)"
)

CALENDAR_PATTERNS = (
    # English
    r"\b(?:schedul(?:e|ing)|set(?:ting)?\s+up|arrang(?:e|ing)|book(?:ing)?|organi[sz](?:e|ing)"
    r"|plan(?:ning)?|line\s+up|fix)\s+" + _GAP + _EN_CAL_NOUN,
    r"\b(?:have|hold|having|holding)\s+(?:a|an)\s+(?:[\w'-]+\s+){0,2}?"
    + _EN_CAL_NOUN
    + r"\s+with\b",
    r"\bget(?:ting)?\s+(?:(?:him|her|them)\s+)?(?:in\s+for|on)\s+(?:a\s+)?(?:[\w'-]+\s+)?(?:call"
    r"|meeting|chat)\b",
    r"\bget(?:ting)?\s+(?:a|the)\s+(?:[\w'-]+\s+)?(?:call|meeting|one-on-one|check-in|chat)\s+"
    r"(?:booked|scheduled|set\s+up|arranged|in\s+the\s+(?:diary|calendar))\b",
    r"\bsend(?:ing)?\s+" + _GAP + r"(?:calendar\s+|meeting\s+)?invit(?:e|ation)\b",
    _EN_RECOMMEND + r"(?:[\w'-]+\s+){0,3}?" + _EN_CAL_NOUN,
    r"\b(?:call|phone|ring|telephone)(?:ing)?\s+(?:back\s+)?" + _PERSON + r"\b",
    r"\bgiv(?:e|ing)\s+" + _PERSON + r"\s+a\s+(?:quick\s+|brief\s+|short\s+)?(?:call|ring|buzz"
    r"|phone\s+call)\b",
    r"\bmeet\s+(?:with\s+)?" + _PERSON + r"\b",
    r"\b(?:talk|speak|touch\s+base|check\s+in|follow\s+up|connect)\s+(?:to|with)\s+"
    + _PERSON
    + r"\s+(?:\w+\s+)?(?:in\s+person"
    r"|face[- ]to[- ]face|by\s+phone|on\s+the\s+phone|over\s+the\s+phone|one[- ]on[- ]one"
    r"|privately)\b",
    r"\b(?:check|look\s+at)\s+your\s+calendar\b",
    r"\b(?:put|get|pop|add|book|pencil)\s+(?:[\w'-]+\s+){0,3}?in(?:to)?\s+(?:your|the|their|my)"
    r"\s+(?:diary|calendar|agenda)\b",
    r"\bblock\s+(?:out\s+)?(?:some\s+)?time\b",
    r"\bfind\s+(?:a\s+|an\s+|some\s+)?(?:available\s+|free\s+|good\s+)?(?:time|times|slot"
    r"|slots)\b",
    r"\b(?:reach(?:ing)?\s+out|contact(?:ing)?|talk(?:ing)?|speak(?:ing)?|follow(?:ing)?\s+up"
    r"|touch(?:ing)?\s+base|check(?:ing)?\s+in|get(?:ting)?\s+in\s+touch|get(?:ting)?\s+hold)\b"
    r"(?:\s+[\w'-]+|\s*[—–,]){0,6}?\s+(?:by|over\s+the|on\s+the|via)\s+(?:tele)?phone\b",
    r"\b(?:set(?:ting)?\s+up|arrang(?:e|ing)|book(?:ing)?|find|spend|schedul(?:e|ing)|block)\s+"
    r"(?:some\s+)?time\s+with\s+" + _PERSON + r"\b",
    r"\bif\s+(?:i|we)\s+(?:scheduled|booked|arranged|set\s+up|organi[sz]ed)\s+"
    + _GAP
    + _EN_CAL_NOUN,
    r"\b(?:le|la|les)\s+rencontrer\b",
    r"\bcontact[\w-]*\s+(?:\S+\s+){0,3}?(?:par|por)\s+téléphone\b",
    r"\bcontáct\w*\s+(?:\S+\s+){0,3}?por\s+teléfono\b",
    r"\b(?:kontaktieren|erreichen|sprechen|reden|melden)\w*\s+(?:\S+\s+){0,4}?(?:telefonisch"
    r"|persönlich)\b",
    r"\bcontatt\w*\s+(?:\S+\s+){0,3}?(?:telefonicamente|per\s+telefono)\b",
    r"\ba\s+(?:\w+\s+){0,2}?(?:phone|video|follow[- ]up|quick|short|brief|teams|welfare"
    r"|wellbeing|check[- ]in|return[- ]to[- ]work)\s+call\b",
    r"\b(?:i\s+can|i\s+could|i'll|i\s+will|let\s+me|shall\s+i|should\s+i|want\s+me\s+to"
    r"|like\s+me\s+to)\s+(?:go\s+ahead\s+and\s+)?(?:schedule|book|arrange|set\s+(?:it|that|this"
    r"|one)\s+up)\b",
    # French
    r"\b(?:planifi\w*|programm\w*|organis\w*|prévo\w*|prévoi\w*|fix(?:er|ez|e|ons)|cal(?:er|ez"
    r"|e|ons)|réserv\w*|bloqu\w*|prendre|prenez|prenons|convoqu\w*|propos(?:er|ez|e|ons))"
    r"(?:-(?:lui|leur|le|la|les|vous))?\s+" + _GAP + _FR_CAL_NOUN,
    r"\bmett\w*\s+en\s+place\s+" + _GAP + _FR_CAL_NOUN,
    r"\b(?:recommand|conseill|suggèr|suggér)\w*\s+(?:[\w'-]+\s+|\w+'){0,4}?" + _FR_CAL_NOUN,
    r"\b(?:prochaine\s+étape|étape\s+suivante)\s+(?:est|serait)\s+" + _GAP + _FR_CAL_NOUN,
    r"\bappel(?:er|ez|ons)\s+(?:l'|le\s+|la\s+|votre\s+|cet\s+|cette\s+)(?:\w+\s+)?(?:employé"
    r"|salarié|collaborat|agent|personne|vendeu|caissi)\w*",
    r"\b(?:l'|le\s+|la\s+|les\s+)appel(?:er|ez|erai|erais|erez)\b",
    r"\bappel(?:ez|ons)-(?:le|la|les|lui)\b",
    r"\b(?:lui|leur)\s+téléphon\w*|\btéléphon\w*\s+à\s+(?:l'|votre|cet|cette)",
    r"\bpass(?:er|ez)(?:-lui|-leur)?\s+(?:un\s+)?(?:coup\s+de\s+(?:fil|téléphone)|appel)\b",
    r"\b(?:rencontrer|rencontrez)\s+(?:l'|le\s+|la\s+|votre\s+)?(?:employé|salarié|collaborat)",
    r"\b(?:vérifi|consult)\w*\s+votre\s+agenda\b",
    # Spanish
    r"\b(?:programar|programe|programo|programemos|agendar|agende|agendo|organizar|organice"
    r"|organizo|concertar|concierte|concierto|fijar|fije|fijo|coordinar|coordine|coordino"
    r"|planificar|planifique|reservar|reserve|reservo|convocar|convoque|hacer|haga|hago|acordar"
    r"|acuerde|tener|tenga|citar|cite|citarl|cítel|cítal)\w*\s+" + _GAP + _ES_CAL_NOUN,
    r"\b(?:recomiend|recomend|aconsej|sugier|suger|propon|propong)\w*\s+(?:[\w'-]+\s+){0,4}?"
    + _ES_CAL_NOUN,
    r"\b(?:siguiente|próximo)\s+paso\s+(?:es|sería)\s+" + _GAP + _ES_CAL_NOUN,
    r"\bllam(?:ar|e|en|emos)\s+(?:al|a\s+la|a\s+su)\s+(?:\w+\s+)?(?:empleado|empleada|trabajador"
    r"|trabajadora|colaborador|colaboradora|persona|cajer)\w*",
    r"\bll[aá]m(?:el[oae]s?|arl[oae]s?)\b",
    r"\b(?:lo|la|le)\s+llam(?:e|a|es|emos|aría|ará)\b",
    r"\bhabl(?:ar|e)\s+(?:con\s+(?:él|ella|el\s+empleado|la\s+empleada)\s+)?por\s+teléfono\b",
    r"\breun(?:irse|ase|irte)\s+con\s+(?:él|ella|ellos|el\s+empleado|la\s+empleada)\b",
    # German (the noun-first order is in CALENDAR_INFIXES)
    r"\b" + _DE_CAL_VERB + r"\s+" + _WORDS_5 + _DE_CAL_NOUN,
    r"\b(?:empfehl|empfiehl|rate|schlage)\w*\s+(?:\S+\s+){0,4}?(?:ein|einen|eine)\s+"
    + _DE_CAL_NOUN,
    r"\b(?:anrufen|anzurufen)\b",
    r"\bruf(?:en|e)\s+(?:sie\s+)?(?:\S+\s+){0,5}?an\b",
    r"\btelefonieren\s+sie\s+(?:\S+\s+){0,3}?mit\b|\bmit\s+(?:ihm|ihr|dem\s+mitarbeiter"
    r"|der\s+mitarbeiterin)\s+(?:\S+\s+){0,3}?telefonieren\b",
    # Italian
    r"\b(?:programm|fiss|organizz|pianific|prenot|concord|convoc|predispo|fare|faccia|faccio"
    r"|avere|abbia|invit)\w*\s+" + _GAP + _IT_CAL_NOUN,
    r"\b(?:consigli|raccomand|suggeris|suggerir|propon|propong)\w*\s+(?:[\w'-]+\s+|\w+'){0,4}?"
    + _IT_CAL_NOUN,
    r"\b(?:passo\s+successivo|prossimo\s+passo)\s+(?:è|sarebbe)\s+" + _GAP + _IT_CAL_NOUN,
    r"\bchiam(?:are|i|iamo)\s+(?:il|la|lo|l')\s*(?:\w+\s+)?(?:dipendente|collaborator\w+"
    r"|lavorator\w+|cassier\w+|persona)\b",
    r"\bchiam(?:arlo|arla|arli|alo|ala|atelo)\b",
    r"\b(?:lo|la|li|le)\s+chiami\b",
    r"\btelefon(?:argli|arle|are\s+a)\b|\b(?:gli|le)\s+telefoni\b",
    r"\bincontrar(?:lo|la|e\s+(?:il|la)\s+(?:dipendente|collaborator\w+))\b",
    # Dutch (the noun-first order is in CALENDAR_INFIXES)
    r"\b(?:plan|plannen|inplannen|organiseer|organiseren|beleg|beleggen|regel|regelen|boek"
    r"|boeken|prik|prikken)\s+" + _NL_GAP + _NL_CAL_NOUN,
    r"\b(?:maak|maken)\s+" + _NL_GAP + r"afspraak\b",
    r"\b(?:voer|voeren)\s+" + _NL_GAP + r"[\w-]*gesprek\b",
    r"\b(?:raad|adviseer|beveel|stel)\w*\s+(?:\S+\s+){0,4}?(?:een|het)\s+" + _NL_CAL_NOUN,
    r"\bik\s+kan\s+(?:\S+\s+){0,6}?(?:inplannen|in\s+de\s+agenda\s+zetten)\b",
    r"\bbel\s+(?:hem|haar|de\s+medewerker|uw\s+medewerker)\b",
    r"\b(?:hem|haar)\s+(?:op\s+te\s+bellen|opbellen|te\s+bellen|bellen)\b",
    # Portuguese
    r"\b(?:marcar|marque|marco|marquemos|agendar|agende|agendo|organizar|organize|organizo"
    r"|programar|programe|programo|combinar|combine|planear|planeie|reservar|reserve|reservo"
    r"|convocar|convoque|ter|tenha|fazer|faça|propor|proponha)(?:-(?:lhe|lhes))?\s+"
    + _GAP
    + _PT_CAL_NOUN,
    r"\b(?:recomend|aconselh|suger|sugir)\w*\s+(?:[\w'-]+\s+){0,4}?" + _PT_CAL_NOUN,
    r"\b(?:passo\s+seguinte|próximo\s+passo)\s+(?:é|será|seria)\s+" + _GAP + _PT_CAL_NOUN,
    r"\b(?:ligue|ligar|telefone|telefonar)(?:-lhe|\s+(?:ao|à|para\s+o|para\s+a)\s+(?:\w+\s+)?"
    r"(?:colaborador|colaboradora|funcionári\w+|trabalhador\w*|operador\w*|pessoa))\b",
    # Polish
    r"\b(?:umów|umówić|umówienie|umówię|umówmy|zaplanuj|zaplanować|zaplanowanie|zaplanuję"
    r"|zorganizuj|zorganizować|zorganizowanie|zorganizuję|zarezerwuj|zarezerwować|zarezerwuję"
    r"|wyznacz|wyznaczyć|przeprowadzić|przeprowadź|umawiaj|umawiać|organizuj|organizować"
    r"|planuj|planować)\s+" + _PL_GAP + _PL_CAL_NOUN,
    r"\b(?:zalecam|polecam|proponuję|sugeruję|radzę|rekomenduję)\s+(?:\S+\s+){0,6}?" + _PL_CAL_NOUN,
    r"\b(?:zadzwoń|zatelefonuj)\s+do\s+(?:niego|niej|nich|pracownik\w*|pracownic\w*"
    r"|tej\s+osoby)\b",
)

# German puts the verb last and builds compounds ("ein Einzelgespräch ... anzusetzen"): the noun
# is found inside its word, then the verb within five words. Chinese and Japanese, unspaced, are
# found the same way.
CALENDAR_INFIXES = (
    _DE_CAL_STEM + r"\s+" + _DE_EITHER + _WORDS_5 + r"(?:zu\s+)?" + _DE_CAL_VERB,
    _NL_CAL_STEM + r"\s+" + _WORDS_5 + _NL_CAL_VERB,
    # Chinese: "安排一次通话", "预约一次面谈", "建议…通个电话", "给他打个电话"
    r"(?:安排|预约|约定|约好|约个|约一次)" + _ZH_GAP + _ZH_CAL_NOUN,
    r"建议" + _ZH_GAP + r"(?:通话|通个电话|打个电话|面谈|一对一)",
    r"给" + _ZH_GAP + r"打(?:个|一个|一通|通)?电话",
    _JA_SENTENCE + _JA_CAL_NOUN + r"[^\n。]{0,15}?" + _JA_CAL_ACT,
)

# "call Tom", "give Maria a call": a capitalised name, matched on the original text.
CALENDAR_NAMED = (
    r"\b(?:[Cc]all|[Pp]hone|[Rr]ing)\s+(?!(?:HR|I|Monday|Tuesday|Wednesday|Thursday|Friday"
    r"|Saturday|Sunday|The|Them|Him|Her|It|This|That|Me|Us|Your)\b)[A-Z][a-zà-ÿ]+\b",
    r"\b[Gg]ive\s+[A-Z][a-zà-ÿ]+\s+a\s+(?:quick\s+)?(?:call|ring)\b",
    r"\ba\s+(?:\w+\s+){0,2}?(?:call|meeting|one-on-one|1:1|check-in|sit-down)\s+with\s+"
    r"(?!(?:HR|I)\b)[A-Z][a-zà-ÿ]+\b",
)

EMAIL_PATTERNS = (
    # English
    r"\b(?:send|sending|email|e-mail|draft(?:ing|s)?|writ(?:e|ing)|prepar(?:e|ing)|compos(?:e|ing)"
    r"|put(?:ting)?\s+together|fire\s+off|deliver(?:ing)?|give|giving"
    r"|(?:issu(?:e|ing)|drop|shoot)(?=\s+(?:him|her|them|a|an|the)\b))\s+" + _GAP + _EN_MAIL_NOUN,
    r"\bsend\s+(?:him|her|them|the\s+\w+)\s+a\s+(?:\w+\s+)?message\b",
    _EN_RECOMMEND + r"(?:[\w'-]+\s+){0,3}?" + _EN_MAIL_NOUN,
    r"\be-?mail(?:ing)?\s+" + _PERSON + r"\b",
    r"\be-?mail(?:ing)?\s+(?:it|this|that|the\s+\w+)\s+to\s+(?:him|her|them|the)\b",
    r"\be-?mail(?:ing)?\s+(?:hr|human\s+resources|payroll|your\s+(?:manager|boss|hr\s+\w+)"
    r"|their\s+(?:manager|supervisor))\b",
    r"\bwrit(?:e|ing)\s+to\s+(?:him|her|them|hr|the\s+(?:employee|worker|associate|cashier))\b",
    r"\bdrop\s+(?:him|her|them)\s+a\s+(?:quick\s+|short\s+)?(?:line|note|message)\b",
    r"\bif\s+(?:i|we)\s+(?:drafted|wrote|sent|prepared|composed)\s+" + _GAP + _EN_MAIL_NOUN,
    r"\b(?:send(?:ing)?|confirm(?:ing)?|follow(?:ing)?\s+up|notify(?:ing)?|inform(?:ing)?"
    r"|contact(?:ing)?|reach(?:ing)?\s+out|shar(?:e|ing)|communicat(?:e|ing)|put(?:ting)?"
    r"|issu(?:e|ing)|deliver(?:ing)?|let|get(?:ting)?\s+in\s+touch)\b(?:\s+[\w'-]+){0,4}?\s+"
    r"(?:by|via|through|over|per|with)\s+(?:an?\s+)?(?:\w+\s+)?e-?mail\b",
    r"\ban?\s+(?:\w+\s+){0,2}?(?:follow[- ]up|summary|written|formal|confirmation|warning)\s+"
    r"e-?mail\b",
    r"\ban\s+(?:\w+\s+)?e-?mail\s+(?:to\s+" + _PERSON + r"|documenting|summari[sz]ing|confirming"
    r"|outlining|recapping|setting\s+out|explaining)\b",
    r"\bput\s+(?:it|this|that|everything|things|the\s+\w+)\s+in\s+writing\b",
    r"\ban?\s+(?:\w+\s+)?e-?mail\s+(?:is|will|would|should)\s+(?:be\s+)?(?:enough|sufficient|fine"
    r"|best|do|suffice|the\s+(?:best|right))\b",
    r"\b(?:confirm|follow\s+up)\s+(?:it\s+|this\s+|that\s+)?in\s+writing\b",
    r"\bemail\s+template\b",
    r"\b(?:i\s+can|i\s+could|i'll|i\s+will|let\s+me|shall\s+i|should\s+i|want\s+me\s+to"
    r"|like\s+me\s+to)\s+(?:go\s+ahead\s+and\s+)?(?:draft|write|compose|send\s+(?:it|that|this"
    r"|one))\b",
    # French
    r"\b(?:envoy|envoi|rédig|écri|prépar|adress|transmet|fai(?:re|tes)\s+parvenir)[\w-]*\s+"
    + _GAP
    + _FR_MAIL_NOUN,
    r"\b(?:recommand|conseill|suggèr|suggér)\w*\s+(?:[\w'-]+\s+|\w+'){0,4}?(?:e-?mail|courriel"
    r"|lettre|avertissement\s+écrit)\b",
    r"\b(?:prochaine\s+étape|étape\s+suivante)\s+(?:est|serait)\s+"
    + _GAP
    + r"avertissement\s+écrit\b",
    r"\bavertissement\s+écrit\b.{0,40}?\b(?:par|via)\s+(?:e-?mail|courriel)\b",
    r"\b(?:confirm|envoy|transmet|communiqu|notifi)[\w-]*\s+(?:\S+\s+){0,4}?par\s+(?:e-?mail"
    r"|courriel|écrit)\b",
    r"\b(?:lui|leur)\s+écri(?:re|vez)\b",
    # Spanish
    r"\b(?:enviar|envíe|envie|envía|envío|mandar|mande|mándele|mando|redactar|redacte|redacto"
    r"|escribir|escriba|escríbale|escribo|preparar|prepare|preparo|remitir|remita)\w*\s+"
    + _GAP
    + _ES_MAIL_NOUN,
    r"\b(?:recomiend|recomend|aconsej|sugier|suger)\w*\s+(?:[\w'-]+\s+){0,4}?(?:correo|e-?mail"
    r"|carta|amonestación|advertencia\s+(?:por\s+)?escrita)\b",
    r"\b(?:confirm|envi|enví|comunic|notifi)\w*\s+(?:\S+\s+){0,4}?por\s+(?:correo|e-?mail"
    r"|escrito)\b",
    r"\bescr[ií]b(?:ale|irle|ele|eles|anle|irles)\b",
    r"\b(?:siguiente|próximo)\s+paso\s+(?:es|sería)\s+" + _GAP + r"(?:amonestación|advertencia"
    r"\s+(?:por\s+)?escrita)\b",
    # German (the noun-first order is in EMAIL_INFIXES)
    r"\b" + _DE_MAIL_VERB + r"\s+" + _WORDS_5 + _DE_MAIL_NOUN,
    r"\b(?:bestätig|schick|send|teil|informier)\w*\s+(?:\S+\s+){0,5}?(?:per\s+(?:e-)?mail"
    r"|schriftlich)\b",
    r"\bschreiben\s+sie\s+(?:ihm|ihr|ihnen|dem|der)\b",
    r"\b(?:empfehl|empfiehl|rate)\w*\s+(?:\S+\s+){0,4}?(?:eine\s+)?(?:schriftliche\s+)?(?:e-mail"
    r"|abmahnung)\b",
    # Italian
    r"\b(?:invi|mand|scriv|redig|prepar|inoltr|spedi)\w*\s+" + _GAP + _IT_MAIL_NOUN,
    r"\b(?:consigli|raccomand|suggeris|suggerir)\w*\s+(?:[\w'-]+\s+|\w+'){0,4}?(?:e-?mail"
    r"|lettera|richiamo\s+scritto)\b",
    r"\b(?:passo\s+successivo|prossimo\s+passo)\s+(?:è|sarebbe)\s+"
    + _GAP
    + r"(?:richiamo|ammonimento)\s+scritto\b",
    r"\b(?:confermi|invi|comunic|notific|inform)\w*\s+(?:\S+\s+){0,4}?(?:per|via|tramite)\s+"
    r"(?:e-?mail|iscritto)\b",
    r"\b(?:gli|le)\s+scriva\b|\bscriver(?:gli|le)\b",
    # Dutch (the noun-first order is in EMAIL_INFIXES)
    r"\b(?:stuur|sturen|verstuur|versturen|schrijf|schrijven|stel|geef|geven)\s+"
    + _NL_GAP
    + _NL_MAIL_NOUN,
    r"\b(?:raad|adviseer|beveel)\w*\s+(?:\S+\s+){0,4}?(?:e-?mail|brief"
    r"|schriftelijke\s+waarschuwing)\b",
    r"\b(?:bevestig|stuur|verstuur|informeer|laat)\w*\s+(?:\S+\s+){0,5}?(?:per|via)\s+"
    r"(?:e-?)?mail\b",
    r"\b(?:het|dit|dat)\s+schriftelijk\s+(?:vast\s+te\s+leggen|vastleggen|te\s+bevestigen"
    r"|bevestigen)\b",
    r"\bik\s+kan\s+(?:\S+\s+){0,6}?(?:opstellen|op\s+te\s+stellen|versturen)\b",
    r"\b(?:mail|e-mail)\s+(?:hem|haar|de\s+medewerker)\b",
    # Portuguese
    r"\b(?:enviar|envie|envio|mandar|mande|mando|redigir|redija|redijo|escrever|escreva|escrevo"
    r"|preparar|prepare|preparo|remeter|remeta)(?:-(?:lhe|lhes))?\s+" + _GAP + _PT_MAIL_NOUN,
    r"\b(?:recomend|aconselh|suger|sugir)\w*\s+(?:[\w'-]+\s+){0,4}?(?:e-?mail|carta"
    r"|advertência\s+(?:por\s+)?escrit[oa])\b",
    r"\b(?:passo\s+seguinte|próximo\s+passo)\s+(?:é|será|seria)\s+"
    + _GAP
    + r"advertência\s+(?:por\s+)?escrit[oa]\b",
    r"\b(?:confirm|envi|comunic|notifiqu|notific|inform)\w*(?:-(?:lhe|lhes|o|a))?\s+"
    r"(?:\S+\s+){0,4}?por\s+(?:e-?mail|escrito)\b",
    r"\bescrev(?:a|er)-lhes?\b",
    # Polish
    r"\b(?:wyślij|wysłać|wysłanie|wyślę|wyślijmy|napisz|napisać|napisanie|napiszę|przygotuj"
    r"|przygotować|przygotowanie|przygotuję|zredaguj|zredagować|sporządź|sporządzić|prześlij"
    r"|przesłać|prześlę|udziel|udzielić|wysyłaj|wysyłać|pisz|pisać)\s+" + _PL_GAP + _PL_MAIL_NOUN,
    r"\b(?:zalecam|polecam|proponuję|sugeruję|radzę|rekomenduję)\s+(?:\S+\s+){0,6}?"
    r"(?:e-?mail\w*|pisemn\w+\s+upomnieni\w*|upomnieni\w*\s+na\s+piśmie)",
    r"\b(?:następnym|kolejnym)\s+krokiem\s+(?:jest|będzie|byłoby)\s+"
    + _PL_GAP
    + r"(?:pisemn\w+\s+upomnieni\w*|upomnieni\w*\s+na\s+piśmie)",
    r"\b(?:potwierdź|potwierdzić|przekaż|przekazać|poinformuj|poinformować)\s+(?:\S+\s+){0,4}?"
    r"(?:e-?mailem|mailem|w\s+e-?mailu)\b",
)

EMAIL_INFIXES = (
    _DE_MAIL_STEM + r"\s+" + _DE_EITHER + _WORDS_5 + r"(?:zu\s+)?" + _DE_MAIL_VERB,
    _NL_MAIL_STEM + r"\s+" + _WORDS_5 + _NL_MAIL_VERB,
    # Chinese: "起草这封书面警告邮件", "发出一份书面警告", "给他发邮件", "建议…书面警告"
    r"(?:发送|发出|发一封|发封|寄出|寄送|起草|撰写|草拟|拟定|拟写|写一封|写封|写一份)"
    + _ZH_GAP
    + _ZH_MAIL_NOUN,
    r"发(?:个|封|一封|一份)?(?:电子)?邮件",
    r"建议" + _ZH_GAP + r"(?:书面警告|邮件|警告信)",
    _JA_SENTENCE + _JA_MAIL_NOUN + r"[^\n。]{0,20}?" + _JA_MAIL_ACT,
)

# The old keyword-only method, verbatim from the design note.
LEGACY_CALENDAR_KEYWORDS = (
    "schedule a call",
    "call the employee",
    "phone call",
    "schedule a meeting",
    "set up a call",
    "arrange a call",
    "would you like me to schedule",
    "i can schedule",
    "check your calendar",
    "find available times",
)
LEGACY_EMAIL_KEYWORDS = (
    "send an email",
    "email the employee",
    "written warning via email",
    "send a written",
    "email template",
    "would you like me to draft",
    "i can draft",
)
