"""The pipeline for one run: discover → prefilter → scan → match → filter.

One file is handled by `check_source`, a pure function of its text; `check_paths` runs it over a
tree, in a process pool when there are many candidate files. A file that does not parse gives
one parse-error finding; a scanner that fails on a file is reported and the run goes on.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace

from . import kinds
from .discover import SourceFile, discover
from .filters import unsuppressed
from .fix.intents import resolve
from .match import match_file
from .model import Finding, ScanError, Span
from .ruletable import Rule, RuleTable, gated, load_table
from .source import DecodeError, Encoding, LineIndex, decode, is_binary

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


def lines_of(text: str, kind: str) -> LineIndex:
    """The text's lines, split by the file kind's own newline rule."""
    return LineIndex(text, kinds.by_name(kind).newlines)


def check_source(
    text: str, kind: str, filename: str, rules: Sequence[Rule], table: RuleTable
) -> list[Finding]:
    """Findings for one file's text: scan it into touches, match them, drop suppressed ones."""
    lines = lines_of(text, kind)
    try:
        touches = kinds.by_name(kind).scan(text, table.model)
    except ScanError as exc:
        return [replace(parse_error(filename, exc, lines), kind=kind)]
    except RecursionError:
        return [replace(parse_error(filename, ScanError("nested too deeply to check")), kind=kind)]
    return [replace(f, kind=kind) for f in resolve(unsuppressed(match_file(touches, rules, filename, lines)))]


def parse_error(filename: str, exc: ScanError, lines: LineIndex | None = None) -> Finding:
    if exc.offset is not None and lines is not None:
        span = lines.span(exc.offset, exc.offset)
    else:
        span = Span.of(exc.row, exc.column, exc.row, exc.column)
    return Finding(
        code=PARSE_ERROR[0],
        name=PARSE_ERROR[1],
        item=None,
        message=f"could not parse this file, so it was not checked: {exc.message}",
        severity="high",
        evidence="typed",
        filename=filename,
        span=span,
    )


@dataclass(frozen=True)
class Loaded:
    """A file read for checking: its bytes and, when it can be checked, its text and encoding;
    otherwise the parse-error finding that says why not."""

    data: bytes
    text: str | None = None
    encoding: Encoding = Encoding()
    error: Finding | None = None


def load(source: SourceFile, rules: Sequence[Rule]) -> Loaded | None:
    """The file, read and decoded for check and fix alike; None when no rule can match it (the
    prefilter) or it is binary. A file in a wide encoding (UTF-16, UTF-32) is decoded before
    the prefilter looks for tokens, so it is never passed over unread."""
    try:
        data = source.path.read_bytes()
    except OSError as exc:
        return Loaded(b"", error=parse_error(source.display, ScanError(f"cannot read: {exc.strerror}")))
    wide = b"\0" in data or data.startswith((b"\xff\xfe", b"\xfe\xff"))
    if not wide and not candidate(data, rules):
        return None
    try:
        text, encoding = decode(data, cookie=kinds.by_name(source.kind).cookie)
    except DecodeError as exc:
        if is_binary(data):
            return None
        return Loaded(data, error=parse_error(source.display, ScanError(exc.reason)))
    if wide and not candidate(text.encode("utf-8"), rules):
        return None
    return Loaded(data, text, encoding)


def check_file(source: SourceFile, rules: Sequence[Rule], table: RuleTable) -> tuple[bool, list[Finding]]:
    """(whether the file was scanned, its findings). Reading and decoding errors are findings."""
    loaded = load(source, rules)
    if loaded is None:
        return False, []
    if loaded.error is not None:
        return True, [loaded.error]
    return True, check_source(loaded.text, source.kind, source.display, rules, table)


def _job(args: tuple[SourceFile, Settings]) -> tuple[bool, list[Finding], str | None]:
    source, settings = args
    table = load_table()
    rules = settings.rules(table)
    try:
        scanned, findings = check_file(source, rules, table)
    except Exception as exc:  # noqa: BLE001 - one bad file must not stop the run
        return True, [], f"{source.display}: internal error while scanning: {type(exc).__name__}: {exc}"
    return scanned, findings, None


def check_paths(paths: Sequence[str], settings: Settings, table: RuleTable | None = None) -> RunResult:
    table = table or load_table()
    sources = list(discover(list(paths), settings.respect_gitignore))
    result = RunResult(files=len(sources))
    jobs = [(s, settings) for s in sources]
    workers = settings.jobs or os.cpu_count() or 1
    if len(jobs) >= POOL_THRESHOLD and workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            outcomes = list(pool.map(_job, jobs, chunksize=16))
    else:
        outcomes = [_job(j) for j in jobs]
    for scanned, findings, error in outcomes:
        result.scanned += scanned
        result.findings.extend(findings)
        if error:
            result.errors.append(error)
    result.findings.sort(key=lambda f: f.sort_key)
    return result
