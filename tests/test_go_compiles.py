"""Every Go rule example written as a whole program on the standard library alone, and the code
its safe and unsafe fixes leave, passes ``go vet``: a Go fix never leaves code that does not
compile (a renamed field the type lacks, a negated pointer). Skipped, with the reason, where no
Go toolchain is installed (CI installs Debian's golang-go: .ci/run)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess

import pytest

from migrator.ruletable import load_table

GO = shutil.which("go")
IMPORTS = re.compile(r'^import\s*(?:\(\s*((?:[^)]*))\)|(?:\w+\s+)?"([^"]+)")', re.M)
TABLE = load_table()


def standalone(code: str) -> bool:
    """A whole program (``package main``) whose imports are all the standard library's."""
    if not code.startswith("package main\n"):
        return False
    paths = []
    for block, single in IMPORTS.findall(code):
        paths.extend(re.findall(r'"([^"]+)"', block) if block else [single])
    return all("." not in path.split("/")[0] for path in paths)


CASES = [(f"{rule.code}-{example.name}-{which}", text)
         for rule in TABLE.rules for example in rule.examples if example.written_as == "go"
         for which, text in (("code", example.code), ("after", example.after), ("after_unsafe", example.after_unsafe))
         if text is not None and standalone(text)]


def test_the_examples_include_whole_programs_and_their_fixes():
    assert {name.rsplit("-", 1)[1] for name, _ in CASES} >= {"code", "after"}


@pytest.mark.skipif(GO is None, reason="no Go toolchain (apt-get install golang-go)")
def test_go_vet_accepts_every_example_and_its_fixes(tmp_path):
    """One ``go vet`` over every example, each a package of its own directory (named by its
    index in CASES): the standard library is loaded once."""
    for index, (_, text) in enumerate(CASES):
        (tmp_path / f"x{index}").mkdir()
        (tmp_path / f"x{index}" / "main.go").write_text(text)
    # the user's build cache (the standard library compiled once, not once a run); no module
    env = {**os.environ, "GOPATH": str(tmp_path / "gopath"), "GO111MODULE": "off", "GOFLAGS": ""}
    done = subprocess.run([GO, "vet", *(f"./x{i}" for i in range(len(CASES)))], cwd=tmp_path,
                          capture_output=True, text=True, env=env)
    failed = sorted({CASES[int(i)][0] for i in re.findall(r"x(\d+)[/:]", done.stderr)})
    assert done.returncode == 0, f"{failed}\n{done.stderr}"
