"""``migrator fix`` (and ``check --fix``): apply safe fixes, or unsafe ones too, as ruff does.

Each file is fixed in passes until stable (fix/passes.py); then changed files are written
atomically, or with ``--diff`` shown as a unified diff and left alone. What remains is reported
like ``check`` does, with a line "N fixed, M remaining".

Exit status: 1 when a file was changed (or would be, with ``--diff``) or findings remain, so a
pre-commit hook stops the commit; 0 otherwise or with ``--exit-zero``; 2 on errors.
"""

from __future__ import annotations

import difflib
import sys
from collections.abc import Sequence

import click

from ..engine import Settings
from ..model import Finding
from ..report import render
from ..report.text import line
from .edits import with_edits
from .files import write_atomic
from .passes import FileFix, fix_paths


def register(main: click.Group) -> None:
    from ..cli import OUTPUT_FORMATS, common_options

    @main.command("fix")
    @common_options
    @click.option("--output-format", type=click.Choice(OUTPUT_FORMATS), default="text", show_default=True)
    @click.option("--unsafe-fixes", is_flag=True, help="Apply unsafe fixes too.")
    @click.option("--diff", is_flag=True, help="Print the changes as a unified diff; write nothing.")
    def fix(paths, exit_zero, output_format, unsafe_fixes, diff, settings):
        """Rewrite uses of API v4 that v5 breaks, where a rewrite keeps behaviour."""
        sys.exit(run_fix(list(paths) or ["."], settings, unsafe_fixes, diff, exit_zero, output_format))


def run_fix(paths: Sequence[str], settings: Settings, unsafe_fixes: bool, diff: bool, exit_zero: bool,
            output_format: str = "text") -> int:
    """Fix the files under paths; returns the exit status."""
    outcomes = fix_paths(paths, settings, unsafe_fixes)
    errors = [o.error for o in outcomes if o.error]
    for outcome in outcomes:
        if outcome.failure:
            errors.append(f"{outcome.source.display}: not fixed, file left unchanged: {outcome.failure}")
    changed = [o for o in outcomes if o.changed]
    if diff:
        sys.stdout.write("".join(_diff(o) for o in changed))
        fixed = sum(o.fixed for o in changed)
        click.echo(f"Would fix {fixed} finding{'s' if fixed != 1 else ''}." if fixed else "No fixes to apply.", err=True)
    else:
        errors += [message for o in changed if (message := _write(o))]
    for error in errors:
        click.echo(f"error: {error}", err=True)
    remaining = sorted((f for o in outcomes for f in o.findings), key=lambda f: f.sort_key)
    if not diff:
        _report(remaining, sum(o.fixed for o in changed), unsafe_fixes, output_format)
    if errors:
        return 2
    if exit_zero:
        return 0
    return 1 if changed or (remaining and not diff) else 0


def _write(outcome: FileFix) -> str | None:
    """Write one changed file; an error message when it could not be written."""
    path = outcome.source.path.resolve()
    try:
        if path.read_bytes() != outcome.data:
            outcome.new_text = None
            return f"{outcome.source.display}: changed while it was being fixed; not written"
        write_atomic(path, outcome.encoding.encode(outcome.new_text or ""))
    except UnicodeEncodeError as exc:
        outcome.new_text = None
        return f"{outcome.source.display}: not written: the fix needs characters {outcome.encoding.name} cannot hold ({exc.reason})"
    except OSError as exc:
        outcome.new_text = None
        return f"{outcome.source.display}: cannot write: {exc.strerror or exc}"
    return None


def _diff(outcome: FileFix) -> str:
    name = outcome.source.display
    lines = difflib.unified_diff(
        (outcome.text or "").splitlines(keepends=True), (outcome.new_text or "").splitlines(keepends=True),
        fromfile=f"a/{name}", tofile=f"b/{name}",
    )
    return "".join(text if text.endswith(("\n", "\r")) else text + "\n\\ No newline at end of file\n"
                   for text in lines)


def _report(remaining: list[Finding], fixed: int, unsafe_fixes: bool, output_format: str) -> None:
    summary = f"{fixed} fixed, {len(remaining)} remaining."
    if output_format == "json":
        sys.stdout.write(render("json", with_edits(remaining)))
        click.echo(summary, err=True)
        return
    for finding in remaining:
        click.echo(line(finding, unsafe_fixes))
    hidden = 0 if unsafe_fixes else sum(1 for f in remaining if f.fix and f.fix.applicability == "unsafe")
    if not fixed and not remaining:
        click.echo("All checks passed!")
        return
    click.echo(f"Found {fixed + len(remaining)} finding{'s' if fixed + len(remaining) != 1 else ''} ({summary[:-1]}).")
    if hidden:
        click.echo(f"{hidden} hidden fix{'es' if hidden != 1 else ''} can be enabled with the `--unsafe-fixes` option.")
