"""The result cache (migrator/app/cache.py): a warm run reports what a cold run reports; a changed
file, setting or rule table is checked again; a cache committed to the repository cannot hide a
finding; a cache that cannot be written never fails the run."""

from __future__ import annotations

import dataclasses
import os
import stat
from pathlib import Path

import pytest

from migrator.app import check as check_module
from migrator.app.cache import PACK, ResultCache
from migrator.app.check import check_paths
from migrator.app.runner import run_all
from migrator.app.settings import Settings
from migrator.config import Configs
from migrator.ruletable import load_table
from migrator.userdir import secret, user_cache_dir
from tests import hostile_inputs as h
from tests.gitrepo import git
from tests.hostile_run import check_json, migrator

FINDING = h.CLEAN_PYTHON  # MIG060 (runner.active) on line 4
NO_FINDING = FINDING.replace("runner.active", "runner.xctive")  # the same size
CLEAN_FILE = "import os\nprint(os.name)\n"
AN_HOUR_AGO = 3600 * 10**9


def settled(path: Path, text: str, mtime_ns: int | None = None) -> Path:
    """Write a file and date it an hour back: the cache stores no file modified in the last
    seconds (a second write in the same clock tick would keep its times)."""
    path.write_text(text)
    when = mtime_ns if mtime_ns is not None else os.stat(path).st_mtime_ns - AN_HOUR_AGO
    os.utime(path, ns=(when, when))
    return path


@pytest.fixture
def tree(tmp_path, monkeypatch):
    """A project with one finding (clean.py) and one clean file, as the working directory."""
    settled(tmp_path / "clean.py", FINDING)
    settled(tmp_path / "other.py", CLEAN_FILE)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def found(directory: Path, cache: bool = True, **overrides) -> list[tuple[str, str]]:
    settings = Settings(Configs(overrides, cwd=directory), cache=cache)
    return [(f.filename, f.code) for f in check_paths(["."], settings).findings]


def hide_findings(directory: Path, key: bytes | None = None) -> None:
    """Rewrite the pack so that every entry claims no findings, signed with ``key`` (default: the
    user's own, as only migrator itself could). A run that then reports nothing used the cache."""
    cache = ResultCache(directory / ".migrator_cache", load_table(), secret())
    cache.key = key or cache.key
    cache.entries = {path: entry._replace(blob=b"") for path, entry in cache.entries.items()}
    cache.changed = True
    cache.save()


def test_a_warm_run_reports_what_the_cold_run_reported(tree):
    assert found(tree) == [("clean.py", "MIG060")]
    assert (tree / ".migrator_cache" / PACK).is_file()
    assert found(tree) == [("clean.py", "MIG060")]


def test_a_warm_run_takes_each_unchanged_files_result_from_the_cache(tree):
    found(tree)
    hide_findings(tree)
    assert found(tree) == []


def test_the_cache_directory_is_git_ignored_and_the_key_is_private(tree):
    found(tree)
    assert (tree / ".migrator_cache" / ".gitignore").read_text().splitlines()[-1] == "*"
    key = user_cache_dir() / "key"
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert not (tree / ".migrator_cache" / "key").exists()


@pytest.mark.parametrize("forged", ["signed with another key", "not a pack"])
def test_a_forged_cache_committed_to_the_repository_cannot_hide_a_finding(tree, forged):
    found(tree)
    if forged == "not a pack":
        (tree / ".migrator_cache" / PACK).write_bytes(b"migrator-results-1\n" + b"\0" * 40)
    else:
        hide_findings(tree, key=b"the attacker's key, not the user's")
    git(tree, "init", "-q", "-b", "main")
    git(tree, "add", "-f", ".")
    git(tree, "commit", "-q", "-m", "a cache that claims clean.py has no findings")

    outcome = check_json(tree)

    assert outcome.status == 1
    assert outcome.codes_by_file() == {"clean.py": ["MIG060"]}
    hide_findings(tree)  # the forged pack was replaced by one the user's key signs
    assert check_json(tree).codes_by_file() == {}


def test_a_file_rewritten_to_the_same_size_and_mtime_is_checked_again(tree):
    path = settled(tree / "clean.py", NO_FINDING)
    assert found(tree) == []
    settled(path, FINDING, mtime_ns=os.stat(path).st_mtime_ns)
    assert found(tree) == [("clean.py", "MIG060")]


