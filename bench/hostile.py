"""Run migrator on every hostile input of issue 9 and print one Markdown table of exit status,
wall time, peak RSS and outcome per input.

Each case is generated in its own temporary directory (large inputs at run time, never
committed), with the writers of tests/hostile_inputs.py, and removed after its run. Run:

    .venv/bin/python bench/hostile.py [--only NAME[,NAME]] [--timeout 30] [--files 2000]
                                      [--migrator 'python -m migrator'] [--list]

A run that outlives --timeout is killed and shown as TIMEOUT; one that grows past --rss-cap-mb is
killed and shown as such. When run as root, the permission cases (unreadable files, unwritable
directories) run migrator without the capabilities by which root ignores file modes.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import random
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import hostile_measure as measure
from hostile_verdicts import (Plan, audit, cell, changed, diffed, escapes, generic, json_validity, pool,
                              positions)

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests import hostile_inputs as h  # noqa: E402  (the generators live with the tests)

CHECK = ("check", "--output-format", "json", ".")
TEXT = ("check", ".")
FIX = ("fix", ".")
AUDIT = ("audit-log", "--output-format", "json")
MB = 10**6
SCALING = 4  # the fix --diff cases measure how time grows with N, not a hang: 4 × --timeout


class Skip(Exception):
    """A case this machine cannot set up; the reason goes into the table."""


@dataclass
class Context:
    migrator: list[str]
    env: dict[str, str]
    timeout: float
    rss_cap_mb: float
    files: int
    kills: int

    def run(self, plan: Plan, directory: Path) -> measure.Run:
        return measure.run(self.migrator + list(plan.args), directory, plan.timeout or self.timeout,
                           self.rss_cap_mb, obey_modes=plan.obey_modes and os.geteuid() == 0, env=self.env,
                           stop=plan.stop)


Setup = Callable[[Path, Context], Plan]


def _names(directory: Path, paths) -> tuple[str, ...]:
    paths = paths if isinstance(paths, list) else [paths]
    return tuple(p.relative_to(directory).as_posix() for p in paths)


def snapshot(directory: Path, *paths: Path) -> dict[str, bytes]:
    return {p.relative_to(directory).as_posix(): p.read_bytes() for p in paths}


def beside_clean(writer, *, named: bool = True, **plan) -> Setup:
    """Hostile file(s) next to one clean file, whose finding must survive; `check` by default.
    named: whether the outcome says how the output names the hostile files."""
    def setup(d: Path, ctx: Context) -> Plan:
        names = _names(d, writer(d))
        h.clean_python(d)
        return Plan(**{"args": CHECK, **plan}, targets=names if named else (), witnesses=h.CLEAN_FINDINGS)
    return setup


def twins(hostile, twin, args=TEXT, verdict=positions) -> Setup:
    """The hostile file and its ordinary twin, side by side: findings and positions, or fixes."""
    def setup(d: Path, ctx: Context) -> Plan:
        paths = [hostile(d), twin(d)]
        return Plan(args, output="text", targets=_names(d, paths), verdict=verdict, before=snapshot(d, *paths))
    return setup


def sized(writer, size: int) -> Setup:
    """One file of the given size, as the issue measured it; counts per rule, not every finding."""
    def setup(d: Path, ctx: Context) -> Plan:
        path = writer(d, size)
        command = f"check --statistics . ({path.stat().st_size / MB:.1f} MB {path.name})"
        return Plan(("check", "--statistics", "."), output="stats", command=command)
    return setup


def sized_fix(writer, size: int) -> Setup:
    """fix on one file of the given size: every finding rewritten, or reported, in bounded time."""
    def setup(d: Path, ctx: Context) -> Plan:
        path = writer(d, size)
        return Plan(FIX, output="text", verdict=changed, before=snapshot(d, path),
                    command=f"fix . ({path.stat().st_size / MB:.1f} MB {path.name})")
    return setup


def sized_json(writer, size: int) -> Setup:
    """check with a report that shows each finding's fix edits (JSON, as SARIF and Code Quality)."""
    def setup(d: Path, ctx: Context) -> Plan:
        path = writer(d, size)
        size_mb = path.stat().st_size / MB
        return Plan(CHECK, targets=_names(d, path), command=f"check --output-format json . ({size_mb:.1f} MB {path.name})")
    return setup


