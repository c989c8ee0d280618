"""Figures for the filter stage (suppressions) and `check --add-noqa`, in process, on the corpora
of make_corpus.sh. Prints:

- how many files of each corpus pass the prefilter with and without the unused-suppression rule
  (its tokens let a file with ``noqa`` and ``MIG`` in it be scanned);
- the cost of reading a file's suppressions: a file without a marker, and a large Python file
  with one marker on its last line (the tokenizer runs from the top to that line);
- ``check --add-noqa`` on a copy of gitlab-heavy: seconds, directives added, and what a second
  run adds (nothing).

Run: .venv/bin/python bench/suppress_bench.py [CORPUS_DIR]   (default /tmp/bench-corpus)
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import time
from pathlib import Path

from click.testing import CliRunner

from migrator import kinds
from migrator.cli import main
from migrator.filters import directives, reports_suppressions
from migrator.prefilter import candidate
from migrator.ruletable import load_table
from migrator.source import LineIndex


def prefilter_counts(corpus: Path) -> None:
    table = load_table()
    without = tuple(r for r in table.rules if not reports_suppressions(r))
    files = [p for p in corpus.rglob("*") if p.is_file()]
    passed = [sum(candidate(p.read_bytes(), rules) for p in files) for rules in (without, table.rules)]
    print(f"{corpus.name}: {len(files)} files; prefilter keeps {passed[0]} without MIG900, {passed[1]} with it")


def per_call(func, repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        func()
    return (time.perf_counter() - start) / repeat


def reading_cost() -> None:
    python = kinds.by_name("python")
    body = "".join(f"value_{i} = compute({i}, 'text # not a comment')\n" for i in range(20_000))
    for label, text in (("20,000 lines, no marker", body),
                        ("20,000 lines, `# noqa: MIG010` on the last", body + "x = 1  # noqa: MIG010\n"),
                        ("20,000 lines, `# noqa: MIG010` on the first", "x = 1  # noqa: MIG010\n" + body)):
        lines = LineIndex(text)
        seconds = per_call(lambda: directives(text, lines, python), 5)
        print(f"read suppressions, {label}: {seconds * 1000:.1f} ms")


def add_noqa_figures(corpus: Path) -> None:
    work = Path(tempfile.mkdtemp())
    try:
        tree = work / corpus.name
        shutil.copytree(corpus, tree)
        for run in (1, 2):
            start = time.perf_counter()
            result = CliRunner().invoke(main, ["check", "--add-noqa", str(tree)])
            seconds = time.perf_counter() - start
            summary = result.output.strip().splitlines()[-1]
            notes = result.output.count("note: ")
            print(f"check --add-noqa on {corpus.name}, run {run}: {seconds:.1f} s; {summary} ({notes} notes)")
        left = CliRunner().invoke(main, ["check", "--exit-zero", "--statistics", str(tree)]).output.strip()
        print(f"findings left after --add-noqa:\n{left}")
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    root = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/bench-corpus")
    for name in ("large-clean", "gitlab-heavy"):
        prefilter_counts(root / name)
    reading_cost()
    add_noqa_figures(root / "gitlab-heavy")
