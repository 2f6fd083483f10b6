"""One ERA instance as its own process, for the scale-out test: `python -m
tests.scale.era_instance --now ISO --port-file PATH`.

The app is built exactly as `app.py` builds it (settings from the environment, the same
`create_app`), with two things replaced at the edge: the clock reads the given instant (so the
seeded demo weeks and the fake Graph schedule line up), and Microsoft Graph tokens come from a
fixed token the local Graph fake accepts instead of MSAL. It listens on a free loopback port,
writes the port to the given file once it is listening, and stops cleanly on SIGTERM.
"""

from __future__ import annotations

import argparse
import socket
from datetime import datetime
from pathlib import Path

from aiohttp import web

from app import configure_logging, create_app
from config import Settings
from tests.fakes.graph_server import FixedTokenSource


def main() -> None:
    """Serve one instance until terminated."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--now", required=True, help="the instant the clock reads (ISO 8601)")
    parser.add_argument("--port-file", required=True, type=Path)
    args = parser.parse_args()
    now = datetime.fromisoformat(args.now)
    if now.tzinfo is None:
        parser.error("--now needs a time zone")

    settings = Settings.from_env()
    configure_logging(settings.log_level)
    app = create_app(settings, clock=lambda: now, graph_token_source=FixedTokenSource())
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    port = listener.getsockname()[1]

    async def announce(_app: web.Application) -> None:
        # on_startup runs before the site listens, and cleanup_ctx (components) before that;
        # the test waits for /healthz anyway, so the port is all it needs from here.
        partial = args.port_file.with_suffix(".tmp")
        partial.write_text(str(port))
        partial.replace(args.port_file)

    app.on_startup.append(announce)
    web.run_app(app, sock=listener, print=None, access_log=None, shutdown_timeout=2)


if __name__ == "__main__":
    main()
