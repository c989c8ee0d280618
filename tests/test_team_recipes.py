"""The README's CI recipes, read from the README's YAML blocks and run as CI would run them: the
GitLab lint job (Code Quality report, fails only on new findings), the GitHub Actions steps (SARIF
upload) and the organisation audit pipeline (one job per repository, one merge job).

The jobs' `script:` lines run in one bash with `-eo pipefail`, as GitLab's runner runs them, in a
temporary git repository holding a copy of a sample repository. Two kinds of line are left out,
and only those: `pip install apiv5-migrator==…` (the test environment's migrator, already
installed from this checkout, is first on PATH instead: nothing is published yet) and, in the
audit job, `git clone` of the audited repository (the sample copy stands in for the clone).
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from migrator import __version__
from migrator.baseline import read_baseline

from .gitrepo import commit_all, git_env, sample_repository
from .readme import the_block
from .reporting import validate

BIN = Path(sys.executable).parent  # where this environment's `migrator` command is
INSTALL = f"pip install apiv5-migrator=={__version__}"
NEW_USE = "\n\ndef newly_added(gl):\n    return gl.runners.get(7).active\n"  # MIG060, appended to runners.py


def jobs_of(block: dict) -> dict[str, dict]:
    return {name: job for name, job in block.items() if isinstance(job, dict) and "script" in job}


def run_script(lines: list[str], cwd: Path, leave_out: tuple[str, ...] = (), **variables: str):
    """A job's script lines in one bash, stopping at the first failing line (GitLab's runner does
    the same), with the install line (and the lines starting with ``leave_out``) left out."""
    assert sum(line == INSTALL for line in lines) == 1, f"expected one `{INSTALL}` line in {lines}"
    kept = [line for line in lines if line != INSTALL and not line.startswith(leave_out)]
    env = git_env(PATH=f"{BIN}{os.pathsep}{os.environ['PATH']}", NO_COLOR="1", **variables)
    return subprocess.run(["bash", "-eo", "pipefail", "-c", "\n".join(kept)], cwd=cwd, env=env,
                          capture_output=True, text=True)


def option(command: str, name: str) -> str:
    args = shlex.split(command)
    return args[args.index(name) + 1]


def add_a_new_use(repo: Path) -> None:
    with (repo / "gladmin" / "runners.py").open("a") as file:
        file.write(NEW_USE)
    commit_all(repo, "a new use of runner.active")


@pytest.fixture
def baselined(tmp_path) -> Path:
    """The python-gitlab-admin sample as a git repository with a committed baseline of all its
    findings (the README's one-time step)."""
    repo = sample_repository("python-gitlab-admin", tmp_path / "repo")
    written = run_script([INSTALL, "migrator check --write-baseline migrator-baseline.json"], repo)
    assert written.returncode == 0, written.stderr
    commit_all(repo, "migrator baseline")
    return repo


# ---------------------------------------------------------------- GitLab lint job
def gitlab_lint_job() -> dict:
    block = the_block(lambda b: any("codequality" in j.get("artifacts", {}).get("reports", {})
                                    for j in jobs_of(b).values()))
    (job,) = jobs_of(block).values()
    return job


def test_gitlab_job_passes_with_only_baselined_findings_and_fails_on_a_new_one(baselined):
    job = gitlab_lint_job()
    report_file = baselined / job["artifacts"]["reports"]["codequality"]
    assert job["artifacts"]["when"] == "always"  # the report is published when the job fails too
    baseline = read_baseline(baselined / "migrator-baseline.json").counts  # fingerprint → findings
    recorded = sum(baseline.values())

    passed = run_script(job["script"], baselined)
    assert passed.returncode == 0, passed.stdout + passed.stderr
    before = json.loads(report_file.read_text())
    validate(before, "gitlab-codequality.schema.json")
    assert len(before) == recorded > 0
    assert {issue["fingerprint"] for issue in before} == set(baseline)

    add_a_new_use(baselined)
    failed = run_script(job["script"], baselined)
    assert failed.returncode == 1
    after = json.loads(report_file.read_text())
    validate(after, "gitlab-codequality.schema.json")
    (new,) = [issue for issue in after if issue["fingerprint"] not in baseline]
    assert len(after) == recorded + 1
    assert new["check_name"] == "MIG060" and new["location"]["path"] == "gladmin/runners.py"
    line = new["location"]["lines"]["begin"]
    assert f"gladmin/runners.py:{line}:" in failed.stdout and "Found 1 finding (" in failed.stdout


# ---------------------------------------------------------------- GitHub Actions
def github_steps() -> list[dict]:
    workflow = the_block(lambda b: "jobs" in b)
    (job,) = workflow["jobs"].values()
    assert job["permissions"]["security-events"] == "write"
    return job["steps"]


def test_github_workflow_uploads_the_sarif_file_that_the_migrator_step_writes():
    steps = github_steps()
    (check,) = [s for s in steps if s.get("run", "").startswith("migrator check")]
    (upload,) = [s for s in steps if s.get("uses", "").startswith("github/codeql-action/upload-sarif@")]
    assert option(check["run"], "--output-format") == "sarif"
    assert upload["with"]["sarif_file"] == option(check["run"], "--output-file")
    assert steps.index(check) < steps.index(upload)
    assert upload["if"] == "${{ !cancelled() }}"  # uploads when the check step failed on new findings
    assert {"run": INSTALL} in steps[:steps.index(check)]


def test_github_step_fails_on_a_new_finding_and_writes_it_as_the_one_sarif_result(baselined):
    steps = github_steps()
    (check,) = [s for s in steps if s.get("run", "").startswith("migrator check")]
    assert run_script([INSTALL, check["run"]], baselined).returncode == 0
    add_a_new_use(baselined)
    failed = run_script([INSTALL, check["run"]], baselined)
    assert failed.returncode == 1
    log = json.loads((baselined / option(check["run"], "--output-file")).read_text())
    validate(log, "sarif-schema-2.1.0.json")
    assert [r["ruleId"] for r in log["runs"][0]["results"]] == ["MIG060"]


# ---------------------------------------------------------------- organisation audit
def test_organisation_audit_merges_one_result_per_matrix_job_into_html_and_markdown(tmp_path):
    pipeline = the_block(lambda b: any("parallel" in j for j in jobs_of(b).values()))
    jobs = jobs_of(pipeline)
    (audit,) = [j for j in jobs.values() if "parallel" in j]
    (merge,) = [j for j in jobs.values() if any(" report --merge " in line for line in j["script"])]
    assert pipeline["stages"].index(audit["stage"]) < pipeline["stages"].index(merge["stage"])
    projects = audit["parallel"]["matrix"][0]["PROJECT"]
    counts = {}
    merge_dir = tmp_path / "merge"
    for index, (project, sample) in enumerate(zip(projects, ("python-gitlab-admin", "ci-pipelines"))):
        job_dir = tmp_path / f"audit-{index}"  # each matrix job has a checkout of its own
        sample_repository(sample, job_dir / "repo")
        ran = run_script(audit["script"], job_dir, leave_out=("git clone",), PROJECT=project)
        assert ran.returncode == 0, ran.stderr
        for artifact in audit["artifacts"]["paths"]:  # GitLab hands every audit job's artifacts to the merge job
            shutil.copytree(job_dir / artifact, merge_dir / artifact, dirs_exist_ok=True)
        (result,) = (job_dir / audit["artifacts"]["paths"][0]).glob(f"{project.replace('/', '_')}.json")
        counts[project] = len(json.loads(result.read_text()))

    merged = run_script(merge["script"], merge_dir)
    assert merged.returncode == 0, merged.stderr
    html_file, markdown_file = (merge_dir / path for path in merge["artifacts"]["paths"])
    html, markdown = html_file.read_text(), markdown_file.read_text()
    assert html.lstrip().startswith("<!DOCTYPE html>") and "## By repository" in markdown
    for project, count in counts.items():
        assert count > 0
        assert f'<tr><td>{project}</td><td class="num">{count}</td>' in html
        assert f"| {project} | {count} |" in markdown
