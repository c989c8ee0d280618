"""`migrator fix` on a copy of each bundled sample repository gives exactly the reviewed tree in
tests/expected_after/<repo>/safe/ (or unsafe/, with --unsafe-fixes), byte for byte, and a
second run changes nothing.

Files git does not keep under expected_after (the samples' build/ directories are gitignored)
must come out of the fix unchanged from the sample. To regenerate the trees after a reviewed
change: ``MIGRATOR_UPDATE_EXPECTED=1 pytest tests/test_fix_samples.py``, then review the diff.
"""

from __future__ import annotations

import difflib
import os
import shutil

import pytest
from click.testing import CliRunner

from migrator.cli import main

from .conftest import ROOT

SAMPLES = ROOT / "sample_repos"
EXPECTED = ROOT / "tests" / "expected_after"
MODES = {"safe": [], "unsafe": ["--unsafe-fixes"]}
SKIP = shutil.ignore_patterns("__pycache__", ".pytest_cache", ".hypothesis")
CASES = [(p.parent.name, p.name) for p in sorted(EXPECTED.glob("*/*")) if p.name in MODES and (SAMPLES / p.parent.name).is_dir()]


def tree(root) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts}


def fix(path, mode: str) -> None:
    result = CliRunner().invoke(main, ["fix", *MODES[mode], str(path)])
    assert result.exit_code in (0, 1), result.output


@pytest.mark.parametrize(("repo", "mode"), CASES, ids=[f"{repo}-{mode}" for repo, mode in CASES])
def test_fixed_sample_matches_the_reviewed_tree(tmp_path, repo, mode):
    work = tmp_path / repo
    shutil.copytree(SAMPLES / repo, work, ignore=SKIP)
    fix(work, mode)
    got = tree(work)
    if os.environ.get("MIGRATOR_UPDATE_EXPECTED"):
        shutil.rmtree(EXPECTED / repo / mode)
        shutil.copytree(work, EXPECTED / repo / mode, ignore=SKIP)
        return
    expected = {**tree(SAMPLES / repo), **tree(EXPECTED / repo / mode)}
    assert sorted(got) == sorted(expected)
    for name, content in expected.items():
        assert got[name] == content, "".join(difflib.unified_diff(
            content.decode().splitlines(True), got[name].decode().splitlines(True), f"expected/{name}", f"got/{name}"))
    fix(work, mode)
    assert tree(work) == got, "a second `migrator fix` changed the sample again"
