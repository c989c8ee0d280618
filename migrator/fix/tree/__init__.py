"""Tree fixer: each finding's fix intent carried out on a tree-sitter tree (the client languages:
JavaScript, TypeScript and Ruby), as exact text edits.

``edits(text, touches, language)`` hands each finding (with its touch) the registry decides to rewrite
(fix/intents.carried_out, family ``tree``) to its intent's tree half, with a `Spot`: the parsed
text and the touch's nodes. A text the parser does not read cleanly (an ERROR or MISSING node) is
not fixed, as a Python file libcst cannot parse is not; after a fix, `check_parses` refuses a text
with any such node, so a fix never leaves one that was not there before.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...scan.tree.language import Language
from ...scan.tree.nodes import Source
from ...values import Edit, Finding, Touch
from ..intents import carried_out
from .spot import Spot


def edits(text: str, touches: Mapping[Finding, Touch], language: Language) -> dict[Finding, tuple[Edit, ...]]:
    wanted = [(f, t, half) for f, t in touches.items() if (half := carried_out(f, t, "tree")) is not None]
    if not wanted:
        return {}
    source = Source(text, language.dialects)
    if source.problems:
        return {}
    out = {}
    for finding, touch, half in wanted:
        result = half(Spot(source, language, touch), touch, finding.fix.intent)
        if result:
            out[finding] = tuple(Edit(new, start, end) for start, end, new in result)
    return out


class ParseProblem(SyntaxError):
    """A text that no longer parses cleanly."""


def check_parses(text: str, language: Language) -> None:
    problems = Source(text, language.dialects).problems
    if problems:
        raise ParseProblem(f"{problems} ERROR or MISSING node{'s' if problems > 1 else ''} in the {language.name} tree")
