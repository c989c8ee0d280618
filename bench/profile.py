"""`python bench/run.py --profile`: where the time goes, as the top functions by cumulative and by
own time (cProfile, one process: ``--jobs 1``) of `check` on gitlab-heavy and large-clean, `fix`
on a fresh copy of gitlab-heavy and `--version` (with ``-X importtime`` for the imports).

cProfile adds a cost to every Python call, so the shares, not the seconds, are the finding.
The cumulative lists leave out what would fill them and say nothing: the entry chain (functions
that hold 95 % of the run or more), functions that spend 95 % of their time in one callee (the
callee is listed instead) and the import machinery.
"""

from __future__ import annotations

import pstats
import shlex
import subprocess
import sys
from pathlib import Path

from . import corpora
from .tools import REPO, Migrator

ENTRY_SHARE = 0.95
MACHINERY = ("<frozen importlib", "builtins.exec", "_call_with_frames_removed")


def runs(migrator: Migrator, built: dict, work: Path) -> list[tuple[str, str, Path, list[str]]]:
    """(title, file stem, directory, migrator arguments) of each profiled run."""
    jobs = ["--jobs", "1"] if "--jobs" in migrator.check_help else []
    check = ["check", *jobs, *migrator.no_cache(), "--exit-zero", "."]
    fix = ["fix", *jobs, *migrator.no_cache("fix"), "--exit-zero", "."]
    heavy = built["gitlab-heavy"]
    return [
        ("`check`, gitlab-heavy", "check-gitlab-heavy", heavy.path, check),
        ("`check`, large-clean", "check-large-clean", built["large-clean"].path, check),
        ("`fix`, gitlab-heavy (fresh copy)", "fix-gitlab-heavy", work / f"{heavy.name}-fix", fix),
        ("`--version`", "version", work, ["--version"]),
    ]


def main(args, migrator: Migrator, built: dict, work: Path) -> int:
    out = [f"# Profiles: {migrator.version}", "",
           "Rerun with `python bench/run.py --profile` (corpora as in bench/README.md); each run is below as "
           "the command it is. Shares are of the profiled run.", ""]
    for title, stem, where, arguments in runs(migrator, built, work):
        if stem.startswith("fix"):
            corpora.fresh_copy(built["gitlab-heavy"], work)
        print(f"profiling {title} ...", file=sys.stderr, flush=True)
        out += profile_one(migrator, title, work / f"{stem}.prof", where, arguments, args.top)
    print("\n".join(out))
    return 0


def profile_one(migrator: Migrator, title: str, prof: Path, where: Path, arguments: list[str], top: int) -> list[str]:
    argv = [migrator.python, "-m", "cProfile", "-o", str(prof), "-m", "migrator", *arguments]
    subprocess.run(argv, cwd=where, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    lines = [f"## {title}", "", f"    cd {shown(str(where))} && {shown(shlex.join(argv))}", "", *render(prof, top)]
    if arguments == ["--version"]:
        lines += import_times(migrator, top)
    return lines


def shown(text: str) -> str:
    """A command as anyone can rerun it: the checkout as $REPO, the home directory as ~."""
    return text.replace(str(REPO), "$REPO").replace(str(Path.home()), "~")


def render(prof: Path, top: int) -> list[str]:
    """The top functions of one profile, by cumulative and by own time."""
    stats = pstats.Stats(str(prof))
    entries = stats.stats  # type: ignore[attr-defined]  # function -> (calls, all calls, own, cumulative, callers)
    total = stats.total_tt
    passing = pass_through(entries)
    rows = [(name(key), value) for key, value in entries.items()]
    cumulative = [(label, value) for (label, value), key in zip(rows, entries)
                  if value[3] < ENTRY_SHARE * total and key not in passing and not any(m in label for m in MACHINERY)]
    return [f"{total:.2f} s profiled in one process.", "",
            *_table("cumulative", sorted(cumulative, key=lambda r: -r[1][3])[:top], total),
            *_table("own", sorted(rows, key=lambda r: -r[1][2])[:top], total)]


def pass_through(entries: dict) -> set:
    """Functions that spend nearly all their time in one callee (they only hand work on)."""
    in_callee: dict = {}
    for callee, (*_, callers) in entries.items():
        for caller, (_, _, _, cumulative) in callers.items():
            if caller != callee:
                in_callee[caller] = max(in_callee.get(caller, 0.0), cumulative)
    return {key for key, most in in_callee.items() if key in entries and most >= ENTRY_SHARE * entries[key][3]}


def _table(kind: str, rows: list, total: float) -> list[str]:
    """``rows``: (function, pstats entry: primitive calls, calls, own s, cumulative s, callers)."""
    out = [f"Top {len(rows)} by {kind} time:", "", f"| function | calls | {kind} s | share |", "|---|---:|---:|---:|"]
    for label, (_, calls, own, cumulative, _) in rows:
        seconds = cumulative if kind == "cumulative" else own
        out.append(f"| `{label}` | {calls:,} | {seconds:.3f} | {seconds / total:.0%} |")
    return out + [""]


def name(key: tuple[str, int, str]) -> str:
    """``migrator/apimodel.py:88 record_for_name``, ``libcst/…``, or a built-in's own name."""
    file, line, function = key
    if file == "~":
        return function
    path = file.replace("\\", "/")
    for marker in ("/site-packages/", f"{REPO}/"):
        if marker in path:
            path = path.split(marker, 1)[1]
            break
    else:
        path = "/".join(path.split("/")[-2:])
    return f"{path}:{line} {function}"


def import_times(migrator: Migrator, top: int) -> list[str]:
    """The slowest imports of `migrator --version` (cumulative, ``-X importtime``)."""
    argv = [migrator.python, "-X", "importtime", "-m", "migrator", "--version"]
    err = subprocess.run(argv, capture_output=True, text=True, check=False).stderr
    rows = []
    for line in err.splitlines():
        parts = [p.strip() for p in line.removeprefix("import time:").split("|")]
        if len(parts) == 3 and parts[1].isdigit():
            rows.append((int(parts[1]), int(parts[0]), parts[2]))
    rows.sort(reverse=True)
    out = [f"Top {top} imports by cumulative time (`{shown(shlex.join(argv))}`, unprofiled):", "",
           "| module | cumulative ms | own ms |", "|---|---:|---:|"]
    out += [f"| `{module.strip()}` | {cum / 1000:.1f} | {own / 1000:.1f} |" for cum, own, module in rows[:top]]
    return out + [""]
