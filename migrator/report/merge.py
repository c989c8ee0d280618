"""``migrator report``: the results of many ``migrator check`` runs (one per repository) read
back, for one report over all of them.

A file holds either the object ``--output-format results`` writes (results.py: what was checked,
and the findings) or the array ``--output-format json`` writes (findings only, as results were
before the results format; what it checked is then not known). Every given file becomes a
``Result`` of its repository, whether it found anything or not, so that a clean repository stays
in the report; a finding keeps its ``repository``, and one without it takes its result's (the
object's ``repository``, else the file's name without ``.json``). Repositories a list says are
expected (``--expect``) and that have no result are reported as not audited.

An organisation's results add up to hundreds of thousands of findings, so nothing is held twice:

- A file is decoded one finding at a time (jsonread.py: ``JSONDecoder.raw_decode`` at each
  element of the findings' array), and each decoded object is dropped once it is a ``Reported``;
  the texts that findings repeat (code, message, url, file name, repository …) are interned, one
  string each, as ``frozen.py`` interns a checked finding's texts.
- A file nested more than MAX_DEPTH levels deep is refused, naming it, before it is decoded: a
  result nests 7 levels, and Python's decoder would otherwise give up with a RecursionError at a
  depth that depends on the interpreter.
- ``write_report`` writes the JSON formats (json, json-lines, gitlab, sarif) a finding at a
  time (jsonwrite.py). The other formats are rendered whole.
"""

from __future__ import annotations

import gc
import io
import json
import os
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TextIO

from ..checked import FilesChecked
from ..values import Reported
from .jsonread import DECODER, MAX_DEPTH, SPACE, ResultsError, decoded, findings_at, nesting
from .jsonwrite import Items, write_json, write_lines

__all__ = ["MAX_DEPTH", "Items", "Merged", "Result", "ResultsError", "expected", "load_merged", "load_results",
           "nesting", "read_result", "read_results", "report_to", "write_json", "write_report"]
RESULT = "a result of `migrator check --output-format results` or `json`"
SHAPE = "expected the array of `migrator check --output-format json` or the object of `--output-format results`"
LATER = "\0"  # a finding's repository while its result's is not known yet


@dataclass(frozen=True)
class Result:
    """One repository's audit: the file it was read from, what was checked (None: the result does
    not say), and, from a results object, the migrator version, the settings' digest and the
    findings the baseline hid (None: no baseline, or not said)."""

    repository: str
    source: str
    checked: FilesChecked | None = None
    version: str | None = None
    settings: str | None = None
    hidden: int | None = None


@dataclass(frozen=True)
class Merged:
    """The results of several runs merged: their findings, and each result."""

    findings: list[Reported]
    results: tuple[Result, ...]

    @property
    def checked(self) -> FilesChecked | None:
        """The files the results say they checked; None when none of them says."""
        known = [r.checked for r in self.results if r.checked is not None]
        return sum(known[1:], known[0]) if known else None

    def missing(self, expected: Iterable[str]) -> tuple[str, ...]:
        """The ``expected`` repositories that have no result, in their order."""
        audited = {r.repository for r in self.results}
        return tuple(name for name in dict.fromkeys(expected) if name not in audited)


def load_merged(paths: Iterable[str | os.PathLike[str]]) -> Merged:
    """Every file's findings, file by file, each in its file's order, and a result per
    repository (one per file, unless two files name the same repository).

    The cyclic garbage collector is paused meanwhile: what reading makes holds no cycle, so a
    collection frees nothing, and its passes over the findings read so far cost a fifth of the
    time of reading 200,000."""
    findings: list[Reported] = []
    results: dict[str, Result] = {}
    collecting = gc.isenabled()
    gc.disable()
    try:
        for path in paths:
            found, given = read_result(path)
            findings += found
            for result in given:
                results[result.repository] = _joined(results.get(result.repository), result)
    finally:
        if collecting:
            gc.enable()
    return Merged(findings, tuple(results.values()))


