"""Text edits, for every file kind: choosing edits that do not overlap, applying them, and
checking that the result still parses.

An edit replaces the text between two character offsets. The edits of one finding go in together
or not at all; when two findings' edits overlap, the first in file order wins and the other is
tried again on the next pass.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Mapping

from ..values import Edit, Finding


def choose(
    proposals: Mapping[Finding, tuple[Edit, ...]], text: str
) -> list[tuple[Finding, tuple[Edit, ...]]]:
    """The findings whose edits go in on this pass: in file order, skipping any that overlap."""
    taken = _Taken()
    chosen = []
    for finding in sorted(proposals, key=lambda f: f.sort_key):
        edits = proposals[finding]
        ranges = [(min(e.start, len(text)), min(e.end, len(text))) for e in edits]
        if not edits or any(start > end for start, end in ranges):
            continue
        if _overlapping(ranges) or any(taken.clashes(r) for r in ranges):
            continue
        for r in ranges:
            taken.add(r)
        chosen.append((finding, edits))
    return chosen


def _clash(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Overlapping ranges, or two edits at the same start (their order would be a guess)."""
    return a[0] == b[0] or (a[0] < b[1] and b[0] < a[1])


def _overlapping(ranges: list[tuple[int, int]]) -> bool:
    return any(_clash(a, b) for i, a in enumerate(ranges) for b in ranges[i + 1:])


class _Taken:
    """The ranges chosen so far, by start. No two of them clash, so each ends at or before the
    next one starts, and a range clashes with one of them only if it clashes with its neighbours:
    a line of 20,000 edits is chosen in n log n, not n²."""

    def __init__(self) -> None:
        self.starts: list[int] = []
        self.ends: list[int] = []

    def clashes(self, r: tuple[int, int]) -> bool:
        i = bisect_left(self.starts, r[0])
        after = i < len(self.starts) and (self.starts[i] == r[0] or self.starts[i] < r[1])
        return after or (i > 0 and r[0] < self.ends[i - 1])

    def add(self, r: tuple[int, int]) -> None:
        i = bisect_left(self.starts, r[0])
        self.starts.insert(i, r[0])
        self.ends.insert(i, r[1])


def apply_edits(text: str, edits: Iterable[Edit]) -> str:
    """The text with non-overlapping edits applied."""
    return apply(text, ((e.start, e.end, e.content) for e in edits))


def apply(text: str, spans: Iterable[tuple[int, int, str]]) -> str:
    """The text with non-overlapping (start, end, new text) replacements made, in one pass."""
    pieces, last = [], 0
    for start, end, new in sorted(spans):
        pieces += [text[last:start], new]
        last = end
    pieces.append(text[last:])
    return "".join(pieces)


def parse_problem(kind: str, text: str, before: str | None = None) -> str | None:
    """Why a rewritten file of this kind no longer parses, or None when it does (``before``: the
    text before the fix, whose regions that parsed must still parse: migrator/regions)."""
    from .. import kinds

    if before is None or kinds.by_name(kind).regions is None:
        return kinds.by_name(kind).parse_problem(text)
    from ..regions.dispatch import parse_problem as with_regions

    return with_regions(kind, text, before)
