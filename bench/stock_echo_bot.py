"""The stock botbuilder 4.17.1 echo bot (CloudAdapter, aiohttp), as Microsoft's sample has it,
for the side-by-side benchmark: `python -m bench.stock_echo_bot PORT`."""

from __future__ import annotations

import sys

from aiohttp import web
from botbuilder.core import ActivityHandler, MessageFactory, TurnContext
from botbuilder.integration.aiohttp import CloudAdapter, ConfigurationBotFrameworkAuthentication


class _Config:
    APP_ID = ""
    APP_PASSWORD = ""
    APP_TYPE = "MultiTenant"
    APP_TENANTID = ""


class EchoBot(ActivityHandler):  # type: ignore[misc]
    """Echoes every message."""

    async def on_message_activity(self, turn_context: TurnContext) -> None:
        """Echo the text back."""
        text = turn_context.activity.text
        await turn_context.send_activity(MessageFactory.text(f"Echo: {text}"))


def make_app() -> web.Application:
    """The sample's app: one adapter, one bot, POST /api/messages."""
    adapter = CloudAdapter(ConfigurationBotFrameworkAuthentication(_Config()))
    bot = EchoBot()

    async def messages(request: web.Request) -> web.Response:
        return await adapter.process(request, bot)  # type: ignore[no-any-return]

    app = web.Application()
    app.router.add_post("/api/messages", messages)
    return app


if __name__ == "__main__":
    web.run_app(make_app(), host="127.0.0.1", port=int(sys.argv[1]), print=None,
                access_log=None)
