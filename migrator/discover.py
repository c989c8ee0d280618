"""Stage: discover. Paths → (file, kind) pairs, skipping what .gitignore (migrator/ignores.py)
and the default excludes leave out. Each file's kind comes from the registry (migrator/kinds); a
YAML file that a CI file of its tree includes is CI YAML too, whether it is named or walked.

Only regular files are ever opened: FIFOs, devices and sockets, and broken or looping symlinks,
are skipped with a note (reading a FIFO blocks; reading /dev/zero never ends). A directory that
cannot be read is not skipped silently: it comes out with its problem, which becomes a finding."""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import Path

from . import kinds
from .ignores import Ignores, repository_of
from .kinds.ci import CiTree, named

DEFAULT_EXCLUDES = (
    ".git", ".hg", ".svn", ".venv", "venv", ".tox", ".nox", ".mypy_cache", ".ruff_cache",
    ".pytest_cache", "__pycache__", "node_modules", "site-packages", "__pypackages__", ".migrator_cache",
    "vendor", "*.min.js",  # third-party and minified code: not the project's to migrate
)
_EXCLUDED_NAMES = frozenset(n for n in DEFAULT_EXCLUDES if "*" not in n)
_EXCLUDED_PATTERNS = tuple(n for n in DEFAULT_EXCLUDES if "*" in n)


@dataclass(frozen=True)
class SourceFile:
    """A file to check: its path, how it is shown, and its file kind."""

    path: Path
    display: str
    kind: str
    explicit: bool = False  # named on the command line, not found by walking
    problem: str | None = None  # a directory that could not be read: why (reported as a finding)


Excluded = Callable[[str | Path, bool, bool], bool]  # (path, is a directory, named explicitly); a walked
# entry's path is absolute and normalised


def default_excluded(path: str | Path, is_dir: bool, explicit: bool) -> bool:
    """Without a configuration: walked files and directories named in DEFAULT_EXCLUDES (a name
    with ``*`` is a pattern, as the configuration's globs read it)."""
    if explicit:
        return False
    name = os.path.basename(path)
    return name in _EXCLUDED_NAMES or any(fnmatchcase(name, p) for p in _EXCLUDED_PATTERNS)


def discover(paths: list[str], respect_gitignore: bool = True, excluded: Excluded = default_excluded,
             notes: list[str] | None = None) -> Iterator[SourceFile]:
    """The files under paths, with their kinds; ``excluded`` leaves out files and prunes
    directories (the configuration's exclude patterns). What is skipped because it cannot be
    checked (FIFOs, devices, sockets, broken or looping symlinks) is told in ``notes``; a
    directory that cannot be read comes out as a SourceFile with its ``problem``."""
    notes = [] if notes is None else notes
    ignores = Ignores(notes) if respect_gitignore else None
    tree = CiTree()
    seen: set[str] = set()
    for raw in paths:
        root = Path(raw)
        mode = _mode(root, raw, notes)
        if mode is not None and stat.S_ISREG(mode):
            kind = kind_of(root, tree, explicit=True)
            real = os.path.realpath(root)
            if kind and real not in seen and not excluded(root, False, True):
                seen.add(real)
                yield SourceFile(root, raw, kind, explicit=True)
        elif mode is not None:
            yield from _tree(root, raw, ignores, excluded, tree, seen, notes)


