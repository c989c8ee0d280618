"""Issue 9, "files skipped with no word" and "writes": UTF-16, CR-only line endings, a BOM before
a recording and unreadable directories are checked or named, never passed over in silence; fix
removes its own stale temporary files, keeps the owner, leaves hard-linked files alone and
counts only the fixes it wrote."""

from __future__ import annotations

import os
import subprocess

import pytest

from migrator.source.writes import STALE_AFTER, remove_stale_temporaries
from tests import hostile_inputs as h
from tests.hostile_run import check_json, migrator

CLEAN = {"clean.py": ["MIG060"]}


def test_utf16_with_a_bom_is_checked_like_utf8(tmp_path):
    h.utf16_files(tmp_path, bom=True)
    found = check_json(tmp_path).codes_by_file()
    assert sorted(found) == [".gitlab-ci.yml", "utf16.json", "utf16.py", "utf16.sh"]
    assert "MIG999" not in sum(found.values(), [])
    assert (len(found["utf16.sh"]), len(found[".gitlab-ci.yml"])) == (6, 2)  # as the UTF-8 files give


def test_utf16_without_a_bom_is_a_parse_error_for_each_file(tmp_path):
    h.utf16_files(tmp_path, bom=False)
    found = check_json(tmp_path).codes_by_file()
    assert found == {name: ["MIG999"] for name in (".gitlab-ci.yml", "utf16.json", "utf16.py", "utf16.sh")}


def test_an_unreadable_directory_is_a_finding_naming_it(tmp_path):
    h.unreadable_directory(tmp_path)
    h.clean_python(tmp_path)
    outcome = check_json(tmp_path, obey_modes=True)
    assert (outcome.status, outcome.codes_by_file()) == (1, {"private": ["MIG999"], **CLEAN})
    [private] = [f for f in outcome.findings if f["filename"] == "private"]
    assert private["message"] == "could not read this directory, so its files were not checked: Permission denied"


def test_a_cr_only_shell_script_is_a_parse_error_that_says_why(tmp_path):
    h.cr_only_shell(tmp_path)
    [finding] = check_json(tmp_path).findings
    assert finding["code"] == "MIG999" and "CR-only line endings" in finding["message"]


@pytest.mark.parametrize("writer, name", [(h.cr_only_proto, "cr.proto"), (lambda d, nl="\r": h.cr_only_ci(d, nl), ".gitlab-ci.yml")])
def test_cr_only_proto_and_ci_yaml_give_their_lf_twins_findings_and_positions(tmp_path, writer, name):
    writer(tmp_path / "cr")
    writer(tmp_path / "lf", "\n")
    cr, lf = (check_json(tmp_path / which).findings for which in ("cr", "lf"))
    assert [(f["code"], f["location"]) for f in cr] == [(f["code"], f["location"]) for f in lf] != []


def test_fix_rewrites_cr_only_ci_yaml_as_its_lf_twin_keeping_the_cr(tmp_path):
    path = h.cr_only_ci(tmp_path / "cr")
    twin = h.cr_only_ci(tmp_path / "lf", "\n")
    assert migrator("fix", ".", cwd=tmp_path).status == 1
    assert path.read_bytes() == twin.read_bytes().replace(b"\n", b"\r")
    assert path.read_bytes() != h.CI_YAML.replace("\n", "\r").encode()


def test_a_bom_before_a_responses_recording_keeps_its_findings(tmp_path):
    h.bom_responses(tmp_path)
    h.bom_responses(tmp_path, bom=False, name="plain.yaml")
    found = check_json(tmp_path).codes_by_file()
    assert found["responses.yaml"] == found["plain.yaml"] and len(found["plain.yaml"]) == 3


def test_the_next_fix_removes_stale_temporary_files_of_its_own_naming_only(tmp_path):
    target = h.clean_python(tmp_path)
    stale = h.stale_temp_file(tmp_path, target)
    fresh = h.stale_temp_file(tmp_path, target, age=0)
    fresh = fresh.rename(tmp_path / ".clean.py.a1b2c3d4.migrator")
    foreign = tmp_path / ".clean.py.notours.tmp"
    foreign.write_text("x")
    assert migrator("fix", ".", cwd=tmp_path).status == 1
    assert (stale.exists(), fresh.exists(), foreign.exists()) == (False, True, True)


def test_stale_means_older_than_a_running_fix_can_be(tmp_path):
    target = h.clean_python(tmp_path)
    young = h.stale_temp_file(tmp_path, target, age=STALE_AFTER / 2)
    assert remove_stale_temporaries([tmp_path]) == []
    assert remove_stale_temporaries([tmp_path], now=young.stat().st_mtime + STALE_AFTER + 1) == [young]


@pytest.mark.skipif(not h.ROOT_IGNORES_MODES, reason="giving a file to another owner needs root")
def test_fix_keeps_the_owner_and_group(tmp_path):
    path = h.clean_python(tmp_path)
    os.chown(path, 1234, 5678)
    assert migrator("fix", ".", cwd=tmp_path).status == 1
    assert "runner.paused" in path.read_text()
    assert (path.stat().st_uid, path.stat().st_gid) == (1234, 5678)


def test_a_file_with_two_hard_links_is_left_unfixed_with_a_warning(tmp_path):
    path = h.clean_python(tmp_path)
    os.link(path, tmp_path / "other.py")
    outcome = migrator("fix", "clean.py", cwd=tmp_path)
    assert outcome.status == 1
    assert "warning: clean.py: not fixed: it has 2 hard links" in outcome.stderr
    assert path.read_text() == h.CLEAN_PYTHON and os.stat(path).st_nlink == 2


def test_failed_writes_are_not_counted_as_fixed(tmp_path):
    files = h.unwritable_tree(tmp_path / "locked")
    outcome = migrator("fix", ".", cwd=tmp_path, obey_modes=True)
    assert outcome.status == 2
    assert "Found 3 findings (0 fixed, 3 remaining)." in outcome.stdout
    assert all(f.read_text() == h.CLEAN_PYTHON for f in files)
    subprocess.run(["chmod", "755", str(tmp_path / "locked")], check=True)
