"""Backend failures as a person meets them, over the real endpoint, in the person's language: what
they are told, that the failure is counted by the failure tracker, and that nothing is dropped
or done twice."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.failure_tracker import FailureTracker
from language.catalogue import say
from state.person_state import person_state_key
from state.sqlite_storage import SqliteStorage
from tests.conftest import FIXED_NOW, fixed_clock
from tests.fakes.openai_server import DEFAULT_API_KEY, ChatReply, FakeOpenAIServer
from tests.http_harness import client_for, seed, start_app
from tools.local_connector import BotClient, LocalConnector, render_activity

QUESTIONS = {
    "fr-FR": ("Mon employé Bob ne s'est pas présenté pendant 3 jours sans prévenir, "
              "que dois-je faire ?", "fr"),
    "ja-JP": ("従業員のボブが3日間無断欠勤しています。どうすればいいですか？", "ja"),
    "de-DE": ("Mein Mitarbeiter Bob ist 3 Tage nicht erschienen und hat nicht angerufen, "
              "was soll ich tun?", "de"),
}


def _text(replies: list[dict[str, object]]) -> str:
    return "\n".join(render_activity(a)[0] for a in replies)


async def _failures(data_dir: Path, client: BotClient) -> int:
    key = person_state_key(client.channel_id, client.conversation_id, client.user.id)
    storage = await SqliteStorage.create(data_dir / "state.sqlite3")
    try:
        document = (await storage.read([key])).get(key) or {}
    finally:
        await storage.close()
    if "tracker" not in document:
        return 0
    return FailureTracker.from_dict(document["tracker"]).failure_count


@pytest.mark.parametrize("locale", ["fr-FR", "ja-JP", "de-DE"])
@pytest.mark.parametrize("answer", [
    ChatReply(content=""),  # an empty answer
    ChatReply(content=None, finish_reason="content_filter"),  # the model's filter refused
], ids=["empty", "content-filter"])
async def test_a_model_that_answers_nothing_usable_is_said_and_counted(
    tmp_path: Path, connector: LocalConnector, locale: str, answer: ChatReply
) -> None:
    question, language = QUESTIONS[locale]
    await seed(tmp_path, FIXED_NOW)
    async with FakeOpenAIServer() as llm:
        llm.queue(answer)
        app = await start_app(tmp_path, fixed_clock, OPENAI_BASE_URL=llm.base_url,
                              OPENAI_API_KEY=DEFAULT_API_KEY)
        try:
            maria = client_for(app, connector, "maria", locale=locale)
            said = _text(await maria.say(question))
        finally:
            await app.stop()
    assert said == say("advice.advisor_failed", language)
    # The model's call went through, but the advice failed: a technical failure all the same,
    # so that the third one hands the manager over to HR.
    assert await _failures(tmp_path, maria) == 1
