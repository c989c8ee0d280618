"""Where a report goes and how it looks there: the one place the command line hands a run's
findings to a format.

- Colour (text formats only): ``--color always`` or ``never``; with ``auto`` (the default), colour
  when the output is a terminal and ``NO_COLOR`` is unset or empty (https://no-color.org).
- ``--output-file PATH`` writes the report there, else it goes to stdout. Parent directories are
  created; the file is written as a shell's ``>`` would (source/writes.write_output): replaced in one
  step where it is a regular file migrator may replace, else written through (a symlink, a
  device, a FIFO, ``/dev/stdout``) or in place (a directory that refuses a temporary file). One
  that cannot be written is an OutputError naming it (exit status 2).
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import TextIO

from ..values import Reported
from . import TEXT, pieces
from .context import ReportContext

# The formats that can show ``--statistics`` (as ruff: a table in text, an array in JSON).
STATISTICS = TEXT | {"json", "json-lines"}

PIECE = 65_536  # characters of a report escaped and written to a stream at a time (about)


class OutputError(ValueError):
    """The report could not be written where asked: the message names the file and says why."""


def use_color(choice: str, stream: TextIO | None) -> bool:
    if choice in ("always", "never"):
        return choice == "always"
    if os.environ.get("NO_COLOR"):
        return False
    return stream is not None and getattr(stream, "isatty", lambda: False)()


def write(report: str | Iterable[str], output_file: str | None, stream: TextIO | None = None) -> None:
    """The report (its text, or its pieces: report.pieces) to ``stream`` (default stdout) or to
    ``output_file`` (source/writes.write_output); OutputError when it cannot be written there.
    Characters that cannot be encoded (a file name's undecodable bytes) are written as backslash
    escapes. A stream gets about PIECE characters at a time, so a large report is never held whole."""
    parts = (report,) if isinstance(report, str) else report
    if output_file is None:
        stream = stream or sys.stdout
        for text in _gathered(parts):
            stream.write(text.encode("utf-8", "backslashreplace").decode("utf-8"))
        stream.flush()
        return
    from ..source.writes import write_output

    data = "".join(parts).encode("utf-8", "backslashreplace")
    path = Path(output_file)
    with contextlib.suppress(OSError):  # else writing the file says why (a parent that is a file)
        path.parent.mkdir(parents=True, exist_ok=True)
    try:
        write_output(path, data)
    except OSError as exc:
        raise OutputError(f"{output_file}: cannot write the report: {exc.strerror or exc}") from None


def _gathered(parts: Iterable[str]) -> Iterator[str]:
    """The parts' text in strings of about PIECE characters (a long part cut, short ones joined)."""
    held: list[str] = []
    size = 0
    for part in parts:
        for start in range(0, len(part), PIECE):
            held.append(part[start:start + PIECE])
            size += len(held[-1])
            if size >= PIECE:
                yield "".join(held)
                held, size = [], 0
    if held:
        yield "".join(held)


def emit(fmt: str, findings: Sequence[Reported], table, *, output_file: str | None = None, color: str = "auto",
         stream: TextIO | None = None, **options) -> None:
    """Render a run's findings in ``fmt`` and write them where asked (``stream``: instead of
    stdout). ``options`` are ``ReportContext`` fields (unsafe_fixes, show_statistics, errors,
    target_version, checked, baseline …). A format that shows edits (WITH_EDITS) gets findings
    whose fixes carry them: the run filled them in where it had each file's text (app/check.py,
    app/fix.py)."""
    stream = stream or sys.stdout
    on = fmt in TEXT and use_color(color, stream if output_file is None else None)
    write(pieces(fmt, ReportContext.of(findings, table, color=on, **options)), output_file, stream)
