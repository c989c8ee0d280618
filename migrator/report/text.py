"""``--output-format concise`` (and ``text``, its old name): ruff's one line per finding,
``path:row:col: CODE [*] message``, then a summary.

Also the pieces the other text formats (``full``, ``grouped``) share: colour, the summary and the
``--statistics`` table. Colour is on only when the context says so (the command line decides from
``--color``, ``NO_COLOR`` and whether the output is a terminal); scanned text is always shown
escaped (see escape.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

import click

from ..checked import FilesChecked
from ..values import Reported
from .context import ReportContext, fixable
from .escape import escape, quote_path

if TYPE_CHECKING:
    from ..baseline import Baselined

__all__ = ["Paint", "fixable", "line", "pieces", "render", "render_text", "statistics", "summary", "text_pieces"]


class Paint:
    """``paint(text, fg="red", bold=True)``: click's ANSI styling when colour is on, else text."""

    def __init__(self, on: bool):
        self.on = on

    def __call__(self, text: str, **style) -> str:
        return click.style(text, **style) if self.on and text else text


# A text format's findings as it shows them: one piece of text each (text_pieces puts a line between)
Body = Callable[[ReportContext, Paint], Iterable[str]]


def marker(finding: Reported, unsafe_fixes: bool, paint: Paint) -> str:
    """`` [*]`` after the code of a finding whose fix ``migrator fix`` applies."""
    return " " + paint("[*]", fg="cyan") if fixable(finding, unsafe_fixes) else ""


def line(finding: Reported, unsafe_fixes: bool = False, paint: Paint = Paint(False)) -> str:
    """``path:row:col: CODE [*] message``, as ruff's concise output (in a notebook, as ruff tells
    it too: ``path:cell 3:row:col``, the row and column in that cell)."""
    colon = paint(":", fg="cyan")
    where = f"{paint(quote_path(finding.filename), bold=True)}{colon}{position(finding, colon)}{colon}"
    code = paint(finding.code, fg="red", bold=True)
    return f"{where} {code}{marker(finding, unsafe_fixes, paint)} {escape(finding.message)}"


def position(finding: Reported, colon: str = ":") -> str:
    """``row:col``, or ``cell 3:row:col`` for a finding in a notebook's cell."""
    if finding.cell is not None:
        cell = finding.cell
        return f"cell {cell.number}{colon}{cell.row}{colon}{cell.column}"
    return f"{finding.span.start.row}{colon}{finding.span.start.column}"


def summary(findings: Sequence[Reported], unsafe_fixes: bool = False, errors: int = 0,
            checked: FilesChecked | None = None, baseline: Baselined | None = None, kinds: bool = False) -> str:
    """ruff's summary, with what was checked (``kinds``: by kind), what ``fix`` can do, what the
    baseline hid, and how many files could not be checked."""
    files = f" ({checked.text(kinds)})" if checked is not None else ""
    out = []
    if findings:
        out.append(f"Found {len(findings)} finding{'s' if len(findings) != 1 else ''}{files}.")
    elif not errors:
        out.append(f"All checks passed!{files}")
    out += [text for text in (fixes_line(findings, unsafe_fixes), baseline_line(baseline)) if text]
    if errors:
        noun = "file" if errors == 1 else "files"
        tail = f"; {checked.text(kinds)}" if checked is not None and not findings else ""
        out.append(f"{errors} {noun} could not be checked (see the errors above){tail}.")
    return "\n".join(out)


def fixes_line(findings: Sequence[Reported], unsafe_fixes: bool = False) -> str | None:
    """What ``migrator fix`` can do, as ruff says it: ``[*] N fixable …``, or ``No fixes
    available`` when only unsafe fixes are hidden (never ``[*] 0 fixable``); None when neither."""
    safe = sum(fixable(f, unsafe_fixes) for f in findings)
    hidden = 0 if unsafe_fixes else sum(1 for f in findings if f.fix and f.fix.applicability == "unsafe")
    more = f" ({hidden_fixes(hidden)})" if hidden else ""
    if safe:
        return f"[*] {safe} fixable with the `migrator fix` command{more}."
    return f"No fixes available{more}." if hidden else None


