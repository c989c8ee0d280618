"""The shapes in which the prefilter looks for a rule's tokens (migrator/prefilter.py).

A token is found only where a scanner could report it, so that words found almost everywhere
(``version``, ``status``, ``runner``) let through only the files that use them as the API does:

- a **member**: a name the clause reports (a field, a parameter, a call) written as code writes
  one: ``.merged_by``, ``"merged_by"``, ``'merged_by'``, ``:merged_by`` (a Ruby symbol),
  ``merged_by=`` or ``merged_by:`` (a keyword, a query parameter, a key, a declaration), or
  anywhere in a file that makes a ``namedtuple`` (its fields written in one string:
  ``"id merged_by"``). Only in
  a language that spells names as the API does (Python, shell, YAML, JSON, Ruby, …); a client
  language that respells them (Go's and C#'s ``MergedBy``, Java's ``getMergedBy``, PHP's and
  TypeScript's ``mergedBy``: `Spelling.plain` is false) declares and reads them in more forms
  (PHP's ``$mr->merged_by``), so there it is any text;
- a **record's name**: a token that names one of the clause's records (``runner``, ``mr``,
  ``proj``), found only as a word of an identifier, as the model's names match one: at the
  identifier's start (after any other character: ``-runner.active``; in JSON, where a ``-``
  joins a name's words, not after one: ``pip-runner``; after an escaped line break or tab, as
  after the one it stands for: ``"import gitlab\nrunner.active = False"`` in a JSON string, a
  notebook's cell, a YAML double-quoted script) or after ``_``, ending it
  or before ``_``, a capital or a digit (``latest_mr``, ``runner_info``, ``RunnerStatus``,
  ``mr2``; never ``__mro__``), and followed by what completes it to a word of the model
  (``runners``, ``projects`` for ``proj``). A capitalised spelling (``Runner``) starts a word
  wherever it stands (``TextTestRunner`` is text_test_runner);
- any other token is **text**: a substring anywhere (path segments, values, markers).

Each shape is one regular expression per spelling, which Hyperscan and ``re`` read alike."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from .apimodel import ApiModel
from .ruletable import Match, Rule, clause_tokens
from .spelling import Spelling

TEXT, MEMBER, RECORD_NAME = "text", "member", "record-name"
Need = tuple[bytes, str]  # (token, shape)
# A namedtuple's fields written in one string ("id merged_by") are members anywhere in a file that
# makes one.
NAMEDTUPLE = b"namedtuple("

MEMBER_ROLES = ("field", "param", "call")
# How many bytes before its spelling a shape's match may start: an escape (``\n``) before a word.
BEFORE = 2
ESCAPE = r"\\[nrt]"
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def needs_of(rules: Sequence[Rule], model: ApiModel | None) -> Iterator[frozenset[Need]]:
    """Each token set of the rules (`Rule.token_sets`, in their order), each token with its shape."""
    for rule in rules:
        for clause in rule.match:
            for alternative in clause_tokens(clause):
                yield frozenset((word.encode(), shape_of(word, clause, model)) for word in alternative.split())


def shape_of(token: str, clause: Match, model: ApiModel | None) -> str:
    """The shape a clause's token is looked for in."""
    if not IDENTIFIER.fullmatch(token):
        return TEXT
    if clause.touch in MEMBER_ROLES and token in clause.names:
        return MEMBER
    if model is not None and clause.records and model.record_for_name(token) in clause.records:
        return RECORD_NAME
    return TEXT


def patterns(form: str, shape: str, spelling: Spelling, model: ApiModel | None) -> tuple[tuple[bytes, bool], ...]:
    """The regular expressions that find one spelling of a token in its shape, each with whether
    it finds it alone (else only in a file that holds NAMEDTUPLE too). Each starts at the
    spelling or up to BEFORE bytes before it."""
    literal = re.escape(form)
    if shape == MEMBER and spelling.plain:
        return (f"(?:[.'\":]{literal}|{literal}\\s*[=:])".encode(), True), (literal.encode(), False)
    if shape == RECORD_NAME and model is not None:
        return ((_word(form, _completions(form, model), spelling.hyphenated).encode(), True),)
    return ((literal.encode(), True),)


def _word(form: str, completions: tuple[str, ...], hyphenated: bool = False) -> str:
    """``form`` as a word of an identifier, completed by one of ``completions`` or not; in a
    ``hyphenated`` language (JSON), not after a ``-`` either (``pip-runner`` is one name)."""
    upper = form.isupper()
    other = "[^A-Za-z0-9-]" if hyphenated else "[^A-Za-z0-9]"
    start = "" if form[0].isupper() and not upper else f"(?:^|{other}|{ESCAPE})"
    rest = "".join(f"|{re.escape(c.upper() if upper else c)}" for c in completions)
    end = "(?:[^A-Z]|$)" if upper else "(?:[^a-z]|$)"
    return f"{start}{re.escape(form)}(?:{rest[1:]})?{end}"


def _completions(form: str, model: ApiModel) -> tuple[str, ...]:
    """What completes a record's name to a word the model knows (``proj`` → ``ect``, ``ects``), and
    a plural's ``s``."""
    head = form.lower()
    return tuple(sorted({"s"} | {word[len(head):] for word in _model_words(model)
                                 if word.startswith(head) and word[len(head):].isalpha()}))


def _model_words(model: ApiModel) -> frozenset[str]:
    """The record keys, endpoint path segments and python-gitlab manager names of the model, and
    each of their ``_``-separated words."""
    names = set(model.records) | {m.attribute for m in model.python_gitlab.managers}
    names |= {s for e in model.endpoints for s in e.path.split("/") if s and not s.startswith(":")}
    return frozenset(names | {w for n in names for w in n.split("_")})
