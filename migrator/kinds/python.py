"""Python: ``*.py`` and scripts whose ``#!`` line runs python. Scanned with ``ast``, fixed with
libcst (loaded only when a file changes), checked to parse by both after a fix."""

from __future__ import annotations

from pathlib import Path

from . import FileKind, shebang


def claims(path: Path, head, explicit: bool) -> bool:
    if path.suffix.lower() == ".py":
        return True
    return not path.suffix and any(word.startswith(b"python") for word in shebang(head))


def parses(text: str) -> None:
    import ast

    import libcst

    ast.parse(text)
    libcst.parse_module(text)


KIND = FileKind(
    "python", claims, "migrator.scan.python:scan", newlines="universal",
    fixer="migrator.fix.python:edits", validator="migrator.kinds.python:parses",
    examples={"python": "example.py"}, cookie=True, title="Python", strings="python",
)
