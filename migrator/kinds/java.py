"""Java (``.java``): read with tree-sitter (scan/tree/java.py; tree_sitter and its Java grammar
are imported only when such a file passes the prefilter), fixed as exact text edits of the parsed
tree (fix/tree/), and checked after a fix to leave no ERROR or MISSING node. Its code spells the
API's names as the API does (``@JsonProperty("merged_by")``), in camelCase (``mergedBy``) and in
PascalCase after an accessor's prefix (``getMergedBy()``); gitlab4j-api's irregular spellings are
data (rules/model/gitlab4j.yaml)."""

from __future__ import annotations

from pathlib import Path

from . import FileKind
from .tree import TreeStages


def claims(path: Path, head, explicit: bool) -> bool:
    return path.suffix.lower() == ".java"


def language():
    from ..scan.tree.java import LANGUAGE

    return LANGUAGE


STAGES = TreeStages(language)

KIND = FileKind(
    "java", claims, STAGES.scan, newlines="universal", fixer=STAGES.fix, validator=STAGES.parses, family="tree", comment="//",
    strings="java", examples={"java": "Example.java"}, title="Java", styles=("snake", "camel", "pascal"),
    sdk="gitlab4j",
)
