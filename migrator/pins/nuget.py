"""NuGet: packages.lock.json holds the exact version resolved; else a project file's
``<PackageReference Include="NGitLab" Version="…"/>`` (an attribute or a child element,
``VersionOverride`` too), a version central package management sets in Directory.Packages.props
(``<PackageVersion>``, here or above), or packages.config. A NuGet version is the lowest it
admits (``6.0.0`` is ``>= 6.0.0``); a range's low end (``[6.0,7.0)``); a floating ``6.*``."""

from __future__ import annotations

from . import Directory, Pin
from .versions import lowest, version

FILES = frozenset({"packages.lock.json", "Directory.Packages.props", "packages.config"})
SUFFIXES = (".csproj", ".fsproj", ".vbproj")


def pinned(here: Directory, names: tuple[str, ...]) -> Pin | None:
    wanted = {n.lower(): n for n in names}
    if here.has("packages.lock.json"):
        found = _lock(here, wanted)
        if found:
            return found
    for project in sorted(n for n in here.names if n.endswith(SUFFIXES)):
        for element in here.parsed(project, "xml").iter("PackageReference"):
            name = wanted.get((element.get("Include") or element.get("Update") or "").lower())
            if name is None:
                continue
            spec = _attribute(element, "VersionOverride") or _attribute(element, "Version") or _central(here, name)
            return _pin(here.shown(project), name, spec) if spec else None
    if here.has("packages.config"):
        for element in here.parsed("packages.config", "xml").iter("package"):
            name = wanted.get((element.get("id") or "").lower())
            if name and element.get("version"):
                return _pin(here.shown("packages.config"), name, element.get("version"))
    return None


def _attribute(element, key: str) -> str | None:
    child = element.find(key)
    return element.get(key) or (child.text.strip() if child is not None and child.text else None)


def _central(here: Directory, name: str) -> str | None:
    """The version Directory.Packages.props sets, in the project's directory or above it."""
    place: Directory | None = here
    while place is not None:
        if place.has("Directory.Packages.props"):
            for element in place.parsed("Directory.Packages.props", "xml").iter("PackageVersion"):
                if (element.get("Include") or "").lower() == name.lower():
                    return _attribute(element, "Version")
        place = place.up()
    return None


def _lock(here: Directory, wanted: dict[str, str]) -> Pin | None:
    data = here.parsed("packages.lock.json", "json")
    frameworks = data.get("dependencies") if isinstance(data, dict) else None
    found = []
    for packages in frameworks.values() if isinstance(frameworks, dict) else ():
        for key, entry in packages.items() if isinstance(packages, dict) else ():
            resolved = entry.get("resolved") if isinstance(entry, dict) else None
            if key.lower() in wanted and isinstance(resolved, str) and version(resolved):
                found.append(Pin(here.shown("packages.lock.json"), wanted[key.lower()], resolved, resolved))
    return min(found, key=lambda p: version(p.version)) if found else None


def _pin(manifest: str, name: str, spec: str) -> Pin | None:
    low = lowest(spec)
    return Pin(manifest, name, spec, low) if low else None
