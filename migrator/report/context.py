"""What every reporter receives: the findings of a run, the rules that fired with their items, and
the settings that shaped the output. SARIF and Code Quality list rule metadata from ``rules``;
the audit reports group by ``items``.

Also here, because every format needs them the same way: whether a finding's fix is applied
(``fixable``) and what ``fix`` does with it (``fix_class``), the per-rule counts of
``--statistics``, and the part of a finding's source line that its span covers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..checked import FilesChecked
from ..ruletable import Item, Rule, RuleTable
from ..values import Reported
from .escape import shown_source

if TYPE_CHECKING:
    from ..baseline import Baselined
    from .merge import Result


def fixable(finding: Reported, unsafe_fixes: bool = False) -> bool:
    """Whether ``migrator fix`` applies this finding's fix (with ``--unsafe-fixes`` when asked):
    the findings ruff marks ``[*]``."""
    return finding.fixable(unsafe_fixes)


FIX_CLASSES = ("safe", "unsafe", "manual")


def fix_class(finding: Reported) -> str:
    """safe: ``migrator fix`` applies it; unsafe: only with ``--unsafe-fixes``; manual: by hand."""
    if finding.fix is None or not finding.fix.applicability.applies("unsafe"):
        return "manual"
    return "safe" if finding.fix.applicability.applies("safe") else "unsafe"


@dataclass(frozen=True)
class Statistic:
    """One row of ``--statistics``: a rule, how often it fired, and how many of those fix applies."""

    code: str
    name: str
    count: int
    fixable_count: int


def statistics(findings: Iterable[Reported], unsafe_fixes: bool = False) -> list[Statistic]:
    """Counts per rule, the most frequent first (then by code), as ruff orders them."""
    counts: Counter[str] = Counter()
    fixes: Counter[str] = Counter()
    names: dict[str, str] = {}
    for finding in findings:
        counts[finding.code] += 1
        fixes[finding.code] += fixable(finding, unsafe_fixes)
        names[finding.code] = finding.name
    ordered = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return [Statistic(code, names[code], count, fixes[code]) for code, count in ordered]


def split_line(finding: Reported) -> tuple[str, str, str]:
    """The finding's source line cut at its span: (before, covered, after). A span that goes on
    to later lines covers the rest of its first line. ("", "", "") without a source line."""
    text = shown_source(finding.source_line).rstrip("\r\n")
    start, end = finding.span.start, finding.span.end
    begin = min(max(start.column - 1, 0), len(text))
    stop = len(text) if end.row != start.row else min(max(end.column - 1, begin), len(text))
    return text[:begin], text[begin:stop], text[stop:]


@dataclass(frozen=True)
class ReportContext:
    """What every report format is given: the findings, the rules and the run's options."""

    findings: tuple[Reported, ...]
    rules: Mapping[str, Rule] = field(default_factory=dict)
    items: Mapping[str, Item] = field(default_factory=dict)
    unsafe_fixes: bool = False
    show_statistics: bool = False
    target_version: str | None = None
    errors: tuple[str, ...] = ()
    color: bool = False
    version: str = ""
    quiet: bool = False  # -q: the findings without the summary (text formats)
    # What the run checked (None: not known, as for a merge of findings arrays), the repository
    # and settings' digest a result records, what the baseline hid (None: no baseline), and, for
    # `report --merge`, the results merged and the expected repositories that have none.
    checked: FilesChecked | None = None
    repository: str | None = None
    settings: str | None = None
    baseline: Baselined | None = None
    results: tuple[Result, ...] = ()
    missing: tuple[str, ...] = ()

    @classmethod
    def of(cls, findings, table: RuleTable, **options) -> ReportContext:
        """The context of a run: the rules among ``findings`` looked up in the table."""
        from .. import __version__

        findings = tuple(findings)
        codes = {f.code for f in findings}
        rules = {code: rule for code, rule in table.by_code.items() if code in codes}
        options.setdefault("version", __version__)
        options["errors"] = tuple(options.get("errors", ()))
        return cls(findings, rules, table.items, **options)

    def rule(self, finding: Reported) -> Rule | None:
        """The finding's rule; None for findings that no rule of the table makes (parse errors)."""
        return self.rules.get(finding.code)

    def fixable(self, finding: Reported) -> bool:
        return fixable(finding, self.unsafe_fixes)

    def statistics(self) -> list[Statistic]:
        return statistics(self.findings, self.unsafe_fixes)
