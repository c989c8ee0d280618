"""The command line, in ruff's vocabulary: ``check``, ``fix``, ``rule``, ``audit-log``. The only
click module: each command parses its options into settings, calls a use case of the
application layer (migrator/app) and renders the result (migrator/report), importing only what
the command needs.

Exit status: 0 no findings, 1 findings (or files changed by ``fix``), 2 usage or internal error.
"""

from __future__ import annotations

import functools
import re
import sys
import time
from collections.abc import Sequence

import click

from . import __version__
from .cliruns import VERBOSITY, debug_after, run_add_noqa, run_fix, tell, verbosity, with_repository_for
from .report import FORMATS

OUTPUT_FORMATS = list(FORMATS)


class Group(click.Group):
    """Turns an unexpected exception into exit status 2 with a one-line message."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.ClickException, click.Abort, SystemExit):
            raise
        except ValueError as exc:
            from .baseline import BaselineError
            from .loader import DataError

            if isinstance(exc, DataError):
                click.echo(f"error: rule table: {exc}", err=True)
                sys.exit(2)
            from .configkeys import ConfigError
            from .report.merge import ResultsError
            from .report.output import OutputError

            if not isinstance(exc, (ConfigError, BaselineError, ResultsError, OutputError)):
                raise
            click.echo(f"error: {exc}", err=True)
            sys.exit(2)
        except Exception as exc:  # noqa: BLE001 - last resort, reported as an internal error
            click.echo(f"error: internal error: {type(exc).__name__}: {exc}", err=True)
            sys.exit(2)


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="migrator")
def main() -> None:
    """Find and fix uses of the service's REST API v4 that v5 breaks."""


def common_options(func):
    """The options `check` and `fix` share, handed to the command as one ``settings`` value:
    the configuration files' settings with these flags overriding them."""

    @functools.wraps(func)
    def with_settings(*args, config, jobs, no_cache, quiet, verbose, **kwargs):
        from .report.verbosity import level

        try:
            click.get_current_context().meta[VERBOSITY] = level(quiet, verbose)
        except ValueError as exc:
            raise click.UsageError(str(exc)) from None
        overrides = {key: kwargs.pop(key.replace("-", "_")) for key in OVERRIDES}
        overrides["respect-gitignore"] = False if kwargs.pop("no_respect_gitignore") else None
        overrides["force-exclude"] = True if overrides["force-exclude"] else None
        kwargs["settings"] = settings_from(overrides, config, jobs, cache=not no_cache)
        return func(*args, **kwargs)

    options = [
        click.argument("paths", nargs=-1, type=click.Path(exists=True)),
        click.option("--config", metavar="PATH", help="One configuration file for every path (default: the "
                     "closest migrator.toml, .migrator.toml or pyproject.toml [tool.migrator] above each file)."),
        click.option("--select", multiple=True, help="Rule codes or prefixes to enable (comma-separated)."),
        click.option("--extend-select", multiple=True, help="Rule codes or prefixes to enable on top of the selection."),
        click.option("--ignore", multiple=True, help="Rule codes or prefixes to disable (comma-separated)."),
        click.option("--exclude", multiple=True, help="Files and directories to leave out (globs, comma-separated; "
                     "replaces the default)."),
        click.option("--extend-exclude", multiple=True, help="Files and directories to leave out, on top of exclude "
                     "(globs, comma-separated)."),
        click.option("--force-exclude", is_flag=True, help="Apply the excludes to files named on the command line too."),
        click.option("--exit-zero", is_flag=True, help="Exit 0 even when findings remain."),
        click.option("--no-respect-gitignore", is_flag=True, help="Also check files that .gitignore excludes."),
        click.option("--jobs", type=click.IntRange(min=0), default=0, help="Worker processes (0: one per core)."),
        click.option("--no-cache", is_flag=True, help="Neither read nor write the result cache (cache-dir, default "
                     ".migrator_cache): check every file."),
        click.option("--stdin-filename", metavar="PATH", help="Read the file from standard input; PATH gives its kind "
                     "and its settings (the paths are then ignored). `fix` prints the fixed text on stdout, the "
                     "findings on stderr."),
        click.option("--target-version", metavar="RELEASE", callback=_release,
                     help="Oldest GitLab release the code must keep working with (e.g. 16.11); fixes "
                          "whose replacement came later are shown, not applied. Default: the latest."),
        click.option("-q", "--quiet", is_flag=True, help="Print the findings and errors, nothing else (no summary, "
                     "no warnings)."),
        click.option("-v", "--verbose", is_flag=True, help="Also say on stderr which configuration is used, how many "
                     "files were checked and how long it took."),
    ]
    for option in reversed(options):
        with_settings = option(with_settings)
    return with_settings