@pytest.mark.parametrize(("overrides", "expected"), [
    ({"ignore": ["MIG100"]}, "MIG060"),
    ({"target-version": "16.11"}, "MIG060"),
    ({"per-file-ignores": {"clean.py": ["MIG100"]}}, "MIG060"),
    ({"max-file-size": 50}, "MIG999"),  # clean.py is over the limit now
])
def test_a_changed_setting_of_a_file_checks_it_again(tree, overrides, expected):
    found(tree)
    hide_findings(tree)
    assert found(tree, **overrides) == [("clean.py", expected)]


def test_a_per_file_ignore_of_another_file_keeps_this_files_cached_result(tree):
    found(tree)
    hide_findings(tree)
    assert found(tree, **{"per-file-ignores": {"other.py": ["MIG060"]}}) == []


def test_a_changed_configuration_file_checks_the_files_again(tree):
    found(tree)
    hide_findings(tree)
    (tree / "migrator.toml").write_text('target-version = "17.0"\n')
    assert found(tree) == [("clean.py", "MIG060")]


def test_a_changed_rule_table_checks_the_files_again(tree, monkeypatch):
    found(tree)
    hide_findings(tree)
    changed = dataclasses.replace(load_table(), digest="0" * 16)
    monkeypatch.setattr(check_module, "load_table", lambda: changed)
    assert found(tree) == [("clean.py", "MIG060")]


def test_no_cache_neither_reads_nor_writes_the_cache(tree, tmp_path_factory):
    found(tree)
    hide_findings(tree)
    assert found(tree, cache=False) == [("clean.py", "MIG060")]
    fresh = tmp_path_factory.mktemp("fresh")
    settled(fresh / "clean.py", FINDING)
    outcome = migrator("check", "--no-cache", ".", cwd=fresh)
    assert outcome.status == 1
    assert not (fresh / ".migrator_cache").exists()


@pytest.mark.parametrize("where", ["read-only cache-dir", "read-only tree"])
def test_a_cache_that_cannot_be_written_never_fails_the_run(tree, where):
    if where == "read-only cache-dir":
        (tree / "cache").mkdir(mode=0o555)
        (tree / "migrator.toml").write_text('cache-dir = "cache"\n')
    for path in (tree, *tree.iterdir()):
        if where == "read-only tree":
            path.chmod(path.stat().st_mode & ~0o222)
    try:
        outcome = check_json(tree, obey_modes=True)
    finally:
        for path in (tree, *tree.iterdir()):
            path.chmod(path.stat().st_mode | 0o200)
    assert (outcome.status, outcome.stderr) == (1, "")
    assert outcome.codes_by_file() == {"clean.py": ["MIG060"]}
    assert list((tree / "cache").iterdir() if where == "read-only cache-dir" else []) == []
    assert not (tree / ".migrator_cache").exists()


def test_fix_after_a_warm_check_rewrites_exactly_as_a_cold_fix(tmp_path_factory):
    outputs = []
    for warm in (True, False):
        directory = tmp_path_factory.mktemp("warm" if warm else "cold")
        settled(directory / "clean.py", FINDING)
        settled(directory / "other.py", CLEAN_FILE)
        if warm:
            migrator("check", ".", cwd=directory)
        outcome = migrator("fix", *(() if warm else ("--no-cache",)), ".", cwd=directory)
        outputs.append((outcome.status, outcome.stdout, (directory / "clean.py").read_text()))
    assert outputs[0] == outputs[1]
    assert "not runner.paused" in outputs[0][2]


def test_a_warm_fix_reports_what_a_cold_fix_reports_for_files_it_leaves_alone(tree):
    settled(tree / "clean.py", FINDING.replace("runner.active", "runner.ip_address"))  # display-only
    cold = migrator("fix", "--no-cache", ".", cwd=tree)
    migrator("check", ".", cwd=tree)
    assert migrator("fix", ".", cwd=tree) == cold
    assert cold.status == 1


def test_files_found_while_the_pool_runs_come_back_in_order():
    assert run_all(abs, (-i for i in range(200)), jobs=2) == list(range(200))


def test_a_report_with_edits_after_a_text_check_shows_the_edits_a_cold_report_shows(tree):
    cold = check_json(tree, "--no-cache").stdout
    migrator("check", ".", cwd=tree)  # fills the cache without edits
    assert check_json(tree).stdout == cold  # the first report that shows edits
    assert check_json(tree).stdout == cold  # and a warm one
    assert '"content": "not runner.paused"' in cold
