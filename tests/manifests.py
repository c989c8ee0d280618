"""A repository with manifests in it, for the SDK pin tests (migrator/pins)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest


@pytest.fixture
def repo(tmp_path, monkeypatch):
    """A repository (its root holds .git, where the search for manifests stops), as the working
    directory, so a manifest is shown relative to it."""
    (tmp_path / ".git").mkdir()
    monkeypatch.chdir(tmp_path)
    return tmp_path


def write(root: Path, files: dict[str, str]) -> None:
    """Each file (a path below ``root`` → its text, dedented)."""
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(textwrap.dedent(text))
