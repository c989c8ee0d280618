"""``--output-format gitlab``: a GitLab Code Quality report that validates against the schema of
the keys GitLab reads, with our severities mapped to Code Quality's and line-free fingerprints."""

from __future__ import annotations

from functools import partial

from migrator.report.gitlab import SEVERITY

from .reporting import SAMPLE_FINDINGS, check_json, repo, samples, validate  # noqa: F401 - the fixtures


codequality = partial(check_json, "gitlab")


def test_the_report_validates_against_the_code_quality_schema(repo):
    validate(codequality(), "gitlab-codequality.schema.json")


def test_the_sample_repositories_validate_too(samples):
    report = codequality("sample_repos")
    validate(report, "gitlab-codequality.schema.json")
    assert len(report) == SAMPLE_FINDINGS
    assert len({issue["fingerprint"] for issue in report}) == SAMPLE_FINDINGS


def test_one_issue_per_finding(repo):
    issue = codequality("runners.py")[0]
    assert issue == {
        "type": "issue",
        "check_name": "MIG060",
        "description": "MIG060: `active` on a runner is removed in API v5; use `paused` (paused is the negation of "
                       "active)",
        "categories": ["Compatibility"],
        "severity": "critical",
        "fingerprint": issue["fingerprint"],
        "location": {"path": "runners.py", "lines": {"begin": 2, "end": 2}},
    }


def test_severities_map_to_code_quality_severities():
    assert SEVERITY == {"info": "info", "low": "minor", "medium": "major", "high": "critical",
                        "critical": "blocker"}


def test_paths_are_relative_to_the_repository_even_when_given_absolute(repo):
    (issue,) = codequality(str(repo / "runners.py"))
    assert issue["location"]["path"] == "runners.py"
    (issue,) = codequality("./runners.py")
    assert issue["location"]["path"] == "runners.py"


def test_moving_code_keeps_every_fingerprint(repo):
    before = [i["fingerprint"] for i in codequality()]
    (repo / "mrs.py").write_text("import os\n\n\n" + (repo / "mrs.py").read_text())
    after = [i["fingerprint"] for i in codequality()]
    assert after == before
