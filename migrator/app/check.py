"""Use case: check. Every file under the paths through the pipeline, in parallel; one file's
internal error is reported and the run goes on."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TYPE_CHECKING

from ..checked import FilesChecked
from ..config import FileSettings
from ..discover import SourceFile, discover
from ..ruletable import Rule, RuleTable, load_table
from ..values import Reported
from .cache import Lookup, Packed, ResultCache
from . import runner
from .runner import Progress, run_all
from .settings import Settings

if TYPE_CHECKING:
    from ..pipeline import Loaded

# A file to check: its source and settings, and the file as the parent read it (`prefiltered`)
Job = tuple[SourceFile, FileSettings] | tuple[SourceFile, FileSettings, "Loaded"]


@dataclass
class RunResult:
    """What a check run found: its findings, the files checked, and what could not be."""

    findings: list[Reported] = field(default_factory=list)
    sources: list[SourceFile] = field(default_factory=list)  # every file checked, as found
    scanned: int = 0
    errors: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # what could not be checked, for stderr
    used: dict[int, FileSettings] = field(default_factory=dict)  # the settings files were checked with

    @property
    def files(self) -> int:
        return len(self.sources)

    @property
    def checked(self) -> FilesChecked:
        return FilesChecked.of(source.kind for source in self.sources)


def check_job(args: Job, edits: bool = False) -> tuple[bool, list[Reported], str | None]:
    """(whether the file was scanned, its findings as a report shows them, an internal error),
    with the file's own settings: its rules, per-file-ignores, min-evidence and size limit; with
    ``edits``, the fixes' edits filled in, in the worker that has the file's text. A job that carries the file
    as `prefiltered` read it is not read again."""
    from ..pipeline import check_file, check_read  # the engine, imported by the first file not answered by the cache

    source, settings, *read = args
    table = load_table()
    then = None
    if edits:
        from ..fix.edits import filled

        then = partial(filled, kind=source.kind)
    rules = rules_for(source, settings, table)
    try:
        if read:
            scanned, findings = True, check_read(source, read[0], rules, table, then)
        else:
            scanned, findings = check_file(source, rules, table, settings.max_file_size, then)
    except Exception as exc:  # noqa: BLE001 - one bad file must not stop the run
        return True, [], f"{source.display}: internal error while scanning: {type(exc).__name__}: {exc}"
    return scanned, [f for f in findings if settings.reports(f, source.path)], None


def prefiltered(source: SourceFile, settings: FileSettings, table: RuleTable) -> Loaded | None:
    """The file read for a job, or None when no rule can match it (the prefilter, run in this
    process: a file no rule can match is never sent to a worker). Its bytes are left out: the
    worker needs only the text."""
    from ..pipeline import load

    loaded = load(source, rules_for(source, settings, table), settings.max_file_size,
                  table.spelling(source.kind), table.model)
    return None if loaded is None else replace(loaded, data=b"")


def _job(source: SourceFile, settings: FileSettings, table: RuleTable, read: list[int]) -> Job | None:
    """A file's job, or None when no rule can match it. This process reads and prefilters the
    files only until their candidates hold enough characters to start a pool (runner.POOL_BYTES):
    the pool's workers read and prefilter the rest, in parallel, and this process does not hold
    what a large run's prefilter needs (Hyperscan: prefilter.KEPT_BYTES). A file it cannot read
    goes to the job unread too: the job reads it again and reports the error."""
    if read[0] >= runner.POOL_BYTES:
        return source, settings
    try:
        loaded = prefiltered(source, settings, table)
    except Exception:  # noqa: BLE001 - the job reads it again and reports the error
        return source, settings
    if loaded is None:
        return None
    read[0] += len(loaded.text or "")
    return source, settings, loaded


def job_size(args: Job) -> int:
    """The characters a job's file holds (what makes the pool worth starting: runner.POOL_BYTES)."""
    read = args[2:]
    return len(read[0].text or "") if read else 1


def unread(args: Job) -> Job:
    """A job without the text read for it: checked again, its file is read again."""
    return args[:2]


def check_crashed(args: Job) -> tuple[bool, list[Reported], str | None]:
    """The result of a file whose worker process died checking it: a parse-error finding."""
    from ..pipeline import crash_finding

    source, settings = args[:2]
    return True, [Reported.of(f) for f in [crash_finding(source)] if settings.reports(f, source.path)], None


