"""What every reporter receives: the findings of a run, the rules that fired with their items, and
the settings that shaped the output. SARIF and Code Quality list rule metadata from ``rules``;
the audit reports group by ``items``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..model import Finding
from ..ruletable import Item, Rule, RuleTable


@dataclass(frozen=True)
class ReportContext:
    findings: tuple[Finding, ...]
    rules: Mapping[str, Rule] = field(default_factory=dict)
    items: Mapping[str, Item] = field(default_factory=dict)
    unsafe_fixes: bool = False
    show_statistics: bool = False
    target_version: str | None = None
    files: int = 0
    errors: tuple[str, ...] = ()
    color: bool = False
    version: str = ""

    @classmethod
    def of(cls, findings, table: RuleTable, **options) -> ReportContext:
        """The context of a run: the rules among ``findings`` looked up in the table."""
        from .. import __version__

        findings = tuple(findings)
        codes = {f.code for f in findings}
        rules = {code: rule for code, rule in table.by_code.items() if code in codes}
        options.setdefault("version", __version__)
        return cls(findings, rules, table.items, **options)
