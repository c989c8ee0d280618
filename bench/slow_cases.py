"""The slow inputs of the issue "Hostile input, third round", built in a temporary directory and
timed: median wall time and peak RSS over N runs, as one small Markdown table.

    .venv/bin/python bench/slow_cases.py [-n 3] [--only ignores,json,merge,symlink]
                                         [--python PATH] [--pythonpath DIR] [--label NAME]

| case | what |
|---|---|
| ignores | `check` on 1,020 files with 10,000 `per-file-ignores` (literal paths, `*`, `**/`, `{a,b}`, bare names, a few negated), beside the same tree with a plain configuration |
| json | `check --output-format json` against text over 3,000 directories of one git repository (`git init`, one remote `origin`); `--repository NAME` too, which asks git nothing: what the JSON report costs besides git |
| merge | `report --merge` of 200,000 findings (20 result files of 10,000, made from one `check --output-format json` of a small tree, varied in path, row and repository) to JSON and to SARIF |
| symlink | `check --baseline` with the working directory entered through a symlink and the tree named by its linked absolute path (a shell's `$PWD`), the baseline written with `.`: how many baselined findings come back as new (should be none) |

migrator runs as ``PYTHON -m migrator`` (default: this interpreter) with ``--pythonpath DIR`` put
first on ``PYTHONPATH``, so another checkout can be measured with the same environment:
``git worktree add /tmp/before HEAD`` and ``--pythonpath /tmp/before``. Each run is measured as
bench/measure.py measures it (``os.wait4``: wall time, CPU, peak RSS of the largest process);
result caches are off (``--no-cache``). CPU time (user + system, workers included) is shown
beside wall time: on a shared machine other work inflates wall times more than CPU times.
Progress goes to standard error, the table to standard output. The standard library only.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `bench` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.measure import Case, Sample, alternate, of  # noqa: E402

CLIENT = """\
import gitlab

gl = gitlab.Gitlab.from_config()


def active_runners():
    return [r.id for r in gl.runners.list() if r.active]


def who_merged(project, iid):
    mr = project.mergerequests.get(iid)
    return mr.merged_by, mr.merge_status
