"""``--output-format gitlab``: a GitLab Code Quality report (publish it with
``artifacts:reports:codequality``). A JSON array with one issue per finding:

- ``check_name``: the rule code; ``description``: ``CODE: message``;
- ``severity``, mapped from the rule's severity:

  ====================  ======================
  migrator severity     Code Quality severity
  ====================  ======================
  info                  info
  low                   minor
  medium                major
  high                  critical
  critical              blocker
  ====================  ======================

- ``location``: the path relative to the working directory (run it from the repository's root)
  and ``lines.begin`` / ``lines.end``;
- ``fingerprint``: see fingerprint.py (no line numbers in it, so GitLab tells new findings from
  moved ones when it compares a merge request's report with its target branch's);
- ``categories``: ``["Compatibility"]``.

Every finding is listed, including baselined ones: GitLab needs the full report of both branches
to compute what a merge request adds or resolves.
"""

from __future__ import annotations

import json

from .context import ReportContext
from .fingerprint import fingerprints, path_of

SEVERITY = {"info": "info", "low": "minor", "medium": "major", "high": "critical", "critical": "blocker"}


def issue(finding, fingerprint: str) -> dict:
    return {
        "type": "issue",
        "check_name": finding.code,
        "description": f"{finding.code}: {finding.message}",
        "categories": ["Compatibility"],
        "severity": SEVERITY.get(finding.severity, "major"),
        "fingerprint": fingerprint,
        "location": {
            # GitLab wants a path inside the repository: never a leading "/" (or "./").
            "path": path_of(finding.filename).lstrip("/"),
            "lines": {"begin": finding.span.start.row, "end": max(finding.span.end.row, finding.span.start.row)},
        },
    }


def render(context: ReportContext) -> str:
    issues = [issue(f, p) for f, p in zip(context.findings, fingerprints(context.findings), strict=True)]
    return json.dumps(issues, indent=2, ensure_ascii=False) + "\n"
