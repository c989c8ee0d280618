"""Removing Python code and keeping the rest valid: an entry of a dict literal, a keyword
argument of a call, an assignment statement.

Removing an entry keeps commas and layout: a trailing comma stays a trailing comma, the comment
at the end of the line before stays, and the comment on the removed entry's own line goes with it.
"""

from __future__ import annotations

import libcst as cst

from ...values import Edit
from .tree import Tree

Whitespace = cst.SimpleWhitespace | cst.ParenthesizedWhitespace
EMPTY = cst.SimpleWhitespace("")


def without_entry(tree: Tree, container: cst.Dict | cst.Call, item: cst.CSTNode) -> Edit:
    """An edit removing one element of a dict literal, or one argument of a call."""
    if isinstance(container, cst.Dict):
        items, closer = list(container.elements), container.rbrace.whitespace_before
        opener = container.lbrace.whitespace_after
    else:
        items, closer = list(container.args), container.args[-1].whitespace_after_arg
        opener = container.whitespace_before_args
    items, opener, closer = _drop(items, items.index(item), opener, closer)
    if isinstance(container, cst.Dict):
        new = container.with_changes(elements=items, lbrace=container.lbrace.with_changes(whitespace_after=opener),
                                     rbrace=container.rbrace.with_changes(whitespace_before=closer))
    else:
        if items:
            items[-1] = items[-1].with_changes(whitespace_after_arg=closer)
        new = container.with_changes(args=items, whitespace_before_args=opener)
    return tree.replace(container, new)


def _drop(items: list, index: int, opener: Whitespace, closer: Whitespace) -> tuple[list, Whitespace, Whitespace]:
    """(items, whitespace after the opening bracket, whitespace before the closing one)."""
    item = items[index]
    has_comma = isinstance(item.comma, cst.Comma)
    before = opener if index == 0 else items[index - 1].comma.whitespace_after
    after = item.comma.whitespace_after if has_comma else EMPTY
    rest = items[:index] + items[index + 1:]
    if index < len(rest):
        gap = _merge(before, after)
        return (rest, gap, closer) if index == 0 else (_with_gap(rest, index, gap), opener, closer)
    gap = _merge(before, _tail(after, closer), closing=True)
    if not rest:
        return rest, gap if _comment(gap) else EMPTY, EMPTY
    if has_comma:
        return _with_gap(rest, index, gap), opener, EMPTY
    rest[-1] = rest[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    return rest, opener, gap


def _with_gap(items: list, index: int, gap: Whitespace) -> list:
    """Items with the whitespace before position index set (the previous comma owns it)."""
    previous = items[index - 1]
    items[index - 1] = previous.with_changes(comma=previous.comma.with_changes(whitespace_after=gap))
    return items


def _tail(after: Whitespace, closer: Whitespace) -> Whitespace:
    """The whitespace from a removed last entry's comma to the closing bracket."""
    if _blank(after):
        return closer
    if _blank(closer):
        return after
    return after if isinstance(after, cst.ParenthesizedWhitespace) else closer


def _merge(before: Whitespace, after: Whitespace, closing: bool = False) -> Whitespace:
    """The whitespace that replaces ``before <removed entry> after``."""
    before_simple = isinstance(before, cst.SimpleWhitespace)
    after_simple = isinstance(after, cst.SimpleWhitespace)
    if before_simple and after_simple:
        return min(before, after, key=lambda w: len(w.value))
    if after_simple:
        return after if closing and not _comment(before) else before
    if before_simple:
        return after
    return after.with_changes(first_line=before.first_line, empty_lines=[*before.empty_lines, *after.empty_lines])


def _blank(ws: Whitespace) -> bool:
    return isinstance(ws, cst.SimpleWhitespace) and not ws.value


def _comment(ws: Whitespace) -> bool:
    if isinstance(ws, cst.SimpleWhitespace):
        return False
    return ws.first_line.comment is not None or any(e.comment is not None for e in ws.empty_lines)


# ---------------------------------------------------------------- statements
def without_statement(tree: Tree, target: cst.CSTNode) -> list[Edit] | None:
    """Edits removing the assignment to target; ``pass`` when it is its block's only statement."""
    statement = tree.assignment(target)
    if statement is None:
        return None
    line = tree.parent(statement)
    if len(line.body) > 1:
        return [_without_small(tree, line, statement)]
    start, end = tree.span(statement)
    lines = tree.lines
    block = tree.parent(line)
    if isinstance(line, cst.SimpleStatementSuite) or (isinstance(block, cst.IndentedBlock) and len(block.body) == 1):
        return [Edit("pass", start, lines.line_end(lines.row(end)))]
    return [Edit("", lines.starts[lines.row(start) - 1], lines.offset_at(lines.row(end) + 1, 0))]


def _without_small(tree: Tree, line: cst.CSTNode, statement: cst.CSTNode) -> Edit:
    """Remove one of several ``;``-separated statements on a line."""
    body = list(line.body)
    index = body.index(statement)
    if index + 1 < len(body):
        return Edit("", tree.span(statement)[0], tree.span(body[index + 1])[0])
    return Edit("", tree.span(body[index - 1])[1], tree.span(statement)[1])
