"""SDK version pins: which release of a client language's SDK a project pins, read from the
closest manifest above a file, up to the repository's root (the directory holding ``.git``).

A fix that writes a name the pinned release lacks is held back (hold.py), as ``--target-version``
holds back a fix whose replacement a GitLab release lacks. Each ecosystem has one reader module
(go.py, npm.py, ruby.py, jvm.py, composer.py, nuget.py): its manifest FILES (and SUFFIXES), and
``pinned(here, names)``, the pin one directory's manifests give one of the package's names, None
when they name none of them (the search goes on above), or NOT_PINNED when that directory
decides that nothing is pinned (a go.mod that requires no such module: a module's boundary).

Cheap: manifests are looked for only for a file with a fixable finding read through an SDK's
types, each directory's listing and each manifest's parse are kept (for as long as their stamps
hold: a long-lived process sees a changed go.mod), and the result cache keys each file on the
stamps of the manifests that could pin it (`Stamps`), so a changed manifest checks its files
again. A manifest that cannot be read is a warning naming it, once, and then nothing is held back.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from importlib import import_module
from typing import Any

READERS = {"go": "go", "npm": "npm", "rubygems": "ruby", "maven": "jvm", "composer": "composer", "nuget": "nuget"}
MAX_BYTES = 64 * 1024 * 1024  # a lock file of a large monorepo, not more
Stamp = tuple[int, int, int, int]


@dataclass(frozen=True)
class Package:
    """An SDK as its ecosystem names it (rules/model/<sdk>.yaml ``package:``); ``moved``: an old
    name → its last release (the Go client's github.com/xanzy/go-gitlab, v0.115.0)."""

    ecosystem: str
    names: tuple[str, ...]
    moved: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Pin:
    """What a manifest pins: ``spec`` as written (``^39.0.0``, ``v0.50.0``), ``version`` the lowest
    release it admits (the same for an exact pin); ``itself``: the manifest is the SDK's own (its
    source declares the names a fix would write, whatever release it becomes)."""

    manifest: str
    name: str
    spec: str
    version: str
    itself: bool = False


NOT_PINNED = Pin("", "", "", "")


class Unreadable(Exception):
    def __init__(self, path: str, reason: str):
        super().__init__(f"{path}: {reason}")
        self.path, self.reason = path, reason


def reader(ecosystem: str) -> Any:
    return import_module(f"{__name__}.{READERS[ecosystem]}")


# ---------------------------------------------------------------- files, read once while unchanged
_LISTINGS: dict[str, tuple[int, frozenset[str]]] = {}
_PARSED: dict[tuple[str, str], tuple[Stamp, Any]] = {}


def stamp(path: str) -> Stamp | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino


def listing(directory: str) -> frozenset[str]:
    """The names in a directory (kept while its modification time holds)."""
    try:
        changed = os.stat(directory).st_mtime_ns
        kept = _LISTINGS.get(directory)
        if kept is None or kept[0] != changed:
            kept = _LISTINGS[directory] = (changed, frozenset(os.listdir(directory)))
    except OSError:
        return frozenset()
    return kept[1]


class Directory:
    """One directory on the way up from a file, for a reader: which manifests it holds, each read
    and parsed once (a file that cannot be read or parsed raises Unreadable, naming it)."""

    def __init__(self, path: str):
        self.path = path
        self.names = listing(path)

    def has(self, name: str) -> bool:
        return name in self.names if "/" not in name else os.path.isfile(self.file(name))

    def file(self, name: str) -> str:
        return os.path.join(self.path, name)

    def shown(self, name: str) -> str:
        """A manifest as the message shows it: relative to the working directory when under it."""
        relative = os.path.relpath(self.file(name))
        return self.file(name) if relative.startswith("..") else relative

    def parsed(self, name: str, how: str) -> Any:
        """The file parsed as ``how``: text, json, yaml or xml (kept while its stamp holds)."""
        path = self.file(name)
        found = stamp(path)
        kept = _PARSED.get((path, how))
        if kept is not None and kept[0] == found:
            return kept[1]
        value = _parse(self.shown(name), _read(path, self.shown(name)), how)
        if found is not None:
            _PARSED[(path, how)] = (found, value)
        return value

    def up(self) -> Directory | None:
        """The parent directory, or None at the repository's root or the file system's."""
        parent = os.path.dirname(self.path)
        return None if ".git" in self.names or parent == self.path else Directory(parent)


def _read(path: str, shown: str) -> str:
    from pathlib import Path

    from ..values import ScanError
    from ..source.regular import read_regular

    try:
        data = read_regular(Path(path), MAX_BYTES)
        return data.decode("utf-8-sig")
    except ScanError as exc:
        raise Unreadable(shown, exc.message) from None
    except OSError as exc:
        raise Unreadable(shown, f"cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise Unreadable(shown, "not UTF-8 text") from None


def _parse(shown: str, text: str, how: str) -> Any:
    try:
        if how == "json":
            return json.loads(text)
        if how == "yaml":
            import yaml

            return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        if how == "xml":
            return _xml(text)
        return text
    except RecursionError:
        raise Unreadable(shown, "nested too deeply to read") from None
    except Exception as exc:  # noqa: BLE001 - json, yaml and expat each raise their own
        raise Unreadable(shown, f"not valid {how.upper()}: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}") from None


def _xml(text: str) -> Any:
    """A pom.xml or .csproj as an element tree, namespaces dropped from the tags. A document type
    declaration is refused: no manifest needs one, and entities are how XML is made to explode."""
    from xml.etree import ElementTree

    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        raise ValueError("a DOCTYPE or ENTITY declaration, which no manifest needs")
    root = ElementTree.fromstring(text)
    for element in root.iter():
        if isinstance(element.tag, str) and "}" in element.tag:
            element.tag = element.tag.rsplit("}", 1)[1]
    return root


# ---------------------------------------------------------------- the pin of a file
def pin_for(path: str, package: Package) -> Pin | None:
    """What the closest manifest above ``path`` that names the package pins; None when none does,
    it pins no version, or one on the way cannot be read (a warning names it)."""
    from ..userdir import warn

    read = reader(package.ecosystem)
    here: Directory | None = Directory(os.path.dirname(os.path.abspath(path)))
    while here is not None:
        try:
            found = read.pinned(here, package.names)
        except Unreadable as exc:
            warn(f"{exc.path}: cannot read it for the {package.names[0]} version it pins ({exc.reason}); "
                 "fixes are not held back for it", once=True)
            return None
        if found is NOT_PINNED:
            return None
        if found is not None:
            return found
        here = here.up()
    return None


class Stamps:
    """The result cache's part of a file's key (app/cache.py): the stamps of every manifest of the
    ecosystem from the file's directory up to the repository's root, worked out once per
    directory in a run, so a changed, added or removed manifest checks the files it may pin."""

    def __init__(self) -> None:
        self._memo: dict[tuple[str, str], tuple] = {}

    def of(self, directory: str, ecosystem: str) -> tuple:
        key = (directory, ecosystem)
        if key not in self._memo:
            module = reader(ecosystem)
            names = listing(directory)
            own = tuple((name, stamp(os.path.join(directory, name))) for name in sorted(names)
                        if name in module.FILES or name.endswith(module.SUFFIXES))
            own += tuple((name, stamp(os.path.join(directory, name))) for name in getattr(module, "NESTED", ())
                         if os.path.isfile(os.path.join(directory, name)))
            parent = os.path.dirname(directory)
            above = () if ".git" in names or parent == directory else self.of(parent, ecosystem)
            self._memo[key] = ((directory, own), *above) if own else above
        return self._memo[key]
