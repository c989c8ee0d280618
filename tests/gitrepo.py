"""Temporary git repositories for the tests that need real git (the repository's remote, the CI
recipes, pre-commit): git runs with a fixed identity and without the user's or the system's git
configuration, so a signing or hook setting on the machine cannot change a test."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from .conftest import ROOT

SAMPLES = ROOT / "sample_repos"

GIT_ENV = {
    "GIT_AUTHOR_NAME": "migrator tests", "GIT_AUTHOR_EMAIL": "tests@example.com",
    "GIT_COMMITTER_NAME": "migrator tests", "GIT_COMMITTER_EMAIL": "tests@example.com",
    "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1",
}


def git_env(**extra: str) -> dict[str, str]:
    """The environment for git and for commands that run git (pre-commit, migrator)."""
    return {**os.environ, **GIT_ENV, **extra}


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=cwd, env=git_env(), check=True, capture_output=True,
                          text=True).stdout


def commit_all(repo: Path, message: str = "snapshot") -> None:
    """Commit every file of the work tree that .gitignore does not ignore; a new repository
    when ``repo`` is not one yet."""
    if not (repo / ".git").exists():
        git(repo, "init", "-q", "-b", "main")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "--allow-empty", "-m", message)


def sample_repository(name: str, dest: Path) -> Path:
    """A copy of ``sample_repos/NAME`` at ``dest``, as a git repository with one commit."""
    shutil.copytree(SAMPLES / name, dest, ignore=shutil.ignore_patterns("__pycache__"))
    commit_all(dest, f"the {name} sample")
    return dest
