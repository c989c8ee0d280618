from __future__ import annotations

from pathlib import Path

import pytest

from migrator.ruletable import load_table

ROOT = Path(__file__).resolve().parent.parent

# The reviewed trees of fixed sample repositories hold the samples' own test files.
collect_ignore = ["expected_after"]


@pytest.fixture(scope="session")
def table():
    return load_table()


@pytest.fixture
def check(table):
    """Findings for a snippet of a given file kind, through the real pipeline."""
    from migrator.pipeline import check_source

    def run(code: str, kind: str = "python", filename: str = "example.py"):
        return check_source(code, kind, filename, table.rules, table)

    return run
