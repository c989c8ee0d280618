"""URLs written in the code outside any call that sends them (``"/api/v4/runners?scope=active"``,
``URI("#{API}/runners")``, ``format("projects/%s/merge_requests/%d/changes", pid, iid)``): each is
reported once, as a whole, where it is written; the code inside it (``${mr.iid}``, ``#{runner.id}``,
``+ encode(x)``) is read as code. A Java format call's URL is reported at its format string."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...syntax import Syntax
from .. import urls
from .nodes import Node, argument_nodes, arguments, callee_name, unwrap
from .strings import text_span

if TYPE_CHECKING:
    from .walk import Walk


def named_only(w: Walk, node: Node) -> bool:
    """``URI(url)``: the URL is a name's, reported where it is written."""
    args = arguments(node)
    first = unwrap(args.named_children[0], w.sh.wrappers) if args is not None and args.named_children else None
    return first is None or first.type in w.sh.identifier


def mark(w: Walk, node: Node) -> None:
    """A URL expression is reported once, as a whole: its parts are no URLs of their own."""
    stack = [node]
    while stack:
        part = stack.pop()
        if part.type in w.sh.strings | {w.sh.template, w.sh.binary, w.sh.arguments, w.sh.argument} or part is node \
                or part.type == w.sh.call and callee_name(w.s, part, w.sh) in w.sh.formatters | w.sh.passthrough:
            w.handled.add(part.id)
            stack.extend(part.named_children)


def url_literal(w: Walk, node: Node, at: Node | None = None) -> bool:
    """An API URL or path written in the code, outside any call that sends it (reported at
    ``at``: a format method call's URL is its format string's, strings.url_node)."""
    at = at or node
    if node.id in w.handled or at.id in w.handled:
        return False
    text = w.template(node)
    url = urls.parse(text, w.model) if text and "/" in text else None
    if url is None:
        if text and any(prefix in text for prefix in w.model.api_prefixes):
            mark(w, at)  # a message that mentions a URL: none of its parts is one
        return False
    mark(w, at)
    span, evidence = text_span(w.s, written(w, at), w.sh), urls.literal_evidence(url)
    first = len(w.touches)
    w.add(urls.endpoint_touch(url, span, None, evidence, Syntax.STRING))
    for touch in urls.query_touches(url, span, None, evidence, Syntax.STRING):
        w.add(touch)
    w.url_touches[node.id] = range(first, len(w.touches))
    code_parts(w, node)
    return True


def written(w: Walk, node: Node) -> Node:
    """Where a URL expression's path is written: a format call's format string (Go's
    ``fmt.Sprintf("projects/%d/…", id)``), else the expression."""
    if node.type == w.sh.call and callee_name(w.s, node, w.sh) in w.sh.formatters:
        listed = argument_nodes(node, w.sh)
        return unwrap(listed[0], w.sh.wrappers) if listed and unwrap(listed[0], w.sh.wrappers).type in w.sh.strings else node
    return node


def code_parts(w: Walk, node: Node) -> None:
    """The parts of a URL expression that are code (``${mr.iid}``, ``+ encode(x)``), visited."""
    stack = [node]
    while stack:
        part = stack.pop()
        if part.id in w.handled:
            stack.extend(reversed(part.named_children))
        elif part.type not in w.sh.fragment and part.type != w.sh.escape:
            w.visit(part)
