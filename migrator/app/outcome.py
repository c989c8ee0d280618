"""What a ``check`` or ``fix`` run reports, shared by the two commands: its findings less those
the baseline holds (the baseline named on the command line, else the configuration's ``baseline``;
none with ``--no-baseline``), what the baseline did, what the run checked, and the lines that go
to stderr whatever the format: that nothing was checked, and, where the format has no summary of
its own (json, sarif …), what the baseline hid."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from ..checked import NOTHING_CHECKED, FilesChecked
from ..config import FileSettings
from ..discover import SourceFile
from ..values import Reported
from .settings import Settings

if TYPE_CHECKING:  # baseline.py is imported by a run that has a baseline (a pre-commit run without one does without)
    from ..baseline import Baselined, Scope


@dataclass(frozen=True)
class Outcome:
    """The findings a run reports (and counts in its exit status), what the baseline did (None
    without one), and the files it checked."""

    findings: list[Reported]
    baselined: Baselined | None
    checked: FilesChecked

    def notes(self, fmt: str) -> list[str]:
        """stderr's lines for a report in ``fmt``: a text format says the rest in its summary."""
        from ..report import TEXT
        from ..report.text import baseline_line

        out = [f"warning: {NOTHING_CHECKED}"] if not self.checked.total else []
        if fmt not in TEXT and (line := baseline_line(self.baselined)):
            out.append(line)
        return out

    def facts(self, fmt: str, repository: str | None, used: Iterable[FileSettings],
              sources: Iterable[SourceFile] = ()) -> dict:
        """What a report in ``fmt`` says about the run besides its findings (``ReportContext``
        fields): the files checked and what the baseline did; the results and audit formats also
        the files checked in each repository (``--repository``'s, else each file's git remote), as
        ``results``; the results format the run's repository (``--repository``, else the one
        repository all its files are in) and the settings' digest."""
        facts: dict = {"checked": self.checked, "baseline": self.baselined}
        if fmt not in ("results", "html", "markdown"):
            return facts
        from ..report.merge import Result
        from .repository import repositories_checked

        found = repositories_checked(((s.display, s.kind) for s in sources), repository)
        facts["results"] = tuple(Result(name, "", checked) for name, checked in found if name)
        if fmt == "results":
            from ..ruletable import load_table
            from .settings import digest

            names = {name for name, _ in found}
            facts |= {"repository": repository or (names.pop() if len(names) == 1 else None),
                      "settings": digest(used, load_table())}
        return facts


def with_baseline(settings: Settings, given: str | None, off: bool) -> Settings:
    """The settings with the baseline the run uses: ``--baseline FILE``, else the
    configuration's ``baseline``; none with ``--no-baseline``."""
    return replace(settings, baseline=None if off else Path(given) if given else settings.default.baseline)


def outcome(findings: Sequence[Reported], paths: Sequence[str], sources: Iterable[SourceFile],
            baseline: str | os.PathLike[str] | None) -> Outcome:
    """The run's ``Outcome``: ``sources`` are the files it checked under ``paths``."""
    sources = [source for source in sources if source.kind]  # a file of no kind (stdin's) was not checked
    reported, baselined = list(findings), None
    if baseline is not None:
        from ..baseline import applied

        reported, baselined = applied(findings, baseline, scope_of(paths, sources))
    return Outcome(reported, baselined, FilesChecked.of(source.kind for source in sources))


def scope_of(paths: Sequence[str], sources: Iterable[SourceFile]) -> Scope:
    """What a run over ``paths`` that checked ``sources`` covers, for the baseline's stale entries."""
    from ..baseline import Scope

    return Scope.of(paths, (source.display for source in sources))


def recorded(path: str | os.PathLike[str], findings: Sequence[Reported], paths: Sequence[str],
             sources: Sequence[SourceFile]) -> str:
    """``--write-baseline``: write the findings, keeping the entries of files the run did not
    check, and say so. A file the run checked as code is no baseline to write over (``check
    --write-baseline src.py`` takes ``src.py`` for the FILE: ``--`` before the paths says they
    are paths)."""
    from ..baseline import BaselineError, write_baseline

    real = os.path.realpath(path)
    if any(s.kind != "json" and os.path.realpath(s.path) == real for s in sources):
        raise BaselineError(f"{path}: --write-baseline will not write over a file it checks as code; to write "
                            f"the configured baseline for some paths, put `--` before them")
    written = write_baseline(path, findings, scope_of(paths, sources))
    count, kept = len(findings), sum(e.count for e in written.entries) - len(findings)
    more = f", and kept {kept} of files this run did not check" if kept else ""
    return f"Wrote a baseline of {count} finding{'s' if count != 1 else ''} to {path}{more}."
