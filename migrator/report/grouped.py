"""``--output-format grouped``: ruff's grouped layout, the findings under their file::

    mrs.py:
      2:7  MIG010 `merged_by` on a merge request is removed in API v5; use `merge_user`

    runners.py:
      2:4  MIG060 [*] `active` on a runner is removed in API v5; use `paused` ...

Rows and columns are aligned within a file.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import groupby

from .context import ReportContext
from .escape import escape, quote_path
from .text import Paint, marker, position, render_text, text_pieces


def _grouped(context: ReportContext, paint: Paint) -> Iterator[str]:
    for filename, group in groupby(context.findings, key=lambda f: f.filename):
        findings = list(group)
        rows = max(len(str(f.span.start.row)) for f in findings)
        columns = max(len(str(f.span.start.column)) for f in findings)
        lines = [paint(quote_path(filename), bold=True, underline=True) + ":"]
        for f in findings:
            where = f"{f.span.start.row:>{rows}}{paint(':', fg='cyan')}{f.span.start.column:<{columns}}"
            if f.cell is not None:  # a notebook's: by its cell, as the text output tells it
                where = position(f, paint(":", fg="cyan"))
            code = paint(f.code, fg="red", bold=True)
            lines.append(f"  {where} {code}{marker(f, context.unsafe_fixes, paint)} {escape(f.message)}")
        yield "\n".join(lines) + "\n"


def pieces(context: ReportContext) -> Iterator[str]:
    return text_pieces(context, _grouped)


def render(context: ReportContext) -> str:
    return render_text(context, _grouped)
