"""The loaded rule table, kept between runs: parsing and validating rules/*.yaml takes about a
third of a second, unpickling the result a few milliseconds, and a pre-commit run on a few files
pays that on every commit.

The copy lives in the user's cache directory (userdir.py), never in the scanned tree, sealed with
the user's key there: a copy whose seal does not hold is never unpickled. Its name holds a digest of everything the
table is made from: the rule files, migrator's version, the Python version and the source of the
modules whose classes it is made of, so a changed rule or class never meets an old copy. A copy
that cannot be read or written is ignored: the table is then loaded from YAML as before, and so
it is when the user has no cache directory (no home: userdir.py says so once on stderr).
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from . import __version__
from .userdir import seal, secret, unsealed, user_cache_dir

T = TypeVar("T")
MADE_OF = ("ruletable.py", "apimodel.py", "values.py", "details.py", "frozen.py", "syntax.py", "loader.py")


def cached(rules_digest: str, build: Callable[[], T]) -> T:
    """The table whose rule files have ``rules_digest``: the kept copy, else ``build()`` (kept)."""
    key = secret()  # None: no key (no home directory, said once by secret), so no copy
    if key is None:
        return build()
    try:
        path = user_cache_dir() / f"ruletable-{_key(rules_digest)}.pickle"
    except OSError:  # no source to key by (a build without .py files)
        return build()
    try:
        payload = unsealed(path.read_bytes(), key)
        if payload is not None:
            return pickle.loads(payload)
    except Exception:  # noqa: BLE001 - no copy, or one that cannot be read: build it
        pass
    table = build()
    _keep(path, seal(pickle.dumps(table, protocol=pickle.HIGHEST_PROTOCOL), key))
    return table


def _key(rules_digest: str) -> str:
    digest = hashlib.sha256(f"{rules_digest}\0{__version__}\0{sys.version}".encode())
    here = Path(__file__).parent
    for name in MADE_OF:
        digest.update((here / name).read_bytes())
    return digest.hexdigest()[:32]


def _keep(path: Path, data: bytes) -> None:
    """Write the copy atomically (a concurrent run reads the old file or the new one, whole)."""
    import tempfile

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(dir=path.parent, prefix=".ruletable-")
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(temp, path)
    except OSError:
        return
