"""Structure-aware fuzzing of every scanner (issue 9): grammar-shaped hypothesis strategies for each
file kind, and the property every generated file must keep.

- python: hypothesmith's programs from Python's grammar, with API snippets mixed in;
- ci and cassette (YAML): block and flow collections of CI and recording keys, scalars plain,
  quoted or in ``|`` blocks, holding curl lines;
- shell: commands of API words joined by ``;``, ``&&``, ``|`` and newlines, quoted, substituted
  (``$(...)``, backticks, ``${X:-...}``), in here-documents;
- json: JSON values with runner and merge request keys, pretty or compact;
- proto: proto2 files of the telemetry package, messages, fields, enums, options and comments.

Every strategy also throws in a stray character now and then, so that malformed files are
fuzzed too. The property (`violation`): checking raises nothing but ScanError's parse-error
finding, gives the same findings twice, and fix (safe, then unsafe) leaves a file that still
parses. tests/test_hostile_fuzz.py runs a small budget; bench/fuzz.py runs 10,000 per kind.
"""

from __future__ import annotations

import json

import hypothesmith
from hypothesis import strategies as st

from migrator import kinds
from migrator.app.passes import fix_text
from migrator.pipeline import check_source

NAMES = {"python": "fuzz.py", "ci": ".gitlab-ci.yml", "cassette": "cassette.yaml", "shell": "fuzz.sh",
         "json": "fuzz.json", "proto": "fuzz.proto"}
JUNK = st.sampled_from(["", "", "", "", "\r", "\t", "\\", "'", '"', "{", "[", "\x00", "\u2028", "\ufeff", "#", "$("])

PYTHON_SNIPPETS = st.sampled_from([
    "", "import gitlab\ngl = gitlab.Gitlab()\n", "for runner in gl.runners.list():\n    print(runner.active)\n",
    "mr = project.mergerequests.get(1)\nwho = mr.merged_by\n",
    'requests.get(f"{api}/runners/all", params={"scope": "active"})\n', "x = runner.active == True\n",
    'project.approvals.update(require_password_to_approve=True)\n',
])
URLS = st.sampled_from(["$CI_API_V4_URL/runners?scope=active", "$CI_API_V4_URL/geo_nodes",
                        "https://gitlab.example.com/api/v4/projects/1/merge_requests/2", "${CI_API_V4_URL}/runners/7",
                        "$CI_API_V4_URL/runners/all?scope=paused&type=project_type", "/api/v4/geo_nodes/1/status"])
SHELL_WORDS = st.one_of(URLS, st.sampled_from([
    "curl", "-s", "-X", "PUT", "POST", "--form", "active=false", "-d", "paused=true", "--header", "PRIVATE-TOKEN: $T",
    "jq", "-r", ".[] | select(.active) | .id", ".merged_by.username", 'map(select(.status == "paused"))', "glab", "api",
    "wget", "-O", "out.json", "http", "GET", "echo", "x=1", "R=$(curl -s $U)", "<", ">", "2>&1", "<<<", "-F"]))
YAML_KEYS = st.sampled_from(["stages", "include", "variables", "script", "before_script", "job", ".hidden", "extends",
                             "local", "trigger", "interactions", "request", "response", "uri", "method", "body",
                             "string", "responses", "url", "<<", "default", "image"])
JSON_KEYS = st.sampled_from(["id", "active", "paused", "status", "runner_type", "is_shared", "description",
                             "merged_by", "merge_status", "detailed_merge_status", "approvers", "approver_groups",
                             "require_password_to_approve", "state", "username", "web_url"])
PROTO_NAMES = st.sampled_from(["Position", "Attitude", "Battery", "Extra", "timestamp", "latitude", "lon",
                               "altitude_agl", "altitude_msl", "yaw", "pitch", "roll", "value"])
PROTO_TYPES = st.sampled_from(["uint64", "double", "float", "int32", "string", "bool", "bytes", "Extra"])


