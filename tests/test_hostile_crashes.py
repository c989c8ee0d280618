"""Issue 9, "a committed file crashes or aborts the whole run": each hostile input beside a clean
file. The hostile file gets one parse-error finding that names it (or a warning on stderr, for
what is not a regular file), and the clean file's finding is still reported."""

from __future__ import annotations

import faulthandler
import json
import os
import signal
import subprocess
from pathlib import Path

import pytest

from migrator.app.runner import run_all
from migrator.scan.yamlpos import MAX_NESTING, compose_nodes
from migrator.values import ScanError
from tests import hostile_inputs as h
from tests.hostile_run import check_json, migrator

CLEAN = {"clean.py": ["MIG060"]}


@pytest.mark.parametrize("writer", [h.deep_yaml_ci, h.deep_yaml_cassette], ids=["ci", "cassette"])
def test_yaml_nested_50000_deep_is_a_parse_error_not_a_segfault(tmp_path, writer):
    name = writer(tmp_path).relative_to(tmp_path).as_posix()
    h.clean_python(tmp_path)
    outcome = check_json(tmp_path)
    assert outcome.status == 1
    assert outcome.codes_by_file() == {name: ["MIG999"], **CLEAN}
    assert "nested more than 1000 levels deep" in outcome.findings[0]["message"]


@pytest.mark.parametrize("text", ["[" * 50_000 + "]" * 50_000, "- " * 50_000 + "x\n", "a: " + "{a: " * 2000 + "1" + "}" * 2000])
def test_deep_flow_and_block_nesting_raise_scan_error_at_the_level_past_the_limit(text):
    with pytest.raises(ScanError) as raised:
        compose_nodes(text)
    assert f"nested more than {MAX_NESTING} levels deep" in raised.value.message


def test_nesting_up_to_the_limit_still_composes():
    [doc] = compose_nodes("[" * MAX_NESTING + "]" * MAX_NESTING)
    assert doc.start_mark.index == 0


def test_block_nesting_at_the_limit_is_never_said_to_be_past_it():
    """libyaml 0.2.6 (PyYAML 6.0.4) counts block mappings its own way and may stop at exactly the
    limit: the error then says so, and does not claim more than the limit."""
    text = "".join(" " * level + "k:\n" for level in range(MAX_NESTING - 1)) + " " * (MAX_NESTING - 1) + "k: v\n"
    try:
        compose_nodes(text)
    except ScanError as refused:
        assert "more than" not in refused.message
        assert "libyaml" in refused.message


def test_a_deep_cassette_among_80_files_in_the_process_pool_loses_no_other_file(tmp_path):
    cassette = h.deep_yaml_cassette(tmp_path)
    h.clean_tree(tmp_path, 80)
    outcome = check_json(tmp_path)
    found = outcome.codes_by_file()
    assert outcome.status == 1
    assert found.pop(cassette.relative_to(tmp_path).as_posix()) == ["MIG999"]
    assert len(found) == 80


def crash_on(item: int) -> int:
    """A job whose worker dies (SIGSEGV, as a C parser's stack overflow) on the item 13."""
    if item == 13:
        faulthandler.disable()  # pytest's traceback dump on a fatal signal is inherited: not wanted here
        os.kill(os.getpid(), signal.SIGSEGV)
    return item * 2


def test_a_worker_that_dies_costs_only_its_own_item():
    results = run_all(crash_on, list(range(100)), jobs=2, crashed=lambda item: f"crashed on {item}")
    assert results[13] == "crashed on 13"
    assert results[:13] + results[14:] == [i * 2 for i in range(100) if i != 13]


def test_a_worker_that_dies_is_reported_as_the_files_parse_error(tmp_path):
    from migrator.app.check import check_crashed
    from migrator.config import Configs
    from migrator.discover import SourceFile

    source = SourceFile(tmp_path / "bad.yaml", "bad.yaml", "cassette")
    scanned, findings, error = check_crashed((source, Configs(cwd=tmp_path).settings_for(source.path)))
    assert (scanned, error) == (True, None)
    assert [(f.code, f.filename, f.message) for f in findings] == [
        ("MIG999", "bad.yaml", "could not parse this file, so it was not checked: the process checking it crashed")]


@pytest.mark.parametrize("command", ["check", "fix"])
def test_a_symlink_loop_is_skipped_with_a_warning(tmp_path, command):
    h.symlink_loop(tmp_path)
    clean = h.clean_python(tmp_path)
    outcome = migrator(command, ".", cwd=tmp_path)
    assert outcome.status == 1
    assert "warning: loop.txt: skipped: a symlink loop" in outcome.stderr
    assert "error" not in outcome.stderr
    if command == "fix":
        assert "runner.paused" in clean.read_text()


@pytest.mark.parametrize("git", [False, True], ids=["no-git", "in-git"])
@pytest.mark.parametrize("line", h.BAD_GITIGNORE_LINES)
def test_a_gitignore_line_git_ignores_is_ignored(tmp_path, line, git):
    if git:
        subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    h.bad_gitignore(tmp_path, line)
    h.clean_python(tmp_path)
    outcome = check_json(tmp_path)
    assert (outcome.status, outcome.codes_by_file()) == (1, CLEAN)
    assert outcome.stderr == ""


@pytest.mark.parametrize("git", [False, True], ids=["no-git", "in-git"])
def test_an_unreadable_gitignore_is_named_and_the_run_goes_on(tmp_path, git):
    if git:
        subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    h.unreadable_gitignore(tmp_path)
    h.clean_python(tmp_path)
    outcome = check_json(tmp_path, obey_modes=True)
    assert (outcome.status, outcome.codes_by_file()) == (1, CLEAN)
    assert ".gitignore" in outcome.stderr and "Permission denied" in outcome.stderr


@pytest.mark.parametrize("writer", [h.python_minus_chain, h.python_not_chain, h.python_lambda_chain],
                         ids=["minus", "not", "lambda"])
def test_python_the_parser_cannot_hold_is_a_parse_error(tmp_path, writer):
    name = writer(tmp_path).name
    h.clean_python(tmp_path)
    outcome = check_json(tmp_path)
    assert (outcome.status, outcome.codes_by_file()) == (1, {name: ["MIG999"], **CLEAN})


def audit_json(tmp_path: Path, bad: Path):
    good = h.audit_log(tmp_path)
    outcome = migrator("audit-log", "--output-format", "json", good.name, bad.name, cwd=tmp_path)
    return outcome, json.loads(outcome.stdout)


def test_audit_log_reports_a_corrupt_gzip_member_with_its_file_and_keeps_the_rest(tmp_path):
    outcome, report = audit_json(tmp_path, h.audit_log_corrupt_gzip(tmp_path))
    assert outcome.status == 2
    assert report["requests"] == 4  # the good log's 2 and the first gzip member's 2
    assert [e.split(":")[0] for e in report["errors"]] == ["corrupt.log.gz"]
    assert "error: corrupt.log.gz: Error -3 while decompressing data" in outcome.stderr
    assert {rule["code"] for rule in report["rules"]} == {"MIG001", "MIG062"}


def test_audit_log_counts_a_line_nested_100000_deep_as_malformed(tmp_path):
    outcome, report = audit_json(tmp_path, h.audit_log_deep_line(tmp_path))
    assert outcome.status == 1
    assert (report["requests"], report["malformed"], report["errors"]) == (6, 1, [])


