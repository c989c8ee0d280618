"""``--output-format markdown``: the audit report as GitHub-flavoured Markdown, for a wiki page,
an issue or a merge request note. Same content as the HTML report (audit.py), laid out by
templates/report.md.j2, with a bar of ``█`` per item for the chart.

Text from the findings never breaks the layout: in table cells ``|`` is escaped (GFM's table
splitter never splits at a ``\\|``), line breaks become ``<br>`` and ``<`` cannot open HTML; code
goes in a code span whose backtick fence is longer than any run of backticks inside it.
"""

from __future__ import annotations

import re

from .audit import render_template
from .context import ReportContext

LINE_BREAKS = re.compile(r"\r\n|\r|\n")


def cell(text: object) -> str:
    """Text for a table cell: ``|`` escaped, line breaks as ``<br>``, and ``<`` as ``&lt;`` outside
    `code spans` (inside them it shows as it is)."""
    parts = str(text).replace("|", "\\|").split("`")
    text = "`".join(part if i % 2 else part.replace("<", "&lt;") for i, part in enumerate(parts))
    return LINE_BREAKS.sub("<br>", text)


def code(text: object) -> str:
    """A code span holding ``text`` exactly (within a table cell); empty for empty text."""
    text = LINE_BREAKS.sub(" ", str(text))
    if not text.strip():
        return ""
    fence = "`" * (max((len(run) for run in re.findall("`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text.replace('|', chr(92) + '|')}{pad}{fence}"


def render(context: ReportContext) -> str:
    return render_template("report.md.j2", context, autoescape=False, cell=cell, code=code)
