"""Go (``.go``): read with tree-sitter (scan/tree/go.py; tree_sitter and tree-sitter-go are
imported only when such a file passes the prefilter), fixed as exact text edits of the parsed
tree (fix/tree/), and checked after a fix to leave no ERROR or MISSING node. Its code spells the
API's names as the API does (JSON tags, map keys: ``merged_by``) or in PascalCase (struct
fields: ``MergedBy``), with the SDK's irregular spellings (``IPAddress``) in
rules/model/go-gitlab.yaml."""

from __future__ import annotations

from pathlib import Path

from . import FileKind


def claims(path: Path, head, explicit: bool) -> bool:
    return path.suffix.lower() == ".go"


def scan(text: str, model) -> list:
    from ..scan.tree.go import scan

    return scan(text, model)


def fix(text: str, findings: list) -> dict:
    from ..fix.tree import edits
    from ..scan.tree.go import LANGUAGE

    return edits(text, findings, LANGUAGE)


def parses(text: str) -> None:
    from ..fix.tree import check_parses
    from ..scan.tree.go import LANGUAGE

    check_parses(text, LANGUAGE)


KIND = FileKind(
    "go", claims, scan, newlines="universal", fixer=fix, validator=parses, comment="//",
    strings="go", examples={"go": "example.go"}, title="Go", styles=("snake", "pascal"), sdk="go-gitlab",
)
