"""Mock responses written as JSON inside Python strings: an httmock or ``responses`` body, a
``content = '{"active": true, ...}'``, often split over adjacent string literals that only
together form the record.

A string whose value parses as JSON and carries a record's signature (or is bound to a name that
names a record) is a region of the file (migrator/regions), read like a recorded JSON fixture
(recorded.scan_mock): its keys are field touches that point at their exact place in the file
through the literal's offset map (source/maps.python_literal), and, being recorded data, their
fixes are never safe. Their syntax
is a form of its own (``python-json-key``): the Python fixer edits code, not text inside strings,
so no fix intent rewrites them yet.
"""

from __future__ import annotations

import ast
import re

from ..apimodel import ApiModel
from ..details import Range
from ..source.maps import python_literal
from ..syntax import Syntax
from ..values import Touch
from .pysource import Source

PIECE = re.compile(
    r"""[rRbBuU]{0,2}(?:'''(?:\\.|[^\\])*?'''|\"\"\"(?:\\.|[^\\])*?\"\"\"|'(?:\\.|[^\\'\r\n])*'|"(?:\\.|[^\\"\r\n])*")""",
    re.DOTALL,
)
BETWEEN = re.compile(r"(?:[ \t\f\r\n]|\\\r?\n|#[^\r\n]*)*")
JSON_START = re.compile(r"\s*[\[{]")


def touches(source: Source, node: ast.Constant, model: ApiModel, name: str | None = None) -> list[Touch]:
    """The recorded-JSON touches of a string constant, or none; ``name``: the name it is bound to."""
    value = node.value
    if isinstance(value, bytes):
        try:
            value = value.decode("utf-8")
        except UnicodeDecodeError:
            return []
    if not isinstance(value, str) or not JSON_START.match(value):
        return []
    start, end = source.span(node)
    parts = pieces(source.text, start, end)
    omap = python_literal(source.text, parts, value) if parts else None
    if omap is None:
        return []
    from ..regions import Region, dispatch  # the JSON machinery, for the few files that embed JSON
    from .recorded import Mock

    mock = Mock("python-string", name, Syntax.PYTHON_JSON_KEY)
    return dispatch.scan(Region("json", (start, end), value, omap, scope=mock), model)


def pieces(text: str, start: int, end: int) -> list[Range] | None:
    """The literals (prefix and quotes included) that ``text[start:end]`` concatenates, or None
    when it is not only string literals."""
    found, at = [], start
    while at < end:
        match = PIECE.match(text, at, end)
        if match is None:
            return None
        found.append(match.span())
        at = BETWEEN.match(text, match.end(), end).end()
    return found
