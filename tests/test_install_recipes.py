"""The README's install lines, run as printed in a fresh virtual environment each, with only the
placeholders (the git host, `<commit>`) pointed at a local bare clone of this repository
(tests/recipes.py): from a clone, as a wheel built in the clone, and from git at a commit, each
into the recipes' virtual environment after migrator is uninstalled from it (its dependencies
stay, so they are installed once). The line that needs a published release (`pip install
apiv5-migrator==0.1.0`) says so, and is not run: nothing is published."""

from __future__ import annotations

import re
import subprocess

import pytest

from migrator import __version__

from .conftest import ROOT

DEPRECATED = "runner = gl.runners.get(1)\nprint(runner.active)\n"


def install_section() -> str:
    readme = (ROOT / "README.md").read_text()
    return readme.split("\n## Install\n", 1)[1].split("\n## ", 1)[0]


def sh_blocks() -> list[list[str]]:
    """The lines of each ```sh block of the Install section, comments cut off."""
    blocks = re.findall(r"^```sh\n(.*?)^```$", install_section(), re.M | re.S)
    return [[re.sub(r"\s+# .*$", "", line) for line in block.splitlines()] for block in blocks]


def alternatives() -> dict[str, list[str]]:
    """Each way to install that works today, as the lines a user runs for it."""
    published, from_clone, from_git = sh_blocks()
    clone, *ways = from_clone
    return {"the clone": [clone, ways[0]], "a wheel built in the clone": [clone, ways[1]], "git at a commit": from_git}


def test_the_published_release_line_says_it_needs_a_release_and_alternatives_follow():
    section = install_section()
    (line,) = re.findall(r"^pip install apiv5-migrator==.*$", section, re.M)
    assert f"apiv5-migrator=={__version__}" in line and f"once {__version__} is published, which it is not yet" in line
    assert list(alternatives()) == ["the clone", "a wheel built in the clone", "git at a commit"]
    assert "python -m build" in alternatives()["a wheel built in the clone"][1]


@pytest.mark.parametrize("way", list(alternatives()))
def test_each_install_line_works_as_printed(way, hosted, recipe_venv, tmp_path):
    bin_dir = recipe_venv
    subprocess.run([bin_dir / "pip", "uninstall", "-q", "-y", "apiv5-migrator"], check=True, capture_output=True)
    home = tmp_path / "home"
    home.mkdir()
    script = "set -e\n" + hosted.placed("\n".join(alternatives()[way]))
    ran = subprocess.run(["bash", "-c", script], cwd=home, env=hosted.env(bin_dir), capture_output=True, text=True)
    assert ran.returncode == 0, ran.stdout + ran.stderr

    version = subprocess.run(["migrator", "--version"], env=hosted.env(bin_dir), capture_output=True, text=True)
    assert version.stdout.split()[-1] == __version__
    where = subprocess.run([bin_dir / "python", "-c", "import migrator; print(migrator.__file__)"], cwd=tmp_path,
                           env=hosted.env(bin_dir), capture_output=True, text=True, check=True)
    assert where.stdout.startswith(str(bin_dir.parent))  # installed, not this checkout
    (tmp_path / "client.py").write_text(DEPRECATED)
    checked = subprocess.run(["migrator", "check", "client.py"], cwd=tmp_path, env=hosted.env(bin_dir),
                             capture_output=True, text=True)
    assert checked.returncode == 1 and "client.py:2:7: MIG060" in checked.stdout
