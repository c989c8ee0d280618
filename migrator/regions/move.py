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


def moved(touch: Touch, where: Callable[[int], int], exact: bool = True, embedded: str | None = None) -> Touch:
    """The touch with its ranges in the host's offsets. ``embedded``: the region is held in a string
    of its host's program, and so is the touch. Where the map is not exact, a touch read inside a
    string (JSON in a shell word of a CI script) is approximate: no fix edits it."""

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
    origin = touch.origin
    if embedded and not origin.embedded:
        origin = replace(origin, embedded=embedded)
    if not exact and origin.embedded and not origin.approximate:
        origin = replace(origin, approximate=True)
    if origin is not touch.origin:
        changes["origin"] = origin
    return replace(touch, **changes)