REPOSITORY = click.option(
    "--repository", metavar="NAME",
    help="The repository the findings belong to, in the json, json-lines, sarif, html and markdown reports "
         "(default: the git remote `origin` of each file's repository, as group/project).")

OVERRIDES = ("select", "extend-select", "ignore", "exclude", "extend-exclude", "force-exclude", "target-version")


def _release(ctx, param, value):
    if value is not None and not re.fullmatch(r"\d+(\.\d+)*", value):
        raise click.BadParameter(f"{value!r} is not a release like 16.11")
    return value


def settings_from(overrides: dict, config: str | None = None, jobs: int = 0, cache: bool = True):
    """The run's settings: configuration files, with the command line's values overriding."""
    from .app.settings import from_command_line

    return from_command_line(overrides, config, jobs, cache)


# ---------------------------------------------------------------- check
@main.command()
@common_options
@click.option("--output-format", type=click.Choice(OUTPUT_FORMATS), 
              help="Default: the configuration's, else text. concise (= text), full, grouped; json, json-lines; sarif, gitlab (Code Quality), github "
                   "(annotations), junit; html, markdown (the audit report).")
@click.option("--output-file", "-o", metavar="PATH", type=click.Path(dir_okay=False),
              help="Write the report to PATH instead of stdout.")
@click.option("--color", type=click.Choice(["auto", "always", "never"]), default="auto", show_default=True,
              help="Colour text output (auto: on a terminal, unless NO_COLOR is set).")
@click.option("--statistics", "show_statistics", is_flag=True, help="Show counts per rule instead of findings.")
@click.option("--unsafe-fixes", is_flag=True, help="Show and apply unsafe fixes too.")
@click.option("--fix", "apply_fix", is_flag=True, help="Apply fixes (same as `migrator fix`).")
@click.option("--diff", is_flag=True, help="With --fix: print the changes as a diff, write nothing.")
@click.option("--baseline", type=click.Path(dir_okay=False), help="Report only findings not in this baseline file.")
@click.option("--write-baseline", type=click.Path(dir_okay=False), help="Record the current findings in this file.")
@REPOSITORY
@click.option("--add-noqa", is_flag=True, help="Add `# noqa: CODE` comments for the current findings (JSON, HAR and "
              "JSON lines have no comments: use per-file-ignores).")
@click.option("--show-settings", is_flag=True, help="Print the settings the first PATH is checked with, and where "
              "each comes from (a configuration file, one it extends, the command line, the default).")