def shown(writer, args=TEXT) -> Setup:
    """A file whose text or name would control the terminal, in the text output."""
    def setup(d: Path, ctx: Context) -> Plan:
        writer(d)
        return Plan(args, output="text", verdict=escapes)
    return setup


def deep_yaml_pool(d: Path, ctx: Context) -> Plan:
    cassette = h.deep_yaml_cassette(d)
    h.clean_tree(d, 80)
    return Plan(CHECK, targets=_names(d, cassette), witnesses=80,
                command="check --output-format json . (the deep cassette and 80 clean files)")


def audit_log_beside(writer, witnesses: int) -> Setup:
    """audit-log on a good log, then a bad one; the good log's requests must still be reported."""
    def setup(d: Path, ctx: Context) -> Plan:
        good, bad = h.audit_log(d), writer(d)
        return Plan(AUDIT + (good.name, bad.name), targets=(bad.name,), witnesses=witnesses, verdict=audit)
    return setup


def bad_gitignore_line(line: str) -> Setup:
    return beside_clean(partial(h.bad_gitignore, line=line), named=False, command=f"check . (.gitignore: {line})")


def zero_device(d: Path, ctx: Context) -> Plan:
    if os.geteuid() != 0:
        raise Skip("mknod needs root")
    return beside_clean(h.zero_device)(d, ctx)


def non_utf8_file_name(d: Path, ctx: Context) -> Plan:
    return Plan(CHECK, targets=(h.non_utf8_file_name(d).name,), verdict=json_validity)


def temp_files(directory: Path) -> set[str]:
    return {e.name for e in os.scandir(directory) if e.name.startswith(".") and e.name.endswith(".migrator")}


def kill_during_writes(directory: Path, rng: random.Random) -> Callable[[], bool]:
    """A stop condition: true at a random point up to 0.5 s after the first new temp file."""
    seen, when = temp_files(directory), []

    def stop() -> bool:
        if not when and temp_files(directory) - seen:
            when.append(time.monotonic() + rng.uniform(0, 0.5))
        return bool(when) and time.monotonic() >= when[0]
    return stop


def fix_sigkill(d: Path, ctx: Context) -> Plan:
    """fix on 400 files, SIGKILLed ctx.kills times in its write phase; then the temp files left are
    aged one hour and fix runs once more (the measured run)."""
    h.clean_tree(d, 400)
    rng, left, landed = random.Random(9), [], 0
    for _ in range(ctx.kills):
        before = temp_files(d)
        landed += ctx.run(Plan(FIX, stop=kill_during_writes(d, rng)), d).stopped
        left.append(len(temp_files(d) - before))
    for name in temp_files(d):
        os.utime(d / name, (time.time() - 3600,) * 2)
    stale = len(temp_files(d))

    kills = f"{landed} of {ctx.kills} kills landed in the write phase, {sum(n > 0 for n in left)} left temp files"

    def verdict(run: measure.Run, plan: Plan, directory: Path) -> str:
        then = run.failure() or f"after aging them 1 h, the next fix left {len(temp_files(directory))} of {stale}"
        return f"{kills}; {then}"
    return Plan(FIX, verdict=verdict, command=f"fix . on 400 files, SIGKILLed in writes ×{ctx.kills}; fix . again")


def fix_failed_write(d: Path, ctx: Context) -> Plan:
    files = h.unwritable_tree(d / "locked")
    return Plan(FIX, obey_modes=True, verdict=changed, before=snapshot(d, *files))


def fix_diff_paths(d: Path, ctx: Context) -> Plan:
    paths = _names(d, h.clean_tree(d, ctx.files, per_directory=True))
    command = f"fix --diff {paths[0]} … ({ctx.files:,} paths in {ctx.files:,} directories)"
    return Plan(("fix", "--diff", *paths), verdict=diffed, command=command, timeout=ctx.timeout * SCALING)


def fix_diff_tree(d: Path, ctx: Context) -> Plan:
    h.clean_tree(d, ctx.files, per_directory=True)
    return Plan(("fix", "--diff", "."), verdict=diffed, command=f"fix --diff . (the same {ctx.files:,} directories)",
                timeout=ctx.timeout * SCALING)


