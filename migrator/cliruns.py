"""What ``fix`` (and ``check --fix``) and ``check --add-noqa`` run and print: the use case, its
report on the standard streams, the exit status; and what every command prints beside its report
(warnings, errors, ``-v``'s debug lines, as ``-q``/``-v`` ask). cli.py parses the options and calls
these; it stays the only module that defines click commands."""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence

import click

from .report import WITH_REPOSITORY

VERBOSITY = "migrator.verbosity"  # -q/-v, kept in the click context for the whole command


def verbosity() -> int:
    from .report.verbosity import NORMAL

    context = click.get_current_context(silent=True)
    return context.meta.get(VERBOSITY, NORMAL) if context is not None else NORMAL


def debug_after(settings, files: int, started: float) -> None:
    from .report.verbosity import debug

    debug(verbosity(), settings, files, started)


def with_repository_for(findings, output_format: str, repository: str | None) -> list:
    """The findings, with their repository where the report shows it (app/repository.py)."""
    if output_format not in WITH_REPOSITORY:
        return list(findings)
    from .app.repository import with_repository

    return with_repository(findings, repository)


def tell(skipped: Sequence[str], errors: Sequence[str]) -> None:
    """On stderr: what was skipped (a warning) and what went wrong (an error), escaped."""
    from .report.escape import escape

    for note in skipped if verbosity() >= 0 else ():
        click.echo(f"warning: {escape(note)}", err=True)
    for error in errors:
        click.echo(f"error: {escape(error)}", err=True)


def run_add_noqa(paths: Sequence[str], settings) -> int:
    """``check --add-noqa``: notes and a count on stderr; exit 0, or 2 on errors."""
    from .app.noqa import add_noqa
    from .report.escape import escape

    run = add_noqa(paths, settings)
    for line in [f"note: {note}" for note in run.notes] + [f"error: {error}" for error in run.errors]:
        click.echo(escape(line), err=True)
    files = f" in {run.files} file{'s' if run.files != 1 else ''}" if run.added else ""
    click.echo(f"Added {run.added} noqa directive{'s' if run.added != 1 else ''}{files}.", err=True)
    return 2 if run.errors else 0


def run_fix(paths: Sequence[str], settings, unsafe_fixes: bool, diff: bool, exit_zero: bool,
            output_format: str = "text", repository: str | None = None, stdin_filename: str | None = None) -> int:
    """Fix the files under paths, report, and return the exit status. With ``stdin_filename``,
    standard input is fixed as that file and printed on stdout (unchanged where nothing applies,
    or where the excludes leave it out), and the findings go to stderr."""
    from .app.fix import fix_paths, unified_diff
    from .report.text import fix_summary

    from .report import WITH_EDITS

    edits = output_format in WITH_EDITS and not diff  # the findings' fixes carry their edits, filled by the workers
    started, quiet = time.monotonic(), verbosity() < 0
    if stdin_filename is not None:
        from .app.buffer import fix_stdin

        run = fix_stdin(stdin_filename, sys.stdin.buffer.read(), settings, unsafe_fixes, edits)
    else:
        run = fix_paths(paths, settings, unsafe_fixes, diff, edits)
    changed = run.changed
    report = sys.stdout if stdin_filename is None else sys.stderr  # where the findings go
    if diff:
        sys.stdout.write("".join(unified_diff(o) for o in changed))
        fixed = run.fixed
        if not quiet:
            click.echo(f"Would fix {fixed} finding{'s' if fixed != 1 else ''}." if fixed else "No fixes to apply.", err=True)
    elif stdin_filename is not None:
        write_fixed(run.outcomes[0])
    tell(run.skipped, run.errors)
    debug_after(settings, len(run.outcomes), started)
    if not diff:
        if output_format in ("text", "concise"):
            report.write(fix_summary(run.remaining, run.fixed, unsafe_fixes, quiet=quiet))
        else:
            from .report.output import emit
            from .ruletable import load_table

            emit(output_format, with_repository_for(run.remaining, output_format, repository), load_table(),
                 unsafe_fixes=unsafe_fixes, errors=tuple(run.errors), target_version=settings.default.target_version,
                 quiet=quiet, stream=report)
            if not quiet:
                click.echo(f"{run.fixed} fixed, {len(run.remaining)} remaining.", err=True)
    if run.errors:
        return 2
    if exit_zero:
        return 0
    return 1 if changed or (run.remaining and not diff) else 0


def write_fixed(outcome) -> None:
    """``fix --stdin-filename``: the fixed text on stdout, in the encoding it came in; the input
    as it was when nothing changed."""
    sys.stdout.flush()
    sys.stdout.buffer.write(outcome.encoding.encode(outcome.new_text) if outcome.changed else outcome.data)
    sys.stdout.buffer.flush()
