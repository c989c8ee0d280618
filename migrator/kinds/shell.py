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


KIND = FileKind(
    "shell", claims, "migrator.scan.shell:scan", newlines="lf", fixer="migrator.fix.text:script",
    examples={"shell": "script.sh"}, title="Shell",
)
