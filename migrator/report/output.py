"""Where a report goes and how it looks there: the one place the command line hands a run's
findings to a format.

- Colour (text formats only): ``--color always`` or ``never``; with ``auto`` (the default), colour
  when the output is a terminal and ``NO_COLOR`` is unset or empty (https://no-color.org).
- ``--output-file PATH`` writes the report there (parent directories are created; the file is
  replaced in one step), else it goes to stdout.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from ..model import Finding
from . import TEXT, WITH_EDITS, render
from .context import ReportContext

# The formats that can show ``--statistics`` (as ruff: a table in text, an array in JSON).
STATISTICS = TEXT | {"json", "json-lines"}


def use_color(choice: str, stream: TextIO | None) -> bool:
    if choice in ("always", "never"):
        return choice == "always"
    if os.environ.get("NO_COLOR"):
        return False
    return stream is not None and getattr(stream, "isatty", lambda: False)()


def write(text: str, output_file: str | None) -> None:
    """The report to stdout or, replacing it in one step, to ``output_file``; what is not a
    regular file (``/dev/null``, ``/dev/stdout``, a FIFO) is written to, never replaced. Characters
    that cannot be encoded (a file name's undecodable bytes) are written as backslash escapes."""
    data = text.encode("utf-8", "backslashreplace")
    if output_file is None:
        sys.stdout.write(data.decode("utf-8"))
        sys.stdout.flush()
        return
    from ..fix.files import write_atomic

    path = Path(output_file)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, data)


def emit(fmt: str, findings: Sequence[Finding], table, *, output_file: str | None = None, color: str = "auto",
         **options) -> None:
    """Render a run's findings in ``fmt`` and write them where asked. ``options`` are
    ``ReportContext`` fields (unsafe_fixes, show_statistics, files, errors, target_version)."""
    if fmt in WITH_EDITS and any(f.fix for f in findings):
        from ..fix.edits import with_edits

        findings = with_edits(findings)
    on = fmt in TEXT and use_color(color, sys.stdout if output_file is None else None)
    write(render(fmt, ReportContext.of(findings, table, color=on, **options)), output_file)
