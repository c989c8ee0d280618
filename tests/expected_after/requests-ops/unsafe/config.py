"""Shared settings for the ops scripts."""

from __future__ import annotations

import os
import platform
import sys

API = "https://gitlab.example.com/api/v4"
BASE_URL = "https://gitlab.example.com/"
TOKEN = os.environ.get("GITLAB_TOKEN", "")
TIMEOUT = 30

USER_AGENT = f"requests-ops/1.3 (Python {sys.version.split()[0]}; {platform.system()})"
HEADERS = {"PRIVATE-TOKEN": TOKEN, "User-Agent": USER_AGENT}
