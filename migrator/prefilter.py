"""Stage: prefilter. A file can only match a rule that has all of one of its token sets
(rules/*.yaml ``tokens``, or the names and path segments of its clauses), each token in a shape
a scanner can report (tokenshapes.py): tests over the file's bytes drop most files of an ordinary
repository before any parsing.

Which tokens a file holds, in which shapes, is found in one pass over its bytes by Hyperscan (a
SIMD multi-pattern matcher, each pattern reported once), about fifty times faster than one test
per token. Its library adds about 3 MB to the memory of a process that loads it, more than it
saves on a pre-commit hook's few files, which a process tests token by token (a substring test,
then the shape's regular expression where the substring is there) in a few milliseconds; it
switches once it has tested a megabyte (KEPT_BYTES), and a pool's worker, which only a large
run starts, from its first file (`expect_many`). Compiling a database costs more than that
megabyte takes to test, and loading a compiled copy less, so the databases are kept in the
user's cache directory (hscache.py); where no copy is kept and none can be, a process switches
only once it has tested SWITCH_BYTES. Where Hyperscan is not installed (it has wheels for x86-64
only) the token-by-token test is all there is. Both give the same answer: they test the same
expressions.

Tokens are the API's snake_case names; a file of a client language is searched for each of its
language's spellings of them (migrator/spelling.py: ``MergedBy`` in Go, ``mergedBy`` in
TypeScript), and a spelling found counts as its token."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from . import hscache
from .apimodel import ApiModel
from .ruletable import Rule
from .tokenshapes import BEFORE, NAMEDTUPLE, TEXT, Need, needs_of, patterns
from .spelling import PLAIN, Spelling

# Bytes tested token by token in a process before it searches in one pass: from a kept database
# (KEPT_BYTES), else one it compiles for itself (SWITCH_BYTES).
KEPT_BYTES = 1_000_000
SWITCH_BYTES = 4_000_000

RULE_LISTS_KEPT = 64  # rule lists whose token sets are remembered (per-file-ignores make more)

_searched = [0]


@dataclass(frozen=True)
class Search:
    """What one rule list asks of a file in one spelling: its sets of needs (a token in a shape),
    and the expressions that find the needs, in one order: for each, the need it finds, the
    spelling it holds (tested as a substring first, token by token) and whether it finds the
    need alone or only in a file that makes a namedtuple (tokenshapes.NAMEDTUPLE, the last)."""

    sets: tuple[frozenset[Need], ...]
    expressions: tuple[bytes, ...]
    needs: tuple[Need, ...]
    literals: tuple[bytes, ...]
    alone: tuple[bool, ...]


_by_rules: dict[tuple[int, Spelling, int], tuple[Sequence[Rule], Search]] = {}
# (expressions, whether each is reported once) → its one-pass search (None: Hyperscan is not installed)
_one_passes: dict[tuple[tuple[bytes, ...], bool], Callable[[bytes], Any] | None] = {}
_unkept: set[tuple[tuple[bytes, ...], bool]] = set()  # no database kept, none can be: token by token for now
_compiled: dict[bytes, re.Pattern[bytes]] = {}


def candidate(data: bytes, rules: Sequence[Rule], spelling: Spelling = PLAIN, model: ApiModel | None = None) -> bool:
    """Whether any rule could match: a file must hold one of a rule's token sets whole, each
    token in any of its language's spellings and in a shape a scanner reports (with ``model``,
    a record's name only where the model's names can match it: tokenshapes.py)."""
    search = searched_for(rules, spelling, model)
    if not search.sets:
        return False
    find = _one_pass(search.expressions, True, len(data))
    if find is None:
        return _by_need(data, search)
    found = find(data)
    made = len(search.expressions) - 1 in found  # a namedtuple
    present = frozenset(search.needs[i] for i in found if search.alone[i] or made)
    return bool(present) and any(needs <= present for needs in search.sets)


def spot_lines(data: bytes, rules: Sequence[Rule], spelling: Spelling = PLAIN,
               model: ApiModel | None = None) -> tuple[int, ...] | None:
    """The lines (1-based, as ``ast`` counts them) where any of the rules' tokens stands in its
    shape: a scanner that visits only the code around them (scan/pyaround.py) visits every
    statement a rule can report. None when the file's lines are not counted by newlines alone
    (a lone carriage return ends a line for Python): then the whole file is visited."""
    if b"\r" in data and data.count(b"\r") != data.count(b"\r\n"):
        return None
    search = searched_for(rules, spelling, model)
    locate = _one_pass(search.expressions, False, len(data))
    matches = _matches(data, search) if locate is None else locate(data)
    made = NAMEDTUPLE in data
    # A match's last byte is on its line (a shape may end on the newline after its token).
    lasts = sorted({end - 1 for i, end in matches if search.alone[i] or made})
    lines, line, counted = [], 1, 0
    for last in lasts:
        line += data.count(b"\n", counted, last)
        counted = last
        if not lines or lines[-1] != line:
            lines.append(line)
    return tuple(lines)


def searched_for(rules: Sequence[Rule], spelling: Spelling, model: ApiModel | None) -> Search:
    """The rules' needs and their expressions, worked out once per rule list, spelling and model
    (a run checks most files with the same ones), not once per file."""
    key = (id(rules), spelling, id(model))
    known = _by_rules.get(key)
    if known is None or known[0] is not rules:
        if len(_by_rules) >= RULE_LISTS_KEPT:
            _by_rules.clear()
        sets = tuple(needs_of(rules, model))
        every = sorted(frozenset().union(*sets))
        rows = list(dict.fromkeys((expression, (token, shape), form.encode(), alone)
                                  for token, shape in every for form in spelling.of_token(token.decode())
                                  for expression, alone in patterns(form, shape, spelling, model)))
        rows.append((re.escape(NAMEDTUPLE), (NAMEDTUPLE, TEXT), NAMEDTUPLE, True))
        known = _by_rules[key] = (rules, Search(sets, *(tuple(column) for column in zip(*rows))))
    return known[1]


def _by_need(data: bytes, search: Search) -> bool:
    """`candidate` without Hyperscan: each need tested at most once, and only while a set it is
    in may still be whole; an expression only where its spelling stands in the file."""
    rows: dict[Need, list[int]] = {}
    for i, need in enumerate(search.needs):
        rows.setdefault(need, []).append(i)
    present: dict[Need, bool] = {}
    made: list[bool] = []

    def namedtuple() -> bool:
        if not made:
            made.append(NAMEDTUPLE in data)
        return made[0]

    def has(need: Need) -> bool:
        if need not in present:
            present[need] = any(_at(data, search.expressions[i], search.literals[i]) is not None
                                for i in rows[need] if search.alone[i] or namedtuple())
        return present[need]

    return any(all(has(need) for need in needs) for needs in search.sets)


def _at(data: bytes, expression: bytes, literal: bytes, start: int = 0) -> re.Match[bytes] | None:
    """The first match of an expression that starts at its spelling or up to BEFORE bytes before it."""
    at = data.find(literal, start)
    regex = _regex(expression)
    while at >= 0:
        found = next(filter(None, (regex.match(data, at - back) for back in range(min(at, BEFORE), -1, -1))), None)
        if found:
            return found
        at = data.find(literal, at + 1)
    return None


def _matches(data: bytes, search: Search) -> list[tuple[int, int]]:
    """(expression, where its match ends) of every match (`spot_lines` without Hyperscan)."""
    found = []
    for i, (expression, literal) in enumerate(zip(search.expressions, search.literals)):
        match = _at(data, expression, literal)
        while match is not None:
            found.append((i, match.end()))
            match = _at(data, expression, literal, data.find(literal, match.start()) + 1)
    return found


def _regex(expression: bytes) -> re.Pattern[bytes]:
    if expression not in _compiled:
        _compiled[expression] = re.compile(expression)
    return _compiled[expression]


def expect_many() -> None:
    """This process will test many files (a pool's worker: app/pool.py): it searches in one pass
    from its first file where a database is kept or can be, not after KEPT_BYTES."""
    _searched[0] = max(_searched[0], KEPT_BYTES)


def _one_pass(expressions: tuple[bytes, ...], single: bool, size: int) -> Callable[[bytes], Any] | None:
    """The one-pass search for these expressions (``single``: which of them match, `candidate`;
    else where every match ends, `spot_lines`), a file of ``size`` bytes counted as tested until
    there is one: once this process has tested KEPT_BYTES token by token, where their database
    is kept or can be (hscache.py), else once it has tested SWITCH_BYTES; None before then, or
    when Hyperscan is not installed."""
    key = (expressions, single)
    if key in _one_passes:
        return _one_passes[key]
    _searched[0] += size
    switched = _searched[0] >= SWITCH_BYTES
    if _searched[0] < KEPT_BYTES or (not switched and key in _unkept):
        return None
    database = hscache.database(expressions, single, compile=switched)
    if database is None and not switched:
        _unkept.add(key)
        return None
    _one_passes[key] = None if database is None else (_finding if single else _locating)(database)
    return _one_passes[key]


def _finding(database: Any) -> Callable[[bytes], frozenset[int]]:
    """Which expressions match a file (`candidate`), each reported once."""
    import hyperscan

    scratch = hyperscan.Scratch(database)

    def find(data: bytes) -> frozenset[int]:
        found: list[int] = []
        database.scan(data, match_event_handler=lambda i, *_: found.append(i), scratch=scratch)
        return frozenset(found)

    return find


def _locating(database: Any) -> Callable[[bytes], list[tuple[int, int]]]:
    """Where every match of the expressions ends (`spot_lines`)."""
    import hyperscan

    scratch = hyperscan.Scratch(database)

    def locate(data: bytes) -> list[tuple[int, int]]:
        found: list[tuple[int, int]] = []
        database.scan(data, match_event_handler=lambda i, start, end, *rest: found.append((i, end)), scratch=scratch)
        return found

    return locate
