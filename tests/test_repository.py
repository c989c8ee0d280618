"""Every finding says which repository it was found in: `--repository NAME`, else the project path
of the checked tree's git remote `origin` (no host, no credentials, no `.git`), else null. The
JSON output carries it, so `migrator report --merge` keeps it per finding."""

from __future__ import annotations

import json
import os
import time

import pytest
from click.testing import CliRunner

from migrator.app.repository import project_path
from migrator.cli import main

from .gitrepo import commit_all, git

RUNNER_ACTIVE = "runner = gl.runners.get(1)\nprint(runner.active)\n"
CI_REMOTE = "https://gitlab-ci-token:glcbt-secret@gitlab.example.com/platform/api-client.git"


@pytest.mark.parametrize("url, name", [
    ("https://gitlab.example.com/platform/api-client.git", "platform/api-client"),
    (CI_REMOTE, "platform/api-client"),
    ("https://gitlab.example.com/group/sub/project/", "group/sub/project"),
    ("git@gitlab.example.com:group/sub/project.git", "group/sub/project"),
    ("gitlab.example.com:group/project", "group/project"),
    ("ssh://git@gitlab.example.com:2222/group/project.git", "group/project"),
    ("file:///srv/git/project.git", "project"),
    ("/srv/git/project.git", "project"),
    ("../project", "project"),
    ("https://gitlab.example.com/group/project.git\n", "group/project"),
    ("", None),
])
def test_a_remote_url_is_reduced_to_the_project_path(url, name):
    assert project_path(url) == name


def check_json(*args: str) -> list[dict]:
    result = CliRunner().invoke(main, ["check", "--output-format", "json", *args], catch_exceptions=False)
    assert result.exit_code == 1, result.output
    return json.loads(result.stdout)


@pytest.fixture
def tree(tmp_path, monkeypatch):
    """A working directory holding client.py (one finding), not yet a git repository."""
    (tmp_path / "client.py").write_text(RUNNER_ACTIVE)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_findings_take_the_repository_from_the_git_remote_without_its_token(tree):
    commit_all(tree)
    git(tree, "remote", "add", "origin", CI_REMOTE)
    result = CliRunner().invoke(main, ["check", "--output-format", "json"], catch_exceptions=False)
    assert [f["repository"] for f in json.loads(result.stdout)] == ["platform/api-client"]
    assert "glcbt-secret" not in result.stdout


def test_a_remote_fetched_through_a_mirror_keeps_its_project_path(tree, tmp_path_factory, monkeypatch):
    """A CI runner may fetch the host through a local mirror (git's ``url.<base>.insteadOf``): the
    repository is the project the remote names, not the mirror's directory."""
    commit_all(tree)
    git(tree, "remote", "add", "origin", CI_REMOTE)
    git(tree, "config", f"url.{tmp_path_factory.mktemp('mirror').as_uri()}/.insteadOf", "https://gitlab.example.com/")
    assert [f["repository"] for f in check_json()] == ["platform/api-client"]


def test_files_named_from_outside_the_repository_take_its_remote_too(tree, tmp_path_factory, monkeypatch):
    commit_all(tree)
    git(tree, "remote", "add", "origin", "git@gitlab.example.com:ops/runner-tools.git")
    monkeypatch.chdir(tmp_path_factory.mktemp("elsewhere"))
    assert [f["repository"] for f in check_json(str(tree / "client.py"))] == ["ops/runner-tools"]


@pytest.mark.parametrize("setup", ["not a git repository", "a git repository without a remote"])
def test_without_a_remote_the_repository_is_null(tree, setup):
    if setup != "not a git repository":
        commit_all(tree)
    assert [f["repository"] for f in check_json()] == [None]


def test_the_repository_option_names_every_finding_whatever_the_remote(tree):
    commit_all(tree)
    git(tree, "remote", "add", "origin", CI_REMOTE)
    assert [f["repository"] for f in check_json("--repository", "audit/renamed")] == ["audit/renamed"]


def test_fix_json_output_names_the_repository_of_the_remaining_findings(tree):
    (tree / "mrs.py").write_text("mr = project.mergerequests.get(1)\nwho = mr.merged_by\n")  # unsafe: stays
    commit_all(tree)
    git(tree, "remote", "add", "origin", CI_REMOTE)
    fixed = CliRunner().invoke(main, ["fix", "--output-format", "json"], catch_exceptions=False)
    named = CliRunner().invoke(main, ["fix", "--output-format", "json", "--repository", "audit/renamed"],
                               catch_exceptions=False)
    assert [(f["filename"], f["repository"]) for f in json.loads(fixed.stdout)] == [("mrs.py", "platform/api-client")]
    assert [f["repository"] for f in json.loads(named.stdout)] == ["audit/renamed"]
    assert (tree / "client.py").read_text() == "runner = gl.runners.get(1)\nprint(not runner.paused)\n"


def test_merged_results_keep_the_repository_each_run_found(tree, tmp_path_factory):
    """Two repositories checked in turn, their results merged: each finding keeps its remote."""
    results = []
    for name, remote in (("a", "https://gitlab.example.com/platform/a.git"), ("b", "git@gitlab.example.com:ops/b.git")):
        repo = tmp_path_factory.mktemp(name)
        (repo / "client.py").write_text(RUNNER_ACTIVE)
        commit_all(repo)
        git(repo, "remote", "add", "origin", remote)
        results.append(repo / "result.json")
        results[-1].write_text(json.dumps(check_json(str(repo))))
    merged = CliRunner().invoke(main, ["report", "--merge", *map(str, results)], catch_exceptions=False)
    assert [f["repository"] for f in json.loads(merged.stdout)] == ["platform/a", "ops/b"]


def test_fix_json_output_names_the_repository_of_findings_the_cache_held(tree):
    """A file a text `check` cached (its findings cached without what the fixers read) is not
    fixed again when no fix of it applies; its findings are still shown with their repository."""
    (tree / "mrs.py").write_text("mr = project.mergerequests.get(1)\nwho = mr.merged_by\n")  # unsafe: stays
    long_ago = time.time() - 3600  # older than the cache's racy window, so its result is kept
    os.utime(tree / "mrs.py", (long_ago, long_ago))
    commit_all(tree)
    git(tree, "remote", "add", "origin", CI_REMOTE)
    CliRunner().invoke(main, ["check", "--exit-zero"], catch_exceptions=False)
    named = CliRunner().invoke(main, ["fix", "--output-format", "json", "--repository", "audit/renamed"],
                               catch_exceptions=False)
    [remaining] = [f for f in json.loads(named.stdout) if f["filename"] == "mrs.py"]
    assert remaining["repository"] == "audit/renamed"
    assert remaining["fix"]["edits"]  # its unsafe fix's edit, found again from the file
