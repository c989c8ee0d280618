"""The pre-commit hooks of `.pre-commit-hooks.yaml`, run by the real `pre-commit` (the test extra
installs it) against a temporary git repository configured with the README's example: `migrator`
fails on a deprecated use, `migrator-fix` rewrites it and fails (the commit stops so the fix can
be reviewed), and `migrator` then passes. Files the configuration excludes are left alone even
though pre-commit names them.

The hooks come from a commit of this checkout's working tree: the `hook_repo` fixture copies the
files `pip install` and pre-commit read into a new repository, commits them and tags the commit
with this version's tag, the README's `rev`. So the hooks run the code as it is here, committed
or not; pre-commit's `try-repo` would take only the committed files and the changes to tracked
ones, never a new module.

Each step is `pre-commit run HOOK --files ...` with the README's configuration (its `repo:` set to
that commit's repository), which is what `pre-commit try-repo` runs too; try-repo, though, builds
the hook's environment afresh in a temporary store on every call (it ignores PRE_COMMIT_HOME), about
15 s each. Here `PRE_COMMIT_HOME` is one temporary directory, so the environment (migrator and its
dependencies, installed from PyPI) is built once for all three steps.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from migrator import __version__

from .conftest import ROOT
from .gitrepo import commit_all, git, git_env
from .readme import the_block

HOOK_REPO_FILES = ("pyproject.toml", "README.md", ".pre-commit-hooks.yaml", "migrator", "rules")
DEPRECATED = "runner = gl.runners.get(1)\nprint(runner.active)\n"
FIXED = "runner = gl.runners.get(1)\nprint(not runner.paused)\n"


@pytest.fixture(scope="module")
def hook_repo(tmp_path_factory) -> Path:
    """This checkout's working tree, committed in a repository of its own."""
    repo = tmp_path_factory.mktemp("hook-repo")
    for name in HOOK_REPO_FILES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, repo / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, repo / name)
    commit_all(repo, "the working tree under test")
    git(repo, "tag", f"v{__version__}")
    return repo


@pytest.fixture(scope="module")
def pre_commit_home(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("pre-commit-home")


def pre_commit(home: Path, project: Path, hook: str, *files: str) -> subprocess.CompletedProcess:
    """`pre-commit run HOOK --files FILES` in project."""
    return subprocess.run([sys.executable, "-m", "pre_commit", "run", hook, "--files", *files], cwd=project,
                          env=git_env(PRE_COMMIT_HOME=str(home), NO_COLOR="1"), capture_output=True, text=True)


def readme_config(hook_repo: Path) -> str:
    """The README's `.pre-commit-config.yaml`, pointed at ``hook_repo`` (its `rev` kept)."""
    config = the_block(lambda b: "repos" in b)
    (repo,) = config["repos"]
    repo["repo"] = str(hook_repo)
    return yaml.safe_dump(config)


def test_the_hooks_file_keeps_the_check_and_the_fix_hook():
    hooks = {hook["id"]: hook for hook in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())}
    assert hooks["migrator"]["entry"].startswith("migrator check")
    assert hooks["migrator-fix"]["entry"].startswith("migrator fix")


def test_each_hook_runs_in_one_process_as_ruffs_do():
    """pre-commit splits the files of a hook that is not require_serial among processes, one per
    core, each printing a summary of its own."""
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    assert {hook["id"]: hook["require_serial"] for hook in hooks} == {"migrator": True, "migrator-fix": True}


def test_a_run_over_many_files_prints_one_summary(hook_repo, pre_commit_home, tmp_path):
    project = tmp_path / "project"
    project.mkdir()
    (project / ".pre-commit-config.yaml").write_text(readme_config(hook_repo))
    files = [f"client{index}.py" for index in range(12)]  # more than pre-commit's 4 a process per core
    for name in files:
        (project / name).write_text(DEPRECATED)
    commit_all(project, "deprecated uses")
    check = pre_commit(pre_commit_home, project, "migrator", *files)
    assert check.returncode == 1, check.stdout + check.stderr
    assert check.stdout.count("Found 12 findings.") == 1
    assert len(re.findall(r"^Found \d+ finding", check.stdout, re.M)) == 1


def test_check_fails_then_fix_rewrites_and_fails_then_check_passes(hook_repo, pre_commit_home, tmp_path):
    project = tmp_path / "project"
    (project / "vendor").mkdir(parents=True)
    (project / ".pre-commit-config.yaml").write_text(readme_config(hook_repo))
    (project / "client.py").write_text(DEPRECATED)
    (project / "vendor" / "theirs.py").write_text(DEPRECATED)
    (project / "migrator.toml").write_text('extend-exclude = ["vendor"]\n')
    commit_all(project, "a deprecated use")
    files = ("client.py", "vendor/theirs.py")

    check = pre_commit(pre_commit_home, project, "migrator", *files)
    assert check.returncode == 1, check.stdout + check.stderr
    assert "client.py:2:7: MIG060" in check.stdout and "theirs.py" not in check.stdout

    fix = pre_commit(pre_commit_home, project, "migrator-fix", *files)
    assert fix.returncode == 1, fix.stdout + fix.stderr
    assert "files were modified by this hook" in fix.stdout
    assert (project / "client.py").read_text() == FIXED
    assert (project / "vendor" / "theirs.py").read_text() == DEPRECATED

    again = pre_commit(pre_commit_home, project, "migrator", *files)
    assert again.returncode == 0, again.stdout + again.stderr
    assert "Passed" in again.stdout


def test_the_readme_pins_this_release_as_rev_and_pip_version():
    """The README's pre-commit `rev` is this version's tag, and its install lines pin this version."""
    readme = (ROOT / "README.md").read_text()
    (repo,) = the_block(lambda b: "repos" in b)["repos"]
    assert repo["rev"] == f"v{__version__}"
    assert {hook["id"] for hook in repo["hooks"]} == {"migrator", "migrator-fix"}
    assert f"pip install apiv5-migrator=={__version__}" in readme
    assert set(re.findall(r"apiv5-migrator==([\w.]+)", readme)) == {__version__}
