"""justfiles (``justfile``, ``Justfile``, ``.justfile``, ``*.just``): each recipe's body is a region
of shell, or of the language its ``#!`` line names (``#!/usr/bin/env python3``), each line less the
body's indentation and its ``@`` or ``-``; just's ``{{ … }}`` interpolations are placeholders and
``{{{{`` is read as ``{{``."""

from __future__ import annotations

import re
from pathlib import Path

from .host import host_kind

NAMES = ("justfile", ".justfile")
HEADER = re.compile(r"^@?[A-Za-z_][\w-]*(?:[ \t][^\r\n:]*)?:(?!=)[^\r\n]*$")
INTERPOLATION = r"\{\{(?!\{).*?\}\}"
SHEBANG = {"python": "python", "python3": "python", "bash": "shell", "sh": "shell", "zsh": "shell",
           "node": "javascript"}


def claims(path: Path, head, explicit: bool) -> bool:
    return path.name.lower() in NAMES or path.suffix.lower() == ".just"


def regions(text: str) -> list:
    from ..regions.lines import Layout, Mismatch, by_length, region_of
    from . import by_name

    out = []
    for start, end, indent in bodies(text):
        first = text[start:text.find("\n", start) if "\n" in text[start:end] else end].strip()
        kind = _shebang(first) if first.startswith("#!") else "shell"
        if kind is None:
            continue
        layout = Layout(indent, escapes=(("{{{{", "{{"),), template=INTERPOLATION,
                        marks="" if first.startswith("#!") else "@-")
        try:
            out.append(region_of(kind, text, [(start, end, layout)], by_length(by_name(kind).placeholder)))
        except Mismatch:
            continue
    return out


def bodies(text: str) -> list[tuple[int, int, str]]:
    """(start, end, indentation) of each recipe's body: the indented lines after its header."""
    lines = [(m.start(), m.end(), m.group()) for m in re.finditer(r"[^\r\n]*(?:\r\n|\n|\r)|[^\r\n]+$", text)]
    found, index = [], 0
    while index < len(lines):
        if not HEADER.match(lines[index][2].rstrip("\r\n")):
            index += 1
            continue
        index += 1
        body = []
        while index < len(lines) and (not lines[index][2].strip() or lines[index][2][:1] in " \t"):
            body.append(lines[index])
            index += 1
        while body and not body[-1][2].strip():
            body.pop()
        if body:
            line = body[0][2]
            found.append((body[0][0], body[-1][1], line[:len(line) - len(line.lstrip(" \t"))]))
    return found


def _shebang(line: str) -> str | None:
    words = line[2:].replace("/", " ").split()
    words = words[1:] if words[:1] == ["env"] or (len(words) > 2 and words[-2] == "env") else words
    return SHEBANG.get(words[-1] if words else "")


KIND = host_kind("justfile", claims, regions, examples={"justfile": "justfile"}, title="justfile")
