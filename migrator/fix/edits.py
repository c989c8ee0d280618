"""Edits for findings, computed only when someone needs them (fix, diff, JSON output).

Each file kind's fixer is a module with one function, ``edits(text, findings)``, returning the
edits per finding (FIXERS); a kind whose fixer module does not exist yet gets no edits. Fixers
are imported on first use, so libcst is loaded only when a Python file has something to fix.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import replace
from importlib import import_module
from pathlib import Path

from ..model import Edit, Finding, Fix

FIXERS = {
    "python": "migrator.fix.python",
    "ci": "migrator.fix.ci",
    "shell": "migrator.fix.shell",
    "json": "migrator.fix.recorded",
    "cassette": "migrator.fix.recorded",
}

Fixer = Callable[[str, list[Finding]], dict[Finding, tuple[Edit, ...]]]


def fixer(kind: str | None) -> Fixer | None:
    name = FIXERS.get(kind or "")
    if name is None:
        return None
    try:
        module = import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return None
    return module.edits


def wants_edits(finding: Finding) -> bool:
    return finding.fix is not None and finding.fix.applicability != "display-only"


def edits_for(kind: str | None, text: str, findings: list[Finding]) -> dict[Finding, tuple[Edit, ...]]:
    """The edits of each finding that has a fix (safe or unsafe) in one file's text."""
    wanted = [f for f in findings if wants_edits(f)]
    edit = fixer(kind) if wanted else None
    try:
        return edit(text, wanted) if edit else {}
    except RecursionError:  # code nested deeper than the parser can follow: no edits
        return {}


def with_edits(findings: list[Finding]) -> list[Finding]:
    """Findings with their fix edits filled in, reading each file that has fixable findings."""
    from ..discover import kind_of
    from ..engine import decode, lines_of
    from ..source import DecodeError

    by_file: dict[str, list[Finding]] = defaultdict(list)
    for finding in findings:
        if wants_edits(finding):
            by_file[finding.filename].append(finding)
    filled: dict[Finding, Finding] = {}
    for filename, group in by_file.items():
        path = Path(filename)
        kind = kind_of(path, explicit=True) or ""
        try:
            text = decode(path.read_bytes(), kind)
        except (OSError, DecodeError):
            continue
        computed = edits_for(kind, text, group)
        lines = lines_of(text, kind)
        for finding in group:
            edits = tuple(replace(e, span=lines.span(e.start, e.end)) for e in computed.get(finding, ()))
            fix = replace(finding.fix, edits=edits) if edits else not_applicable(finding.fix)
            filled[finding] = replace(finding, fix=fix)
    return [filled.get(f, f) for f in findings]


def not_applicable(fix: Fix) -> Fix:
    """A fix the fixer could not carry out here is shown, not offered (and says so)."""
    return replace(fix, applicability="display-only", edits=(),
                   message=f"{fix.message} (no edit at this place: it may go away with a fix where a "
                           "value it uses is set; otherwise change it by hand)")
