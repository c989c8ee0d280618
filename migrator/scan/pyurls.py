"""API URLs and paths written in Python code: a string, f-string or concatenation that parses as
an API URL gives its endpoint and query touches where it is written, once, as a whole. A name
bound to one and later sent by an HTTP client raises those touches' evidence to the call's.
Reads only the scan's state (pystate.py) and adds touches through it."""

from __future__ import annotations

import ast
from dataclasses import replace

from ..syntax import Syntax
from . import urls
from .pystate import ScanState


class Urls:
    def __init__(self, state: ScanState):
        self.state = state
        self.touches_of: dict[int, range] = {}  # a URL expression (by id) → the touches it gave
        self.named: dict[str, range] = {}  # a name bound to a URL → the touches written there

    def bound(self, name: str, value: ast.AST) -> None:
        """``name = value``: a URL's touches are the name's too."""
        if id(value) in self.touches_of:
            self.named[name] = self.touches_of[id(value)]

    def mark(self, node: ast.AST) -> None:
        """A URL expression is reported once, as a whole: its string parts are not URLs of their own."""
        for part in ast.walk(node):
            if isinstance(part, (ast.Constant, ast.JoinedStr, ast.BinOp)) or part is node:
                self.state.handle(part)

    def literal(self, node: ast.AST) -> bool:
        """An API URL or path written in the code, outside any call that sends it."""
        state = self.state
        if state.handled(node):
            return False
        text = state.infer.template(node)
        url = urls.parse(text, state.model) if text and "/" in text else None
        if url is None:
            return False
        self.mark(node)
        span = state.source.span(state.infer.path_part(node))
        evidence = urls.literal_evidence(url)
        first = len(state.touches)
        origin = state.mocks.origin(node)
        for touch in (urls.endpoint_touch(url, span, None, evidence, Syntax.STRING),
                      *urls.query_touches(url, span, None, evidence, Syntax.STRING)):
            state.add(replace(touch, origin=origin) if origin.recorded else touch)
        self.touches_of[id(node)] = range(first, len(state.touches))
        return True

    def sent(self, name: str, evidence: str) -> None:
        """A name bound to a URL is sent by an HTTP client: the touches written where the URL is
        defined get the call's evidence (the path there is the API's, not only a look-alike)."""
        for index in self.named.get(name, ()):
            self.state.raise_evidence(index, evidence)
