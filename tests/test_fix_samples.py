"""`migrator fix` on a copy of each bundled sample repository gives exactly the reviewed tree,
byte for byte, and a second run changes nothing.

tests/expected_after/<repo>/safe/ (or unsafe/, with --unsafe-fixes) holds the files the fix
changes, as they must come out; every other file must come out exactly as it is in the sample
(a marker file says when the fix changes none). To regenerate after a reviewed change:
``MIGRATOR_UPDATE_EXPECTED=1 pytest tests/test_fix_samples.py``, then review the diff.
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
UNCHANGED = "NO_FILE_CHANGES"
CASES = [(p.parent.name, p.name) for p in sorted(EXPECTED.glob("*/*")) if p.name in MODES and (SAMPLES / p.parent.name).is_dir()]


def tree(root) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts and p.name != UNCHANGED}


def update(target, original: dict[str, bytes], got: dict[str, bytes], work) -> None:
    shutil.rmtree(target)
    target.mkdir(parents=True)
    changed = {name: content for name, content in got.items() if original.get(name) != content}
    for name, content in changed.items():
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(work / name, target / name)
    if not changed:
        (target / UNCHANGED).write_text("`migrator fix` changes no file of this sample.\n")


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
        update(EXPECTED / repo / mode, tree(SAMPLES / repo), got, work)
        return
    expected = {**tree(SAMPLES / repo), **tree(EXPECTED / repo / mode)}
    assert sorted(got) == sorted(expected)
    for name, content in expected.items():
        assert got[name] == content, "".join(difflib.unified_diff(
            content.decode().splitlines(True), got[name].decode().splitlines(True), f"expected/{name}", f"got/{name}"))
    fix(work, mode)
    assert tree(work) == got, "a second `migrator fix` changed the sample again"
