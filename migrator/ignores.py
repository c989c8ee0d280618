"""Which walked files .gitignore leaves out, decided the way git decides it.

Inside a git work tree, git itself is asked once per repository: ``git ls-files --ignored
--exclude-standard`` lists every path its ignore rules match (nested .gitignore files,
.git/info/exclude, the user's global excludes, exactly as git applies them, in linear time; an
ignored directory is one entry). As in ruff, a tracked file that a rule matches is left out too.
git lists no FIFOs or devices, so about those git is asked one by one. git's warnings (an
unreadable .gitignore) become notes on stderr.

Outside a work tree, or where git is missing or refuses the repository (another user's, in
git's "dubious ownership" sense), the .gitignore files from the repository root (or the file
system root) down are matched with pathspec on its RE2 backend, whose regular expressions run in
linear time, so no pattern can make matching backtrack. A line git would ignore (``[z-a]``, a
lone ``\\`` or ``!``) is ignored here too, and an unreadable .gitignore is named in a note.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pathspec and subprocess are imported where used: files named on the command
    import pathspec  # line (a pre-commit run) need neither
    from pathspec.patterns.gitignore.spec import GitIgnoreSpecPattern

GIT = ("git", "-c", "core.fsmonitor=false")
# Every path an ignore rule matches: tracked files too (as ruff, a tracked file that .gitignore
# matches is not checked), untracked directories as one entry ending in "/".
LIST_IGNORED = ("ls-files", "-z", "--cached", "--others", "--ignored", "--exclude-standard", "--directory")
GIT_TIMEOUT = 300  # seconds; a repository git cannot list in that time is matched by patterns
# The variables that point git at a repository (``git rev-parse --local-env-vars``): a pre-commit
# hook runs with some set for the outer repository; each work tree is asked about itself.
LOCAL_ENV = ("GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_CONFIG", "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT",
             "GIT_OBJECT_DIRECTORY", "GIT_DIR", "GIT_WORK_TREE", "GIT_IMPLICIT_WORK_TREE", "GIT_GRAFT_FILE",
             "GIT_INDEX_FILE", "GIT_NO_REPLACE_OBJECTS", "GIT_REPLACE_REF_BASE", "GIT_PREFIX",
             "GIT_INTERNAL_SUPER_PREFIX", "GIT_SHALLOW_FILE", "GIT_COMMON_DIR")
BACKEND = "re2"  # linear-time matching (google-re2); pathspec's "simple" backend is Python's re


@cache
def repository_of(directory: Path) -> Path | None:
    """The nearest directory at or above this (absolute) one that holds .git (a directory, or the
    file of a worktree or a submodule); each directory is looked at once per process. A .git that
    cannot be looked at (a directory that cannot be searched) counts as none."""
    if os.path.exists(os.path.join(directory, ".git")):
        return directory
    return None if directory.parent == directory else repository_of(directory.parent)


class Listing:
    """What git says it ignores in one work tree: files, and directories (with all below them)."""

    def __init__(self, names: list[str]) -> None:
        self.files = {name for name in names if not name.endswith("/")}
        self.dirs = {name.rstrip("/") for name in names if name.endswith("/")}

    def ignores(self, relative: str, is_dir: bool) -> bool:
        if not is_dir and relative in self.files:
            return True
        path = relative if is_dir else relative.rpartition("/")[0]
        while path:
            if path in self.dirs:
                return True
            path = path.rpartition("/")[0]
        return False


@dataclass(frozen=True)
class _Place:
    """One directory as the ignore rules see it."""

    root: Path | None  # its repository's root
    listing: Listing | None  # what git ignores there; None: match the .gitignore files (chain)
    relative: str  # the directory relative to root, with a trailing "/" ("" at the root)
    prefix: str  # the directory itself, with a trailing "/"
    chain: list[tuple[str, pathspec.GitIgnoreSpec]]


class Ignores:
    """The ignore decisions of one run; ``notes`` collects what could not be read."""

    def __init__(self, notes: list[str] | None = None) -> None:
        self.notes = notes if notes is not None else []
        self._listings: dict[Path, Listing | None] = {}
        self._specs: dict[Path, pathspec.GitIgnoreSpec | None] = {}
        self._chains: dict[Path, list[tuple[str, pathspec.GitIgnoreSpec]]] = {}
        self._places: dict[str, _Place] = {}

    def ignored(self, path: Path, is_dir: bool, unlisted: bool = False) -> bool:
        """Whether git would leave out ``path`` (absolute, in a real directory) in a walk of its
        tree. ``unlisted``: a path git lists under no circumstances (a FIFO, a device), so git is
        asked about it alone."""
        return self.ignored_in(str(path.parent), path.name, is_dir, unlisted)

    def ignored_in(self, directory: str, name: str, is_dir: bool, unlisted: bool = False) -> bool:
        """`ignored` for the entry ``name`` of ``directory`` (absolute and real), whose repository,
        git listing and .gitignore files are worked out once per directory."""
        place = self._places.get(directory) or self._place(directory)
        if place.listing is None:
            full = place.prefix + name + ("/" if is_dir else "")
            return any(spec.match_file(full[len(prefix):]) for prefix, spec in place.chain)
        relative = place.relative + name
        if unlisted and not place.listing.ignores(relative, is_dir):
            return _git(place.root, "check-ignore", "-q", "--no-index", "--", relative) is not None
        return place.listing.ignores(relative, is_dir)

    def _place(self, directory: str) -> _Place:
        here = Path(directory)
        root = repository_of(here)
        listing = self._listing(root) if root is not None else None
        relative = "" if root is None or here == root else here.relative_to(root).as_posix() + "/"
        chain = self._chain(here, root) if listing is None else []
        place = self._places[directory] = _Place(root, listing, relative, here.as_posix().rstrip("/") + "/", chain)
        return place

    def _listing(self, root: Path) -> Listing | None:
        if root not in self._listings:
            out = _git(root, *LIST_IGNORED, notes=self.notes)
            names = out.decode("utf-8", "surrogateescape").split("\0") if out is not None else None
            self._listings[root] = Listing([n for n in names if n]) if names is not None else None
        return self._listings[root]

    def _chain(self, directory: Path, root: Path | None) -> list[tuple[str, pathspec.GitIgnoreSpec]]:
        """The .gitignore files that apply in ``directory``, from the repository root (or the
        file system root) down, each with the prefix its patterns are relative to: worked out
        once per directory, from its parent's."""
        if directory not in self._chains:
            above = [] if directory == root or directory.parent == directory else self._chain(directory.parent, root)
            spec = self._spec(directory)
            prefix = directory.as_posix().rstrip("/") + "/"
            self._chains[directory] = above if spec is None else [*above, (prefix, spec)]
        return self._chains[directory]

    def _spec(self, directory: Path) -> pathspec.GitIgnoreSpec | None:
        if directory not in self._specs:
            self._specs[directory] = self._read(directory / ".gitignore")
        return self._specs[directory]

    def _read(self, ignore: Path) -> pathspec.GitIgnoreSpec | None:
        try:
            if not ignore.is_file():
                return None
            lines = ignore.read_bytes().decode("utf-8", "replace").splitlines()
        except OSError as exc:
            self.notes.append(f"{_shown(ignore)}: cannot read ({exc.strerror}); its patterns are not applied")
            return None
        import pathspec

        return pathspec.GitIgnoreSpec(patterns(lines), backend=BACKEND)


