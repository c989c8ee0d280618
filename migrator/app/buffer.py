"""Use case: one buffer, a file's content in hand instead of on disk (``check --stdin-filename``,
``fix --stdin-filename``, an editor's buffer in ``migrator server``). It is checked and fixed as
the file at its path would be: the kind from the path's name and the buffer's content
(`discover.buffer_kind`), the settings of the closest configuration file above the path, the
excludes only under ``force-exclude`` (as for a file named on the command line, as ruff does).
Nothing of the file is read from disk."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from ..config import FileSettings
from ..discover import SourceFile, buffer_kind
from ..values import Finding, Found
from ..pipeline import Loaded, as_reported, check_loaded, load_data, load_text
from ..ruletable import load_table
from .check import RunResult, rules_for
from .fix import FileFix, FixRun
from .settings import Settings


@dataclass(frozen=True)
class Buffer:
    """A file's content in hand: ``data`` as read (standard input: decoded as the file would be)
    or ``text`` as an editor holds it. ``display`` names it in findings (default: the path)."""

    path: Path
    data: bytes | None = None
    text: str | None = None
    display: str = ""

    @property
    def content(self) -> bytes:
        return self.data if self.data is not None else (self.text or "").encode("utf-8", "surrogatepass")

    @property
    def shown(self) -> str:
        return self.display or str(self.path)


@dataclass(frozen=True)
class BufferCheck:
    """A buffer's kind (None: no kind reads such a file), the settings it is checked with, its
    findings (those the settings report) with the touches a fixer makes their edits from (an
    editor's quick fix: fix/edits.edits_for), and whether the excludes leave it out (force-exclude)."""

    kind: str | None
    settings: FileSettings
    found: Found = Found()
    excluded: bool = False
    loaded: Loaded | None = None  # None: not read (excluded, no kind, passed over by the prefilter)

    @property
    def checked(self) -> bool:
        return self.loaded is not None

    @property
    def findings(self) -> tuple[Finding, ...]:
        return self.found.findings

    def reported(self, found: Found | None = None) -> list:
        """Its findings (or ``found``, the same text's) as a report shows them (values.Reported)."""
        text = self.loaded.text if self.loaded is not None and self.loaded.error is None else None
        return as_reported(self.found if found is None else found, self.kind or "", text)


def check_buffer(buffer: Buffer, settings: Settings, kind: str | None = None) -> BufferCheck:
    """The buffer through the pipeline, as its file would go (``kind``: already decided)."""
    file_settings = settings.for_file(buffer.path)
    kind = kind or buffer_kind(buffer.path, buffer.content)
    if kind is None:
        return BufferCheck(None, file_settings)
    if settings.excluded(buffer.path, False, True):
        return BufferCheck(kind, file_settings, excluded=True)
    table = load_table()
    source = SourceFile(buffer.path, buffer.shown, kind, explicit=True)
    rules = rules_for(source, file_settings, table)
    spelling = table.spelling(kind)
    if buffer.data is not None:
        loaded = load_data(buffer.data, buffer.shown, kind, rules, file_settings.max_file_size, spelling, table.model)
    else:
        loaded = load_text(buffer.text or "", buffer.shown, kind, rules, file_settings.max_file_size, spelling,
                           table.model)
    if loaded is None:
        return BufferCheck(kind, file_settings)
    found = check_loaded(loaded, kind, buffer.shown, rules, table, os.fspath(buffer.path))
    return BufferCheck(kind, file_settings, found.kept(lambda f: file_settings.reports(f, buffer.path)), loaded=loaded)


def fix_buffer(buffer: Buffer, settings: Settings, unsafe: bool, edits: bool = False) -> FileFix:
    """The buffer fixed in memory, as ``fix`` fixes a file: its outcome (``new_text`` None when
    it was only passed through: excluded, of no kind, or with nothing to fix; ``edits``: the
    remaining fixes' edits filled in from the text it left, for a report that shows them)."""
    from .passes import fix_text

    checked = check_buffer(buffer, settings)
    source = SourceFile(buffer.path, buffer.shown, checked.kind or "", explicit=True)
    loaded = checked.loaded
    if loaded is None or loaded.text is None or not any(f.fixable(unsafe) for f in checked.findings):
        return FileFix(source, buffer.content, findings=checked.reported(), scanned=loaded is not None)
    table = load_table()
    rules = rules_for(source, checked.settings, table)
    result = fix_text(loaded.text, source.kind, buffer.shown, rules, table, unsafe,
                      keep=lambda f: checked.settings.reports(f, buffer.path), path=os.fspath(buffer.path))
    found = result.found
    if edits:
        from ..fix.edits import filled

        found = filled(result.text, found, source.kind)
    return FileFix(source, loaded.data, loaded.encoding, loaded.text, result.text, result.fixed,
                   as_reported(found, source.kind, result.text), result.failure, scanned=True)


def filled_in(checked: BufferCheck, edits: bool) -> Found:
    """A buffer's findings, with ``edits`` their fixes' edits filled in (a report that shows them)."""
    if not edits or checked.loaded is None or checked.loaded.text is None:
        return checked.found
    from ..fix.edits import filled

    return filled(checked.loaded.text, checked.found, checked.kind or "")


def check_stdin(filename: str, data: bytes, settings: Settings, edits: bool = False) -> RunResult:
    """``check --stdin-filename``: standard input as the file ``filename``, as a run's result
    (``edits``: the fixes' edits filled in, for a report that shows them)."""
    checked = check_buffer(Buffer(Path(filename), data, display=filename), settings)
    read = checked.kind is not None and not checked.excluded
    sources = [SourceFile(Path(filename), filename, checked.kind, explicit=True)] if read else []
    return RunResult(checked.reported(filled_in(checked, edits)), sources, scanned=int(checked.checked))


def fix_stdin(filename: str, data: bytes, settings: Settings, unsafe: bool, edits: bool = False) -> FixRun:
    """``fix --stdin-filename``: standard input fixed as the file ``filename``, as a run of one
    file that is never written (the caller prints it); ``edits``: the remaining fixes' edits
    filled in from the fixed text (a report that shows them must not read the file on disk)."""
    outcome = fix_buffer(Buffer(Path(filename), data, display=filename), settings, unsafe, edits)
    errors = [f"{filename}: not fixed, left unchanged: {outcome.failure}"] if outcome.failure else []
    return FixRun([outcome], errors)
