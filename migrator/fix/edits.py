"""Edits for findings, computed only when someone needs them (fix, diff, JSON output, an editor's
quick fix), from a file's text and its findings as the pipeline made them (a `Found`: each finding
with the touch it was made from): by the worker that read the file (`filled`, for a report that
shows edits), by the fix loop (app/passes.py), by the language server for one buffer. Never by
checking a file again.

Each file kind names its fixer (migrator/kinds), a function ``edits(text, touches)`` returning
the edits per finding, imported on first use, so libcst is loaded only when a Python file has
something to fix.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from .. import kinds
from ..values import Edit, Finding, Fix, Found


def wants_edits(finding: Finding) -> bool:
    return finding.fix is not None and finding.fix.applicability != "display-only"


def edits_for(kind: str | None, text: str, found: Found, only: Collection[Finding] | None = None
              ) -> dict[Finding, tuple[Edit, ...]]:
    """The edits of each finding of ``found`` (``only``: of those) that has a fix (safe or unsafe)
    in its file's text. A finding whose fix already carries its edits (an unused suppression:
    filters.py) keeps them as they are."""
    wanted = [(f, t) for f, t in found.pairs if wants_edits(f) and (only is None or f in only)]
    carried = {f: f.fix.edits for f, _ in wanted if f.fix.edits}
    rest = {f: t for f, t in wanted if f not in carried and t is not None}
    try:
        computed = kinds.by_name(kind).edits(text, rest) if rest and kind else {}
    except RecursionError:  # code nested deeper than the parser can follow: no edits
        computed = {}
    return {**computed, **carried}


def filled(text: str, found: Found, kind: str) -> Found:
    """One file's findings, each fix that wants edits with its edits (and their spans) filled
    in, or shown as not applicable here."""
    group = {f for f in found.findings if wants_edits(f) and not _filled(f.fix)}
    if not group:
        return found
    computed = edits_for(kind, text, found, group)
    lines = kinds.by_name(kind).lines(text)
    done = {}
    for finding in group:
        edits = tuple(replace(e, span=lines.span(e.start, e.end)) for e in computed.get(finding, ()))
        fix = replace(finding.fix, edits=edits) if edits else not_applicable(finding.fix)
        done[finding] = replace(finding, fix=fix)
    return Found(tuple(done.get(f, f) for f in found.findings), found.touches)


def _filled(fix: Fix) -> bool:
    return bool(fix.edits) and all(e.span is not None for e in fix.edits)


def not_applicable(fix: Fix) -> Fix:
    """A fix the fixer could not carry out here is shown, not offered (and says so)."""
    return replace(fix, applicability="display-only", edits=(),
                   message=f"{fix.message} (no edit at this place: it may go away with a fix where a "
                           "value it uses is set; otherwise change it by hand)")
