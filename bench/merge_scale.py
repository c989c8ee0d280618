"""``migrator report --merge`` at scale: wall time and peak RSS of merging many results.

Builds, in a temporary directory, the JSON results of ``--files`` repositories holding
``--findings`` findings in all (fixed seed, the rules of migrator's own table, messages, file
names, fixes and source lines repeating as they do in a real organisation's results), then runs
``python -m migrator report --merge <files> --output-format FORMAT`` under ``/usr/bin/time -v``
``--runs`` times per format and prints the median wall time and peak RSS as Markdown.

With ``--before DIR`` (a worktree of an older commit, e.g. ``git worktree add /tmp/before-merge
HEAD``), each run is made with both trees, alternating, each on ``PYTHONPATH`` in turn, and the
outputs of the two are compared byte for byte (their SHA-256 is printed). ``--after DIR`` takes
another tree than this one as "after" (the older commit with only the change to measure, when
others' changes to the rules would change the SARIF rule help).

    .venv/bin/python bench/merge_scale.py --before /tmp/before-merge

Only Python and ``/usr/bin/time`` are used. Nothing asserts a time: these are figures to read.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAMES = ("merged_by", "merge_status", "active", "ip_address", "approvers", "private_profile", "scope",
         "default_branch_protection", "namespace", "approvals_before_merge", "geo_nodes", "changes")
DIRS = ("src", "lib", "tools", "ci", "tests/fixtures", "scripts", "app/services", "app/models")


def rules() -> list[dict]:
    """The rules of the table in this tree: code, name, item, message, severity, url, fix."""
    sys.path.insert(0, str(ROOT))
    from migrator.ruletable import load_table

    return [{"code": r.code, "name": r.name, "item": r.item, "message": r.message, "severity": r.severity,
             "url": r.url, "fix": r.fix.applicability if r.fix else None, "fix_message": r.fix.message if r.fix else ""}
            for r in load_table().by_code.values()]


def finding(rng: random.Random, rule: dict, filename: str, repository: str) -> dict:
    name = rng.choice(NAMES)
    row, column = rng.randint(1, 2000), rng.randint(1, 80)
    end = {"row": row, "column": column + len(name)}
    line = f"{' ' * rng.randint(0, 12)}value = client.{name}  # line {row} of {filename}"
    fix = None
    if rule["fix"] in ("safe", "unsafe") and rng.random() < 0.7:
        fix = {"applicability": rule["fix"], "message": rule["fix_message"] or f"Use `{name}_v5`",
               "edits": [{"content": f"{name}_v5", "location": {"row": row, "column": column}, "end_location": end}]}
    message = re.sub(r"\{(\w+)\}", lambda m: name if m[1] == "name" else m[1], rule["message"])
    return {"code": rule["code"], "name": rule["name"], "item": rule["item"], "message": message,
            "severity": rule["severity"], "evidence": rng.choice(("typed", "named", "bare")),
            "filename": filename, "location": {"row": row, "column": column}, "end_location": end,
            "url": rule["url"], "fix": fix, "repository": repository, "source_line": line,
            "applicability": fix["applicability"] if fix else None}


def build(directory: Path, total: int, files: int, seed: int) -> list[Path]:
    """``files`` results of ``total`` findings in all, written as `migrator check` writes them."""
    rng = random.Random(seed)
    table = rules()
    paths = []
    for number in range(files):
        repository = f"group/project-{number:03d}"
        count = total // files + (number < total % files)
        names = [f"{rng.choice(DIRS)}/module_{i}.py" for i in range(max(1, count // 25))]
        found = [finding(rng, rng.choice(table), rng.choice(names), repository) for _ in range(count)]
        found.sort(key=lambda d: (d["filename"], d["location"]["row"], d["location"]["column"], d["code"]))
        path = directory / f"project-{number:03d}.json"
        path.write_text(json.dumps(found, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        paths.append(path)
    return paths


def measure(tree: Path | None, fmt: str, inputs: list[Path], out: Path) -> tuple[float, float, float, int]:
    """(wall seconds, CPU seconds, peak RSS MB, exit status) of one merge, its report written to
    ``out``. CPU time (user + system) moves less than wall time on a machine that is busy."""
    env = dict(os.environ, PYTHONPATH=str(tree or ROOT))
    command = ["/usr/bin/time", "-v", sys.executable, "-m", "migrator", "report", "--merge",
               *map(str, inputs), "--output-format", fmt]
    with out.open("wb") as stdout:
        done = subprocess.run(command, stdout=stdout, stderr=subprocess.PIPE, env=env, cwd=inputs[0].parent)
    err = done.stderr.decode("utf-8", "replace")
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)", err)
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", err)
    cpu = sum(float(re.search(rf"{kind} time \(seconds\): ([\d.]+)", err)[1]) for kind in ("User", "System"))
    seconds = int(wall[1] or 0) * 3600 + int(wall[2]) * 60 + float(wall[3])
    return seconds, cpu, int(rss[1]) / 1024, done.returncode


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--findings", type=int, default=200_000)
    parser.add_argument("--files", type=int, default=40, help="results files (repositories)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--formats", default="json,sarif")
    parser.add_argument("--seed", type=int, default=20240515)
    parser.add_argument("--before", type=Path, help="a worktree of the commit to compare with")
    parser.add_argument("--after", type=Path, help="the tree to measure (default: this one)")
    args = parser.parse_args()
    trees = {"before": args.before, "after": args.after} if args.before else {"after": args.after}
    with tempfile.TemporaryDirectory(prefix="merge-scale-") as tmp:
        directory = Path(tmp)
        inputs = build(directory, args.findings, args.files, args.seed)
        size = sum(p.stat().st_size for p in inputs) / 2**20
        print(f"{args.findings:,} findings in {args.files} results files ({size:.0f} MB), "
              f"median of {args.runs} runs; python {sys.version.split()[0]}\n")
        print("| format | tree | wall (s) | CPU (s) | peak RSS (MB) | exit | output SHA-256 |")
        print("|---|---|--:|--:|--:|--:|---|")
        for fmt in args.formats.split(","):
            figures: dict[str, list[tuple[float, float, float, int]]] = {name: [] for name in trees}
            for run in range(args.runs):
                for name, tree in trees.items():
                    figures[name].append(measure(tree, fmt, inputs, directory / f"{fmt}-{name}.out"))
                    print(f"  {fmt} {name} run {run + 1}: {figures[name][-1]}", file=sys.stderr)
            for name in trees:
                walls, cpus, peaks, codes = zip(*figures[name])
                print(f"| {fmt} | {name} | {statistics.median(walls):.1f} | {statistics.median(cpus):.1f} "
                      f"| {statistics.median(peaks):.0f} | {max(codes)} | {digest(directory / f'{fmt}-{name}.out')[:16]} |")
        if args.before:
            same = all(digest(directory / f"{fmt}-before.out") == digest(directory / f"{fmt}-after.out")
                       for fmt in args.formats.split(","))
            print(f"\nOutputs byte-identical before and after: {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
