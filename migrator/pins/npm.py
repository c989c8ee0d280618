"""package.json and its lock file: the closest package.json that depends on the SDK (dependencies,
devDependencies, peerDependencies, optionalDependencies) decides; the version its lock file
(package-lock.json or npm-shrinkwrap.json, yarn.lock, pnpm-lock.yaml, beside it or in a workspace
root above it) resolved for it is exact, else the lowest version the range admits."""

from __future__ import annotations

import os
import re

from . import Directory, Pin
from .versions import lowest, version

FILES = frozenset({"package.json", "package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml"})
SUFFIXES: tuple[str, ...] = ()
SECTIONS = ("dependencies", "devDependencies", "peerDependencies", "optionalDependencies")
LOCKS = ("package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml")


def pinned(here: Directory, names: tuple[str, ...]) -> Pin | None:
    if not here.has("package.json"):
        return None
    manifest = here.parsed("package.json", "json")
    declared = _declared(manifest if isinstance(manifest, dict) else {}, names)
    if not declared:
        return None
    pins = []
    for name, spec in declared:
        locked = _locked(here, name, spec)
        if locked is not None:
            pins.append(locked)
        elif (low := lowest(_npm_spec(spec))) is not None:
            pins.append(Pin(here.shown("package.json"), name, spec, low))
    return min(pins, key=lambda p: version(p.version)) if pins else None


def _declared(manifest: dict, names: tuple[str, ...]) -> list[tuple[str, str]]:
    found = []
    for section in SECTIONS:
        entries = manifest.get(section)
        for name in names:
            spec = entries.get(name) if isinstance(entries, dict) else None
            if isinstance(spec, str):
                found.append((name, spec))
    return found


def _npm_spec(spec: str) -> str:
    """``npm:@gitbeaker/rest@^39`` (an alias) → ``^39``; a tag, a URL or a path stays unreadable."""
    if spec.startswith("npm:"):
        return spec.rpartition("@")[2]
    return "" if re.match(r"^(?:[a-z+]+:|[./~]|github:|file:|link:|workspace:)", spec) else spec


def _locked(here: Directory, name: str, spec: str) -> Pin | None:
    """The version a lock file at or above the package resolved for it."""
    place: Directory | None = here
    while place is not None:
        for lock in LOCKS:
            if place.has(lock):
                where = os.path.relpath(here.path, place.path).replace(os.sep, "/")
                found = READ[lock](place, lock, name, spec, "" if where == "." else where)
                return Pin(place.shown(lock), name, found, found) if found and version(found) else None
        place = place.up()
    return None


def _package_lock(place: Directory, lock: str, name: str, spec: str, where: str) -> str | None:
    data = place.parsed(lock, "json")
    if not isinstance(data, dict):
        return None
    packages = data.get("packages")
    if isinstance(packages, dict):  # lockfileVersion 2 and 3
        for key in (f"{where}/node_modules/{name}" if where else None, f"node_modules/{name}"):
            entry = packages.get(key) if key else None
            if isinstance(entry, dict) and isinstance(entry.get("version"), str):
                return entry["version"]
    entry = (data.get("dependencies") or {}).get(name) if isinstance(data.get("dependencies"), dict) else None
    return entry.get("version") if isinstance(entry, dict) and isinstance(entry.get("version"), str) else None


YARN_ENTRY = re.compile(r'^("?[^\s].*?"?):\s*$')
YARN_VERSION = re.compile(r'^\s+version:?\s+"?([^"\s]+)"?\s*$')


def _yarn_lock(place: Directory, lock: str, name: str, spec: str, where: str) -> str | None:
    """yarn.lock (classic and berry): the entry listing ``name@spec``, else the lowest of its entries."""
    chosen, every, heads = None, [], None
    for line in place.parsed(lock, "text").splitlines():
        if (head := YARN_ENTRY.match(line)) and not line.startswith(" "):
            heads = [h.strip().strip('"') for h in head.group(1).split(",")]
        elif heads and (found := YARN_VERSION.match(line)):
            mine = [h for h in heads if h.rsplit("@", 1)[0] == name]
            if mine:
                every.append(found.group(1))
                wanted = {f"{name}@{spec}", f"{name}@npm:{spec}"}
                chosen = found.group(1) if wanted & set(mine) else chosen
            heads = None
    readable = [v for v in every if version(v)]
    return chosen or (min(readable, key=version) if readable else None)


def _pnpm_lock(place: Directory, lock: str, name: str, spec: str, where: str) -> str | None:
    """pnpm-lock.yaml: the importer's (``where``'s, or the root's) resolved version; else the
    lowest of the packages of that name."""
    data = place.parsed(lock, "yaml")
    if not isinstance(data, dict):
        return None
    importers = data.get("importers") if isinstance(data.get("importers"), dict) else {".": data}
    importer = importers.get(where or ".") or {}
    for section in SECTIONS:
        entries = importer.get(section) if isinstance(importer, dict) else None
        entry = entries.get(name) if isinstance(entries, dict) else None
        text = entry.get("version") if isinstance(entry, dict) else entry
        if isinstance(text, str) and version(text.split("(", 1)[0]):
            return text.split("(", 1)[0]
    found = []
    for key in data.get("packages") or {}:
        bare = str(key).lstrip("/")
        if bare.startswith(f"{name}@") or bare.startswith(f"{name}/"):
            found.append(bare[len(name) + 1:].split("(", 1)[0].split("_", 1)[0])
    readable = [v for v in found if version(v)]
    return min(readable, key=version) if readable else None


READ = {"package-lock.json": _package_lock, "npm-shrinkwrap.json": _package_lock, "yarn.lock": _yarn_lock,
        "pnpm-lock.yaml": _pnpm_lock}
