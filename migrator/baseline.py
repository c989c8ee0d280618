"""Baselines: adopt migrator on a repository that already has findings, and fail only on new ones.

``migrator check --write-baseline [FILE]`` records the current findings; ``--baseline FILE`` (or
the configuration's ``baseline`` key, which ``check``, ``fix``, the pre-commit hooks and a CI job
all read) reports only the findings that are not in it, and the exit status counts only those.
Findings are matched by fingerprint (`migrator.report.fingerprint`: code, path, matched text and
occurrence index, no line numbers).

The file is JSON, sorted by path, code and text so that it diffs well and reads under review::

    {
      "version": 2,
      "findings": [
        {"path": "gladmin/runners.py", "code": "MIG060", "text": "runner.active", "fingerprint": "<sha256 hex>"},
        ...
      ]
    }

An entry's ``count`` (left out when 1) says how many findings with the fingerprint it holds. The
text is the finding's matched text with credential values redacted (redact.py); matching uses
only the fingerprint, which is made from the text as it is. Version 1 files
(``{"version": 1, "fingerprints": {"<sha256>": <count>}}``) still load: their entries name no
path, so they are never counted stale, and writing the baseline again replaces them.

A run says what the baseline did (`Baselined`): how many findings it hid, and how many of its
entries are stale: entries of the files this run checked (or of the directories it walked) that
match no finding any more. A pre-commit run on 3 files counts only those 3 files' entries.
``--write-baseline`` over part of a tree keeps the entries of the files it did not check.

A file nested more than ``report.jsonread.MAX_DEPTH`` levels deep is refused before it is decoded,
naming it.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from .redact import redact
from .report.fingerprint import fingerprints, keyed, path_of
from .values import Reported

VERSION = 2
READS = (1, 2)


class BaselineError(ValueError):
    """A baseline file cannot be read or is not a migrator baseline; the message names the file."""


@dataclass(frozen=True)
class Entry:
    """Findings with one fingerprint; a version-1 entry has no code, path or text."""

    fingerprint: str
    code: str | None = None
    path: str | None = None
    text: str | None = None
    count: int = 1

    def as_dict(self) -> dict:
        data = {"path": self.path, "code": self.code, "text": self.text, "fingerprint": self.fingerprint}
        return data | ({"count": self.count} if self.count != 1 else {})


@dataclass(frozen=True)
class Scope:
    """What a run checked, as fingerprint paths: the files, and the directories it walked (each
    a prefix ending in ``/``; ``""`` for the working directory)."""

    files: frozenset[str] = frozenset()
    trees: tuple[str, ...] = ()

    @classmethod
    def of(cls, paths: Iterable[str], checked: Iterable[str]) -> Scope:
        """The scope of a run given ``paths`` (files and directories) that checked the files
        named ``checked`` (as the run shows them)."""
        trees = tuple(path_of(os.path.join(p, "-"))[:-1] for p in paths if os.path.isdir(p))
        return cls(frozenset(path_of(name) for name in checked), trees)

    def covers(self, path: str | None) -> bool:
        return path is not None and (path in self.files or any(path.startswith(tree) for tree in self.trees))


@dataclass(frozen=True)
class Baselined:
    """What the baseline did in a run: findings it hid, and its stale entries' findings."""

    hidden: int = 0
    stale: int = 0


@dataclass(frozen=True)
class Baseline:
    """A baseline: one entry per fingerprint, with how many findings it covers."""

    entries: tuple[Entry, ...] = ()

    @classmethod
    def of(cls, findings: Sequence[Reported]) -> Baseline:
        """The baseline of ``findings``: one entry per fingerprint, its matched text redacted."""
        counts = Counter(keyed(findings))
        return cls(tuple(Entry(key.fingerprint, key.code, key.path, redact(key.text), count)
                         for key, count in counts.items()))

    @property
    def counts(self) -> dict[str, int]:
        """fingerprint → how many findings with it the baseline holds."""
        counts: Counter[str] = Counter()
        for entry in self.entries:
            counts[entry.fingerprint] += entry.count
        return dict(counts)

    def new(self, findings: Sequence[Reported]) -> list[Reported]:
        """The findings that are not in the baseline, in their order."""
        return self.apply(findings)[0]

    def apply(self, findings: Sequence[Reported], scope: Scope = Scope()) -> tuple[list[Reported], Baselined]:
        """The findings the baseline does not hold, in their order, and what it did: the findings
        it hid, and the unmatched findings of its entries that ``scope`` covers (stale)."""
        budget = Counter(self.counts)
        out = []
        for finding, print_ in zip(findings, fingerprints(findings), strict=True):
            if budget[print_] > 0:
                budget[print_] -= 1
            else:
                out.append(finding)
        stale = 0
        for entry in self.entries:
            if scope.covers(entry.path) and budget[entry.fingerprint] > 0:
                left = min(entry.count, budget[entry.fingerprint])
                budget[entry.fingerprint] -= left
                stale += left
        return out, Baselined(len(findings) - len(out), stale)

    def updated(self, findings: Sequence[Reported], scope: Scope) -> Baseline:
        """This baseline written again after a run over ``scope`` found ``findings``: its entries
        of files the run did not check are kept (version-1 entries, which name no file, are not)."""
        kept = tuple(e for e in self.entries if e.path is not None and not scope.covers(e.path))
        return Baseline(kept + Baseline.of(findings).entries)

    def dumps(self) -> str:
        """The file's text: an entry a line, so that a diff shows a line per finding."""
        entries = sorted(self.entries, key=lambda e: (e.path or "", e.code or "", e.text or "", e.fingerprint))
        lines = ",\n".join("    " + json.dumps(e.as_dict(), ensure_ascii=False) for e in entries)
        return f'{{\n  "version": {VERSION},\n  "findings": [' + (f"\n{lines}\n  " if lines else "") + "]\n}\n"


