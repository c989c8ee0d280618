"""Issue 19, item 7 (part): the command line says the same thing the same way. ``report`` takes
``-o``/``--output-file`` as ``check`` does and needs no ``--merge``; the summary never offers
"[*] 0 fixable"; and ``--statistics`` agrees between text and JSON on what is fixable: ``[*]``
when ``fix`` applies to every finding of a rule (JSON ``fixable: true``), ``[-]`` when to some
(``fixable: false`` with a ``fixable_count``), ``[ ]`` when to none, as ruff marks them."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from migrator.cli import main

RUNNER_ACTIVE = "runner = gl.runners.get(1)\nif runner.active:\n    print(runner.id)\n"  # a safe fix
MERGED_BY = "mr = project.mergerequests.get(1)\nwho = mr.merged_by\n"  # an unsafe fix only
RUNNER_RECORDING = ('{"id": 1, "description": "shared", "active": true, "paused": false, "is_shared": true, '
                    '"runner_type": "instance_type", "online": true, "status": "online"}\n')  # a recording: unsafe


def run(*args: str):
    return CliRunner().invoke(main, [*args], catch_exceptions=False)


@pytest.fixture
def repo(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_only_unsafe_fixes_say_no_fixes_available_never_zero_fixable(repo):
    (repo / "mrs.py").write_text(MERGED_BY)
    out = run("check", "--no-cache").output
    assert "[*] 0 fixable" not in out
    assert out.endswith("Found 1 finding (1 file checked).\n"
                        "No fixes available (1 hidden fix can be enabled with the `--unsafe-fixes` option).\n")


@pytest.fixture
def mixed(repo):
    """MIG060 twice, once with a safe fix (code) and once with an unsafe one (a recording); MIG010
    once, unsafe."""
    (repo / "runners.py").write_text(RUNNER_ACTIVE)
    (repo / "runner.json").write_text(RUNNER_RECORDING)
    (repo / "mrs.py").write_text(MERGED_BY)
    return repo


def test_statistics_mark_a_rule_some_of_whose_findings_are_fixable_with_a_dash(mixed):
    assert run("check", "--no-cache", "--statistics").output.splitlines()[:2] == [
        "2\tMIG060\t[-] runner-active-field",
        "1\tMIG010\t[ ] merged-by",
    ]
    assert "1\tMIG060\t[*] runner-active-field" in run("check", "--no-cache", "--statistics", "runners.py").output


def test_statistics_in_json_say_what_the_text_marks(mixed):
    rows = {row["code"]: row for row in json.loads(run("check", "--no-cache", "--statistics", "--output-format",
                                                       "json").stdout)}
    assert (rows["MIG060"]["fixable"], rows["MIG060"]["fixable_count"]) == (False, 1)  # [-]
    assert (rows["MIG010"]["fixable"], rows["MIG010"]["fixable_count"]) == (False, 0)  # [ ]
    (only,) = json.loads(run("check", "--no-cache", "--statistics", "--output-format", "json", "runners.py").stdout)
    assert (only["fixable"], only["fixable_count"]) == (True, 1)  # [*]


def test_report_takes_output_file_as_check_does(mixed):
    run("check", "--no-cache", "--exit-zero", "--output-format", "results", "--output-file", "result.json")
    assert run("report", "result.json", "-o", "merged/report.md", "--output-format", "markdown").output == ""
    assert (mixed / "merged" / "report.md").read_text().startswith("# API v5 migration audit")
    assert run("report", "result.json", "--output-file", "report.json").exit_code == 0
    assert len(json.loads((mixed / "report.json").read_text())) == 3


def test_report_merges_without_merge_and_refuses_to_write_a_results_object(mixed):
    run("check", "--no-cache", "--exit-zero", "--output-format", "results", "-o", "result.json")
    assert run("report", "result.json").stdout == run("report", "--merge", "result.json").stdout
    refused = run("report", "result.json", "--output-format", "results")
    assert refused.exit_code == 2 and "'results' is not one of" in refused.output
