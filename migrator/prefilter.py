"""Stage: prefilter. A file can only match a rule that has all of one of its token sets
(rules/*.yaml ``tokens``, or the names and path segments of its clauses): literal substring
tests over the file's bytes drop most files of an ordinary repository before any parsing.

Which tokens a file holds is found in one pass over its bytes by Hyperscan (a SIMD multi-pattern
matcher, each token reported once), about fifty times faster than one ``in`` test per token.
Loading it costs more than a pre-commit run's few files take to test, so a process tests its
first megabytes token by token and switches once it has read that much; where Hyperscan is not
installed (it has wheels for x86-64 only) the token-by-token test is all there is. Both give the
same answer.

Tokens are the API's snake_case names; a file of a client language is searched for each of its
language's spellings of them (migrator/spelling.py: ``MergedBy`` in Go, ``mergedBy`` in
TypeScript), and a spelling found counts as its token."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from .ruletable import Rule
from .spelling import PLAIN, Spelling

SWITCH_BYTES = 4_000_000  # bytes tested token by token in a process before Hyperscan is loaded

RULE_LISTS_KEPT = 64  # rule lists whose token sets are remembered (per-file-ignores make more)

_searched = [0]
Spelled = dict[bytes, bytes]  # a spelling → the token it spells
Forms = dict[bytes, tuple[bytes, ...]]  # a token → its spellings
_by_rules: dict[tuple[int, Spelling], tuple[Sequence[Rule], list[frozenset[bytes]], Spelled, Forms]] = {}
_finders: dict[frozenset[bytes], Callable[[bytes], frozenset[bytes]] | None] = {}


def candidate(data: bytes, rules: Sequence[Rule], spelling: Spelling = PLAIN) -> bool:
    """Whether any rule could match: a file must hold one of a rule's token sets whole, each
    token in any of its language's spellings."""
    sets, spelled, forms = _token_sets(rules, spelling)
    if not sets:
        return False
    find = _finder(frozenset(spelled), len(data))
    if find is None:
        return _candidate_by_token(data, sets, forms)
    found = find(data)
    present = found if spelling.plain else frozenset(spelled[s] for s in found)
    return bool(present) and any(tokens <= present for tokens in sets)


def _token_sets(rules: Sequence[Rule], spelling: Spelling) -> tuple[list[frozenset[bytes]], Spelled, Forms]:
    """The rules' token sets and every spelling of their tokens, both ways round, worked out once
    per rule list and spelling (a run checks most files with the same ones), not once per file."""
    known = _by_rules.get((id(rules), spelling))
    if known is None or known[0] is not rules:
        if len(_by_rules) >= RULE_LISTS_KEPT:
            _by_rules.clear()
        sets = [tokens for rule in rules for tokens in rule.token_sets]
        forms = {token: tuple(form.encode() for form in spelling.of_token(token.decode()))
                 for token in frozenset().union(*sets)}
        spelled = {form: token for token, spelled_as in forms.items() for form in spelled_as}
        known = _by_rules[(id(rules), spelling)] = (rules, sets, spelled, forms)
    return known[1], known[2], known[3]


def _candidate_by_token(data: bytes, sets: list[frozenset[bytes]], forms: Forms | None = None) -> bool:
    """The same answer with substring tests, each token (in any of its spellings) tested at most
    once per file."""
    present: dict[bytes, bool] = {}

    def has(token: bytes) -> bool:
        if token not in present:
            present[token] = any(form in data for form in (forms or {}).get(token, (token,)))
        return present[token]

    return any(all(has(t) for t in tokens) for tokens in sets)


def _finder(tokens: frozenset[bytes], size: int) -> Callable[[bytes], frozenset[bytes]] | None:
    """The one-pass search for these tokens, once this process has tested enough bytes to pay for
    loading it; None before then, or when Hyperscan is not installed."""
    if tokens in _finders:
        return _finders[tokens]
    _searched[0] += size
    if _searched[0] < SWITCH_BYTES:
        return None
    _finders[tokens] = _hyperscan(sorted(tokens))
    return _finders[tokens]


def _hyperscan(tokens: list[bytes]) -> Callable[[bytes], frozenset[bytes]] | None:
    try:
        import hyperscan
    except ImportError:
        return None
    database = hyperscan.Database()
    database.compile(expressions=[re.escape(t) for t in tokens], ids=list(range(len(tokens))),
                     elements=len(tokens), flags=[hyperscan.HS_FLAG_SINGLEMATCH] * len(tokens))
    scratch = hyperscan.Scratch(database)

    def find(data: bytes) -> frozenset[bytes]:
        found: list[int] = []
        database.scan(data, match_event_handler=lambda token, *_: found.append(token), scratch=scratch)
        return frozenset(tokens[i] for i in found)

    return find
