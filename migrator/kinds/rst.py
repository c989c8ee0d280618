"""reStructuredText documents (``*.rst``): each ``.. code-block::`` (or ``.. code::``,
``.. sourcecode::``) directive whose language migrator reads is a region of that kind, as a
Markdown fence is (kinds/markdown.py names the languages): its content lines, less their
indentation, after the directive's options. A literal block (a paragraph ending in ``::``, and a
code-block naming no language) is in the language ``.. highlight::`` last named, else Python, as
Sphinx reads it; a block that is no Python is then read for endpoint URLs only. Prose is not read. A block is suppressed by ``.. migrator: ignore[CODES]`` on the line before
its directive; inside, by its language's own comments."""

from __future__ import annotations

import re
from pathlib import Path

from .host import host_kind

DIRECTIVE = re.compile(r"^([ \t]*)\.\.[ \t]+(?:code-block|code|sourcecode)::[ \t]*(\S*)[^\r\n]*(?:\r\n|\n|\r|$)",
                       re.MULTILINE)
LITERAL = re.compile(r"^([ \t]*)(?!\.\.[ \t])[^\r\n]*::[ \t]*(?:\r\n|\n|\r)", re.MULTILINE)
HIGHLIGHT = re.compile(r"^[ \t]*\.\.[ \t]+highlight::[ \t]*(\S+)", re.MULTILINE)
DEFAULT = "python"  # Sphinx's highlight language when a document names none
OPTION = re.compile(r"[ \t]*:[\w-]+:")


def claims(path: Path, head, explicit: bool) -> bool:
    return path.suffix.lower() == ".rst"


def regions(text: str) -> list:
    from ..regions.lines import Layout, Mismatch
    from .markdown import block, kind_of_block

    found = []
    highlights = [(m.start(), m.group(1)) for m in HIGHLIGHT.finditer(text)]
    blocks = [(m, m.group(2) or _highlight(highlights, m.start())) for m in DIRECTIVE.finditer(text)]
    blocks += [(m, _highlight(highlights, m.start())) for m in LITERAL.finditer(text)]
    for directive, language in sorted(blocks, key=lambda b: b[0].start()):
        body = content(text, directive.end(), len(directive.group(1)))
        if body is None:
            continue
        start, end, indent = body
        kind = kind_of_block(language, _dedented(text[start:end], indent))
        if kind is None:
            continue
        try:
            found.append(block(text, (start, end), kind, Layout(" " * indent)))
        except Mismatch:
            continue
    return found


def _highlight(highlights: list[tuple[int, str]], at: int) -> str:
    """The language of a block that names none: the last ``.. highlight::`` before it, else Python."""
    return next((language for start, language in reversed(highlights) if start < at), DEFAULT)


def content(text: str, at: int, directive_indent: int) -> tuple[int, int, int] | None:
    """(start, end, indentation) of a directive's content: past its options and the blank line,
    the lines indented more than the directive (blank ones among them), trailing blanks left out."""
    lines = [(m.start(), m.end(), m.group()) for m in re.finditer(r"[^\r\n]*(?:\r\n|\n|\r)|[^\r\n]+$", text[at:])]
    index = 0
    while index < len(lines) and OPTION.match(lines[index][2]):
        index += 1
    start = end = indent = None
    for a, b, line in lines[index:]:
        if not line.strip():
            continue
        lead = len(line) - len(line.lstrip(" "))
        if indent is None:
            if lead <= directive_indent:
                return None
            start, indent = at + a, lead
        elif lead < indent:
            break
        end = at + b
    return (start, end, indent) if start is not None and end is not None and indent is not None else None


def _dedented(block: str, indent: int) -> str:
    return "".join(line[indent:] for line in block.splitlines(keepends=True))


def reach(text: str, row: int) -> int:
    """The last row a suppression on ``row`` covers: the block of the directive that follows it
    (past blank lines), whole; else its own row."""
    lines = text.splitlines(keepends=True)
    index = row
    while index < len(lines) and not lines[index].strip():
        index += 1
    following = DIRECTIVE.match(lines[index]) if index < len(lines) else None
    if following is None:
        return row
    at = sum(map(len, lines[:index + 1]))
    body = content(text, at, len(following.group(1)))
    return text.count("\n", 0, body[1] - 1) + 1 if body else row


KIND = host_kind(
    "rst", claims, regions, comment="..", strings="rst", examples={"rst": "guide.rst"},
    title="reStructuredText", reach=reach, styles=("snake", "camel", "pascal"),  # a block may be in any language
)
