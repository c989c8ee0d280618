"""Python fixer: each finding's fix intent carried out with libcst, as text edits.

``edits(text, findings)`` parses the file once and hands each finding the registry decides to
rewrite (fix/intents.carried_out) to its intent's Python half, which finds the touch's nodes by
their offsets (locate.py) and returns the edits. Imported only when a Python file has something
to fix; so is libcst.
"""

from __future__ import annotations

import libcst as cst

from ...model import Edit, Finding
from ..intents import carried_out
from .tree import Tree


def edits(text: str, findings: list[Finding]) -> dict[Finding, tuple[Edit, ...]]:
    try:
        tree = Tree(text)
    except cst.ParserSyntaxError:
        return {}
    out = {}
    for finding in findings:
        intent = carried_out(finding)
        result = intent.python(tree, finding.touch, finding.fix.intent) if intent else None
        if result:
            out[finding] = tuple(result)
    return out
