"""Text edits, for every file kind: choosing edits that do not overlap, applying them, and
checking that the result still parses.

An edit replaces the text between two character offsets. The edits of one finding go in together
or not at all; when two findings' edits overlap, the first in file order wins and the other is
tried again on the next pass.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..model import Edit, Finding


def choose(
    proposals: Mapping[Finding, tuple[Edit, ...]], text: str
) -> list[tuple[Finding, tuple[Edit, ...]]]:
    """The findings whose edits go in on this pass: in file order, skipping any that overlap."""
    taken: list[tuple[int, int]] = []
    chosen = []
    for finding in sorted(proposals, key=lambda f: f.sort_key):
        edits = proposals[finding]
        ranges = [(min(e.start, len(text)), min(e.end, len(text))) for e in edits]
        if not edits or any(start > end for start, end in ranges):
            continue
        if _overlapping(ranges) or any(_clash(r, t) for r in ranges for t in taken):
            continue
        taken.extend(ranges)
        chosen.append((finding, edits))
    return chosen


def _clash(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Overlapping ranges, or two edits at the same start (their order would be a guess)."""
    return a[0] == b[0] or (a[0] < b[1] and b[0] < a[1])


def _overlapping(ranges: list[tuple[int, int]]) -> bool:
    return any(_clash(a, b) for i, a in enumerate(ranges) for b in ranges[i + 1:])


def apply_edits(text: str, edits: Iterable[Edit]) -> str:
    """The text with non-overlapping edits applied (from the end, so offsets stay valid)."""
    spans = sorted(((e.start, e.end, e.content) for e in edits), reverse=True)
    for start, end, content in spans:
        text = text[:start] + content + text[end:]
    return text


def parse_problem(kind: str, text: str) -> str | None:
    """Why a rewritten file of this kind no longer parses, or None when it does."""
    from .. import kinds

    return kinds.by_name(kind).parse_problem(text)
