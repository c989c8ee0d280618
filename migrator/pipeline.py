"""One file through the stages: read and decode (`load`), prefilter, scan (the file kind's
scanner), match (the rule table), filter (suppressions in comments).

`check_source` is a pure function of a file's text (and of the SDK versions the manifests above
its path pin, where a finding's fix writes a name through an SDK's types: pins/). A file that cannot be read, decoded or
parsed gives one parse-error finding. Running it over many files is the application layer's
business (migrator/app).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from . import kinds
from .apimodel import ApiModel
from .discover import SourceFile
from .filters import filtered
from .fix.intents import resolve
from .match import match_file
from .prefilter import candidate, spot_lines
from .spelling import PLAIN, Spelling
from .ruletable import Rule, RuleTable
from .source import DecodeError, Encoding, LineIndex, decode, is_binary
from .source.regular import read_regular, too_large
from .values import Cell, Finding, Found, Reported, ScanError, Span

PARSE_ERROR = ("MIG999", "parse-error")


def check_source(
    text: str, kind: str, filename: str, rules: Sequence[Rule], table: RuleTable, path: str | None = None,
    spots: Sequence[int] | None = None,
) -> Found:
    """Findings for one file's text, each with the touch it was made from: scan it into touches,
    match them, resolve their fixes, hold back those writing a name the SDK release pinned above
    ``path`` lacks (pins/; no ``path``: none is), drop suppressed ones and report suppressions that
    suppress nothing (filters.py). With ``spots`` (`Loaded.spots`), a scanner that can visits only
    the code around them."""
    lines = kinds.by_name(kind).lines(text)
    try:
        touches = kinds.by_name(kind).scan(text, table.model, spots)
    except ScanError as exc:
        return Found((parse_error(filename, exc, lines),), (None,))
    except RecursionError:
        return Found((parse_error(filename, ScanError("nested too deeply to check")),), (None,))
    matched = resolve(match_file(touches, rules, filename, lines, table))
    if kinds.by_name(kind).sdk:  # a kind with no SDK has no pin to hold its fixes back: pins/ is not imported
        from .pins.hold import held_back

        matched = held_back(matched, kind, path, table)
    found = filtered(matched, text, kinds.by_name(kind), lines, rules, table, filename)
    return in_cells(found, text, kinds.by_name(kind))


def in_cells(found: Found, text: str, kind: kinds.FileKind) -> Found:
    """The findings of a notebook, each with the cell it starts in and its row and column there
    (values.Cell: reports tell it as ruff does); other files' as they are."""
    cells = [r for r in kind.regions(text) if r.cell is not None] if kind.regions is not None and found.findings else []
    if not cells:
        return found
    out = []
    for finding in found.findings:
        region = next((r for r in cells if r.span[0] <= finding.range[0] < r.span[1]), None)
        at = region.where.back(finding.range[0]) if region is not None else None
        if at is None:
            out.append(finding)
            continue
        inside = LineIndex(region.text).span(at, at).start
        out.append(replace(finding, cell=Cell(region.cell, inside.row, inside.column)))
    return Found(tuple(out), found.touches)


def parse_error(filename: str, exc: ScanError, lines: LineIndex | None = None, what: str = "file") -> Finding:
    if exc.offset is not None and lines is not None:
        span = lines.span(exc.offset, exc.offset)
    else:
        span = Span.of(exc.row, exc.column, exc.row, exc.column)
    return Finding(
        code=PARSE_ERROR[0],
        name=PARSE_ERROR[1],
        item=None,
        message=(f"could not parse this file, so it was not checked: {exc.message}" if what == "file" else
                 f"could not read this {what}, so its files were not checked: {exc.message}"),
        severity="high",
        evidence="typed",
        filename=filename,
        span=span,
    )


def crash_finding(source: SourceFile) -> Finding:
    """The finding of a file whose checking killed the process (a crash in a C parser)."""
    return parse_error(source.display, ScanError("the process checking it crashed"))


@dataclass(frozen=True)
class Loaded:
    """A file read for checking: its bytes and, when it can be checked, its text and encoding;
    otherwise the parse-error finding that says why not."""

    data: bytes
    text: str | None = None
    encoding: Encoding = Encoding()
    error: Finding | None = None
    spots: tuple[int, ...] | None = None  # the lines where a rule's tokens stand, for a kind that scans around them


def load(source: SourceFile, rules: Sequence[Rule], max_size: int | None = None,
         spelling: Spelling = PLAIN, model: ApiModel | None = None) -> Loaded | None:
    """The file, read and decoded for check and fix alike; None when no rule can match it (the
    prefilter, which looks for each token in ``spelling``, the file kind's ways of writing it:
    `RuleTable.spellings`, and with ``model`` a record's name only where the model can match it)
    or it is binary. For a kind whose scanner scans around them, the lines where the tokens stand
    (`Loaded.spots`). A file in a wide encoding (UTF-16, UTF-32) is decoded before
    the prefilter looks for tokens, so it is never passed over unread. A file larger than
    ``max_size`` bytes is not read: its finding says so. Only a regular file is read (a FIFO
    named like a source file would block, a device never end). The fallback reader of files no
    other kind claims (kinds/other.py) reads only what it can: a file it cannot read, a file
    over the size limit or one that does not decode is passed over as a binary file is (none
    of them was read before that reader existed)."""
    if source.problem is not None:
        return Loaded(b"", error=parse_error(source.display, ScanError(source.problem), what="directory"))
    kind = kinds.by_name(source.kind)
    try:
        data = read_regular(source.path, max_size)
    except OSError as exc:
        if kind.fallback:
            return None
        return Loaded(b"", error=parse_error(source.display, ScanError(f"cannot read: {exc.strerror or exc}")))
    except ScanError as exc:
        return None if kind.fallback else Loaded(b"", error=parse_error(source.display, exc))
    return decoded(data, source.display, kind, rules, spelling, model)


