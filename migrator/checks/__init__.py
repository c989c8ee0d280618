"""Check functions: the few rule clauses whose check cannot be data (the telemetry contract).

A check gets the touches its clause selected, all touches of the file and the rule table (whose
data it checks against), and yields (touch, message) pairs to report. Rules name checks by the
keys of CHECKS.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from typing import TYPE_CHECKING

from ..values import Touch

if TYPE_CHECKING:
    from ..ruletable import RuleTable

Check = Callable[[Sequence[Touch], Sequence[Touch], "RuleTable"], Iterable[tuple[Touch, str]]]
CHECKS: dict[str, Check] = {}


def register(name: str) -> Callable[[Check], Check]:
    def wrap(func: Check) -> Check:
        CHECKS[name] = func
        return func

    return wrap


def run(name: str, selected: Sequence[Touch], touches: Sequence[Touch], table: RuleTable
        ) -> Iterable[tuple[Touch, str]]:
    _load()
    if name not in CHECKS:
        raise KeyError(f"rule names unknown check function {name!r}")
    return CHECKS[name](selected, touches, table)


_loaded: list[bool] = []


def _load() -> None:
    """Import the modules that register checks, once (kept lazy: most runs need none)."""
    if _loaded:
        return
    from importlib import import_module
    from pkgutil import iter_modules

    for module in iter_modules(__path__):
        import_module(f"{__name__}.{module.name}")
    _loaded.append(True)
