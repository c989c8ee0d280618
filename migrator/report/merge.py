"""``migrator report --merge``: the JSON results of many ``migrator check --output-format json``
runs (one per repository) read back into findings, for one report over all of them.

Each file holds the array ``jsonout`` writes. Every finding keeps its ``repository``; a result
written before that field existed takes the file's name without ``.json`` as its repository.
Fields this reader does not know are skipped (fields are only ever added); a missing or malformed
field is an error naming the file, the finding's index and the field.

An organisation's results add up to hundreds of thousands of findings, so nothing is held twice:

- A file is decoded one finding at a time (``JSONDecoder.raw_decode`` at each element of the
  array), and each decoded object is dropped once it is a ``Finding``; the texts that findings
  repeat (code, message, url, file name, repository …) are interned, one string each, as
  ``frozen.py`` interns a checked finding's texts.
- A file nested more than MAX_DEPTH levels deep is refused, naming it, before it is decoded: a
  result nests 6 levels, and Python's decoder would otherwise give up with a RecursionError at a
  depth that depends on the interpreter.
- ``write_report`` writes the JSON formats (json, json-lines, gitlab, sarif) a finding at a
  time: ``write_json`` writes the text ``json.dumps(document, indent=2, ensure_ascii=False)``
  returns, character for character, with the array of findings made as it is written (``Items``)
  and about twice as fast (the standard library encodes indented JSON in Python, through a
  generator per value). The other formats are rendered whole.
"""

from __future__ import annotations

import gc
import json
import os
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import accumulate
from pathlib import Path
from sys import intern
from typing import Any, TextIO

from ..values import APPLICABILITIES, EVIDENCE_ORDER, SEVERITIES, Edit, Finding, Fix, Position, Span

MAX_DEPTH = 100  # levels of arrays and objects; a result nests 6 (an edit's location), a baseline 2
STRUCTURE = bytes(sorted(set(range(256)) - set(b'[]{}"')))  # the bytes nesting() deletes
ESCAPE = re.compile(rb"\\.", re.S)
STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}
SPACE = re.compile(r"[ \t\n\r]*")
DECODER = json.JSONDecoder()


class ResultsError(ValueError):
    """A results file cannot be read or is not ``migrator check`` JSON; the message names it."""


def nesting(data: bytes) -> int:
    """How deep the arrays and objects of the JSON ``data`` nest, found without decoding it:
    whole-buffer byte operations and one pass over the brackets outside strings. (No byte of a
    multi-byte UTF-8 character is ASCII, so the bytes are read as the text is.)"""
    if b"\\" in data:  # escaped characters (a quote, a backslash) neither open nor close a string
        data = ESCAPE.sub(b"", data)
    # Brackets and quotes only; then each string without a bracket is "" (two quotes side by
    # side can go, wherever they are: every other character stays inside or outside a string).
    skeleton = data.translate(None, STRUCTURE).replace(b'""', b"")
    if b'"' in skeleton:
        skeleton = b"".join(skeleton.split(b'"')[::2])  # what lies between strings
    return max(accumulate(map(STEP.__getitem__, skeleton)), default=0)


def load_results(paths: Iterable[str | os.PathLike[str]]) -> list[Finding]:
    """The findings of every file, file by file, each in its file's order.

    The cyclic garbage collector is paused meanwhile: what reading makes holds no cycle, so a
    collection frees nothing, and its passes over the findings read so far cost a fifth of the
    time of reading 200,000."""
    findings: list[Finding] = []
    collecting = gc.isenabled()
    gc.disable()
    try:
        for path in paths:
            findings += read_results(path)
    finally:
        if collecting:
            gc.enable()
    return findings


def read_results(path: str | os.PathLike[str]) -> list[Finding]:
    """The findings of one file."""
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise ResultsError(f"{path}: cannot read: {exc.strerror}") from None
    if nesting(data) > MAX_DEPTH:
        raise ResultsError(f"{path}: not a result of `migrator check --output-format json`: "
                           f"nested more than {MAX_DEPTH} levels deep")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ResultsError(f"{path}: not JSON ({exc})") from None
    del data
    default = Path(path).name.removesuffix(".json")
    try:
        return [_finding(item, f"{path}: [{index}]", default) for index, item in enumerate(_elements(text))]
    except json.JSONDecodeError as exc:
        raise ResultsError(f"{path}: not JSON ({exc})") from None
    except _NotAnArray:
        raise ResultsError(f"{path}: expected the array of `migrator check --output-format json`") from None
    except RecursionError:  # only under a recursion limit far below MAX_DEPTH
        raise ResultsError(f"{path}: nested too deeply to decode") from None