"""
FINDINGS = (0, 1)  # check exits 1 when it reports findings
CASES = ("ignores", "json", "merge", "symlink")


class Runner:
    """How migrator is started: ``PYTHON -m migrator`` with an optional PYTHONPATH entry first."""

    def __init__(self, python: str, pythonpath: str | None) -> None:
        self.python = python
        paths = [pythonpath, os.environ.get("PYTHONPATH")]
        self.env = (("PYTHONPATH", os.pathsep.join(p for p in paths if p)),) if pythonpath else ()

    def argv(self, *args: str) -> tuple[str, ...]:
        return (self.python, "-m", "migrator", *args)

    def run(self, cwd: Path, *args: str) -> bytes:
        """Run migrator once, untimed (to build an input); its standard output."""
        done = subprocess.run(self.argv(*args), cwd=cwd, env={**os.environ, **dict(self.env)},
                              capture_output=True, check=False)
        if done.returncode not in FINDINGS:
            raise SystemExit(f"migrator {' '.join(args)}: exit {done.returncode}\n{done.stderr.decode()[-2000:]}")
        return done.stdout

    def where(self) -> str:
        done = subprocess.run([self.python, "-c", "import migrator; print(migrator.__file__)"],
                              env={**os.environ, **dict(self.env)}, capture_output=True, text=True, check=False,
                              cwd=tempfile.gettempdir())
        return done.stdout.strip() or done.stderr.strip()


def write_tree(root: Path, directories: int, files: int) -> list[Path]:
    """``directories`` × ``files`` copies of a small client with three findings each."""
    paths = []
    for d in range(directories):
        directory = root / f"pkg{d}"
        directory.mkdir(parents=True, exist_ok=True)
        for f in range(files):
            path = directory / f"mod{f}.py"
            path.write_text(CLIENT)
            paths.append(path)
    return paths


def many_ignores(count: int, files: int) -> str:
    """``count`` per-file-ignores of every shape the syntax has: literal paths (half of them naming
    files of the tree), ``*``, ``**/``, bare names, ``{a,b}``, and a few negated patterns."""
    shapes: list[Callable[[int, int, int], tuple[str, str]]] = [
        lambda i, d, f: (f"pkg{d}/mod{f}.py", '["MIG060"]'),
        lambda i, d, f: (f"pkg{d}/gen_*_{i}.py", '["MIG061"]'),
        lambda i, d, f: (f"**/legacy_{i}/*.py", '["MIG062", "MIG065"]'),
        lambda i, d, f: (f"*_{i}_pb2.py", '["MIG066"]'),
        lambda i, d, f: (f"pkg{d}/{{a,b}}{i}.py", '["MIG010"]'),
    ]
    lines = ["[per-file-ignores]"]
    for i in range(count):
        step = i // len(shapes)
        d, f = step % 102, step // 102 % files  # pkg0 … pkg101: half of them exist
        pattern, codes = shapes[i % len(shapes)](i, d, f)
        if i % 2500 == 2499:  # negated: every file but one
            pattern, codes = f"!pkg{d}/mod{f}.py", '["MIG011"]'
        lines.append(f"{json.dumps(pattern)} = {codes}")
    return "\n".join(lines) + "\n"


def setup_ignores(base: Path, runner: Runner) -> list[Case]:
    plain, many = base / "ignores-plain", base / "ignores-many"
    for root in (plain, many):
        write_tree(root, 51, 20)  # 1,020 files
    (plain / "migrator.toml").write_text('[per-file-ignores]\n"pkg0/mod0.py" = ["MIG060"]\n')
    (many / "migrator.toml").write_text(many_ignores(10_000, 20))
    check = ("check", "--no-cache", "--statistics", ".")
    return [Case("ignores-plain", "1,020 files", "check, 1 per-file-ignore", runner.argv(*check), plain,
                 env=runner.env, codes=FINDINGS),
            Case("ignores-many", "1,020 files", "check, 10,000 per-file-ignores", runner.argv(*check), many,
                 env=runner.env, codes=FINDINGS)]


def setup_json(base: Path, runner: Runner) -> list[Case]:
    root = base / "repository"
    write_tree(root, 3000, 1)
    git = ("git", "-C", str(root))
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "remote", "add", "origin", "git@gitlab.example.com:group/project.git"], check=True)
    text = ("check", "--no-cache", ".")
    as_json = ("check", "--no-cache", "--output-format", "json")
    named = ("--repository", "group/project")
    return [Case("json-text", "3,000 directories", "check (text)", runner.argv(*text), root, env=runner.env,
                 codes=FINDINGS),
            Case("json-json", "3,000 directories", "check --output-format json", runner.argv(*as_json, "."), root,
                 env=runner.env, codes=FINDINGS),
            Case("json-named", "3,000 directories", "check --output-format json --repository NAME (no git)",
                 runner.argv(*as_json, *named, "."), root, env=runner.env, codes=FINDINGS)]


def setup_merge(base: Path, runner: Runner, total: int = 200_000, results: int = 20) -> list[Case]:
    """Result files made from one real `check --output-format json`, varied: each finding gets
    its own file path, row and repository."""
    small = base / "merge-seed"
    write_tree(small, 10, 5)
    seed = json.loads(runner.run(small, "check", "--no-cache", "--output-format", "json", "."))
    per_file = total // results
    names = []
    for r in range(results):
        out = []
        for n in range(per_file):
            item = dict(seed[n % len(seed)])
            item["filename"] = f"svc{r}/area{n % 50}/pkg{n // len(seed) % 200}/{item['filename']}"
            item["location"] = {**item["location"], "row": item["location"]["row"] + n % 7}
            item["end_location"] = {**item["end_location"], "row": item["end_location"]["row"] + n % 7}
            item["repository"] = f"group/project{r}"
            out.append(item)
        name = base / f"result{r}.json"
        name.write_text(json.dumps(out))
        names.append(str(name))
    label = f"report --merge, {total:,} findings"
    return [Case(f"merge-{fmt}", f"{results} result files", f"{label} → {fmt}",
                 runner.argv("report", "--merge", "--output-format", fmt, *names), base, env=runner.env)
            for fmt in ("json", "sarif")]


def setup_symlink(base: Path, runner: Runner) -> list[Case]:
    real, link = base / "real", base / "link"
    write_tree(real, 2, 2)
    link.symlink_to(real, target_is_directory=True)
    runner.run(link, "check", "--no-cache", "--write-baseline", str(base / "baseline.json"), ".")
    args = ("check", "--no-cache", "--output-format", "json", "--baseline", str(base / "baseline.json"), str(link))
    return [Case("symlink", "4 files, 12 baselined findings", "check --baseline FILE \"$PWD\" (cwd via a symlink)",
                 runner.argv(*args), link, env=(*runner.env, ("PWD", str(link))), codes=FINDINGS)]


SETUPS = {"ignores": setup_ignores, "json": setup_json, "merge": setup_merge, "symlink": setup_symlink}


def note(case: Case, work: Path) -> str:
    """What a case's output says beyond its time: findings left, or new findings reported."""
    out = (work / f"{case.key}.out").read_bytes()
    if case.key == "symlink":
        return f"{len(json.loads(out))} baselined findings reported as new"
    if case.key.startswith("ignores"):
        return f"{sum(int(line.split()[0]) for line in out.decode().splitlines() if line[:1].isdigit())} findings"
    if case.key.startswith("json-") and case.key != "json-text":
        repositories = sorted({str(finding["repository"]) for finding in json.loads(out)})
        return f"repository: {', '.join(repositories)}"
    if case.key.startswith("merge"):
        return f"{len(out) / 2**20:,.0f} MB of output"
    return ""


