"""Edits for findings, computed only when someone needs them (fix, diff, JSON output, an editor's
quick fix), from a file's text and its findings as the pipeline made them (with their touches):
by the worker that read the file (`filled`, for a report that shows edits), by the fix loop
(app/passes.py), by the language server for one buffer. Never by checking a file again.

Each file kind names its fixer (migrator/kinds), a function ``edits(text, findings)`` returning
the edits per finding, imported on first use, so libcst is loaded only when a Python file has
something to fix.
"""

from __future__ import annotations

from dataclasses import replace

from .. import kinds
from ..values import Edit, Finding, Fix


def wants_edits(finding: Finding) -> bool:
    return finding.fix is not None and finding.fix.applicability != "display-only"


def edits_for(kind: str | None, text: str, findings: list[Finding]) -> dict[Finding, tuple[Edit, ...]]:
    """The edits of each finding that has a fix (safe or unsafe) in one file's text. A finding
    whose fix already carries its edits (an unused suppression: filters.py) keeps them as they are."""
    wanted = [f for f in findings if wants_edits(f)]
    carried = {f: f.fix.edits for f in wanted if f.fix.edits}
    rest = [f for f in wanted if f not in carried]
    try:
        computed = kinds.by_name(kind).edits(text, rest) if rest and kind else {}
    except RecursionError:  # code nested deeper than the parser can follow: no edits
        computed = {}
    return {**computed, **carried}


def filled(text: str, findings: list[Finding], kind: str) -> list[Finding]:
    """One file's findings, each fix that wants edits with its edits (and their spans) filled
    in, or shown as not applicable here."""
    group = [f for f in findings if wants_edits(f) and not _filled(f.fix)]
    if not group:
        return findings
    computed = edits_for(kind, text, group)
    lines = kinds.by_name(kind).lines(text)
    done = {}
    for finding in group:
        edits = tuple(replace(e, span=lines.span(e.start, e.end)) for e in computed.get(finding, ()))
        fix = replace(finding.fix, edits=edits) if edits else not_applicable(finding.fix)
        done[finding] = replace(finding, fix=fix)
    return [done.get(f, f) for f in findings]


def _filled(fix: Fix) -> bool:
    return bool(fix.edits) and all(e.span is not None for e in fix.edits)


def not_applicable(fix: Fix) -> Fix:
    """A fix the fixer could not carry out here is shown, not offered (and says so)."""
    return replace(fix, applicability="display-only", edits=(),
                   message=f"{fix.message} (no edit at this place: it may go away with a fix where a "
                           "value it uses is set; otherwise change it by hand)")
