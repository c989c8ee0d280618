"""The VS Code extension (editors/vscode): its ``.vsix`` builds with @vscode/vsce from npm, and it
activates and starts the real ``migrator server`` against a stubbed ``vscode`` module
(editors/vscode/test/activate.test.js, run by node's own test runner): no VS Code download."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

EXTENSION = Path(__file__).resolve().parent.parent / "editors" / "vscode"
NPM = shutil.which("npm")
pytestmark = pytest.mark.skipif(NPM is None or shutil.which("node") is None or not (EXTENSION / "package.json").is_file(),
                                reason="npm and node are needed to build and run the VS Code extension")


@pytest.fixture(scope="module")
def installed() -> Path:
    """The extension's npm packages, as its lockfile pins them (``npm ci``, once; .ci/run does it first)."""
    if not (EXTENSION / "node_modules" / ".package-lock.json").is_file():
        subprocess.run([NPM, "ci", "--no-audit", "--no-fund"], cwd=EXTENSION, check=True, timeout=900)
    return EXTENSION


def test_the_vsix_builds_with_vsce_and_holds_the_extension_and_its_client(installed, tmp_path):
    out = tmp_path / "migrator.vsix"
    subprocess.run([NPM, "exec", "--", "vsce", "package", "--allow-missing-repository", "--out", str(out)],
                   cwd=installed, check=True, timeout=600, capture_output=True)
    names = set(zipfile.ZipFile(out).namelist())
    assert {"extension/extension.js", "extension/package.json",
            "extension/node_modules/vscode-languageclient/package.json"} <= names
    assert not any(name.startswith(("extension/test/", "extension/node_modules/@vscode/")) for name in names)


def test_the_extension_activates_and_starts_migrator_server(installed, tmp_path):
    command = tmp_path / "migrator"  # the `migrator.path` setting: this Python's migrator
    command.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m migrator "$@"\n')
    command.chmod(0o755)
    tests = sorted(str(p.relative_to(installed)) for p in (installed / "test").glob("*.test.js"))
    result = subprocess.run(["node", "--test", *tests], cwd=installed, capture_output=True, text=True, timeout=300,
                            env={**os.environ, "MIGRATOR_COMMAND": str(command)})
    assert result.returncode == 0, result.stdout + result.stderr
    assert "# pass 1" in result.stdout
