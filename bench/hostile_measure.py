"""Run one command the way bench/hostile.py measures it: in its own session, with a timeout and a
memory cap, recording exit status, wall time and peak RSS.

Peak RSS is the child's `ru_maxrss` as `wait4` reports it, which on Linux is the largest of the
child and every descendant it waited for (pool workers). A run killed on timeout cannot wait for
its workers, so the largest RSS seen while sampling /proc during the run is taken too.
"""

from __future__ import annotations

import ctypes
import os
import resource
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

PAGE = os.sysconf("SC_PAGE_SIZE")
PR_CAPBSET_DROP, CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH = 24, 1, 2


@dataclass
class Run:
    status: int  # the exit code; negative: killed by that signal
    wall: float
    peak_rss_mb: float
    stdout: bytes
    stderr: bytes
    timeout: float
    timed_out: bool = False
    capped: bool = False
    stopped: bool = False
    max_processes: int = 1

    @property
    def exit_cell(self) -> str:
        if self.status >= 0:
            return str(self.status)
        return signal.Signals(-self.status).name

    def failure(self) -> str | None:
        """TIMEOUT, a memory cap kill or a crash by a signal, as the outcome says it."""
        if self.timed_out:
            return f"TIMEOUT (killed after {self.timeout:g} s)"
        if self.capped:
            return "KILLED at the RSS cap"
        if self.status < 0 and not self.stopped:
            silent = "" if self.stdout.strip() or self.stderr.strip() else ", no output"
            return f"CRASH: {signal.Signals(-self.status).name}{silent}"
        return None


@dataclass
class _Watch:
    sid: int
    peak: int = 0  # bytes, the largest single process seen
    processes: int = 0

    def sample(self) -> None:
        count = 0
        for entry in os.scandir("/proc"):
            if not entry.name.isdigit():
                continue
            try:
                with open(f"/proc/{entry.name}/stat", "rb") as handle:
                    fields = handle.read().rsplit(b")", 1)[1].split()
            except (OSError, IndexError):
                continue
            if int(fields[3]) == self.sid:  # field 6, the session id
                count += 1
                self.peak = max(self.peak, int(fields[21]) * PAGE)  # field 24, rss in pages
        self.processes = max(self.processes, count)


def run(argv: Sequence[str], cwd: Path, timeout: float, rss_cap_mb: float, *, obey_modes: bool = False,
        env: dict[str, str] | None = None, stop: Callable[[], bool] | None = None) -> Run:
    """Run argv in cwd and measure it. stop, when given, is asked every tick and kills the run
    (with SIGKILL, as a CI job cancelled hard would be) when it answers True."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(list(argv), cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=out,
                                stderr=err, start_new_session=True,
                                preexec_fn=_limits(rss_cap_mb, obey_modes))
        started = time.monotonic()
        ended: list = []
        waiter = threading.Thread(target=lambda: ended.append((os.wait4(proc.pid, 0), time.monotonic())))
        waiter.start()
        watch = _Watch(proc.pid)
        flags = {"timed_out": False, "capped": False, "stopped": False}
        while waiter.is_alive():
            watch.sample()
            reason = ("timed_out" if time.monotonic() - started > timeout
                      else "capped" if watch.peak > rss_cap_mb * 2**20
                      else "stopped" if stop is not None and stop() else None)
            if reason:
                flags[reason] = True
                _kill(proc.pid)
                break
            waiter.join(0.01 if stop else 0.05)
        waiter.join()
        _kill(proc.pid)  # workers a crashed or killed parent left behind
        (_, status, usage), finished = ended[0]
        proc.returncode = os.waitstatus_to_exitcode(status)  # reaped here; Popen must not wait
        out.seek(0)
        err.seek(0)
        peak = max(usage.ru_maxrss * 1024, watch.peak)
        return Run(proc.returncode, finished - started, peak / 2**20, out.read(), err.read(), timeout,
                   max_processes=watch.processes, **flags)


def _kill(pgid: int) -> None:
    try:
        os.killpg(pgid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _limits(rss_cap_mb: float, obey_modes: bool) -> Callable[[], None]:
    """In the child: an address-space backstop above the RSS cap (the /proc sampling kills first),
    and, for the permission cases when the benchmark runs as root, root without the capabilities
    that override file modes (dropped from the bounding set, so the exec'd migrator lacks them)."""
    def apply() -> None:
        limit = int((rss_cap_mb + 4096) * 2**20)
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        if obey_modes:
            libc = ctypes.CDLL(None, use_errno=True)
            for capability in (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH):
                if libc.prctl(PR_CAPBSET_DROP, capability, 0, 0, 0) != 0:
                    raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")
    return apply
