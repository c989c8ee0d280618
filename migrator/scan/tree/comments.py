"""Comments and strings of a tree-sitter language, for suppressions (source/comments.py) and
``--add-noqa`` (app/noqa.py): a marker counts only inside a real comment, never inside a string or
a template literal, and a comment is never added at the end of a line that ends inside one."""

from __future__ import annotations

from collections.abc import Iterator
from importlib import import_module

from ...source import LineIndex
from .language import Language
from .nodes import Source, walk


def language(name: str) -> Language:
    """A language module's data by its name (scan/tree/<name>.py)."""
    return import_module(f"{__package__}.{name}").LANGUAGE


def comment_starts(text: str, lines: LineIndex, name: str, rows: list[int]) -> dict[int, int]:
    """For each of ``rows`` that holds a comment, the offset where its last comment starts (a line comment, where there is one)."""
    lang = language(name)
    source = Source(text, lang.dialects)
    wanted, out = set(rows), {}
    for node in walk(source.root):
        if node.type in (lang.shapes.comment, lang.shapes.block_comment):
            start, _ = source.span(node)
            row = lines.row(start)
            if row in wanted:
                out[row] = start  # the last one: a line comment follows any block comment
    return out


def multiline_strings(name: str, text: str) -> Iterator[tuple[int, int]]:
    """Offsets of the strings and template literals over several lines."""
    lang = language(name)
    source = Source(text, lang.dialects)
    for node in walk(source.root):
        if (node.type in lang.shapes.strings | {lang.shapes.template} or node.type in lang.shapes.texts) \
                and node.start_point[0] != node.end_point[0]:
            yield source.span(node)


def meaning(name: str, text: str) -> tuple:
    """The tree's leaves but its comments (equal when two texts differ in comments only)."""
    lang = language(name)
    source = Source(text, lang.dialects)
    out, stack = [], [source.root]
    while stack:
        node = stack.pop()
        if node.type in (lang.shapes.comment, lang.shapes.block_comment):
            continue
        if node.child_count == 0:
            out.append((node.type, source.text_of(node)))
        stack.extend(reversed(node.children))
    return source.problems, tuple(out)
