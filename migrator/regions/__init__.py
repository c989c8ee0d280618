"""Regions: spans of a host file written in another kind.

A shell script in a CI job's ``script:``, JSON in a Python or shell string, a fenced ``python``
block in a README, a Makefile recipe: each is a `Region` of its host, read by its own kind's
scanner, fixed by its own kind's fixer and checked by its own kind's parser, with a map from its
offsets to the host's.

- A host kind finds its regions (``FileKind.regions``, a function of the host's text; a scanner
  that meets one while it reads, as the Python scanner meets JSON in a string, makes it there).
- `dispatch` scans, fixes and parse-checks regions, for every host alike: a region's touches are
  moved into the host's offsets by one function (`move.moved`), a region that does not parse as
  its kind is read for endpoint URLs only, and a fix inside a region is the region kind's fix,
  written back into the host piece by piece.
- A region's text is what its kind reads: the host's template syntax (``${{ }}`` in a workflow,
  ``$(X)`` in make) is spelled as the kind's own placeholder (``$_____`` in shell), so it reads as
  a value known only at run time; ``placeholders`` keeps where, and no edit goes there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..details import Range
from ..frozen import frozen

Where = Callable[[int], int]
"""A map from a region's offsets to its host's, with ``end`` for where a range ends
(source/maps.py: `OffsetMap`, `Joined`)."""


@frozen
class Piece:
    """A part of a region's text written as one unit in the host: a YAML scalar, a JSON string, a
    run of lines. ``start``/``end``: its region offsets; ``span``: where it is written in the host;
    ``form`` names how (``yaml``, ``json``, ``lines``: fix/text/host.writer_of makes the host that
    writes an edit there) and ``at`` is what that needs (the string's node, the lines' layout)."""

    start: int
    end: int
    span: Range
    form: str
    at: Any = None


@frozen
class Region:
    """One region of a host file.

    kind          the name of the file kind that reads its text (shell, python, json …)
    span          where it lies in the host (start, end)
    text          its text, as its kind reads it
    where         its offsets → the host's offsets
    placeholders  ranges of ``text`` that stand for the host's template syntax: never edited
    scope         what the host knows at its start, for its kind's scanner and fixer (a CI job's
                  variables: scan/shell.ShellScope; a mock response: scan/recorded.Mock)
    exact         its map is exact: a touch its kind reads inside a string of it keeps its exact
                  place; otherwise (a script joined from YAML scalars) such a touch is approximate
    pieces        how its text is written in the host, for the fixer; none: never edited
    cell          the notebook cell it is (1-based), for reports that tell a finding by its cell
    embedded      the string its text is held in, when that is a string of a program (a Python
                  here-document of a shell script: ``shell-program``): its touches are embedded there
    """

    kind: str
    span: Range
    text: str
    where: Where
    placeholders: tuple[Range, ...] = ()
    scope: Any = None
    exact: bool = True
    pieces: tuple[Piece, ...] = ()
    cell: int | None = None
    embedded: str | None = None

    def piece_at(self, start: int, end: int) -> Piece | None:
        """The piece that holds the region's text start..end whole, if any."""
        return next((p for p in self.pieces if p.start <= start and end <= p.end), None)
