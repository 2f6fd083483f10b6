"""The email preview's words around the draft, in any language.

The preview shows the draft (its subject and body are the letter, in the language it was
written in) between ERA's words: what was made ("Here's a draft of a reminder, from the
template"), who it goes to, and the closing question ("Shall I send it?") or, while blanks
wait, which to fill first. Kept as a `Formatted` value (`language.phrase`), the preview is said
again in the language of the manager's latest message with the draft unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from language.catalogue import say
from language.formatting import format_list, language_name


def email_preview(args: Sequence[Any], language: str | None) -> str:
    """The preview from its `args` (`preview_args`) as `language` says it."""
    made_id, name, email, subject, body, missing, letter, uses_ai, *rest = args
    text = say("email.preview", language, note="", made=say(str(made_id), language),
               name=name, email=email, subject=subject, body=body)
    copies = list(rest[0]) if rest else []
    if copies:
        # The Cc line goes under the To line: "To: Alice Martin (alice@…)\nCc: Bob Jones (…)".
        to_line = f"({email})\n"
        cc_line = say("email.preview_cc", language, names=", ".join(map(str, copies)))
        text = text.replace(to_line, f"{to_line}{cc_line}\n", 1)
    if not missing:
        return text
    # The placeholders to fill first replace the preview's closing question.
    closing = say("email.preview", language, note="", made="", name="", email="",
                  subject="", body="").rsplit("\n\n", 1)[-1]
    if text.endswith(closing):
        text = text[: len(text) - len(closing)]
    base = (language or "en").split("-")[0].lower()
    in_letter = bool(letter) and letter != base
    # In a letter in another language, the manager's own words are taken too.
    message = ("email.fill_first" if not in_letter
               else "email.fill_first_translated" if uses_ai
               else "email.fill_first_in_letter_language")
    return text + say(message, language, listed=format_list(list(missing), language),
                      first=missing[0],
                      language=language_name(str(letter), language) if in_letter else "")


def preview_args(
    made_id: str, name: str, email: str, subject: str, body: str, missing: Sequence[str],
    letter: str, uses_ai: bool, copies: Sequence[str] = (),
) -> tuple[Any, ...]:
    """What `email_preview` is said from, as plain JSON: the message id of what was made, the
    recipient, the draft, its unfilled blanks, the letter's language, whether the AI
    translates the manager's words, and who gets a copy ("Bob Jones (bob@…)")."""
    return (made_id, name, email, subject, body, list(missing), letter, uses_ai, list(copies))
