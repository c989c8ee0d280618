"""The CLI on each bundled sample repository reports exactly what its EXPECTED.json lists:
nothing missing, nothing extra (look-alikes in the samples must stay unreported)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from migrator.cli import main

from .conftest import ROOT

REPOS = sorted(p.parent.name for p in (ROOT / "sample_repos").glob("*/EXPECTED.json"))


@pytest.mark.parametrize("repo", REPOS)
def test_sample_repo_matches_expected(repo, monkeypatch):
    monkeypatch.chdir(ROOT / "sample_repos" / repo)
    result = CliRunner().invoke(main, ["check", "--output-format", "json", "."])
    assert result.exit_code in (0, 1), result.output
    got = [
        {"filename": f["filename"], "row": f["location"]["row"], "item": f["item"], "code": f["code"]}
        for f in json.loads(result.stdout)
    ]
    expected = json.loads((ROOT / "sample_repos" / repo / "EXPECTED.json").read_text())
    assert got == expected


def test_gitignored_files_are_not_reported(monkeypatch):
    repo = ROOT / "sample_repos" / "python-gitlab-admin"
    assert (repo / "build" / "generated.py").exists()
    monkeypatch.chdir(repo)
    result = CliRunner().invoke(main, ["check", "--output-format", "json", "."])
    assert not [f for f in json.loads(result.stdout) if f["filename"].startswith("build/")]
    result = CliRunner().invoke(main, ["check", "--output-format", "json", "--no-respect-gitignore", "."])
    assert [f for f in json.loads(result.stdout) if f["filename"].startswith("build/")]


def test_samples_cover_every_item_python_can_show():
    items = {row["item"] for repo in ("python-gitlab-admin", "requests-ops")
             for row in json.loads((ROOT / "sample_repos" / repo / "EXPECTED.json").read_text())}
    assert items >= {
        "geo-nodes-endpoints", "merge-request-merged-by", "merge-request-merge-status", "user-private-profile-null",
        "merge-request-changes-endpoint", "managed-licenses-endpoint", "approval-configuration-approvers",
        "runner-active", "runner-status-values", "runner-ip-address", "runner-agent-fields",
        "default-branch-protection", "require-password-to-approve", "pull-mirror-configuration",
        "auth-token-in-query", "auth-deploy-token", "auth-sudo-job-token",
    }
