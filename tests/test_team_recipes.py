"""The README's CI recipes for one repository, run as printed (only the placeholders for the git
host and `<commit>` pointed at a local bare clone of this repository: tests/recipes.py), in a
temporary git repository holding a copy of a sample repository and its committed baseline:

- the GitLab lint job, as the README's `.gitlab-ci.yml`, run by gitlab-ci-local with its shell
  executor (else each job's script in bash: tests/ci_pipeline.py): it installs migrator, writes
  the Code Quality report of every finding and fails only on a finding the baseline lacks;
- the GitHub Actions workflow's steps, each `run:` in bash: the SARIF file its check step writes
  is what the upload step uploads, and holds only the new findings.

The recipes' `pip` installs into the recipes' own virtual environment (first on PATH).
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess

import pytest

from .ci_pipeline import ci_project, run_pipeline
from .conftest import ROOT
from .gitrepo import commit_all, sample_repository
from .readme import block_text, the_block
from .reporting import validate

NEW_USE = "\n\ndef newly_added(gl):\n    return gl.runners.get(7).active\n"  # MIG060, appended to runners.py
INSTALL = re.compile(r'^pip install "?(\$MIGRATOR|apiv5-migrator @ git\+https://gitlab\.example\.com/\S+@<commit>)"?$')


def jobs_of(block: dict) -> dict[str, dict]:
    return {name: job for name, job in block.items() if isinstance(job, dict) and "script" in job}


def option(command: str, name: str) -> str:
    args = shlex.split(command)
    return args[args.index(name) + 1]


def bash(command: str, cwd, hosted, recipe_venv) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", "-eo", "pipefail", "-c", hosted.placed(command)], cwd=cwd,
                          env=hosted.env(recipe_venv), capture_output=True, text=True)


def add_a_new_use(repo) -> None:
    with (repo / "gladmin" / "runners.py").open("a") as file:
        file.write(NEW_USE)
    commit_all(repo, "a new use of runner.active")


@pytest.fixture
def baselined(tmp_path, hosted, recipe_venv):
    """The python-gitlab-admin sample as a git repository with a committed baseline of all its
    findings (the README's one-time step, with migrator installed as the Install section says)."""
    repo = sample_repository("python-gitlab-admin", tmp_path / "repo")
    (install,) = [line for line in (ROOT / "README.md").read_text().splitlines()
                  if line.startswith('pip install "apiv5-migrator @ git+')]
    assert bash(install.split("  #")[0], repo, hosted, recipe_venv).returncode == 0
    written = bash("migrator check --write-baseline migrator-baseline.json", repo, hosted, recipe_venv)
    assert written.returncode == 0, written.stderr
    commit_all(repo, "migrator baseline")
    return repo


# ---------------------------------------------------------------- GitLab lint job
def test_the_gitlab_job_installs_migrator_from_the_documented_placeholders():
    (job,) = jobs_of(the_block(lambda b: "migrator" in b and "codequality" in str(b))).values()
    assert INSTALL.match(job["script"][0]) and INSTALL.match(f'pip install "{job["variables"]["MIGRATOR"]}"')
    assert job["artifacts"]["when"] == "always"  # the report is published when the job fails too


def test_gitlab_job_passes_with_only_baselined_findings_and_fails_on_a_new_one(baselined, hosted, recipe_venv):
    (baselined / ".gitlab-ci.yml").write_text(hosted.placed(block_text("# .gitlab-ci.yml")))
    ci_project(baselined, "https://gitlab.example.com/platform/gladmin.git")
    job = jobs_of(the_block(lambda b: "migrator" in b and "codequality" in str(b)))["migrator"]
    report_file = baselined / job["artifacts"]["reports"]["codequality"]
    baseline = json.loads((baselined / "migrator-baseline.json").read_text())
    recorded = sum(baseline["fingerprints"].values())

    passed = run_pipeline(baselined, hosted.env(recipe_venv))
    assert passed.returncode == 0, passed.log
    before = json.loads(report_file.read_text())
    validate(before, "gitlab-codequality.schema.json")
    assert len(before) == recorded > 0
    assert {issue["fingerprint"] for issue in before} == set(baseline["fingerprints"])

    add_a_new_use(baselined)
    failed = run_pipeline(baselined, hosted.env(recipe_venv))
    assert failed.returncode != 0, failed.log
    after = json.loads(report_file.read_text())
    validate(after, "gitlab-codequality.schema.json")
    (new,) = [issue for issue in after if issue["fingerprint"] not in baseline["fingerprints"]]
    assert len(after) == recorded + 1
    assert new["check_name"] == "MIG060" and new["location"]["path"] == "gladmin/runners.py"
    line = new["location"]["lines"]["begin"]
    assert f"gladmin/runners.py:{line}:" in failed.log and "Found 1 finding." in failed.log


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
    (install,) = [s for s in steps[:steps.index(check)] if s.get("run", "").startswith("pip install")]
    assert INSTALL.match(install["run"])
    assert option(check["run"], "--output-format") == "sarif"
    assert upload["with"]["sarif_file"] == option(check["run"], "--output-file")
    assert steps.index(check) < steps.index(upload)
    assert upload["if"] == "${{ !cancelled() }}"  # uploads when the check step failed on new findings


def test_github_steps_fail_on_a_new_finding_and_write_it_as_the_one_sarif_result(baselined, hosted, recipe_venv):
    runs = [step["run"] for step in github_steps() if "run" in step]
    check = runs[-1]
    assert bash("\n".join(runs), baselined, hosted, recipe_venv).returncode == 0
    add_a_new_use(baselined)
    failed = bash("\n".join(runs), baselined, hosted, recipe_venv)
    assert failed.returncode == 1, failed.stdout + failed.stderr
    log = json.loads((baselined / option(check, "--output-file")).read_text())
    validate(log, "sarif-schema-2.1.0.json")
    assert [r["ruleId"] for r in log["runs"][0]["results"]] == ["MIG060"]
