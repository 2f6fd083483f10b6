"""The ARM template's Slack sign-in connection: created with the name ERA is configured with."""

from __future__ import annotations

from tests.test_deployment import _deployed, _era_environment, _example_values

CONNECTIONS = "Microsoft.BotService/botServices/connections"


def test_no_connection_unless_named() -> None:
    values = _example_values()
    assert [r for r in _deployed(values) if r["type"] == CONNECTIONS] == []
    assert _era_environment(values)["ERA_OAUTH_CONNECTION_NAME"] == ""


def test_named_connection_is_entra_v2_with_the_scopes_era_reads_me_with() -> None:
    values = {**_example_values(), "oauthConnectionName": "era-entra"}
    (connection,) = [r for r in _deployed(values) if r["type"] == CONNECTIONS]
    assert connection["name"].endswith("/era-entra")
    properties = connection["properties"]
    assert properties["serviceProviderDisplayName"] == "Azure Active Directory v2"
    assert properties["scopes"] == "openid profile User.Read"
    assert properties["clientId"] == values["microsoftAppId"]
    environment = _era_environment(values)
    assert environment["ERA_OAUTH_CONNECTION_NAME"] == "era-entra"
    assert environment["ERA_TOKEN_SERVICE_URL"] == "https://api.botframework.com"
