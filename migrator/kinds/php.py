"""PHP (``.php``): read with tree-sitter (scan/tree/php.py; tree_sitter and its PHP grammar are
imported only when such a file passes the prefilter), fixed as exact text edits of the parsed tree
(fix/tree/), and checked after a fix to leave no ERROR or MISSING node. Its code spells the API's
names as the API does (``$mr['merged_by']``, ``$mr->merged_by``), and in camelCase in a model's
accessors (``getMergedBy()``); php-gitlab-api's irregular spellings are data
(rules/model/php-gitlab-api.yaml). Its comments start with ``//`` or ``#``."""

from __future__ import annotations

from pathlib import Path

from . import FileKind
from .tree import TreeStages


def claims(path: Path, head, explicit: bool) -> bool:
    return path.suffix.lower() == ".php"


def language():
    from ..scan.tree.php import LANGUAGE

    return LANGUAGE


STAGES = TreeStages(language)

KIND = FileKind(
    "php", claims, STAGES.scan, newlines="universal", fixer=STAGES.fix, validator=STAGES.parses, comment="//",
    comments=("#",), strings="php", examples={"php": "example.php"}, title="PHP",
    styles=("snake", "camel", "pascal"), sdk="php-gitlab-api",
)
