"""gunicorn's settings for ERA, read from the working directory by `gunicorn app:APP ...`.

ERA must not listen beyond loopback without Bot Framework authentication (no MicrosoftAppId).
Under gunicorn the address is gunicorn's `--bind`, not HOST, so the master checks the sockets it
really bound, after binding and before any worker is forked: a refused configuration (or any
other bad setting) is one clear line in the log and exit status 3, instead of workers that fail
at import and are respawned forever. The bound address is then handed to the workers as HOST, so
ERA's own check in config.py judges the same address.

Each worker serves on the event loop ERA_EVENT_LOOP names (uvloop unless set otherwise, asyncio's
own loop where uvloop cannot be loaded), chosen after the fork and before aiohttp's worker makes
its loop, so the deployment command keeps the plain `aiohttp.GunicornWebWorker`.
"""

from __future__ import annotations

import ipaddress
import os
import sys
from typing import Any

from config import Settings
from core.errors import ConfigError
from event_loop import use_event_loop

REFUSED_EXIT_STATUS = 3  # gunicorn's own "worker failed to boot" status
APP_ID_VARIABLE = "MicrosoftAppId"  # Azure's spelling, as config.py reads it


def bound_hosts(server: Any) -> list[str]:
    """The host of every address gunicorn listens on ("unix" for a Unix socket)."""
    hosts: list[str] = []
    addresses = [listener.sock.getsockname() for listener in server.LISTENERS] or list(
        server.cfg.address
    )
    for address in addresses:
        hosts.append(str(address[0]) if isinstance(address, tuple) else "unix")
    return hosts


def is_private_listener(host: str) -> bool:
    """Whether only this machine can reach the address (loopback or a Unix socket)."""
    if host in ("unix", "localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def when_ready(server: Any) -> None:
    """gunicorn hook, after binding and before forking workers: refuse a bad configuration."""
    hosts = bound_hosts(server)
    exposed = [host for host in hosts if not is_private_listener(host)]
    if exposed and not os.environ.get(APP_ID_VARIABLE, "").strip():
        _refuse(
            server,
            f"gunicorn is bound to {exposed[0]}, which is not a loopback address, and "
            "MicrosoftAppId is empty, so Bot Framework authentication would be off and anyone "
            "could post to the bot. Set MicrosoftAppId and MicrosoftAppPassword, or bind to "
            "127.0.0.1.",
        )
    os.environ["HOST"] = exposed[0] if exposed else "127.0.0.1"
    try:
        Settings.from_env()
    except ConfigError as error:
        _refuse(server, str(error))


def post_fork(server: Any, worker: Any) -> None:
    """gunicorn hook, in a new worker before it creates its event loop: choose the loop."""
    use_event_loop(Settings.from_env().event_loop)


def _refuse(server: Any, reason: str) -> None:
    server.log.error("ERA refuses to start: %s", reason)
    sys.exit(REFUSED_EXIT_STATUS)
