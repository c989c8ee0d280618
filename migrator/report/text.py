"""``--output-format concise`` (and ``text``, its old name): ruff's one line per finding,
``path:row:col: CODE [*] message``, then a summary.

Also the pieces the other text formats (``full``, ``grouped``) share: colour, the summary and the
``--statistics`` table. Colour is on only when the context says so (the command line decides from
``--color``, ``NO_COLOR`` and whether the output is a terminal); scanned text is always shown
escaped (see escape.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import click

from ..values import Finding
from .context import ReportContext, fixable
from .escape import escape, quote_path

__all__ = ["Paint", "fixable", "line", "render", "render_text", "statistics", "summary"]


class Paint:
    """``paint(text, fg="red", bold=True)``: click's ANSI styling when colour is on, else text."""

    def __init__(self, on: bool):
        self.on = on

    def __call__(self, text: str, **style) -> str:
        return click.style(text, **style) if self.on and text else text


def marker(finding: Finding, unsafe_fixes: bool, paint: Paint) -> str:
    """`` [*]`` after the code of a finding whose fix ``migrator fix`` applies."""
    return " " + paint("[*]", fg="cyan") if fixable(finding, unsafe_fixes) else ""


def line(finding: Finding, unsafe_fixes: bool = False, paint: Paint = Paint(False)) -> str:
    """``path:row:col: CODE [*] message``, as ruff's concise output (in a notebook, as ruff tells
    it too: ``path:cell 3:row:col``, the row and column in that cell)."""
    colon = paint(":", fg="cyan")
    where = f"{paint(quote_path(finding.filename), bold=True)}{colon}{position(finding, colon)}{colon}"
    code = paint(finding.code, fg="red", bold=True)
    return f"{where} {code}{marker(finding, unsafe_fixes, paint)} {escape(finding.message)}"


def position(finding: Finding, colon: str = ":") -> str:
    """``row:col``, or ``cell 3:row:col`` for a finding in a notebook's cell."""
    if finding.cell is not None:
        cell = finding.cell
        return f"cell {cell.number}{colon}{cell.row}{colon}{cell.column}"
    return f"{finding.span.start.row}{colon}{finding.span.start.column}"


def summary(findings: Sequence[Finding], unsafe_fixes: bool = False, errors: int = 0) -> str:
    if errors:
        noun = "file" if errors == 1 else "files"
        head = f"{errors} {noun} could not be checked (see the errors above)."
        return head if not findings else summary(findings, unsafe_fixes) + "\n" + head
    if not findings:
        return "All checks passed!"
    noun = "finding" if len(findings) == 1 else "findings"
    out = [f"Found {len(findings)} {noun}."]
    safe = sum(fixable(f, unsafe_fixes) for f in findings)
    hidden = 0 if unsafe_fixes else sum(1 for f in findings if f.fix and f.fix.applicability == "unsafe")
    if safe or hidden:
        text = f"[*] {safe} fixable with the `migrator fix` command"
        if hidden:
            text += f" ({hidden} hidden {'fix' if hidden == 1 else 'fixes'} can be enabled with the `--unsafe-fixes` option)"
        out.append(text + ".")
    return "\n".join(out)


def statistics(context: ReportContext) -> str:
    """ruff's ``--statistics`` table: count, code, ``[*]`` when fix applies to any, name."""
    rows = context.statistics()
    width = max((len(str(s.count)) for s in rows), default=1)
    return "\n".join(
        f"{s.count:>{width}}\t{s.code}\t{'[*]' if s.fixable_count else '[ ]'} {s.name}" for s in rows
    )


def render_text(context: ReportContext, body: Callable[[ReportContext, Paint], str]) -> str:
    """A text format's output: ``body`` (or the statistics with ``--statistics``), then the
    summary."""
    main = statistics(context) if context.show_statistics else body(context, Paint(context.color))
    if context.quiet:  # -q: the findings, no summary
        return main + "\n" if main else ""
    end = summary(context.findings, context.unsafe_fixes, len(context.errors))
    return (main + "\n" if main else "") + end + "\n"


def _concise(context: ReportContext, paint: Paint) -> str:
    return "\n".join(line(f, context.unsafe_fixes, paint) for f in context.findings)


def render(context: ReportContext) -> str:
    return render_text(context, _concise)


def fix_summary(remaining: list[Finding], fixed: int, unsafe_fixes: bool = False, quiet: bool = False) -> str:
    """What ``fix`` prints: the findings that remain, then "Found N findings (F fixed, R remaining)."
    (with ``quiet``, the findings alone)."""
    lines = [line(f, unsafe_fixes) for f in remaining]
    if quiet:
        return "".join(f"{text}\n" for text in lines)
    if not fixed and not remaining:
        return "All checks passed!\n"
    total = fixed + len(remaining)
    lines.append(f"Found {total} finding{'s' if total != 1 else ''} ({fixed} fixed, {len(remaining)} remaining).")
    hidden = 0 if unsafe_fixes else sum(1 for f in remaining if f.fix and f.fix.applicability == "unsafe")
    if hidden:
        lines.append(f"{hidden} hidden fix{'es' if hidden != 1 else ''} can be enabled with the `--unsafe-fixes` option.")
    return "\n".join(lines) + "\n"