def check(paths, exit_zero, output_format, output_file, color, show_statistics, unsafe_fixes, apply_fix, diff,
          baseline, write_baseline, repository, add_noqa, show_settings, stdin_filename, settings):
    """Report uses of API v4 that v5 breaks.

    With --baseline, the exit status counts only findings that are not in the baseline; the
    gitlab (Code Quality) report still lists every finding, so that GitLab can compare a merge
    request's report with its target branch's."""
    from .report.output import STATISTICS

    if show_settings:
        from .report.settings import show

        sys.exit(sys.stdout.write(show((list(paths) or ["."])[0], settings)) and 0)
    output_format = output_format or settings.default.output_format
    if show_statistics and output_format not in STATISTICS:
        raise click.UsageError(f"--statistics works with {', '.join(sorted(STATISTICS))}, not {output_format}")
    if add_noqa:
        if apply_fix or diff or baseline or write_baseline or stdin_filename:
            raise click.UsageError("--add-noqa cannot be combined with --fix, --diff, --baseline, --write-baseline or "
                                   "--stdin-filename")
        sys.exit(run_add_noqa(list(paths) or ["."], settings))
    _ignoring(paths, stdin_filename)
    if apply_fix or diff:
        sys.exit(run_fix(list(paths) or ["."], settings, unsafe_fixes, diff, exit_zero, output_format, repository,
                         stdin_filename))
    from .report import WITH_EDITS
    from .report.output import emit
    from .ruletable import load_table

    started = time.monotonic()
    result = _checked(list(paths) or ["."], settings, output_format in WITH_EDITS, stdin_filename)
    tell(result.skipped, result.errors)
    debug_after(settings, result.files, started)
    if write_baseline:
        sys.exit(_write_baseline(write_baseline, result))
    findings = new = with_repository_for(result.findings, output_format, repository)
    if baseline:
        from .baseline import new_findings

        new = new_findings(findings, baseline)
    emit(output_format, findings if output_format in FULL_REPORTS else new, load_table(),
         output_file=output_file, color=color, unsafe_fixes=unsafe_fixes, show_statistics=show_statistics,
         files=result.files, errors=result.errors, target_version=settings.default.target_version,
         quiet=verbosity() < 0)
    if result.errors:
        sys.exit(2)
    sys.exit(0 if exit_zero or not new else 1)


def _checked(paths: list[str], settings, edits: bool, stdin_filename: str | None):
    """The run's result: the files under paths, or standard input as the file ``stdin_filename``."""
    if stdin_filename is not None:
        from .app.buffer import check_stdin

        return check_stdin(stdin_filename, sys.stdin.buffer.read(), settings, edits)
    from .app.check import check_paths
    from .report.progress import Progress

    with Progress() as progress:
        return check_paths(paths, settings, progress=progress, edits=edits)


def _ignoring(paths: Sequence[str], stdin_filename: str | None) -> None:
    """As ruff: the paths given beside ``--stdin-filename`` are named and ignored."""
    for path in paths if stdin_filename is not None else ():
        click.echo(f"warning: ignoring {path} in favour of standard input", err=True)


def _write_baseline(path: str, result) -> int:
    from .baseline import write_baseline

    write_baseline(path, result.findings)
    count = len(result.findings)
    if verbosity() >= 0:
        click.echo(f"Wrote a baseline of {count} finding{'s' if count != 1 else ''} to {path}.", err=True)
    return 2 if result.errors else 0


FULL_REPORTS = ("gitlab",)  # reports that list every finding, baseline or not


# ---------------------------------------------------------------- fix
@main.command("fix")
@common_options
@click.option("--output-format", type=click.Choice(OUTPUT_FORMATS), help="Default: the configuration's, else text.")
@click.option("--unsafe-fixes", is_flag=True, help="Apply unsafe fixes too.")
@click.option("--diff", is_flag=True, help="Print the changes as a unified diff; write nothing.")
@REPOSITORY
def fix(paths, exit_zero, output_format, unsafe_fixes, diff, repository, stdin_filename, settings):
    """Rewrite uses of API v4 that v5 breaks, where a rewrite keeps behaviour.

    Exit status: 1 when a file was changed or findings remain, so a pre-commit hook stops the
    commit (with --diff, as ruff's: 1 when a file would change); 0 otherwise or with
    --exit-zero; 2 on errors."""
    output_format = output_format or settings.default.output_format
    _ignoring(paths, stdin_filename)
    sys.exit(run_fix(list(paths) or ["."], settings, unsafe_fixes, diff, exit_zero, output_format, repository,
                     stdin_filename))