def _tree(root: Path, raw: str, ignores: Ignores | None, excluded: Excluded, tree: CiTree, seen: set[str],
          notes: list[str]) -> Iterator[SourceFile]:
    pipelines: list[Path] = []
    later: list[tuple[str, SourceFile]] = []  # YAML for the fallback reader, unless a pipeline includes it
    prefix = "" if raw in (".", "./") else raw.rstrip("/") + "/"
    for found in _walk(root, raw, ignores, excluded, notes):
        if isinstance(found, SourceFile):
            yield found
            continue
        file, real, relative = found
        kind = kind_of(file, tree) if real not in seen else None
        if kind and kinds.by_name(kind).fallback and file.suffix.lower() in (".yml", ".yaml"):
            later.append((real, SourceFile(file, prefix + relative, kind)))
        elif kind:
            seen.add(real)
            yield SourceFile(file, prefix + relative, kind)
            if named(file):
                pipelines.append(file)
    for ci_file in pipelines:  # what the walk's CI files include is CI YAML, whatever its name
        for included in tree.add(ci_file, ci_file.parent):
            real = os.path.realpath(included)
            if real in seen or (ignores is not None and ignores.ignored(Path(real), is_dir=False)):
                continue
            seen.add(real)
            yield SourceFile(included, _display(included, raw, root), "ci")
    for real, source in later:
        if real not in seen:
            seen.add(real)
            yield source


def _mode(path: Path, raw: str, notes: list[str]) -> int | None:
    """The mode of a path named on the command line: a directory or a regular file; anything
    else is skipped with a note."""
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        notes.append(f"{raw}: skipped: {_stat_problem(exc)}")
        return None
    if stat.S_ISDIR(mode) or stat.S_ISREG(mode):
        return mode
    notes.append(f"{raw}: skipped: {_not_regular(mode)}")
    return None


def kind_of(path: Path, tree: CiTree, explicit: bool = False, data: bytes | None = None) -> str | None:
    """The name of a file's kind, decided in one order: the kinds' own tests, then the CI include
    graph (a YAML file that its repository's CI file includes is CI), then the fallback reader
    of endpoint URLs (kinds/other.py). ``data``: the file's content, where it is not the disk's."""
    kind = kinds.kind_of(path, explicit, fallback=False, data=data)
    if kind is not None:
        return kind.name
    if path.suffix.lower() in (".yml", ".yaml") and tree.included(path, _repository(path)):
        return "ci"
    kind = kinds.fallback_of(path, explicit, data)
    return kind.name if kind is not None else None


def buffer_kind(path: Path, data: bytes) -> str | None:
    """The kind of a file whose content is ``data``, not the disk's (standard input, an editor's
    buffer, saved or not): from its name and ``data``, and the CI include graph, in which the file
    reads as ``data``. Nothing of the file is read from disk."""
    return kind_of(path, CiTree({path.resolve(): data}), explicit=True, data=data)


def _repository(path: Path) -> Path:
    """The root of the repository holding path (the directory with .git), else its directory."""
    return repository_of(path.absolute().parent) or path.absolute().parent


def _display(file: Path, raw: str, root: Path) -> str:
    rel = file.relative_to(root).as_posix()
    if raw in (".", "./"):
        return rel
    return f"{raw.rstrip('/')}/{rel}"


def _walk(root: Path, raw: str, ignores: Ignores | None, excluded: Excluded,
          notes: list[str]) -> Iterator[tuple[Path, str, str] | SourceFile]:
    """Regular files under root, in order (a directory's files, then its directories, by name:
    os.walk's top-down order), each with its real path and its path relative to root; a
    directory that cannot be read as a SourceFile with its problem. One ``scandir`` per
    directory: an entry's type comes from the directory listing, without a ``stat``. Only the
    root is resolved (``realpath``): the walk follows no link, so below the root a real path is
    its real directory's and its name."""
    real_root = os.path.realpath(root)
    # (directory, its path relative to root with a trailing "/", its real and absolute paths)
    pending = [(os.fspath(root), "", real_root, os.path.abspath(root))]
    while pending:
        directory, relative, real, absolute = pending.pop()
        try:
            with os.scandir(directory) as listing:
                entries = sorted(listing, key=_name)
        except OSError as exc:
            yield _unreadable(exc, raw, root)
            continue
        here = _Here(real, absolute, real_root)
        subdirectories = []
        for entry in entries:
            if _is_dir(entry):  # never a link (pruned): its real path is its real parent's and its name
                if _keep_directory(entry, here, ignores, excluded):
                    subdirectories.append((entry.path, f"{relative}{entry.name}/", os.path.join(real, entry.name),
                                           here.absolute_of(entry.name)))
                continue
            real_file, problem = _regular(entry, here, ignores, excluded)
            if problem is not None:
                notes.append(f"{_display(Path(entry.path), raw, root)}: skipped: {problem}")
            elif real_file is not None:
                yield Path(entry.path), real_file, relative + entry.name
        pending.extend(reversed(subdirectories))


