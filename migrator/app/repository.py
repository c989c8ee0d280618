"""Which repository a finding was found in: ``--repository NAME`` for the whole run, else the git
remote ``origin`` of the repository holding the finding's file, reduced to the project's path
(``group/subgroup/project``). Without a remote (or git) the repository is unknown (None).

The JSON, SARIF and audit reports carry it, so that ``migrator report --merge`` can keep each
finding's repository when it merges the results of many repositories.
"""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Iterable
from dataclasses import replace
from urllib.parse import urlsplit

from ..model import Finding

# git's scp-like syntax, ``[user@]host:path``: a colon before any slash.
SCP_LIKE = re.compile(r"^(?:[^@/]+@)?[^/:]+:(?P<path>.*)$")


def project_path(url: str) -> str | None:
    """The project's path in a git remote URL, without host, port, credentials or ``.git``:
    ``https://gitlab-ci-token:TOKEN@gitlab.example.com/group/project.git`` and
    ``git@gitlab.example.com:group/project.git`` are both ``group/project``. A local remote (a
    path, ``file://``) is named by its last component. None for an empty URL."""
    url = url.strip()
    if "://" in url:
        parts = urlsplit(url)
        path = os.path.basename(parts.path.rstrip("/")) if parts.scheme == "file" else parts.path
    elif (scp := SCP_LIKE.match(url)) and not os.path.isabs(url):
        path = scp["path"]
    else:
        path = os.path.basename(url.rstrip("/"))
    path = path.strip("/").removesuffix(".git").strip("/")
    return path or None


def git_remote(directory: str) -> str | None:
    """The project path of ``origin`` of the git repository holding ``directory``; None when it
    is not in a repository, has no ``origin``, or git is missing or refuses."""
    try:
        run = subprocess.run(["git", "-C", directory, "remote", "get-url", "origin"],
                             capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    return project_path(run.stdout) if run.returncode == 0 else None


def with_repository(findings: Iterable[Finding], repository: str | None = None) -> list[Finding]:
    """The findings, each with its repository: ``repository`` when given, else the git remote of
    the directory its file is in (git is asked once per directory)."""
    remotes: dict[str, str | None] = {}
    by_file: dict[str, str | None] = {}

    def remote_of(finding: Finding) -> str | None:
        if finding.filename not in by_file:
            directory = os.path.abspath(os.path.dirname(finding.filename) or ".")
            if directory not in remotes:
                remotes[directory] = git_remote(directory)
            by_file[finding.filename] = remotes[directory]
        return by_file[finding.filename]

    return [replace(f, repository=repository or remote_of(f)) for f in findings]
