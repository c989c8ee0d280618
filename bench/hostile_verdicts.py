"""One-line verdicts on a measured run of bench/hostile.py: what the output says about the hostile
file and about the other files next to it."""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from hostile_measure import Run

PARSE_ERROR = "MIG999"
TEXT_FINDING = re.compile(rb"^(.*?):(\d+):(\d+): (MIG\d+)", re.M)
STATISTIC = re.compile(r"^\s*(\d+)\t(MIG\d+)\t", re.M)


@dataclass
class Plan:
    """What to run for one case and what to look for in its output."""

    args: tuple[str, ...]
    output: str = "json"  # how to read stdout: json (check's findings), stats, text, audit
    targets: tuple[str, ...] = ()  # the hostile files, as the output names them
    witnesses: int = 0  # findings the clean files next to them must still give
    command: str = ""  # the command column, when not the arguments themselves
    obey_modes: bool = False  # a permission case: as root, run without the power to override modes
    stop: Callable[[], bool] | None = None
    timeout: float | None = None  # seconds, when not the run's --timeout
    verdict: Callable[[Run, Plan, Path], str] | None = None
    before: dict[str, bytes] = field(default_factory=dict)  # file contents before the run


def cell(text: str) -> str:
    """text safe for one Markdown table cell: control characters escaped, pipes escaped."""
    shown = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return shown.replace("|", "\\|")


def findings_count(count: int) -> str:
    return f"{count} finding" + ("" if count == 1 else "s")


def stderr_line(run: Run, directory: Path, width: int = 90) -> str:
    """The first line on stderr, without the temporary directory's path, shortened."""
    text = run.stderr.decode("utf-8", "replace").replace(f"{directory}/", "").replace(str(directory), ".")
    first = next((line for line in text.splitlines() if line.strip()), "")
    return first if len(first) <= width else first[: width - 1] + "…"


def findings(run: Run, output: str) -> list[tuple[str | None, str]] | None:
    """(file name, code) of each finding the output reports; None when it cannot be read."""
    if output == "json":
        try:
            data = json.loads(run.stdout)
        except ValueError:
            return None
        return [(f["filename"], f["code"]) for f in data] if isinstance(data, list) else None
    if output == "stats":
        text = run.stdout.decode("utf-8", "replace")
        return [(None, code) for count, code in STATISTIC.findall(text) for _ in range(int(count))]
    return [(name.decode("utf-8", "replace"), code.decode()) for name, _, _, code in TEXT_FINDING.findall(run.stdout)]


def judged(verdict: Callable[[Run, Plan, Path], str]) -> Callable[[Run, Plan, Path], str]:
    """A verdict on a run that ended by itself; a TIMEOUT, kill or crash is said instead, with the
    first line on stderr."""
    @functools.wraps(verdict)
    def judge(run: Run, plan: Plan, directory: Path) -> str:
        failure, hint = run.failure(), stderr_line(run, directory)
        if failure:
            return failure + (f"; stderr: {hint}" if hint else "")
        return verdict(run, plan, directory)
    return judge


@judged
def generic(run: Run, plan: Plan, directory: Path) -> str:
    """N findings; whether each hostile file is named (by a parse-error, another finding or on
    stderr); whether the clean files' findings survived; the first stderr line."""
    hint = stderr_line(run, directory)
    found = findings(run, plan.output) if run.stdout.strip() else []
    if found is None:
        return f"output unreadable; stderr: {hint}"
    parts = [findings_count(len(found))]
    parts += _targets(found, plan.targets, run.stderr.decode("utf-8", "replace"))
    if plan.witnesses and plan.output != "stats":
        kept = sum(1 for name, _ in found if Path(name).name.startswith("clean"))
        parts.append("others kept" if kept >= plan.witnesses else f"others lost ({kept} of {plan.witnesses})")
    if plan.output == "stats":
        parts.append(f"{PARSE_ERROR}: {sum(code == PARSE_ERROR for _, code in found)}")
    if plan.output == "text" and run.stdout.strip():
        parts.append(f"stdout ends: {run.stdout.decode('utf-8', 'replace').strip().splitlines()[-1]}")
    if hint:
        parts.append(f"stderr: {hint}")
    return "; ".join(parts)


