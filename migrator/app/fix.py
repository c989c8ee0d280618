"""Use case: fix. Every file under the paths is fixed in memory, in parallel (app/passes.py does
one file's passes); then the changed files are written atomically, or shown as a diff. Files
that resolve outside the given paths are only checked, never written.

A file is written only when its real path lies under one of the paths given on the command line
(`Roots`), so a symlink never leads a write out of the tree; a symlink inside the tree is written
through, so the link stays a link. A file with more than one hard link is left unfixed (replacing
it would leave the other links with the old text).

A file is stamped (source/writes.Stamp) just before it is read, and the stamp travels with its
outcome to the write, which replaces the file only if it is still as read: a file another
program wrote to meanwhile is left with that program's content, named in an error (exit
status 2) and counted as not fixed."""

from __future__ import annotations

import difflib
import os
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from ..checked import FilesChecked
from ..config import FileSettings
from ..discover import SourceFile
from ..source.writes import ChangedUnderneath, Original, Stamp, remove_stale_temporaries, write_atomic
from .passes import fix_text
from ..pipeline import as_reported, load
from ..ruletable import RuleTable, load_table
from ..source import Encoding
from ..values import Reported
from .cache import Lookup, Packed, ResultCache
from .check import check_crashed, check_job, rules_for, shipped, sources_of
from .runner import run_all
from .settings import Settings


class Roots:
    """The trees a fix may write into: each directory given, and each file's own directory.
    A file is looked up by its ancestors (a set lookup each), so pre-commit's ten thousand named
    files cost ten thousand lookups, not a hundred million comparisons."""

    def __init__(self, paths: Iterable[str]):
        self.trees: set[Path] = set()
        for raw in paths:
            path = Path(raw)
            tree = path if path.is_dir() else path.absolute().parent
            self.trees.add(tree.resolve())

    def target(self, path: Path) -> Path | None:
        """The real path to write for a discovered file, or None when it lies outside."""
        real = path.resolve()
        return real if real in self.trees or not self.trees.isdisjoint(real.parents) else None


def links(path: Path) -> int:
    """How many hard links the file has (a fix replaces the file, so the others would keep the
    old text: such a file is left unfixed)."""
    try:
        return os.stat(path).st_nlink
    except OSError:
        return 1


@dataclass
class FileFix:
    """What fix did to one file. ``text`` is None when the file was only checked; ``stamp`` is
    the file's just before it was read (None when it was not read, or not stamped: as_read)."""

    source: SourceFile
    data: bytes = b""
    encoding: Encoding = Encoding()
    text: str | None = None
    new_text: str | None = None
    fixed: int = 0
    findings: list[Reported] = field(default_factory=list)  # as a report shows them
    failure: str | None = None
    error: str | None = None
    scanned: bool = False  # read and checked (not passed over by the prefilter)
    stamp: Stamp | None = None

    @property
    def changed(self) -> bool:
        return self.new_text is not None and self.new_text != self.text


@dataclass
class FixRun:
    """A whole fix run: each file's outcome and the errors (fixes that failed, files that could
    not be written)."""

    outcomes: list[FileFix]
    errors: list[str]
    skipped: list[str] = field(default_factory=list)  # what could not be checked, for stderr
    used: dict[int, FileSettings] = field(default_factory=dict)  # the settings files were checked with

    @property
    def checked(self) -> FilesChecked:
        return FilesChecked.of(o.source.kind for o in self.outcomes if o.source.kind)

    @property
    def changed(self) -> list[FileFix]:
        return [o for o in self.outcomes if o.changed]

    @property
    def fixed(self) -> int:
        return sum(o.fixed for o in self.changed)

    @property
    def remaining(self) -> list[Reported]:
        return sorted((f for o in self.outcomes for f in o.findings), key=lambda f: f.sort_key)


def fix_file(source: SourceFile, settings: FileSettings, table: RuleTable, unsafe: bool, edits: bool = False
             ) -> FileFix:
    """One file fixed in memory; the findings that remain as a report shows them, with ``edits``:
    their fixes' edits in the fixed text filled in."""
    rules = rules_for(source, settings, table)
    stamp = Stamp.take(source.path)  # before reading: a write after it changes the stamp
    loaded = load(source, rules, settings.max_file_size, table.spelling(source.kind), table.model)
    if loaded is None or loaded.error is not None:
        return FileFix(source, findings=[Reported.of(loaded.error)] if loaded else [], scanned=loaded is not None)
    result = fix_text(loaded.text, source.kind, source.display, rules, table, unsafe,
                      keep=lambda f: settings.reports(f, source.path), path=str(source.path))
    found = result.found
    if edits:
        from ..fix.edits import filled

        found = filled(result.text, found, source.kind)
    return FileFix(source, loaded.data, loaded.encoding, loaded.text, result.text, result.fixed,
                   as_reported(found, source.kind, result.text), result.failure, scanned=True, stamp=stamp)


def fix_job(args: tuple[SourceFile, FileSettings, bool, bool], edits: bool = False) -> FileFix:
    """One file fixed in a worker; the findings that remain as they leave it (check.shipped),
    with ``edits``: their fixes' edits in the fixed text filled in."""
    source, settings, unsafe, writable = args
    table = load_table()
    try:
        if not writable:
            outcome = FileFix(source, findings=check_job((source, settings), edits)[1])
        else:
            outcome = fix_file(source, settings, table, unsafe, edits)
    except Exception as exc:  # noqa: BLE001 - one bad file must not stop the run
        return FileFix(source, error=f"{source.display}: internal error while fixing: {type(exc).__name__}: {exc}")
    outcome.findings = shipped([f for f in outcome.findings if settings.reports(f, source.path)])
    return outcome


