"""Stage: prefilter. A file can only match a rule that has all of one of its token sets
(rules/*.yaml ``tokens``, or the names and path segments of its clauses), each token in a shape
a scanner can report (tokenshapes.py): tests over the file's bytes drop most files of an ordinary
repository before any parsing.

Which tokens a file holds, in which shapes, is found in one pass over its bytes by Hyperscan (a
SIMD multi-pattern matcher, each pattern reported once), about fifty times faster than one test
per token. Loading it costs more than a pre-commit run's few files take to test, so a process
tests its first megabytes token by token (a substring test, then the shape's regular expression
where the substring is there) and switches once it has read that much; where Hyperscan is not
installed (it has wheels for x86-64 only) the token-by-token test is all there is. Both give the
same answer: they test the same expressions.

Tokens are the API's snake_case names; a file of a client language is searched for each of its
language's spellings of them (migrator/spelling.py: ``MergedBy`` in Go, ``mergedBy`` in
TypeScript), and a spelling found counts as its token."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .apimodel import ApiModel
from .ruletable import Rule
from .tokenshapes import Need, needs_of, patterns
from .spelling import PLAIN, Spelling

SWITCH_BYTES = 4_000_000  # bytes tested token by token in a process before Hyperscan is loaded

RULE_LISTS_KEPT = 64  # rule lists whose token sets are remembered (per-file-ignores make more)

_searched = [0]


@dataclass(frozen=True)
class Search:
    """What one rule list asks of a file in one spelling: its sets of needs (a token in a shape),
    and the expressions that find each need (one per spelling of its token), in one order."""

    sets: tuple[frozenset[Need], ...]
    expressions: tuple[bytes, ...]
    needs: tuple[Need, ...]  # the need each expression finds
    literals: tuple[bytes, ...]  # the spelling each expression holds, for the token-by-token test
    anchored: tuple[bool, ...]  # whether each starts at its spelling or one byte before it


_by_rules: dict[tuple[int, Spelling, int], tuple[Sequence[Rule], Search]] = {}
_finders: dict[tuple[bytes, ...], Callable[[bytes], frozenset[int]] | None] = {}
_compiled: dict[bytes, re.Pattern[bytes]] = {}


def candidate(data: bytes, rules: Sequence[Rule], spelling: Spelling = PLAIN, model: ApiModel | None = None) -> bool:
    """Whether any rule could match: a file must hold one of a rule's token sets whole, each
    token in any of its language's spellings and in a shape a scanner reports (with ``model``,
    a record's name only where the model's names can match it: tokenshapes.py)."""
    search = searched_for(rules, spelling, model)
    if not search.sets:
        return False
    find = _finder(search.expressions, len(data))
    found = _by_expression(data, search) if find is None else find(data)
    present = frozenset(search.needs[i] for i in found)
    return bool(present) and any(needs <= present for needs in search.sets)


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
        rows = list(dict.fromkeys((expression, (token, shape), form.encode(), anchored)
                                  for token, shape in every for form in spelling.of_token(token.decode())
                                  for expression, anchored in patterns(form, shape, spelling, model)))
        columns = tuple(zip(*rows)) or ((), (), (), ())
        known = _by_rules[key] = (rules, Search(sets, *columns))
    return known[1]


def _by_expression(data: bytes, search: Search) -> frozenset[int]:
    """The expressions found, each tried only where its spelling stands in the file: every
    shape's expression starts at its spelling or one byte before it (tokenshapes.py)."""
    found = []
    for i, (expression, literal, anchored) in enumerate(zip(search.expressions, search.literals, search.anchored)):
        at = data.find(literal)
        if at < 0:
            continue
        if expression == re.escape(literal) or (not anchored and _regex(expression).search(data)):
            found.append(i)
            continue
        regex = _regex(expression)
        while anchored and at >= 0:
            if (at and regex.match(data, at - 1)) or regex.match(data, at):
                found.append(i)
                break
            at = data.find(literal, at + 1)
    return frozenset(found)


def _regex(expression: bytes) -> re.Pattern[bytes]:
    if expression not in _compiled:
        _compiled[expression] = re.compile(expression)
    return _compiled[expression]


def _finder(expressions: tuple[bytes, ...], size: int) -> Callable[[bytes], frozenset[int]] | None:
    """The one-pass search for these expressions, once this process has tested enough bytes to
    pay for loading it; None before then, or when Hyperscan is not installed."""
    if expressions in _finders:
        return _finders[expressions]
    _searched[0] += size
    if _searched[0] < SWITCH_BYTES:
        return None
    _finders[expressions] = _hyperscan(expressions)
    return _finders[expressions]


def _hyperscan(expressions: tuple[bytes, ...]) -> Callable[[bytes], frozenset[int]] | None:
    try:
        import hyperscan
    except ImportError:
        return None
    database = hyperscan.Database()
    database.compile(expressions=list(expressions), ids=list(range(len(expressions))),
                     elements=len(expressions), flags=[hyperscan.HS_FLAG_SINGLEMATCH] * len(expressions))
    scratch = hyperscan.Scratch(database)

    def find(data: bytes) -> frozenset[int]:
        found: list[int] = []
        database.scan(data, match_event_handler=lambda i, *_: found.append(i), scratch=scratch)
        return frozenset(found)

    return find