def hidden_fixes(count: int) -> str:
    return f"{count} hidden {'fix' if count == 1 else 'fixes'} can be enabled with the `--unsafe-fixes` option"


def baseline_line(baseline: Baselined | None) -> str | None:
    """``N findings hidden by the baseline``, and ``K stale; --write-baseline to prune`` for its
    entries of the files checked that match no finding any more; None without a baseline."""
    if baseline is None:
        return None
    text = f"{baseline.hidden} finding{'s' if baseline.hidden != 1 else ''} hidden by the baseline"
    if baseline.stale:
        text += f"; {baseline.stale} stale; --write-baseline to prune"
    return text + "."


def statistics(context: ReportContext) -> str:
    """ruff's ``--statistics`` table: count, code, whether ``fix`` applies to every finding of
    the rule (``[*]``), to some (``[-]``) or to none (``[ ]``), name."""
    rows = context.statistics()
    width = max((len(str(s.count)) for s in rows), default=1)
    return "\n".join(f"{s.count:>{width}}\t{s.code}\t{marks(s)} {s.name}" for s in rows)


def marks(statistic) -> str:
    if not statistic.fixable_count:
        return "[ ]"
    return "[*]" if statistic.fixable_count == statistic.count else "[-]"


def render_text(context: ReportContext, body: Body) -> str:
    """A text format's output, whole (`text_pieces`)."""
    return "".join(text_pieces(context, body))


def text_pieces(context: ReportContext, body: Body) -> Iterator[str]:
    """A text format's output in pieces, as it is written (report.pieces): each finding's text as
    ``body`` gives it, a line between each two (or the statistics, with ``--statistics``), then
    the summary; a large report is never held whole."""
    parts = iter([statistics(context)]) if context.show_statistics else body(context, Paint(context.color))
    written = 0
    for number, part in enumerate(parts):
        text = part if number == 0 else "\n" + part
        written += len(text)
        yield text
    if written:
        yield "\n"
    if not context.quiet:  # -q: the findings, no summary
        yield summary(context.findings, context.unsafe_fixes, len(context.errors), context.checked, context.baseline,
                      kinds=context.show_statistics) + "\n"


def _concise(context: ReportContext, paint: Paint) -> Iterator[str]:
    return (line(f, context.unsafe_fixes, paint) for f in context.findings)


def pieces(context: ReportContext) -> Iterator[str]:
    return text_pieces(context, _concise)


def render(context: ReportContext) -> str:
    return render_text(context, _concise)


def fix_summary(remaining: list[Reported], fixed: int, unsafe_fixes: bool = False,
                checked: FilesChecked | None = None, baseline: Baselined | None = None, quiet: bool = False) -> str:
    """What ``fix`` prints: the findings that remain, then "Found N findings (F fixed, R
    remaining) in C files checked.", the hidden unsafe fixes and what the baseline hid (with
    ``quiet``, the findings alone)."""
    lines = [line(f, unsafe_fixes) for f in remaining]
    if quiet:
        return "".join(f"{text}\n" for text in lines)
    if not fixed and not remaining:
        lines.append(f"All checks passed!{f' ({checked.text()})' if checked is not None else ''}")
    else:
        total = fixed + len(remaining)
        files = f" in {checked.text()}" if checked is not None else ""
        lines.append(f"Found {total} finding{'s' if total != 1 else ''} ({fixed} fixed, {len(remaining)} remaining)"
                     f"{files}.")
    hidden = 0 if unsafe_fixes else sum(1 for f in remaining if f.fix and f.fix.applicability == "unsafe")
    if hidden:
        lines.append(hidden_fixes(hidden) + ".")
    lines += [text for text in [baseline_line(baseline)] if text]
    return "\n".join(lines) + "\n"