# ---------------------------------------------------------------- server
@main.command()
def server():
    """Run the language server (LSP over stdin and stdout) for editors: diagnostics as you type,
    quick fixes, fix-all, suppressions and the rules' documentation (README: editor setup)."""
    from .server import serve

    serve()


# ---------------------------------------------------------------- rule
@main.command()
@click.argument("code", required=False)
@click.option("--all", "show_all", is_flag=True, help="Explain every rule.")
@click.option("--output-format", type=click.Choice(["text", "json"]), default="text", show_default=True)
def rule(code, show_all, output_format):
    """Explain a rule: what it detects, why v5 breaks it, what to do instead."""
    from .report import ruledoc
    from .ruletable import load_table

    table = load_table()
    if show_all == bool(code):
        raise click.UsageError("give a rule code, or --all")
    if show_all:
        rules = list(table.known)
    else:
        wanted = code.strip()
        rules = [r for r in table.known if wanted.upper() == r.code or wanted == r.name]
        if not rules:
            raise click.BadParameter(f"no rule {wanted!r}; see `migrator rule --all`", param_hint="CODE")
    render = ruledoc.render_json if output_format == "json" else ruledoc.render_text
    sys.stdout.write(render(rules, table))


# ---------------------------------------------------------------- audit-log
@main.command("audit-log")
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@click.option("--select", multiple=True, help="Rule codes or prefixes to report (comma-separated).")
@click.option("--ignore", multiple=True, help="Rule codes or prefixes to leave out (comma-separated).")
@click.option("--output-format", type=click.Choice(["text", "json"]), default="text", show_default=True)
def audit_log(files, select, ignore, output_format):
    """Count calls to what v5 removes in the service's api_json.log (plain or gzip; - for stdin).

    Exit status: 0 no such calls, 1 some, 2 a file could not be read."""
    from .app.audit import audit_logs
    from .report.auditlog import render_json, render_text

    missing = [p for p in files if p != "-" and not _readable(p)]
    if missing:
        raise click.BadParameter(f"cannot read {missing[0]!r}", param_hint="FILES")
    report = audit_logs(files, settings_from({"select": list(select), "ignore": list(ignore)}))
    sys.stdout.write(render_json(report) if output_format == "json" else render_text(report))
    tell((), report.errors)
    sys.exit(2 if report.errors else 1 if report.matched else 0)


def _readable(path: str) -> bool:
    try:
        with open(path, "rb"):
            return True
    except OSError:
        return False


# ---------------------------------------------------------------- report
@main.command()
@click.option("--merge", is_flag=True, help="Merge the JSON results of `migrator check --output-format json`.")
@click.argument("results", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option("--output-format", type=click.Choice(list(FORMATS)), default="json", show_default=True)
def report(merge, results, output_format):
    """One report from the JSON results of many `migrator check` runs (one per repository)."""
    from .report.merge import ResultsError, load_results, write_report

    if not merge:
        raise click.UsageError("give --merge and the JSON results to merge")
    try:
        findings = load_results(results)
    except ResultsError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(2)
    write_report(output_format, findings, sys.stdout)


# ---------------------------------------------------------------- generate-shell-completion
@main.command("generate-shell-completion")
@click.argument("shell", type=click.Choice(["bash", "zsh", "fish"]))
def generate_shell_completion(shell):
    """Print the script that completes migrator's commands, options and their values in SHELL, as
    ruff's command of the same name does: add `eval "$(migrator generate-shell-completion bash)"`
    to ~/.bashrc (zsh: ~/.zshrc; fish: `migrator generate-shell-completion fish | source`)."""
    from click.shell_completion import get_completion_class

    completion = get_completion_class(shell)(main, {}, "migrator", "_MIGRATOR_COMPLETE")
    sys.stdout.write(completion.source().rstrip("\n") + "\n")
