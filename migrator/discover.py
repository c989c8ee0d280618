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
from pathlib import Path

from . import kinds
from .ignores import Ignores, repository_of
from .kinds.ci import CiTree, named

DEFAULT_EXCLUDES = (
    ".git", ".hg", ".svn", ".venv", "venv", ".tox", ".nox", ".mypy_cache", ".ruff_cache",
    ".pytest_cache", "__pycache__", "node_modules", "site-packages", "__pypackages__", ".migrator_cache",
)


@dataclass(frozen=True)
class SourceFile:
    path: Path
    display: str
    kind: str
    explicit: bool = False  # named on the command line, not found by walking
    problem: str | None = None  # a directory that could not be read: why (reported as a finding)


Excluded = Callable[[Path, bool, bool], bool]  # (path, is a directory, named explicitly)


def default_excluded(path: Path, is_dir: bool, explicit: bool) -> bool:
    """Without a configuration: walked files and directories named in DEFAULT_EXCLUDES."""
    return not explicit and path.name in DEFAULT_EXCLUDES


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
    for found in _walk(root, raw, ignores, excluded, notes):
        if isinstance(found, SourceFile):
            yield found
            continue
        file, real = found
        kind = kind_of(file, tree) if real not in seen else None
        if kind:
            seen.add(real)
            yield SourceFile(file, _display(file, raw, root), kind)
            if named(file):
                pipelines.append(file)
    for ci_file in pipelines:  # what the walk's CI files include is CI YAML, whatever its name
        for included in tree.add(ci_file, ci_file.parent):
            real = os.path.realpath(included)
            if real in seen or (ignores is not None and ignores.ignored(Path(real), is_dir=False)):
                continue
            seen.add(real)
            yield SourceFile(included, _display(included, raw, root), "ci")


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


def kind_of(path: Path, tree: CiTree, explicit: bool = False) -> str | None:
    """The name of a file's kind; a YAML file that its repository's CI file includes is CI."""
    kind = kinds.kind_of(path, explicit)
    if kind is not None:
        return kind.name
    if path.suffix.lower() in (".yml", ".yaml") and tree.included(path, _repository(path)):
        return "ci"
    return None


def _repository(path: Path) -> Path:
    """The root of the repository holding path (the directory with .git), else its directory."""
    return repository_of(path.absolute().parent) or path.absolute().parent


def _display(file: Path, raw: str, root: Path) -> str:
    rel = file.relative_to(root).as_posix()
    if raw in (".", "./"):
        return rel
    return f"{raw.rstrip('/')}/{rel}"


def _walk(root: Path, raw: str, ignores: Ignores | None, excluded: Excluded,
          notes: list[str]) -> Iterator[tuple[Path, str] | SourceFile]:
    """Regular files under root, in order, each with its real path; a directory that cannot be
    read as a SourceFile with its problem. Each directory is resolved once (``realpath``), not
    once per file: a file that is no symlink resolves to its resolved directory and its name."""
    real_root = os.path.realpath(root)
    errors: list[OSError] = []
    for directory, dirnames, filenames in os.walk(root, onerror=errors.append):
        yield from _unreadable(errors, raw, root)
        here, real_here = Path(directory), os.path.realpath(directory)
        dirnames[:] = [name for name in sorted(dirnames)
                       if _keep_directory(here / name, real_here, ignores, excluded)]
        for name in sorted(filenames):
            file = _regular(here / name, real_here, real_root, ignores, excluded)
            if isinstance(file, str):
                notes.append(f"{_display(here / name, raw, root)}: skipped: {file}")
            elif file is not None:
                yield file
    yield from _unreadable(errors, raw, root)


def _keep_directory(sub: Path, real_here: str, ignores: Ignores | None, excluded: Excluded) -> bool:
    if sub.is_symlink() or excluded(sub, True, False):
        return False
    return ignores is None or not ignores.ignored_in(real_here, sub.name, is_dir=True)


def _regular(file: Path, real_here: str, real_root: str, ignores: Ignores | None,
             excluded: Excluded) -> tuple[Path, str] | str | None:
    """The file and its real path when it is to be checked; why not (for a note) when it is no
    regular file; None when it is left out without a word (excluded, ignored, a symlink out of
    the tree). A link is judged as itself (in its resolved directory), the way git judges it."""
    if excluded(file, False, False):
        return None
    mode, problem = _lstat(file)
    link = mode is not None and stat.S_ISLNK(mode)
    real = os.path.realpath(file) if link else os.path.join(real_here, file.name)
    if link:
        if not Path(real).is_relative_to(real_root):
            return None
        try:
            mode = os.stat(file).st_mode
        except OSError as exc:
            mode, problem = None, _stat_problem(exc)
    listed = link or mode is None or stat.S_ISREG(mode)  # git lists links and regular files only
    if ignores is not None and ignores.ignored_in(real_here, file.name, is_dir=False, unlisted=not listed):
        return None
    if problem is not None or mode is None:
        return problem
    return (file, real) if stat.S_ISREG(mode) else _not_regular(mode)


def _lstat(file: Path) -> tuple[int | None, str | None]:
    """The file's own mode (of the link, for a symlink), or why it cannot be had."""
    try:
        return os.lstat(file).st_mode, None
    except OSError as exc:
        return None, _stat_problem(exc)


def _unreadable(errors: list[OSError], raw: str, root: Path) -> Iterator[SourceFile]:
    """The directories os.walk could not list, as SourceFiles whose problem says why."""
    for exc in errors:
        path = Path(exc.filename)
        display = raw if path == root else _display(path, raw, root)
        yield SourceFile(path, display, "", problem=exc.strerror or str(exc))
    errors.clear()


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
