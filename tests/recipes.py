"""Where the README's recipes run in the tests, as a user would run them, with only the README's
two placeholders filled in:

- ``https://gitlab.example.com/tools/migrator.git`` (this repository on the git host) and
  ``https://audit:<token>@gitlab.example.com/`` (the audited ``group/project.git``) are pointed
  at a local directory of bare repositories by git configuration in the environment (``url.<dir>.insteadOf`` through
  ``GIT_CONFIG_COUNT``, which pre-commit passes on to git), so that git, pip's git and pre-commit
  fetch from it while every URL stays as printed;
- ``<commit>`` is replaced by the commit of this working tree in that bare clone.

This repository is committed as the working tree is (tracked files and new ones .gitignore does
not ignore), so the recipes run the code under test, committed or not. A recipe's ``pip``
installs into a fresh virtual environment, never into the one running the tests; the recipes
share one (``recipe_venv``), so the dependencies are installed once.

A ``.gitlab-ci.yml`` runs with gitlab-ci-local and its shell executor where it can be had (npm,
Node.js 18 or later, rsync; installed once into ``~/.cache/migrator-tests``), else each job's
``script:`` runs in bash, stage by stage, with the job's variables (``ci_pipeline.py``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
from dataclasses import dataclass
from pathlib import Path

from .conftest import ROOT
from .gitrepo import GIT_ENV, commit_all, git

HOST = "https://gitlab.example.com/"
REPOSITORY = HOST + "tools/migrator.git"  # this repository, as the README names it
PIP_CACHE = Path.home() / ".cache" / "pip"  # pip's own, not the tests' temporary XDG_CACHE_HOME: kept between runs
AUDIT_TOKEN = "glpat-audit-token"  # the audit recipe's masked variable; its clone URLs carry it
COMMIT = "<commit>"


@dataclass(frozen=True)
class Hosted:
    """The README's git host, on this machine."""

    root: Path        # <root>/tools/migrator.git, <root>/<group>/<project>.git
    commit: str       # this working tree's commit in tools/migrator.git

    @property
    def git_config(self) -> dict[str, str]:
        """The host's URLs, with or without the audit token, read from ``root``."""
        pairs = [(f"url.{self.root.as_uri()}/tools/migrator.git.insteadOf", REPOSITORY),
                 (f"url.{self.root.as_uri()}/.insteadOf", f"https://audit:{AUDIT_TOKEN}@gitlab.example.com/"),
                 ("protocol.file.allow", "always"), ("init.defaultBranch", "main")]
        env = {"GIT_CONFIG_COUNT": str(len(pairs))}
        for index, (key, value) in enumerate(pairs):
            env |= {f"GIT_CONFIG_KEY_{index}": key, f"GIT_CONFIG_VALUE_{index}": value}
        return env

    def env(self, path: Path | None = None, **extra: str) -> dict[str, str]:
        """The environment of a recipe: this git configuration, ``path`` first on PATH, and no
        PYTHONPATH (the recipe's migrator is the one its pip installed)."""
        env = {**os.environ, **GIT_ENV, **self.git_config, "NO_COLOR": "1", "PIP_CACHE_DIR": str(PIP_CACHE), **extra}
        env.pop("PYTHONPATH", None)
        if path is not None:
            env["PATH"] = f"{path}{os.pathsep}{os.environ['PATH']}"
        return env

    def placed(self, text: str) -> str:
        """A recipe with its ``<commit>`` filled in."""
        return text.replace(COMMIT, self.commit)

    def bare(self, project: str, work: Path) -> Path:
        """A bare clone of the repository ``work`` at ``<host>/<project>.git``."""
        target = self.root / f"{project}.git"
        target.parent.mkdir(parents=True, exist_ok=True)
        git(work, "clone", "-q", "--bare", str(work), str(target))
        return target


def host(directory: Path) -> Hosted:
    """This working tree, committed and cloned bare to ``tools/migrator.git`` of a new host."""
    work, root = directory / "work", directory / "host"
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, check=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        if (ROOT / name).is_file():
            (work / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, work / name)
    commit_all(work, "the working tree under test")
    hosted = Hosted(root, git(work, "rev-parse", "HEAD").strip())
    hosted.bare("tools/migrator", work)
    return hosted


def fresh_venv(directory: Path) -> Path:
    """A virtual environment with pip and nothing else (pip put there by this environment's pip:
    ensurepip would take half a minute). Returns its bin directory."""
    venv.create(directory)
    subprocess.run([sys.executable, "-m", "pip", "--python", str(directory / "bin" / "python"), "install", "-q",
                    "pip"], check=True, capture_output=True)
    return directory / "bin"
