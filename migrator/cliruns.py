"""What ``check``, ``fix`` (and ``check --fix``), ``check --add-noqa`` and ``check --show-files``
run and print: the use case, its report on the standard streams, the exit status; and what every
command prints beside its report (warnings, errors, what the baseline hid, that nothing was
checked, ``-v``'s debug lines, as ``-q``/``-v`` ask). cli.py parses the options and calls these;
it stays the only module that defines click commands."""

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


def tell(skipped: Sequence[str], errors: Sequence[str], own: Sequence[str] = ()) -> None:
    """On stderr: what was skipped (a warning) and what went wrong (an error), escaped; then
    lines of migrator's ``own`` (no scanned text in them). ``-q``: the errors alone."""
    from .report.escape import escape

    quiet = verbosity() < 0
    lines = [] if quiet else [f"warning: {escape(note)}" for note in skipped]
    for line in lines + [f"error: {escape(e)}" for e in errors] + ([] if quiet else [*own]):
        click.echo(line, err=True)


FULL_REPORTS = ("gitlab",)  # reports that list every finding, baseline or not


def run_check(paths: Sequence[str], settings, output_format: str, stdin_filename: str | None = None, *,
              output_file: str | None = None, color: str = "auto", show_statistics: bool = False,
              unsafe_fixes: bool = False, exit_zero: bool = False, write_baseline: str | None = None,
              repository: str | None = None) -> int:
    """``check``: the findings (less the baseline's) in ``output_format``; ``write_baseline`` (""
    for the configuration's file) records them instead."""
    from .app.outcome import outcome
    from .report import WITH_EDITS
    from .report.output import emit
    from .ruletable import load_table

    started = time.monotonic()
    result = checked(paths, settings, output_format in WITH_EDITS, stdin_filename)
    tell(result.skipped, result.errors)
    debug_after(settings, result.files, started)
    if write_baseline is not None:
        return record_baseline(write_baseline or settings.default.baseline, result, paths)
    findings = with_repository_for(result.findings, output_format, repository)
    run = outcome(findings, () if stdin_filename else paths, result.sources, settings.baseline)  # stdin: its file
    tell((), (), run.notes(output_format))
    emit(output_format, findings if output_format in FULL_REPORTS else run.findings, load_table(),
         output_file=output_file, color=color, unsafe_fixes=unsafe_fixes, show_statistics=show_statistics,
         errors=result.errors, target_version=settings.default.target_version, quiet=verbosity() < 0,
         **run.facts(output_format, repository, result.used.values(), result.sources))
    if result.errors:
        return 2
    return 0 if exit_zero or not run.findings else 1


def checked(paths: Sequence[str], settings, edits: bool, stdin_filename: str | None):
    """The run's result: the files under paths, or standard input as the file ``stdin_filename``."""
    if stdin_filename is not None:
        from .app.buffer import check_stdin

        return check_stdin(stdin_filename, sys.stdin.buffer.read(), settings, edits)
    from .app.check import check_paths
    from .report.progress import Progress

    with Progress() as progress:
        return check_paths(paths, settings, progress=progress, edits=edits)


def record_baseline(path, result, paths: Sequence[str]) -> int:
    """``--write-baseline``: the run's findings, and the entries of files it did not check."""
    from .app.outcome import recorded

    if not path:
        raise click.UsageError("--write-baseline: give a FILE, or set `baseline` in the configuration")
    said = recorded(path, result.findings, paths, result.sources)
    if verbosity() >= 0:
        click.echo(said, err=True)
    return 2 if result.errors else 0


def show_files_run(paths: Sequence[str], settings) -> int:
    """``check --show-files``: each file that would be checked, with its kind; the count on stderr."""
    from .app.check import sources_of
    from .checked import listing

    notes: list[str] = []
    shown, count = listing([source for source, _ in sources_of(paths, settings, notes)])
    sys.stdout.write(shown)
    tell(notes, (), [count])
    return 0


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
    from .app.outcome import outcome
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
    remaining = outcome(run.remaining, () if stdin_filename else paths, (o.source for o in run.outcomes),
                        settings.baseline)
    tell((), (), remaining.notes("text" if diff else output_format))
    if not diff:
        if output_format in ("text", "concise"):
            report.write(fix_summary(remaining.findings, run.fixed, unsafe_fixes, remaining.checked,
                                     remaining.baselined, quiet=quiet))
        else:
            from .report.output import emit
            from .ruletable import load_table

            emit(output_format, with_repository_for(remaining.findings, output_format, repository), load_table(),
                 unsafe_fixes=unsafe_fixes, errors=tuple(run.errors), target_version=settings.default.target_version,
                 quiet=quiet, stream=report, **remaining.facts(output_format, repository, run.used.values(),
                                                              (o.source for o in run.outcomes)))
            if not quiet:
                click.echo(f"{run.fixed} fixed, {len(remaining.findings)} remaining.", err=True)
    if run.errors:
        return 2
    if exit_zero:
        return 0
    return 1 if changed or (remaining.findings and not diff) else 0


def write_fixed(outcome) -> None:
    """``fix --stdin-filename``: the fixed text on stdout, in the encoding it came in; the input
    as it was when nothing changed."""
    sys.stdout.flush()
    sys.stdout.buffer.write(outcome.encoding.encode(outcome.new_text) if outcome.changed else outcome.data)
    sys.stdout.buffer.flush()
