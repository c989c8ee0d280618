"""Edits lost while `fix` writes: many fix runs, each raced by another program (a separate
process) that writes to the file being fixed once, at a random moment of the run.

    .venv/bin/python bench/lost_edits.py --runs 2000                 # appends, this checkout
    .venv/bin/python bench/lost_edits.py --writer rename             # an editor's atomic save
    .venv/bin/python bench/lost_edits.py --no-lease                  # the stamp check alone
    .venv/bin/python bench/lost_edits.py --root /tmp/old-checkout    # another version of migrator

A run's edit is *lost* when the other program's text is not in the file afterwards, and *reported*
when fix named the file as changed while it was being fixed (and left it as the other program
made it). The moment is uniform over 1.2 times the median fix run, measured first. Not a test:
it prints figures, which depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import random
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

SOURCE = "import gitlab\ngl = gitlab.Gitlab()\nfor runner in gl.runners.list():\n    print(runner.active)\n" * 20


def other_program(conn, writer: str) -> None:
    """Waits for (path, delay, text); after delay seconds, writes text to the file: appended, or
    saved as an editor saves (a new file renamed over it)."""
    while (order := conn.recv()) is not None:
        path, delay, text = order
        conn.send("ready")
        end = time.perf_counter() + delay
        while time.perf_counter() < end:
            pass
        if writer == "append":
            with open(path, "a") as out:
                out.write(text)
        else:
            saved = Path(path).read_text() + text
            Path(f"{path}.swp").write_text(saved)
            os.replace(f"{path}.swp", path)
        conn.send("done")


def one_run(path: Path, conn, delay: float, text: str) -> tuple[bool, bool, float]:
    """(the edit was lost, fix reported the file, seconds the fix run took)."""
    from migrator.app.fix import fix_paths
    from migrator.app.settings import Settings

    path.write_text(SOURCE)
    conn.send((str(path), delay, text))
    conn.recv()
    start = time.perf_counter()
    run = fix_paths([str(path)], Settings(jobs=1, cache=False), unsafe=False)
    took = time.perf_counter() - start
    conn.recv()
    return text not in path.read_text(), any("changed while" in e for e in run.errors), took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--writer", choices=["append", "rename"], default="append")
    parser.add_argument("--no-lease", action="store_true", help="fix takes no file lease (a SIGURG handler is set)")
    parser.add_argument("--root", default=str(Path(__file__).resolve().parent.parent),
                        help="the checkout whose migrator runs (default: this one)")
    args = parser.parse_args()
    sys.path.insert(0, args.root)
    if args.no_lease:
        signal.signal(signal.SIGURG, lambda *_: None)
    random.seed(args.seed)
    here, there = mp.Pipe()
    mp.Process(target=other_program, args=(there, args.writer), daemon=True).start()
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "clean.py"
        timed = [one_run(path, here, 0.5, f"# after the run {i}\n")[2] for i in range(23)][3:]
        span = statistics.median(timed) * 1.2
        lost = reported = 0
        for i in range(args.runs):
            was_lost, was_reported, _ = one_run(path, here, random.uniform(0, span), f"# edit {i}\n")
            lost, reported = lost + was_lost, reported + was_reported
    here.send(None)
    print(f"{args.runs} fix runs ({args.writer}, {'no lease' if args.no_lease else 'lease where given'}, "
          f"median run {span / 1.2 * 1e3:.1f} ms, migrator from {args.root}): {lost} edits lost, "
          f"{reported} files reported as changed while being fixed")


if __name__ == "__main__":
    main()
