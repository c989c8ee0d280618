"""Dockerfiles (``Dockerfile``, ``Dockerfile.*``, ``*.Dockerfile``, ``Containerfile``): each
shell-form ``RUN`` is a region of shell, its ``\\`` continuations and all, with the comment lines
Docker drops inside it left out, and its ``--mount=…`` options too; a
``RUN <<EOF`` here-document is its body as a script. ``ENV`` and ``ARG`` values are its variables
(each a region of one word). The exec form (``RUN ["…"]``) and a file whose escape character is
not ``\\`` are not read."""

from __future__ import annotations

import re
from pathlib import Path

from .host import host_kind

INSTRUCTION = re.compile(r"^[ \t]*(RUN|ENV|ARG)[ \t]+", re.MULTILINE | re.IGNORECASE)
OPTIONS = re.compile(r"(?:--[\w-]+(?:=\S*)?[ \t]+)*")
HEREDOC = re.compile(r"<<(-?)([\"']?)(\w+)\2")
PAIR = re.compile(r"([A-Za-z_]\w*)(?:=|[ \t]+)(\"[^\"\n]*\"|'[^'\n]*'|[^\s\\]+)")


def claims(path: Path, head, explicit: bool) -> bool:
    name = path.name.lower()
    return name in ("dockerfile", "containerfile") or name.startswith("dockerfile.") or name.endswith(".dockerfile")


def regions(text: str) -> list:
    from ..regions.lines import Layout, region_of
    from ..scan.shell import ShellScope
    from ..scan.shellwords import Env, quoted_word

    if re.match(r"(?:#[^\n]*\n)*#\s*escape\s*=\s*`", text):
        return []
    env, out = Env(), []
    for found in INSTRUCTION.finditer(text):
        start = OPTIONS.match(text, found.end()).end()
        end = _instruction_end(text, start)
        if found.group(1).upper() != "RUN":
            for pair in PAIR.finditer(text, start, end):
                value = (pair.start(2) + 1, pair.end(2) - 1) if pair.group(2)[:1] in "\"'" else pair.span(2)
                word = quoted_word(text[slice(*value)], env)
                out.append(region_of("shell", text, [(*value, Layout())], scope=ShellScope(env.copy(), pair.group(1), word)))
                env.set(pair.group(1), word)
            continue
        runs = [] if text.startswith("[", start) else _runs(text, start, end)
        if runs:
            out.append(region_of("shell", text, runs, scope=ShellScope(env.copy())))
    return out


def _instruction_end(text: str, start: int) -> int:
    """Where an instruction ends: its last continued line, or a here-document's terminator line."""
    line_end = _line_end(text, start)
    heredoc = HEREDOC.search(text, start, line_end)
    if heredoc is not None:
        closing = re.compile(rf"^[ \t]*{heredoc.group(3)}[ \t]*$" if heredoc.group(1) else rf"^{heredoc.group(3)}$",
                             re.MULTILINE)
        found = closing.search(text, line_end)
        return _line_end(text, found.end()) if found else len(text)
    at = start
    while True:  # a comment line inside the instruction is dropped and does not end it
        line_end = _line_end(text, at)
        line = text[at:line_end].strip()
        dropped = at > start and line.startswith("#")
        if not (dropped or line.endswith("\\")) or line_end >= len(text):
            return line_end
        at = line_end


def _runs(text: str, start: int, end: int) -> list:
    """The instruction's lines, a comment line inside it read as a blank line; ``RUN <<EOF``
    alone: the here-document's body."""
    from ..regions.lines import DROPPED, Layout

    first_end = _line_end(text, start)
    if HEREDOC.fullmatch(text[start:first_end].strip()):
        closing = text.rfind("\n", first_end, max(end - 1, first_end)) + 1  # the terminator's line
        return [(first_end, closing, Layout())] if closing > first_end else []
    runs, at = [], start
    while at < end:
        line_end = _line_end(text, at)
        comment = at > start and text[at:line_end].lstrip().startswith("#")
        runs.append((at, line_end, DROPPED if comment else Layout()))
        at = line_end
    return runs


def _line_end(text: str, at: int) -> int:
    """The offset after the line break that ends the line holding ``at``."""
    found = text.find("\n", at)
    return len(text) if found == -1 else found + 1


KIND = host_kind(
    "dockerfile", claims, regions, newlines="universal", examples={"dockerfile": "Dockerfile"}, title="Dockerfile",
)
