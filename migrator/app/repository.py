"""Which repository a finding was found in: ``--repository NAME`` for the whole run, else the git
remote ``origin`` of the repository holding the finding's file, reduced to the project's path
(``group/subgroup/project``). Without a remote (or git) the repository is unknown (None).

The repository of a file is found without git: its directory and those above it are looked at
for ``.git`` (a directory, or the file that a worktree or a submodule has), each directory once
(``ignores.repository_of``, which discovery already asked). git is then asked for the remote once
per repository root, not once per directory: a report over thousands of directories of one
repository starts git once. A file in no repository has no remote, and git is not asked.

The JSON, SARIF and audit reports carry it, so that ``migrator report --merge`` can keep each
finding's repository when it merges the results of many repositories.
"""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from urllib.parse import urlsplit

from ..ignores import repository_of
from ..values import Finding

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
    is not in a repository, has no ``origin``, or git is missing or refuses. The URL as configured,
    not as ``url.<base>.insteadOf`` rewrites it for fetching (a CI mirror of the host would
    otherwise name the mirror's directory)."""
    try:
        run = subprocess.run(["git", "-C", directory, "config", "--get", "remote.origin.url"],
                             capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    return project_path(run.stdout) if run.returncode == 0 else None


def with_repository(findings: Iterable[Finding], repository: str | None = None) -> list[Finding]:
    """The findings, each with its repository: ``repository`` when given, else the git remote of
    the repository its file is in (git is asked once per repository root)."""
    if repository:
        return [replace(f, repository=repository) for f in findings]
    by_directory: dict[str, str | None] = {}  # a finding's directory, as its filename gives it → remote
    by_root: dict[Path | None, str | None] = {None: None}  # outside any repository: none, git not asked

    def remote_of(finding: Finding) -> str | None:
        directory = os.path.dirname(finding.filename)
        if directory not in by_directory:
            root = repository_of(Path(os.path.abspath(directory or os.curdir)))
            if root not in by_root:
                by_root[root] = git_remote(str(root))
            by_directory[directory] = by_root[root]
        return by_directory[directory]

    return [replace(f, repository=remote_of(f)) for f in findings]
