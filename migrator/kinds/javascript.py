"""JavaScript and TypeScript (``.js .mjs .cjs .jsx .ts .tsx .mts .cts``): one kind, read with
tree-sitter (scan/tree/; tree_sitter and its grammars are imported only when such a file passes
the prefilter), fixed as exact text edits of the parsed tree (fix/tree/), and checked after a fix
to leave no ERROR or MISSING node. Its code spells the API's names as the API does or in
camelCase (``mergedBy``)."""

from __future__ import annotations

from pathlib import Path

from . import FileKind

SUFFIXES = frozenset({".js", ".mjs", ".cjs", ".jsx", ".ts", ".tsx", ".mts", ".cts"})


def claims(path: Path, head, explicit: bool) -> bool:
    return path.suffix.lower() in SUFFIXES  # minified files are left out by the default excludes


def scan(text: str, model) -> list:
    from ..scan.tree.javascript import scan

    return scan(text, model)


def fix(text: str, findings: list) -> dict:
    from ..fix.tree import edits
    from ..scan.tree.javascript import LANGUAGE

    return edits(text, findings, LANGUAGE)


def parses(text: str) -> None:
    from ..fix.tree import check_parses
    from ..scan.tree.javascript import LANGUAGE

    check_parses(text, LANGUAGE)


KIND = FileKind(
    "javascript", claims, scan, newlines="universal", fixer=fix, validator=parses, comment="//",
    strings="javascript", examples={"javascript": "example.js", "typescript": "example.ts"},
    title="JavaScript/TypeScript", styles=("snake", "camel"), sdk="gitbeaker",
)
