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


def fix_whole_file(text: str, touches: dict) -> dict:
    """Edits located in the whole text (a shell script; any other text too: kinds/other.py)."""
    from ..fix.text import whole_file

    return whole_file(text, touches)


def fix(text: str, touches: dict) -> dict:
    """The script's text edits, and those of the programs it runs from itself (``python - <<EOF``,
    ``node -e '…'``: regions of the script, scan/shell.programs), made by their own kinds."""
    edits = fix_whole_file(text, touches)
    rest = {f: t for f, t in touches.items() if f not in edits}
    if rest and ("<<" in text or " -c" in text or " -e" in text or " --eval" in text or " -p" in text):
        from ..fix.regions import edits as region_edits
        from ..scan.shell import programs

        edits.update(region_edits(text, rest, programs(text)))
    return edits


def scan_region(text: str, model, scope) -> list:
    """A shell region with what its host knows (scan/shell.ShellScope: a CI job's variables)."""
    from ..scan.shell import scan_region

    return scan_region(text, model, scope)


def placeholder(length: int) -> str:
    """A run-time value in shell: a variable of that length (``${{ x }}`` → ``$_______``)."""
    return "$" + "_" * (length - 1)


KIND = FileKind(
    "shell", claims, scan, newlines="lf", fixer=fix,
    examples={"shell": "script.sh"}, title="Shell",
    region_scanner=scan_region, placeholder=placeholder,
)
