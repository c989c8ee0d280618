"""Which functions of a Python module its scan passes over, given the lines where a rule's tokens
stand in the shapes the prefilter looks for (prefilter.spot_lines): the scan visits the code
around the tokens, and what that code depends on within the module, as the walk follows it.

The units left out or kept are the module's functions and its classes' methods (a function
nested in one belongs to it). Every other statement is visited, at module and at class level:
imports, assignments and calls bind the names the rest depends on (scope, pyflow's module
bodies), and a class is always visited, since its declarations need the whole class: its fields,
bases and validators (pydecl reads the class node itself), and a payload class makes the fields
of the model classes it names a webhook's (pydecl.Declarations.finish). A unit is visited whole when:

- it holds a token's line;
- a module- or class-level statement holding a token names it, or it names a name such a
  statement binds (a URL bound there and sent in the function raises the evidence of the
  touches where it is written: pyurls.Urls.sent);
- it binds module names (``global``, ``nonlocal``);
- it is connected, through the names its text holds, to one that is visited, either way round:
  it names a visited unit (a helper a visited function calls, with the bodies it sends or
  returns: pyflow), or a visited one names it (a caller that sends what a visited helper builds,
  or sets the ``self`` attribute a visited method sends).

Inside a visited unit every statement is visited: pyflow follows a function's names across its
whole body. A module that uses a mocking library is visited whole: a name a ``with`` binds to a
mocker anywhere makes a call elsewhere a registration (pymocks.Mocks.mockers is the module's).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence

from .pymocks import MOCK_ROOTS

FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
BINDS_MODULE_NAMES = re.compile(r"^[ \t]*(?:global|nonlocal)\b", re.MULTILINE)

Unit = ast.FunctionDef | ast.AsyncFunctionDef


def passed_over(tree: ast.Module, text: str, spots: Sequence[int]) -> frozenset[int]:
    """The ids of the functions and methods the scan need not visit (none when every one may matter)."""
    units, others = _units(tree)
    if not units or any(name in text for name in MOCK_ROOTS):
        return frozenset()
    lines = text.split("\n")
    spotted = frozenset(spots)
    spans = [(_first_line(node), node.end_lineno or node.lineno) for node in units]
    texts = ["\n".join(lines[start - 1:end]) for start, end in spans]
    words = [frozenset(WORD.findall(held)) for held in texts]
    bound, named = _names_bound(others, spotted, lines)
    seeds = [i for i, (start, end) in enumerate(spans)
             if any(line in spotted for line in range(start, end + 1)) or units[i].name in named
             or words[i] & bound or _binds_module_names(texts[i])]
    kept = _connected(units, words, seeds)
    return frozenset(id(node) for i, node in enumerate(units) if i not in kept)


def _units(tree: ast.Module) -> tuple[list[Unit], list[ast.stmt]]:
    """(the module's functions and its classes' methods, every other statement of both levels)."""
    units: list[Unit] = []
    others: list[ast.stmt] = []
    for stmt in tree.body:
        if isinstance(stmt, FUNCTIONS):
            units.append(stmt)
        elif isinstance(stmt, ast.ClassDef):
            units.extend(s for s in stmt.body if isinstance(s, FUNCTIONS))
            others.extend(s for s in stmt.body if not isinstance(s, FUNCTIONS))
        else:
            others.append(stmt)
    return units, others


def _binds_module_names(text: str) -> bool:
    return ("global" in text or "nonlocal" in text) and BINDS_MODULE_NAMES.search(text) is not None


def _first_line(node: Unit) -> int:
    return min([node.lineno] + [decorator.lineno for decorator in node.decorator_list])


def _names_bound(statements: list[ast.stmt], spotted: frozenset[int], lines: list[str]
                 ) -> tuple[frozenset[str], frozenset[str]]:
    """(the names the statements holding a token's line bind, the words they hold)."""
    names: set[str] = set()
    held: set[str] = set()
    for stmt in statements:
        end = stmt.end_lineno or stmt.lineno
        if not any(line in spotted for line in range(stmt.lineno, end + 1)):
            continue
        held.update(WORD.findall("\n".join(lines[stmt.lineno - 1:end])))
        for node in ast.walk(stmt):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                names.update((a.asname or a.name).split(".")[0] for a in node.names)
    return frozenset(names), frozenset(held)


def _connected(units: list[Unit], words: list[frozenset[str]], seeds: list[int]) -> set[int]:
    """The indexes of the units connected to a seed, through names either way round."""
    index: dict[str, list[int]] = {}
    for i, node in enumerate(units):
        index.setdefault(node.name, []).append(i)
    named = frozenset(index)
    edges: list[set[int]] = [set() for _ in units]
    for i, held in enumerate(words):
        for name in held & named:
            for j in index[name]:
                edges[i].add(j)
                edges[j].add(i)
    seen, todo = set(seeds), list(seeds)
    while todo:
        for j in edges[todo.pop()] - seen:
            seen.add(j)
            todo.append(j)
    return seen
