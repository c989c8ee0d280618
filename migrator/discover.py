"""Stage: discover. Paths → (file, kind) pairs, skipping what .gitignore and the default
excludes leave out, and telling each file's kind from its name or first bytes."""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pathspec

DEFAULT_EXCLUDES = (
    ".git", ".hg", ".svn", ".venv", "venv", ".tox", ".nox", ".mypy_cache", ".ruff_cache",
    ".pytest_cache", "__pycache__", "node_modules", "site-packages", "__pypackages__",
)
SHELL_SHEBANGS = (b"sh", b"bash", b"dash", b"zsh", b"ksh")


@dataclass(frozen=True)
class SourceFile:
    path: Path
    display: str
    kind: str


def kind_of(path: Path, explicit: bool = False) -> str | None:
    """The file kind from the name (and, for YAML and extension-less files, the first bytes)."""
    name = path.name
    suffix = path.suffix.lower()
    if suffix == ".py":
        return "python"
    if name == ".gitlab-ci.yml" or name.endswith((".gitlab-ci.yml", ".gitlab-ci.yaml")):
        return "ci"
    if suffix in (".sh", ".bash"):
        return "shell"
    if suffix in (".json", ".jsonl", ".ndjson", ".har"):
        return "json"
    if suffix == ".proto":
        return "proto"
    if suffix in (".yml", ".yaml"):
        head = _head(path, 4096)
        if b"interactions:" in head or b"\nresponses:" in head or head.startswith(b"responses:"):
            return "cassette"
        return "ci" if explicit else None
    if not suffix:
        head = _head(path, 128)
        if head.startswith(b"#!"):
            first = head.split(b"\n", 1)[0]
            if b"python" in first:
                return "python"
            words = first.replace(b"/", b" ").split()
            if any(w in SHELL_SHEBANGS for w in words):
                return "shell"
    return None


def _head(path: Path, size: int) -> bytes:
    try:
        with open(path, "rb") as handle:
            return handle.read(size)
    except OSError:
        return b""


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


def discover(paths: list[str], respect_gitignore: bool = True) -> Iterator[SourceFile]:
    ignores = Ignores()
    seen: set[Path] = set()
    for raw in paths:
        root = Path(raw)
        if root.is_file():
            kind = kind_of(root, explicit=True)
            resolved = root.resolve()
            if kind and resolved not in seen:
                seen.add(resolved)
                yield SourceFile(root, raw, kind)
            continue
        pipelines: list[tuple[Path, Path]] = []  # local CI includes: (CI file, repository root)
        for file in _walk(root, ignores if respect_gitignore else None):
            resolved = file.resolve()
            if resolved in seen:
                continue
            kind = kind_of(file)
            if kind:
                seen.add(resolved)
                yield SourceFile(file, _display(file, raw, root), kind)
                if file.name == ".gitlab-ci.yml":
                    pipelines.append((file, file.parent))
        # --- local CI includes (added with the CI scanner): a file that a .gitlab-ci.yml includes
        # --- with `include: local:` is a CI file whatever its name; includes of includes too.
        while pipelines:
            ci_file, base = pipelines.pop(0)
            from .scan.ci import local_includes

            try:
                patterns = local_includes(ci_file.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError):
                continue
            for pattern in patterns:
                try:
                    matches = sorted(base.glob(pattern))
                except (ValueError, NotImplementedError):
                    continue
                for included in matches:
                    resolved = included.resolve()
                    if (resolved in seen or not included.is_file() or not _inside(included, base.resolve())
                            or (respect_gitignore and ignores.ignored(resolved, is_dir=False))):
                        continue
                    seen.add(resolved)
                    pipelines.append((included, base))
                    yield SourceFile(included, _display(included, raw, root), "ci")
        # --- end of local CI includes


def _display(file: Path, raw: str, root: Path) -> str:
    rel = file.relative_to(root).as_posix()
    if raw in (".", "./"):
        return rel
    return f"{raw.rstrip('/')}/{rel}"


def _walk(root: Path, ignores: Ignores | None) -> Iterator[Path]:
    absolute_root = root.resolve()
    for directory, dirnames, filenames in os.walk(root):
        here = Path(directory)
        keep = []
        for name in sorted(dirnames):
            sub = here / name
            if name in DEFAULT_EXCLUDES or sub.is_symlink():
                continue
            if ignores and ignores.ignored(sub.resolve(), is_dir=True):
                continue
            keep.append(name)
        dirnames[:] = keep
        for name in sorted(filenames):
            file = here / name
            if file.is_symlink() and not _inside(file, absolute_root):
                continue
            if ignores and ignores.ignored(file.resolve(), is_dir=False):
                continue
            yield file


def _inside(path: Path, root: Path) -> bool:
    try:
        path.resolve().relative_to(root)
    except ValueError:
        return False
    return True
