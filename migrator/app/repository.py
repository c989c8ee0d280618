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

from ..checked import FilesChecked
from ..ignores import repository_of
from ..values import Reported

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


class Remotes:
    """The repository of a file by the directory its name gives: the git remote of the repository
    holding it (git is asked once per repository root; outside any repository: None, git not
    asked)."""

    def __init__(self) -> None:
        self.by_directory: dict[str, str | None] = {}
        self.by_root: dict[Path | None, str | None] = {None: None}

    def of(self, filename: str) -> str | None:
        directory = os.path.dirname(filename)
        if directory not in self.by_directory:
            root = repository_of(Path(os.path.abspath(directory or os.curdir)))
            if root not in self.by_root:
                self.by_root[root] = git_remote(str(root))
            self.by_directory[directory] = self.by_root[root]
        return self.by_directory[directory]


def with_repository(findings: Iterable[Reported], repository: str | None = None) -> list[Reported]:
    """The findings, each with its repository: ``repository`` when given, else the git remote of
    the repository its file is in."""
    if repository:
        return [replace(f, repository=repository) for f in findings]
    remotes = Remotes()
    return [replace(f, repository=remotes.of(f.filename)) for f in findings]


def repositories_checked(names: Iterable[tuple[str, str]], repository: str | None = None
                         ) -> list[tuple[str | None, FilesChecked]]:
    """The files a run checked by repository, from each file's (name, kind): all of them
    ``repository``'s when given, else each its git remote's (as ``with_repository`` names a
    finding's), in the order first met; None for files in no repository with a remote."""
    remotes = Remotes()
    kinds: dict[str | None, list[str]] = {}
    for name, kind in names:
        kinds.setdefault(repository or remotes.of(name), []).append(kind)
    return [(name, FilesChecked.of(found)) for name, found in kinds.items()]
