"""Stage: prefilter. A file can only match a rule that has all of one of its token sets
(rules/*.yaml ``tokens``, or the names and path segments of its clauses): plain substring tests
over the file's bytes drop most files of an ordinary repository before any parsing."""

from __future__ import annotations

from collections.abc import Sequence

from .ruletable import Rule


def candidate(data: bytes, rules: Sequence[Rule]) -> bool:
    """Whether any rule could match: a file must hold one of a rule's token sets whole.
    Each distinct token is searched for at most once per file."""
    present: dict[bytes, bool] = {}

    def has(token: bytes) -> bool:
        if token not in present:
            present[token] = token in data
        return present[token]

    return any(all(has(t) for t in tokens) for rule in rules for tokens in rule.token_sets)