def fix_crashed(args: tuple[SourceFile, FileSettings, bool, bool]) -> FileFix:
    """A file whose worker process died fixing it: left as it is, with a parse-error finding."""
    source, settings = args[:2]
    return FileFix(source, findings=check_crashed((source, settings))[1])


def fix_paths(paths: Sequence[str], settings: Settings, unsafe: bool, diff: bool = False, edits: bool = False
              ) -> FixRun:
    """Fix every file under paths; write the changed ones unless ``diff``; with ``edits`` (a report
    that shows them), the remaining findings' fixes carry their edits in the fixed text. A file whose cached
    check result (migrator/app/cache.py) has no finding fix would apply is not read again: fix
    would leave it as it is and report those findings."""
    roots, skipped = Roots(paths), []
    cache = ResultCache.open(settings.default, load_table(), settings.cache, edits)
    jobs: list[tuple[SourceFile, FileSettings, bool, bool]] = []
    keys: list[Lookup] = []
    cached: dict[int, FileFix] = {}

    def pending() -> Iterator[tuple[SourceFile, FileSettings, bool, bool]]:
        for source, file_settings in sources_of(paths, settings, skipped):
            job = (source, file_settings, unsafe, writable(source, roots, skipped))
            key, hit = cache.lookup(source, file_settings)
            jobs.append(job)
            keys.append(key)
            if hit is not None and not (job[3] and any(f.fixable(unsafe) for f in hit[1])):
                cached[len(jobs) - 1] = FileFix(source, findings=hit[1])
                continue
            yield job

    ran = iter(run_all(partial(fix_job, edits=True) if edits else fix_job, pending(), settings.jobs,
                       crashed=fix_crashed))
    outcomes = [cached[i] if i in cached else next(ran) for i in range(len(jobs))]
    for i, (job, key, outcome) in enumerate(zip(jobs, keys, outcomes)):
        if i not in cached and job[3] and not outcome.changed and outcome.failure is None and outcome.error is None:
            cache.put(job[0], key, outcome.scanned, Packed(outcome.findings))  # as check keeps them
    cache.save()
    errors = [o.error for o in outcomes if o.error]
    errors += [f"{o.source.display}: not fixed, file left unchanged: {o.failure}" for o in outcomes if o.failure]
    if not diff:
        remove_stale_temporaries({job[0].path.parent for job in jobs})
        for job, outcome in zip(jobs, outcomes):
            if outcome.changed and (message := write(outcome)):
                errors.append(message)
                outcome.findings = check_job(job[:2], edits)[1]  # not written: all its findings remain
    return FixRun(outcomes, errors, skipped, {id(job[1]): job[1] for job in jobs})


def writable(source: SourceFile, roots: Roots, notes: list[str]) -> bool:
    """Whether fix may rewrite the file: it lies in the given trees, and it has one hard link
    (a note says why a file with more is only checked)."""
    if source.problem is not None or roots.target(source.path) is None:
        return False
    if links(source.path) > 1:
        notes.append(f"{source.display}: not fixed: it has {links(source.path)} hard links, "
                     "which a fix would break (the other names would keep the old text)")
        return False
    return True


def write(outcome: FileFix) -> str | None:
    """Write one changed file, if it is still as fix read it; an error message when it could not
    be written or was changed underneath (the file is then left as it is, and its fixes are not
    counted)."""
    path = outcome.source.path.resolve()
    try:
        write_atomic(path, outcome.encoding.encode(outcome.new_text or ""), as_read(path, outcome))
    except ChangedUnderneath as exc:
        if exc.written:
            return f"{outcome.source.display}: fixed, but {exc.how}"
        outcome.new_text = None
        return f"{outcome.source.display}: changed while it was being fixed ({exc.how}); not fixed, left as it is"
    except UnicodeEncodeError as exc:
        outcome.new_text = None
        return (f"{outcome.source.display}: not written: the fix needs characters "
                f"{outcome.encoding.name} cannot hold ({exc.reason})")
    except OSError as exc:
        outcome.new_text = None
        return f"{outcome.source.display}: cannot write: {exc.strerror or exc}"
    return None


def as_read(path: Path, outcome: FileFix) -> Original:
    """The file as it was read, for the write to compare: its stamp from just before the read;
    for a caller that did not stamp it (``--add-noqa``), the stamp it has now, if its bytes are
    still those read."""
    if outcome.stamp is not None:
        return Original(outcome.stamp, outcome.data)
    stamp = Stamp.take(path)
    if stamp is None or path.read_bytes() != outcome.data:
        raise ChangedUnderneath(path)
    return Original(stamp, outcome.data)


def unified_diff(outcome: FileFix) -> str:
    name = outcome.source.display
    lines = difflib.unified_diff(
        (outcome.text or "").splitlines(keepends=True), (outcome.new_text or "").splitlines(keepends=True),
        fromfile=f"a/{name}", tofile=f"b/{name}",
    )
    return "".join(text if text.endswith(("\n", "\r")) else text + "\n\\ No newline at end of file\n"
                   for text in lines)
