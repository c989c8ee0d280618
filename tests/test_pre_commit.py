"""The pre-commit hooks of `.pre-commit-hooks.yaml`, run by the real `pre-commit` (the test extra
installs it) against a temporary git repository configured with the README's example, as printed
but for its placeholders: the `repo:` URL's git host is pointed at a local bare clone of this
working tree and `rev: <commit>` is that clone's commit (tests/recipes.py), so the hooks run the
code as it is here, committed or not. `migrator` fails on a deprecated use, `migrator-fix` rewrites
it and fails (the commit stops so the fix can be reviewed), and `migrator` then passes. Files the
configuration excludes are left alone even though pre-commit names them.

Each step is `pre-commit run HOOK --files ...`, which is what `pre-commit try-repo` runs too;
try-repo, though, builds the hook's environment afresh in a temporary store on every call (it
ignores PRE_COMMIT_HOME), about 15 s each. Here `PRE_COMMIT_HOME` is one temporary directory, so
the environment (migrator and its dependencies, installed from PyPI) is built once for all steps.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from migrator import __version__

from .conftest import ROOT
from .gitrepo import commit_all
from .readme import block_text, the_block
from .recipes import COMMIT, REPOSITORY

DEPRECATED = "runner = gl.runners.get(1)\nprint(runner.active)\n"
FIXED = "runner = gl.runners.get(1)\nprint(not runner.paused)\n"


@pytest.fixture(scope="module")
def pre_commit_home(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("pre-commit-home")


def pre_commit(hosted, home: Path, project: Path, hook: str, *files: str) -> subprocess.CompletedProcess:
    """`pre-commit run HOOK --files FILES` in project."""
    return subprocess.run([sys.executable, "-m", "pre_commit", "run", hook, "--files", *files], cwd=project,
                          env=hosted.env(PRE_COMMIT_HOME=str(home)), capture_output=True, text=True)


def readme_config(hosted) -> str:
    """The README's `.pre-commit-config.yaml` as printed, its `<commit>` filled in."""
    return hosted.placed(block_text("# .pre-commit-config.yaml"))


def test_the_hooks_file_keeps_the_check_and_the_fix_hook():
    hooks = {hook["id"]: hook for hook in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())}
    assert hooks["migrator"]["entry"].startswith("migrator check")
    assert hooks["migrator-fix"]["entry"].startswith("migrator fix")


def test_each_hook_runs_in_one_process_as_ruffs_do():
    """pre-commit splits the files of a hook that is not require_serial among processes, one per
    core, each printing a summary of its own."""
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    assert {hook["id"]: hook["require_serial"] for hook in hooks} == {"migrator": True, "migrator-fix": True}


def test_a_run_over_many_files_prints_one_summary(hosted, pre_commit_home, tmp_path):
    project = tmp_path / "project"
    project.mkdir()
    (project / ".pre-commit-config.yaml").write_text(readme_config(hosted))
    files = [f"client{index}.py" for index in range(12)]  # more than pre-commit's 4 a process per core
    for name in files:
        (project / name).write_text(DEPRECATED)
    commit_all(project, "deprecated uses")
    check = pre_commit(hosted, pre_commit_home, project, "migrator", *files)
    assert check.returncode == 1, check.stdout + check.stderr
    assert check.stdout.count("Found 12 findings.") == 1
    assert len(re.findall(r"^Found \d+ finding", check.stdout, re.M)) == 1


def test_check_fails_then_fix_rewrites_and_fails_then_check_passes(hosted, pre_commit_home, tmp_path):
    project = tmp_path / "project"
    (project / "vendor").mkdir(parents=True)
    (project / ".pre-commit-config.yaml").write_text(readme_config(hosted))
    (project / "client.py").write_text(DEPRECATED)
    (project / "vendor" / "theirs.py").write_text(DEPRECATED)
    (project / "migrator.toml").write_text('extend-exclude = ["vendor"]\n')
    commit_all(project, "a deprecated use")
    files = ("client.py", "vendor/theirs.py")

    check = pre_commit(hosted, pre_commit_home, project, "migrator", *files)
    assert check.returncode == 1, check.stdout + check.stderr
    assert "client.py:2:7: MIG060" in check.stdout and "theirs.py" not in check.stdout

    fix = pre_commit(hosted, pre_commit_home, project, "migrator-fix", *files)
    assert fix.returncode == 1, fix.stdout + fix.stderr
    assert "files were modified by this hook" in fix.stdout
    assert (project / "client.py").read_text() == FIXED
    assert (project / "vendor" / "theirs.py").read_text() == DEPRECATED

    again = pre_commit(hosted, pre_commit_home, project, "migrator", *files)
    assert again.returncode == 0, again.stdout + again.stderr
    assert "Passed" in again.stdout


def test_the_readme_pins_a_commit_and_names_the_release_tag_to_pin_once_released():
    """`rev: v0.1.0` needs a release tag, which a fresh clone does not have: the README pins a
    commit, and says which tag to pin once this version is released."""
    config = the_block(lambda b: "repos" in b)
    (repo,) = config["repos"]
    assert (repo["repo"], repo["rev"]) == (REPOSITORY, COMMIT)
    assert {hook["id"] for hook in repo["hooks"]} == {"migrator", "migrator-fix"}
    assert f"rev: {COMMIT}             # a full commit sha; once {__version__} is released, its tag: v{__version__}" \
        in (ROOT / "README.md").read_text()


def test_the_readme_pins_this_version_wherever_it_names_a_release():
    readme = (ROOT / "README.md").read_text()
    assert set(re.findall(r"apiv5-migrator==([\w.]+)", readme)) == {__version__}
    assert set(re.findall(r"(?:rev: |its tag: )v(\d+\.\d+\.\d+)", readme)) == {__version__}  # this repository's tags
