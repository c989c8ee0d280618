"""The fix half of the region dispatcher (regions/dispatch.py): the edits of the findings in a
host's regions, each made by its region's kind under that kind's applicability rules and written
back into the host through the piece of the region it falls in, the way that piece writes text;
an edit across two pieces, or on a placeholder (the host's template syntax), is not made."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence

from .. import kinds
from ..values import Edit, Finding, Touch
from ..regions import Region
from ..regions.dispatch import read
from ..regions.move import moved
from ..source.maps import span


def edits(text: str, touches: Mapping[Finding, Touch], regions: Sequence[Region]) -> dict[Finding, tuple[Edit, ...]]:
    """The host edits of each finding that lies in one of the regions. A region whose text lies in
    strings of the host (a CI script's YAML scalars) and whose kind's fixes are text edits (shell:
    ``family`` text) is fixed where it lies, its strings the text fixer's hosts, so that a fix
    knows what each string can hold. Any other region (a fenced block, a recipe; Python, the client
    languages, a host kind in a region) is fixed by its kind on its text, and the edits written
    back piece by piece."""
    from ..ruletable import load_table

    in_place: list[Region] = []
    rewritten: list[tuple[Region, str, list[Touch]]] = []
    for region in regions:
        if not region.pieces:
            continue
        if _in_place(region.kind) and all(p.form in STRING_FORMS for p in region.pieces):
            in_place.append(region)
            continue
        reader, read_touches = read(region, load_table().model)
        rewritten.append((region, reader, read_touches))
    out: dict[Finding, tuple[Edit, ...]] = {}
    if in_place:
        from .text.fixer import region_edits

        out.update(region_edits(text, touches, in_place))
    if rewritten:
        out.update(_rewritten(text, touches, rewritten))
    return {f: e for f, e in out.items() if not _on_placeholder(e, regions)}


STRING_FORMS = ("yaml", "json")  # pieces that are string literals of the host (fix/text/host.py)


def _in_place(name: str) -> bool:
    kind = kinds.by_name(name)
    return kind.family == "text" and kind.regions is None


def _rewritten(text: str, touches: Mapping[Finding, Touch], read_regions: list[tuple[Region, str, list[Touch]]]
               ) -> dict[Finding, tuple[Edit, ...]]:
    """Each finding goes with the touch of a region that moves onto its own; the region's kind
    makes its edits on the region's text, written back into the host."""
    wanted: dict[Touch, list[Finding]] = defaultdict(list)
    for finding, touch in touches.items():
        wanted[touch].append(finding)
    out: dict[Finding, tuple[Edit, ...]] = {}
    for region, reader, read in read_regions:
        group = {found: touch  # the finding, with its touch in the region's offsets
                 for touch in read for found in wanted.pop(moved(touch, region.where, region.exact, region.embedded), ())}
        if not group:
            continue
        writer = _Writer(text, region)
        for finding, region_edits in kinds.by_name(reader).edits(region.text, group).items():
            host_edits = writer.write(region_edits)
            if host_edits:
                out[finding] = host_edits
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
        from .text.pieces import writer_of

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
