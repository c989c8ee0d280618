"""The audit report's content, shared by the ``html`` and ``markdown`` formats: totals (by item,
severity, file kind with the files checked, and repository: for a merge every result and every
expected repository, with group subtotals, organisation.py), what ``migrator fix`` can do, what
each Versioning item breaks and what to do instead, and the findings of each file. The templates
in templates/ only lay it out.

Every text that comes from a scanned file (paths, messages, source lines) is made printable here
(escape.py), so neither a browser nor a Markdown viewer shows a bidi override or a control
character as anything but a visible escape; the HTML template escapes markup on top of that.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

import jinja2

from .. import kinds
from ..ruletable import Rule
from ..values import SEVERITIES, Reported
from .context import FIX_CLASSES, ReportContext, fix_class, split_line
from .escape import escape, show_line
from .organisation import CLEAN, EMPTY, NOT_AUDITED, GroupRow, RepositoryRow, group_rows, repository_rows

KIND_TITLES = {kind.name: kind.title for kind in kinds.registry()} | {"other": "Other"}
RELEASES = (("deprecated_in", "deprecated"), ("changed_in", "behaviour changed"),
            ("replacement_since", "replacement available"), ("removed_in", "removed"))


@dataclass(frozen=True)
class Tally:
    """Findings of one group, split by what ``fix`` does with them."""

    label: str
    count: int
    safe: int = 0
    unsafe: int = 0
    manual: int = 0
    key: str = ""
    files: int | None = None  # by file kind: the files of the kind checked (None: not known)


@dataclass(frozen=True)
class RuleNote:
    """A rule as an audit report shows it."""

    code: str
    name: str
    count: int
    severity: str
    why: str
    instead: str
    fix: str
    fix_safety: str


@dataclass(frozen=True)
class ItemNote:
    """A Versioning item as an audit report shows it."""

    key: str
    title: str
    count: int
    before_v5: str
    in_v5: str
    releases: tuple[tuple[str, str], ...]
    rules: tuple[RuleNote, ...]


@dataclass(frozen=True)
class Row:
    """One row of an audit report's table."""

    row: int
    column: int
    code: str
    severity: str
    message: str
    before: str
    covered: str
    after: str
    fix: str
    fix_message: str


@dataclass(frozen=True)
class FileTable:
    """An audit report's findings per file."""

    repository: str | None
    path: str
    kind: str
    rows: tuple[Row, ...]


@dataclass(frozen=True)
class Audit:
    """An audit report's content, before it is rendered."""

    version: str
    target_version: str | None
    files_checked: int | None  # None: not known (a merge of results that do not say)
    total: int
    errors: tuple[str, ...]
    fixes: Tally
    by_item: tuple[Tally, ...]
    by_severity: tuple[Tally, ...]
    by_kind: tuple[Tally, ...]
    by_repository: tuple[RepositoryRow, ...]
    groups: tuple[GroupRow, ...]
    items: tuple[ItemNote, ...]
    files: tuple[FileTable, ...]

    @property
    def repositories(self) -> str:
        """``3 repositories (1 clean; 1 with no file checked; 1 expected but not audited)``: the
        repositories that have a result, and, for a merge, how many of them are clean or checked
        nothing, and how many expected ones have no result; "" when no finding names one."""
        audited = sum(row.status != NOT_AUDITED for row in self.by_repository)
        if not self.by_repository:
            return ""
        text = f"{audited} repositor{'y' if audited == 1 else 'ies'}"
        if not self.groups and not any(row.status == NOT_AUDITED for row in self.by_repository):
            return text
        count = Counter(row.status for row in self.by_repository)
        notes = [f"{count[CLEAN]} clean"] + [f"{count[EMPTY]} with no file checked"] * bool(count[EMPTY])
        notes += [f"{count[NOT_AUDITED]} expected but not audited"] * bool(count[NOT_AUDITED])
        return f"{text} ({'; '.join(notes)})"

    @property
    def most(self) -> int:
        """The largest item count, the full width of the chart."""
        return max((t.count for t in self.by_item), default=0)


def file_kind(finding: Reported) -> str:
    """The finding's file kind; for a merged result that does not record it, the kind its name
    says."""
    return finding.kind or _kind_by_name(finding.filename)


@cache
def _kind_by_name(filename: str) -> str:
    kind = kinds.kind_of(Path(filename), explicit=True)
    return kind.name if kind else "other"