def _joined(before: Result | None, result: Result) -> Result:
    if before is None:
        return result
    checked = before.checked + result.checked if before.checked and result.checked else before.checked or result.checked
    return replace(before, checked=checked, source=f"{before.source}, {result.source}")


def load_results(paths: Iterable[str | os.PathLike[str]]) -> list[Reported]:
    """The findings of every file, file by file, each in its file's order."""
    return load_merged(paths).findings


def read_results(path: str | os.PathLike[str]) -> list[Reported]:
    """The findings of one file."""
    return read_result(path)[0]


def read_result(path: str | os.PathLike[str]) -> tuple[list[Reported], list[Result]]:
    """The findings of one file and its results: the object's, or for an array one per
    repository its findings name (the file's name without ``.json`` when they name none)."""
    text = decoded(path, RESULT)
    default = Path(path).name.removesuffix(".json")
    at = SPACE.match(text).end()
    try:
        if text[at:at + 1] == "[":
            findings, end = findings_at(text, at, f"{path}: ", default)
            _end(text, end)
            named = dict.fromkeys(f.repository or default for f in findings) or {default: None}
            return findings, [Result(name, str(path)) for name in named]
        if text[at:at + 1] == "{":
            return _object(text, at, path, default)
        json.loads(text)  # not JSON: its error; JSON: neither an array nor an object
        raise ResultsError(f"{path}: {SHAPE}")
    except json.JSONDecodeError as exc:
        try:
            json.loads(text)  # the error json.loads gives, where it gives it
        except json.JSONDecodeError as canonical:
            exc = canonical
        raise ResultsError(f"{path}: not JSON ({exc})") from None
    except RecursionError:  # only under a recursion limit far below MAX_DEPTH
        raise ResultsError(f"{path}: nested too deeply to decode") from None


def _end(text: str, at: int) -> None:
    if (end := SPACE.match(text, at).end()) != len(text):
        raise json.JSONDecodeError("Extra data", text, end)


def _object(text: str, at: int, path, default: str) -> tuple[list[Reported], list[Result]]:
    """A results object: its members decoded whole, but for the findings, a finding at a time.
    ``tool`` must come before ``findings`` (results.py writes it first)."""
    meta: dict[str, Any] = {}
    findings: list[Reported] = []
    at = SPACE.match(text, at + 1).end()
    while text[at:at + 1] != "}":  # the loop ends at the "}" after a member, or of "{}"
        key, at = _key(text, at)
        if key == "findings" and meta.get("tool") == "migrator" and text[at:at + 1] == "[":
            findings, at = findings_at(text, at, f"{path}: findings", _text(meta, "repository", path) or LATER)
        else:
            meta[key], at = DECODER.raw_decode(text, at)
        at = SPACE.match(text, at).end()
        if text[at:at + 1] == "}":
            break
        if text[at:at + 1] != ",":
            raise json.JSONDecodeError("Expecting ',' delimiter", text, at)
        at = SPACE.match(text, at + 1).end()
        if text[at:at + 1] != '"':  # a trailing comma, as json.loads refuses it
            raise json.JSONDecodeError("Expecting property name enclosed in double quotes", text, at)
    _end(text, at + 1)
    if meta.get("tool") != "migrator" or "findings" in meta:
        raise ResultsError(f"{path}: {SHAPE}")
    result = Result(_text(meta, "repository", path) or default, str(path), _checked(meta.get("files_checked"), path),
                    _text(meta, "version", path), _text(meta, "settings", path), _count(meta, path))
    if any(f.repository == LATER for f in findings):
        findings = [replace(f, repository=result.repository) if f.repository == LATER else f for f in findings]
    return findings, _each(meta.get("repositories"), result, path) or [result]


def _each(repositories: Any, run: Result, path) -> list[Result]:
    """``repositories``: a result per repository the run covered, with its files checked and
    the run's version, settings and baseline."""
    if repositories is None:
        return []
    if type(repositories) is not list or not all(type(r) is dict for r in repositories):
        raise ResultsError(f"{path}: repositories: expected an array of {{\"repository\", \"files_checked\"}}")
    return [replace(run, repository=_text(r, "repository", path) or run.repository,
                    checked=_checked(r.get("files_checked"), path)) for r in repositories]


