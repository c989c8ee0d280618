"""Use case: check. Every file under the paths through the pipeline, in parallel; one file's
internal error is reported and the run goes on."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..discover import SourceFile, discover
from ..model import Finding
from ..pipeline import check_file
from ..ruletable import load_table
from .runner import run_all
from .settings import Settings


@dataclass
class RunResult:
    findings: list[Finding] = field(default_factory=list)
    files: int = 0
    scanned: int = 0
    errors: list[str] = field(default_factory=list)


def check_job(args: tuple[SourceFile, Settings]) -> tuple[bool, list[Finding], str | None]:
    """(whether the file was scanned, its findings, an internal error)."""
    source, settings = args
    table = load_table()
    try:
        scanned, findings = check_file(source, settings.rules(table), table)
    except Exception as exc:  # noqa: BLE001 - one bad file must not stop the run
        return True, [], f"{source.display}: internal error while scanning: {type(exc).__name__}: {exc}"
    return scanned, findings, None


def check_paths(paths: Sequence[str], settings: Settings) -> RunResult:
    sources = list(discover(list(paths), settings.respect_gitignore))
    result = RunResult(files=len(sources))
    for scanned, findings, error in run_all(check_job, [(s, settings) for s in sources], settings.jobs):
        result.scanned += scanned
        result.findings.extend(findings)
        if error:
            result.errors.append(error)
    result.findings.sort(key=lambda f: f.sort_key)
    return result
