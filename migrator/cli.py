"""The command line, in ruff's vocabulary: ``check``, ``fix``, ``rule``, ``audit-log``.

Exit status: 0 no findings, 1 findings (or files changed by ``fix``), 2 usage or internal error.
"""

from __future__ import annotations

import functools
import re
import sys
from collections.abc import Sequence

import click

from . import __version__
from .loader import DataError
from .report import FORMATS

OUTPUT_FORMATS = list(FORMATS)


def _codes(values: Sequence[str]) -> tuple[str, ...]:
    """``--select mig06,runner-active`` → ("MIG06", "runner-active"): codes and prefixes are
    matched in upper case; rule names and item keys (with a dash) as typed."""
    parts = [code.strip() for value in values for code in value.split(",") if code.strip()]
    return tuple(code.upper() if re.fullmatch(r"[A-Za-z]+\d*", code) else code for code in parts)


class Group(click.Group):
    """Turns an unexpected exception into exit status 2 with a one-line message."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.ClickException, click.Abort, SystemExit):
            raise
        except DataError as exc:
            click.echo(f"error: rule table: {exc}", err=True)
            sys.exit(2)
        except Exception as exc:  # noqa: BLE001 - last resort, reported as an internal error
            click.echo(f"error: internal error: {type(exc).__name__}: {exc}", err=True)
            sys.exit(2)


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="migrator")
def main() -> None:
    """Find and fix uses of the service's REST API v4 that v5 breaks."""


def common_options(func):
    """The options `check` and `fix` share, handed to the command as one ``settings`` value."""

    @functools.wraps(func)
    def with_settings(*args, select, ignore, no_respect_gitignore, jobs, target_version, **kwargs):
        kwargs["settings"] = settings_from(select, ignore, no_respect_gitignore, jobs, target_version)
        return func(*args, **kwargs)

    options = [
        click.argument("paths", nargs=-1, type=click.Path(exists=True)),
        click.option("--select", multiple=True, help="Rule codes or prefixes to enable (comma-separated)."),
        click.option("--ignore", multiple=True, help="Rule codes or prefixes to disable (comma-separated)."),
        click.option("--exit-zero", is_flag=True, help="Exit 0 even when findings remain."),
        click.option("--no-respect-gitignore", is_flag=True, help="Also check files that .gitignore excludes."),
        click.option("--jobs", type=click.IntRange(min=0), default=0, help="Worker processes (0: one per core)."),
        click.option("--target-version", metavar="RELEASE", callback=_release,
                     help="Oldest GitLab release the code must keep working with (e.g. 16.11); fixes "
                          "whose replacement came later are shown, not applied. Default: the latest."),
    ]
    for option in reversed(options):
        with_settings = option(with_settings)
    return with_settings


def _release(ctx, param, value):
    if value is not None and not re.fullmatch(r"\d+(\.\d+)*", value):
        raise click.BadParameter(f"{value!r} is not a release like 16.11")
    return value


def settings_from(select, ignore, no_respect_gitignore=False, jobs=0, target_version=None):
    from .engine import Settings

    table = _table()
    selected = _codes(select)
    ignored = _codes(ignore)
    for pattern in selected + ignored:
        if pattern != "ALL" and not any(
            r.code.startswith(pattern) or pattern in (r.name, r.item) for r in table.rules
        ):
            raise click.BadParameter(f"{pattern!r} matches no rule code, name or item", param_hint="--select/--ignore")
    return Settings(selected, ignored, not no_respect_gitignore, jobs, target_version)


def _table():
    from .ruletable import load_table

    return load_table()


@main.command()
@common_options
@click.option("--output-format", type=click.Choice(OUTPUT_FORMATS), default="text", show_default=True,
              help="concise (= text), full, grouped; json, json-lines; sarif, gitlab (Code Quality), github "
                   "(annotations), junit; html, markdown (the audit report).")
@click.option("--output-file", "-o", metavar="PATH", type=click.Path(dir_okay=False),
              help="Write the report to PATH instead of stdout.")
@click.option("--color", type=click.Choice(["auto", "always", "never"]), default="auto", show_default=True,
              help="Colour text output (auto: on a terminal, unless NO_COLOR is set).")
@click.option("--statistics", "show_statistics", is_flag=True, help="Show counts per rule instead of findings.")
@click.option("--unsafe-fixes", is_flag=True, help="Show and apply unsafe fixes too.")
@click.option("--fix", "apply_fix", is_flag=True, help="Apply fixes (same as `migrator fix`).")
@click.option("--diff", is_flag=True, help="With --fix: print the changes as a diff, write nothing.")
def check(paths, exit_zero, output_format, output_file, color, show_statistics, unsafe_fixes, apply_fix, diff,
          settings):
    """Report uses of API v4 that v5 breaks."""
    from .engine import check_paths
    from .report.escape import escape
    from .report.output import STATISTICS, emit
    from .report.progress import Progress

    if show_statistics and output_format not in STATISTICS:
        raise click.UsageError(f"--statistics works with {', '.join(sorted(STATISTICS))}, not {output_format}")
    if apply_fix or diff:
        from .fix.command import run_fix

        sys.exit(run_fix(list(paths) or ["."], settings, unsafe_fixes, diff, exit_zero, output_format))
    with Progress() as progress:
        result = check_paths(list(paths) or ["."], settings, progress=progress)
    for error in result.errors:
        click.echo(f"error: {escape(error)}", err=True)
    emit(output_format, result.findings, _table(), output_file=output_file, color=color, unsafe_fixes=unsafe_fixes,
         show_statistics=show_statistics, files=result.files, errors=result.errors,
         target_version=settings.target_version)
    if result.errors:
        sys.exit(2)
    sys.exit(0 if exit_zero or not result.findings else 1)


@main.command()
@click.argument("code", required=False)
@click.option("--all", "show_all", is_flag=True, help="Explain every rule.")
@click.option("--output-format", type=click.Choice(["text", "json"]), default="text", show_default=True)
def rule(code, show_all, output_format):
    """Explain a rule: what it detects, why v5 breaks it, what to do instead."""
    from .report import ruledoc

    table = _table()
    if show_all == bool(code):
        raise click.UsageError("give a rule code, or --all")
    if show_all:
        rules = list(table.rules)
    else:
        wanted = code.strip()
        match = [r for r in table.rules if wanted.upper() == r.code or wanted == r.name]
        if not match:
            raise click.BadParameter(f"no rule {wanted!r}; see `migrator rule --all`", param_hint="CODE")
        rules = match
    render = ruledoc.render_json if output_format == "json" else ruledoc.render_text
    sys.stdout.write(render(rules, table))


def _register_optional() -> None:
    """Commands whose modules land separately register here when present."""
    from importlib import import_module

    for module in ("migrator.fix.command", "migrator.auditlog_cli"):
        try:
            import_module(module).register(main)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise


_register_optional()
