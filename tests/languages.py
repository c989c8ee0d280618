"""One client language as its tests read it (tests/test_scan_<language>.py): the touches its scanner
gives, the findings `migrator check` reports (code and row), their fixes' applicability, and
`migrator fix` run twice (tests/fixing.py). Each test file names its language once:
``touches, codes, fixes, fix = Client(scan, "go", "main.go", head=HEAD).helpers``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .fixing import fixed_twice


@dataclass(frozen=True)
class Client:
    scan: Callable  # the language's scan(text, model)
    kind: str  # its file kind, as `check` takes it
    filename: str  # an example's file name
    head: str = ""  # written before each example (Go's package clause, PHP's opening tag)
    head_rows: bool = False  # rows count the head's lines (PHP: row 1 is the tag), else rows of the example

    def touches(self, code: str, table, role: str | None = None) -> list[tuple]:
        """(role, name, record, evidence, context, method, value) of each touch, optionally of one role."""
        return [(t.role, t.name, t.record, t.evidence, t.context, t.method, t.value)
                for t in self.scan(self.head + code, table.model) if role is None or t.role == role]

    def codes(self, check, code: str, filename: str | None = None) -> list[tuple[str, int]]:
        """(code, row) of each finding."""
        return [(f.code, f.span.start.row - self._skipped) for f in self._found(check, code, filename)]

    def fixes(self, check, code: str, filename: str | None = None) -> list[tuple[str, int, str]]:
        """(code, row, applicability of its fix) of each finding."""
        return [(f.code, f.span.start.row - self._skipped, f.fix.applicability)
                for f in self._found(check, code, filename)]

    def fix(self, tmp_path: Path, code: str, *flags: str, name: str | None = None) -> tuple[str, str]:
        """The example's text after one `migrator fix`, and after a second (without the head,
        unless rows count it)."""
        first, second = fixed_twice(tmp_path / (name or self.filename), self.head + code, *flags)
        cut = 0 if self.head_rows else len(self.head)
        return first[cut:], second[cut:]

    @property
    def helpers(self) -> tuple[Callable, Callable, Callable, Callable]:
        return self.touches, self.codes, self.fixes, self.fix

    @property
    def _skipped(self) -> int:
        return 0 if self.head_rows else self.head.count("\n")

    def _found(self, check, code: str, filename: str | None) -> list:
        return check(self.head + code, self.kind, filename or self.filename)
