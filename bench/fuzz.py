"""Fuzz every scanner with the grammar-shaped strategies of tests/fuzz_strategies.py and print, per
file kind, how many inputs ran and what went wrong (outside CI; the test suite runs a small budget):

    .venv/bin/python bench/fuzz.py --examples 10000            # every kind, 10,000 inputs each
    .venv/bin/python bench/fuzz.py --kinds shell,ci --examples 500

A problem is an exception that escaped check or fix, findings that differ between two checks, a
fix that leaves a file that does not parse, or an input that takes more than --alarm seconds.
Every input runs (no shrinking, no stop at the first problem); the first input of each distinct
problem is written to --out for reproduction. Exit status 1 when any problem was found.
"""

from __future__ import annotations

import argparse
import warnings
import signal
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, given, settings

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from migrator.ruletable import load_table  # noqa: E402
from tests.fuzz_strategies import STRATEGIES, violation  # noqa: E402


class Hang(Exception):
    pass


def _alarm(signum, frame):
    raise Hang()


def fuzz(kind: str, examples: int, alarm: int, out: Path, table) -> tuple[int, Counter, float]:
    """(inputs run, problems by description, seconds) for one kind."""
    problems: Counter[str] = Counter()
    count = [0]

    @settings(max_examples=examples, deadline=None, database=None, derandomize=False,
              suppress_health_check=list(HealthCheck))
    @given(STRATEGIES[kind]())
    def run(text: str) -> None:
        count[0] += 1
        signal.alarm(alarm)
        try:
            problem = violation(text, kind, table)
        except Hang:
            problem = f"took more than {alarm} s"
        except Exception as exc:  # noqa: BLE001 - what the fuzzing is for
            frame = traceback.extract_tb(exc.__traceback__)[-1]
            problem = f"{type(exc).__name__} at {Path(frame.filename).name}:{frame.lineno}: {str(exc)[:120]}"
        finally:
            signal.alarm(0)
        if problem is not None:
            if problem not in problems:
                out.mkdir(parents=True, exist_ok=True)
                (out / f"{kind}-{len(problems):03d}.txt").write_text(f"# {problem}\n{text}", "utf-8", "surrogatepass")
            problems[problem] += 1

    started = time.monotonic()
    run()
    return count[0], problems, time.monotonic() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", type=int, default=10_000, help="inputs per kind (default 10000)")
    parser.add_argument("--kinds", default=",".join(STRATEGIES), help="comma-separated (default: all)")
    parser.add_argument("--alarm", type=int, default=20, help="seconds one input may take (default 20)")
    parser.add_argument("--out", type=Path, default=Path("fuzz-findings"), help="where problem inputs go")
    args = parser.parse_args()
    signal.signal(signal.SIGALRM, _alarm)
    warnings.filterwarnings("ignore", category=SyntaxWarning)  # compile() of generated code warns
    table, found = load_table(), 0
    print("| kind | inputs | problems | distinct | seconds |\n|---|---:|---:|---:|---:|")
    details = []
    for kind in args.kinds.split(","):
        ran, problems, seconds = fuzz(kind, args.examples, args.alarm, args.out, table)
        found += sum(problems.values())
        print(f"| {kind} | {ran:,} | {sum(problems.values()):,} | {len(problems)} | {seconds:.0f} |", flush=True)
        details += [f"- {kind} ×{n}: {problem}" for problem, n in problems.most_common()]
    print("\n".join(["", *details]) if details else "\nNo problems.")
    sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
