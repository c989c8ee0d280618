"""Shell scripts: ``*.sh``, ``*.bash`` and scripts whose ``#!`` line runs a POSIX shell. Lines end
at LF only, as bash reads them. No parse check after a fix: the fixer itself keeps every
command's quoting (fix/text/shell.same_shape)."""

from __future__ import annotations

from pathlib import Path

from . import FileKind, shebang

SHELLS = (b"sh", b"bash", b"dash", b"zsh", b"ksh")


def claims(path: Path, head, explicit: bool) -> bool:
    if path.suffix.lower() in (".sh", ".bash"):
        return True
    return not path.suffix and any(word in SHELLS for word in shebang(head))


def scan(text: str, model) -> list:
    from ..scan.shell import scan

    return scan(text, model)


def fix_whole_file(text: str, findings: list) -> dict:
    """Edits located in the whole text (a shell script; any other text too: kinds/other.py)."""
    from ..fix.text import whole_file

    return whole_file(text, findings)


KIND = FileKind(
    "shell", claims, scan, newlines="lf", fixer=fix_whole_file,
    examples={"shell": "script.sh"}, title="Shell",
)
