"""One dispatcher for every region: scan, fix and parse check, whatever its host. Its fix half is
fix/regions.py, in the fix layer (``check`` never imports a fixer).

- Scan: the region's kind reads its text (given the host's ``scope``); its touches are moved
  into the host's offsets (move.py). A region its kind cannot parse (a doc snippet with ``...``)
  is read for endpoint URLs only (kinds/other.py), never reported as a parse error: MIG999 is for
  a host that cannot be read.
- Fix (fix/regions.py): a finding in a region is fixed by the region's kind, under the
  applicability rules of that kind (the fix intents' halves of its syntax family); each edit is
  written back into the host through the piece of the region it falls in (fix/text/host.py),
  the way that piece writes text (a YAML scalar's quoting, a Markdown list item's indentation,
  make's ``$$``), and checked to read back as intended. An edit across two pieces or on a
  placeholder is not made.
- Parse check: after a fix, each region that parsed before still parses as its kind.
"""

from __future__ import annotations

from collections.abc import Iterable

from .. import kinds
from ..values import ScanError, Touch
from . import Region
from .move import moved

FALLBACK = "other"  # the reader of a region its kind cannot parse: endpoint URLs only


def read(region: Region, model) -> tuple[str, list[Touch]]:
    """(the kind that read the region, its touches in the region's offsets)."""
    kind = kinds.by_name(region.kind)
    try:
        return kind.name, kind.scan_in(region.text, model, region.scope)
    except (ScanError, RecursionError):
        return FALLBACK, kinds.by_name(FALLBACK).scan(region.text, model)


def scan(region: Region, model) -> list[Touch]:
    """The region's touches, in the host's offsets."""
    return [moved(t, region.where, region.exact, region.embedded) for t in read(region, model)[1]]


def scan_all(regions: Iterable[Region], model) -> list[Touch]:
    """The touches of a host's regions, each once: two regions holding the same text (a YAML
    anchor two CI jobs share) give its touches once."""
    seen, out = set(), []
    for region in regions:
        for touch in scan(region, model):
            key = (touch.role, touch.name, touch.range, touch.context, touch.record, touch.evidence, touch.syntax)
            if key not in seen:
                seen.add(key)
                out.append(touch)
    return out


def parse_problem(name: str, text: str, before: str) -> str | None:
    """Why a fixed text of a kind no longer parses: its own parse check, and for a host, each
    region that parsed as its kind before the fix (``before``) must parse after it; a fix may not
    make or take away a region."""
    kind = kinds.by_name(name)
    problem = kind.parse_problem(text)
    if problem is not None or kind.regions is None:
        return problem
    old_regions, new_regions = kind.regions(before), kind.regions(text)
    if len(old_regions) != len(new_regions):
        return f"the fixes changed how many regions the file holds ({len(old_regions)} → {len(new_regions)})"
    for old, new in zip(old_regions, new_regions):
        if old.text == new.text or kinds.by_name(old.kind).parse_problem(old.text) is not None:
            continue
        problem = parse_problem(new.kind, new.text, old.text)
        if problem is not None:
            return f"the {kinds.by_name(new.kind).title or new.kind} at offset {new.span[0]}: {problem}"
    return None
