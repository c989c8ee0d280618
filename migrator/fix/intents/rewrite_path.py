"""rewrite-path: a segment of an endpoint's path is replaced (``/geo_nodes`` → ``/geo_sites``), in
the URL as written: the literal parts of the Python expression building it, a URL a shell command
calls or a variable holds, a recorded request's URL. A path the rule lists as having no
replacement shows the rule's ``other_values`` message instead.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...paths import path_matches
from ...syntax import URL_TEXTS, Syntax
from ...values import FixIntent, Touch
from . import ANY, Intent, Target, forms

if TYPE_CHECKING:
    from ..python.tree import Tree
    from ..text.fixer import Edits, Spot
    from ..tree.spot import Spot as TreeSpot


def target(fix: FixIntent, touch: Touch) -> Target | None:
    if any(path_matches(p, touch.name) for p in fix.display_only_paths):
        return None
    return Target(fix.applicability)


def python(tree: Tree, touch: Touch, fix: FixIntent) -> list | None:
    from ..python import locate
    from ..python.nodes import segment_pattern, substitute

    node = locate.url(tree, touch)
    if node is None or not fix.segment:
        return None
    return substitute(tree, node, segment_pattern(fix.segment), fix.to or "")


def text(spot: Spot, touch: Touch, fix: FixIntent) -> Edits:
    """The segment inside the URL as written: as many times as the path has it, or not at all."""
    segment = fix.segment or ""
    start, end = spot.span
    url = spot.text[start:end]
    stop = url.find("?")
    pattern = re.compile(rf"(?:^|(?<=/)){re.escape(segment)}(?=[/?#\"'\\]|$)")
    found = list(pattern.finditer(url, 0, len(url) if stop == -1 else stop))
    wanted = (touch.request and touch.request.path or touch.name).split("/").count(segment)
    if not found or len(found) != wanted:
        return None
    return [(start + m.start(), start + m.end(), fix.to or "") for m in found]


def tree(spot: TreeSpot, touch: Touch, fix: FixIntent) -> Edits:
    """The segment in the literal parts of the string expression (JavaScript, TypeScript, Ruby), as
    many times as the path has it, or not at all."""
    literal = spot.literal()
    if literal is None or not fix.segment:
        return None
    pattern = re.compile(rf"(?:^|(?<=/)){re.escape(fix.segment)}(?=[/?#\0]|$)")
    stop = literal.text.find("?")
    wanted = (touch.request and touch.request.path or touch.name).split("/").count(fix.segment)
    found = literal.replaced(pattern, fix.to or "", None if stop == -1 else stop)
    return found if found and len(found) == wanted else None


INTENT = Intent(
    "rewrite-path",
    forms(("endpoint", {Syntax.STRING, Syntax.URL, Syntax.GLAB_ENDPOINT} | URL_TEXTS, ANY)),
    halves={"python": python, "text": text, "tree": tree},
    target=target,
)
