"""Markdown documents (``*.md``, ``*.markdown``): a runbook's fenced ``curl`` example, a guide's
``python`` snippet. Each fenced block (``` or ~~~) whose language migrator reads is a region
(migrator/regions) of that kind, found with markdown-it-py (CommonMark: fences in list items and
block quotes, with exact line maps): ``python``, ``sh``/``bash``/``shell``, ``console`` (its
``$ `` prompts read, output lines skipped), ``yaml`` shaped like a pipeline (CI YAML), ``json``,
``http`` (requests, as in a .http file) and the client languages. Prose and inline code are not read.

A fenced block is suppressed by ``<!-- migrator: ignore[CODES] -->`` on the line before it; inside
a block, its language's own comments suppress too (``# noqa`` in a ``python`` block). Docs should
show the v5 way, so a safe fix inside a block is applied as in a file of its kind; a block indented
in a list item keeps its indentation.
"""

from __future__ import annotations

import re
from pathlib import Path

from .host import host_kind

SUFFIXES = (".md", ".markdown")
LANGUAGES = {
    **dict.fromkeys(("python", "py", "python3", "py3"), "python"),
    **dict.fromkeys(("sh", "bash", "shell", "zsh", "ksh"), "shell"),
    **dict.fromkeys(("console", "shell-session", "sh-session", "shellsession", "terminal"), "console"),
    **dict.fromkeys(("yaml", "yml"), "yaml"),
    **dict.fromkeys(("json", "jsonc", "json5"), "json"),
    **dict.fromkeys(("javascript", "js", "jsx", "typescript", "ts", "tsx", "mjs"), "javascript"),
    **dict.fromkeys(("go", "golang"), "go"),
    **dict.fromkeys(("ruby", "rb"), "ruby"),
    "java": "java",
    **dict.fromkeys(("http", "rest"), "http"),
}
PROMPT = re.compile(r"[ \t]*\$[ \t]")
COMMENT = re.compile(r"[ \t]*<!--")


def claims(path: Path, head, explicit: bool) -> bool:
    return path.suffix.lower() in SUFFIXES


def kind_of_block(language: str, content: str) -> str | None:
    """The kind a block of this language is read as (a YAML block only when it is a pipeline or a
    recording, shaped as one), or None when migrator does not read it."""
    word = re.split(r"[\s{},]", language.strip().lstrip("{.").lower(), maxsplit=1)[0] if language.strip() else ""
    kind = LANGUAGES.get(word)
    if kind == "yaml":
        from .cassette import recording
        from .ci import pipeline_shaped

        return "cassette" if recording(content) else "ci" if pipeline_shaped(content) else None
    return kind


def regions(text: str) -> list:
    from markdown_it import MarkdownIt

    from ..regions.lines import Layout, Mismatch

    starts = line_starts(text)
    found = []
    for token in MarkdownIt("commonmark").parse(text):
        if token.type != "fence" or token.map is None:
            continue
        kind = kind_of_block(token.info, token.content)
        first, last = token.map
        closed = last - 1 > first and _closes(text, starts, last - 1, token.markup)
        content = (starts[first + 1], min(starts[last - 1 if closed else last], len(text)))
        if kind is None or content[0] >= content[1]:
            continue
        opening = text[starts[first]:starts[first + 1]]
        prefix = opening[:len(opening) - len(opening.lstrip(" \t>"))]
        try:
            found.append(block(text, content, kind, Layout(prefix), token.content))
        except Mismatch:
            continue  # a line indented less than the fence (CommonMark reads it anyway): left unread
    return found


def block(text: str, content: tuple[int, int], kind: str, layout, expected: str | None = None):
    """One block's region: its lines less the block's prefix; a console's prompts taken off its
    command lines, its output read as blank lines. ``expected``: the text the document's own
    parser reads there (CommonMark's), which the region must be."""
    from ..regions.lines import Layout, Mismatch, by_length, region_of
    from . import by_name

    if kind != "console":
        region = region_of(kind, text, [(*content, layout)], by_length(by_name(kind).placeholder))
        if expected is not None and region.text != expected:
            raise Mismatch("the block's lines read otherwise than CommonMark reads them")
        return region
    runs, continued = [], False
    segment = text[content[0]:content[1]]
    starts = [m.start() for m in re.finditer(r"^", segment, re.MULTILINE) if m.start() < len(segment)]
    for index, offset in enumerate(starts):
        start = content[0] + offset
        end = content[0] + starts[index + 1] if index + 1 < len(starts) else content[1]
        line = text[start:end].rstrip("\r\n")
        body = line[len(layout.prefix):] if line.startswith(layout.prefix) else line
        prompt = PROMPT.match(body)
        if prompt or continued:
            lead = layout.prefix + (body[:prompt.end()] if prompt else "")
            runs.append((start, end, Layout(lead)))
            continued = line.endswith("\\")
        else:
            runs.append((start, end, None))
    return region_of("shell", text, runs, by_length(by_name("shell").placeholder))


def _closes(text: str, starts: list[int], row: int, markup: str) -> bool:
    end = starts[row + 1] if row + 1 < len(starts) else len(text)
    return text[starts[row]:end].strip(" \t>\r\n").startswith(markup)


def line_starts(text: str) -> list[int]:
    """Where each line starts (CommonMark's line breaks: LF, CRLF, CR), and the text's end."""
    return [0] + [m.end() for m in re.finditer(r"\r\n|\n|\r", text)] + [len(text) + 1]


def reach(text: str, row: int) -> int:
    """The last row a suppression on ``row`` covers: the fenced block that starts on the next
    row, whole; else its own row."""
    starts = line_starts(text)
    if row >= len(starts) - 1:
        return row
    following = text[starts[row]:starts[row + 1]] if row + 1 < len(starts) else ""
    fence = re.match(r"[ \t>]*(`{3,}|~{3,})", following)
    if fence is None:
        return row
    for last in range(row + 1, len(starts) - 1):
        line = text[starts[last]:starts[last + 1]]
        if line.strip(" \t>\r\n").startswith(fence.group(1)):
            return last + 1
    return len(starts) - 1


KIND = host_kind(
    "markdown", claims, regions, comment="<!--", strings="markdown", examples={"markdown": "README.md"},
    title="Markdown", reach=reach, styles=("snake", "camel", "pascal"),  # a block may be in any client language
)
