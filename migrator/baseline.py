"""Baselines: adopt migrator on a repository that already has findings, and fail only on new ones.

``migrator check --write-baseline FILE`` records the current findings; ``--baseline FILE`` reports
only the findings that are not in FILE. Findings are recorded by fingerprint
(`migrator.report.fingerprint`: code, path, matched text and occurrence index, no line numbers).

The file is JSON, sorted so that it diffs well under review::

    {
      "version": 1,
      "fingerprints": {"<sha256 hex>": <how many findings had it>, ...}
    }

A count above 1 is honoured: that many findings with the fingerprint are baselined. A file nested
more than ``report.merge.MAX_DEPTH`` levels deep is refused before it is decoded, naming it.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .report.fingerprint import fingerprints
from .values import Finding

VERSION = 1


class BaselineError(ValueError):
    """A baseline file cannot be read or is not a migrator baseline; the message names the file."""


@dataclass(frozen=True)
class Baseline:
    counts: Mapping[str, int] = field(default_factory=dict)

    @classmethod
    def of(cls, findings: Sequence[Finding]) -> Baseline:
        return cls(dict(Counter(fingerprints(findings))))

    def new(self, findings: Sequence[Finding]) -> list[Finding]:
        """The findings that are not in the baseline, in their order."""
        budget = Counter(self.counts)
        out = []
        for finding, print_ in zip(findings, fingerprints(findings), strict=True):
            if budget[print_] > 0:
                budget[print_] -= 1
            else:
                out.append(finding)
        return out

    def dumps(self) -> str:
        data = {"version": VERSION, "fingerprints": dict(sorted(self.counts.items()))}
        return json.dumps(data, indent=2) + "\n"


def write_baseline(path: str | os.PathLike[str], findings: Sequence[Finding]) -> Baseline:
    """Record ``findings`` in ``path`` (written as ``>`` would: source/writes.write_output) and return
    the baseline."""
    baseline = Baseline.of(findings)
    from .source.writes import write_output

    try:
        write_output(Path(path), baseline.dumps().encode("utf-8"))
    except OSError as exc:
        raise BaselineError(f"{path}: cannot write the baseline: {exc.strerror}") from None
    return baseline


def read_baseline(path: str | os.PathLike[str]) -> Baseline:
    from .report.merge import MAX_DEPTH, nesting

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
    if not isinstance(data, dict) or "version" not in data or "fingerprints" not in data:
        shape = f'{{"version": {VERSION}, "fingerprints": {{...}}}}'
        raise BaselineError(f"{path}: not a migrator baseline: expected {shape}")
    if data["version"] != VERSION:
        raise BaselineError(f"{path}: baseline version {data['version']!r} is not supported "
                            f"(this migrator reads version {VERSION}); write it again with --write-baseline")
    return Baseline(_counts(data["fingerprints"], path))


def _counts(raw: object, path: str | os.PathLike[str]) -> dict[str, int]:
    if not isinstance(raw, dict):
        raise BaselineError(f"{path}: fingerprints: expected an object of fingerprint: count")
    for key, count in raw.items():
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise BaselineError(f"{path}: fingerprints.{key}: expected a positive count, got {count!r}")
    return dict(raw)


def new_findings(findings: Sequence[Finding], baseline_path: str | os.PathLike[str]) -> list[Finding]:
    """``--baseline FILE``: the findings not recorded in FILE."""
    return read_baseline(baseline_path).new(findings)

