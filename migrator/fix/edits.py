"""Edits for findings, computed only when someone needs them (fix, diff, JSON output): by the
worker that read the file (`filled`), or afterwards from the files (`with_edits`).

Each file kind names its fixer (migrator/kinds), a function ``edits(text, findings)`` returning
the edits per finding, imported on first use, so libcst is loaded only when a Python file has
something to fix.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from pathlib import Path

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


def with_edits(findings: list[Finding]) -> list[Finding]:
    """Findings with their fix edits filled in, reading each file that has fixable findings whose
    edits are not filled in yet (a worker fills them where it has the file's text: `filled`)."""
    from ..source import DecodeError, decode

    by_file: dict[str, list[Finding]] = defaultdict(list)
    for finding in findings:
        if wants_edits(finding) and not _filled(finding.fix):
            by_file[finding.filename].append(finding)
    done: dict[Finding, Finding] = {}
    for filename, group in by_file.items():
        path = Path(filename)
        kind = group[0].kind or ""
        try:
            text = decode(path.read_bytes(), cookie=bool(kind) and kinds.by_name(kind).cookie)[0]
        except (OSError, DecodeError):
            continue
        done.update(zip(group, filled(text, found_again(text, group, kind), kind)))
    return [done.get(f, f) for f in findings]


def found_again(text: str, findings: list[Finding], kind: str) -> list[Finding]:
    """One file's findings, each with the touch and fix intent the fixers read. A finding that
    came from a worker or the result cache has neither (app/check.reported): the file is
    checked again with the findings' rules, and each finding takes them from the one found there
    (findings compare without them). One not found again is kept as it is; its fix is then not
    applicable."""
    if all(f.touch is not None for f in findings):
        return findings
    from ..pipeline import check_source
    from ..ruletable import load_table

    table = load_table()
    rules = tuple(table.by_code[code] for code in sorted({f.code for f in findings}) if code in table.by_code)
    again = {f: f for f in check_source(text, kind, findings[0].filename, rules, table) if f.touch is not None}
    return [_with_touch(f, again.get(f)) for f in findings]


def _with_touch(finding: Finding, found: Finding | None) -> Finding:
    """The finding as it was reported (its repository, source line …) with what the fixers read
    from the one found again."""
    if found is None or finding.touch is not None:
        return finding
    return replace(finding, touch=found.touch, intent=found.intent, fix=found.fix)


def filled(text: str, findings: list[Finding], kind: str) -> list[Finding]:
    """One file's findings, each fix that wants edits with its edits (and their spans) filled
    in, or shown as not applicable here."""
    from ..pipeline import lines_of

    group = [f for f in findings if wants_edits(f) and not _filled(f.fix)]
    if not group:
        return findings
    computed = edits_for(kind, text, group)
    lines = lines_of(text, kind)
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
