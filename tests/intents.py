"""Helpers for the fix intent tests (tests/test_intent_*.py), in the style of django-upgrade's:
the code before, and what ``migrator fix`` makes of it.

- `check_transformed(kind, before, after)`: fix turns ``before`` into ``after``, a second fix
  changes nothing, and no finding that ``check`` marked fixable is left (so ``[*]`` promised
  exactly what fix did).
- `check_unchanged(kind, code)`: fix leaves the code as it is, and ``check`` marks nothing
  fixable; ``why``, when given, is in the message of the fix the JSON report shows.
"""

from __future__ import annotations

from textwrap import dedent

from migrator import kinds
from migrator.pipeline import check_source
from migrator.app.passes import fix_text
from migrator.ruletable import load_table

TABLE = load_table()


def filename(kind: str) -> str:
    return next(iter(kinds.by_name(kind).examples.values()))


def findings(kind: str, code: str):
    return check_source(code, kind, filename(kind), TABLE.rules, TABLE).findings


def check_transformed(kind: str, before: str, after: str, unsafe: bool = False) -> None:
    before, after = dedent(before), dedent(after)
    result = fix_text(before, kind, filename(kind), TABLE.rules, TABLE, unsafe)
    assert result.failure is None, result.failure
    assert result.text == after
    again = fix_text(result.text, kind, filename(kind), TABLE.rules, TABLE, unsafe)
    assert (again.text, again.fixed) == (after, 0), "a second fix changed the code again"
    assert [f.code for f in findings(kind, after) if f.fixable(unsafe)] == [], "a fixable finding is left"


def check_unchanged(kind: str, code: str, why: str | None = None) -> None:
    """Even with unsafe fixes: nothing marked fixable, nothing changed."""
    code = dedent(code)
    found = findings(kind, code)
    assert found, "the code has no finding at all"
    assert [f.code for f in found if f.fixable(unsafe=True)] == []
    if why is not None:
        assert any(f.fix and why in f.fix.message for f in found), [f.fix.message for f in found if f.fix]
    result = fix_text(code, kind, filename(kind), TABLE.rules, TABLE, True)
    assert (result.text, result.fixed) == (code, 0)
