"""User provisioning for contractors and service accounts."""

from __future__ import annotations

import datetime as dt
import logging
import secrets

import gitlab

log = logging.getLogger(__name__)


def create_contractor(gl: gitlab.Gitlab, username: str, email: str, name: str):
    """Create a contractor account; profile visibility follows the instance default."""
    user = gl.users.create(
        {
            "username": username,
            "email": email,
            "name": name,
            "password": secrets.token_urlsafe(24),
            "skip_confirmation": True,
            "external": True,
        }
    )
    log.info("created contractor %s (id %s)", user.username, user.id)
    return user


def create_service_account(gl: gitlab.Gitlab, username: str, email: str):
    """Create a bot account whose profile stays public."""
    return gl.users.create(
        {
            "username": username,
            "email": email,
            "name": f"{username} (bot)",
            "reset_password": True,
            "private_profile": False,
        }
    )


def reset_profile_visibility(gl: gitlab.Gitlab, uid: int) -> None:
    """Put a user's profile visibility back to the instance default."""
    gl.users.update(uid, {})
    log.info("profile visibility of user %s reset", uid)


def reset_profile_visibility_by_name(gl: gitlab.Gitlab, username: str) -> None:
    """Same as reset_profile_visibility, looked up by username."""
    user = gl.users.get(gl.users.list(username=username)[0].id)
    user.save()


def expiring_tokens(gl: gitlab.Gitlab, days: int = 14) -> list[dict]:
    """Return active personal access tokens that expire within ``days`` days."""
    cutoff = (dt.date.today() + dt.timedelta(days=days)).isoformat()
    result = []
    for token in gl.personal_access_tokens.list(iterator=True):
        if token.active and token.expires_at and token.expires_at <= cutoff:
            result.append({"id": token.id, "user_id": token.user_id, "expires_at": token.expires_at})
    return result
