"""What a run checked: how many files, of which kinds. Every summary and report says it, so that
a run that checked nothing (a wrong path, everything excluded) never reads like a clean one.

A file counts as checked when discovery handed it to the checker with a kind (kinds/), whether
the prefilter then found a rule's tokens in it or not, and whether its result came from the
cache or not: ``--show-files`` lists exactly these files.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .discover import SourceFile


@dataclass(frozen=True)
class FilesChecked:
    """Files checked by kind name (``python``, ``go``, ``other`` …), most first, then by name."""

    by_kind: tuple[tuple[str, int], ...] = ()

    @classmethod
    def of(cls, kinds: Iterable[str] | Mapping[str, int]) -> FilesChecked:
        """From the kinds of the files (one name per file), or from counts per kind."""
        counts = Counter(kinds) if not isinstance(kinds, Mapping) else Counter(dict(kinds))
        return cls(tuple(sorted(((k, n) for k, n in counts.items() if n), key=lambda kv: (-kv[1], kv[0]))))

    @property
    def total(self) -> int:
        return sum(n for _, n in self.by_kind)

    def __add__(self, other: FilesChecked) -> FilesChecked:
        counts = Counter(dict(self.by_kind))
        counts.update(dict(other.by_kind))
        return FilesChecked.of(counts)

    def as_dict(self) -> dict:
        """As the results format writes it: ``{"total": 52, "by_kind": {"python": 40, ...}}``."""
        return {"total": self.total, "by_kind": dict(self.by_kind)}

    def text(self, kinds: bool = False, done: str = "checked") -> str:
        """``52 files checked``; with ``kinds``, ``52 files checked: 40 python, 12 ci``."""
        total = self.total
        head = f"{total} file{'s' if total != 1 else ''} {done}"
        if not kinds or not self.by_kind:
            return head
        return head + ": " + ", ".join(f"{n} {kind}" for kind, n in self.by_kind)


NOTHING_CHECKED = "No files found to check under the given paths (or every one of them is excluded)"


def listing(sources: Sequence[SourceFile]) -> tuple[str, str]:
    """``--show-files``: a line per file, its kind then its name (escaped as git quotes it),
    sorted by name; and the count by kind, or the warning that there is none."""
    from .report.escape import quote_path

    ordered = sorted(sources, key=lambda source: source.display)
    width = max((len(source.kind) for source in ordered), default=0)
    lines = "".join(f"{source.kind:<{width}}  {quote_path(source.display)}\n" for source in ordered)
    checked = FilesChecked.of(source.kind for source in ordered)
    return lines, f"{checked.text(kinds=True, done='would be checked')}." if ordered else f"warning: {NOTHING_CHECKED}"
