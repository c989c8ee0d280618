"""Every example case of every rule (rules/*.yaml ``examples:``) is a test: the code is checked
through the real pipeline and must give exactly ``flagged`` findings of that rule."""

from __future__ import annotations

import pytest

from migrator.ruletable import load_table
from migrator import scan

TABLE = load_table()
CASES = [(rule, example) for rule in TABLE.rules for example in rule.examples]
EXTENSIONS = {"python": "example.py", "ci": ".gitlab-ci.yml", "shell": "script.sh", "json": "fixture.json",
              "cassette": "cassette.yaml", "proto": "telemetry.proto", "telemetry": "recording.json"}


@pytest.mark.parametrize(
    ("rule", "example"), CASES, ids=[f"{rule.code}-{example.kind}-{example.name}" for rule, example in CASES]
)
def test_rule_example(rule, example, check):
    if not scan.available(example.kind if example.kind != "telemetry" else "json"):
        pytest.skip(f"no scanner for {example.kind} yet")
    filename = example.filename or EXTENSIONS[example.kind]
    kind = "json" if example.kind == "telemetry" else example.kind
    found = [f for f in check(example.code, kind, filename) if f.code == rule.code]
    assert len(found) == example.flagged, "\n".join(f"{f.span.start.row}:{f.span.start.column} {f.message}" for f in found)


def test_every_rule_has_flagged_and_clean_examples():
    for rule in TABLE.rules:
        assert any(e.flagged for e in rule.examples), f"{rule.code} has no flagged example"
        assert any(e.flagged == 0 for e in rule.examples), f"{rule.code} has no example that must not be flagged"
