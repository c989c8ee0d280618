"""``migrator audit-log FILE...``: the click command around migrator.auditlog."""

from __future__ import annotations

import sys

import click


@click.command("audit-log")
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@click.option("--select", multiple=True, help="Rule codes or prefixes to report (comma-separated).")
@click.option("--ignore", multiple=True, help="Rule codes or prefixes to leave out (comma-separated).")
@click.option("--output-format", type=click.Choice(["text", "json"]), default="text", show_default=True)
def audit_log(files, select, ignore, output_format):
    """Count calls to what v5 removes in the service's api_json.log (plain or gzip; - for stdin).

    Exit status: 0 no such calls, 1 some, 2 a file could not be read."""""
    from .auditlog import audit, render_json, render_text
    from .cli import settings_from

    missing = [p for p in files if p != "-" and not _readable(p)]
    if missing:
        raise click.BadParameter(f"cannot read {missing[0]!r}", param_hint="FILES")
    settings = settings_from(select, ignore, False, 0)
    from .ruletable import load_table

    table = load_table()
    report = audit(list(files), table, table.select(settings.select, settings.ignore))
    sys.stdout.write(render_json(report) if output_format == "json" else render_text(report))
    for error in report.errors:
        click.echo(f"error: {error}", err=True)
    sys.exit(2 if report.errors else 1 if report.matched else 0)


def _readable(path: str) -> bool:
    try:
        with open(path, "rb"):
            return True
    except OSError:
        return False


def register(group: click.Group) -> None:
    group.add_command(audit_log)
