"""How a Python expression counts time, for the telemetry contract's timestamps: the scanner
gives a telemetry value built from a clock its ``clock_scale``, log10 of the ticks per second
(``int(time.time())`` → 0, seconds; ``int(time.time() * 1000)`` → 3, milliseconds;
``time.time_ns() // 10**6`` → 3; ``time.time_ns()`` → 9), or None when it cannot be told."""

from __future__ import annotations

import ast
import math

from .pysource import last_name

SECOND_CLOCKS = frozenset({"time", "monotonic", "perf_counter", "timestamp"})
NANOSECOND_CLOCKS = frozenset({"time_ns", "monotonic_ns", "perf_counter_ns"})
WRAPPERS = frozenset({"int", "round", "float", "floor", "ceil", "trunc", "abs", "Decimal"})


def clock_scale(node: ast.AST | None) -> float | None:
    """log10 of a clock expression's ticks per second (0 for seconds, 3 for milliseconds)."""
    if isinstance(node, ast.Call):
        name = last_name(node.func)
        if name in SECOND_CLOCKS and not node.args:
            return 0
        if name in NANOSECOND_CLOCKS:
            return 9
        return clock_scale(node.args[0]) if name in WRAPPERS and node.args else None
    if not isinstance(node, ast.BinOp):
        return None
    left, right = clock_scale(node.left), clock_scale(node.right)
    if isinstance(node.op, (ast.Add, ast.Sub)):
        return left if left is not None else right
    if isinstance(node.op, ast.Mult):
        factor = _constant(node.right if left is not None else node.left)
        base = left if left is not None else right
        return None if base is None or not factor else base + math.log10(abs(factor))
    if isinstance(node.op, (ast.Div, ast.FloorDiv)) and left is not None:
        divisor = _constant(node.right)
        return left - math.log10(abs(divisor)) if divisor else None
    return None


def _constant(node: ast.AST) -> float | None:
    """The value of a constant number expression (``1000``, ``1e3``, ``10**6``), else None."""
    if isinstance(node, ast.Constant):
        value = node.value
        return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Pow, ast.Mult)):
        left, right = _constant(node.left), _constant(node.right)
        if left is None or right is None:
            return None
        if isinstance(node.op, ast.Pow):
            return left**right if abs(right) <= 64 else None
        return left * right
    return None
