"""Issue 19, item 4: the baseline hides its debt no more. The configuration's ``baseline`` is used by
``check``, ``fix`` and the pre-commit hooks alike; a run says how many findings it hid and how
many of its entries are stale (counting only the files the run checked); each entry shows the
code, the path and the matched text, with credentials redacted; version-1 files still load."""

from __future__ import annotations

import json
import shlex

import pytest
import yaml
from click.testing import CliRunner

from migrator.baseline import read_baseline
from migrator.cli import main

from .conftest import ROOT

RUNNERS = "runner = gl.runners.get(1)\nif runner.active:\n    print(runner.id)\n"  # MIG060, a safe fix
MERGE_REQUESTS = "mr = project.mergerequests.get(1)\nwho = mr.merged_by\nhow = mr.merge_status\n"  # no safe fix
NEW_USE = "\nother = gl.runners.get(2)\nprint(other.active)\n"


def run(*args: str):
    return CliRunner().invoke(main, [*args], catch_exceptions=False)


@pytest.fixture
def repo(tmp_path, monkeypatch):
    """runners.py (1 finding) and mrs.py (2), a migrator.toml naming the baseline (a third file
    checked: the fallback reader reads it for endpoint URLs), and the baseline of today's 3
    findings, written with `check --write-baseline` (no FILE: the key's), which is never checked."""
    (tmp_path / "runners.py").write_text(RUNNERS)
    (tmp_path / "mrs.py").write_text(MERGE_REQUESTS)
    (tmp_path / "migrator.toml").write_text('baseline = "migrator-baseline.json"\n')
    monkeypatch.chdir(tmp_path)
    written = run("check", "--no-cache", "--write-baseline")
    assert (written.exit_code, written.stderr) == (0, "Wrote a baseline of 3 findings to "
                                                      f"{tmp_path / 'migrator-baseline.json'}.\n")
    return tmp_path


def test_check_uses_the_configured_baseline_and_says_how_much_it_hides(repo):
    result = run("check", "--no-cache")
    assert (result.exit_code, result.output) == (0, "All checks passed! (3 files checked)\n"
                                                    "3 findings hidden by the baseline.\n")


def test_a_new_finding_is_reported_and_fails_the_run_beside_the_hidden_ones(repo):
    (repo / "runners.py").write_text(RUNNERS + NEW_USE)
    result = run("check", "--no-cache")
    assert result.exit_code == 1
    assert result.output.splitlines()[-3:] == ["Found 1 finding (3 files checked).",
                                               "[*] 1 fixable with the `migrator fix` command.",
                                               "3 findings hidden by the baseline."]


def test_no_baseline_reports_every_finding(repo):
    result = run("check", "--no-cache", "--no-baseline")
    assert result.exit_code == 1 and "Found 3 findings (4 files checked)." in result.output  # the baseline too
    assert "hidden by the baseline" not in result.output


def test_a_machine_readable_report_leaves_the_hidden_findings_out_and_says_so_on_stderr(repo):
    result = run("check", "--no-cache", "--output-format", "json")
    assert (result.exit_code, json.loads(result.stdout)) == (0, [])
    assert result.stderr == "3 findings hidden by the baseline.\n"
    assert json.loads(run("check", "--no-cache", "--output-format", "results").stdout)["hidden_by_baseline"] == 3


def test_fix_still_fixes_what_the_baseline_holds_and_calls_its_entry_stale(repo):
    result = run("fix", "--no-cache")
    assert "if not runner.paused:" in (repo / "runners.py").read_text()
    assert result.exit_code == 1  # a file changed
    assert result.output == ("Found 1 finding (1 fixed, 0 remaining) in 3 files checked.\n"
                             "2 findings hidden by the baseline; 1 stale; --write-baseline to prune.\n")


def test_the_pre_commit_hook_lets_a_comment_only_edit_through(repo):
    """The hook's own command line (.pre-commit-hooks.yaml) on the one file pre-commit names."""
    hooks = {hook["id"]: hook for hook in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())}
    entry = shlex.split(hooks["migrator"]["entry"])
    (repo / "runners.py").write_text("# who owns these runners: the platform team\n" + RUNNERS)
    result = run(*entry[1:], "--no-cache", "runners.py")
    assert (result.exit_code, result.output) == (0, "All checks passed! (1 file checked)\n"
                                                    "1 finding hidden by the baseline.\n")


def test_stale_entries_are_counted_only_in_the_files_the_run_checked(repo):
    (repo / "mrs.py").write_text("mr = project.mergerequests.get(1)\nwho = mr.merge_user\nhow = mr.merge_status\n")
    assert run("check", "--no-cache", "runners.py").output.endswith("1 finding hidden by the baseline.\n")
    assert run("check", "--no-cache", "mrs.py").output.endswith(
        "1 finding hidden by the baseline; 1 stale; --write-baseline to prune.\n")
    assert run("check", "--no-cache").output.endswith(
        "2 findings hidden by the baseline; 1 stale; --write-baseline to prune.\n")


