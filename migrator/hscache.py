"""The prefilter's Hyperscan databases, kept between runs: compiling one for the whole table's
expressions takes tens of milliseconds (about 70 ms on the benchmark machine), loading a kept
copy a few, so a process that has a copy, or can keep one, searches in one pass from its first
file (prefilter.py).

A copy lives beside the rule-table copy (tablecache.py), in the user's cache directory
(userdir.py), sealed with the user's key there: a copy whose seal does not hold is never handed
to Hyperscan. Its name holds a digest of everything a database is made from: the expressions in
their order, whether each is reported once, the versions of the hyperscan package and of the
library it bundles, and the machine, so a changed rule, an upgraded Hyperscan or another
platform never meets an old copy. A copy that cannot be read, unsealed or loaded (truncated,
corrupt, made on another CPU) is compiled again and written over; one that cannot be written is
not kept, and so it is when the user has no cache directory (userdir.py says so once on stderr),
as for the rule table: neither depends on ``--no-cache``, which is the result cache's.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .userdir import keep, seal, secret, unsealed, used, user_cache_dir

FORMAT = b"1"  # the layout of a kept copy: the sealed output of hyperscan.dumpb


def database(expressions: Sequence[bytes], single: bool, compile: bool = True) -> Any | None:
    """A block-mode Hyperscan database of the expressions (ids: their indexes; with ``single``,
    each reported once): the kept copy, else compiled (and kept). None where Hyperscan is not
    installed or cannot compile them, and, without ``compile``, where no copy is kept and none can
    be (a caller that has a cheaper way for now)."""
    key = secret()  # None: no key (no cache directory), so no copy
    if key is None and not compile:
        return None
    try:
        import hyperscan
    except ImportError:
        return None
    path = _path(hyperscan, expressions, single) if key is not None else None
    if path is not None and key is not None:
        kept = _load(hyperscan, path, key)
        if kept is not None:
            used(path)
            return kept
    if not compile and (path is None or not os.access(path.parent, os.W_OK)):
        return None
    try:
        made = _compile(hyperscan, expressions, single)
    except hyperscan.error:  # an expression Hyperscan cannot compile: the caller tests token by token
        return None
    if path is not None and key is not None:
        keep(path, seal(hyperscan.dumpb(made), key))
    return made


def _path(hyperscan: Any, expressions: Sequence[bytes], single: bool) -> Path | None:
    """Where the copy of these expressions' database is kept (None: the user has no cache directory)."""
    digest = hashlib.sha256(b"\0".join((FORMAT, b"single" if single else b"all", hyperscan.__version__.encode(),
                                        hyperscan._hs_ext.__version__.encode(), os.uname().machine.encode())))
    for expression in expressions:
        digest.update(len(expression).to_bytes(4, "big") + expression)
    try:
        return user_cache_dir() / f"hyperscan-{digest.hexdigest()[:32]}.db"
    except OSError:
        return None


def _load(hyperscan: Any, path: Path, key: bytes) -> Any | None:
    """The kept database, or None: none kept, or one that cannot be read, unsealed or loaded."""
    try:
        payload = unsealed(path.read_bytes(), key)
        return None if payload is None else hyperscan.loadb(payload, hyperscan.HS_MODE_BLOCK)
    except Exception:  # noqa: BLE001 - no copy, or one Hyperscan refuses (another version or CPU): compile it
        return None


def _compile(hyperscan: Any, expressions: Sequence[bytes], single: bool) -> Any:
    made = hyperscan.Database()
    made.compile(expressions=list(expressions), ids=list(range(len(expressions))), elements=len(expressions),
                 flags=hyperscan.HS_FLAG_SINGLEMATCH if single else 0)
    return made
