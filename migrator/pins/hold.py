"""Hold back a fix that writes a name the pinned SDK release lacks: the finding's fix is shown, not
offered (display-only), and its message says why, as ``--target-version`` holds back a fix whose
replacement a GitLab release lacks (ruletable.gated), so every report, ``--statistics`` and the
fix command treat both alike.

Which names: a fix of a field or parameter touch read through an SDK's types (``Origin.sdk``: a
field of the Go client's ``gitlab.Runner``, a key of gitbeaker's options) writes the name its
rule maps to (fix/intents.written_name); the SDK's data (rules/model/<sdk>.yaml ``added:``) says
which release first has it, as ``record.name`` under ``fields`` or ``params``, and how the SDK
spells it. ``package:`` says what a manifest calls the SDK (pins/__init__.py reads them).
Where a manifest pins the SDK, a name of a later release than the one pinned is held back, and so
is a name no release has (a null version: gitbeaker declares no ``merge_user``, so TypeScript reads
it as ``unknown``). A recording in a file of the SDK's language (a test's mock response) is read
through the SDK too: its keys are held back alike. In the SDK's own source (its go.mod names it as
the module) every such fix is held back: its declarations say which names it has, and they read its
recordings, so a recording's rename waits for theirs. Unpinned or unknown: nothing is held back.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ..loader import DataError
from ..values import Applicability, Finding, Fix
from . import READERS, Package, Pin, pin_for
from .versions import version

if TYPE_CHECKING:
    from ..ruletable import RuleTable

SECTIONS = ("fields", "params", "methods")
ROLE_SECTIONS = {"field": "fields", "param": "params"}


@dataclass(frozen=True)
class Added:
    """Where a name came into an SDK: its first release (None: no release has it), as spelled there."""

    since: str | None
    spelled: str


@dataclass(frozen=True)
class Releases:
    """An SDK's ``package:`` and ``added:`` data; ``checked``: the file suffixes whose compiler
    checks a name against the SDK's declarations (none given: every file of its kinds)."""

    package: Package
    checked: tuple[str, ...] = ()
    added: tuple[tuple[str, tuple[tuple[str, Added], ...]], ...] = ()

    def entry(self, section: str, key: str) -> Added | None:
        return dict(dict(self.added).get(section, ())).get(key)


def releases(table: RuleTable, sdk: str | None) -> Releases | None:
    """The SDK's data, read once per rule table (a table without a digest, a test's, each time)."""
    key = (table.digest, sdk or "")
    if key not in _RELEASES:
        raw = table.data.get(sdk) if sdk else None
        found = releases_of(raw, sdk or "", table.model.records) if sdk and isinstance(raw, dict) \
            and "package" in raw else None
        if not table.digest:
            return found
        _RELEASES[key] = found
    return _RELEASES[key]


_RELEASES: dict[tuple[str, str], Releases | None] = {}


def held_back(findings: list[Finding], kind: str, path: str | None, table: RuleTable) -> list[Finding]:
    """The findings, each whose fix writes a name the pinned SDK lacks held back. Manifests are
    looked for only when a finding's fix would write such a name."""
    from .. import kinds

    data = releases(table, kinds.by_name(kind).sdk) if path else None
    if data is None or (data.checked and not path.lower().endswith(data.checked)):
        return findings
    out, pin, looked = [], None, False
    for finding in findings:
        name = _written(finding)
        added = data.entry(ROLE_SECTIONS[finding.touch.role], f"{finding.touch.record}.{name}") if name else None
        recorded = name is not None and finding.touch.origin.recorded
        if (added is not None or recorded) and not looked:
            pin, looked = pin_for(path, data.package), True
        note = _note(data.package, added, pin) if added is not None else _replayed(pin, name) if recorded else None
        # read through the SDK (its types, or a recording it decodes), or in the SDK's own source
        if note and not (finding.touch.origin.sdk or recorded or pin.itself):
            note = None
        out.append(hold(finding, note) if note else finding)
    return out


def _written(finding: Finding) -> str | None:
    """The name the finding's fix writes in a field or parameter, if it writes one."""
    from ..fix.intents import written_name

    touch, fix = finding.touch, finding.fix
    if touch is None or fix is None or fix.intent is None or fix.applicability == Applicability.DISPLAY_ONLY \
            or touch.role not in ROLE_SECTIONS:
        return None
    return written_name(fix.intent, touch)


