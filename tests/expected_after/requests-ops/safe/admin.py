"""Instance administration: users, settings, groups, mirrors, approval policy."""

from __future__ import annotations

import logging

import requests

from config import API, HEADERS, TIMEOUT

log = logging.getLogger(__name__)

# Approval policy pushed to every project in the "regulated" group.
# The old key is kept for the 16.x staging instance.
APPROVAL_POLICY = {
    "reset_approvals_on_push": True,
    "merge_requests_author_approval": False,
    "require_reauthentication_to_approve": True,
}


def create_user(username: str, email: str, name: str) -> dict:
    """Create a user; profile visibility follows the instance default."""
    resp = requests.post(
        f"{API}/users",
        headers=HEADERS,
        json={
            "username": username,
            "email": email,
            "name": name,
            "reset_password": True,
        },
        timeout=TIMEOUT,
    )
    resp.raise_for_status()
    return resp.json()


def reset_profile(uid: int) -> None:
    """Reset a user's profile visibility to the instance default."""
    resp = requests.put(f"{API}/users/{uid}", headers=HEADERS, json={"private_profile": None}, timeout=TIMEOUT)
    resp.raise_for_status()


def harden_defaults() -> None:
    """Only maintainers may push to default branches of new projects."""
    url = API + "/application/settings"
    resp = requests.put(url, headers=HEADERS, data={"default_branch_protection": 2}, timeout=TIMEOUT)
    resp.raise_for_status()


def create_group(name: str, path: str) -> dict:
    """Create a top-level group with fully protected default branches."""
    body = {
        "name": name,
        "path": path,
        "default_branch_protection_defaults": {
            "allowed_to_push": [{"access_level": 40}],
            "allowed_to_merge": [{"access_level": 40}],
            "allow_force_push": False,
        },
    }
    resp = requests.post(f"{API}/groups", headers=HEADERS, json=body, timeout=TIMEOUT)
    resp.raise_for_status()
    return resp.json()


def apply_approval_policy(pid: int) -> None:
    """Push APPROVAL_POLICY to one project."""
    resp = requests.post(f"{API}/projects/{pid}/approvals", headers=HEADERS, json=APPROVAL_POLICY, timeout=TIMEOUT)
    resp.raise_for_status()


def reauth_only(pid: int) -> None:
    """Require re-authentication to approve (GitLab 17.1+ only)."""
    body = {"require_reauthentication_to_approve": True}
    requests.post(f"{API}/projects/{pid}/approvals", headers=HEADERS, json=body, timeout=TIMEOUT).raise_for_status()


def enable_mirror_legacy(pid: int) -> None:
    """Turn pull mirroring on, mirroring as the ops bot (user 5)."""
    resp = requests.put(
        f"{API}/projects/{pid}",
        headers=HEADERS,
        json={
            "mirror": True,
            "mirror_user_id": 5,
        },
        timeout=TIMEOUT,
    )
    resp.raise_for_status()


def enable_mirror(pid: int, upstream: str) -> None:
    """Turn pull mirroring on through the dedicated endpoint (GitLab 17.6+)."""
    url = f"{API}/projects/{pid}/mirror/pull"
    requests.put(url, headers=HEADERS, json={"enabled": True, "url": upstream}, timeout=TIMEOUT).raise_for_status()