def decoded(data: bytes, display: str, kind: kinds.FileKind, rules: Sequence[Rule],
            spelling: Spelling = PLAIN, model: ApiModel | None = None) -> Loaded | None:
    """A file's bytes, prefiltered and decoded as `load` does it; for bytes in hand (standard
    input: `load_data`) too."""
    wide = b"\0" in data or data.startswith((b"\xff\xfe", b"\xfe\xff"))
    if not wide and not candidate(data, rules, spelling, model):
        return None
    try:
        text, encoding = decode(data, cookie=kind.cookie)
    except DecodeError as exc:
        if kind.fallback or is_binary(data):
            return None
        return Loaded(data, error=parse_error(display, ScanError(exc.reason)))
    searched = text.encode("utf-8") if wide else data
    if wide and not candidate(searched, rules, spelling, model):
        return None
    spots = spot_lines(searched, rules, spelling, model) if kind.scans_around and model is not None else None
    return Loaded(data, text, encoding, spots=spots)


def load_data(data: bytes, display: str, kind: str, rules: Sequence[Rule], max_size: int | None = None,
              spelling: Spelling = PLAIN, model: ApiModel | None = None) -> Loaded | None:
    """`load` for a file's bytes in hand, not read from disk (``--stdin-filename``)."""
    if max_size is not None and len(data) > max_size:
        return _over_limit(display, kind, len(data), max_size)
    return decoded(data, display, kinds.by_name(kind), rules, spelling, model)


def load_text(text: str, display: str, kind: str, rules: Sequence[Rule], max_size: int | None = None,
              spelling: Spelling = PLAIN, model: ApiModel | None = None) -> Loaded | None:
    """`load` for a text in hand (an editor's buffer: decoded already), prefiltered by its UTF-8
    bytes; None when no rule can match it. It has no spots: it is scanned whole."""
    data = text.encode("utf-8", "surrogatepass")
    if max_size is not None and len(data) > max_size:
        return _over_limit(display, kind, len(data), max_size)
    return Loaded(data, text) if candidate(data, rules, spelling, model) else None


def _over_limit(display: str, kind: str, size: int, max_size: int) -> Loaded | None:
    """A file over the size limit, as `load` answers for one: passed over by the fallback reader."""
    return None if kinds.by_name(kind).fallback else Loaded(b"", error=parse_error(display, too_large(size, max_size)))


def check_loaded(loaded: Loaded, kind: str, display: str, rules: Sequence[Rule], table: RuleTable,
                 path: str | None = None) -> Found:
    """The findings of a file read by `load` (or `load_data`, `load_text`): its error, else its
    text's (``path``: where the file is, for the SDK pins above it)."""
    if loaded.error is not None or loaded.text is None:
        return Found((loaded.error,), (None,)) if loaded.error is not None else Found()
    return check_source(loaded.text, kind, display, rules, table, path, loaded.spots)


def as_reported(found: Found, kind: str, text: str | None) -> list[Reported]:
    """A file's findings as a report shows them (values.Reported), made where its text is: each
    made from a touch with the line of ``text`` it starts on, each with the file's kind; without
    a text (a file that could not be read or decoded: its error), with neither."""
    if text is None:
        return [Reported.of(f) for f in found.findings]
    touched = any(t is not None for t in found.touches)
    return found.reported(kind, kinds.by_name(kind).lines(text) if touched else None)


Then = Callable[[str, Found], Found]  # what a caller does with the findings of a text read (fix/edits.filled)


def check_file(source: SourceFile, rules: Sequence[Rule], table: RuleTable, max_size: int | None = None,
               then: Then | None = None) -> tuple[bool, list[Reported]]:
    """(whether the file was scanned, its findings as a report shows them). Reading and decoding
    errors are findings. ``then(text, found)`` gives the findings of a file that was read
    (fix/edits.filled fills in the fixes' edits from that text)."""
    loaded = load(source, rules, max_size, table.spelling(source.kind), table.model)
    if loaded is None:
        return False, []
    return True, check_read(source, loaded, rules, table, then)


def check_read(source: SourceFile, loaded: Loaded, rules: Sequence[Rule], table: RuleTable,
               then: Then | None = None) -> list[Reported]:
    """`check_loaded` for a file `load` read from its path (in a worker, or the parent's
    `app/check.prefiltered`), then ``then(text, found)``, as a report shows them."""
    found = check_loaded(loaded, source.kind, source.display, rules, table, os.fspath(source.path))
    if then is not None and loaded.error is None and loaded.text is not None:
        found = then(loaded.text, found)
    return as_reported(found, source.kind, loaded.text if loaded.error is None else None)
