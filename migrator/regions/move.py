"""Touches read in a region, moved into its host's offsets: one function for every embedding.

A touch carries seven ranges: its own, and those its details give (the name and value of a
``name=value``, a comparison, the shell word holding it, the words and the piece that remove
it). `RANGES` names them once; `moved` maps each through the region's map, a range's start to
where its first character is written and its end to where its text ends (source/maps.span).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..details import Range
from ..values import Touch
from ..source.maps import span

RANGES = ("range", "key_span", "value_span", "compare", "word", "words", "piece")
"""A touch's ranges: ``range``, then its details' (details.py: Written, Expression, Shell)."""


def ranges_of(touch: Touch) -> list[tuple[str, Range | None]]:
    """The touch's ranges by name (None where it has none)."""
    written, expression, shell = touch.written, touch.expression, touch.shell
    return [
        ("range", touch.range),
        ("key_span", written and written.key_span), ("value_span", written and written.value_span),
        ("compare", expression and expression.compare),
        ("word", shell and shell.word), ("words", shell and shell.words), ("piece", shell and shell.piece),
    ]


def moved(touch: Touch, where: Callable[[int], int], exact: bool = True) -> Touch:
    """The touch with its ranges in the host's offsets. Where the map is not exact, a touch read
    inside a string of the region (JSON in a shell word of a CI script) is approximate: no fix
    edits it."""

    def host(r: Range | None) -> Range | None:
        return span(where, *r) if r else r

    changes: dict = {"range": host(touch.range)}
    written, expression, shell = touch.written, touch.expression, touch.shell
    if written is not None and (written.key_span or written.value_span):
        changes["written"] = replace(written, key_span=host(written.key_span), value_span=host(written.value_span))
    if expression is not None and expression.compare:
        changes["expression"] = replace(expression, compare=host(expression.compare))
    if shell is not None:
        changes["shell"] = replace(shell, word=host(shell.word), words=host(shell.words), piece=host(shell.piece))
    if not exact and touch.origin.embedded and not touch.origin.approximate:
        changes["origin"] = replace(touch.origin, approximate=True)
    return replace(touch, **changes)