@dataclass(frozen=True)
class _Here:
    """A directory of the walk, resolved once: its real path, its absolute path, the walk's real root."""

    real: str
    absolute: str
    real_root: str

    def absolute_of(self, name: str) -> str:
        return os.path.join(self.absolute, name)


def _name(entry: os.DirEntry) -> str:
    return entry.name


def _is_dir(entry: os.DirEntry) -> bool:
    """Whether os.walk would list the entry as a directory (a link to one included)."""
    try:
        return entry.is_dir()
    except OSError:
        return False


def _keep_directory(entry: os.DirEntry, here: _Here, ignores: Ignores | None, excluded: Excluded) -> bool:
    if entry.is_symlink() or excluded(here.absolute_of(entry.name), True, False):
        return False
    return ignores is None or not ignores.ignored_in(here.real, entry.name, is_dir=True)


def _regular(entry: os.DirEntry, here: _Here, ignores: Ignores | None,
             excluded: Excluded) -> tuple[str | None, str | None]:
    """(the file's real path when it is to be checked, why not when that is told in a note: it is
    no regular file); (None, None) when it is left out without a word (excluded, ignored, a
    symlink out of the tree). A link is judged as itself (in its resolved directory), the way
    git judges it. A regular file that is no link costs no ``stat``: the listing tells its type."""
    if excluded(here.absolute_of(entry.name), False, False):
        return None, None
    link = entry.is_symlink()
    mode, problem = (stat.S_IFREG, None) if not link and _is_file(entry) else _lstat(entry.path)
    real = os.path.realpath(entry.path) if link else os.path.join(here.real, entry.name)
    if link:
        if not Path(real).is_relative_to(here.real_root):
            return None, None
        try:
            mode = os.stat(entry.path).st_mode
        except OSError as exc:
            mode, problem = None, _stat_problem(exc)
    listed = link or mode is None or stat.S_ISREG(mode)  # git lists links and regular files only
    if ignores is not None and ignores.ignored_in(here.real, entry.name, is_dir=False, unlisted=not listed):
        return None, None
    if problem is not None or mode is None:
        return None, problem
    return (real, None) if stat.S_ISREG(mode) else (None, _not_regular(mode))


def _is_file(entry: os.DirEntry) -> bool:
    try:
        return entry.is_file(follow_symlinks=False)
    except OSError:
        return False


def _lstat(file: str) -> tuple[int | None, str | None]:
    """The file's own mode (of the link, for a symlink), or why it cannot be had."""
    try:
        return os.lstat(file).st_mode, None
    except OSError as exc:
        return None, _stat_problem(exc)


def _unreadable(exc: OSError, raw: str, root: Path) -> SourceFile:
    """A directory that could not be listed, as a SourceFile whose problem says why."""
    path = Path(exc.filename)
    display = raw if path == root else _display(path, raw, root)
    return SourceFile(path, display, "", problem=exc.strerror or str(exc))


def _stat_problem(exc: OSError) -> str:
    if exc.errno == errno.ELOOP:
        return "a symlink loop"
    if exc.errno == errno.ENOENT:
        return "a broken symlink"
    return exc.strerror or str(exc)


NOT_REGULAR = ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
               (stat.S_ISSOCK, "a socket"))


def _not_regular(mode: int) -> str:
    what = next((name for test, name in NOT_REGULAR if test(mode)), "an unknown kind of file")
    return f"{what}, not a regular file"
