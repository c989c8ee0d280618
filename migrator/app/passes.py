"""One file's text through fix: check it (the pipeline), have the fixers edit it (fix/), check it
still parses, check it again, until nothing changes. The loop is the application's: it calls the
pipeline and the fixers, which know nothing of each other.

A pass applies every finding whose edits do not overlap an earlier one's; the others are tried
again on the next pass, against the rescanned text. If a pass leaves text that does not parse,
the whole file is left as it was and the failure is reported.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..pipeline import check_source
from ..ruletable import Rule, RuleTable
from ..values import Finding, Found
from ..fix.apply import apply_edits, choose, parse_problem
from ..fix.edits import edits_for

MAX_PASSES = 20


@dataclass
class TextFix:
    """The text the passes left, how many fixes they made, its findings (each with its touch), and
    why it was left as it was (a fix that broke the parse)."""

    text: str
    fixed: int
    found: Found
    failure: str | None = None

    @property
    def findings(self) -> tuple[Finding, ...]:
        return self.found.findings


def fix_text(text: str, kind: str, filename: str, rules: Sequence[Rule], table: RuleTable,
             unsafe: bool, keep: Callable[[Finding], bool] | None = None, path: str | None = None) -> TextFix:
    """Passes over one file's text until no fix applies, at most MAX_PASSES. ``keep`` drops the
    findings the file's settings do not report (min-evidence): they are neither fixed nor left;
    ``path``: where the file is, for the SDK versions pinned above it (pipeline.check_source)."""

    def check(current: str) -> Found:
        found = check_source(current, kind, filename, rules, table, path)
        return found if keep is None else found.kept(keep)

    first = found = check(text)
    current, fixed = text, 0
    for _ in range(MAX_PASSES):
        wanted = {f for f in found.findings if f.fixable(unsafe)}
        chosen = choose(edits_for(kind, current, found, wanted), current) if wanted else []
        if not chosen:
            break
        new = apply_edits(current, [edit for _, edits in chosen for edit in edits])
        problem = parse_problem(kind, new, current)
        if problem is not None:
            codes = ", ".join(sorted({f.code for f, _ in chosen}))
            return TextFix(text, 0, first, f"the fixes ({codes}) left code that does not parse ({problem})")
        if new == current:
            break
        current, fixed = new, fixed + len(chosen)
        found = check(current)
    return TextFix(current, fixed, found)
