"""docs/RELEASING.md, the release procedure: it names every file that holds the version (a bump
that forgot one would publish a README pinning the old release), and its tag is the one the
README tells pre-commit users to pin."""

from __future__ import annotations

import re
import subprocess

from migrator import __version__

from .conftest import ROOT

RELEASING = (ROOT / "docs" / "RELEASING.md").read_text()
HISTORY = ("CHANGELOG.md", "bench/", "tests/", "docs/RELEASING.md")  # name versions as history or examples


def test_every_file_that_names_the_version_is_bumped_by_the_procedure():
    named = subprocess.run(["git", "grep", "-l", "-F", __version__], cwd=ROOT, capture_output=True, text=True).stdout
    holding = {path for path in named.split() if not path.startswith(HISTORY)}
    bumped = set(re.findall(r"^- `([^`]+)`:", RELEASING.split("## 1. Bump the version", 1)[1].split("\n## ", 1)[0],
                            re.M))
    assert holding <= bumped, f"RELEASING.md does not say to bump {sorted(holding - bumped)}"


def test_the_tag_is_the_readmes_pre_commit_rev():
    assert 'git tag -a vX.Y.Z -m "migrator X.Y.Z"' in RELEASING
    assert f"once {__version__} is released, its tag: v{__version__}" in (ROOT / "README.md").read_text()


def test_the_files_it_builds_are_the_distributions_name_and_version():
    assert "dist/apiv5_migrator-X.Y.Z.tar.gz and dist/apiv5_migrator-X.Y.Z-py3-none-any.whl" in RELEASING
    assert 'name = "apiv5-migrator"' in (ROOT / "pyproject.toml").read_text()
