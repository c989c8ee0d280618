"""``--output-format markdown``: the audit report as GitHub-flavoured Markdown, for a wiki page,
an issue or a merge request note. Same content as the HTML report (audit.py), laid out by
templates/report.md.j2, with a bar of ``█`` per item for the chart.

Text from the findings (file names, messages, source lines, repositories; a merged result can
put anything in any field) shows as the characters it is, wherever it goes: the template passes
every such value through one of the filters below, which escape.py's Markdown functions make
(the one place scanned text is escaped). The filters differ by context because Markdown does:
``|`` must be escaped in a table cell and must not be in a heading's code span, where the
backslash would show.

=========  ===================  ==============================================================
filter     where                what
=========  ===================  ==============================================================
``cell``   a table cell         prose whose backtick-quoted parts (rule messages and texts
                                quote names so) are code spans; ``spans=False``: none
``code``   a table cell         one code span holding the text exactly (a blank text: nothing)
``text``   a heading, a list    as ``cell``, with ``|`` as it is
``span``   a heading, a list    one code span holding the text exactly
=========  ===================  ==============================================================

A name (a repository, a label, a severity) is plain prose (``spans=False``): its backticks are
characters of the name.
"""

from __future__ import annotations

from .audit import render_template
from .context import ReportContext
from .escape import code_span, markdown_text, prose


def cell(value: object, spans: bool = True) -> str:
    """Text for a table cell: Markdown in it shown as the characters it is, ``|`` escaped, line
    breaks as ``<br>``; its backtick-quoted parts as code spans unless not ``spans``."""
    return markdown_text(str(value), table=True) if spans else prose(str(value), table=True)


def code(text: object) -> str:
    """A code span holding ``text`` exactly, for a table cell; empty for blank text."""
    text = str(text)
    return code_span(text, table=True) if text.strip() else ""


def text(value: object, spans: bool = True) -> str:
    """Text for a heading or a list item: as ``cell``, outside a table."""
    return markdown_text(str(value)) if spans else prose(str(value))


def span(value: object) -> str:
    """A code span holding ``value`` exactly, outside a table (a heading, a list item)."""
    return code_span(str(value))


def render(context: ReportContext) -> str:
    return render_template("report.md.j2", context, autoescape=False, cell=cell, code=code, text=text, span=span)
