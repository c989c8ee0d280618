"""A progress bar for long runs: on stderr, only when stderr is a terminal and the run has more
than ``THRESHOLD`` files to check, so it never lands in a report, a pipe or a CI log.

``Progress`` is the callback ``app.check.check_paths(progress=...)`` calls after each file with
(files done, files in the run); use it as a context manager so the bar is closed at the end.
"""

from __future__ import annotations

import sys
from typing import TextIO

import click

THRESHOLD = 300


class Progress:
    def __init__(self, stream: TextIO | None = None, threshold: int = THRESHOLD):
        self.stream = stream or sys.stderr
        self.threshold = threshold
        self.bar = None
        self.wanted: bool | None = None

    def __call__(self, done: int, total: int) -> None:
        if self.wanted is None:
            isatty = getattr(self.stream, "isatty", lambda: False)
            self.wanted = total > self.threshold and isatty()
            if self.wanted:
                self.bar = click.progressbar(length=total, label="Checking", file=self.stream,
                                             show_pos=True, show_eta=False)
                self.bar.__enter__()
        if self.bar is not None:
            self.bar.update(done - self.bar.pos)

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc) -> None:
        if self.bar is not None:
            self.bar.__exit__(*exc)
            self.bar = None