def write_baseline(path: str | os.PathLike[str], findings: Sequence[Reported], scope: Scope | None = None
                   ) -> Baseline:
    """Record ``findings`` in ``path`` (written as ``>`` would: source/writes.write_output) and
    return the baseline. With ``scope`` (what the run checked), the entries that ``path`` already
    holds for files outside it are kept."""
    baseline = Baseline.of(findings)
    if scope is not None and os.path.isfile(path):  # a FIFO or a device holds no baseline to keep
        try:
            baseline = read_baseline(path).updated(findings, scope)
        except BaselineError:
            pass  # no baseline there to keep entries of: it is replaced, as before
    from .source.writes import write_output

    try:
        # a file name's undecodable bytes (\udcXX) as the JSON escapes they read back as
        write_output(Path(path), baseline.dumps().encode("utf-8", "backslashreplace"))
    except OSError as exc:
        raise BaselineError(f"{path}: cannot write the baseline: {exc.strerror}") from None
    return baseline


def read_baseline(path: str | os.PathLike[str]) -> Baseline:
    from .report.jsonread import MAX_DEPTH, nesting

    try:
        raw = Path(path).read_bytes()
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else "not UTF-8"
        raise BaselineError(f"{path}: cannot read the baseline: {reason}") from None
    if nesting(raw) > MAX_DEPTH:  # before decoding: Python's decoder would end in a RecursionError
        raise BaselineError(f"{path}: not a migrator baseline: nested more than {MAX_DEPTH} levels deep")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BaselineError(f"{path}: not a migrator baseline: invalid JSON ({exc})") from None
    except RecursionError:  # only under a recursion limit far below MAX_DEPTH
        raise BaselineError(f"{path}: not a migrator baseline: nested too deeply to decode") from None
    if not isinstance(data, dict) or "version" not in data or not {"fingerprints", "findings"} & set(data):
        shape = f'{{"version": {VERSION}, "findings": [...]}}'
        raise BaselineError(f"{path}: not a migrator baseline: expected {shape}")
    if data["version"] not in READS or isinstance(data["version"], bool):
        raise BaselineError(f"{path}: baseline version {data['version']!r} is not supported "
                            f"(this migrator reads versions 1 and 2); write it again with --write-baseline")
    if data["version"] == 1:
        return Baseline(tuple(Entry(key, count=n) for key, n in _counts(data.get("fingerprints"), path).items()))
    return Baseline(_entries(data.get("findings"), path))


def _counts(raw: object, path: str | os.PathLike[str]) -> dict[str, int]:
    if not isinstance(raw, dict):
        raise BaselineError(f"{path}: fingerprints: expected an object of fingerprint: count")
    for key, count in raw.items():
        if not _positive(count):
            raise BaselineError(f"{path}: fingerprints.{key}: expected a positive count, got {count!r}")
    return dict(raw)


def _entries(raw: object, path: str | os.PathLike[str]) -> tuple[Entry, ...]:
    if not isinstance(raw, list):
        raise BaselineError(f"{path}: findings: expected an array of entries")
    entries = []
    for index, item in enumerate(raw):
        where = f"{path}: findings[{index}]"
        if not isinstance(item, dict) or not isinstance(item.get("fingerprint"), str):
            raise BaselineError(f"{where}: expected an object with a \"fingerprint\"")
        fields = {key: item.get(key) for key in ("code", "path", "text")}
        for key, value in fields.items():
            if value is not None and not isinstance(value, str):
                raise BaselineError(f"{where}.{key}: expected a string, got {value!r}")
        count = item.get("count", 1)
        if not _positive(count):
            raise BaselineError(f"{where}.count: expected a positive count, got {count!r}")
        entries.append(Entry(item["fingerprint"], count=count, **fields))
    return tuple(entries)


def _positive(count: object) -> bool:
    return isinstance(count, int) and not isinstance(count, bool) and count >= 1


def new_findings(findings: Sequence[Reported], baseline_path: str | os.PathLike[str]) -> list[Reported]:
    """``--baseline FILE``: the findings not recorded in FILE."""
    return read_baseline(baseline_path).new(findings)


def applied(findings: Sequence[Reported], baseline_path: str | os.PathLike[str] | None, scope: Scope
            ) -> tuple[list[Reported], Baselined | None]:
    """The findings a run reports and what the baseline at ``baseline_path`` did (None: no
    baseline, every finding reported)."""
    if baseline_path is None:
        return list(findings), None
    return read_baseline(baseline_path).apply(findings, scope)
