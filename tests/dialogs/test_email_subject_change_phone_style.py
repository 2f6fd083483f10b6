"""A new subject asked for at the preview, typed as on a phone: French "change l objet en
planning de decembre" (no apostrophe) and Italian "cambia oggetto in turni di dicembre" (no
article) got "Modifier l'e-mail à partir d'une consigne nécessite l'IA ..." and the new-text
form. Now the subject changes, the letter is shown again, and nothing is sent before a Send."""

from __future__ import annotations

import pytest

from tests.bot_harness import BotHarness, joined


@pytest.mark.parametrize(("locale", "request_", "change", "subject_line"), [
    ("fr-FR", "écris à sophie au sujet du planning", "change l objet en planning de decembre",
     "Objet : planning de decembre"),
    ("fr-FR", "écris à sophie au sujet du planning", "mets l objet : planning de decembre",
     "Objet : planning de decembre"),
    ("it-IT", "scrivi a luca riguardo al turno", "cambia oggetto in turni di dicembre",
     "Oggetto: turni di dicembre"),
])
async def test_the_subject_typed_phone_style_is_changed_and_waits_for_send(
    bot: BotHarness, locale: str, request_: str, change: str, subject_line: str
) -> None:
    bot.as_person("maria").locale = locale
    await bot.say(request_)
    changed = joined(await bot.say(change))
    assert subject_line in changed, changed
    assert await bot.components.services.mail.list_recent() == []