def test_the_entries_of_a_deleted_file_are_stale(repo):
    (repo / "mrs.py").unlink()
    assert run("check", "--no-cache").output.endswith(
        "1 finding hidden by the baseline; 2 stale; --write-baseline to prune.\n")


def test_write_baseline_prunes_the_files_it_checked_and_keeps_the_others(repo):
    (repo / "runners.py").write_text(RUNNERS.replace("runner.active", "not runner.paused"))
    (repo / "mrs.py").write_text(MERGE_REQUESTS + "mr.merged_by\n")  # a new finding, not checked below
    written = run("check", "--no-cache", "--write-baseline", "--", "runners.py")
    assert written.stderr.endswith("Wrote a baseline of 0 findings to "
                                   f"{repo / 'migrator-baseline.json'}, and kept 2 of files this run did not check.\n")
    entries = read_baseline(repo / "migrator-baseline.json").entries
    assert [(e.path, e.code) for e in entries] == [("mrs.py", "MIG010"), ("mrs.py", "MIG011")]
    assert run("check", "--no-cache").output.endswith("Found 1 finding (3 files checked).\n"
                                                      "No fixes available (1 hidden fix can be enabled with the "
                                                      "`--unsafe-fixes` option).\n"
                                                      "2 findings hidden by the baseline.\n")


def test_each_entry_shows_the_path_code_and_matched_text_one_line_each(repo):
    text = (repo / "migrator-baseline.json").read_text()
    lines = text.splitlines()
    assert lines[:3] == ["{", '  "version": 2,', '  "findings": ['] and lines[-2:] == ["  ]", "}"]
    entries = [json.loads(line.strip().rstrip(",")) for line in lines[3:-2]]
    assert [(e["path"], e["code"], e["text"]) for e in entries] == [
        ("mrs.py", "MIG010", "mr.merged_by"), ("mrs.py", "MIG011", "mr.merge_status"),
        ("runners.py", "MIG060", "runner.active")]
    assert all(len(e["fingerprint"]) == 64 for e in entries)


def test_a_token_in_a_url_is_redacted_in_the_file_and_the_finding_still_matches(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    token = "glpat-AbCdEfGhIjKlMnOpQrSt"
    (tmp_path / "geo.sh").write_text(f'curl "https://oauth2:{token}@gitlab.example.com/api/v4/geo_nodes"\n'
                                     f'curl "$CI_API_V4_URL/projects?private_token={token}"\n')
    run("check", "--no-cache", "--write-baseline", "baseline.json")
    text = (tmp_path / "baseline.json").read_text()
    assert token not in text
    assert "https://oauth2:***@gitlab.example.com/api/v4/geo_nodes" in text and "private_token=***" in text
    assert run("check", "--no-cache", "--baseline", "baseline.json").exit_code == 0


def test_a_version_1_baseline_still_loads_and_names_no_stale_entry(repo):
    counts = read_baseline(repo / "migrator-baseline.json").counts
    (repo / "migrator-baseline.json").write_text(json.dumps({"version": 1, "fingerprints": counts}))
    (repo / "runners.py").write_text(RUNNERS.replace("runner.active", "not runner.paused"))
    assert run("check", "--no-cache").output == "All checks passed! (3 files checked)\n" \
                                                "2 findings hidden by the baseline.\n"  # no path: never stale


def test_write_baseline_never_writes_over_a_file_it_checks_as_code(repo):
    """`--write-baseline runners.py` takes runners.py for the FILE; `--` says it is a path."""
    result = run("check", "--no-cache", "--write-baseline", "runners.py")
    assert result.exit_code == 2 and "will not write over a file it checks as code" in result.output
    assert (repo / "runners.py").read_text() == RUNNERS


def test_quiet_says_nothing_of_the_baseline(repo):
    result = run("check", "--no-cache", "-q", "--output-format", "json")
    assert (result.exit_code, result.stdout, result.stderr) == (0, "[]\n", "")
    assert run("check", "--no-cache", "-q").output == ""


def test_standard_input_counts_only_its_own_file_stale_or_not(repo):
    """`check --stdin-filename runners.py` (an editor's run) checks one file: the others' entries
    are not stale."""
    result = CliRunner().invoke(main, ["check", "--no-cache", "--stdin-filename", "runners.py"], input=RUNNERS,
                                catch_exceptions=False)
    assert (result.exit_code, result.output) == (0, "All checks passed! (1 file checked)\n"
                                                    "1 finding hidden by the baseline.\n")
