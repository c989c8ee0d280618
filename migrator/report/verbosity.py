"""How much a run says beside its report, in ruff's terms: ``-q``/``--quiet`` prints the findings
and the errors, nothing else (no summary, no warnings, no counts on stderr); ``-v``/``--verbose``
adds ``debug:`` lines on stderr: the version, the configuration the working directory uses (and
the files it extends), how many files were checked and how long it took."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator

QUIET, NORMAL, VERBOSE = -1, 0, 1


def level(quiet: bool, verbose: bool) -> int:
    if quiet and verbose:
        raise ValueError("-q/--quiet and -v/--verbose cannot be combined")
    return QUIET if quiet else VERBOSE if verbose else NORMAL


def debug(verbosity: int, settings, files: int, started: float) -> None:
    """With ``--verbose``, the debug lines on stderr (``started``: the run's ``time.monotonic()``)."""
    if verbosity >= VERBOSE:
        for text in debug_lines(settings, files, time.monotonic() - started):
            sys.stderr.write(f"debug: {text}\n")


def debug_lines(settings, files: int, seconds: float) -> Iterator[str]:
    """What ``--verbose`` adds after a run of ``check`` or ``fix``."""
    from .. import __version__

    yield f"migrator {__version__}"
    source = settings.default.source
    yield f"configuration: {source}" if source is not None else "configuration: none found, the defaults"
    for extended in settings.default.extends:
        yield f"  extending {extended}"
    yield f"checked {files} file{'s' if files != 1 else ''} in {seconds:.2f} s"
