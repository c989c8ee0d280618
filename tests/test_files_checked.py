"""Issue 19, item 2: silence is never success. Every summary says how many files were checked, the
statistics and the reports say it by file kind, ``--show-files`` lists the files and the kind each
is read as, and a run that checked nothing says so, as ruff's does."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner

from migrator.cli import main

RUNNERS = "https://gitlab.example.com/api/v4/runners?scope=active"
PLATFORM_TEAM = {  # the folder: five languages, all calling the same endpoint
    "main.go": f'package main\n\nimport "net/http"\n\nfunc main() {{ http.Get("{RUNNERS}") }}\n',
    "Runners.java": f'class Runners {{ String url = "{RUNNERS}"; }}\n',
    "Makefile": f'runners:\n\tcurl "{RUNNERS}"\n',
    "infra/main.tf": f'data "http" "runners" {{ url = "{RUNNERS}" }}\n',
    ".github/workflows/runners.yml": f"on: push\njobs:\n  r:\n    steps:\n      - run: curl '{RUNNERS}'\n",
}


def run(*args: str):
    return CliRunner().invoke(main, [*args], catch_exceptions=False)


@pytest.fixture
def folder(tmp_path, monkeypatch):
    for name, text in PLATFORM_TEAM.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_summary_says_how_many_files_were_checked(folder):
    result = run("check", "--no-cache")
    assert result.exit_code == 1
    assert result.output.count("MIG062") == 5
    assert "Found 5 findings (5 files checked)." in result.output


def test_a_clean_run_says_all_checks_passed_and_how_many_files_it_checked(folder):
    result = run("check", "--no-cache", "--ignore", "MIG062")
    assert result.exit_code == 0
    assert result.output == "All checks passed! (5 files checked)\n"


def test_a_run_that_checked_no_file_warns_as_ruff_does(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("check", "--no-cache")
    assert result.exit_code == 0
    assert result.stderr == "warning: No files found to check under the given paths (or every one of them is excluded)\n"
    assert result.stdout == "All checks passed! (0 files checked)\n"


def test_a_run_whose_files_are_all_excluded_warns_too(folder):
    result = run("check", "--no-cache", "--output-format", "json", "--extend-exclude", "*")
    assert (result.exit_code, json.loads(result.stdout)) == (0, [])
    assert result.stderr.startswith("warning: No files found to check")


def test_statistics_give_the_files_checked_by_kind(folder):
    result = run("check", "--no-cache", "--statistics")
    assert result.output.splitlines() == [
        "5\tMIG062\t[*] runner-scope-filter",
        "Found 5 findings (5 files checked: 1 go, 1 java, 1 makefile, 1 other, 1 workflow).",
        "[*] 5 fixable with the `migrator fix` command.",
    ]


def test_show_files_lists_each_file_with_the_kind_it_is_read_as_and_checks_nothing(folder):
    result = run("check", "--show-files")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "workflow  .github/workflows/runners.yml",
        "makefile  Makefile",
        "java      Runners.java",
        "other     infra/main.tf",
        "go        main.go",
    ]
    assert result.stderr == "5 files would be checked: 1 go, 1 java, 1 makefile, 1 other, 1 workflow.\n"


def test_show_files_names_excluded_files_no_more(folder):
    assert run("check", "--show-files", "--extend-exclude", "infra,*.java").stdout.splitlines() == [
        "workflow  .github/workflows/runners.yml", "makefile  Makefile", "go        main.go"]


def test_fix_says_how_many_files_it_checked(folder):
    result = run("fix", "--no-cache")
    assert result.output.endswith("Found 5 findings (5 fixed, 0 remaining) in 5 files checked.\n")
    assert run("fix", "--no-cache").output == "All checks passed! (5 files checked)\n"


# ---------------------------------------------------------------- the reports, by kind
def test_the_results_report_gives_the_files_checked_by_kind(folder):
    result = json.loads(run("check", "--no-cache", "--output-format", "results").stdout)
    assert result["files_checked"] == {"total": 5, "by_kind": {"go": 1, "java": 1, "makefile": 1, "other": 1, "workflow": 1}}


def test_sarif_gives_the_files_checked_by_kind_in_the_invocation(folder):
    (invocation,) = json.loads(run("check", "--no-cache", "--output-format", "sarif").stdout)["runs"][0]["invocations"]
    assert invocation["properties"] == {"filesChecked": 5, "filesCheckedByKind": {"go": 1, "java": 1, "makefile": 1, "other": 1, "workflow": 1}}


def test_junit_gives_the_files_checked_by_kind_as_the_suites_properties(folder):
    suite = ET.fromstring(run("check", "--no-cache", "--output-format", "junit").stdout).find("testsuite")
    assert {p.get("name"): p.get("value") for p in suite.find("properties")} == {
        "files_checked": "5", "files_checked.go": "1", "files_checked.java": "1", "files_checked.makefile": "1",
        "files_checked.other": "1", "files_checked.workflow": "1"}


def test_the_markdown_audit_gives_the_files_checked_by_kind_even_when_clean(folder):
    report = run("check", "--no-cache", "--ignore", "MIG062", "--output-format", "markdown").stdout
    assert "in 5 files checked" in report and "No use of the API that v5 breaks was found." in report
    assert "| Go | 0 | 0 | 1 |" in report and "| Other | 0 | 0 | 1 |" in report and "| Makefile | 0 | 0 | 1 |" in report


def test_the_html_audit_gives_the_files_checked_by_kind_even_when_clean(folder):
    report = run("check", "--no-cache", "--ignore", "MIG062", "--output-format", "html").stdout
    assert "No use of the API that v5 breaks was found in 5 files checked (1 Go, 1 Java, 1 Makefile, 1 Other, 1 GitHub Actions workflow)." in report
