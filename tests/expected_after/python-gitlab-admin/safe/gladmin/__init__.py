"""gladmin - GitLab administration helpers for the platform team."""

from __future__ import annotations

import logging
import os
import platform
import sys

import gitlab

__version__ = "0.7.2"

log = logging.getLogger(__name__)


def connect(url: str | None = None, token: str | None = None) -> gitlab.Gitlab:
    """Return an authenticated python-gitlab client.

    URL and token default to GITLAB_URL and GITLAB_TOKEN from the environment.
    """
    url = url or os.environ.get("GITLAB_URL", "https://gitlab.example.com")
    token = token or os.environ["GITLAB_TOKEN"]
    gl = gitlab.Gitlab(url, private_token=token, timeout=30, per_page=100)
    gl.auth()
    server_version, server_revision = gl.version()
    log.info(
        "connected to %s (GitLab %s, %s) from Python %s on %s",
        url,
        server_version,
        server_revision,
        sys.version.split()[0],
        platform.system(),
    )
    return gl
