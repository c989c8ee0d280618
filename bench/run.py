"""The speed benchmark of migrator: prints Markdown figures, tests nothing (CI does not run it).

    python bench/run.py [-n 5] [--only gitlab-heavy,large-clean] [--corpora DIR] [--semgrep PATH]
    python bench/run.py --profile        # cProfile top functions instead (bench/profile.py)

Builds or reuses the corpora (corpora.py) under ~/.cache/migrator-bench, runs each group's
commands in alternation (cases.py, measure.py) and prints one table of figures and one of the
goals of issue 8 and of "Every client language" (report.py). Standard library only; semgrep and
ast-grep live in venvs of their own.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `bench` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import cases, corpora, measure, profile, report, tools  # noqa: E402
from bench import findings as findings_of  # noqa: E402

CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "migrator-bench"


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", "--runs", type=int, default=5, help="measured runs of each command (default 5)")
    parser.add_argument("--warmup", type=int, default=1, help="uncounted rounds first (default 1)")
    parser.add_argument("--scaled-runs", type=int, help="measured runs in the scaled group (default: -n)")
    parser.add_argument("--only", default=",".join(cases.GROUPS), help=f"groups to run (default: {','.join(cases.GROUPS)})")
    parser.add_argument("--corpora", type=Path, default=CACHE / "corpora", help="where corpora are built and reused")
    parser.add_argument("--scale", type=int, default=10, help="the scaled corpus is gitlab-heavy ×SCALE (default 10)")
    parser.add_argument("--migrator", help="migrator executable (default: .venv/bin/migrator, else PATH)")
    parser.add_argument("--semgrep", help=f"semgrep executable (default: {CACHE}/semgrep-venv, installed on first use)")
    parser.add_argument("--astgrep", help=f"ast-grep executable (default: {CACHE}/astgrep-venv, installed on first use)")
    parser.add_argument("--jq", help="jq executable (default: PATH, else apt-get install jq)")
    parser.add_argument("--cases", help="only these cases of the groups run (keys, comma-separated, such as "
                                        "ml-semgrep,gh-astgrep), with those their ratios compare with")
    parser.add_argument("--profile", action="store_true", help="profile check, fix and --version instead")
    parser.add_argument("--top", type=int, default=5, help="functions per profile list (default 5)")
    args = parser.parse_args(argv)
    args.only = [g.strip() for g in args.only.split(",") if g.strip()]
    args.cases = {k.strip() for k in args.cases.split(",") if k.strip()} if args.cases else None
    unknown = set(args.only) - set(cases.GROUPS)
    if unknown:
        parser.error(f"unknown group(s) {', '.join(sorted(unknown))}; choose from {', '.join(cases.GROUPS)}")
    return args


def machine() -> str:
    model = next((line.split(":", 1)[1].strip() for line in _lines("/proc/cpuinfo") if line.startswith("model name")), "?")
    memory = next((int(line.split()[1]) / 2**20 for line in _lines("/proc/meminfo") if line.startswith("MemTotal")), 0)
    return f"{os.cpu_count()} cores ({model}), {memory:.0f} GiB, {platform.platform()}"


def load() -> str:
    """The 1, 5 and 15 minute load averages: above the core count, other work shared the machine."""
    one, five, fifteen = os.getloadavg()
    busy = " (**the machine was busy with other work: wall times are inflated**)" if five > (os.cpu_count() or 1) else ""
    return f"{one:.1f}, {five:.1f}, {fifteen:.1f}{busy}"


def _lines(path: str) -> list[str]:
    try:
        return Path(path).read_text().splitlines()
    except OSError:
        return []


def build_corpora(args: argparse.Namespace, migrator: tools.Migrator) -> tuple[dict, tuple[str, ...]]:
    root = args.corpora
    root.mkdir(parents=True, exist_ok=True)
    clean, heavy = corpora.large_clean(root, migrator.python), corpora.gitlab_heavy(root)
    pre, files = corpora.pre_commit(root, clean, heavy)
    built = {"large-clean": clean, "gitlab-heavy": heavy, "empty": corpora.empty(root), "pre-commit": pre}
    if "scaled" in args.only:
        built[f"gitlab-heavy-x{args.scale}"] = corpora.gitlab_heavy(root, args.scale)
    if "multilang" in args.only:
        built["multilang"] = corpora.multilang(root)
    if "audit-log" in args.only:
        built["log-1M"] = corpora.api_log(root, cases.LOG_LINES)
        built["log-100k"] = corpora.api_log(root, cases.LOG_LINES // 10)
    return built, tuple(files)


def header(args, migrator: tools.Migrator, semgrep: tools.Tool, jq: tools.Tool, astgrep: tools.Tool) -> list[str]:
    def tool(t: tools.Tool, flag: str) -> str:
        return f"{tools.version_of([t.path, flag])} ({t.note})" if t.path else f"**skipped**: {t.note}"

    lines = [f"# migrator benchmark, {datetime.date.today().isoformat()}", "",
             f"- machine: {machine()}; load average at the start: {load()}",
             f"- migrator: {migrator.version} ({migrator.path}; Python {migrator.python}; its bytecode compiled "
             "first, as installing a wheel does)",
             f"- semgrep: {tool(semgrep, '--version')}", f"- ast-grep: {tool(astgrep, '--version')}",
             f"- jq: {tool(jq, '--version')}",
             f"- grep: {tools.version_of(['grep', '--version'])}, LC_ALL=C",
             f"- {args.runs} measured runs of each command in alternation after {args.warmup} warm-up round(s)"
             + (f" ({args.scaled_runs} in the scaled group)" if args.scaled_runs else "") + "; "
             "CPU = user + sys of the process and the workers it waited for; peak RSS = the largest process"]
    if not migrator.has_cache:
        lines.append("- `migrator check --help` has no `--no-cache`: there is no result cache yet, so cold runs "
                     "are plain `migrator check` and warm runs are skipped")
    return lines


def sanity(setup: cases.Setup, selected: list[str]) -> list[str]:
    """Untimed checks that the comparisons compare like with like."""
    notes = []
    if "audit-log" in selected and setup.jq.path:
        log = setup.corpora["log-100k"].path
        ours = json.loads(subprocess.run([setup.migrator.path, "audit-log", "--output-format", "json", str(log)],
                                         capture_output=True, text=True).stdout)
        theirs = json.loads(subprocess.run([setup.jq.path, "-n", "-c", "-f", str(cases.JQ_FILTER), str(log)],
                                           capture_output=True, text=True, check=True).stdout)
        counts = {r["code"]: r["count"] for r in ours["rules"]}
        same = counts == {code: r["count"] for code, r in theirs["rules"].items()}
        notes.append(f"- jq filter vs `audit-log` on 100 k lines: per-rule request counts "
                     f"{'agree' if same else 'DIFFER'} ({', '.join(f'{c} {n:,}' for c, n in sorted(counts.items()))})")
    return notes


def findings(work: Path, groups: dict) -> list[str]:
    """What the tools compared reported in their last runs (findings.py)."""
    lines = findings_of.gitlab_heavy(work) if "gitlab-heavy" in groups else []
    table = findings_of.multilang_table(work) if "multilang" in groups else ""
    if table:
        lines += ["- findings on multilang per language, last run (migrator reads each language with a scanner "
                  "of its own):", "", table]
    return lines


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    migrator = tools.find_migrator(args.migrator)
    if args.profile:
        args.only = []
        built, _ = build_corpora(args, migrator)
        return profile.main(args, migrator, built, _work(args))
    peers = {"gitlab-heavy", "multilang"} & set(args.only)
    semgrep = tools.find_semgrep(args.semgrep, CACHE) if peers else tools.Tool(None, report.NOT_RUN)
    astgrep = (tools.find_astgrep(args.astgrep, CACHE) if peers | ({"large-clean"} & set(args.only))
               else tools.Tool(None, report.NOT_RUN))
    jq = tools.find_jq(args.jq) if "audit-log" in args.only else tools.Tool(None, report.NOT_RUN)
    built, files = build_corpora(args, migrator)
    work = _work(args)
    items = cases.semgrep_items()
    setup = cases.Setup(migrator, semgrep, jq, astgrep, built, files, cases.codes_for(items, migrator.rules()),
                        cases.grep_pattern(cases.rule_tokens(migrator)), work, args.scale)
    lines = header(args, migrator, semgrep, jq, astgrep)
    lines.append(f"- semgrep items: {', '.join(items)} = migrator `--select {','.join(setup.semgrep_codes)}`")
    lines += sanity(setup, args.only)
    groups, results, skipped = run_groups(setup, args)
    for keys, tool in ((("gh-semgrep", "ml-semgrep"), semgrep), (("al-jq",), jq),
                       (("gh-astgrep", "lc-astgrep", "ml-astgrep"), astgrep)):
        skipped.update({key: tool.note for key in keys if not tool.path})
    if not migrator.has_cache:
        skipped["lc-check-warm"] = "no result cache yet (`migrator check` has no `--no-cache`)"
    lines += findings(work, groups)
    lines.append(f"- load average at the end: {load()}")
    print("\n".join(lines), "", "## Corpora", "", report.corpora_table(list(built.values())), "## Figures", "",
          report.figures_table(groups, results), "## Goals (issue 8 and \"Every client language\")", "",
          report.goals_table(results, cases.LOG_LINES, skipped), sep="\n")
    return 0


def _work(args: argparse.Namespace) -> Path:
    """Where outputs, profiles and the copies `fix` rewrites go (beside the corpora)."""
    work = args.corpora / "work"
    work.mkdir(exist_ok=True)
    return work


def run_groups(setup: cases.Setup, args: argparse.Namespace):
    groups, results, skipped = {}, {}, {}
    for name in args.only:
        group = cases.keep(cases.GROUPS[name](setup), args.cases)
        if not group:
            continue
        print(f"{name}: {', '.join(c.key for c in group)}", file=sys.stderr, flush=True)
        try:
            runs = args.scaled_runs if name == "scaled" and args.scaled_runs else args.runs
            results.update(measure.alternate(group, runs, args.warmup, setup.work))
            groups[name] = group
            print(report.figures_table({name: group}, results), file=sys.stderr, flush=True)
        except measure.BenchError as exc:
            print(f"error: {exc}", file=sys.stderr)
            skipped.update({case.key: f"{name} failed: {str(exc).splitlines()[0]}" for case in group})
    return groups, results, skipped


if __name__ == "__main__":
    sys.exit(main())
