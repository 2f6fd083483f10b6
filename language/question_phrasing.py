"""How a waiting question is said again in the language of the person's latest message.

A question is asked in the turn's language; while it waits, the person may write in another
("welche Schicht?" to a French list). What the question is made of is kept with it as plain JSON
(`to_dict`): the language it was asked in, its text as a `Phrase`, and the phrases of its
options' labels and of its buttons' titles where they have one (a person's name or a draft's
subject reads the same in every language and has none). `reworded` gives the question, labels
and titles in the new language, each kept as first said where no phrase was kept (and all of
them when the stored form is unreadable or from an earlier release).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from core.choice_option import ChoiceOption
from language.phrase import Sayable, read_phrase, stored_phrase

logger = logging.getLogger(__name__)
# A question as said: its text, its options and its buttons (title, reply).
_Said = tuple[str, tuple[ChoiceOption, ...], tuple[tuple[str, str], ...]]


@dataclass(frozen=True)
class QuestionPhrasing:
    """The language a question was asked in and the phrases it was said from (a part without
    one reads the same in every language); option labels by option id."""

    language: str
    text: Sayable | None = None
    labels: Mapping[str, Sayable] = field(default_factory=dict)  # by option id
    buttons: tuple[Sayable | None, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready form, kept with the question in turn memory."""
        return {
            "language": self.language,
            "text": stored_phrase(self.text) if self.text else None,
            "labels": {option_id: stored_phrase(label) for option_id, label in self.labels.items()},
            "buttons": [stored_phrase(title) if title else None for title in self.buttons],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> QuestionPhrasing | None:
        """Rebuild from `to_dict` output; None for none or for a form this release cannot read
        (the question is then shown as it was first said)."""
        if not data:
            return None
        try:
            return cls(
                language=str(data["language"]),
                text=_phrase(data.get("text")),
                labels={str(option_id): read for option_id, label
                        in (data.get("labels") or {}).items()
                        if (read := _phrase(label)) is not None},
                buttons=tuple(_phrase(title) for title in data.get("buttons") or ()),
            )
        except (KeyError, TypeError, ValueError):
            logger.warning("a question's phrasing could not be read; it is shown as asked")
            return None

    def reworded(
        self,
        language: str,
        text: str,
        options: Sequence[ChoiceOption],
        buttons: Sequence[tuple[str, str]],
    ) -> _Said:
        """The question's `text`, `options` and `buttons` (title, reply) as said in `language`:
        unchanged in the language it was asked in."""
        if language == self.language:
            return text, tuple(options), tuple(buttons)
        try:
            return (
                self.text.said(language) if self.text else text,
                tuple(replace(option, label=self.labels[option.option_id].said(language))
                      if option.option_id in self.labels else option for option in options),
                tuple((self.buttons[i].said(language) if _has(self.buttons, i) else title,
                       reply) for i, (title, reply) in enumerate(buttons)),
            )
        except (KeyError, TypeError, ValueError):
            # A message a later release renamed: the question as first said still asks it.
            logger.warning("a question's phrasing could not be said; it is shown as asked")
            return text, tuple(options), tuple(buttons)


def _phrase(data: Any) -> Any:
    """A stored phrase or value (a plain text is no phrase: None)."""
    read = read_phrase(data) if data else None
    return None if isinstance(read, str) else read


def _has(phrases: tuple[Sayable | None, ...], index: int) -> bool:
    return index < len(phrases) and phrases[index] is not None

