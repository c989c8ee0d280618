"""Every example of every rule in a file kind other than Python (CI YAML, shell, JSON fixtures,
cassettes, telemetry recordings, .proto files), through the real ``migrator fix``: the file must
become exactly the example's ``after`` (safe fixes) or ``after_unsafe`` (with --unsafe-fixes),
byte for byte, and a second run must change nothing. An example without ``after`` stays as it is
under a safe fix; without ``after_unsafe``, the unsafe result is the safe one. Every finding that
``check`` marks fixable gets its edits."""

from __future__ import annotations

import pytest

from migrator import kinds
from migrator.fix.edits import edits_for
from migrator.ruletable import load_table

from .test_fix_examples import fix as fix_file

TABLE = load_table()
CASES = [(rule, example) for rule in TABLE.rules for example in rule.examples if example.written_as != "python"]
IDS = [f"{rule.code}-{example.written_as}-{example.name}" for rule, example in CASES]


def filename(example) -> str:
    return example.filename or kinds.for_example(example.written_as)[1]


def fix(tmp_path, example, *flags: str) -> tuple[bytes, bytes]:
    """(content after one fix run, content after a second run), as test_fix_examples runs them."""
    return fix_file(tmp_path, example.code, filename(example), *flags)


@pytest.mark.parametrize(("rule", "example"), CASES, ids=IDS)
def test_safe_fix(tmp_path, rule, example):
    expected = example.after if example.after is not None else example.code
    first, second = fix(tmp_path, example)
    assert first.decode("utf-8") == expected
    assert second == first, "a second `migrator fix` changed the file again"


@pytest.mark.parametrize(("rule", "example"), CASES, ids=IDS)
def test_unsafe_fix(tmp_path, rule, example):
    expected = next(e for e in (example.after_unsafe, example.after, example.code) if e is not None)
    first, second = fix(tmp_path, example, "--unsafe-fixes")
    assert first.decode("utf-8") == expected
    assert second == first, "a second `migrator fix --unsafe-fixes` changed the file again"


@pytest.mark.parametrize(("rule", "example"), CASES, ids=IDS)
def test_every_fixable_finding_gets_edits(rule, example, check_found):
    """`check` marks a finding fixable only when the fixer really rewrites it."""
    kind = kinds.for_example(example.written_as)[0].name
    fixable = check_found(example.code, kind, filename(example)).kept(
        lambda f: f.fix is not None and f.fix.applicability != "display-only")
    edits = edits_for(kind, example.code, fixable)
    assert [f for f in fixable.findings if not edits.get(f)] == []


def test_text_examples_show_every_intent():
    """The examples cover a rewrite of every text kind and every intent a text fixer carries out."""
    fixed = {(rule.fix.intent, example.written_as) for rule, example in CASES
             if example.after is not None or example.after_unsafe is not None}
    assert {kind for _, kind in fixed} >= {"ci", "shell", "json", "cassette"}
    assert {intent for intent, _ in fixed} >= {"rename", "negate-boolean", "map-values", "rewrite-path", "drop-null"}
