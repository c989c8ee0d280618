"""Jupyter notebooks (``*.ipynb``) of a Python kernel: each code cell is a region of Python, its
``!`` lines and line magics (``%pip``) read as comments; each ``!`` line is a region of shell too,
and a ``%%bash`` (``%%sh``, ``%%script bash``) cell is all shell. A cell's text is the JSON strings
of its ``source``, each one a piece of the region: a fix is written back into the string it falls
in, escaped as JSON, so the notebook keeps its layout (an edit across two lines is not made). Cell
outputs are not read. Findings are told by cell as ruff tells them (``nb.ipynb:cell 3:2:5``;
pipeline.in_cells, values.Cell); reports that point into the file itself (SARIF, Code Quality,
GitHub annotations) keep the notebook's own rows and columns.
"""

from __future__ import annotations

import re
from pathlib import Path

from .host import host_kind

SHELL_CELL = re.compile(r"%%(?:bash|sh|script[ \t]+(?:ba)?sh)\b")
NOT_PYTHON_CELL = re.compile(r"%%(?!time|timeit|capture|prun)\w")  # %%html, %%writefile …: no Python
MAGIC = re.compile(r"^[ \t]*([!%])", re.MULTILINE)


def claims(path: Path, head, explicit: bool) -> bool:
    return path.suffix.lower() == ".ipynb"


def cells(text: str) -> list:
    """The source nodes of the code cells (jsonpos: a string, or an array of strings), in order,
    each with the cell's number (1-based, counting every cell, as Jupyter numbers them); none when
    the notebook's kernel is no Python."""
    from ..scan import jsonpos
    from ..values import ScanError

    try:
        doc = jsonpos.parse(text)
    except jsonpos.JsonError as exc:
        raise ScanError.at(f"notebook JSON: {exc.message}", exc.offset) from None
    if doc.kind != jsonpos.OBJECT or not _python(doc):
        return []
    listed = doc.get("cells")
    found = []
    for number, cell in enumerate(listed.value if listed is not None and listed.kind == jsonpos.ARRAY else (), 1):
        kind = cell.get("cell_type") if cell.kind == jsonpos.OBJECT else None
        source = cell.get("source") if kind is not None and kind.value == "code" else None
        if source is not None:
            lines = source.value if source.kind == jsonpos.ARRAY else [source]
            found.append((number, [line for line in lines if isinstance(line.value, str)]))
    return found


def _python(doc) -> bool:
    metadata = doc.get("metadata")
    for path in (("kernelspec", "language"), ("language_info", "name")):
        node = metadata
        for key in path:
            node = node.get(key) if node is not None and node.kind == "object" else None
        if node is not None and isinstance(node.value, str):
            return node.value.lower() == "python"
    return True


def regions(text: str) -> list:
    out = []
    for number, lines in cells(text):
        if not lines:
            continue
        first = lines[0].value.lstrip()
        if SHELL_CELL.match(first):
            out.append(_cell(text, lines, "shell", number))  # its %%bash line read as a comment
            continue
        if NOT_PYTHON_CELL.match(first):
            continue
        out.append(_cell(text, lines, "python", number))
        for line in lines:
            bang = re.match(r"[ \t]*!", line.value)
            if bang:
                script = _JsonLines(text, "shell", number)
                script.add(line, skip=bang.end())
                out.append(script.region())
    return out


def _cell(text: str, lines: list, kind: str, number: int):
    script = _JsonLines(text, kind, number)
    for line in lines:
        script.add(line, magics=True)
    return script.region()


class _JsonLines:
    """A cell's source strings joined into one text, each a ``json`` piece; a ``!`` or ``%`` that
    starts a line (a magic, a shell line of a Python cell) is read as ``#`` (a placeholder: never
    edited)."""

    def __init__(self, text: str, kind: str, number: int):
        from ..source.maps import Joined

        self.text, self.kind, self.number = text, kind, number
        self.joined = Joined(text)
        self.pieces: list = []
        self.holes: list = []

    def add(self, node, magics: bool = False, skip: int = 0) -> None:
        from ..regions import Piece
        from ..scan.jsonpos import string_map
        from ..source.maps import OffsetMap

        omap = string_map(self.text, node)
        value = node.value
        if omap is None:
            raise ValueError("a source string that does not decode")
        at = self.joined.length
        if skip:
            omap = OffsetMap([(0, omap(skip))] + [(d - skip, r) for d, r in zip(omap.decoded, omap.raw) if d > skip])
            value = value[skip:].rstrip("\n")
        elif magics:
            for found in MAGIC.finditer(value):
                self.holes.append((at + found.start(1), at + found.end(1)))
            value = MAGIC.sub(lambda m: m.group()[:-1] + "#", value)
        self.joined.add(value, omap, node.start, separator="")
        form, where = ("json-part", (node, skip)) if skip else ("json", node)
        self.pieces.append(Piece(at, at + len(value), (node.start, node.end), form, where))

    def region(self):
        from ..regions import Region

        span = (self.pieces[0].span[0], self.pieces[-1].span[1])
        return Region(self.kind, span, self.joined.joined(), self.joined, tuple(self.holes), scope=None,
                      pieces=tuple(self.pieces), cell=self.number)


def parses(text: str) -> None:
    """The notebook is JSON with a list of cells (nbformat's shape, as far as a fix can change it)."""
    import json

    notebook = json.loads(text)
    if not isinstance(notebook, dict) or not isinstance(notebook.get("cells", []), list):
        raise ValueError("no list of cells")


KIND = host_kind(
    "notebook", claims, regions, comment=None, validator=parses, examples={"notebook": "analysis.ipynb"},
    title="Jupyter notebook", styles=("snake",),
)
