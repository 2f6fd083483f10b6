"""Credentials are built once per app and scope, and tokens are fetched off the event loop."""

from __future__ import annotations

import threading
from typing import Any

from botframework.connector.auth import PasswordServiceClientCredentialFactory

from bots.cached_credential_factory import CachedCredentialFactory

SCOPE = "https://api.botframework.com"
LOGIN = "https://login.microsoftonline.com/botframework.com"


async def test_one_credentials_object_per_key_and_tokens_warmed_in_a_thread() -> None:
    loop_thread = threading.current_thread()
    warmed_in: list[threading.Thread] = []

    def warm(credentials: Any) -> str:
        warmed_in.append(threading.current_thread())
        return "token"

    factory = CachedCredentialFactory(
        PasswordServiceClientCredentialFactory("app-id", "secret", "tenant"), warm=warm
    )
    first = await factory.create_credentials("app-id", SCOPE, LOGIN, True)
    second = await factory.create_credentials("app-id", SCOPE, LOGIN, True)
    other = await factory.create_credentials("app-id", "https://other", LOGIN, True)
    assert first is second and other is not first
    assert first.microsoft_app_id == "app-id"
    assert len(warmed_in) == 3 and loop_thread not in warmed_in


async def test_without_an_app_id_nothing_is_warmed() -> None:
    calls: list[Any] = []
    factory = CachedCredentialFactory(PasswordServiceClientCredentialFactory(),
                                      warm=calls.append)
    credentials = await factory.create_credentials("", SCOPE, LOGIN, True)
    assert credentials.microsoft_app_id == "" and calls == []
