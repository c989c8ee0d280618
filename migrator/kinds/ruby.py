"""Ruby (``.rb``, ``Rakefile``, ``Dangerfile``, ``Gemfile``-style scripts by name): one kind, read
with tree-sitter (scan/tree/ruby.py; tree_sitter and the grammar are imported only when such a file
passes the prefilter), fixed as exact text edits of the parsed tree (fix/tree/), and checked after
a fix to leave no ERROR or MISSING node. Its symbols (``:merged_by``) spell names as the API does."""

from __future__ import annotations

from pathlib import Path

from . import FileKind
from .tree import TreeStages

NAMES = frozenset({"Rakefile", "Dangerfile"})


def claims(path: Path, head, explicit: bool) -> bool:
    return path.suffix.lower() == ".rb" or path.name in NAMES


def language():
    from ..scan.tree.ruby import LANGUAGE

    return LANGUAGE


STAGES = TreeStages(language)

KIND = FileKind(
    "ruby", claims, STAGES.scan, newlines="universal", fixer=STAGES.fix, validator=STAGES.parses, family="tree", comment="#",
    strings="ruby", examples={"ruby": "example.rb"}, title="Ruby", styles=("snake",),
    sdk="gitlab_gem",
)
