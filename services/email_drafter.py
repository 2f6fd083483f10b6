"""Drafts and revises the emails a manager sends an employee: from the templates in
prompts/email_templates/ (offline), or with the chat model (when one is configured).

The model writes only the subject and the body; the recipient comes from the directory and never
from its answer (header lines such as "To:" in an answer are dropped). The filled template is
given to the model as the starting point, so an AI draft keeps the same facts. Model failures
raise BackendError("llm", ...) for the dialog to fall back on the template and say so.
"""

from __future__ import annotations

import logging
from pathlib import Path

from core.email_draft import DraftFacts, EmailPurpose, fill_template, split_subject
from core.errors import BackendError, ConfigError
from core.llm_client import ChatMessage, LlmClient

logger = logging.getLogger(__name__)

TEMPLATES_DIR = Path(__file__).resolve().parent.parent / "prompts" / "email_templates"
_TEMPERATURE = 0.3
_MAX_TOKENS = 700

_SYSTEM = (
    "You write short, professional, plain-text workplace emails that a store manager sends to "
    "one of their employees. Be factual, clear and respectful. Use only the facts you are "
    "given: do not invent dates, incidents, policies or consequences, and do not leave "
    "placeholders in brackets. Write in the language of the facts you are given. Answer with "
    "the subject on the first line as 'Subject: ...', then an empty line, then the body, "
    "signed with the manager's name. Do not add To, From or Cc lines."
)


class EmailDrafter:
    """Makes email text from templates, and with the chat model when `llm` is given."""

    def __init__(self, *, llm: LlmClient | None, templates_dir: Path = TEMPLATES_DIR) -> None:
        self._llm = llm
        self._templates = {
            purpose: _read(templates_dir / f"{purpose}.md") for purpose in EmailPurpose
        }

    @property
    def uses_ai(self) -> bool:
        """Whether drafting and instructions go to the chat model."""
        return self._llm is not None

    def from_template(self, purpose: EmailPurpose, facts: DraftFacts) -> tuple[str, str]:
        """(subject, body) from the purpose's template."""
        return fill_template(self._templates[purpose], facts)

    async def with_ai(self, purpose: EmailPurpose, facts: DraftFacts) -> tuple[str, str]:
        """(subject, body) written by the model from the facts and the filled template."""
        subject, body = self.from_template(purpose, facts)
        prompt = (
            f"Write {purpose.description} from {facts.manager_name} (manager at "
            f"{facts.store_name}) to {facts.employee_name}. Today is {facts.date}.\n"
            f"What it is about, in the manager's words: {facts.situation or 'not given'}\n\n"
            "Start from this template and improve it; keep it about the same length:\n"
            f"Subject: {subject}\n\n{body}"
        )
        return await self._complete(prompt, fallback_subject=subject)

    async def revise(self, subject: str, body: str, instruction: str) -> tuple[str, str]:
        """(subject, body) of the current email rewritten as the instruction asks."""
        prompt = (
            f"Here is the current email:\n\nSubject: {subject}\n\n{body}\n\n"
            f"Rewrite it following this instruction from the manager: {instruction}\n"
            "Keep the facts and the signature; change only what the instruction asks."
        )
        return await self._complete(prompt, fallback_subject=subject)

    async def _complete(self, prompt: str, *, fallback_subject: str) -> tuple[str, str]:
        if self._llm is None:
            raise BackendError("llm", "no chat model is configured")
        reply = await self._llm.complete(
            [ChatMessage.system(_SYSTEM), ChatMessage.user(prompt)],
            temperature=_TEMPERATURE, max_tokens=_MAX_TOKENS,
        )
        subject, body = split_subject(reply.content)
        if not body:
            raise BackendError("llm", "the model answered without an email body")
        logger.info("email drafted by the model (%d characters)", len(body))
        return (subject or fallback_subject)[:200], body


def _read(path: Path) -> str:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ConfigError(f"cannot read the email template {path}: {error}") from error
    if not text.strip():
        raise ConfigError(f"the email template {path} is empty")
    return text
