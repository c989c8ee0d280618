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


def parses(text: str) -> None:
    from ..scan.pysource import parse

    parse(text)  # the tree is kept for the scan of the fixed text that follows


KIND = FileKind(
    "python", claims, "migrator.scan.python:scan", newlines="universal",
    fixer="migrator.fix.python:edits", validator="migrator.kinds.python:parses",
    examples={"python": "example.py"}, cookie=True, title="Python", strings="python",
)
