"""Makefiles (``Makefile``, ``makefile``, ``GNUmakefile``, ``*.mk``): each rule's recipe is a region
of shell, read as make hands it to the shell: each line less its tab and its ``@``, ``-`` or ``+``,
make's ``$$`` read as ``$``, and make's own references read as the shell would get them: ``$(X)``
as the variable ``X`` that the Makefile sets (``X = …``, itself a region of one word), ``$@`` or
``$(shell …)`` as a placeholder. A line continued with ``\\`` goes on in the next, tab or not. A fix writes ``$`` back
as ``$$`` and keeps every line's tab; a comment in a recipe is the shell's."""

from __future__ import annotations

import re
from pathlib import Path

from .host import host_kind

NAMES = ("makefile", "gnumakefile")
REFERENCE = r"\$(?:\((?:[^()]|\([^()]*\))*\)|\{[^{}]*\}|[^$(){}])"


def claims(path: Path, head, explicit: bool) -> bool:
    return path.name.lower() in NAMES or path.suffix.lower() == ".mk"


ASSIGN = re.compile(r"^(?:export[ \t]+)?([A-Za-z_][\w.]*)[ \t]*(?:\?|:{1,3}|\+|!)?=[ \t]*([^\r\n]*)", re.MULTILINE)
NAMED = re.compile(r"\$[({]([A-Za-z_]\w*)[)}]")


def layout():
    from ..regions.lines import Layout

    return Layout("\t", optional=True, escapes=(("$$", "$"),), template=REFERENCE, marks="@-+")


def spelled(written: str) -> str:
    """A make reference as the shell reads it in a region: ``$(NAME)`` as ``${NAME}`` (the same
    length; the Makefile's own NAME is the recipe's variable), anything else (``$@``,
    ``$(shell …)``) as a run-time value."""
    from .shell import placeholder

    named = NAMED.fullmatch(written)
    return "${" + named.group(1) + "}" if named else placeholder(len(written))


def regions(text: str) -> list:
    """The Makefile's variables (``NAME = value``, each a region of one word) and one region per
    run of recipe lines (a line that starts with a tab, or continues one), read with them."""
    from ..regions.lines import Layout, Mismatch, read, region_of
    from ..scan.shell import ShellScope
    from ..scan.shellwords import Env, quoted_word

    env, out, value = Env(), [], Layout(template=REFERENCE)
    for found in ASSIGN.finditer(text):
        start, end = found.span(2)
        word = quoted_word(read(text, start, end, value, spelled)[0], env)
        out.append(region_of("shell", text, [(start, end, value)], spelled, ShellScope(env.copy(), found.group(1), word)))
        env.set(found.group(1), word)
    for start, end in recipes(text):
        try:
            out.append(region_of("shell", text, [(start, end, layout())], spelled, ShellScope(env)))
        except Mismatch:
            continue
    return out


def recipes(text: str) -> list[tuple[int, int]]:
    """(start, end) of each run of recipe lines."""
    found, start, end = [], None, None
    for line in re.finditer(r"[^\r\n]*(?:\r\n|\n|\r)|[^\r\n]+$", text):
        body = line.group().rstrip("\r\n")
        continues = end == line.start() and text[start:end].rstrip("\r\n").endswith("\\")
        if body.startswith("\t") or continues:
            start = line.start() if start is None else start
            end = line.end()
            continue
        if start is not None:
            found.append((start, end))
            start = end = None
    if start is not None:
        found.append((start, end))
    return found


KIND = host_kind(
    "makefile", claims, regions, newlines="universal", examples={"makefile": "Makefile"}, title="Makefile",
)
