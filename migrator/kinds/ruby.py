"""Ruby (``.rb``, ``Rakefile``, ``Dangerfile``, ``Gemfile``-style scripts by name): one kind, read
with tree-sitter (scan/tree/ruby.py; tree_sitter and the grammar are imported only when such a file
passes the prefilter), fixed as exact text edits of the parsed tree (fix/tree/), and checked after
a fix to leave no ERROR or MISSING node. Its symbols (``:merged_by``) spell names as the API does."""

from __future__ import annotations

from pathlib import Path

from . import FileKind

NAMES = frozenset({"Rakefile", "Dangerfile"})


def claims(path: Path, head, explicit: bool) -> bool:
    return path.suffix.lower() == ".rb" or path.name in NAMES


def scan(text: str, model) -> list:
    from ..scan.tree.ruby import scan

    return scan(text, model)


def fix(text: str, findings: list) -> dict:
    from ..fix.tree import edits
    from ..scan.tree.ruby import LANGUAGE

    return edits(text, findings, LANGUAGE)


def parses(text: str) -> None:
    from ..fix.tree import check_parses
    from ..scan.tree.ruby import LANGUAGE

    check_parses(text, LANGUAGE)


KIND = FileKind(
    "ruby", claims, scan, newlines="universal", fixer=fix, validator=parses, comment="#",
    strings="ruby", examples={"ruby": "example.rb"}, title="Ruby", styles=("snake",),
    sdk="gitlab_gem",
)
