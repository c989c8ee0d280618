"""``--output-format json``: an array with one object per finding, ruff's field names and 1-based
positions; README's "JSON output" section documents every field. Fields are only ever added at
the end, never renamed, since other tools (``report --merge``, baselines, scripts) read them.

With ``--statistics``, the per-rule counts instead, as ruff prints them:
``[{"code", "name", "count", "fixable", "fixable_count"}]``.
"""

from __future__ import annotations

import json

from ..values import Position, Reported
from .context import ReportContext
from .escape import shown_source


def position(pos: Position) -> dict[str, int]:
    return {"row": pos.row, "column": pos.column}


def as_dict(finding: Reported) -> dict:
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
    out = {
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
        # Added for the audit reports and `report --merge`:
        "repository": finding.repository,
        "source_line": shown_source(finding.source_line),
        "applicability": None if finding.fix is None else finding.fix.applicability,
    }
    if finding.cell is not None:  # a notebook's: its cell, and the row and column there
        out["cell"] = {"number": finding.cell.number, "row": finding.cell.row, "column": finding.cell.column}
    return out


def statistics_dicts(context: ReportContext) -> list[dict]:
    """ruff's JSON statistics: ``fixable`` is whether every finding of the rule is fixable."""
    return [
        {"code": s.code, "name": s.name, "count": s.count, "fixable": s.fixable_count == s.count,
         "fixable_count": s.fixable_count}
        for s in context.statistics()
    ]


def records(context: ReportContext) -> list[dict]:
    """What the JSON formats print: the statistics with ``--statistics``, else the findings."""
    if context.show_statistics:
        return statistics_dicts(context)
    return [as_dict(f) for f in context.findings]


def render(context: ReportContext) -> str:
    return json.dumps(records(context), indent=2, ensure_ascii=False) + "\n"