def _replayed(pin: Pin | None, name: str) -> str | None:
    """A recording in the SDK's own source is read by its declarations, which a fix does not
    rename (a declared field is display-only): the key moves with them, by hand."""
    if pin is None or not pin.itself:
        return None
    return (f"fix held back: {pin.manifest} is {pin.name} itself, whose own declarations read this recording; "
            f"rename the field there first, then `{name}` here")


def _note(package: Package, added: Added, pin: Pin | None) -> str | None:
    if pin is None:
        return None
    if pin.itself:
        return (f"fix held back: {pin.manifest} is {pin.name} itself, whose own declarations say which names "
                f"it has; rename {added.spelled} there first")
    if added.since is None:
        return (f"fix held back: {pin.manifest} pins {pin.name} {pin.spec}, and no release of it has "
                f"{added.spelled}; change it by hand")
    if version(pin.version) is None or not version(pin.version) < version(added.since):
        return None
    moved = dict(package.moved).get(pin.name)
    where = f" of {package.names[0]}" if moved and version(moved) < version(added.since) else ""
    admits = f" (admitting {pin.version})" if pin.spec != pin.version else ""
    return (f"fix held back: {pin.manifest} pins {pin.name} {pin.spec}{admits}, which lacks {added.spelled} "
            f"(added in {added.since}{where}); upgrade the SDK first")


def hold(finding: Finding, note: str) -> Finding:
    """The finding with its fix shown, not offered, saying why (as a gated rule's is: intent none)."""
    intent = finding.fix.intent
    held = replace(intent, intent="none", applicability="display-only") if intent else None
    return replace(finding, fix=Fix(Applicability.DISPLAY_ONLY, f"{finding.fix.message} ({note})", intent=held))


# ---------------------------------------------------------------- the data, checked as it is loaded
def releases_of(raw: dict[str, Any], where: str, records: Any) -> Releases:
    """An SDK's ``package:`` and ``added:`` as Releases; a DataError names the key that is wrong."""
    package = _package(raw.get("package"), f"{where}: package")
    added = raw.get("added") or {}
    if not isinstance(added, dict) or set(added) - {"checked", *SECTIONS}:
        raise DataError(f"{where}: added: expected a mapping of checked, {', '.join(SECTIONS)}")
    checked = added.get("checked") or []
    if not isinstance(checked, list) or not all(isinstance(s, str) and s.startswith(".") for s in checked):
        raise DataError(f"{where}: added.checked: expected a list of file suffixes (.ts)")
    sections = tuple((s, _entries(added.get(s) or {}, f"{where}: added.{s}", records if s != "methods" else None))
                     for s in SECTIONS)
    return Releases(package, tuple(s.lower() for s in checked), sections)


def _package(raw: Any, where: str) -> Package:
    if not isinstance(raw, dict) or set(raw) - {"ecosystem", "names", "moved"}:
        raise DataError(f"{where}: expected a mapping of ecosystem, names and moved")
    if raw.get("ecosystem") not in READERS:
        raise DataError(f"{where}.ecosystem: {raw.get('ecosystem')!r} is none of {', '.join(READERS)}")
    names, moved = raw.get("names"), raw.get("moved") or {}
    if not isinstance(names, list) or not names or not all(isinstance(n, str) and n for n in names):
        raise DataError(f"{where}.names: expected a list of the names a manifest gives it")
    if not isinstance(moved, dict) or not all(n in names and version(str(v)) for n, v in moved.items()):
        raise DataError(f"{where}.moved: expected a mapping of one of its names to that name's last release")
    return Package(raw["ecosystem"], tuple(names), tuple((n, str(v)) for n, v in moved.items()))


def _entries(raw: Any, where: str, records: Any) -> tuple[tuple[str, Added], ...]:
    if not isinstance(raw, dict):
        raise DataError(f"{where}: expected a mapping of a name to [first release, as the SDK spells it]")
    out = []
    for key, value in raw.items():
        record, _, name = str(key).partition(".")
        if records is not None and (not name or record not in records):
            raise DataError(f"{where}.{key}: expected record.name, with a record of rules/model/api.yaml")
        if not (isinstance(value, list) and len(value) == 2 and isinstance(value[1], str) and value[1]
                and (value[0] is None or (isinstance(value[0], str) and version(value[0])))):
            raise DataError(f"{where}.{key}: expected [first release (null: none has it), as the SDK spells it]")
        out.append((str(key), Added(value[0], value[1])))
    return tuple(out)
