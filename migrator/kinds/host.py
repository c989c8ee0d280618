"""The stages of a host kind (migrator/regions): a kind whose files hold regions written in other
kinds. Its module gives only how its regions are found (``regions(text)``, imported on first
call, as a tree-sitter kind's language is); scanning, fixing and the parse check of its regions go
through the one dispatcher (regions/dispatch.py, its fix half fix/regions.py), the same for every
host."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any


@dataclass(frozen=True)
class HostStages:
    """The scanner, fixer and parse check of a host kind, through its regions."""

    finder: Callable[[str], list]  # the host's regions of a text (a function of its module)

    def regions(self, text: str) -> list:
        """The regions of a text (found once for a text its scan, filter and fix all read)."""
        return _found(self.finder, text)

    def scan(self, text: str, model: Any) -> list:
        from ..regions.dispatch import scan_all

        return scan_all(self.regions(text), model)

    def fix(self, text: str, touches: dict) -> dict:
        from ..fix.regions import edits

        return edits(text, touches, self.regions(text))


@lru_cache(maxsize=8)
def _found(finder: Callable[[str], list], text: str) -> list:
    return finder(text)


def host_kind(name: str, claims: Callable, finder: Callable[[str], list], **fields: Any):
    """The FileKind of a host: its scanner, fixer and regions are its regions' (``fields``: the
    rest of the FileKind, its comments and examples)."""
    from . import FileKind

    stages = HostStages(finder)
    fields.setdefault("examples_per", "host")
    return FileKind(name, claims, stages.scan, fixer=stages.fix, regions=stages.regions, **fields)
