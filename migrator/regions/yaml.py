"""Regions written in YAML scalars: a CI job's script lines, a workflow step's ``run:``, a value of
``env:``. The scalars are joined into one text (source/maps.Joined), each one a piece of the region
written back in its own style (a fix is made in the scalar it falls in). The host's template syntax
in a scalar (``${{ x }}`` in a workflow, ``$(x)`` in Azure Pipelines) is read as the region kind's
placeholder of the same length, so the scalar's map still holds."""

from __future__ import annotations

import re
from collections.abc import Callable

from yaml.nodes import ScalarNode

from ..details import Range
from ..source.maps import Joined, yaml_scalar
from . import Piece, Region


class Script:
    """YAML scalars joined into the text of one region of ``kind``."""

    def __init__(self, text: str, kind: str = "shell", template: re.Pattern[str] | None = None,
                 spell: Callable[[int], str] | None = None):
        self.text, self.kind, self.template, self.spell = text, kind, template, spell
        self.joined = Joined(text)
        self.pieces: list[Piece] = []
        self.holes: list[Range] = []

    def add(self, node: ScalarNode, separator: str = "\n") -> None:
        start, end = node.start_mark.index, node.end_mark.index
        omap, _ = yaml_scalar(self.text, start, end, node.value, node.style or "")
        at = self.joined.length
        self.joined.add(self.read(node.value, at), omap, start, separator)
        self.pieces.append(Piece(at, at + len(node.value), (start, end), "yaml", node))

    def read(self, value: str, at: int) -> str:
        """The scalar's value with its template syntax spelled as placeholders (``at``: where the
        value starts in the joined text)."""
        if self.template is None or self.spell is None:
            return value
        out, last = [], 0
        for found in self.template.finditer(value):
            out += [value[last:found.start()], self.spell(found.end() - found.start())]
            self.holes.append((at + found.start(), at + found.end()))
            last = found.end()
        return "".join(out) + value[last:]

    def text_of(self) -> str:
        return self.joined.joined()

    def region(self, scope: object = None) -> Region:
        span = (min(p.span[0] for p in self.pieces), max(p.span[1] for p in self.pieces))
        return Region(self.kind, span, self.joined.joined(), self.joined, tuple(self.holes), scope=scope,
                      exact=False, pieces=tuple(self.pieces))


def variable(text: str, name: str, node: ScalarNode, env, template: re.Pattern[str] | None = None,
             spell: Callable[[int], str] | None = None) -> Region:
    """A variable's value (a CI file's ``variables``, a workflow's ``env``): a region of one shell
    word, read with the variables set before it; ``env`` then holds its value for what follows."""
    from ..scan.shell import ShellScope
    from ..scan.shellwords import quoted_word

    script = Script(text, "shell", template, spell)
    script.add(node, separator="")
    word = quoted_word(script.text_of(), env)
    region = script.region(ShellScope(env.copy(), name, word))
    env.set(name, word)
    return region
