"""Who a request to email is addressed to: the words before what it is about ("email alice and
bob jones | about the new rota", "écris à alice et chen | pour les remercier", "给爱丽丝和陈发邮件 |
说排班的事"), and whether they list several people together ("and", "et", "und", "y", "と",
"和", a comma). A name said after them ("email chen | that luca is his new mentor") is the
email's topic, never a recipient.

The words are the lexicons' (`email_topic_markers` and `list_joins` in each language's
interrupts.toml), every language's at once, matched on folded text as whole words.
"""

from __future__ import annotations

import re
from functools import cache

from core.text_fold import fold_text
from language.lexicon import interrupt_fragments, list_joins, whole_words

_COMMAS = r"[,，、&]"


@cache
def _topic_markers() -> re.Pattern[str]:
    return re.compile(whole_words(interrupt_fragments("email_topic_markers")))


def addressee_part(text: str) -> str:
    """The folded first line of a request up to what it says the email is about: "email
    alice and bob jones about the new rota" -> "email alice and bob jones"."""
    line = fold_text(text.split("\n", 1)[0])
    marker = _topic_markers().search(line)
    return line if marker is None else line[:marker.start()]


def after_topic(text: str) -> str:
    """The folded first line after what opens its topic, where a language may name the
    addressees after the topic ("ローテーションについて | アリスとチェンにメールして"); "" without
    a topic marker."""
    line = fold_text(text.split("\n", 1)[0])
    marker = _topic_markers().search(line)
    return "" if marker is None else line[marker.end():]


def lists_several(addressees: str) -> bool:
    """Whether the addressee part joins people into a list ("alice and bob", "alice et
    chen", "爱丽丝和陈", "alice, chen")."""
    return bool(re.search(_COMMAS, addressees)) or list_joins().search(addressees) is not None