def patterns(lines: list[str]) -> list[GitIgnoreSpecPattern]:
    """The patterns of a .gitignore's lines; a line that is no valid pattern is skipped, as git
    skips it."""
    from pathspec.patterns.gitignore.spec import GitIgnoreSpecPattern

    out = []
    for line in lines:
        try:
            out.append(GitIgnoreSpecPattern(line))
        except (ValueError, re.error):  # pathspec's GitIgnorePatternError is a ValueError
            continue
    return out


def _shown(path: Path) -> str:
    """A path relative to the working directory when it lies below it."""
    relative = os.path.relpath(path)
    return path.as_posix() if relative.startswith("..") else Path(relative).as_posix()


def _git(root: Path, *args: str, notes: list[str] | None = None) -> bytes | None:
    """git's standard output in ``root``, or None when git is missing, refuses or fails."""
    import subprocess

    try:
        done = subprocess.run([*GIT, *args], cwd=root, capture_output=True, timeout=GIT_TIMEOUT,
                              env=_environment(), check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    if notes is not None and done.returncode == 0:
        for line in done.stderr.decode("utf-8", "replace").splitlines():
            if line.startswith("warning: "):
                notes.append(f"git: {line.removeprefix('warning: ')}")
    return done.stdout if done.returncode == 0 else None


def _environment() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in LOCAL_ENV}
    return {**env, "LC_ALL": "C", "GIT_OPTIONAL_LOCKS": "0"}
