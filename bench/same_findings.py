"""Whether two source trees of migrator give the same findings and the same fixes, byte for byte.

    python bench/same_findings.py OLD_TREE NEW_TREE [CORPUS ...]

For each corpus (default: NEW_TREE's sample_repos and the gitlab-heavy and multilang corpora
under ~/.cache/migrator-bench/corpora), runs, once with each tree on PYTHONPATH and with the same
interpreter:

- ``migrator check --no-cache --exit-zero --output-format json .`` (findings), and
- ``migrator fix --diff --unsafe-fixes --no-cache --exit-zero .`` (the fixes, shown, not written),

from the corpus directory, and compares the outputs. Prints one line per corpus and command and
exits 1 when any differs (the first differing line is shown). A speed change must leave both
alike; it is not a test (the corpora are large and built outside the repository)."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

CORPORA = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "migrator-bench" / "corpora"
COMMANDS = {
    "check": ("check", "--no-cache", "--exit-zero", "--output-format", "json", "."),
    "fix --diff": ("fix", "--diff", "--unsafe-fixes", "--no-cache", "--exit-zero", "."),
}


def output(tree: Path, corpus: Path, command: tuple[str, ...]) -> bytes:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    run = subprocess.run([sys.executable, "-m", "migrator", *command], cwd=corpus, env=env,
                         capture_output=True)
    return run.stdout + b"\n--- stderr ---\n" + run.stderr + f"\n--- exit {run.returncode}\n".encode()


def first_difference(old: bytes, new: bytes) -> str:
    for number, (a, b) in enumerate(zip(old.splitlines(), new.splitlines()), start=1):
        if a != b:
            return f"line {number}: {a[:160]!r} / {b[:160]!r}"
    return f"lengths {len(old.splitlines())} / {len(new.splitlines())} lines"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("corpora", type=Path, nargs="*")
    args = parser.parse_args(argv)
    corpora = args.corpora or [args.new / "sample_repos", CORPORA / "gitlab-heavy", CORPORA / "multilang"]
    differ = 0
    for corpus in corpora:
        for name, command in COMMANDS.items():
            old, new = output(args.old, corpus, command), output(args.new, corpus, command)
            same = old == new
            differ += not same
            verdict = "same" if same else f"DIFFER ({first_difference(old, new)})"
            print(f"{corpus}: {name}: {verdict} ({len(new):,} bytes)", flush=True)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
