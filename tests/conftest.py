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
def check_found(table):
    """A snippet of a given file kind through the real pipeline: its findings, each with the touch
    it was made from (values.Found)."""
    from migrator.pipeline import check_source

    def run(code: str, kind: str = "python", filename: str = "example.py"):
        return check_source(code, kind, filename, table.rules, table)

    return run


@pytest.fixture
def check(check_found):
    """Findings for a snippet of a given file kind, through the real pipeline, as a report shows
    them (values.Reported: with their source lines and kind)."""
    from migrator.pipeline import as_reported

    def run(code: str, kind: str = "python", filename: str = "example.py"):
        return as_reported(check_found(code, kind, filename), kind, code)

    return run


@pytest.fixture(autouse=True, scope="session")
def user_cache_dir(tmp_path_factory):
    """The user's cache directory (where the result cache's key lives) is a temporary one in the
    tests, for migrator run in this process and in subprocesses alike."""
    patch = pytest.MonkeyPatch()
    patch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("user-cache")))
    yield
    patch.undo()


@pytest.fixture(scope="session")
def hosted(tmp_path_factory):
    """The README's git host on this machine, holding this working tree as tools/migrator.git
    (tests/recipes.py)."""
    from .recipes import host

    return host(tmp_path_factory.mktemp("git-host"))


@pytest.fixture(scope="session")
def recipe_venv(tmp_path_factory):
    """A fresh virtual environment for the README's recipes, whose `pip` they install into: its
    bin directory, first on the recipes' PATH. Shared, so the dependencies are installed once."""
    from .recipes import fresh_venv

    return fresh_venv(tmp_path_factory.mktemp("recipe-venv") / "venv")


@pytest.fixture
def searching(monkeypatch):
    """``searching(way)`` has the prefilter search ``"token by token"`` (as a process does before
    KEPT_BYTES, and before SWITCH_BYTES where no Hyperscan database is kept or can be: a user
    with no cache directory) or
    in ``"one pass"`` (Hyperscan; the test is skipped where it is not installed), from a fresh start."""
    from migrator import hscache, prefilter, userdir

    def way(how: str) -> None:
        monkeypatch.setattr(prefilter, "_one_passes", {})
        monkeypatch.setattr(prefilter, "_unkept", set())
        if how == "one pass":
            pytest.importorskip("hyperscan")
            monkeypatch.setattr(prefilter, "KEPT_BYTES", 0)
            monkeypatch.setattr(prefilter, "SWITCH_BYTES", 0)
            monkeypatch.setattr(hscache, "secret", userdir.secret)
        else:
            monkeypatch.setattr(prefilter, "SWITCH_BYTES", 10**12)
            monkeypatch.setattr(hscache, "secret", lambda: None)

    return way
