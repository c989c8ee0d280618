"""Every example case of every rule (rules/*.yaml ``examples:``) is a test: the code is checked
through the real pipeline and must give exactly ``flagged`` findings of that rule."""

from __future__ import annotations

import pytest

from migrator import kinds
from migrator.ruletable import load_table

TABLE = load_table()
CASES = [(rule, example) for rule in TABLE.rules for example in rule.examples]


@pytest.mark.parametrize(
    ("rule", "example"), CASES, ids=[f"{rule.code}-{example.written_as}-{example.name}" for rule, example in CASES]
)
def test_rule_example(rule, example, check):
    kind, filename = kinds.for_example(example.written_as)
    found = [f for f in check(example.code, kind.name, example.filename or filename) if f.code == rule.code]
    assert len(found) == example.flagged, "\n".join(f"{f.span.start.row}:{f.span.start.column} {f.message}" for f in found)


def test_every_rule_has_flagged_and_clean_examples():
    for rule in TABLE.rules:
        assert any(e.flagged for e in rule.examples), f"{rule.code} has no flagged example"
        assert any(e.flagged == 0 for e in rule.examples), f"{rule.code} has no example that must not be flagged"


def test_every_flagged_example_passes_the_prefilter():
    """A file the prefilter drops is never scanned: each rule's tokens must let its own flagged
    examples through (a model class names the record in CamelCase: ``active`` with ``Runner``),
    each in its kind's spellings (Go's ``MergedBy``, Java's ``getMergedBy``) and in the shapes
    the prefilter looks for them in (migrator/tokenshapes.py: ``.merged_by``, ``latest_mr``)."""
    from migrator.prefilter import candidate
    from migrator.spelling import PLAIN

    def spelling(example):
        return TABLE.spellings.get(kinds.for_example(example.written_as)[0].name, PLAIN)

    dropped = [(rule.code, example.name) for rule, example in CASES
               if example.flagged and not candidate(example.code.encode(), [rule], spelling(example), TABLE.model)]
    assert dropped == []
