"""C# (``.cs``): read with tree-sitter (scan/tree/csharp.py; tree_sitter and tree-sitter-c-sharp
are imported only when such a file passes the prefilter), fixed as exact text edits of the parsed
tree (fix/tree/), and checked after a fix to leave no ERROR or MISSING node. Its code spells the
API's names as the API does (``[JsonPropertyName("merged_by")]``, ``mr["merged_by"]``) or in
PascalCase (properties: ``MergedBy``); NGitLab's irregular spellings are data
(rules/model/ngitlab.yaml)."""

from __future__ import annotations

from pathlib import Path

from . import FileKind
from .tree import TreeStages


def claims(path: Path, head, explicit: bool) -> bool:
    return path.suffix.lower() == ".cs"


def language():
    from ..scan.tree.csharp import LANGUAGE

    return LANGUAGE


STAGES = TreeStages(language)

KIND = FileKind(
    "csharp", claims, STAGES.scan, newlines="universal", fixer=STAGES.fix, validator=STAGES.parses, comment="//",
    strings="csharp", examples={"csharp": "Example.cs"}, title="C#", styles=("snake", "pascal"), sdk="ngitlab",
)