class _NotAnArray(Exception):
    pass


def _elements(text: str) -> Iterator[Any]:
    """The elements of the JSON array ``text``, decoded one at a time (the errors of
    ``json.loads``, at the same places)."""
    at = SPACE.match(text).end()
    if text[at:at + 1] != "[":
        json.loads(text)  # not JSON: its error; JSON: not an array
        raise _NotAnArray
    at = SPACE.match(text, at + 1).end()
    if text[at:at + 1] == "]":
        at += 1
    else:
        while True:
            item, at = DECODER.raw_decode(text, at)
            yield item
            at = SPACE.match(text, at).end()
            if text[at:at + 1] == "]":
                at += 1
                break
            if text[at:at + 1] != ",":
                raise json.JSONDecodeError("Expecting ',' delimiter", text, at)
            at = SPACE.match(text, at + 1).end()
    if (end := SPACE.match(text, at).end()) != len(text):
        raise json.JSONDecodeError("Extra data", text, end)


def _finding(item: Any, where: str, repository: str) -> Finding:
    if type(item) is not dict:
        raise ResultsError(f"{where}: expected an object, got {item!r}")
    item_key = _text(item, "item", where, optional=True)
    url = _text(item, "url", where, optional=True)
    return Finding(
        code=intern(_text(item, "code", where)),
        name=intern(_text(item, "name", where)),
        item=None if item_key is None else intern(item_key),
        message=intern(_text(item, "message", where)),
        severity=_choice(item, "severity", SEVERITIES, where),
        evidence=_choice(item, "evidence", EVIDENCE_ORDER, where),
        filename=intern(_text(item, "filename", where)),
        span=Span(_position(item.get("location"), f"{where}.location"),
                  _position(item.get("end_location"), f"{where}.end_location")),
        url=None if url is None else intern(url),
        fix=_fix(item.get("fix"), f"{where}.fix"),
        source_line=_text(item, "source_line", where, optional=True) or "",
        repository=intern(_text(item, "repository", where, optional=True) or repository),
    )


def _text(item: dict, key: str, where: str, optional: bool = False) -> str | None:
    value = item.get(key)
    if type(value) is str or (value is None and optional):
        return value
    raise ResultsError(f"{where}.{key}: expected a string, got {value!r}")


def _choice(item: dict, key: str, allowed: tuple[str, ...], where: str) -> str:
    """One of ``allowed`` (the allowed string itself, so every finding shares it)."""
    value = _text(item, key, where)
    if value not in allowed:
        raise ResultsError(f"{where}.{key}: {value!r} is not one of {', '.join(allowed)}")
    return allowed[allowed.index(value)]


def _position(value: Any, where: str) -> Position:
    if type(value) is dict:
        row, column = value.get("row"), value.get("column")
        if type(row) is int and type(column) is int and row >= 1 and column >= 1:
            return Position(row, column)
    raise ResultsError(f"{where}: expected {{\"row\": N, \"column\": N}} (1-based), got {value!r}")


def _fix(value: Any, where: str) -> Fix | None:
    if value is None:
        return None
    if type(value) is not dict:
        raise ResultsError(f"{where}: expected an object or null, got {value!r}")
    edits = value.get("edits", [])
    if type(edits) is not list:
        raise ResultsError(f"{where}.edits: expected an array, got {edits!r}")
    return Fix(
        applicability=_choice(value, "applicability", APPLICABILITIES, where),
        message=intern(_text(value, "message", where)),
        edits=tuple(_edit(edit, f"{where}.edits[{i}]") for i, edit in enumerate(edits)),
    )


def _edit(value: Any, where: str) -> Edit:
    if type(value) is not dict:
        raise ResultsError(f"{where}: expected an object, got {value!r}")
    # A merged result is only reported, never applied: the edit keeps its rows and columns, and
    # has no offsets into a text that is not here.
    return Edit(intern(_text(value, "content", where)), 0, 0,
                Span(_position(value.get("location"), f"{where}.location"),
                     _position(value.get("end_location"), f"{where}.end_location")))


# ---------------------------------------------------------------- writing
def write_report(fmt: str, findings: Sequence[Finding], stream: TextIO) -> None:
    """The merged findings' report in ``fmt``, written to ``stream``: exactly what
    ``report.render(fmt, findings)`` returns, the JSON formats written a finding at a time."""
    from ..ruletable import load_table
    from . import render
    from .context import ReportContext

    context = ReportContext.of(findings, load_table())
    if fmt == "json-lines":
        from .jsonout import as_dict

        write_lines(map(as_dict, context.findings), stream)
    elif (document := _document(fmt, context)) is not None:
        write_json(document, stream)
    else:
        stream.write(render(fmt, context))


