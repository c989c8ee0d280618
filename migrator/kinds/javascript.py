"""JavaScript and TypeScript (``.js .mjs .cjs .jsx .ts .tsx .mts .cts``): one kind, read with
tree-sitter (scan/tree/; tree_sitter and its grammars are imported only when such a file passes
the prefilter), fixed as exact text edits of the parsed tree (fix/tree/), and checked after a fix
to leave no ERROR or MISSING node. Its code spells the API's names as the API does or in
camelCase (``mergedBy``)."""

from __future__ import annotations

from pathlib import Path

from . import FileKind
from .tree import TreeStages

SUFFIXES = frozenset({".js", ".mjs", ".cjs", ".jsx", ".ts", ".tsx", ".mts", ".cts"})


def claims(path: Path, head, explicit: bool) -> bool:
    return path.suffix.lower() in SUFFIXES  # minified files are left out by the default excludes


def language():
    from ..scan.tree.javascript import LANGUAGE

    return LANGUAGE


STAGES = TreeStages(language)

KIND = FileKind(
    "javascript", claims, STAGES.scan, newlines="universal", fixer=STAGES.fix, validator=STAGES.parses, family="tree", comment="//",
    strings="javascript", examples={"javascript": "example.js", "typescript": "example.ts"},
    title="JavaScript/TypeScript", styles=("snake", "camel"), sdk="gitbeaker",
)
