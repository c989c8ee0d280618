"""Stage: discover. Paths → (file, kind) pairs, skipping what .gitignore and the default
excludes leave out. Each file's kind comes from the registry (migrator/kinds); a YAML file that a
CI file of its tree includes is CI YAML too, whether it is named or walked."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pathspec

from . import kinds
from .kinds.ci import CiTree, named

DEFAULT_EXCLUDES = (
    ".git", ".hg", ".svn", ".venv", "venv", ".tox", ".nox", ".mypy_cache", ".ruff_cache",
    ".pytest_cache", "__pycache__", "node_modules", "site-packages", "__pypackages__",
)


@dataclass(frozen=True)
class SourceFile:
    path: Path
    display: str
    kind: str
    explicit: bool = False  # named on the command line, not found by walking


Excluded = Callable[[Path, bool, bool], bool]  # (path, is a directory, named explicitly)


def default_excluded(path: Path, is_dir: bool, explicit: bool) -> bool:
    """Without a configuration: walked files and directories named in DEFAULT_EXCLUDES."""
    return not explicit and path.name in DEFAULT_EXCLUDES


class Ignores:
    """The .gitignore files that apply below a root, read once per directory."""

    def __init__(self) -> None:
        self._specs: dict[Path, pathspec.PathSpec | None] = {}

    def _spec(self, directory: Path) -> pathspec.PathSpec | None:
        if directory not in self._specs:
            ignore = directory / ".gitignore"
            spec = None
            if ignore.is_file():
                lines = ignore.read_text(encoding="utf-8", errors="replace").splitlines()
                spec = pathspec.GitIgnoreSpec.from_lines(lines)
            self._specs[directory] = spec
        return self._specs[directory]

    def ignored(self, path: Path, is_dir: bool) -> bool:
        """Whether a .gitignore in any directory from the repository root down ignores path."""
        for directory in _ancestors(path):
            spec = self._spec(directory)
            if spec is not None:
                rel = path.relative_to(directory).as_posix() + ("/" if is_dir else "")
                if spec.match_file(rel):
                    return True
        return False


def _ancestors(path: Path) -> list[Path]:
    """Directories above path, up to and including the repository root (the one with .git)."""
    out = []
    for directory in path.parents:
        out.append(directory)
        if (directory / ".git").exists():
            break
    return out[::-1]


def discover(paths: list[str], respect_gitignore: bool = True, excluded: Excluded = default_excluded) -> Iterator[SourceFile]:
    """The files under paths, with their kinds; ``excluded`` leaves out files and prunes
    directories (the configuration's exclude patterns)."""
    ignores = Ignores()
    tree = CiTree()
    seen: set[Path] = set()
    for raw in paths:
        root = Path(raw)
        if root.is_file():
            kind = kind_of(root, tree, explicit=True)
            resolved = root.resolve()
            if kind and resolved not in seen and not excluded(root, False, True):
                seen.add(resolved)
                yield SourceFile(root, raw, kind, explicit=True)
            continue
        pipelines: list[Path] = []
        for file in _walk(root, ignores if respect_gitignore else None, excluded):
            resolved = file.resolve()
            if resolved in seen:
                continue
            kind = kind_of(file, tree)
            if kind:
                seen.add(resolved)
                yield SourceFile(file, _display(file, raw, root), kind)
                if named(file):
                    pipelines.append(file)
        for ci_file in pipelines:  # what the walk's CI files include is CI YAML, whatever its name
            for included in tree.add(ci_file, ci_file.parent):
                resolved = included.resolve()
                if resolved in seen or (respect_gitignore and ignores.ignored(resolved, is_dir=False)):
                    continue
                seen.add(resolved)
                yield SourceFile(included, _display(included, raw, root), "ci")


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
    return _repository_of(path.absolute().parent) or path.absolute().parent


@cache
def _repository_of(directory: Path) -> Path | None:
    """The nearest directory at or above this one that holds .git (each directory asked once)."""
    if (directory / ".git").exists():
        return directory
    return None if directory.parent == directory else _repository_of(directory.parent)


def _display(file: Path, raw: str, root: Path) -> str:
    rel = file.relative_to(root).as_posix()
    if raw in (".", "./"):
        return rel
    return f"{raw.rstrip('/')}/{rel}"


def _walk(root: Path, ignores: Ignores | None, excluded: Excluded) -> Iterator[Path]:
    absolute_root = root.resolve()
    for directory, dirnames, filenames in os.walk(root):
        here = Path(directory)
        keep = []
        for name in sorted(dirnames):
            sub = here / name
            if sub.is_symlink() or excluded(sub, True, False):
                continue
            if ignores and ignores.ignored(sub.resolve(), is_dir=True):
                continue
            keep.append(name)
        dirnames[:] = keep
        for name in sorted(filenames):
            file = here / name
            if file.is_symlink() and not file.resolve().is_relative_to(absolute_root):
                continue
            if excluded(file, False, False):
                continue
            if ignores and ignores.ignored(file.resolve(), is_dir=False):
                continue
            yield file
