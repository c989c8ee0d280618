"""Where a report goes and how it looks there: the one place the command line hands a run's
findings to a format.

- Colour (text formats only): ``--color always`` or ``never``; with ``auto`` (the default), colour
  when the output is a terminal and ``NO_COLOR`` is unset or empty (https://no-color.org).
- ``--output-file PATH`` writes the report there, else it goes to stdout. Parent directories are
  created; the file is written as a shell's ``>`` would (fix/files.write_output): replaced in one
  step where it is a regular file migrator may replace, else written through (a symlink, a
  device, a FIFO, ``/dev/stdout``) or in place (a directory that refuses a temporary file). One
  that cannot be written is an OutputError naming it (exit status 2).
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from ..values import Finding
from . import TEXT, WITH_EDITS, render
from .context import ReportContext

# The formats that can show ``--statistics`` (as ruff: a table in text, an array in JSON).
STATISTICS = TEXT | {"json", "json-lines"}


class OutputError(ValueError):
    """The report could not be written where asked: the message names the file and says why."""


def use_color(choice: str, stream: TextIO | None) -> bool:
    if choice in ("always", "never"):
        return choice == "always"
    if os.environ.get("NO_COLOR"):
        return False
    return stream is not None and getattr(stream, "isatty", lambda: False)()


def write(text: str, output_file: str | None) -> None:
    """The report to stdout or to ``output_file`` (fix/files.write_output); OutputError when it
    cannot be written there. Characters that cannot be encoded (a file name's undecodable bytes)
    are written as backslash escapes."""
    data = text.encode("utf-8", "backslashreplace")
    if output_file is None:
        sys.stdout.write(data.decode("utf-8"))
        sys.stdout.flush()
        return
    from ..fix.files import write_output

    path = Path(output_file)
    with contextlib.suppress(OSError):  # else writing the file says why (a parent that is a file)
        path.parent.mkdir(parents=True, exist_ok=True)
    try:
        write_output(path, data)
    except OSError as exc:
        raise OutputError(f"{output_file}: cannot write the report: {exc.strerror or exc}") from None


def emit(fmt: str, findings: Sequence[Finding], table, *, output_file: str | None = None, color: str = "auto",
         **options) -> None:
    """Render a run's findings in ``fmt`` and write them where asked. ``options`` are
    ``ReportContext`` fields (unsafe_fixes, show_statistics, files, errors, target_version)."""
    if fmt in WITH_EDITS and any(f.fix for f in findings):
        from ..fix.edits import with_edits

        findings = with_edits(findings)
    on = fmt in TEXT and use_color(color, sys.stdout if output_file is None else None)
    write(render(fmt, ReportContext.of(findings, table, color=on, **options)), output_file)