def tallies(findings, context: ReportContext, key, label=lambda k: k, order=None) -> tuple[Tally, ...]:
    groups: dict[str, Counter[str]] = defaultdict(Counter)
    for finding in findings:
        groups[key(finding)][fix_class(finding)] += 1
    keys = order if order is not None else sorted(groups, key=lambda k: (-sum(groups[k].values()), str(k)))
    return tuple(Tally(label(k), sum(groups[k].values()), key=k, **{c: groups[k][c] for c in FIX_CLASSES})
                 for k in keys)


def item_title(key: str | None, context: ReportContext) -> str:
    if key is None:
        return "Files that could not be checked"
    item = context.items.get(key)
    return item.title if item else key


def rule_note(rule: Rule, count: int) -> RuleNote:
    fix = rule.fix.applicability if rule.fix else "none"
    return RuleNote(rule.code, rule.name, count, rule.severity, rule.docs.why, rule.docs.instead, fix,
                    rule.docs.fix_safety or (rule.fix.reason if rule.fix else ""))


def item_notes(context: ReportContext, by_item: tuple[Tally, ...]) -> tuple[ItemNote, ...]:
    counts = Counter(f.code for f in context.findings)
    notes = []
    for tally in by_item:
        rules = [r for r in context.rules.values() if r.item == tally.key]
        item = context.items.get(tally.key)
        if item is None or not rules:
            continue
        releases = tuple(dict.fromkeys((label, getattr(r, attr)) for attr, label in RELEASES for r in rules
                                       if getattr(r, attr)))
        notes.append(ItemNote(tally.key, item.title, tally.count, item.change_before_v5, item.change_in_v5, releases,
                              tuple(rule_note(r, counts[r.code]) for r in sorted(rules, key=lambda r: r.code))))
    return tuple(notes)


def row(finding: Reported) -> Row:
    before, covered, after = (show_line(part) for part in split_line(finding))
    start = finding.span.start
    return Row(start.row, start.column, finding.code, finding.severity, escape(finding.message), before.lstrip(), covered,
               after, fix_class(finding), escape(finding.fix.message) if finding.fix else "")


def file_tables(context: ReportContext) -> tuple[FileTable, ...]:
    groups: dict[tuple[str, str], list[Reported]] = defaultdict(list)
    for finding in context.findings:
        groups[(finding.repository or "", finding.filename)].append(finding)
    return tuple(FileTable(repo or None, escape(name), KIND_TITLES.get(file_kind(group[0]), file_kind(group[0])),
                           tuple(row(f) for f in group))
                 for (repo, name), group in sorted(groups.items()))


def kind_tallies(context: ReportContext) -> tuple[Tally, ...]:
    """Findings and files checked by file kind: every kind that was checked, with findings or not."""
    found = {t.key: t for t in tallies(context.findings, context, key=file_kind)}
    checked = dict(context.checked.by_kind) if context.checked is not None else {}
    keys = sorted({*found, *checked}, key=lambda k: (-(found[k].count if k in found else 0), -checked.get(k, 0), k))
    known = context.checked is not None
    return tuple(replace(found.get(k) or Tally(k, 0, key=k), label=KIND_TITLES.get(k, k),
                         files=checked.get(k, 0) if known else None) for k in keys)


def audit(context: ReportContext) -> Audit:
    findings = context.findings
    everything = tallies(findings, context, key=lambda f: "all", label=lambda k: "All findings")
    by_item = tallies(findings, context, key=lambda f: f.item, label=lambda k: item_title(k, context))
    by_repository = repository_rows(context)
    return Audit(
        version=context.version,
        target_version=context.target_version,
        files_checked=context.checked.total if context.checked is not None else None,
        total=len(findings),
        errors=tuple(escape(e) for e in context.errors),
        fixes=everything[0] if everything else Tally("All findings", 0),
        by_item=by_item,
        by_severity=tallies(findings, context, key=lambda f: f.severity, order=tuple(reversed(SEVERITIES))),
        by_kind=kind_tallies(context),
        by_repository=by_repository,
        groups=group_rows(by_repository) if context.results or context.missing else (),
        items=item_notes(context, by_item),
        files=file_tables(context),
    )


def render_template(name: str, context: ReportContext, autoescape: bool, **filters) -> str:
    """Lay the audit out with a template of templates/ (shipped in the package); HTML templates
    are autoescaped, and ``filters`` adds the format's own escaping filters."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(Path(__file__).parent / "templates"),
        autoescape=autoescape, undefined=jinja2.StrictUndefined,
        trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
    )
    env.filters.update(filters)
    return env.get_template(name).render(audit=audit(context), fix_classes=FIX_CLASSES, NOT_AUDITED=NOT_AUDITED)