def jobs_2000(d: Path, ctx: Context) -> Plan:
    h.clean_tree(d, 100)
    return Plan(("check", "--jobs", "2000", "--output-format", "json", "."), witnesses=100, verdict=pool,
                command="check --jobs 2000 --output-format json . (100 files)")


def _symlink_loop_fix(d: Path, ctx: Context) -> Plan:
    plan = beside_clean(h.symlink_loop, args=FIX, verdict=changed)(d, ctx)
    plan.before = snapshot(d, d / "clean.py")
    return plan


CASES: dict[str, Setup] = {  # in the order
    "deep-yaml-ci": beside_clean(h.deep_yaml_ci),
    "deep-yaml-cassette": beside_clean(h.deep_yaml_cassette),
    "deep-yaml-pool": deep_yaml_pool,
    "symlink-loop": beside_clean(h.symlink_loop),
    "symlink-loop-fix": _symlink_loop_fix,
    **{f"gitignore-{name}": bad_gitignore_line(line)
       for name, line in zip(("range", "backslash", "bang"), h.BAD_GITIGNORE_LINES)},
    "gitignore-unreadable": beside_clean(h.unreadable_gitignore, obey_modes=True),
    "python-minus": beside_clean(h.python_minus_chain),
    "python-not": beside_clean(h.python_not_chain),
    "python-lambda": beside_clean(h.python_lambda_chain),
    "audit-log-gzip": audit_log_beside(h.audit_log_corrupt_gzip, witnesses=2),
    "audit-log-deep-line": audit_log_beside(h.audit_log_deep_line, witnesses=6),
    "gitignore-backtrack": beside_clean(h.backtracking_gitignore, named=False,
                                        command="check . (.gitignore *a*a*a*a*a*a*c, a 200-character name)"),
    "ci-include-glob": beside_clean(h.ci_include_glob, named=False,
                                    command="check . (include **/**/**/**/**/**/*.yml, a 30-deep tree)"),
    "fifo": beside_clean(h.fifo),
    "zero-device": zero_device,
    "check-dev-zero": lambda d, ctx: Plan(("check", "/dev/zero"), output="text", targets=("/dev/zero",)),
    **{name: sized(writer, size) for name, writer, size in [
        ("long-shell-line", h.long_shell_line, MB), ("long-ci-line", h.long_ci_line, MB),
        ("long-jq-pipeline", h.long_jq_pipeline, MB // 2), ("large-json", h.large_json, 50 * MB),
        ("large-jsonl", h.large_jsonl, 58 * MB), ("large-proto", h.large_proto, int(8.9 * MB))]},
    **{f"{name}-{what}": setup(writer, MB) for name, writer in [("long-shell-line", h.long_shell_line),
                                                                 ("long-ci-line", h.long_ci_line)]
       for what, setup in [("json", sized_json), ("fix", sized_fix)]},
    "utf16-bom": beside_clean(partial(h.utf16_files, bom=True)),
    "utf16-no-bom": beside_clean(partial(h.utf16_files, bom=False)),
    "unreadable-directory": beside_clean(h.unreadable_directory, obey_modes=True),
    "cr-shell": twins(h.cr_only_shell, partial(h.cr_only_shell, newline="\n", name="lf.sh")),
    "cr-proto": twins(h.cr_only_proto, partial(h.cr_only_proto, newline="\n", name="lf.proto")),
    "cr-ci": twins(lambda d: h.cr_only_ci(d / "cr"), lambda d: h.cr_only_ci(d / "lf", "\n")),
    "cr-ci-fix": twins(lambda d: h.cr_only_ci(d / "cr"), lambda d: h.cr_only_ci(d / "lf", "\n"), FIX, changed),
    "bom-responses": twins(h.bom_responses, partial(h.bom_responses, bom=False, name="plain.yaml")),
    "escape-in-values": shown(h.escape_in_values),
    "escape-in-file-name": shown(h.escape_in_file_name),
    "newline-in-file-name": shown(h.newline_in_file_name),
    "escape-in-audit-log": shown(h.audit_log_escapes, ("audit-log", "escapes.log")),
    "non-utf8-file-name": non_utf8_file_name,
    "fix-sigkill": fix_sigkill,
    "fix-failed-write": fix_failed_write,
    "fix-diff-paths": fix_diff_paths,
    "fix-diff-tree": fix_diff_tree,
    "jobs-2000": jobs_2000,
}


def remove(path: Path) -> None:
    """Remove a case's directory, modes 000 and 555 included."""
    os.chmod(path, 0o700)
    for directory, dirnames, _ in os.walk(path):
        for name in dirnames:
            if not os.path.islink(os.path.join(directory, name)):
                os.chmod(os.path.join(directory, name), 0o700)
    shutil.rmtree(path, ignore_errors=True)


def run_case(name: str, base: Path, ctx: Context) -> list[str]:
    """One table row: case, command, exit, wall s, peak RSS MB, outcome."""
    directory = base / name
    directory.mkdir()
    try:
        plan = CASES[name](directory, ctx)
    except Skip as reason:
        return [name, "", "", "", "", f"skipped: {reason}"]
    run = ctx.run(plan, directory)
    outcome = (plan.verdict or generic)(run, plan, directory)
    remove(directory)
    command = plan.command or " ".join(plan.args)
    return [name, f"`{command}`", run.exit_cell, f"{run.wall:.1f}", f"{run.peak_rss_mb:.0f}", outcome]


def selected(only: list[str]) -> list[str]:
    """The cases --only names, exactly or by prefix (deep-yaml runs every deep-yaml-*)."""
    wanted = [w for value in only for w in value.split(",") if w]
    if not wanted:
        return list(CASES)
    unknown = [w for w in wanted if not any(n == w or n.startswith(w) for n in CASES)]
    if unknown:
        sys.exit(f"no case {unknown[0]!r}; see --list")
    return [n for n in CASES if any(n == w or n.startswith(w) for w in wanted)]


def header(ctx: Context, started_load: float) -> str:
    """Date, commit, machine, settings, and the load average at the start and the end (other
    work on the machine slows every figure)."""
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    return (f"Hostile inputs (issue 9), {datetime.date.today()}, commit {commit or '?'}: {platform.machine()}, "
            f"{os.cpu_count()} cores, {memory:.0f} GiB, Python {platform.python_version()}, "
            f"`{shlex.join(ctx.migrator).replace(f'{ROOT}/', '')}`, timeout {ctx.timeout:g} s ({ctx.timeout * SCALING:g} s for fix-diff), "
            f"RSS cap {ctx.rss_cap_mb:g} MB, "
            f"{'root (permission cases without CAP_DAC_OVERRIDE)' if os.geteuid() == 0 else 'not root'}, "
            f"load average {started_load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end.")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    python = ROOT / ".venv" / "bin" / "python"
    parser.add_argument("--only", action="append", default=[], metavar="NAME", help="cases (or prefixes), comma-separated")
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds per run (default 30)")
    parser.add_argument("--migrator", default=f"{python if python.exists() else sys.executable} -m migrator")
    parser.add_argument("--files", type=int, default=2000, help="N for fix --diff on N named files (default 2000)")
    parser.add_argument("--kills", type=int, default=4, help="SIGKILLs in the fix-sigkill case (default 4)")
    parser.add_argument("--rss-cap-mb", type=float, default=8192, help="kill a run past this RSS (default 8192)")
    parser.add_argument("--list", action="store_true", help="list the cases and exit")
    args = parser.parse_args()
    if args.list:
        print("\n".join(CASES))
        return
    names = selected(args.only)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    ctx = Context(shlex.split(args.migrator), env, args.timeout, args.rss_cap_mb, args.files, args.kills)
    base, load = Path(tempfile.mkdtemp(prefix="migrator-hostile-")), os.getloadavg()[0]
    rows = []
    try:
        for name in names:
            rows.append(run_case(name, base, ctx))
            print(f"{name}: exit {rows[-1][2]}, {rows[-1][3]} s", file=sys.stderr, flush=True)
    finally:
        remove(base)
    print(header(ctx, load) + "\n")
    print("| case | command | exit | wall s | peak RSS MB | outcome |\n|---|---|---|---:|---:|---|")
    for row in rows:
        print("| " + " | ".join(cell(value) for value in row) + " |")


if __name__ == "__main__":
    main()
