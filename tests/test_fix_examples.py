"""Every Python example of every rule, through the real ``migrator fix``: the file must become
exactly the example's ``after`` (safe fixes) or ``after_unsafe`` (with --unsafe-fixes), and a
second run must change nothing. An example without ``after`` stays as it is under a safe fix;
without ``after_unsafe``, the unsafe result is the safe one."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from migrator.cli import main
from migrator.fix.edits import edits_for
from migrator.ruletable import load_table

TABLE = load_table()
CASES = [(rule, example) for rule in TABLE.rules for example in rule.examples if example.written_as == "python"]
IDS = [f"{rule.code}-{example.name}" for rule, example in CASES]


def fix(tmp_path, code: str, filename: str | None, *flags: str) -> tuple[bytes, bytes]:
    """(content after one fix run, content after a second run)."""
    path = tmp_path / (filename or "example.py")
    path.parent.mkdir(parents=True, exist_ok=True)  # a workflow lives in .github/workflows/
    path.write_text(code, encoding="utf-8")
    results = []
    for _ in range(2):
        outcome = CliRunner().invoke(main, ["fix", *flags, str(path)])
        assert outcome.exit_code in (0, 1), outcome.output
        results.append(path.read_bytes())
    return results[0], results[1]


@pytest.mark.parametrize(("rule", "example"), CASES, ids=IDS)
def test_safe_fix(tmp_path, rule, example):
    expected = example.after if example.after is not None else example.code
    first, second = fix(tmp_path, example.code, example.filename)
    assert first.decode() == expected
    assert second == first, "a second `migrator fix` changed the file again"


@pytest.mark.parametrize(("rule", "example"), CASES, ids=IDS)
def test_unsafe_fix(tmp_path, rule, example):
    expected = next(e for e in (example.after_unsafe, example.after, example.code) if e is not None)
    first, second = fix(tmp_path, example.code, example.filename, "--unsafe-fixes")
    assert first.decode() == expected
    assert second == first, "a second `migrator fix --unsafe-fixes` changed the file again"


@pytest.mark.parametrize(("rule", "example"), CASES, ids=IDS)
def test_every_fixable_finding_gets_edits(rule, example, check_found):
    """`check` marks a finding fixable only when the fixer really rewrites it."""
    fixable = check_found(example.code, "python", example.filename or "example.py").kept(
        lambda f: f.fix is not None and f.fix.applicability != "display-only")
    edits = edits_for("python", example.code, fixable)
    assert [f for f in fixable.findings if not edits.get(f)] == []
