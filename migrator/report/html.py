"""``--output-format html``: the audit report as one self-contained page (inline CSS, a CSS bar
chart, no scripts and nothing fetched from the network), for a team lead to open or attach.
Laid out by templates/report.html.j2 with jinja2's autoescape; the content is audit.py's."""

from __future__ import annotations

from .audit import render_template
from .context import ReportContext


def render(context: ReportContext) -> str:
    return render_template("report.html.j2", context, autoescape=True)