def _key(text: str, at: int) -> tuple[str, int]:
    """The member name at ``text[at]`` and the offset of its value."""
    if text[at:at + 1] != '"':
        raise json.JSONDecodeError("Expecting property name enclosed in double quotes", text, at)
    key, at = DECODER.raw_decode(text, at)
    at = SPACE.match(text, at).end()
    if text[at:at + 1] != ":":
        raise json.JSONDecodeError("Expecting ':' delimiter", text, at)
    return key, SPACE.match(text, at + 1).end()


def _text(meta: dict, key: str, path) -> str | None:
    value = meta.get(key)
    if value is None or type(value) is str:
        return value
    raise ResultsError(f"{path}: {key}: expected a string or null, got {value!r}")


def _count(meta: dict, path) -> int | None:
    value = meta.get("hidden_by_baseline")
    if value is None or (type(value) is int and value >= 0):
        return value
    raise ResultsError(f"{path}: hidden_by_baseline: expected a count or null, got {value!r}")


def _checked(value: Any, path) -> FilesChecked | None:
    """``files_checked``: ``{"total": N, "by_kind": {kind: N}}``, or null."""
    if value is None:
        return None
    kinds = value.get("by_kind") if type(value) is dict else None
    if type(kinds) is not dict or not all(type(n) is int and n >= 0 for n in kinds.values()):
        raise ResultsError(f"{path}: files_checked: expected {{\"total\": N, \"by_kind\": {{kind: N}}}}, got {value!r}")
    return FilesChecked.of(kinds)


def expected(path: str | os.PathLike[str]) -> list[str]:
    """``--expect FILE``: the repositories listed, one a line (``group/subgroup/project``);
    blank lines and ``#`` comments are left out."""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise ResultsError(f"{path}: cannot read: {getattr(exc, 'strerror', None) or 'not UTF-8'}") from None
    return [name for line in lines if (name := line.split("#", 1)[0].strip())]


# ---------------------------------------------------------------- writing
def write_report(fmt: str, merged: Merged | Sequence[Reported], stream: TextIO, missing: Sequence[str] = ()) -> None:
    """The merged report in ``fmt``, written to ``stream``: exactly what ``report.render`` returns
    for its context, the JSON formats written a finding at a time. ``missing``: the expected
    repositories that have no result."""
    from ..ruletable import load_table
    from . import render
    from .context import ReportContext

    if not isinstance(merged, Merged):
        merged = Merged(list(merged), ())
    context = ReportContext.of(merged.findings, load_table(), checked=merged.checked, results=merged.results,
                               missing=tuple(missing))
    if fmt == "json-lines":
        from .jsonout import as_dict

        write_lines(map(as_dict, context.findings), stream)
    elif (document := _document(fmt, context)) is not None:
        write_json(document, stream)
    else:
        stream.write(render(fmt, context))


def report_to(output_file: str | None, fmt: str, merged: Merged, missing: Sequence[str] = ()) -> None:
    """``write_report`` to stdout, or to ``output_file`` as ``check --output-file`` writes
    (output.write)."""
    if output_file is None:
        write_report(fmt, merged, sys.stdout, missing)
        return
    from .output import write

    buffer = io.StringIO()
    write_report(fmt, merged, buffer, missing)
    write(buffer.getvalue(), output_file)


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
        examples: dict[str, Reported] = {}
        for finding in findings:
            examples.setdefault(finding.code, finding)
        log = sarif.log(replace(context, findings=tuple(examples.values())))
        run = log["runs"][0]
        index = {rule["id"]: i for i, rule in enumerate(run["tool"]["driver"]["rules"])}
        run["results"] = Items(sarif.result(f, index[f.code], p, context)
                               for f, p in zip(findings, fingerprints(findings), strict=True))
        return log
    return None