def rules_for(source: SourceFile, settings: FileSettings, table: RuleTable) -> tuple[Rule, ...]:
    """The rules a file is checked with: its configuration's, less its per-file-ignores."""
    ignored = settings.ignored_codes(source.path)
    rules = settings.rules(table)
    return tuple(r for r in rules if r.code not in ignored) if ignored else rules


def sources_of(paths: Sequence[str], settings: Settings, notes: list[str] | None = None
               ) -> Iterator[tuple[SourceFile, FileSettings]]:
    """The files to check under paths, as they are found, each with the settings it is checked
    with (the run's baseline file is not one of them); what is skipped (not a regular file, a
    broken or looping symlink) is told in ``notes``."""
    by_directory: dict[str, FileSettings] = {}  # worked out once per directory, not once per file
    baseline = os.path.realpath(settings.baseline) if settings.baseline else None
    for source in discover(list(paths), settings.default.respect_gitignore, settings.excluded, notes):
        if baseline is not None and os.path.realpath(source.path) == baseline:
            continue  # the run's baseline is no code of the project
        directory = os.path.dirname(source.path)
        found = by_directory.get(directory)
        if found is None:
            found = by_directory[directory] = settings.for_file(source.path)
        yield source, found


Entry = tuple[bool, Packed, str | None, bool]  # scanned, findings, internal error, whether to cache it


def check_entry(args: Job, edits: bool = False) -> Entry:
    """`check_job` with the findings as they leave the worker (`shipped`), packed as the cache
    keeps them, once, if they leave the worker."""
    scanned, findings, error = check_job(args, edits)
    return scanned, Packed(shipped(findings)), error, error is None


def shipped(findings: list[Reported]) -> list[Reported]:
    """The findings as they leave the process that has the file's text: as a report shows them
    (values.Reported: no touches, which only the fixers read) and without their fixes' intents,
    which only resolving and the fixers read. A report that shows edits has them filled in by
    now (`check_job`; the cache keeps such entries apart), so nothing asks for them later."""
    return [replace(f, fix=replace(f.fix, intent=None)) if f.fix and f.fix.intent else f for f in findings]


def check_entry_crashed(args: Job) -> Entry:
    """`check_crashed`, never cached: the crash may not happen again (the out-of-memory killer)."""
    scanned, findings, error = check_crashed(args)
    return scanned, Packed(findings), error, False


def check_paths(paths: Sequence[str], settings: Settings, progress: Progress | None = None,
                edits: bool = False) -> RunResult:
    """Check every file under paths; ``progress(done, total)`` is called as files are done.
    Files are handed to the workers as they are found; a file whose cached result is valid
    (migrator/app/cache.py) is not checked again. With ``edits`` (a report that shows them), the
    fixes' edits are made by the workers too."""
    result = RunResult()
    table = load_table()
    cache = ResultCache.open(settings.default, table, settings.cache, edits)
    missed: list[tuple[SourceFile, Lookup]] = []
    read = [0]  # characters of the files this process read for their jobs

    def misses() -> Iterator[Job]:
        for source, file_settings in sources_of(paths, settings, result.skipped):
            result.sources.append(source)
            result.used.setdefault(id(file_settings), file_settings)
            key, hit = cache.lookup(source, file_settings)
            if hit is not None:
                result.scanned += hit[0]
                result.findings.extend(hit[1])
                continue
            handed = _job(source, file_settings, table, read)
            if handed is None:
                cache.put(source, key, False, Packed([]))
                continue
            missed.append((source, key))
            yield handed

    job = partial(check_entry, edits=True) if edits else check_entry
    outcomes = run_all(job, misses(), settings.jobs, progress, check_entry_crashed, job_size, unread)
    for index, ((source, key), (scanned, packed, error, keep)) in enumerate(zip(missed, outcomes)):
        result.scanned += scanned
        result.findings.extend(packed.findings)
        if error:
            result.errors.append(error)
        if keep:
            cache.put(source, key, scanned, packed)
        outcomes[index] = None  # its packed findings: unpacked now, and kept by the cache if it wants them
    cache.save()
    result.findings.sort(key=lambda f: f.sort_key)
    return result
