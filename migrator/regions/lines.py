"""Regions written as a run of a host's lines: a fenced block in Markdown (each line less the list
item's indentation or a quote's ``> ``), a Makefile recipe (less its tab, make's ``$$`` read as
``$``), a Dockerfile ``RUN``. One `Layout` says how such lines are written; `read` gives the
region's text, its map and its placeholders, and `Layout.write` writes new text back the same way
(fix/text/lines.py), so a fixed region reads back exactly as intended.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from ..details import Range
from ..frozen import frozen
from ..source.maps import OffsetMap
from . import Piece, Region

LINE = re.compile(r"[^\r\n]*(\r\n|\n|\r|$)")


@frozen
class Layout:
    """How a region's lines are written in its host.

    prefix    written before each line (indentation, ``> ``, a recipe's tab); a blank line may
              hold less of it when it is blank space
    optional  a line may lack the prefix (make strips a recipe's tab only where there is one)
    escapes   (as written, as read) pairs: make's ``("$$", "$")``
    template  a pattern of the host's template syntax (make's ``$(X)``, a workflow's ``${{ x }}``),
              read as the region kind's placeholder of the same length
    marks     characters after the prefix that the host reads and the region does not (make's
              ``@``, ``-`` and ``+`` before a recipe line; not on a line that continues one)
    """

    prefix: str = ""
    optional: bool = False
    escapes: tuple[tuple[str, str], ...] = ()
    template: str | None = None
    marks: str = ""

    def write(self, fragment: str, newline: str) -> str:
        """A fragment of region text as the host writes it: escapes written out, and each line
        after a break led by the prefix (a blank line by none, when the prefix is blank space)."""
        for written, read_as in self.escapes:
            fragment = fragment.replace(read_as, written)
        lines = fragment.split("\n")
        blank = not self.prefix.strip()
        return newline.join([lines[0]] + [line if blank and not line else self.prefix + line for line in lines[1:]])


class Mismatch(ValueError):
    """A line is not written as the layout says (a fence line indented less than its list item)."""


def read(host: str, start: int, end: int, layout: Layout, spell: Callable[[str], str] | None = None
         ) -> tuple[str, OffsetMap, tuple[Range, ...]]:
    """(the region's text, its map to the host, its placeholders) of the host's lines from
    ``start`` (a line's start) to ``end``; line breaks are read as ``\\n``; ``spell`` gives the
    placeholder of a template written so, of the same length. Mismatch when a line lacks the prefix."""
    pieces: list[str] = []
    anchors: list[tuple[int, int]] = []
    holes: list[Range] = []
    size, pattern, continued = 0, _pattern(layout.escapes, layout.template), False
    for match in LINE.finditer(host, start, end):
        line_start, line_end = match.start(), match.end(1) - len(match.group(1))
        if line_start == line_end and not match.group(1):
            break
        at = line_start + _lead(host, line_start, line_end, layout)
        while layout.marks and not continued and at < line_end and host[at] in layout.marks:
            at += 1
        continued = host.endswith("\\", line_start, line_end)
        anchors.append((size, at))
        last = at
        for found in pattern.finditer(host, at, line_end) if pattern else ():
            pieces.append(host[last:found.start()])
            size += found.start() - last
            anchors.append((size, found.start()))
            written = found.group()
            read_as = dict(layout.escapes).get(written)
            if read_as is None:
                read_as = spell(written) if spell else written
                holes.append((size, size + len(read_as)))
            pieces.append(read_as)
            size += len(read_as)
            anchors.append((size, found.end()))
            last = found.end()
        pieces.append(host[last:line_end])
        size += line_end - last
        if match.group(1):
            pieces.append("\n")
            size += 1
    return "".join(pieces), OffsetMap(anchors or [(0, start)]), tuple(holes)


def _lead(host: str, start: int, end: int, layout: Layout) -> int:
    """How many characters of the line before its text are the prefix."""
    prefix = layout.prefix
    if host.startswith(prefix, start):
        return len(prefix)
    line = host[start:end]
    if not line.strip() and not prefix.strip():
        return len(line)
    if layout.optional:
        return 0
    raise Mismatch(f"a line at offset {start} is not led by {prefix!r}")


@cache
def _pattern(escapes: tuple[tuple[str, str], ...], template: str | None) -> re.Pattern[str] | None:
    parts = [re.escape(written) for written, _ in escapes] + ([template] if template else [])
    return re.compile("|".join(parts)) if parts else None


DROPPED = "dropped"
Run = tuple[int, int, "Layout | str | None"]
"""Host lines start..end read with a layout, read as blank lines (None: a console's output), or
left out (DROPPED: a comment line Docker drops inside an instruction)."""


def region_of(kind: str, host: str, runs: list[Run], spell: Callable[[str], str] | None = None,
              scope: object = None) -> Region:
    """The region of ``kind`` made of runs of the host's lines: each run with a layout a piece,
    edited as it is written; a run without one is read as blank lines, never edited."""
    texts: list[str] = []
    anchors: list[tuple[int, int]] = []
    holes: list[Range] = []
    pieces: list[Piece] = []
    size = 0
    for start, end, layout in runs:
        if layout is None or layout == DROPPED:
            blank = 0 if layout == DROPPED else host.count("\n", start, end) or 1
            anchors.append((size, start))
            texts.append("\n" * blank)
            size += blank
            continue
        text, omap, found = read(host, start, end, layout, spell)
        anchors.extend((size + a, b) for a, b in zip(omap.decoded, omap.raw))
        holes.extend((size + a, size + b) for a, b in found)
        pieces.append(Piece(size, size + len(text), (start, end), "lines", (layout, spell)))
        texts.append(text)
        size += len(text)
    span = (runs[0][0], runs[-1][1]) if runs else (0, 0)
    return Region(kind, span, "".join(texts), OffsetMap(anchors or [(0, span[0])]), tuple(holes), scope,
                  pieces=tuple(pieces))


def by_length(placeholder: Callable[[int], str] | None) -> Callable[[str], str] | None:
    """A kind's placeholder (FileKind.placeholder, by length) for each template as written."""
    return None if placeholder is None else lambda written: placeholder(len(written))
