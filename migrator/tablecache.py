"""The loaded rule table, kept between runs: parsing and validating rules/*.yaml takes about a
third of a second, unpickling the result a few milliseconds, and a pre-commit run on a few files
pays that on every commit.

The copy lives in the user's cache directory (userdir.py), never in the scanned tree, sealed with
the user's key there: a copy whose seal does not hold is never unpickled. Its name holds a digest of everything the
table is made from: the rule files, migrator's version, the Python version and the source of the
modules whose classes it is made of, so a changed rule or class never meets an old copy. A copy
that cannot be read or written is ignored: the table is then loaded from YAML as before, and so
it is when the user has no cache directory (no home: userdir.py says so once on stderr).

A rule's lore (LORE: its examples, and the ways of writing its item cannot occur in), which only
its documentation and its tests read, is kept in a copy of its own beside the table's and read on
first use: a check does not hold the rule examples of every language (half the table).
"""

from __future__ import annotations

import hashlib
import io
import pickle
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from . import __version__
from .userdir import keep, seal, secret, unsealed, used, user_cache_dir

T = TypeVar("T")
MADE_OF = ("ruletable.py", "apimodel.py", "values.py", "details.py", "frozen.py", "syntax.py", "loader.py")
LORE = ("examples", "not_applicable")  # a rule's fields that only its documentation and its tests read

Lore = dict[tuple[str, str], Any]  # (rule code, LORE field) → its value, for each value that is not empty


def cached(rules_digest: str, build: Callable[[], T]) -> T:
    """The table whose rule files have ``rules_digest``: the kept copy, else ``build()`` (kept)."""
    key = secret()  # None: no key (no home directory, said once by secret), so no copy
    if key is None:
        return build()
    try:
        path = user_cache_dir() / f"ruletable-{_key(rules_digest)}.pickle"
    except OSError:  # no source to key by (a build without .py files)
        return build()
    lore_path = path.with_suffix(".lore")
    try:
        payload = unsealed(path.read_bytes(), key)
        if payload is not None:
            used(path, lore_path)
            return _loaded(payload, _read_lore(lore_path, key, build))
    except Exception:  # noqa: BLE001 - no copy, or one that cannot be read: build it
        pass
    table = build()
    lean, lore = _dumped(table)
    keep(lore_path, seal(lore, key))  # first: a table's copy is not written before its lore's
    keep(path, seal(lean, key))
    return table


def _lore_of(table: object) -> Lore:
    return {(rule.code, name): value for rule in getattr(table, "known", ()) for name in LORE
            if (value := getattr(rule, name))}


class _Lean(pickle.Pickler):
    """Pickles a table with each value of its rules' lore as a reference (its key in Lore)."""

    def __init__(self, file: io.BytesIO, lore: Lore):
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.refs = {id(value): key for key, value in lore.items()}

    def persistent_id(self, obj: object) -> tuple[str, str] | None:
        return self.refs.get(id(obj))


def _dumped(table: object) -> tuple[bytes, bytes]:
    """The table's pickle with its rules' lore left out, and the lore's pickle."""
    lore = _lore_of(table)
    buffer = io.BytesIO()
    _Lean(buffer, lore).dump(table)
    return buffer.getvalue(), pickle.dumps(lore, protocol=pickle.HIGHEST_PROTOCOL)


def _loaded(payload: bytes, lore: Callable[[], Lore]) -> Any:
    """The table from its pickle, each value of its rules' lore read from ``lore()`` on first use."""
    unpickler = pickle.Unpickler(io.BytesIO(payload))
    unpickler.persistent_load = lambda ref: (_Examples if ref[1] == "examples" else _Mapping)(lore, tuple(ref))
    return unpickler.load()


def _read_lore(path: Path, key: bytes, build: Callable[[], object]) -> Callable[[], Lore]:
    """The lore's kept copy, read once when first asked for; the table built again for it when
    the copy cannot be read."""
    read: list[Lore] = []

    def lore() -> Lore:
        if not read:
            try:
                payload = unsealed(path.read_bytes(), key)
                read.append(pickle.loads(payload) if payload is not None else _lore_of(build()))
            except Exception:  # noqa: BLE001 - no copy, or one that cannot be read: build it
                read.append(_lore_of(build()))
        return read[0]

    return lore


class _Deferred:
    """One value of a rule's lore in a table loaded from its copy, read on first use."""

    __slots__ = ("_lore", "_ref")

    def __init__(self, lore: Callable[[], Lore], ref: tuple[str, str]):
        self._lore, self._ref = lore, ref

    @property
    def value(self) -> Any:
        return self._lore()[self._ref]

    def __len__(self) -> int:
        return len(self.value)

    def __iter__(self) -> Iterator:
        return iter(self.value)

    def __eq__(self, other: object) -> bool:
        return self.value == (other.value if isinstance(other, _Deferred) else other)

    def __hash__(self) -> int:
        return hash(self.value)

    def __repr__(self) -> str:
        return repr(self.value)

    def __reduce__(self) -> tuple:
        return type(self.value), (self.value,)


class _Examples(_Deferred, Sequence):
    """A rule's examples (a tuple), read on first use."""

    __slots__ = ()

    def __getitem__(self, index):
        return self.value[index]


class _Mapping(_Deferred, Mapping):
    """A rule's ways of writing its item cannot occur in, with why (a dict), read on first use."""

    __slots__ = ()

    def __getitem__(self, key):
        return self.value[key]


def _key(rules_digest: str) -> str:
    digest = hashlib.sha256(f"{rules_digest}\0{__version__}\0{sys.version}".encode())
    here = Path(__file__).parent
    for name in MADE_OF:
        digest.update((here / name).read_bytes())
    return digest.hexdigest()[:32]
