"""Words of the meeting flows: "the earliest" when times are offered or asked for, and "add
Chen" at a meeting's preview, in the ten languages ERA speaks.

`takes_earliest` is a reply that leaves the choice of time to ERA and asks for the first free
one ("first available", "the earliest", "as soon as possible", "le plus tôt possible",
"frühestmöglich", "いちばん早い時間"); at the list of times "any time" and "whenever" mean the
same (any of them will do, so the first). `adds_people` is a request to invite someone more to
the meeting being booked ("add Chen", "ajoutez Chen", "füge Chen hinzu", "チェンも追加して").
"""

from __future__ import annotations

import re

from core.text_fold import fold_text

# Matched on folded text (lower case, accents kept as typed by fold_text's rules).
_EARLIEST = re.compile(
    r"^\W*(?:"
    # en
    r"(?:the\s+)?(?:first|earliest|soonest|next)(?:\s+(?:one|time|slot))?\s+(?:available|free)"
    r"(?:\s+(?:one|time|slot))?"
    r"|(?:the\s+)?earliest(?:\s+(?:one|time|slot|possible|you\s+can|available))?"
    r"|(?:the\s+)?soonest(?:\s+(?:one|time|slot|possible))?"
    r"|asap|as\s+soon\s+as\s+(?:possible|you\s+can)"
    # fr
    r"|(?:le|la)\s+plus\s+t[oô]t(?:\s+possible)?|d[eè]s\s+que\s+possible|au\s+plus\s+t[oô]t"
    r"|(?:le\s+)?premier\s+(?:cr[eé]neau\s+)?(?:libre|disponible)"
    r"|(?:la\s+)?premi[eè]re\s+(?:disponibilit[eé]|heure\s+libre|date\s+libre)"
    # de
    r"|fr[uü]hestm[oö]glich|so\s+fr[uü]h\s+wie\s+m[oö]glich|so\s+bald\s+wie\s+m[oö]glich"
    r"|m[oö]glichst\s+(?:fr[uü]h|bald)|(?:der|die|den)?\s*(?:fr[uü]h(?:e)?ste(?:n)?)"
    r"(?:\s+(?:freie(?:n)?\s+)?(?:termin|zeit|slot))?|(?:der|den)?\s*erste(?:n)?\s+freie(?:n)?"
    r"(?:\s+(?:termin|zeit|slot))?"
    # es
    r"|lo\s+(?:m[aá]s\s+pronto|antes)\s+posible|cuanto\s+antes"
    r"|(?:el|la)\s+(?:primer[ao]?)\s+(?:hora\s+|hueco\s+)?(?:libre|disponible)"
    r"|(?:el|la)\s+m[aá]s\s+tempran[oa]"
    # it
    r"|(?:il\s+)?prima\s+possibile|(?:il\s+|la\s+)?prim[oa]\s+(?:orario\s+)?(?:libero|libera"
    r"|disponibile)|(?:il|la)\s+pi[uù]\s+presto(?:\s+possibile)?"
    # pt
    r"|o\s+mais\s+(?:cedo|r[aá]pido)\s+poss[ií]vel|(?:o|a)\s+mais\s+cedo"
    r"|(?:o|a)\s+primeir[oa]\s+(?:hor[aá]rio\s+)?(?:livre|dispon[ií]vel)"
    # nl
    r"|zo\s+snel\s+mogelijk|zo\s+vroeg\s+mogelijk|(?:de\s+)?vroegste(?:\s+tijd)?"
    r"|(?:de\s+|het\s+)?eerste\s+(?:vrije(?:\s+tijd|\s+moment)?|beschikbare(?:\s+tijd)?)"
    # pl
    r"|jak\s+najszybciej|jak\s+najwcze[sś]niej|najwcze[sś]niejszy(?:\s+termin)?"
    r"|pierwszy\s+wolny(?:\s+termin)?"
    # ja
    r"|(?:いちばん|一番|最も)?早い(?:時間|日時|とき|ほう)?(?:で|が)?(?:いい|良い|お願いします)?"
    r"|最短(?:で)?|できるだけ早く|なるべく早く|空いている一番早い時間"
    # zh
    r"|最早(?:的)?(?:时间|那个|那個|時間)?|越快越好|尽快|儘快|第一个空闲(?:时间)?"
    r")\W*$",
)

_ADD = re.compile(
    r"^\W*(?:"
    r"(?:please\s+)?(?:also\s+)?(?:add|include|invite)\b"  # en
    r"|(?:ajoute[rz]?|ajoutez|inclu(?:ez|s|re)|invite[rz]?)\b"  # fr
    r"|(?:f[uü]g(?:e|en)?|lade|nimm|nehmen)\b.*\b(?:hinzu|dazu|ein|mit)\b"  # de
    r"|(?:a[nñ]ad[ea]|a[nñ]adir|agreg[ae]|agregar|incluy[ae]|invit[ae])\b"  # es
    r"|(?:aggiungi|aggiunga|includi|includa|invita)\b"  # it
    r"|(?:adicion[ae]|acrescent[ae]|inclu[ai]|convid[ae])\b"  # pt
    r"|(?:voeg|nodig)\b.*\b(?:toe|uit)\b"  # nl
    r"|(?:dodaj|dopisz|zapro[sś])\b"  # pl
    r")",
)
# Japanese and Chinese say "add" after the name or anywhere in the sentence.
_ADD_UNSPACED = re.compile(r"追加|加えて|も呼んで|も招待|加上|添加|也叫上|也邀请|也邀請")


def takes_earliest(text: str) -> bool:
    """A reply asking for the first free time ("first available", "the earliest", "asap")."""
    return bool(_EARLIEST.match(fold_text(text).strip()))


def adds_people(text: str) -> bool:
    """A request to invite someone more to the meeting ("add Chen", "invite Alice too")."""
    folded = fold_text(text).strip()
    return bool(_ADD.match(folded) or _ADD_UNSPACED.search(folded))
