"""The pipeline for one run: discover → prefilter → scan → match → filter.

One file is handled by `check_source`, a pure function of its text; `check_paths` runs it over a
tree, in a process pool when there are many candidate files. A file that does not parse gives
one parse-error finding; a scanner that fails on a file is reported and the run goes on.
"""

from __future__ import annotations

import io
import os
import tokenize
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from . import scan
from .discover import SourceFile, discover
from .filters import unsuppressed
from .match import match_file
from .model import Finding, ScanError, Span
from .ruletable import Rule, RuleTable, gated, load_table

PARSE_ERROR = ("MIG999", "parse-error")
POOL_THRESHOLD = 64


@dataclass(frozen=True)
class Settings:
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    respect_gitignore: bool = True
    jobs: int = 0
    target_version: str | None = None

    def rules(self, table: RuleTable) -> tuple[Rule, ...]:
        """The selected rules, with fixes gated by the target GitLab release (built once per
        process and settings, since every file asks)."""
        key = (table.digest, self.select, self.ignore, self.target_version)
        if key not in _RULES:
            _RULES[key] = gated(table.select(self.select, self.ignore), self.target_version)
        return _RULES[key]


_RULES: dict[tuple, tuple[Rule, ...]] = {}


@dataclass
class RunResult:
    findings: list[Finding] = field(default_factory=list)
    files: int = 0
    scanned: int = 0
    errors: list[str] = field(default_factory=list)


def candidate(data: bytes, rules: Sequence[Rule]) -> bool:
    """Whether any rule could match: a file must hold one of a rule's token sets whole.
    Each distinct token is searched for at most once per file."""
    present: dict[bytes, bool] = {}

    def has(token: bytes) -> bool:
        if token not in present:
            present[token] = token in data
        return present[token]

    return any(all(has(t) for t in tokens) for rule in rules for tokens in rule.token_sets)


def decode(data: bytes, kind: str = "") -> str:
    """The file's text: UTF-8 (a BOM is dropped), or for Python the encoding its coding cookie
    declares (PEP 263)."""
    if kind == "python" and b"coding" in data[:400]:
        try:
            encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
            return data.decode(encoding)
        except (SyntaxError, LookupError):
            pass
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    return data.decode("utf-8")


def check_source(
    text: str, kind: str, filename: str, rules: Sequence[Rule], table: RuleTable
) -> list[Finding]:
    """Findings for one file's text: scan it into touches, match them, drop suppressed ones."""
    try:
        touches = scan.scan(kind, text, table.model)
    except ScanError as exc:
        return [parse_error(filename, exc)]
    except RecursionError:
        return [parse_error(filename, ScanError("nested too deeply to check"))]
    return unsuppressed(match_file(touches, rules, filename), text)


def parse_error(filename: str, exc: ScanError) -> Finding:
    return Finding(
        code=PARSE_ERROR[0],
        name=PARSE_ERROR[1],
        item=None,
        message=f"could not parse this file, so it was not checked: {exc.message}",
        severity="high",
        evidence="typed",
        filename=filename,
        span=Span.of(exc.row, exc.column, exc.row, exc.column),
    )


def check_file(source: SourceFile, rules: Sequence[Rule], table: RuleTable) -> tuple[bool, list[Finding]]:
    """(whether the file was scanned, its findings). Reading and decoding errors are findings."""
    try:
        data = source.path.read_bytes()
    except OSError as exc:
        return True, [parse_error(source.display, ScanError(f"cannot read: {exc.strerror}"))]
    if not candidate(data, rules):
        return False, []
    try:
        text = decode(data, source.kind)
    except UnicodeDecodeError as exc:
        return True, [parse_error(source.display, ScanError(f"not UTF-8 ({exc.reason})"))]
    return True, check_source(text, source.kind, source.display, rules, table)


def _job(args: tuple[SourceFile, Settings]) -> tuple[bool, list[Finding], str | None]:
    source, settings = args
    table = load_table()
    rules = settings.rules(table)
    try:
        scanned, findings = check_file(source, rules, table)
    except Exception as exc:  # noqa: BLE001 - one bad file must not stop the run
        return True, [], f"{source.display}: internal error while scanning: {type(exc).__name__}: {exc}"
    return scanned, findings, None


def check_paths(paths: Sequence[str], settings: Settings, table: RuleTable | None = None,
                progress: Callable[[int, int], None] | None = None) -> RunResult:
    """Check every file under paths; ``progress(done, total)`` is called after each file."""
    table = table or load_table()
    sources = list(discover(list(paths), settings.respect_gitignore))
    result = RunResult(files=len(sources))
    jobs = [(s, settings) for s in sources if scan.available(s.kind)]
    workers = settings.jobs or os.cpu_count() or 1

    def collect(outcomes: Iterable[tuple[bool, list[Finding], str | None]]) -> None:
        for done, (scanned, findings, error) in enumerate(outcomes, 1):
            result.scanned += scanned
            result.findings.extend(findings)
            if error:
                result.errors.append(error)
            if progress is not None:
                progress(done, len(jobs))

    if len(jobs) >= POOL_THRESHOLD and workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            collect(pool.map(_job, jobs, chunksize=16))
    else:
        collect(map(_job, jobs))
    result.findings.sort(key=lambda f: f.sort_key)
    return result
