"""Maven and Gradle: a pom.xml's dependency (or managed dependency) on ``group:artifact``, its
``${property}`` version set in the pom or a pom above it; a build.gradle or build.gradle.kts
dependency (``"group:artifact:1.2.3"``, ``group: 'g', name: 'a', version: 'v'`` or with ``=``),
its ``$variable`` set in the build file or a gradle.properties here or above; a version catalog,
gradle/libs.versions.toml (its ``[libraries]`` entry for the module, ``version.ref`` into
``[versions]``). A dependency with no version (a parent's or a platform's) lets the search go on
above; a range's low end counts (``[5.0,6.0)``, ``5.+``)."""

from __future__ import annotations

import re

from . import Directory, Pin
from .versions import lowest

FILES = frozenset({"pom.xml", "build.gradle", "build.gradle.kts", "gradle.properties"})
SUFFIXES: tuple[str, ...] = ()
NESTED = ("gradle/libs.versions.toml",)
BUILDS = ("build.gradle.kts", "build.gradle")
PROPERTY = re.compile(r"^\$\{([\w.\-]+)\}$|^\$([\w.]+)$")


def pinned(here: Directory, names: tuple[str, ...]) -> Pin | None:
    coordinates = [tuple(n.split(":", 1)) for n in names]
    if here.has("pom.xml"):
        found = _pom(here, coordinates)
        if found:
            return found
    for build in BUILDS:
        if here.has(build):
            found = _gradle(here, build, coordinates)
            if found:
                return found
    if here.has(NESTED[0]):
        return _catalog(here, coordinates)
    return None


def _pin(manifest: str, name: str, spec: str | None) -> Pin | None:
    low = lowest(spec.rstrip("!")) if spec else None
    return Pin(manifest, name, spec, low) if spec and low else None


# ---------------------------------------------------------------- Maven
def _pom(here: Directory, coordinates: list[tuple[str, ...]]) -> Pin | None:
    root = here.parsed("pom.xml", "xml")
    for dependency in root.iter("dependency"):
        group, artifact = (dependency.findtext(t, "").strip() for t in ("groupId", "artifactId"))
        spec = dependency.findtext("version", "").strip()
        if (group, artifact) in coordinates and spec:
            resolved = _resolved(here, spec)
            return _pin(here.shown("pom.xml"), f"{group}:{artifact}", resolved) if resolved else None
    return None


def _resolved(here: Directory, spec: str) -> str | None:
    """A version, its ``${property}`` set in this pom's properties or one above (None: never set)."""
    found = PROPERTY.match(spec)
    if found is None:
        return spec
    name = found.group(1) or found.group(2)
    place: Directory | None = here
    while place is not None:
        if place.has("pom.xml"):
            value = place.parsed("pom.xml", "xml").findtext(f"properties/{name}")
            if value and value.strip():
                return value.strip()
        place = place.up()
    return None


# ---------------------------------------------------------------- Gradle
def _gradle(here: Directory, build: str, coordinates: list[tuple[str, ...]]) -> Pin | None:
    text = here.parsed(build, "text")
    for group, artifact in coordinates:
        g, a = re.escape(group), re.escape(artifact)
        joined = re.search(rf"""['"]{g}:{a}:([^'"@]+)['"]""", text)
        named = re.search(rf"""group\s*[:=]\s*['"]{g}['"]\s*,\s*name\s*[:=]\s*['"]{a}['"]\s*,\s*"""
                          rf"""version\s*[:=]\s*['"]([^'"]+)['"]""", text)
        spec = (joined or named).group(1) if joined or named else None
        if spec:
            resolved = _variable(here, text, spec)
            return _pin(here.shown(build), f"{group}:{artifact}", resolved) if resolved else None
    return None


def _variable(here: Directory, text: str, spec: str) -> str | None:
    """``$gitlab4jVersion`` or ``${gitlab4jVersion}``: set in the build file (``val x = "…"``,
    ``x = '…'``, ``set("x", "…")``) or a gradle.properties here or above."""
    found = PROPERTY.match(spec)
    if found is None:
        return spec
    name = (found.group(1) or found.group(2)).rpartition(".")[2]
    n = re.escape(name)
    assigned = re.search(rf"""(?:\b{n}\s*=|set\(\s*['"]{n}['"]\s*,)\s*['"]([^'"$]+)['"]""", text)
    if assigned:
        return assigned.group(1)
    place: Directory | None = here
    while place is not None:
        if place.has("gradle.properties"):
            value = re.search(rf"^\s*{n}\s*[=:]\s*(\S+)\s*$", place.parsed("gradle.properties", "text"), re.MULTILINE)
            if value:
                return value.group(1)
        place = place.up()
    return None


def _catalog(here: Directory, coordinates: list[tuple[str, ...]]) -> Pin | None:
    import tomllib

    from . import Unreadable

    try:
        data = tomllib.loads(here.parsed(NESTED[0], "text"))
    except tomllib.TOMLDecodeError as exc:
        raise Unreadable(here.shown(NESTED[0]), f"not valid TOML: {exc}") from None
    versions = data.get("versions") if isinstance(data.get("versions"), dict) else {}
    for entry in (data.get("libraries") or {}).values() if isinstance(data.get("libraries"), dict) else ():
        spec, module = _library(entry, versions)
        if module in [":".join(c) for c in coordinates]:
            return _pin(here.shown(NESTED[0]), module, spec)
    return None


def _library(entry, versions: dict) -> tuple[str | None, str | None]:
    """(its version, ``group:artifact``) of a catalog's library entry."""
    if isinstance(entry, str):
        parts = entry.split(":")
        return (parts[2] if len(parts) > 2 else None), ":".join(parts[:2])
    if not isinstance(entry, dict):
        return None, None
    module = entry.get("module") or f"{entry.get('group')}:{entry.get('name')}"
    spec = entry.get("version")
    if isinstance(spec, dict):
        spec = versions.get(spec.get("ref")) if "ref" in spec else spec.get("strictly") or spec.get("require")
    return (spec if isinstance(spec, str) else None), module
