"""Hostile input, third round: a repository can commit anything under its cache directory
(migrator/app/cache.py, migrator/app/cachedir.py), and none of it can be turned against the run.

What a user relies on, for each case: the run ends with the status its files give (1 here: every
tree holds findings), every file is still reported, one warning line on stderr names the path
that was refused, and nothing is read through it, written through it or written where the
repository put it (a link to the repository's root, a FIFO, a link out of the tree).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from migrator.app import cachedir
from migrator.app.cache import PACK, ResultCache
from migrator.app.cachedir import MAX_PACK_BYTES, Refused
from migrator.ruletable import load_table
from migrator.userdir import secret
from tests import hostile_inputs as h
from tests.gitrepo import commit_all, git
from tests.hostile_run import Outcome, check_json

EVERY_FILE = {"clean.py": ["MIG060"], "other.py": ["MIG060"]}
OFF = "; running without the result cache"


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A project with two files of one finding each, dated an hour back (so that a run would
    store them), inside tmp_path so that tmp_path / "outside" is out of the tree."""
    project = tmp_path / "project"
    project.mkdir()
    for name in EVERY_FILE:
        path = project / name
        path.write_text(h.CLEAN_PYTHON)
        when = path.stat().st_mtime_ns - 3600 * 10**9
        os.utime(path, ns=(when, when))
    return project


def planted_pack(tree: Path) -> Path:
    (tree / ".migrator_cache").mkdir()
    return tree / ".migrator_cache" / PACK


def assert_refused(outcome: Outcome, shown: str, what: str) -> None:
    """The run reported every file with its usual status, and said once which path it refused."""
    assert outcome.status == 1
    assert outcome.codes_by_file() == EVERY_FILE
    assert outcome.stderr.splitlines() == [f"warning: {shown}: {what}{OFF}"]


# --- 1. results.bin is not a regular file --------------------------------------------------------

def test_a_pack_linked_to_dev_zero_is_not_read_and_every_file_is_reported(tree):
    pack = planted_pack(tree)
    pack.symlink_to("/dev/zero")
    assert_refused(check_json(tree), ".migrator_cache/results.bin", "a symbolic link, not a cache file")
    assert os.readlink(pack) == "/dev/zero"


def test_a_pack_that_is_a_fifo_does_not_hang_the_run_and_stays_a_fifo(tree):
    pack = planted_pack(tree)
    os.mkfifo(pack)
    assert_refused(check_json(tree), ".migrator_cache/results.bin", "a FIFO, not a cache file")
    assert stat.S_ISFIFO(os.lstat(pack).st_mode)


def test_a_pack_linked_out_of_the_tree_is_neither_read_nor_written_through(tree):
    victim = tree.parent / "victim.txt"
    victim.write_text("not migrator's\n")
    pack = planted_pack(tree)
    pack.symlink_to(victim)
    assert_refused(check_json(tree), ".migrator_cache/results.bin", "a symbolic link, not a cache file")
    assert pack.is_symlink() and victim.read_text() == "not migrator's\n"


def test_a_pack_larger_than_the_bound_is_not_read_and_left_as_it_is(tree):
    pack = planted_pack(tree)
    with open(pack, "wb") as out:  # sparse: no disk space, no memory
        out.truncate(MAX_PACK_BYTES + 1)
    assert_refused(check_json(tree), ".migrator_cache/results.bin",
                   f"larger than {MAX_PACK_BYTES // 2**20} MiB, not a cache file")
    assert pack.stat().st_size == MAX_PACK_BYTES + 1


@pytest.mark.parametrize("planted", ["fifo", "link out of the tree"])
def test_a_pack_planted_while_a_run_goes_on_is_not_written_into(tree, planted, capsys):
    cache = ResultCache(tree / ".migrator_cache", load_table(), secret())
    cache.changed = True  # the run has something to store
    pack = planted_pack(tree)
    victim = tree.parent / "victim.txt"
    victim.write_text("not migrator's\n")
    if planted == "fifo":
        os.mkfifo(pack)
    else:
        pack.symlink_to(victim)
    cache.save()
    assert stat.S_ISFIFO(os.lstat(pack).st_mode) if planted == "fifo" else pack.is_symlink()
    assert victim.read_text() == "not migrator's\n"
    assert len(capsys.readouterr().err.splitlines()) == 1


@pytest.mark.parametrize("planted", ["fifo", "link", "directory"])
def test_a_cache_file_is_replaced_only_when_it_is_a_regular_file(tmp_path, planted):
    victim = tmp_path / "victim.txt"
    victim.write_text("not migrator's\n")
    {"fifo": lambda p: os.mkfifo(p), "link": lambda p: p.symlink_to(victim), "directory": Path.mkdir}[planted](
        tmp_path / PACK)
    directory = os.open(tmp_path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        with pytest.raises(Refused, match=r"results\.bin: a (FIFO|symbolic link|directory), not a cache file"):
            cachedir.replace(directory, PACK, b"pack", tmp_path)
    finally:
        os.close(directory)
    assert victim.read_text() == "not migrator's\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == [PACK, "victim.txt"]  # no temporary left


# --- 2. the cache directory is a link --------------------------------------------------------------

def test_a_cache_dir_committed_as_a_link_to_the_root_writes_nothing_into_the_repository(tree):
    (tree / ".migrator_cache").symlink_to(".")
    commit_all(tree)
    before = sorted(p.name for p in tree.iterdir())
    assert_refused(check_json(tree), ".migrator_cache", "a symbolic link, not a directory")
    assert sorted(p.name for p in tree.iterdir()) == before  # no .gitignore, CACHEDIR.TAG, results.bin
    (tree / "new.py").write_text("print()\n")
    assert git(tree, "status", "--porcelain") == "?? new.py\n"  # git still shows new files


def test_a_cache_dir_linked_out_of_the_tree_writes_nothing_there(tree):
    outside = tree.parent / "outside"
    outside.mkdir()
    (tree / ".migrator_cache").symlink_to(outside)
    assert_refused(check_json(tree), ".migrator_cache", "a symbolic link, not a directory")
    assert list(outside.iterdir()) == []


def test_a_link_among_the_cache_dirs_parents_is_refused_too(tree):
    outside = tree.parent / "outside"
    outside.mkdir()
    (tree / "build").symlink_to(outside)
    (tree / "migrator.toml").write_text('cache-dir = "build/migrator-cache"\n')
    assert_refused(check_json(tree), "build", "a symbolic link, not a directory")
    assert list(outside.iterdir()) == []


def test_a_gitignore_goes_only_into_a_cache_dir_migrator_made(tree):
    (tree / "cache").mkdir()
    (tree / "migrator.toml").write_text('cache-dir = "cache"\n')
    outcome = check_json(tree)
    assert (outcome.status, outcome.stderr, outcome.codes_by_file()) == (1, "", EVERY_FILE)
    assert sorted(p.name for p in (tree / "cache").iterdir()) == [PACK]  # the cache works, untagged
    warm = check_json(tree)
    assert (warm.status, warm.stderr, warm.codes_by_file()) == (1, "", EVERY_FILE)


def test_a_cache_dir_migrator_made_is_git_ignored_and_tagged(tree):
    (tree / "migrator.toml").write_text('cache-dir = "build/migrator-cache"\n')
    assert check_json(tree).stderr == ""
    assert sorted(p.name for p in (tree / "build" / "migrator-cache").iterdir()) == [
        ".gitignore", "CACHEDIR.TAG", PACK]
    assert list((tree / "build").iterdir()) == [tree / "build" / "migrator-cache"]
