"""URLs written in the code outside any call that sends them (``"/api/v4/runners?scope=active"``,
``URI("#{API}/runners")``, ``format("projects/%s/merge_requests/%d/changes", pid, iid)``): each is
reported once, as a whole, where it is written; the code inside it (``${mr.iid}``, ``#{runner.id}``,
``+ encode(x)``) is read as code. A Java format call's URL is reported at its format string."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dataclasses import replace

from ...details import Request
from ...syntax import Syntax
from ...values import NO_VALUE, Touch
from .. import urls
from .infer import Inferred
from .nodes import Node, argument_nodes, arguments, callee_name, index, receiver, unwrap, walk
from .strings import name_span, name_value, object_entries, text_span

if TYPE_CHECKING:
    from .walking import Walk


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


def appended(w: Walk, node: Node) -> None:
    """``$url .= '/changes'``: a name bound to a URL's text grows by what a concatenating
    assignment appends; a new endpoint it makes is reported at the text appended, and the name's
    requests give it their evidence (walk.named_urls)."""
    left, right = w.sh.f(node, "left"), w.sh.f(node, "right")
    op = w.sh.f(node, "operator")
    bound = w.scope.lookup(w.s.text_of(left)) if left is not None and left.type in w.sh.identifier else None
    added = w.template(right) if isinstance(bound, str) and op is not None \
        and w.s.text_of(op)[:-1] in w.sh.concat else None
    if added is None or right.id in w.handled:
        w.children(node)
        return
    name, text = w.s.text_of(left), bound + added
    w.scope.bind(name, text)
    before, url = urls.parse(bound, w.model), urls.parse(text, w.model)
    if url is None or before is not None and before.name == url.name:
        w.children(node)
        return
    mark(w, right)
    first = len(w.touches)
    w.add(urls.endpoint_touch(url, text_span(w.s, right, w.sh), None, urls.literal_evidence(url), Syntax.STRING))
    w.named_urls[name] = range(first, len(w.touches))
    code_parts(w, right)


def query_credentials(w: Walk, node: Node, name: str) -> None:
    """``http_build_query(['private_token' => $token])`` where no request sends its keys (a URL
    the walk cannot see, ``sprintf('%s?%s', $uri, …)``, or one written but not sent): a key naming
    a credential only the API takes is sent in a query, as the URL around it is the API's (its
    evidence) or named by that key alone. A name bound to the query carries it to its URL instead."""
    listed = argument_nodes(node, w.sh) if name in w.lang.query_builders else []
    first = unwrap(listed[0], w.sh.wrappers) if listed else None
    parent = node.parent
    if first is None or first.id in w.handled or parent is not None and parent.type in (w.sh.assignment,
                                                                                        w.sh.declarator):
        return
    entries = _built_entries(w, node, first)
    start, end = w.s.span(node)
    around = next((t for t in w.touches if t.role == "endpoint" and t.range[0] <= start and end <= t.range[1]), None)
    for key, key_node in entries:
        credential = w.model.credential_type(key, "query", "")
        if credential not in (None, "oauth"):
            request = replace(around.request, location="query", credential=credential) if around and around.request \
                else Request(location="query", credential=credential)
            w.add(Touch("param", key, name_span(w.s, key_node, w.sh), around.record if around else None,
                        around.evidence if around else "named", "filter", "GET", NO_VALUE, Syntax.NONE,
                        request=request))


def _built_entries(w: Walk, node: Node, first: Node) -> list[tuple[str, Node]]:
    """(key, where) of an array literal, or of a name bound to one and of the keys the function
    sets on that name one by one (``$params = []; $params['private_token'] = $this->token;``)."""
    named = w.s.text_of(first) if first.type in w.sh.identifier else None
    bound = w.scope.lookup(named) if named else None
    literal = bound.node if isinstance(bound, Inferred) and bound.holds == "object" else first
    out = [(key, key_node) for key, key_node, _ in object_entries(w.s, literal, w.sh, w.lang.api_name)] \
        if literal is not None and literal.type == w.sh.object else []
    body = node.parent if named else None
    while body is not None and body.type not in w.sh.functions:
        body = body.parent
    for part in walk(body) if body is not None else ():
        left = w.sh.f(part, "left") if part.type == w.sh.assignment else None
        if left is not None and left.type == w.sh.subscript and w.s.text_of(receiver(left, w.sh)) == named:
            key_node = unwrap(index(left, w.sh), w.sh.wrappers)
            key = name_value(w.s, key_node, w.sh) if key_node is not None else None
            if key is not None:
                out.append((key, key_node))
    return out
