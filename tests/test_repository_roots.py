"""A finding's repository is the remote of the repository root above its file: found by looking
for ``.git`` (a directory, or the file of a worktree or a submodule), with git asked once per
root, however many directories the findings are in; a file in no repository has none, and git
is not asked."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from migrator.app import repository
from migrator.app.repository import git_remote, with_repository
from migrator.ignores import repository_of
from migrator.values import Reported, Span

from .gitrepo import git


def finding(filename: str) -> Reported:
    return Reported("MIG060", "runner-active-field", "runner-active", "active is removed", "high", "typed",
                   filename, Span.of(2, 7, 2, 20), source_line="print(runner.active)")


@pytest.fixture
def git_calls(monkeypatch) -> list[list[str]]:
    """Every time git is asked for a remote (each still runs); the tests' own git set-up is not
    counted."""
    calls: list[list[str]] = []
    real = subprocess.run

    def counted(args, *rest, **options):
        if "remote.origin.url" in args:
            calls.append(list(args))
        return real(args, *rest, **options)

    monkeypatch.setattr(repository.subprocess, "run", counted)
    return calls


def new_repository(path: Path, remote: str | None, *init: str) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    git(path, "init", "-q", *init)
    if remote:
        git(path, "remote", "add", "origin", remote)
    return path


def nested_files(root: Path, directories: int = 30) -> list[str]:
    files = []
    for d in range(directories):
        directory = root / f"team{d % 3}" / f"service{d}" / "client"
        directory.mkdir(parents=True, exist_ok=True)
        (directory / "api.py").write_text("runner = gl.runners.get(1)\nprint(runner.active)\n")
        files.append(str(directory / "api.py"))
    return files


def test_findings_in_many_nested_directories_ask_git_once(tmp_path, git_calls):
    root = new_repository(tmp_path / "project", "git@gitlab.example.com:platform/api-client.git")
    files = nested_files(root)
    found = with_repository([finding(f) for f in files])
    assert {f.repository for f in found} == {"platform/api-client"}
    assert len(git_calls) == 1


def test_the_repositories_are_those_git_gives_for_each_directory(tmp_path, monkeypatch, git_calls):
    root = new_repository(tmp_path / "project", "https://gitlab.example.com/group/sub/project.git")
    files = nested_files(root, 6) + [str(root / "top.py")]
    monkeypatch.chdir(root)
    relative = [str(Path(f).relative_to(root)) for f in files]
    expected = [git_remote(str(Path(f).parent)) for f in files]  # as before: git asked in each directory
    git_calls.clear()
    assert [f.repository for f in with_repository([finding(f) for f in files + relative])] == expected * 2
    assert len(git_calls) == 1


def test_a_submodule_or_worktree_with_a_git_file_is_a_repository_of_its_own(tmp_path, git_calls):
    outer = new_repository(tmp_path / "outer", "git@gitlab.example.com:platform/outer.git")
    inner = new_repository(outer / "vendor" / "inner", "git@gitlab.example.com:platform/inner.git",
                           f"--separate-git-dir={tmp_path / 'inner-git'}")
    assert (inner / ".git").is_file()  # "gitdir: …", as in a submodule or a worktree
    (inner / "deep").mkdir()
    files = [str(outer / "a.py"), str(inner / "b.py"), str(inner / "deep" / "c.py"), str(outer / "vendor" / "d.py")]
    found = [f.repository for f in with_repository([finding(f) for f in files])]
    assert found == ["platform/outer", "platform/inner", "platform/inner", "platform/outer"]
    assert found == [git_remote(str(Path(f).parent)) for f in files]  # as git finds them
    assert len(git_calls) == 2 + 4  # once per root, then the four comparisons


def test_a_file_in_no_repository_has_none_and_git_is_not_asked(tmp_path, git_calls):
    outside = tmp_path / "plain" / "dir"
    outside.mkdir(parents=True)
    if repository_of(outside) is not None:
        pytest.skip(f"the temporary directory lies in a git repository ({repository_of(outside)})")
    assert [f.repository for f in with_repository([finding(str(outside / "a.py"))])] == [None]
    assert git_calls == []


def test_a_repository_without_a_remote_has_none(tmp_path, git_calls):
    root = new_repository(tmp_path / "local", None)
    assert [f.repository for f in with_repository([finding(str(root / "a.py")), finding(str(root / "b/c.py"))])] \
        == [None, None]
    assert len(git_calls) == 1


def test_the_repository_option_asks_git_nothing(tmp_path, git_calls):
    root = new_repository(tmp_path / "project", "git@gitlab.example.com:platform/api-client.git")
    assert [f.repository for f in with_repository([finding(str(root / "a.py"))], "audit/renamed")] \
        == ["audit/renamed"]
    assert git_calls == []