def _document(fmt: str, context) -> Any:
    """The JSON document of ``fmt``, its array of findings (results, issues) made as it is
    written; None for a format that is not JSON."""
    from .fingerprint import fingerprints

    findings = context.findings
    if fmt == "json":
        from .jsonout import as_dict

        return Items(map(as_dict, findings))
    if fmt == "gitlab":
        from .gitlab import issue

        return Items(map(issue, findings, fingerprints(findings)))
    if fmt == "sarif":
        from . import sarif

        # The log of one finding per rule gives everything but the results: the rules, in the
        # order the results' ruleIndex counts, and the invocation.
        examples: dict[str, Finding] = {}
        for finding in findings:
            examples.setdefault(finding.code, finding)
        log = sarif.log(replace(context, findings=tuple(examples.values())))
        run = log["runs"][0]
        index = {rule["id"]: i for i, rule in enumerate(run["tool"]["driver"]["rules"])}
        run["results"] = Items(sarif.result(f, index[f.code], p, context)
                               for f, p in zip(findings, fingerprints(findings), strict=True))
        return log
    return None


# ---------------------------------------------------------------- JSON, a piece at a time
INDENT = "  "
CHUNK = 4096  # pieces of text written at once
encode_string = json.encoder.encode_basestring  # ensure_ascii=False: the C function json.dumps uses


@dataclass(frozen=True)
class Items:
    """A JSON array whose elements are made as ``write_json`` writes them."""

    elements: Iterable[Any]


def write_lines(records: Iterable[Any], stream: TextIO) -> None:
    """Each record as one compact line, as json-lines renders them."""
    out: list[str] = []
    for record in records:
        out.append(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")
        if len(out) >= CHUNK:
            stream.write("".join(out))
            out.clear()
    stream.write("".join(out))


def write_json(document: Any, stream: TextIO) -> None:
    """``json.dumps(document, indent=2, ensure_ascii=False) + "\\n"`` written to ``stream`` in
    chunks, ``Items`` written as arrays."""
    out: list[str] = []
    _value(document, 0, out, stream)
    out.append("\n")
    stream.write("".join(out))


def _value(value: Any, level: int, out: list[str], stream: TextIO) -> None:
    kind = type(value)
    if kind is str:
        out.append(encode_string(value))
    elif kind is dict:
        _object(value, level, out, stream)
    elif kind is list or kind is tuple or kind is Items:
        _array(value.elements if kind is Items else value, level, out, stream)
    elif isinstance(value, dict) and not isinstance(value, str):
        _object(value, level, out, stream)
    elif isinstance(value, (list, tuple)):
        _array(value, level, out, stream)
    else:
        out.append(_scalar(value))


def _object(value: dict, level: int, out: list[str], stream: TextIO) -> None:
    if not value:
        out.append("{}")
        return
    inner = "\n" + INDENT * (level + 1)
    glue = "{" + inner
    for key, item in value.items():
        key = encode_string(key) if type(key) is str else _key(key)
        kind = type(item)
        if kind is str:
            out.append(f"{glue}{key}: {encode_string(item)}")
        elif item is None:
            out.append(f"{glue}{key}: null")
        elif kind is int:
            out.append(f"{glue}{key}: {int.__repr__(item)}")
        else:
            out.append(f"{glue}{key}: ")
            _value(item, level + 1, out, stream)
        glue = "," + inner
    out.append("\n" + INDENT * level + "}")


def _array(elements: Iterable[Any], level: int, out: list[str], stream: TextIO) -> None:
    inner = "\n" + INDENT * (level + 1)
    glue = "[" + inner
    for element in elements:
        out.append(glue)
        _value(element, level + 1, out, stream)
        glue = "," + inner
        if len(out) >= CHUNK:
            stream.write("".join(out))
            out.clear()
    out.append("[]" if glue[0] == "[" else "\n" + INDENT * level + "]")


def _scalar(value: Any) -> str:
    """A value that holds no other, as ``json.dumps`` writes it (a str or int subclass, such as
    an enum, as its value)."""
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, str):
        return encode_string(value)
    if isinstance(value, int):
        return int.__repr__(value)
    return json.dumps(value)  # a float (NaN, Infinity as json writes them); anything else: its TypeError


def _key(key: Any) -> str:
    """A key that is not a str, as ``json.dumps`` turns it into one (``true``, ``1.5``)."""
    return json.dumps({key: None}, ensure_ascii=False)[1:-7]
