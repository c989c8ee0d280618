"""The stages of a client language read with tree-sitter (scan/tree/, fix/tree/): its scanner,
fixer and parse check, one object per language kind. Each imports the walk or the fixer, and the
language's module, when first called: ``language`` is a function of the kind's module whose own
import says which ``Language`` it is, so the route stays followable and ``check`` of a Python
tree never imports tree_sitter."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class TreeStages:
    language: Callable[[], Any]  # the kind's ``Language`` (scan/tree/language.py), imported on call

    def scan(self, text: str, model) -> list:
        from ..scan.tree.walk import scan

        return scan(text, model, self.language())

    def fix(self, text: str, findings: list) -> dict:
        from ..fix.tree import edits

        return edits(text, findings, self.language())

    def parses(self, text: str) -> None:
        from ..fix.tree import check_parses

        check_parses(text, self.language())
