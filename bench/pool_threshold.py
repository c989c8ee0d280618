"""Where a process pool starts to pay for itself in `check` (app/runner.POOL_BYTES): what a
worker costs to start (a process that imports the engine and loads the rule table, as a worker
does before its first file) and how fast one process checks candidate text (gitlab-heavy's
files, in this process). With N cores, a pool pays once the work's CPU time exceeds N ÷ (N − 1)
times a worker's start; the bytes that take that long are printed as the threshold.

    .venv/bin/python bench/pool_threshold.py [CORPUS]   # default: gitlab-heavy under ~/.cache/migrator-bench

Prints figures; a script, not a test. Wall times of a shared machine vary: CPU times are used."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

CORPUS = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "migrator-bench" / "corpora" / "gitlab-heavy"
WORKER = "import migrator.pipeline, migrator.fix.intents; from migrator.ruletable import load_table; load_table()"


def worker_start(runs: int = 5) -> float:
    """The median CPU seconds of a process that starts as a worker does."""
    costs = []
    for _ in range(runs):
        process = subprocess.Popen([sys.executable, "-c", WORKER])
        _, _, usage = os.wait4(process.pid, 0)
        costs.append(usage.ru_utime + usage.ru_stime)
    return sorted(costs)[len(costs) // 2]


def check_rate(corpus: Path, limit: int = 200) -> float:
    """Bytes of candidate files one process checks per CPU second."""
    from migrator.discover import discover
    from migrator.pipeline import check_read, load
    from migrator.ruletable import load_table
    from migrator.spelling import PLAIN

    table = load_table()
    loaded = [(s, f) for s in list(discover([str(corpus)]))[:limit]
              if (f := load(s, table.rules, None, table.spellings.get(s.kind, PLAIN), table.model))]
    start = time.process_time()
    for source, file in loaded:
        check_read(source, file, table.rules, table)
    return sum(len(f.text or "") for _, f in loaded) / (time.process_time() - start)


def main(argv: list[str]) -> int:
    corpus = Path(argv[0]) if argv else CORPUS
    cores = os.cpu_count() or 1
    start, rate = worker_start(), check_rate(corpus)
    threshold = start * cores / max(cores - 1, 1) * rate
    print(f"worker start: {start:.2f} s CPU; one process checks {rate / 1e6:.2f} MB/s of candidate text "
          f"({corpus.name}); with {cores} cores a pool pays from about {threshold / 1e6:.2f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
