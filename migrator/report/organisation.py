"""The audit report's view of many repositories (``report --merge``): a row for every repository
given a result, whether it found anything or not, and for every expected one that has none, so
that a clean repository never reads like one that was never audited; and subtotals for each group
and subgroup of the repositories' ``group/subgroup/project`` paths, most work first, to answer
"which teams have the most work".

A single run's report (``check --output-format html``) has no results: its rows are the
repositories its findings name.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .context import FIX_CLASSES, ReportContext, fix_class

FOUND, CLEAN, EMPTY, NOT_AUDITED = "findings", "clean", "no file checked", "not audited"
UNNAMED = "(not named)"


@dataclass(frozen=True)
class RepositoryRow:
    """One repository: its findings split by what ``fix`` does with them, the files checked
    (None: the result does not say, or there is no result) and its status: findings, clean (files
    were checked, none has a finding), no file checked, or not audited (no result)."""

    label: str
    status: str
    files: int | None = None
    count: int = 0
    safe: int = 0
    unsafe: int = 0
    manual: int = 0


@dataclass(frozen=True)
class GroupRow:
    """A group's (or subgroup's) subtotal over the repositories below it; ``depth`` 1 for a
    top-level group, 2 for its subgroups, …"""

    label: str
    depth: int
    repositories: int = 0
    not_audited: int = 0
    clean: int = 0
    files: int = 0
    count: int = 0
    safe: int = 0
    unsafe: int = 0
    manual: int = 0


def repository_rows(context: ReportContext) -> tuple[RepositoryRow, ...]:
    """Every repository, the most findings first (then by name); those not audited last."""
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for finding in context.findings:
        counts[finding.repository or UNNAMED][fix_class(finding)] += 1
    files = {r.repository: (r.checked.total if r.checked is not None else None) for r in context.results}
    if context.results:  # a merge: every result, and any repository only its findings name
        names = list(dict.fromkeys([*files, *counts]))
    else:  # one run: the repositories its findings name, none when they name none
        names = list(counts) if set(counts) != {UNNAMED} else []
    rows = [_row(name, counts[name], files.get(name)) for name in names]
    rows.sort(key=lambda r: (-r.count, r.label))
    return tuple(rows) + tuple(RepositoryRow(name, NOT_AUDITED) for name in sorted(context.missing)
                               if name not in files)


def _row(name: str, classes: Counter[str], files: int | None) -> RepositoryRow:
    total = sum(classes.values())
    status = FOUND if total else EMPTY if files == 0 else CLEAN
    return RepositoryRow(name, status, files, total, **{c: classes[c] for c in FIX_CLASSES})


def group_rows(rows: Sequence[RepositoryRow]) -> tuple[GroupRow, ...]:
    """A subtotal per group and subgroup of the repositories' paths (every proper prefix of
    ``group/subgroup/project``), each group followed by its subgroups, the most findings first
    at every level. None when no repository is in a group."""
    totals: dict[str, Counter[str]] = defaultdict(Counter)
    for row in rows:
        parts = row.label.split("/")
        for depth in range(1, len(parts)):
            totals["/".join(parts[:depth])].update(_counts(row))
    children: dict[str, list[str]] = defaultdict(list)
    for path in totals:
        children[path.rpartition("/")[0]].append(path)
    return tuple(_walk("", children, totals))


def _counts(row: RepositoryRow) -> Counter[str]:
    return Counter(repositories=1, not_audited=int(row.status == NOT_AUDITED), clean=int(row.status == CLEAN),
                   files=row.files or 0, count=row.count, safe=row.safe, unsafe=row.unsafe, manual=row.manual)


def _walk(parent: str, children: dict[str, list[str]], totals: dict[str, Counter[str]]) -> Iterable[GroupRow]:
    for path in sorted(children.get(parent, ()), key=lambda p: (-totals[p]["count"], p)):
        yield GroupRow(path, path.count("/") + 1, **totals[path])
        yield from _walk(path, children, totals)
