"""``--output-format json``: one object per finding, ruff's field names and 1-based positions."""

from __future__ import annotations

import json

from ..model import Finding, Position


def position(pos: Position) -> dict[str, int]:
    return {"row": pos.row, "column": pos.column}


def as_dict(finding: Finding) -> dict:
    fix = None
    if finding.fix is not None:
        fix = {
            "applicability": finding.fix.applicability,
            "message": finding.fix.message,
            "edits": [
                {"content": e.content, "location": position(e.span.start), "end_location": position(e.span.end)}
                for e in finding.fix.edits if e.span is not None
            ],
        }
    return {
        "code": finding.code,
        "name": finding.name,
        "item": finding.item,
        "message": finding.message,
        "severity": finding.severity,
        "evidence": finding.evidence,
        "filename": finding.filename,
        "location": position(finding.span.start),
        "end_location": position(finding.span.end),
        "url": finding.url,
        "fix": fix,
    }


def render(findings: list[Finding], **_) -> str:
    return json.dumps([as_dict(f) for f in findings], indent=2, ensure_ascii=False) + "\n"
