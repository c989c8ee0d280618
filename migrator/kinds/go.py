"""Go (``.go``): read with tree-sitter (scan/tree/go.py; tree_sitter and tree-sitter-go are
imported only when such a file passes the prefilter), fixed as exact text edits of the parsed
tree (fix/tree/), and checked after a fix to leave no ERROR or MISSING node. Its code spells the
API's names as the API does (JSON tags, map keys: ``merged_by``) or in PascalCase (struct
fields: ``MergedBy``), with the SDK's irregular spellings (``IPAddress``) in
rules/model/go-gitlab.yaml."""

from __future__ import annotations

from pathlib import Path

from . import FileKind
from .tree import TreeStages


def claims(path: Path, head, explicit: bool) -> bool:
    return path.suffix.lower() == ".go"


def language():
    from ..scan.tree.go import LANGUAGE

    return LANGUAGE


STAGES = TreeStages(language)

KIND = FileKind(
    "go", claims, STAGES.scan, newlines="universal", fixer=STAGES.fix, validator=STAGES.parses, family="tree", comment="//",
    strings="go", examples={"go": "example.go"}, title="Go", styles=("snake", "pascal"), sdk="go-gitlab",
)
