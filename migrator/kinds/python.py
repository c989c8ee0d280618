"""Python: ``*.py`` and scripts whose ``#!`` line runs python. Scanned with ``ast``, fixed with
libcst (loaded only when a file changes), checked to parse with ``ast`` after a fix (the fixer
edits what libcst parsed, so libcst parses what it leaves too)."""

from __future__ import annotations

from pathlib import Path

from . import FileKind, shebang


def claims(path: Path, head, explicit: bool) -> bool:
    if path.suffix.lower() == ".py":
        return True
    return not path.suffix and any(word.startswith(b"python") for word in shebang(head))


def scan(text: str, model, spots=None) -> list:
    from ..scan.python import scan

    return scan(text, model, spots)


def fix(text: str, touches: dict) -> dict:
    from ..fix.python import edits

    return edits(text, touches)


def parses(text: str) -> None:
    from ..scan.pysource import parse

    parse(text)  # the tree is kept for the scan of the fixed text that follows


KIND = FileKind(
    "python", claims, scan, newlines="universal", fixer=fix, validator=parses,
    examples={"python": "example.py"}, cookie=True, title="Python", strings="python", scans_around=True,
    family="python",
)