def _junk(text_strategy: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """The text with a stray character inserted somewhere, now and then."""
    return st.builds(lambda text, junk, at: text[:at % (len(text) + 1)] + junk + text[at % (len(text) + 1):],
                     text_strategy, JUNK, st.integers(min_value=0))


# ---------------------------------------------------------------- python
def python_files() -> st.SearchStrategy[str]:
    programs = st.builds(lambda code, snippet: snippet + code, hypothesmith.from_grammar(), PYTHON_SNIPPETS)
    return st.one_of(programs, _junk(programs))


# ---------------------------------------------------------------- shell
def _quoted(word: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.one_of(word, word.map(lambda w: f'"{w}"'), word.map(lambda w: f"'{w}'"),
                     word.map(lambda w: f"$({w})"), word.map(lambda w: f"`{w}`"), word.map(lambda w: f"${{X:-{w}}}"))


def shell_commands() -> st.SearchStrategy[str]:
    command = st.lists(_quoted(SHELL_WORDS), min_size=1, max_size=8).map(" ".join)
    joiner = st.sampled_from([" ; ", " && ", " | ", "\n", " \\\n  ", " || "])
    return st.builds(lambda cmds, joins: "".join(c + j for c, j in zip(cmds, joins)),
                     st.lists(command, min_size=1, max_size=6), st.lists(joiner, min_size=6, max_size=6))


def shell_files() -> st.SearchStrategy[str]:
    heredoc = shell_commands().map(lambda body: f"cat <<EOF | sh\n{body}\nEOF\n")
    scripts = st.one_of(shell_commands(), heredoc, st.builds(lambda a, b: f"#!/bin/sh\n{a}\n{b}\n", shell_commands(), heredoc))
    return st.one_of(scripts, _junk(scripts))


# ---------------------------------------------------------------- YAML
def _yaml_scalar() -> st.SearchStrategy[str]:
    plain = st.one_of(shell_commands().map(lambda s: s.replace("\n", " ")), URLS, st.sampled_from(["true", "1", "~", "x"]))
    return st.one_of(plain, plain.map(json.dumps), plain.map(lambda s: "'" + s.replace("'", "''") + "'"))


def _yaml_value(depth: int) -> st.SearchStrategy[tuple]:
    """("scalar", text) | ("seq", [values]) | ("map", [(key, value)]) | ("flow", text)."""
    scalar = st.tuples(st.just("scalar"), _yaml_scalar())
    if depth == 0:
        return scalar
    inner = _yaml_value(depth - 1)
    return st.one_of(
        scalar,
        st.tuples(st.just("seq"), st.lists(inner, min_size=1, max_size=4)),
        st.tuples(st.just("map"), st.lists(st.tuples(YAML_KEYS, inner), min_size=1, max_size=4)),
        st.tuples(st.just("flow"), st.lists(_yaml_scalar(), max_size=3).map(lambda xs: "[" + ", ".join(xs) + "]")),
        st.tuples(st.just("block"), shell_commands()),
    )


def _emit(value: tuple, indent: int) -> str:
    """A value as block YAML after its key (`` x`` on the line, or the lines below)."""
    kind, body = value
    pad = " " * indent
    if kind in ("scalar", "flow"):
        return f" {body}\n"
    if kind == "block":
        return " |\n" + "".join(f"{pad}  {line}\n" for line in body.splitlines() or [""])
    if kind == "seq":
        return "\n" + "".join(f"{pad}-" + _emit(item, indent + 2) for item in body)
    return "\n" + "".join(f"{pad}{key}:" + _emit(item, indent + 2) for key, item in body)


def yaml_files() -> st.SearchStrategy[str]:
    documents = st.lists(st.tuples(YAML_KEYS, _yaml_value(3)), min_size=1, max_size=5).map(
        lambda pairs: "".join(f"{key}:" + _emit(value, 2) for key, value in pairs))
    return st.one_of(documents, _junk(documents))


# ---------------------------------------------------------------- JSON
def json_files() -> st.SearchStrategy[str]:
    scalars = st.one_of(st.booleans(), st.none(), st.integers(-5, 5), st.sampled_from(["active", "paused", "online"]), URLS)
    values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                           st.dictionaries(JSON_KEYS, inner, max_size=5)), max_leaves=25)
    texts = st.builds(lambda v, indent: json.dumps(v, indent=indent), values, st.sampled_from([None, 2]))
    return st.one_of(texts, _junk(texts))


# ---------------------------------------------------------------- proto
def _proto_field() -> st.SearchStrategy[str]:
    return st.builds(lambda label, kind, name, number, option: f"  {label}{kind} {name} = {number}{option};\n",
                     st.sampled_from(["required ", "optional ", "repeated ", ""]), PROTO_TYPES, PROTO_NAMES,
                     st.integers(0, 20), st.sampled_from(["", " [default = 1]", " [(x).y = {a: 1}]"]))


def _proto_message(depth: int) -> st.SearchStrategy[str]:
    members = [_proto_field(), st.just("  // a comment\n  reserved 9;\n"),
               st.builds(lambda n: f"  enum E {{ A = 0; B = {n}; }}\n", st.integers(1, 3))]
    if depth:
        members.append(_proto_message(depth - 1))
    return st.builds(lambda name, body: f"message {name} {{\n{''.join(body)}}}\n", PROTO_NAMES,
                     st.lists(st.one_of(members), max_size=6))


def proto_files() -> st.SearchStrategy[str]:
    files = st.builds(lambda syntax, package, messages: f'syntax = "{syntax}";\npackage {package};\n' + "".join(messages),
                      st.sampled_from(["proto2", "proto3"]), st.sampled_from(["service.telemetry", "other.pkg"]),
                      st.lists(_proto_message(2), max_size=5))
    return st.one_of(files, _junk(files))


STRATEGIES = {"python": python_files, "ci": yaml_files, "cassette": yaml_files, "shell": shell_files,
              "json": json_files, "proto": proto_files}


def _shape(findings) -> list[tuple]:
    return [(f.code, f.span, f.message, f.fix.applicability if f.fix else None) for f in findings]


def violation(text: str, kind: str, table) -> str | None:
    """What is wrong with how migrator handles this file, or None. An exception other than those
    the pipeline turns into findings propagates (the caller reports it)."""
    name = NAMES[kind]
    first = check_source(text, kind, name, table.rules, table).findings
    if _shape(first) != _shape(check_source(text, kind, name, table.rules, table).findings):
        return "findings differ between two checks of the same text"
    if any(f.code == "MIG999" for f in first):
        return None
    for unsafe in (False, True):
        result = fix_text(text, kind, name, table.rules, table, unsafe)
        if result.failure is not None:
            return f"fix (unsafe={unsafe}) failed: {result.failure}"
        problem = kinds.by_name(kind).parse_problem(result.text)
        rescanned = check_source(result.text, kind, name, table.rules, table).findings
        if problem is not None or any(f.code == "MIG999" for f in rescanned):
            return f"fix (unsafe={unsafe}) left a file that does not parse: {problem or 'MIG999'}"
    return None
