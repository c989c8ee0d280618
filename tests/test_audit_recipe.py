"""The README's organisation audit for more than 200 repositories, run as printed: the audit
project's `.gitlab-ci.yml` and `audit-jobs.yml`, with a `repositories.txt` of 203 repositories
hosted as local bare repositories at the README's git host (tests/recipes.py). The plan job splits
the list into batches of BATCH_SIZE and generates the child pipeline, one job per batch (the 200
jobs a `parallel: matrix:` allows are no limit); each batch job clones its repositories and checks
them in one run; the report job merges the results into HTML and Markdown, with every repository
and its count. The pipeline runs in gitlab-ci-local with its shell executor (else each job's script
in bash: tests/ci_pipeline.py)."""

from __future__ import annotations

import shutil

import pytest
import yaml

from .ci_pipeline import ci_project, run_pipeline
from .gitrepo import commit_all
from .readme import block_text
from .recipes import AUDIT_TOKEN

REPOSITORIES = 203
USE = "mr = project.mergerequests.get({n})\nwho = mr.merged_by\n"  # MIG010, once per repetition


def project_path(index: int) -> str:
    """Groups, nested groups and projects as an organisation has them."""
    group = ("platform", "ops", "data/pipelines")[index % 3]
    return f"{group}/service-{index:03d}"


@pytest.fixture(scope="module")
def organisation(hosted, tmp_path_factory) -> dict[str, int]:
    """203 repositories on the host: repository → the findings it holds (1 to 3)."""
    work = tmp_path_factory.mktemp("organisation")
    templates = {}
    for count in (1, 2, 3):  # three contents; each repository is a bare clone of one of them
        templates[count] = work / f"holds-{count}"
        templates[count].mkdir()
        (templates[count] / "client.py").write_text("".join(USE.format(n=n) for n in range(count)))
        commit_all(templates[count], f"{count} uses")
    found = {project_path(i): i % 3 + 1 for i in range(REPOSITORIES)}
    for project, count in found.items():
        hosted.bare(project, templates[count])
    return found


def test_the_audit_pipeline_covers_more_than_200_repositories_in_batches(organisation, hosted, recipe_venv,
                                                                         tmp_path):
    audit = tmp_path / "org-audit"
    audit.mkdir()
    (audit / ".gitlab-ci.yml").write_text(hosted.placed(block_text("# .gitlab-ci.yml of the audit project")))
    (audit / "audit-jobs.yml").write_text(hosted.placed(block_text(
        "# audit-jobs.yml of the audit project: the child pipeline's jobs, to which plan adds the batches")))
    (audit / "repositories.txt").write_text("".join(f"{project}\n" for project in organisation))
    ci_project(audit, "https://gitlab.example.com/platform/org-audit.git")

    run = run_pipeline(audit, hosted.env(recipe_venv), isolated=True, AUDIT_TOKEN=AUDIT_TOKEN)
    assert run.returncode == 0, run.log[-5000:]

    pipeline = yaml.safe_load((audit / "audit-pipeline.yml").read_text())
    batch_size = int(yaml.safe_load((audit / ".gitlab-ci.yml").read_text())["variables"]["BATCH_SIZE"])
    batches = {name: job["variables"]["REPOSITORIES"].split() for name, job in pipeline.items()
               if name.startswith("audit ")}
    assert len(batches) == -(-REPOSITORIES // batch_size) > 1
    assert all(len(listed) <= batch_size for listed in batches.values())
    assert [project for listed in batches.values() for project in listed] == list(organisation)

    html, markdown = (audit / "migrator-audit.html").read_text(), (audit / "migrator-audit.md").read_text()
    assert html.lstrip().startswith("<!DOCTYPE html>") and "## By repository" in markdown
    for project, count in organisation.items():
        assert f'<tr><td>{project}</td><td class="num">{count}</td>' in html
        assert f"| {project} | {count} |" in markdown
    assert AUDIT_TOKEN not in html + markdown  # the clones' URLs carry it; the report never does
    shutil.rmtree(audit / "repos", ignore_errors=True)
