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
    """The scanner, fixer and parse check of one client language's file kind."""

    language: Callable[[], Any]  # the kind's ``Language`` (scan/tree/language.py), imported on call

    def scan(self, text: str, model) -> list:
        from ..scan.tree.walk import scan

        return scan(text, model, self.language())

    def fix(self, text: str, touches: dict) -> dict:
        """The tree fixer's edits; a finding in a mock's JSON written in a string (a region the
        walk read: scan/tree/reads.embedded_json) is the JSON kind's to fix (fix/regions.py)."""
        from ..fix.tree import edits

        regions = self._regions(text) if any(t.origin.embedded for t in touches.values()) else []
        in_strings = {f: t for f, t in touches.items() if any(_inside(t.range, r.span) for r in regions)}
        out = edits(text, {f: t for f, t in touches.items() if f not in in_strings}, self.language())
        if in_strings:
            from ..fix.regions import edits as region_edits

            out.update(region_edits(text, in_strings, regions))
        return out

    def _regions(self, text: str) -> list:
        """The regions the walk reads (a mock's JSON in a string): walked again, only for a file
        with a finding to fix in one."""
        from ..ruletable import load_table
        from ..scan.tree.walk import walked

        return walked(text, load_table().model, self.language()).regions

    def parses(self, text: str) -> None:
        from ..fix.tree import check_parses

        check_parses(text, self.language())


def _inside(inner: tuple[int, int], outer: tuple[int, int]) -> bool:
    return outer[0] <= inner[0] and inner[1] <= outer[1]
