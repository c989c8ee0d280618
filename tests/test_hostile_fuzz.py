"""Issue 9, fuzzing: every scanner on grammar-shaped inputs (tests/fuzz_strategies.py), with a
small budget per file kind. For each generated file: nothing but a parse-error finding comes of
bad input, two checks give the same findings, and fix leaves a file that still parses.
``bench/fuzz.py --examples 10000`` runs the same property with a large budget, outside CI."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from tests.fuzz_strategies import STRATEGIES, violation

BUDGET = 25  # examples per kind in the test suite


@pytest.mark.parametrize("kind", sorted(STRATEGIES))
def test_no_generated_file_breaks_check_or_fix(kind, table):
    @settings(max_examples=BUDGET, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large])
    @given(STRATEGIES[kind]())
    def run(text: str) -> None:
        assert violation(text, kind, table) is None

    run()
