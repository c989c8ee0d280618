"""``--output-format full``: ruff's full layout. Each finding is its concise line, then the source
line with a caret under the span, then what to do (the fix's message)::

    runners.py:2:4: MIG060 [*] `active` on a runner is removed in API v5; use `paused` ...
      |
    2 | if runner.active:
      |    ^^^^^^^^^^^^^ MIG060
      |
      = help: Replace `runner.active` with `not runner.paused`

A finding without a source line (one read from a merged report, say) shows no snippet.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..values import Reported
from .context import ReportContext, split_line
from .escape import escape, show_line, shown_source, width
from .text import Paint, line, render_text, text_pieces


def snippet(finding: Reported, paint: Paint) -> list[str]:
    """The gutter, the source line and the caret line; nothing without a source line."""
    if not shown_source(finding.source_line):
        return []
    before, covered, after = (show_line(part) for part in split_line(finding))
    number = str(finding.span.start.row)
    bar = paint(" " * len(number) + " |", fg="blue", bold=True)
    carets = paint("^" * max(width(covered), 1), fg="red", bold=True)
    return [
        bar,
        f"{paint(number + ' |', fg='blue', bold=True)} {before}{covered}{after}",
        f"{bar} {' ' * width(before)}{carets} {paint(finding.code, fg='red', bold=True)}",
        bar,
    ]


def block(finding: Reported, unsafe_fixes: bool, paint: Paint) -> str:
    lines = [line(finding, unsafe_fixes, paint), *snippet(finding, paint)]
    if finding.fix is not None:
        indent = " " * (len(str(finding.span.start.row)) + 1)
        lines.append(f"{indent}= {paint('help', bold=True)}: {escape(finding.fix.message)}")
    return "\n".join(lines) + "\n"


def _full(context: ReportContext, paint: Paint) -> Iterator[str]:
    return (block(f, context.unsafe_fixes, paint) for f in context.findings)


def pieces(context: ReportContext) -> Iterator[str]:
    return text_pieces(context, _full)


def render(context: ReportContext) -> str:
    return render_text(context, _full)
