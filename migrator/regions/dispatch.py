"""One dispatcher for every region: scan, fix and parse check, whatever its host.

- Scan: the region's kind reads its text (given the host's ``scope``); its touches are moved
  into the host's offsets (move.py). A region its kind cannot parse (a doc snippet with ``...``)
  is read for endpoint URLs only (kinds/other.py), never reported as a parse error: MIG999 is for
  a host that cannot be read.
- Fix: a finding in a region is fixed by the region's kind, on the region's text, under the
  applicability rules of that kind (the fix intents' halves of its syntax family); each edit is
  written back into the host through the piece of the region it falls in (fix/text/host.py),
  the way that piece writes text (a YAML scalar's quoting, a Markdown list item's indentation,
  make's ``$$``), and checked to read back as intended. An edit across two pieces or on a
  placeholder is not made.
- Parse check: after a fix, each region that parsed before still parses as its kind.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence

from .. import kinds
from ..model import Edit, Finding, ScanError, Touch
from . import Region
from ..source.maps import span
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
    return [moved(t, region.where, region.exact) for t in read(region, model)[1]]


def scan_all(regions: Iterable[Region], model) -> list[Touch]:
    """The touches of a host's regions, each once: two regions holding the same text (a YAML
    anchor two CI jobs share) give its touches once."""
    seen, out = set(), []
    for region in regions:
        for touch in scan(region, model):
            key = (touch.kind, touch.name, touch.range, touch.context, touch.record, touch.evidence, touch.syntax)
            if key not in seen:
                seen.add(key)
                out.append(touch)
    return out


def edits(text: str, findings: Sequence[Finding], regions: Sequence[Region]) -> dict[Finding, tuple[Edit, ...]]:
    """The host edits of each finding that lies in one of the regions. A region read by a kind
    whose fixes are text edits (shell, JSON, endpoint URLs: ``family`` text) is fixed where it
    lies: its pieces are the text fixer's hosts. Any other (Python, the client languages) is fixed
    by its kind on its text, and the edits written back piece by piece."""
    from ..ruletable import load_table

    in_place: list[Region] = []
    rewritten: list[tuple[Region, str, list[Touch]]] = []
    for region in regions:
        if not region.pieces:
            continue
        if kinds.by_name(region.kind).family == "text":
            in_place.append(region)
            continue
        reader, touches = read(region, load_table().model)
        if kinds.by_name(reader).family == "text":
            in_place.append(region)
        else:
            rewritten.append((region, reader, touches))
    out: dict[Finding, tuple[Edit, ...]] = {}
    if in_place:
        from ..fix.text.fixer import region_edits

        out.update(region_edits(text, list(findings), in_place))
    if rewritten:
        out.update(_rewritten(text, findings, rewritten))
    return {f: e for f, e in out.items() if not _on_placeholder(e, regions)}


def _rewritten(text: str, findings: Sequence[Finding], read_regions: list[tuple[Region, str, list[Touch]]]
               ) -> dict[Finding, tuple[Edit, ...]]:
    """Each finding goes with the touch of a region that moves onto its own; the region's kind
    makes its edits on the region's text, written back into the host."""
    from dataclasses import replace

    wanted: dict[Touch, list[Finding]] = defaultdict(list)
    for finding in findings:
        if finding.touch is not None:
            wanted[finding.touch].append(finding)
    out: dict[Finding, tuple[Edit, ...]] = {}
    for region, reader, touches in read_regions:
        group = {replace(found, touch=touch): found  # the finding in the region's offsets → the host's
                 for touch in touches for found in wanted.pop(moved(touch, region.where, region.exact), ())}
        if not group:
            continue
        writer = _Writer(text, region)
        for finding, region_edits in kinds.by_name(reader).edits(region.text, list(group)).items():
            host_edits = writer.write(region_edits)
            if host_edits:
                out[group[finding]] = host_edits
    return out


def _on_placeholder(host_edits: tuple[Edit, ...], regions: Sequence[Region]) -> bool:
    """Whether an edit touches a placeholder of a region (the host's template syntax)."""
    for region in regions:
        for start, end in region.placeholders:
            a, b = span(region.where, start, end)
            if any(e.start < b and a < e.end or (e.start == e.end and a < e.start < b) for e in host_edits):
                return True
    return False


class _Writer:
    """Region edits written into the host through the pieces they fall in; a piece's host is
    made once."""

    def __init__(self, text: str, region: Region):
        self.text, self.region = text, region
        self.hosts: dict[int, object] = {}

    def write(self, region_edits: Sequence[Edit]) -> tuple[Edit, ...] | None:
        from ..fix.text.host import writer_of

        by_piece: dict[int, list[tuple[int, int, str]]] = defaultdict(list)
        for edit in region_edits:
            piece = self.region.piece_at(edit.start, edit.end)
            if piece is None:
                return None
            by_piece[piece.start].append((edit.start - piece.start, edit.end - piece.start, edit.content))
            if piece.start not in self.hosts:
                self.hosts[piece.start] = writer_of(self.text, piece)
        out: list[tuple[int, int, str]] = []
        for key, value_edits in by_piece.items():
            host = self.hosts[key]
            host_edits = host.written(value_edits) if host is not None else None
            if host_edits is None:
                return None
            out.extend(host_edits)
        return tuple(Edit(new, start, end) for start, end, new in sorted(out))


def parse_problem(before: Sequence[Region], after: Sequence[Region]) -> str | None:
    """Why a host's regions no longer parse after a fix: a region that parsed as its kind before
    does not now, or the fix made or took away a region."""
    if len(before) != len(after):
        return f"the fixes changed how many regions the file holds ({len(before)} → {len(after)})"
    for old, new in zip(before, after):
        kind = kinds.by_name(new.kind)
        if old.text != new.text and kind.parse_problem(new.text) and not kind.parse_problem(old.text):
            return f"{kind.title or kind.name} at offset {new.span[0]}: {kind.parse_problem(new.text)}"
    return None
