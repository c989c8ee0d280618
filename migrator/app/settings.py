"""The settings of one run, and the rules they select from the loaded rule table."""

from __future__ import annotations

from dataclasses import dataclass

from ..ruletable import Rule, RuleTable, gated, load_table


@dataclass(frozen=True)
class Settings:
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    respect_gitignore: bool = True
    jobs: int = 0
    target_version: str | None = None

    def rules(self, table: RuleTable | None = None) -> tuple[Rule, ...]:
        """The selected rules, with fixes gated by the target GitLab release (built once per
        process and settings, since every file asks)."""
        table = table or load_table()
        key = (table.digest, self.select, self.ignore, self.target_version)
        if key not in _RULES:
            _RULES[key] = gated(table.select(self.select, self.ignore), self.target_version)
        return _RULES[key]


_RULES: dict[tuple, tuple[Rule, ...]] = {}
