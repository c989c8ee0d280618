"""Where the service has already changed behaviour before v5, the finding says so instead of
calling it a future break; it claims only what the spec or the researched facts confirm."""

from __future__ import annotations


def messages(check, code: str, kind: str = "python", filename: str = "example.py") -> list[str]:
    return [f.message for f in check(code, kind, filename)]


def test_a_runner_ip_address_is_already_empty_since_17_0(check):
    (message,) = messages(check, "runner = gl.runners.get(1)\nprint(runner.ip_address)\n")
    assert "already comes back empty since release 17.0" in message
    assert "null" in message  # the service's code returns null where its docs say ""


def test_the_managed_licenses_api_is_already_stubbed(check):
    code = 'requests.get(f"{API}/api/v4/projects/{pid}/managed_licenses", headers=h)\n'
    (message,) = messages(check, code)
    assert "already stubbed" in message and "400" in message


def test_the_runner_agent_fields_are_not_claimed_empty_the_18_0_change_is_unconfirmed(check):
    (message,) = messages(check, "runner = gl.runners.get(1)\nprint(runner.version)\n")
    assert "already" not in message and "removed in API v5" in message
