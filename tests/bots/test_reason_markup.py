"""A worker's reason typed with markup (a markdown link, Teams' HTML paragraphs) reaches the
worker's own preview and the manager's notice as plain words on one line, over the real
endpoint in a Teams personal chat."""

from __future__ import annotations

import pytest

from tests.http_harness import RunningApp, client_for
from tools.local_connector import LocalConnector, render_activity


def _texts(activities: list[dict[str, object]]) -> str:
    return "\n".join(render_activity(a)[0] for a in activities)  # type: ignore[arg-type]


@pytest.mark.parametrize(("locale", "request_text", "typed", "plain"), [
    ("en-US", "cancel my shift tomorrow", "[click here](http://x.example/a) my kid is sick",
     "click here (http://x.example/a) my kid is sick"),
    ("fr-FR", "annule mon service demain",
     "mon fils est malade, voir [le mot du médecin](https://doc.example/n)",
     "mon fils est malade, voir le mot du médecin (https://doc.example/n)"),
    ("de-DE", "sag meine Schicht morgen ab", "<p>mein Kind ist <b>krank</b></p><p>sorry</p>",
     "mein Kind ist krank sorry"),
    ("es-ES", "cancela mi turno de mañana",
     "<p>mi hijo está enfermo</p><p>ver [nota](https://doc.example/n)</p>",
     "mi hijo está enfermo ver nota (https://doc.example/n)"),
    ("it-IT", "annulla il mio turno di domani",
     'ho la febbre, vedi <a href="https://doc.example/n?a=1&amp;b=2">il certificato</a>',
     "ho la febbre, vedi il certificato (https://doc.example/n?a=1&b=2)"),
])
async def test_a_reason_with_markup_reaches_the_manager_as_plain_words(
    app: RunningApp, connector: LocalConnector, locale: str, request_text: str, typed: str,
    plain: str,
) -> None:
    """The finding: Chen's "because [my doctor](http://doc.example) said so" was quoted back
    to him as typed (a link in Teams) and Bob's "<p>my kid is <b>sick</b></p><p>sorry</p>"
    reached Maria as "Reason: my kid is sick", a blank line, "sorry. The shift is now open".
    A link reads as its words and its address, so that nothing hides behind other words."""
    maria = client_for(app, connector, "maria", channel_id="msteams")
    await maria.say("hi")
    bob = client_for(app, connector, "bob-smith", channel_id="msteams", locale=locale)
    asked = _texts(await bob.say(request_text))
    assert "?" in asked, asked
    done = _texts(await bob.say(typed))
    told = _texts(connector.messages(maria.conversation_id)[-1:])
    assert plain in told, told
    assert "](" not in told and "[" not in told and "\n" not in told.strip()
    assert "](" not in done and "<p>" not in done