def _targets(found: list[tuple[str | None, str]], targets: tuple[str, ...], stderr: str) -> list[str]:
    said = []
    for target in targets:
        codes = {code for name, code in found if name == target}
        said.append(f"{target}: " + ("parse-error" if PARSE_ERROR in codes else f"{len(codes)} rules" if codes
                                     else "named on stderr" if target in stderr else "not named"))
    if len(said) > 3:
        named = sum(not s.endswith("not named") for s in said)
        return [f"{named} of {len(said)} hostile files named"]
    return said


@judged
def positions(run: Run, plan: Plan, directory: Path) -> str:
    """For twins (the hostile file, then its ordinary twin): findings of each, first position."""
    parts = []
    for target in plan.targets:
        rows = [m for m in TEXT_FINDING.finditer(run.stdout) if m.group(1).decode() == target]
        first = f", first at {int(rows[0].group(2))}:{int(rows[0].group(3))}" if rows else ""
        parts.append(f"{target}: {findings_count(len(rows))}{first}")
    return "; ".join(parts)


@judged
def changed(run: Run, plan: Plan, directory: Path) -> str:
    """For fix: which watched files the run changed, the summary line and the first error."""
    written = [name for name, data in plan.before.items() if (directory / name).read_bytes() != data]
    summary = re.search(r"\((\d+ fixed, \d+ remaining)\)", run.stdout.decode("utf-8", "replace"))
    parts = [f"summary: {summary.group(1) if summary else 'none'}",
             f"written: {len(written)} of {len(plan.before)}" if len(plan.before) > 2
             else ", ".join(f"{name} {'changed' if name in written else 'unchanged'}" for name in plan.before)]
    if hint := stderr_line(run, directory, 70):
        parts.append(f"stderr: {hint}")
    return "; ".join(parts)


@judged
def escapes(run: Run, plan: Plan, directory: Path) -> str:
    """Raw ESC bytes on stdout and stderr, and output lines a newline in a file name forged."""
    raw = run.stdout.count(b"\x1b") + run.stderr.count(b"\x1b")
    forged = sum(line.startswith(b"forged.py") for line in run.stdout.splitlines())
    return f"raw ESC bytes: {raw}; forged finding lines: {forged}"


@judged
def json_validity(run: Run, plan: Plan, directory: Path) -> str:
    """Whether stdout is valid UTF-8 holding valid JSON, and the findings it holds."""
    try:
        data = json.loads(run.stdout.decode("utf-8"))
    except UnicodeDecodeError as exc:
        return f"stdout is not UTF-8 ({exc.reason} at byte {exc.start})"
    except ValueError as exc:
        return f"stdout is not JSON ({exc})"
    names = sorted({cell(f["filename"]) for f in data})
    return f"valid JSON, {len(data)} findings in {', '.join(names)}"


@judged
def audit(run: Run, plan: Plan, directory: Path) -> str:
    """audit-log's JSON report: lines, malformed lines, matched requests, errors naming files."""
    hint = stderr_line(run, directory)
    try:
        report = json.loads(run.stdout)
    except ValueError:
        return f"no report; stderr: {hint}"
    errors = " ".join(report["errors"])
    named = [t for t in plan.targets if t in errors]
    parts = [f"{report['lines']} lines, {report['malformed']} malformed, {report['matched_requests']} matched",
             "good log reported" if report["matched_requests"] >= plan.witnesses else "good log lost"]
    parts.append(f"error names {', '.join(named)}" if named else f"errors: {len(report['errors'])}")
    return "; ".join(parts)


@judged
def diffed(run: Run, plan: Plan, directory: Path) -> str:
    """For fix --diff: how many files the diff shows, and what stderr says."""
    files = sum(line.startswith(b"+++ b/") for line in run.stdout.splitlines())
    return f"diff of {files} files; stderr: {stderr_line(run, directory)}"


def pool(run: Run, plan: Plan, directory: Path) -> str:
    """generic, and the most processes the run had at once."""
    return f"{generic(run, plan, directory)}; up to {run.max_processes} processes at once"
