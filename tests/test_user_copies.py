"""Copies kept in the user's directory (userdir.keep: the rule table, its lore, the Hyperscan
databases): written in one step and readable by the user alone, never a temporary file left
behind, and a copy unused for a month removed when another of its kind is kept."""

import os
import stat
import time

from migrator import userdir
from migrator.ruletable import load_table

MONTH_AGO = time.time() - userdir.PRUNE_AFTER - 60


def _aged(path, when=MONTH_AGO):
    path.write_bytes(b"an old copy")
    os.utime(path, (when, when))
    return path


def test_a_kept_copy_is_the_users_alone(tmp_path):
    copy = tmp_path / "migrator" / "ruletable-a.pickle"
    userdir.keep(copy, b"table")
    assert copy.read_bytes() == b"table"
    assert stat.S_IMODE(copy.stat().st_mode) == 0o600
    assert os.listdir(copy.parent) == ["ruletable-a.pickle"]


def test_a_copy_that_cannot_be_put_in_place_leaves_no_temporary_file(tmp_path, monkeypatch):
    def refused(source, target):
        raise PermissionError(13, "Permission denied", str(target))

    monkeypatch.setattr(os, "replace", refused)
    userdir.keep(tmp_path / "ruletable-a.pickle", b"table")
    assert os.listdir(tmp_path) == []


def test_copies_of_its_kind_unused_for_a_month_go_when_another_is_kept(tmp_path):
    old_table, old_lore = _aged(tmp_path / "ruletable-old.pickle"), _aged(tmp_path / "ruletable-old.lore")
    recent = _aged(tmp_path / "ruletable-recent.pickle", time.time() - 3600)
    other_kind = _aged(tmp_path / "hyperscan-old.db")
    key = _aged(tmp_path / "key")
    (tmp_path / "ruletable-link.pickle").symlink_to(old_table)
    userdir.keep(tmp_path / "ruletable-new.pickle", b"table")
    assert not old_table.exists() and not old_lore.exists()
    assert recent.exists() and other_kind.exists() and key.exists()
    assert (tmp_path / "ruletable-link.pickle").is_symlink()  # a link is never followed nor removed


def test_a_table_read_from_its_copy_marks_it_and_its_lore_used(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    load_table.__wrapped__()
    copies = sorted((tmp_path / "migrator").glob("ruletable-*"))
    assert [path.suffix for path in copies] == [".lore", ".pickle"]
    for path in copies:
        os.utime(path, (MONTH_AGO, MONTH_AGO))
    load_table.__wrapped__()
    assert all(path.stat().st_mtime > MONTH_AGO + 3600 for path in copies)
