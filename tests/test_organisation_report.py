"""Issue 19, item 6: the organisation audit is complete. Every result given to ``report`` appears,
with its files checked, its findings and its safe / unsafe / by-hand counts, clean ones too;
``--expect`` names each expected repository that has no result as not audited; an unreadable
result still stops the run naming it; and the page gives subtotals per group and subgroup of the
``group/subgroup/project`` paths, most work first."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from migrator.cli import main

from .gitrepo import commit_all, git

RUNNER_ACTIVE = "runner = gl.runners.get(1)\nif runner.active:\n    print(runner.id)\n"  # a safe fix
MERGED_BY = "mr = project.mergerequests.get(1)\nwho = mr.merged_by\n"  # an unsafe fix
CLEAN = "print('nothing of the API here')\n"
# 16 repositories: 14 with findings, 2 clean (the count).
PROJECTS = {f"platform/runners/tool-{i}": RUNNER_ACTIVE for i in range(6)} | {
    f"platform/api/client-{i}": MERGED_BY for i in range(3)} | {
    f"ops/ci-{i}": RUNNER_ACTIVE + MERGED_BY for i in range(5)} | {
    "ops/docs": CLEAN, "web/site": CLEAN}


def run(*args: str, cwd=None):
    return CliRunner().invoke(main, [*args], catch_exceptions=False)


@pytest.fixture
def results(tmp_path, monkeypatch):
    """One `check --output-format results` per repository, as the audit's matrix jobs write them."""
    (tmp_path / "results").mkdir()
    for project, source in PROJECTS.items():
        repo = tmp_path / "repos" / project
        repo.mkdir(parents=True)
        (repo / "client.py").write_text(source)
        monkeypatch.chdir(repo)
        out = tmp_path / "results" / f"{project.replace('/', '_')}.json"
        assert run("check", "--no-cache", "--exit-zero", "--repository", project, "--output-format", "results",
                   "-o", str(out)).exit_code == 0
    monkeypatch.chdir(tmp_path)
    return sorted(str(p) for p in (tmp_path / "results").iterdir())


def markdown(*args: str) -> str:
    result = run("report", *args, "--output-format", "markdown")
    assert result.exit_code == 0, result.output
    return result.stdout


def test_every_result_is_counted_clean_ones_too(results):
    assert "in 16 files checked across 16 repositories (2 clean)." in markdown(*results)


def test_a_clean_repository_shows_its_files_checked_and_no_finding(results):
    report = markdown(*results)
    assert "| ops/docs | 0 | 0 | 0 | 0 | 1 | clean |" in report
    assert "| web/site | 0 | 0 | 0 | 0 | 1 | clean |" in report
    assert "| ops/ci-0 | 2 | 1 | 1 | 0 | 1 | findings |" in report  # safe, unsafe, by hand


def test_an_expected_repository_without_a_result_is_named_not_audited(results, tmp_path):
    (tmp_path / "repos.txt").write_text("# the group's projects\nplatform/runners/tool-0\nplatform/billing\n\n"
                                        "ops/docs  # clean\n")
    report = markdown(*results, "--expect", str(tmp_path / "repos.txt"))
    assert "across 16 repositories (2 clean; 1 expected but not audited)." in report
    assert "| platform/billing | – | – | – | – | – | **not audited** |" in report


def test_groups_and_subgroups_are_subtotalled_most_work_first(results):
    report = markdown(*results)
    table = report[report.index("## By group"):]
    rows = [line.split(" | ")[:7] for line in table.splitlines() if line.startswith("| ") and "/ |" in line]
    assert rows == [
        ["| ops/", "6", "1", "0", "6", "10", "5"],
        ["| platform/", "9", "0", "0", "9", "9", "6"],
        ["| ↳ platform/runners/", "6", "0", "0", "6", "6", "6"],
        ["| ↳ platform/api/", "3", "0", "0", "3", "3", "0"],
        ["| web/", "1", "1", "0", "1", "0", "0"],
    ]


def test_the_html_page_has_every_repository_and_the_group_subtotals(results, tmp_path):
    assert run("report", *results, "--output-format", "html", "-o", str(tmp_path / "audit.html")).exit_code == 0
    html = (tmp_path / "audit.html").read_text()
    assert "across 16 repositories (2 clean)." in html
    assert '<tr><td>web/site</td><td class="num">0</td>' in html and "<td>clean</td>" in html
    assert 'id="by-group"' in html and "platform/runners/</td>" in html


def test_an_old_json_array_counts_as_a_result_whose_files_are_not_recorded(results, tmp_path):
    (tmp_path / "legacy_project.json").write_text("[]\n")
    report = markdown(*results, str(tmp_path / "legacy_project.json"))
    assert "across 17 repositories (3 clean)." in report
    assert "| legacy_project | 0 | 0 | 0 | 0 | not recorded | clean |" in report


def test_a_result_that_checked_no_file_is_not_called_clean(results, tmp_path, monkeypatch):
    (tmp_path / "empty").mkdir()
    monkeypatch.chdir(tmp_path / "empty")
    run("check", "--no-cache", "--repository", "web/empty", "--output-format", "results", "-o", "../empty.json")
    monkeypatch.chdir(tmp_path)
    report = markdown(*results, str(tmp_path / "empty.json"))
    assert "(2 clean; 1 with no file checked)" in report and "| web/empty | 0 | 0 | 0 | 0 | 0 | no file checked |" in report


def test_an_unreadable_result_stops_the_run_naming_it(results, tmp_path):
    (tmp_path / "broken.json").write_bytes(b"\xff\xfe not json")
    result = run("report", *results, str(tmp_path / "broken.json"))
    assert result.exit_code == 2
    assert result.output.startswith(f"error: {tmp_path / 'broken.json'}: not JSON")


def test_the_json_report_is_still_the_findings_array(results):
    findings = json.loads(run("report", *results).stdout)
    assert len(findings) == 6 + 3 + 2 * 5
    assert {f["repository"] for f in findings} == {p for p, s in PROJECTS.items() if s != CLEAN}


def test_one_run_over_many_clones_counts_each_clone_clean_ones_too(tmp_path, monkeypatch):
    """An audit's batch job checks its clones in one run: its result names each clone's files."""
    for project, source in (("platform/api-client", MERGED_BY), ("platform/docs", CLEAN)):
        clone = tmp_path / "repos" / project
        clone.mkdir(parents=True)
        (clone / "client.py").write_text(source)
        commit_all(clone, "import")
        git(clone, "remote", "add", "origin", f"https://gitlab.example.com/{project}.git")
    (tmp_path / "repositories.txt").write_text("platform/api-client\nplatform/docs\nplatform/billing\n")
    monkeypatch.chdir(tmp_path)
    run("check", "repos", "--no-cache", "--exit-zero", "--output-format", "results", "-o", "results/batch-1.json")
    result = json.loads((tmp_path / "results" / "batch-1.json").read_text())
    assert result["repository"] is None  # several
    assert [(r["repository"], r["files_checked"]["total"]) for r in result["repositories"]] == [
        ("platform/api-client", 1), ("platform/docs", 1)]
    report = markdown("results/batch-1.json", "--expect", "repositories.txt")
    assert "across 2 repositories (1 clean; 1 expected but not audited)." in report
    assert "| platform/docs | 0 | 0 | 0 | 0 | 1 | clean |" in report
    assert "| platform/billing | – | – | – | – | – | **not audited** |" in report
