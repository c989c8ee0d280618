"""Running migrator on the hostile inputs of issue 9 in the tests, as a user would: a subprocess,
with a generous outer timeout so that a hang fails the test instead of stalling the suite (never a
timed assertion), and, when the tests run as root, without the capabilities by which root reads
and writes whatever the file modes say (hostile_inputs.ROOT_IGNORES_MODES)."""

from __future__ import annotations

import ctypes
import json
import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tests import hostile_inputs as h

TIMEOUT = 120  # seconds: far above any case, only there to turn a hang into a failure
PR_CAPBSET_DROP, CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH = 24, 1, 2


@dataclass
class Outcome:
    status: int
    stdout: str
    stderr: str

    @property
    def findings(self) -> list[dict]:
        return json.loads(self.stdout)

    def codes_by_file(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for finding in self.findings:
            out.setdefault(finding["filename"], []).append(finding["code"])
        return out


def obeying_modes() -> None:
    """In the child: drop CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH from the bounding set, so the
    exec'd migrator (root or not) is refused what the modes refuse."""
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH):
        if libc.prctl(PR_CAPBSET_DROP, capability, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")


def migrator(*args: str, cwd: Path, obey_modes: bool = False, stdin: bytes | None = None) -> Outcome:
    """``python -m migrator ARGS`` in cwd; stdout and stderr decoded with surrogateescape."""
    preexec: Callable[[], None] | None = obeying_modes if obey_modes and h.ROOT_IGNORES_MODES else None
    done = subprocess.run([sys.executable, "-m", "migrator", *args], cwd=cwd, capture_output=True,
                          timeout=TIMEOUT, preexec_fn=preexec, input=stdin, env=_environment(), check=False)
    return Outcome(done.returncode, done.stdout.decode("utf-8", "surrogateescape"),
                   done.stderr.decode("utf-8", "surrogateescape"))


def check_json(directory: Path, *paths: str, obey_modes: bool = False) -> Outcome:
    return migrator("check", "--output-format", "json", *(paths or (".",)), cwd=directory, obey_modes=obey_modes)


def _environment() -> dict[str, str]:
    root = str(Path(__file__).resolve().parent.parent)
    path = os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))
    return {**os.environ, "PYTHONPATH": path, "NO_COLOR": "1"}
