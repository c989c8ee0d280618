"""Grammars, loaded on first use: tree_sitter and a grammar wheel are imported only when a file
of their language is scanned or fixed (``migrator --version`` and a run over Python files never
import them).

A language may have several dialects (JavaScript, TypeScript, TSX). A scanner gets a file's text,
not its name, so the text is parsed in the language's dialects in order and the first one that
parses it without an ERROR or MISSING node is taken (else the one with the fewest).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import import_module
from typing import Any

PARSED_KEPT = 8  # texts whose trees are kept: the scan, the suppression filter and the fixer share them


@dataclass(frozen=True)
class Dialect:
    """One grammar: the wheel's module and the function in it that returns the language."""

    name: str
    module: str
    function: str = "language"


@cache
def parser(dialect: Dialect) -> Any:
    import tree_sitter

    language = tree_sitter.Language(getattr(import_module(dialect.module), dialect.function)())
    return tree_sitter.Parser(language)


def problems(node: Any) -> int:
    """How many ERROR and MISSING nodes a tree holds (0 without walking a clean tree)."""
    if not node.has_error and not node.is_missing:
        return 0
    count, cursor = 0, node.walk()
    while True:
        current = cursor.node
        if current.is_error or current.is_missing:
            count += 1
        if current.has_error and cursor.goto_first_child():
            continue
        while not cursor.goto_next_sibling():
            if not cursor.goto_parent():
                return count


_parsed: dict[tuple[str, tuple[Dialect, ...]], tuple[Any, Dialect]] = {}


def parse(data: bytes, dialects: tuple[Dialect, ...]) -> tuple[Any, Dialect]:
    """(tree, dialect) of UTF-8 source, in the first dialect that parses it cleanly, else the one
    leaving the fewest problems. A few recent texts' trees are kept."""
    key = (data, dialects)
    if key in _parsed:
        return _parsed[key]
    best = None
    for dialect in dialects:
        tree = parser(dialect).parse(data)
        count = problems(tree.root_node)
        if best is None or count < best[0]:
            best = (count, tree, dialect)
        if count == 0:
            break
    if len(_parsed) >= PARSED_KEPT:
        _parsed.pop(next(iter(_parsed)))
    _parsed[key] = best[1], best[2]
    return _parsed[key]
