"""The stages of a check before any scan, each a command of its own that bench/run.py times on
large-clean against its floor (cases.large_clean): ``discover`` walks the paths and tells each
file's kind (against ``rg --files``, else ``find -type f``); ``prefilter`` also reads each file
and tests it for the rule table's tokens in their shapes, as check's parent process does
(against ``grep -rlE`` with the tokens). Start-up alone is ``migrator --version`` (the start-up
group). Run with the interpreter of the migrator measured:

    .venv/bin/python bench/stages.py discover|prefilter PATH...

Prints the files found and, for prefilter, the files that pass and their bytes."""

from __future__ import annotations

import sys


def main(argv: list[str]) -> int:
    stage, *paths = argv
    from migrator.discover import discover

    sources = list(discover(paths or ["."]))
    if stage == "discover":
        print(f"{len(sources):,} files")
        return 0
    from migrator.pipeline import load
    from migrator.ruletable import load_table
    from migrator.spelling import PLAIN

    table = load_table()
    passed = [loaded for source in sources
              if (loaded := load(source, table.rules, None, table.spellings.get(source.kind, PLAIN), table.model))]
    print(f"{len(sources):,} files, {len(passed):,} pass the prefilter ({sum(len(p.data) for p in passed):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