def table(cases: list[Case], samples: dict[str, list[Sample]], work: Path, label: str) -> str:
    rows = [f"| case | input | command ({label}) | wall s, median (min–max) | CPU s, median | peak RSS MB, median "
            "| outcome |", "|---|---|---|---:|---:|---:|---|"]
    for case in cases:
        wall, cpu, rss = (of(samples[case.key], metric) for metric in ("wall", "cpu", "rss_mb"))
        rows.append(f"| {case.key} | {case.corpus} | {case.label} | {wall.median:.2f} "
                    f"({wall.low:.2f}–{wall.high:.2f}) | {cpu.median:.2f} | {rss.median:.0f} | {note(case, work)} |")
    return "\n".join(rows) + "\n"


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", "--runs", type=int, default=3, help="measured runs of each command (default 3)")
    parser.add_argument("--warmup", type=int, default=0, help="uncounted rounds first (default 0)")
    parser.add_argument("--only", default=",".join(CASES), help=f"cases to run (default: {','.join(CASES)})")
    parser.add_argument("--python", default=sys.executable, help="the Python that runs migrator (default: this one)")
    parser.add_argument("--pythonpath", help="a directory put first on PYTHONPATH (another checkout of migrator)")
    parser.add_argument("--label", default="", help="a name for this migrator in the table header")
    args = parser.parse_args(argv)
    args.only = [c.strip() for c in args.only.split(",") if c.strip()]
    if unknown := set(args.only) - set(CASES):
        parser.error(f"unknown case(s) {', '.join(sorted(unknown))}; choose from {', '.join(CASES)}")
    return args


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    runner = Runner(args.python, args.pythonpath)
    print(f"migrator: {runner.where()}", file=sys.stderr)
    with tempfile.TemporaryDirectory(prefix="migrator-slow-") as tmp:
        base = Path(tmp)
        work = base / "work"
        work.mkdir()
        cases = []
        for name in args.only:
            print(f"building {name} ...", file=sys.stderr, flush=True)
            (base / name).mkdir()
            cases += SETUPS[name](base / name, runner)
        samples = alternate(cases, args.runs, args.warmup, work)
        print(table(cases, samples, work, args.label or runner.where()))


if __name__ == "__main__":
    main()
