"""One file through fix: scan, edit, check it still parses, scan again, until nothing changes.

Files are independent, so each runs its own passes (in a process pool for large runs, as in
check). A pass applies every finding whose edits do not overlap an earlier one's; the others are
tried again on the next pass, against the rescanned text. If a pass leaves text that does not
parse, the whole file is left as it was and the failure is reported.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from ..discover import SourceFile, discover
from ..engine import POOL_THRESHOLD, Settings, check_file, check_source, load
from ..model import Finding
from ..report.text import fixable
from ..ruletable import Rule, RuleTable, load_table
from ..source import Encoding
from .apply import apply_edits, choose, parse_problem
from .edits import edits_for
from .files import Roots

MAX_PASSES = 20


@dataclass
class FileFix:
    """What fix did to one file. ``text`` is None when the file was only checked."""

    source: SourceFile
    data: bytes = b""
    encoding: Encoding = Encoding()
    text: str | None = None
    new_text: str | None = None
    fixed: int = 0
    findings: list[Finding] = field(default_factory=list)
    failure: str | None = None
    error: str | None = None

    @property
    def changed(self) -> bool:
        return self.new_text is not None and self.new_text != self.text


@dataclass
class TextFix:
    text: str
    fixed: int
    findings: list[Finding]
    failure: str | None = None


def fix_text(text: str, kind: str, filename: str, rules: Sequence[Rule], table: RuleTable,
             unsafe: bool) -> TextFix:
    """Passes over one file's text until no fix applies, at most MAX_PASSES."""
    first = findings = check_source(text, kind, filename, rules, table)
    current, fixed = text, 0
    for _ in range(MAX_PASSES):
        wanted = [f for f in findings if fixable(f, unsafe)]
        chosen = choose(edits_for(kind, current, wanted), current) if wanted else []
        if not chosen:
            break
        new = apply_edits(current, [edit for _, edits in chosen for edit in edits])
        problem = parse_problem(kind, new)
        if problem is not None:
            codes = ", ".join(sorted({f.code for f, _ in chosen}))
            return TextFix(text, 0, first, f"the fixes ({codes}) left code that does not parse ({problem})")
        if new == current:
            break
        current, fixed = new, fixed + len(chosen)
        findings = check_source(current, kind, filename, rules, table)
    return TextFix(current, fixed, findings)


def fix_file(source: SourceFile, rules: Sequence[Rule], table: RuleTable, unsafe: bool) -> FileFix:
    loaded = load(source, rules)
    if loaded is None or loaded.error is not None:
        return FileFix(source, findings=[loaded.error] if loaded else [])
    outcome = FileFix(source, loaded.data, loaded.encoding)
    text = loaded.text
    result = fix_text(text, source.kind, source.display, rules, table, unsafe)
    outcome.text, outcome.new_text, outcome.fixed = text, result.text, result.fixed
    outcome.findings, outcome.failure = result.findings, result.failure
    return outcome


def _job(args: tuple[SourceFile, Settings, bool, bool]) -> FileFix:
    source, settings, unsafe, writable = args
    table = load_table()
    rules = settings.rules(table)
    try:
        if not writable:
            return FileFix(source, findings=check_file(source, rules, table)[1])
        return fix_file(source, rules, table, unsafe)
    except Exception as exc:  # noqa: BLE001 - one bad file must not stop the run
        return FileFix(source, error=f"{source.display}: internal error while fixing: {type(exc).__name__}: {exc}")


def fix_paths(paths: Sequence[str], settings: Settings, unsafe: bool) -> list[FileFix]:
    """Fix every file under paths (in memory; the caller writes). Files that resolve outside
    the given paths are only checked."""
    roots = Roots(paths)
    sources = list(discover(list(paths), settings.respect_gitignore))
    jobs = [(s, settings, unsafe, roots.target(s.path) is not None) for s in sources]
    workers = settings.jobs or os.cpu_count() or 1
    if len(jobs) >= POOL_THRESHOLD and workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            return list(pool.map(_job, jobs, chunksize=16))
    return [_job(job) for job in jobs]
